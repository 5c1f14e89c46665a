#pragma once

#include <QString>

#include <cstdio>

namespace fd::cli {

// Text to stdout or stderr as UTF-8, flushed at once: capture and watch lines interleave with the report and
// with whatever a calling script prints.
void print(FILE* f, const QString& text);
void printLine(FILE* f, const QString& line); // print() plus a newline

} // namespace fd::cli
