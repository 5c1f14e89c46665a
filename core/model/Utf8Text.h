#pragma once

#include <QString>

#include <string_view>

namespace fd {

// Strict UTF-8 (RFC 3629): no overlong forms, no encoded surrogates, nothing beyond U+10FFFF. What Python's
// pickle accepts for a str, so a dump string that fails it is one Python itself would refuse.
bool isValidUtf8(std::string_view bytes);

// The bytes as text for a person: valid UTF-8 as it is, every byte outside a valid sequence as a visible
// "\xNN" (lower-case hex), so a damaged name never turns silently into U+FFFD or into another valid name
// (docs/dump-format.md, "Strings that are not UTF-8").
QString visibleText(std::string_view bytes);

} // namespace fd
