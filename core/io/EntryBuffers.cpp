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

} // namespace

EntryBuffers::EntryBuffers(std::size_t expected, bool keepDetails)
    : m_entries(threadEntries()), m_details(threadDetails()), m_keepDetails(keepDetails)
{
    m_entries.clear();
    m_details.clear();
    m_entries.reserve(expected);
    if (m_keepDetails)
        m_details.reserve(expected);
}

void EntryBuffers::moveTo(std::vector<Entry>& entries, std::vector<EntryDetails>& details)
{
    entries.assign(m_entries.begin(), m_entries.end());
    details.assign(m_details.begin(), m_details.end());
    if (m_entries.capacity() * sizeof(Entry) + m_details.capacity() * sizeof(EntryDetails) > kKeptBufferBytes) {
        std::vector<Entry>().swap(m_entries); // a thread that read one huge file does not hold its size for good
        std::vector<EntryDetails>().swap(m_details);
    }
}

} // namespace fd
