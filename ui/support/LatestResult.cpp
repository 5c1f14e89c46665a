#include "LatestResult.h"

namespace fd {

namespace {
std::atomic<int> g_inFlight{0};
// A 16-rank job with 2000 entries per rank (32k entries) lays out in a few milliseconds; 256 ranks do not.
constexpr std::size_t kInlineEntries = 64 * 1024;
} // namespace

int backgroundTasksInFlight()
{
    return g_inFlight.load();
}

bool fitsInline(std::size_t entries)
{
    return entries <= kInlineEntries;
}

detail::InFlight::InFlight()
{
    ++g_inFlight;
}

detail::InFlight::~InFlight()
{
    --g_inFlight;
}

} // namespace fd
