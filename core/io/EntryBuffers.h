#pragma once

#include "DetailLevel.h"
#include "core/model/Entry.h"

#include <cstddef>
#include <vector>

namespace fd {

// The entries of one file while a typed reader (PickleDumpReader, JsonDumpReader) reads them: into this
// thread's buffers, then copied out at their exact size. The job keeps every rank's entries, so no slack:
// reserving a guess in the file's own vectors and shrinking them left the guess's excess as a hole per file,
// which later allocations reused only in part (11 MB of free heap at 256 ranks with details,
// docs/performance.md). The buffers keep their capacity for the thread's next file, up to a few MB. One file
// at a time per thread.
class EntryBuffers
{
public:
    // `expected`: a guess at the file's entry count, reserved up front. `level`: what to keep beyond Entry.
    EntryBuffers(std::size_t expected, DetailLevel level);
    EntryBuffers(const EntryBuffers&) = delete;
    EntryBuffers& operator=(const EntryBuffers&) = delete;

    // Reads one entry with read(Entry&, EntryDetails&). All its details are kept (DetailLevel::Full), or they
    // are read into a local and only their times kept (Times), or dropped once sawTiming() has learnt from
    // them (None). A local, not a member: a member, its address known outside, had to be written back around
    // every call the reader makes. Inline: once per entry, in the readers' flattened loops.
    template <typename Read> void add(Read&& read)
    {
        Entry& entry = m_entries.emplace_back();
        if (m_level == DetailLevel::Full) {
            read(entry, m_details.emplace_back());
            return;
        }
        EntryDetails details;
        read(entry, details);
        if (m_level == DetailLevel::Times)
            m_times.push_back(details.times());
        else // as finishEntry() would tell from them
            m_sawTiming =
                m_sawTiming || details.hasDuration() || details.timeDiscoveredStartedNs != Entry::kNoTime;
    }
    // Some entry whose times were not kept had a duration or a start time.
    bool sawTiming() const { return m_sawTiming; }

    // The entries read, and their times and origins as far as kept, at their exact size.
    void moveTo(std::vector<Entry>& entries, std::vector<EntryTimes>& times,
                std::vector<EntryOrigin>& origins);

private:
    std::vector<Entry>& m_entries;        // this thread's
    std::vector<EntryDetails>& m_details; // at Full
    std::vector<EntryTimes>& m_times;     // at Times
    const DetailLevel m_level;
    bool m_sawTiming = false;
};

} // namespace fd
