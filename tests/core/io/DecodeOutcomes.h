#pragma once

// What a decoder may do with random or damaged bytes: give a tree, or an error that says where in the input
// it is; never crash or hang. Counts both outcomes, so that a test can show its inputs reach both.
#include "core/io/DecodeResult.h"

#include <QString>

namespace fd::test {

struct DecodeOutcomes
{
    int decoded = 0;
    int refused = 0;

    // Empty when `r` is an allowed outcome for an input of `inputSize` bytes, else what is wrong with it.
    QString add(const DecodeResult& r, std::size_t inputSize)
    {
        if (r.ok()) {
            ++decoded;
            return {};
        }
        ++refused;
        if (r.error->message.empty())
            return QStringLiteral("an error without a message");
        if (r.error->offset > inputSize)
            return QStringLiteral("error offset %1 past the input's %2 bytes: %3")
                .arg(r.error->offset)
                .arg(inputSize)
                .arg(QString::fromStdString(r.error->message));
        return {};
    }
};

} // namespace fd::test
