#include "AnalyseBinding.h"
#include "LoadBinding.h"

#include <nanobind/stl/string.h>

// The compiled half of the flightdeck package. Its Python half (python/flightdeck/__init__.py) gives it the
// documented shapes: Result, Job, Dump, LoadError. docs/python.md.
NB_MODULE(_flightdeck, m)
{
    m.doc() =
        "FlightDeck's core (load, analyse, report) for Python; use the flightdeck package, not this module.";
    m.attr("version") = FLIGHTDECK_VERSION;
    fd::py::bindAnalyse(m);
    fd::py::bindLoad(m);
}
