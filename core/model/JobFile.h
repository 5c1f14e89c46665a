#pragma once

#include "RankDump.h"

#include <QString>

#include <optional>

namespace fd {

// What became of one file that loading looked at, so a user can see what the analysis rests on.
enum class FileUse : std::uint8_t
{
    Used,       // read: its dump is part of the job
    Skipped,    // not read (another name, a second file for a rank, not a dump name, ...): see reason
    Unreadable, // meant to be read, but it could not be (see the job's errors)
    Partial, // read up to where it ends early: its entries before the cut are viewable, its rank not judged
};

struct JobFile
{
    QString path;         // as errors name it: a file on disk, or "<archive>/<member>"
    QString relativePath; // below the folder or archive that was opened
    int rank = -1;        // from the name; -1 when it carries none
    qint64 size = -1;     // bytes; -1 when unknown
    FileUse use = FileUse::Skipped;
    std::optional<DumpFormat> format; // set for files that were read
    QString reason;                   // why it was skipped or could not be read
};

} // namespace fd
