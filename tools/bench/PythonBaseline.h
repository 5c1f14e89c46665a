#pragma once

#include <QString>
#include <QStringList>

#include <optional>

// The load speed's yardstick: Python's own pickle.load (json.load for JSON dumps) over the same files, timed
// in the same run as FlightDeck's loader so that the ratio, not the noisy absolute time, is what gets
// compared.
struct PythonBaseline
{
    double bestSeconds = 0; // best of `repeat` passes over every file
    int files = 0;
};

// Runs python3's `module`.load ("pickle" or "json") on each of `files` (nothing else: no analysis) `repeat`
// times. Empty when python3 is not on PATH or fails; `error` then says why.
std::optional<PythonBaseline> timePythonLoad(const QString& module, const QStringList& files, int repeat,
                                             QString& error);
