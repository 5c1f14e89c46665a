#pragma once

#include "Entry.h"
#include "EntryWindow.h"
#include "RankLists.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace fd {

enum class DumpFormat : std::uint8_t
{
    Pickle,
    Json
};

// One pg_config item: a process group this rank belongs to.
struct PgConfig
{
    StrId name = 0;
    StrId desc = 0;
    RankListId ranks =
        0; // global ranks (JobPools::rankLists), from the "[0, 1, 2]" string or the 1.x int list
    std::uint32_t pgIndex = Entry::kNoPgIndex; // index into Job::processGroups()
};

// One pg_status item: how far this rank got in one of its PGs.
struct PgStatus
{
    std::int32_t localPgId = -1; // the key of pg_status: the rank-local pg id, not the name
    std::int64_t lastEnqueued = -1;
    std::int64_t lastStarted = -1;
    std::int64_t lastCompleted = -1;
    std::uint32_t pgIndex =
        Entry::kNoPgIndex;   // resolved through this rank's entries, else inferred; may stay unknown
    bool pgInferred = false; // true when pgIndex was inferred from other ranks (no own entry)
};

// NVRx's health_check_results: one item per component ("gpu", "nic", ...).
struct HealthCheck
{
    QString component;
    QString status; // "Healthy", "Failed", ...
    QString output;
    bool healthy() const { return status.compare(QLatin1String("Healthy"), Qt::CaseInsensitive) == 0; }
};

// Everything one rank's dump file says.
struct RankDump
{
    int rank = -1;
    QString filePath;
    // The host the file's name or folder names (docs/attribution.md, "The host"); empty when they name none.
    // Written by the assembler only (io/JobHosts.h), never by a reader.
    QString host;
    std::uint64_t fileSize = 0;
    DumpFormat format = DumpFormat::Pickle;

    QString version; // "2.10"; empty for the list-shaped 2.2-era dumps
    int versionMajor = 0;
    int versionMinor = 0;
    QString commLibVersion; // comm_lib_version or nccl_version
    std::vector<PgConfig> pgConfigs;
    std::vector<PgStatus> pgStatus;
    std::vector<Entry> entries; // oldest first: the file's entries that `window` keeps
    EntryWindow window;         // what of the file's entries `entries` holds
    RankActivity activity;      // all the file's entries over time, kept or not
    // times[i] and origins[i] belong to entries[i]. Each is empty when the job was loaded without it
    // (LoadOptions::details): the CLI keeps neither, the GUI only the times.
    std::vector<EntryTimes> times;
    std::vector<EntryOrigin> origins;
    std::vector<HealthCheck> health; // empty when the dump carries none
    bool hasEntriesKey = true;       // false when collectives were excluded from the dump
    bool hasStackTraces = false;
    // The loader left the entries' origins (op id, thread, stack, timeout) in the file (DetailLevel::Times):
    // readRankOrigins() (io/RankOrigins.h) reads them again when a person asks for them.
    bool originsInFile = false;
    // For a member of an archive (filePath is then "<archive>/<member>"): where to read it again.
    QString archivePath;
    QString archiveMember;
    bool hasTiming = false;     // some entry reached "started" or carries duration_ms
    QStringList warnings;       // unknown keys, newer schema, odd values: kept, loading went on
    int invalidUtf8Strings = 0; // strings that are not UTF-8 (Python refuses them), shown as "\xNN"
    // The file ends early (the rank was killed while dumping): what was decoded before the cut is here, and
    // the job lists the cut as a load error. The analysis does not judge such a rank (docs/attribution.md).
    bool partial = false;
    std::uint64_t cutOffset = 0;
    QString cutMessage;

    // Every entry the rank recorded since its first (record 0) is here: neither its ring buffer rolled over
    // nor the window left any out. A seq its entries do not show was then never issued.
    bool holdsFromFirstRecord() const
    {
        return window.whole() && !entries.empty() && entries.front().recordId == 0;
    }
    // Older entries than these were recorded: the ring buffer rolled over (the oldest record is past 0), or
    // the window left some out.
    bool lostOlderEntries() const
    {
        return !entries.empty() && (entries.front().recordId > 0 || !window.whole());
    }

    const PgStatus* statusForLocalPg(std::int32_t localPgId) const;
    const PgConfig* configForPg(std::uint32_t pgIndex) const;
    // The times and origin of entries[i], or all-absent ones when they were not kept.
    const EntryTimes& timesOf(std::size_t i) const;
    const EntryOrigin& originOf(std::size_t i) const;
};

} // namespace fd
