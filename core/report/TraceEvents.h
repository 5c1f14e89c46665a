#pragma once

#include <QString>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace fd {

// The "args" of one trace event: keys in the order added, integer or string values.
class TraceArgs
{
public:
    TraceArgs& add(const char* key, std::int64_t value)
    {
        m_items.emplace_back(key, value);
        return *this;
    }
    TraceArgs& add(const char* key, const QString& value)
    {
        m_items.emplace_back(key, value.toStdString());
        return *this;
    }
    const auto& items() const { return m_items; }

private:
    std::vector<std::pair<const char*, std::variant<std::int64_t, std::string>>> m_items;
};

// Writes Chrome trace-event JSON ({"traceEvents": [...], "displayTimeUnit", "otherData"}) event by event,
// handing the text to `sink` in chunks of about a megabyte, so that a trace of millions of events is never
// held whole. Times are microseconds, as the format has them.
class TraceEventWriter
{
public:
    using Sink = std::function<bool(std::string_view)>; // false: the write failed
    explicit TraceEventWriter(Sink sink);

    void processName(int pid, const QString& name); // and its sort index, the pid
    void threadName(int pid, int tid, const QString& name, int sortIndex);
    void complete(const QString& name, const char* category, int pid, int tid, double ts, double dur,
                  const TraceArgs& args); // "ph": "X"
    void instant(const QString& name, const char* category, int pid, int tid, double ts,
                 const TraceArgs& args);
    // A flow arrow ("s" then "f", bound to the slices enclosing each end).
    void flow(std::size_t id, int fromPid, int fromTid, double fromTs, int toPid, int toTid, double toTs);
    // Closes the event list and writes `metadata` as "otherData".
    void finish(const TraceArgs& metadata);

    std::size_t count() const { return m_events; } // events written, metadata events included
    std::uint64_t bytes() const { return m_bytes; }
    bool ok() const { return m_ok; }

private:
    void begin(std::string_view ph, const QString& name, const char* category, int pid, int tid);
    void number(double us);
    void quoted(std::string_view text);
    void args(const TraceArgs& args);
    void members(const TraceArgs& items); // "key":value,... (no braces)
    // Two metadata events of one track: "<track>_name" and "<track>_sort_index".
    void nameAndOrder(const char* track, int pid, int tid, const QString& name, int sortIndex);
    // One end of a flow arrow: `extra` goes before its "id" and "ts".
    void flowEnd(std::string_view ph, std::string_view extra, std::size_t id, int pid, int tid, double ts);
    void end();
    void flush();

    Sink m_sink;
    std::string m_buffer;
    std::size_t m_events = 0;
    std::uint64_t m_bytes = 0;
    bool m_ok = true;
};

} // namespace fd
