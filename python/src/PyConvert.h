#pragma once

#include <nanobind/nanobind.h>
#include <nlohmann/json.hpp>

#include <QString>
#include <QStringList>

#include <cstdint>
#include <string>
#include <vector>

namespace fd::py {

namespace nb = nanobind;

// Conversions of the core's values to Python objects. Call with the GIL held.
nb::str toPy(const QString& text);
nb::list toPy(const QStringList& texts);
nb::list toPy(const std::vector<int>& values);
// The report's JSON as json.loads() reads the CLI's text of it: objects become dicts (keys in the order the
// writer keeps them), arrays lists, numbers int or float.
nb::object toPy(const nlohmann::json& value);
// An index into the analysis' process groups, or a seq, that may be absent: None then.
nb::object optionalIndex(std::uint32_t index, std::uint32_t absent);
nb::object optionalSeq(std::int64_t seq, std::int64_t absent);

QString toQString(const std::string& utf8);

} // namespace fd::py
