#include "TreeToPython.h"

#include "core/exporting/ValueJsonWriter.h"

#include <cmath>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace fd::py {

namespace {

using Ref = ValueTree::Ref;
using Kind = ValueTree::Kind;

// Dict keys shorter than this share one str object per text, as json.loads does with its key memo: a dump
// repeats the same twenty keys in every entry.
constexpr std::size_t kSharedKeyLength = 64;

class Converter
{
public:
    explicit Converter(const ValueTree& tree) : m_tree(tree), m_memo(tree.nodeCount(), nullptr) {}
    ~Converter()
    {
        for (PyObject* o : m_memo)
            Py_XDECREF(o);
        for (auto& [text, key] : m_keys)
            Py_DECREF(key);
    }
    Converter(const Converter&) = delete;
    Converter& operator=(const Converter&) = delete;

    // A new reference, or nullptr with error() (or a Python exception) set.
    PyObject* value(Ref r, int level);
    const std::string& error() const { return m_error; }

private:
    struct Built
    {
        PyObject* object;
        int height; // levels of containers below and including it; 0 for scalars
    };

    PyObject* fail(std::string message)
    {
        if (m_error.empty())
            m_error = std::move(message);
        return nullptr;
    }
    PyObject* string(std::string_view utf8)
    {
        return PyUnicode_DecodeUTF8(utf8.data(), Py_ssize_t(utf8.size()), "surrogateescape");
    }
    PyObject* key(Ref r, int level);
    PyObject* container(Ref r, int level);
    PyObject* viaJson(Ref r); // bytes: the writer's JSON text, read back by json.loads
    PyObject* bigInt(std::string_view littleEndian);

    const ValueTree& m_tree;
    std::vector<PyObject*>
        m_memo;                 // by Ref: strings and finished containers, shared as the pickle shares them
    std::vector<int> m_heights; // by Ref, for memoised containers
    std::unordered_map<std::string_view, PyObject*> m_keys;
    std::string m_error;
};

PyObject* Converter::value(Ref r, int level)
{
    switch (m_tree.kind(r)) {
    case Kind::None:
        Py_RETURN_NONE;
    case Kind::Bool:
        return PyBool_FromLong(m_tree.toBool(r) ? 1 : 0);
    case Kind::Int:
        return PyLong_FromLongLong(m_tree.toInt(r));
    case Kind::BigInt:
        return bigInt(m_tree.bytes(r));
    case Kind::Float: {
        const double d = m_tree.toFloat(r);
        if (std::isnan(d))
            return PyUnicode_FromString("NaN");
        if (std::isinf(d))
            return PyUnicode_FromString(d > 0 ? "Infinity" : "-Infinity");
        return PyFloat_FromDouble(d);
    }
    case Kind::String:
        if (PyObject* seen = m_memo[r]) {
            Py_INCREF(seen);
            return seen;
        }
        if (PyObject* s = string(m_tree.bytes(r))) {
            Py_INCREF(s);
            m_memo[r] = s;
            return s;
        }
        return nullptr;
    case Kind::Bytes:
        return viaJson(r);
    case Kind::List:
    case Kind::Tuple:
    case Kind::Dict:
        return container(r, level);
    }
    return fail("unknown value kind");
}

PyObject* Converter::container(Ref r, int level)
{
    const auto tooDeep = [this] {
        return fail("values nest deeper than " + std::to_string(ValueTree::kMaxDepth) +
                    " levels (or a container contains itself)");
    };
    if (PyObject* seen = m_memo[r]) {
        // The JSON writer would write it again here, this many levels further down.
        if (level + m_heights[r] > ValueTree::kMaxDepth)
            return tooDeep();
        Py_INCREF(seen);
        return seen;
    }
    if (level >= ValueTree::kMaxDepth)
        return tooDeep();
    const std::uint32_t n = m_tree.count(r);
    int height = 1;
    const auto childHeight = [&](Ref child) {
        const Kind k = m_tree.kind(child);
        if (k == Kind::List || k == Kind::Tuple || k == Kind::Dict)
            height = std::max(height, 1 + m_heights[child]);
    };
    if (m_heights.empty())
        m_heights.assign(m_tree.nodeCount(), 0);
    PyObject* out = nullptr;
    if (m_tree.kind(r) == Kind::Dict) {
        out = PyDict_New();
        if (!out)
            return nullptr;
        for (std::uint32_t i = 0; i < n; ++i) {
            PyObject* k = key(m_tree.key(r, i), level + 1);
            PyObject* v = k ? value(m_tree.value(r, i), level + 1) : nullptr;
            const int rc = v ? PyDict_SetItem(out, k, v) : -1;
            Py_XDECREF(k);
            Py_XDECREF(v);
            if (rc < 0) {
                Py_DECREF(out);
                return nullptr;
            }
            childHeight(m_tree.value(r, i));
        }
    } else {
        out = PyList_New(Py_ssize_t(n));
        if (!out)
            return nullptr;
        for (std::uint32_t i = 0; i < n; ++i) {
            PyObject* v = value(m_tree.item(r, i), level + 1);
            if (!v) {
                Py_DECREF(out);
                return nullptr;
            }
            PyList_SET_ITEM(out, Py_ssize_t(i), v); // steals v
            childHeight(m_tree.item(r, i));
        }
    }
    m_heights[r] = height;
    Py_INCREF(out);
    m_memo[r] = out;
    return out;
}

PyObject* Converter::key(Ref r, int level)
{
    if (m_tree.kind(r) != Kind::String) {
        // JSON keys are strings: the key's compact JSON text, as the writer puts it (docs/dump-json.md).
        ValueJsonOptions compact;
        compact.indent = 0;
        const ValueJsonResult text = valueToJson(m_tree, r, compact);
        if (text.error)
            return fail(*text.error);
        (void)level;
        return string(text.json);
    }
    const std::string_view text = m_tree.bytes(r);
    if (text.size() >= kSharedKeyLength)
        return value(r, level);
    if (const auto it = m_keys.find(text); it != m_keys.end()) {
        Py_INCREF(it->second);
        return it->second;
    }
    PyObject* s = string(text);
    if (!s)
        return nullptr;
    Py_INCREF(s);
    m_keys.emplace(text, s);
    return s;
}

PyObject* Converter::viaJson(Ref r)
{
    ValueJsonOptions compact;
    compact.indent = 0;
    const ValueJsonResult text = valueToJson(m_tree, r, compact);
    if (text.error)
        return fail(*text.error);
    static PyObject* loads = nullptr; // json.loads, looked up once; the GIL guards this
    if (!loads) {
        PyObject* json = PyImport_ImportModule("json");
        if (!json)
            return nullptr;
        loads = PyObject_GetAttrString(json, "loads");
        Py_DECREF(json);
        if (!loads)
            return nullptr;
    }
    return PyObject_CallFunction(loads, "s#", text.json.data(), Py_ssize_t(text.json.size()));
}

PyObject* Converter::bigInt(std::string_view littleEndian)
{
    // int.from_bytes: exact at any length, without Python's limit on converting long decimal strings.
    PyObject* bytes = PyBytes_FromStringAndSize(littleEndian.data(), Py_ssize_t(littleEndian.size()));
    if (!bytes)
        return nullptr;
    PyObject* result =
        PyObject_CallMethod(reinterpret_cast<PyObject*>(&PyLong_Type), "from_bytes", "Os", bytes, "little");
    Py_DECREF(bytes);
    if (!result)
        return nullptr;
    // Read unsigned above; the sign is the top bit of the last byte (two's complement).
    if (!littleEndian.empty() && (static_cast<unsigned char>(littleEndian.back()) & 0x80)) {
        PyObject* one = PyLong_FromLong(1);
        PyObject* shift = PyLong_FromSize_t(littleEndian.size() * 8);
        PyObject* modulus = one && shift ? PyNumber_Lshift(one, shift) : nullptr;
        PyObject* negative = modulus ? PyNumber_Subtract(result, modulus) : nullptr;
        Py_XDECREF(one);
        Py_XDECREF(shift);
        Py_XDECREF(modulus);
        Py_DECREF(result);
        result = negative;
    }
    return result;
}

} // namespace

TreeObject treeToPython(const ValueTree& tree)
{
    TreeObject out;
    if (!tree.isValid(tree.root())) {
        out.error = "there is no value to read";
        return out;
    }
    Converter converter(tree);
    PyObject* root = converter.value(tree.root(), 0);
    if (!root) {
        if (PyErr_Occurred())
            throw nb::python_error();
        out.error = converter.error();
        return out;
    }
    out.value = nb::steal(root);
    return out;
}

} // namespace fd::py
