#include "RankLists.h"

#include <algorithm>
#include <charconv>
#include <functional>

namespace fd {

namespace {

// "[0, 1, 2]" -> {0, 1, 2}. Also accepts "[]" and whitespace variations.
bool parseRankList(std::string_view text, std::vector<int>& out)
{
    out.clear();
    std::size_t i = 0;
    auto skip = [&] {
        while (i < text.size() && (text[i] == ' ' || text[i] == ','))
            ++i;
    };
    while (i < text.size() && text[i] == ' ')
        ++i;
    if (i >= text.size() || text[i] != '[')
        return false;
    ++i;
    for (;;) {
        skip();
        if (i < text.size() && text[i] == ']')
            return true;
        int v = 0;
        auto [p, ec] = std::from_chars(text.data() + i, text.data() + text.size(), v);
        if (ec != std::errc() || v < 0)
            return false;
        out.push_back(v);
        i = static_cast<std::size_t>(p - text.data());
    }
}

// A hash of the text's length, ends and a few evenly spaced samples: hashing all ~100 KB of the default PG's
// text in every file cost more than comparing it (memcmp runs several times faster), and lists that share
// ends and samples but differ elsewhere are still told apart by the comparison.
std::size_t sampledHash(std::string_view text)
{
    constexpr std::size_t kEnds = 64, kSamples = 32, kSampleBytes = 8;
    if (text.size() <= 2 * kEnds + kSamples * kSampleBytes)
        return std::hash<std::string_view>()(text);
    std::string key;
    key.reserve(2 * kEnds + kSamples * kSampleBytes + sizeof(std::size_t));
    key.append(text.substr(0, kEnds));
    key.append(text.substr(text.size() - kEnds));
    const std::size_t step = (text.size() - kSampleBytes) / kSamples;
    for (std::size_t i = 0; i < kSamples; ++i)
        key.append(text.substr(i * step, kSampleBytes));
    const std::size_t size = text.size();
    key.append(reinterpret_cast<const char*>(&size), sizeof size);
    return std::hash<std::string>()(key);
}

} // namespace

std::optional<RankListId> RankLists::fromText(std::string_view text)
{
    const std::size_t hash = sampledHash(text);
    // The candidates are taken under the lock and compared after it: a compare of the default PG's ~100 KB
    // per file held the other loader thread up. Texts are never changed or removed once in, and a multimap's
    // elements stay where they are when others are added.
    std::vector<const std::pair<std::string, RankListId>*> candidates;
    {
        std::lock_guard lock(m_textMutex);
        auto [begin, end] = m_byText.equal_range(hash);
        for (auto it = begin; it != end; ++it)
            candidates.push_back(&it->second);
    }
    for (const auto* candidate : candidates)
        if (candidate->first == text)
            return candidate->second;
    // Two threads that miss at once both parse; they get the same id, and the text is kept twice.
    std::vector<int> ranks;
    if (!parseRankList(text, ranks))
        return std::nullopt;
    const RankListId id = fromRanks(std::move(ranks));
    std::lock_guard lock(m_textMutex);
    m_byText.emplace(hash, std::pair{std::string(text), id});
    return id;
}

RankListId RankLists::fromRanks(std::vector<int> ranks)
{
    // PyTorch writes the lists sorted: sort only what is not.
    if (!std::is_sorted(ranks.begin(), ranks.end()))
        std::sort(ranks.begin(), ranks.end());
    ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
    return m_lists.intern(ranks);
}

std::size_t RankLists::memoryUsage() const
{
    std::lock_guard lock(m_textMutex);
    std::size_t n = m_lists.memoryUsage();
    for (const auto& [hash, textAndId] : m_byText)
        n += textAndId.first.capacity() + 48;
    return n;
}

} // namespace fd
