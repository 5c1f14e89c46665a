#pragma once

#include "core/model/Job.h"

#include <variant>

namespace fd {

// The last step of reading one dump, on what the readers made of it:
// - a file that decodes but holds nothing of a Flight Recorder dump (no version, pg_config, pg_status or
//   entries: "{}", "[]", a pickled empty dict) is refused as unreadable, with that reason. Read as a dump, it
//   would be a rank with nothing pending: a stopped_issuing culprit made of nothing.
// - strings that are not UTF-8 (Python's pickle refuses such a dump) are kept, shown as "\xNN"
//   (model/Utf8Text.h), and the dump gets a warning that says so.
// docs/dump-format.md, "Files that are not dumps" and "Strings that are not UTF-8".
std::variant<RankDump, LoadError> checkDumpContent(std::variant<RankDump, LoadError> read);

// The refusal alone, for convertDump(): the general decoder's path agrees with the loader's on what is a
// dump.
std::variant<RankDump, LoadError> refuseIfNoDump(std::variant<RankDump, LoadError> read);

} // namespace fd
