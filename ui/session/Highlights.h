#pragma once

#include "analysis/Analysis.h"
#include "model/Entry.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace fd {

// What the views emphasise, taken from the analysis result by one adapter (see SessionBuilder). The views
// and models read only this, so a change in the analysis result type touches one file and the views can be
// tested with hand-made highlights.
struct UiFinding
{
    enum class Severity : std::uint8_t { Info, Warning, Error };
    Severity severity = Severity::Info;
    QString kind;                    // "missing", "mismatch", "stuck", ...
    std::uint32_t pgIndex = kNoPg;
    std::int64_t seq = Entry::kAbsent;
    std::vector<int> ranks;
    QString text;
};

// Per process group: how many member ranks are stuck in it and how many never joined its frontier.
struct PgHighlight
{
    int stuck = 0;
    int missing = 0;
};

// "Ranks of PG `from` wait on ranks of PG `to`": drawn as directed edges in the PG graph.
struct PgWaitEdge
{
    std::uint32_t from = kNoPg;
    std::uint32_t to = kNoPg;
    QString label;
};

// One rank's NVRx health checks (-c, health_check_results) as the views show them: a badge in its timeline
// lane header and a count on the PG graph nodes that hold it.
struct RankHealth
{
    struct Check
    {
        QString component; // "gpu", "nic", ...
        QString status;    // "Healthy", "Failed", ...
        QString output;
        bool healthy = true;
    };
    int rank = -1;
    std::vector<Check> checks;

    bool healthy() const;
    QString badge() const;   // "GPU ✗", "GPU NIC ✗"; empty when every check passed (a green dot then)
    QString tooltip() const; // one line per check: "gpu: Failed — GPU 3: Xid 79, ..."
};

struct Highlights
{
    enum class Verdict : std::uint8_t { Unknown, NoHang, Continue, Stop };

    Verdict verdict = Verdict::Unknown;
    QString reason;                      // the verdict in plain words
    std::uint32_t frontierPg = kNoPg;    // the diverging frontier: the PG and collective where ranks part ways
    std::int64_t frontierSeq = Entry::kAbsent;
    bool frontierP2p = false;            // frontierSeq is a p2p_seq_id
    QString frontierOp;
    std::vector<int> culprits;           // sorted
    std::vector<QString> culpritReasons; // parallel to culprits
    std::vector<int> victims;            // sorted
    std::vector<UiFinding> findings;
    std::vector<PgHighlight> pgs;        // indexed like Job::processGroups; may be empty
    std::vector<PgWaitEdge> waitEdges;
    std::vector<RankHealth> health;      // sorted by rank; only ranks whose dump carried health checks

    bool hasFrontier() const { return frontierPg != kNoPg; }
    bool isCulprit(int rank) const;
    bool isVictim(int rank) const;
    QString culpritReason(int rank) const;
    PgHighlight pg(std::uint32_t pgIndex) const { return pgIndex < pgs.size() ? pgs[pgIndex] : PgHighlight{}; }
    const RankHealth* healthOf(int rank) const; // null without health checks for that rank
    std::vector<int> unhealthyAmong(const std::vector<int>& ranks) const;
};

QString verdictName(Highlights::Verdict v);

} // namespace fd
