#pragma once

#include <nanobind/nanobind.h>

#include <string>

namespace fd::py {

namespace nb = nanobind;

// flightdeck.load()'s native half: the job as the CLI's loader sees it (which files, which ranks are missing,
// what could not be read) and every readable dump decoded again into Python objects (TreeToPython.h).
// Decoding runs without the GIL, in parallel; only the conversion into Python objects holds it. Nothing is
// executed: the decoders refuse every opcode that would import or call code (docs/dump-json.md).
nb::dict load(const std::string& frPath, const std::string& pattern);

void bindLoad(nb::module_& m);

} // namespace fd::py
