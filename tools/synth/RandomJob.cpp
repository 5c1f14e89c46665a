// One seed, one random job and its truth (RandomJob.h).
#include "RandomJobModel.h"

#include <QDir>
#include <QFile>

#include <algorithm>

namespace fd {

const char* faultKindName(FaultKind kind)
{
    switch (kind) {
    case FaultKind::NoHang:
        return "no_hang";
    case FaultKind::StopsIssuing:
        return "stops_issuing";
    case FaultKind::ProcessGone:
        return "process_gone";
    case FaultKind::BrokenGpu:
        return "broken_gpu";
    case FaultKind::SizeMismatch:
        return "size_mismatch";
    case FaultKind::DtypeMismatch:
        return "dtype_mismatch";
    case FaultKind::OpTypeMismatch:
        return "op_type_mismatch";
    case FaultKind::OrderMismatch:
        return "order_mismatch";
    case FaultKind::P2pHang:
        return "p2p_hang";
    case FaultKind::CrossPgOrder:
        return "cross_pg_order";
    case FaultKind::ExtraCollective:
        return "extra_collective";
    case FaultKind::GridExit:
        return "grid_exit";
    }
    return "?";
}

namespace {

using namespace randomjob;

bool isMismatch(FaultKind k)
{
    return k == FaultKind::SizeMismatch || k == FaultKind::DtypeMismatch || k == FaultKind::OpTypeMismatch ||
           k == FaultKind::OrderMismatch;
}

DumpOptions randomDumpOptions(Rng& rng, FaultKind fault)
{
    DumpOptions d;
    // gloo has no GPU to break; a grid exit is drawn on gloo more often (its failed collectives).
    d.gloo = fault != FaultKind::BrokenGpu && rng.chance(fault == FaultKind::GridExit ? 60 : 25);
    d.queueDepth = rng.between(0, 8);
    d.onlyActive = rng.chance(20);
    d.timing = rng.chance(50);
    d.frames = rng.chance(30);
    d.json = rng.chance(25);
    if (rng.chance(30))
        d.ringBuffer = rng.between(6, 60);
    if (d.gloo) {
        d.queueDepth = 0;
        d.onlyActive = false;
        d.timing = false;
    }
    return d;
}

// A victim dumped before its CPU queued its last ops: only queued ops go, never the one its GPU is in, so the
// dump still shows where it is blocked (a victim dumped before it even reached that op would look exactly
// like a rank that stopped issuing: no analysis can tell them apart, so the harness does not generate it).
void randomSkew(Rng& rng, RandomJob::Model& m)
{
    if (!m.outcome.hang || !rng.chance(30))
        return;
    std::vector<int> queued;
    for (int r = 0; r < m.topo.world; ++r) {
        const auto ur = static_cast<std::size_t>(r);
        if (r != m.fault.rank && !m.fault.isDead(r) && m.outcome.issued[ur] > m.outcome.gpu[ur] + 1)
            queued.push_back(r);
    }
    if (queued.empty())
        return;
    m.dump.skewRank = queued[static_cast<std::size_t>(rng.below(static_cast<int>(queued.size())))];
    const auto ur = static_cast<std::size_t>(m.dump.skewRank);
    m.dump.skewDrop = rng.between(1, static_cast<int>(m.outcome.issued[ur] - m.outcome.gpu[ur] - 1));
}

// A mismatch shows only where the dumps still hold the disagreeing entries: the culprit's and at least one
// agreeing member's. With exactly two holders (a group of two, or the others' entries rolled out), nothing
// says which side is wrong and both are named; with fewer, or without the culprit's, it cannot be told at
// all. An order mismatch (two ops swapped on one rank) disagrees at both seqs it swapped: where the first
// one's entries are gone, the second one still shows it (the analysis judges a PG by its first disagreement).
void judgeMismatchEvidence(const RandomJob::Model& m, RandomJobTruth& truth)
{
    const ProgramOp& o = m.programs[static_cast<std::size_t>(m.fault.rank)][m.fault.op];
    auto holdersAt = [&](std::int64_t seq) {
        std::vector<int> holders;
        for (int r : m.topo.groups[static_cast<std::size_t>(o.group)].ranks) {
            // The entry that shows the disagreement on this member: the odd inner op, else the op's newest
            // entry before its terminator (a group's last inner op) or the op itself. An order mismatch puts
            // different ops at one seq, so each member's own op decides.
            int inner = o.oddInner;
            if (inner < 0)
                for (const ProgramOp& mine : m.programs[static_cast<std::size_t>(r)])
                    if (!mine.p2p() && mine.group == o.group && mine.collSeq == seq)
                        inner = mine.inner > 0 ? mine.inner - 1 : -1;
            if (dumpHolds(m, r, o.group, seq, inner))
                holders.push_back(r);
        }
        return holders;
    };
    auto shows = [&](const std::vector<int>& holders) {
        return holders.size() >= 2 &&
               std::find(holders.begin(), holders.end(), m.fault.rank) != holders.end();
    };
    std::vector<int> holders = holdersAt(o.collSeq);
    if (!shows(holders) && m.fault.kind == FaultKind::OrderMismatch)
        holders = holdersAt(o.collSeq + 1);
    if (!shows(holders)) {
        truth.undecidable = true;
        truth.culprits.clear();
    } else if (holders.size() == 2) {
        truth.culprits = holders;
    } else {
        truth.culprits = {m.fault.rank};
    }
}

} // namespace

RandomJob::RandomJob(std::uint64_t seed, const RandomJobLimits& limits)
    : m_seed(seed), m_model(std::make_unique<Model>())
{
    Rng rng{seed * 0x2545f4914f6cdd1dULL + 1};
    Model& m = *m_model;
    m.topo = makeTopology(rng, limits);
    const int steps = rng.between(2, 4);
    m.programs = makePrograms(m.topo, rng, steps);
    m.fault = injectFault(m.topo, m.programs, rng, rng.below(steps));
    for (auto& program : m.programs)
        numberOps(m.topo, program);
    m.dump = randomDumpOptions(rng, m.fault.kind);
    // Nothing in gloo's dumps tells the world size (no member lists; the file numbers end before a dead last
    // rank), so a job whose last rank died is drawn on NCCL, whose default_pg lists the world.
    if (m.fault.isDead(m.topo.world - 1))
        m.dump.gloo = false;
    m.outcome = simulate(m);
    randomSkew(rng, m);

    m_truth.fault = m.fault.kind;
    m_truth.story = m.fault.story;
    m_truth.culprits = m.fault.culprits;
    std::sort(m_truth.culprits.begin(), m_truth.culprits.end());
    if (!m.outcome.hang) {
        m_truth.verdict = "no_hang";
        m_truth.culprits.clear();
    } else if (isMismatch(m.fault.kind)) {
        m_truth.verdict = "stop";
        judgeMismatchEvidence(m, m_truth);
    } else if (m.fault.kind == FaultKind::CrossPgOrder || m.fault.kind == FaultKind::ExtraCollective) {
        m_truth.verdict = "stop"; // the program's order is wrong: a restart deadlocks again
    } else {
        m_truth.verdict = "continue";
    }
}

RandomJob::~RandomJob() = default;

int RandomJob::worldSize() const
{
    return m_model->topo.world;
}

std::string RandomJob::describe() const
{
    const Model& m = *m_model;
    const auto& t = m.topo;
    std::string s = std::to_string(t.world) + " ranks TP" + std::to_string(t.tp) + " CP" +
                    std::to_string(t.cp) + " EP" + std::to_string(t.ep) + " PP" + std::to_string(t.pp) +
                    " DP" + std::to_string(t.dp) + "; queue " + std::to_string(m.dump.queueDepth);
    if (m.dump.onlyActive)
        s += ", only-active";
    if (m.dump.ringBuffer)
        s += ", ring " + std::to_string(m.dump.ringBuffer);
    if (m.dump.timing)
        s += ", timing";
    if (m.dump.frames)
        s += ", frames";
    s += m.dump.json ? ", JSON" : ", pickle";
    if (m.dump.gloo)
        s += ", gloo";
    if (!m.outcome.failed.empty()) {
        s += "; failed on";
        for (int r : m.outcome.failed)
            s += " " + std::to_string(r);
    }
    if (m.dump.skewRank >= 0)
        s += "; rank " + std::to_string(m.dump.skewRank) + " dumped " + std::to_string(m.dump.skewDrop) +
             " op(s) early";
    return s;
}

std::vector<RandomDumpFile> RandomJob::files() const
{
    const Model& m = *m_model;
    std::vector<RandomDumpFile> out;
    for (int r = 0; r < m.topo.world; ++r) {
        if (m.fault.isDead(r))
            continue; // crashed or exited: no file
        RandomDumpFile f;
        f.rank = r;
        f.name = "_dump_" + std::to_string(r) + (m.dump.json ? ".json" : "");
        f.bytes = dumpBytes(m, r);
        out.push_back(std::move(f));
    }
    return out;
}

QString RandomJob::writeTo(const QString& dir) const
{
    if (!QDir().mkpath(dir))
        return QStringLiteral("cannot create %1").arg(dir);
    auto write = [&dir](const std::string& name, const std::string& bytes) -> QString {
        QFile file(QDir(dir).filePath(QString::fromStdString(name)));
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
            file.write(bytes.data(), static_cast<qint64>(bytes.size())) != static_cast<qint64>(bytes.size()))
            return QStringLiteral("cannot write %1: %2").arg(file.fileName(), file.errorString());
        return {};
    };
    for (const RandomDumpFile& f : files())
        if (QString error = write(f.name, f.bytes); !error.isEmpty())
            return error;
    std::string ranks;
    for (int r : m_truth.culprits)
        ranks += (ranks.empty() ? "" : ", ") + std::to_string(r);
    // Not named like a dump, so the default pattern (_dump_*) never picks it up.
    const std::string truth = "{\"seed\": " + std::to_string(m_seed) + ", \"fault\": \"" +
                              faultKindName(m_truth.fault) + "\", \"verdict\": \"" + m_truth.verdict +
                              "\", \"undecidable\": " + (m_truth.undecidable ? "true" : "false") +
                              ", \"culprits\": [" + ranks + "], \"job\": \"" + describe() +
                              "\", \"story\": \"" + m_truth.story + "\"}\n";
    return write("truth.json", truth);
}

} // namespace fd
