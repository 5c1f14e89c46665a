#pragma once

#include <nlohmann/json.hpp>

#include <QString>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fd {

// Where the report's writer (ReportJson.cpp) puts what it writes, one call per key and value, so that the
// schema is spelt out once for both of its forms: a nlohmann::json (JsonDom: the LLM findings, the tests) and
// the file's text (JsonText). A 16384-rank report holds a million values; built as a tree first, with a map
// node per key, it would cost the CLI as long as loading the dumps (docs/performance.md).
// Keys of an object come in the order nlohmann::json keeps them (std::map's: byte order): the text is then
// the tree's dump(2), byte for byte.
class JsonSink
{
public:
    virtual ~JsonSink() = default;

    virtual void beginObject() = 0;
    virtual void endObject() = 0;
    virtual void beginArray() = 0;
    virtual void endArray() = 0;
    virtual void key(std::string_view name) = 0;

    virtual void null() = 0;
    virtual void boolean(bool value) = 0;
    virtual void integer(std::int64_t value) = 0;
    virtual void unsignedInteger(std::uint64_t value) = 0;
    virtual void floating(double value) = 0;
    virtual void string(std::string_view value) = 0;

    // Shorthands for the report's fields.
    void string(const QString& value) { string(std::string_view(value.toStdString())); }
    void integers(const std::vector<int>& values);
    void integers(const std::vector<std::uint32_t>& values);
    template <typename T> void field(std::string_view name, const T& value)
    {
        key(name);
        write(value);
    }
    // "name": [{...}, ...], one object per item, whose fields writeFields(item) writes.
    template <typename Items, typename WriteFields>
    void objects(std::string_view name, const Items& items, WriteFields writeFields)
    {
        key(name);
        beginArray();
        for (const auto& item : items) {
            beginObject();
            writeFields(item);
            endObject();
        }
        endArray();
    }

private:
    void write(bool v) { boolean(v); }
    void write(int v) { integer(v); }
    void write(std::int64_t v) { integer(v); }
    void write(std::uint32_t v) { unsignedInteger(v); }
    void write(std::uint64_t v) { unsignedInteger(v); }
    void write(double v) { floating(v); }
    void write(const char* v) { string(std::string_view(v)); }
    void write(std::string_view v) { string(v); }
    void write(const std::string& v) { string(std::string_view(v)); }
    void write(const QString& v) { string(v); }
    void write(const std::vector<int>& v) { integers(v); }
    void write(const std::vector<std::uint32_t>& v) { integers(v); }
};

// Builds the nlohmann::json the calls describe.
class JsonDom final : public JsonSink
{
public:
    void beginObject() override { open(nlohmann::json::object()); }
    void endObject() override { close(); }
    void beginArray() override { open(nlohmann::json::array()); }
    void endArray() override { close(); }
    void key(std::string_view name) override { m_key = name; }
    void null() override { put(nullptr); }
    void boolean(bool value) override { put(value); }
    void integer(std::int64_t value) override { put(value); }
    void unsignedInteger(std::uint64_t value) override { put(value); }
    void floating(double value) override { put(value); }
    void string(std::string_view value) override { put(std::string(value)); }
    using JsonSink::string;

    nlohmann::json take() { return std::move(m_root); }

private:
    void put(nlohmann::json value);
    void open(nlohmann::json empty);
    void close() { m_open.pop_back(); }

    nlohmann::json m_root;
    std::vector<nlohmann::json*> m_open; // the containers being filled, innermost last
    std::string m_key;
};

// Writes the text nlohmann::json::dump(2) would write for the same tree, without building it.
class JsonText final : public JsonSink
{
public:
    explicit JsonText(std::string& out) : m_out(out) {}

    void beginObject() override { open('{'); }
    void endObject() override { close('}'); }
    void beginArray() override { open('['); }
    void endArray() override { close(']'); }
    void key(std::string_view name) override;
    void null() override { scalar("null"); }
    void boolean(bool value) override { scalar(value ? "true" : "false"); }
    void integer(std::int64_t value) override;
    void unsignedInteger(std::uint64_t value) override;
    void floating(double value) override;
    void string(std::string_view value) override;
    using JsonSink::string;

private:
    struct Level
    {
        bool empty = true;
        std::string lastKey; // debug builds check the order of keys
    };
    void beforeValue(); // the separator and indentation an array item needs; nothing after a key
    void scalar(std::string_view text);
    void open(char bracket);
    void close(char bracket);
    void newline(std::size_t depth);
    void quoted(std::string_view text);

    std::string& m_out;
    std::vector<Level> m_levels;
    bool m_afterKey = false;
};

} // namespace fd
