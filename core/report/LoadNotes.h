#pragma once

#include <QStringList>

namespace fd {

class Job;

// What the loader noted beside its errors, for every output (the report's job.warnings, the text output's
// "note:" lines): the job's own notes (names inferred, files skipped, ranks proven by their contents), then
// each dump's warnings (unknown keys, a newer schema, strings that are not UTF-8), each naming its file. A
// warning that many dumps share is one line naming a few of them, so a job of 4096 ranks of a newer schema
// says so once.
QStringList loaderNotes(const Job& job);

} // namespace fd
