#include "PyConvert.h"

namespace fd::py {

namespace {

nb::str utf8ToPy(const char* data, std::size_t size)
{
    // Text the core made is valid UTF-8; "replace" keeps a path with a stray byte printable rather than
    // failing.
    PyObject* s = PyUnicode_DecodeUTF8(data, Py_ssize_t(size), "replace");
    if (!s)
        throw nb::python_error();
    return nb::steal<nb::str>(s);
}

} // namespace

nb::str toPy(const QString& text)
{
    const QByteArray utf8 = text.toUtf8();
    return utf8ToPy(utf8.constData(), std::size_t(utf8.size()));
}

nb::list toPy(const QStringList& texts)
{
    nb::list out;
    for (const QString& t : texts)
        out.append(toPy(t));
    return out;
}

nb::list toPy(const std::vector<int>& values)
{
    nb::list out;
    for (int v : values)
        out.append(nb::int_(v));
    return out;
}

nb::object toPy(const nlohmann::json& value)
{
    switch (value.type()) {
    case nlohmann::json::value_t::null:
    case nlohmann::json::value_t::discarded:
        return nb::none();
    case nlohmann::json::value_t::boolean:
        return nb::bool_(value.get<bool>());
    case nlohmann::json::value_t::number_integer:
        return nb::steal(PyLong_FromLongLong(value.get<std::int64_t>()));
    case nlohmann::json::value_t::number_unsigned:
        return nb::steal(PyLong_FromUnsignedLongLong(value.get<std::uint64_t>()));
    case nlohmann::json::value_t::number_float:
        return nb::float_(value.get<double>());
    case nlohmann::json::value_t::string: {
        const auto& s = value.get_ref<const std::string&>();
        return utf8ToPy(s.data(), s.size());
    }
    case nlohmann::json::value_t::binary:
        break; // the report writes none
    case nlohmann::json::value_t::array: {
        nb::list out;
        for (const auto& item : value)
            out.append(toPy(item));
        return out;
    }
    case nlohmann::json::value_t::object: {
        nb::dict out;
        for (auto it = value.begin(); it != value.end(); ++it)
            out[utf8ToPy(it.key().data(), it.key().size())] = toPy(it.value());
        return out;
    }
    }
    return nb::none();
}

nb::object optionalIndex(std::uint32_t index, std::uint32_t absent)
{
    return index == absent ? nb::none() : nb::object(nb::int_(index));
}

nb::object optionalSeq(std::int64_t seq, std::int64_t absent)
{
    return seq == absent ? nb::none() : nb::steal(PyLong_FromLongLong(seq));
}

QString toQString(const std::string& utf8)
{
    return QString::fromUtf8(utf8.data(), qsizetype(utf8.size()));
}

} // namespace fd::py
