#include "EntryBuffers.h"

namespace fd {

namespace {

// What a thread may keep allocated between files: several times what PyTorch's default ring buffer (2000
// entries) needs, details included.
constexpr std::size_t kKeptBufferBytes = std::size_t(2) << 20;

std::vector<Entry>& threadEntries()
{
    thread_local std::vector<Entry> entries;
    return entries;
}

std::vector<EntryDetails>& threadDetails()
{
    thread_local std::vector<EntryDetails> details;
    return details;
}

std::vector<EntryTimes>& threadTimes()
{
    thread_local std::vector<EntryTimes> times;
    return times;
}

} // namespace

EntryBuffers::EntryBuffers(std::size_t expected, DetailLevel level)
    : m_entries(threadEntries()), m_details(threadDetails()), m_times(threadTimes()), m_level(level)
{
    m_entries.clear();
    m_details.clear();
    m_times.clear();
    m_entries.reserve(expected);
    if (m_level == DetailLevel::Full)
        m_details.reserve(expected);
    else if (m_level == DetailLevel::Times)
        m_times.reserve(expected);
}

void EntryBuffers::moveTo(std::vector<Entry>& entries, std::vector<EntryTimes>& times,
                          std::vector<EntryOrigin>& origins)
{
    entries.assign(m_entries.begin(), m_entries.end());
    if (m_level == DetailLevel::Full) {
        times.resize(m_details.size());
        origins.resize(m_details.size());
        for (std::size_t i = 0; i < m_details.size(); ++i) {
            times[i] = m_details[i].times();
            origins[i] = m_details[i].origin();
        }
    } else {
        times.assign(m_times.begin(), m_times.end());
    }
    if (m_entries.capacity() * sizeof(Entry) + m_details.capacity() * sizeof(EntryDetails) +
            m_times.capacity() * sizeof(EntryTimes) >
        kKeptBufferBytes) {
        std::vector<Entry>().swap(
            m_entries); // a thread that read one huge file does not hold its size for good
        std::vector<EntryDetails>().swap(m_details);
        std::vector<EntryTimes>().swap(m_times);
    }
}

} // namespace fd
