#include "EntrySchema.h"

#include "core/model/JobPools.h"

#include <iterator>
#include <string>
#include <unordered_map>
#include <utility>

namespace fd {

namespace {

// Every entry key of every schema version and the field it fills: the one table both directions read.
constexpr std::pair<std::string_view, EntryField> kEntryKeys[] = {
    {"frames", EntryField::Frames},
    {"record_id", EntryField::RecordId},
    {"pg_id", EntryField::PgId},
    {"process_group", EntryField::ProcessGroup},
    {"thread_name", EntryField::ThreadName},
    {"thread_id", EntryField::ThreadId},
    {"collective_seq_id", EntryField::CollectiveSeqId},
    {"p2p_seq_id", EntryField::P2pSeqId},
    {"op_id", EntryField::OpId},
    {"profiling_name", EntryField::ProfilingName},
    {"time_created_ns", EntryField::TimeCreatedNs},
    {"duration_ms", EntryField::DurationMs},
    {"input_sizes", EntryField::InputSizes},
    {"input_dtypes", EntryField::InputDtypes},
    {"output_sizes", EntryField::OutputSizes},
    {"output_dtypes", EntryField::OutputDtypes},
    {"state", EntryField::State},
    {"time_discovered_started_ns", EntryField::TimeDiscoveredStartedNs},
    {"time_discovered_completed_ns", EntryField::TimeDiscoveredCompletedNs},
    {"retired", EntryField::Retired},
    {"timeout_ms", EntryField::TimeoutMs},
    {"is_p2p", EntryField::IsP2p},
    {"seq_id", EntryField::SeqId},
    {"time_created_us", EntryField::TimeCreatedUs},
};

} // namespace

EntryField entryFieldFor(std::string_view key)
{
    static const std::unordered_map<std::string_view, EntryField> fields(std::begin(kEntryKeys),
                                                                         std::end(kEntryKeys));
    auto it = fields.find(key);
    return it == fields.end() ? EntryField::Unknown : it->second;
}

const char* entryFieldName(EntryField field)
{
    for (const auto& [key, f] : kEntryKeys)
        if (f == field)
            return key.data(); // the literals above end in a NUL
    return "?";
}

EntryState entryStateFor(std::string_view s)
{
    if (s == "completed")
        return EntryState::Completed;
    if (s == "scheduled")
        return EntryState::Scheduled;
    if (s == "started")
        return EntryState::Started;
    return EntryState::Unknown;
}

std::int64_t microsToNanos(std::int64_t us)
{
    std::int64_t ns;
    if (us == Entry::kNoTime || __builtin_mul_overflow(us, std::int64_t(1000), &ns))
        return Entry::kNoTime;
    return ns;
}

void finishEntry(const Entry& e, const EntryTimes& t, StackId frames, RankDump& dump)
{
    if (e.state == EntryState::Started || t.hasDuration() || t.timeDiscoveredStartedNs != Entry::kNoTime)
        dump.hasTiming = true;
    if (frames != 0)
        dump.hasStackTraces = true;
}

EntryPg withPgName(EntryPg named, JobPools& pools)
{
    if (named.name == 0 && named.localId >= 0) {
        // Before 2.0 entries carry only the pg id, which is also the pg_config key.
        named.name = pools.strings.intern(std::to_string(named.localId));
    }
    return named;
}

} // namespace fd
