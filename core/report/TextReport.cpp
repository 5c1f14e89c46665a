#include "TextReport.h"

#include "TextTable.h"
#include "core/model/Job.h"
#include "core/model/RankListText.h"

#include <QStringBuilder>

#include <algorithm>
#include <map>

namespace fd {

namespace {

// "[[4096, 1, 5120], [8]]" -> "4096x1x5120": fr_attribution.py shows the first input shape joined by 'x'.
QString firstShape(const QString& sizes)
{
    const qsizetype open = sizes.indexOf(QStringLiteral("[["));
    if (open < 0)
        return QStringLiteral("N/A");
    const qsizetype close = sizes.indexOf(QLatin1Char(']'), open);
    QString inner = sizes.mid(open + 2, close - open - 2);
    inner.remove(QLatin1Char(' '));
    return inner.replace(QLatin1Char(','), QLatin1Char('x'));
}

QString firstDtype(const QString& dtypes)
{
    return dtypes.isEmpty() ? QStringLiteral("N/A") : dtypes.section(QLatin1Char(','), 0, 0);
}

} // namespace

QString frAttributionTable(const Analysis& a)
{
    // fr_attribution.py's header and its column widths (as minimums).
    TextTable table({QStringLiteral("PGID"), QStringLiteral("Process Group Desc"), QStringLiteral("Op Type"),
                     QStringLiteral("Size"), QStringLiteral("Dtype"), QStringLiteral("Missing Ranks")},
                    {6, 25, 10, 8, 8});
    // One row per frontier PG, as fr_attribution.py prints one per PG: its oldest frontier op, every rank
    // named there.
    std::vector<std::pair<std::uint32_t, std::vector<int>>> rows;
    std::vector<const FrontierItem*> first;
    for (const FrontierItem& f : a.frontier) {
        auto it = std::find_if(rows.begin(), rows.end(), [&](const auto& r) { return r.first == f.pgIndex; });
        if (it == rows.end()) {
            rows.emplace_back(f.pgIndex, std::vector<int>{});
            first.push_back(&f);
            it = rows.end() - 1;
        }
        for (const auto* list : {&f.missingRanks, &f.stuckRanks, &f.mismatchedRanks})
            it->second.insert(it->second.end(), list->begin(), list->end());
    }
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const FrontierItem& f = *first[i];
        std::vector<int>& ranks = rows[i].second;
        const ProcessGroup* pg = a.processGroup(f.pgIndex);
        std::sort(ranks.begin(), ranks.end());
        ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
        table.addRow({pg ? pg->name : QStringLiteral("?"), pg ? pg->desc : QString(),
                      f.opType.isEmpty() ? QStringLiteral("Unknown") : f.opType, firstShape(f.sizes),
                      firstDtype(f.dtypes), rankListText(ranks, 0, QStringLiteral(","))});
    }
    return table.render();
}

QString hangingRanksLine(const Analysis& a)
{
    return QStringLiteral("hanging ranks: [") % rankListText(a.hangingRanks()) % QLatin1Char(']');
}

QString rankTables(const Analysis& a)
{
    TextTable ranks({QStringLiteral("Rank"), QStringLiteral("Dump"), QStringLiteral("Kind"),
                     QStringLiteral("Pending"), QStringLiteral("Reason")});
    for (const RankFinding& r : a.ranks)
        ranks.addRow({QString::number(r.rank), r.hasDump ? QStringLiteral("yes") : QStringLiteral("no"),
                      QLatin1String(rankKindName(r.kind)), QString::number(r.pendingEntries), r.reason});

    TextTable progress({QStringLiteral("Rank"), QStringLiteral("PGID"), QStringLiteral("Process Group Desc"),
                        QStringLiteral("Local"), QStringLiteral("Enqueued"), QStringLiteral("Started"),
                        QStringLiteral("Completed"), QStringLiteral("1st pending"),
                        QStringLiteral("Pending")});
    for (const RankFinding& r : a.ranks)
        for (const RankPgProgress& p : r.progress) {
            const ProcessGroup* pg = a.processGroup(p.pgIndex);
            progress.addRow(
                {QString::number(r.rank), pg ? pg->name : QStringLiteral("?"), pg ? pg->desc : QString(),
                 p.localPgId >= 0 ? QString::number(p.localPgId) : QStringLiteral("-"),
                 QString::number(p.lastEnqueued), QString::number(p.lastStarted),
                 QString::number(p.lastCompleted),
                 p.firstPendingSeq >= 0 ? QString::number(p.firstPendingSeq) : QStringLiteral("-"),
                 QString::number(p.pendingEntries) %
                     (p.hasStatus ? QString() : QStringLiteral(" (no pg_status)"))});
        }
    return QStringLiteral("\n=== Ranks ===\n") % ranks.render() %
           QStringLiteral("\n=== Progress per rank and process group ===\n") % progress.render();
}

QString healthSection(const Analysis& a, bool verbose)
{
    std::map<QString, std::pair<std::vector<int>, std::vector<int>>> byComponent;
    QStringList outputs;
    for (const RankFinding& r : a.ranks)
        for (const HealthCheck& h : r.health) {
            auto& slot = byComponent[h.component];
            (h.healthy() ? slot.first : slot.second).push_back(r.rank);
            if (!h.healthy() && verbose)
                outputs << QStringLiteral("Unhealthy, (%1: %2)").arg(r.rank).arg(h.output.trimmed());
        }
    QString out = QStringLiteral("\n=== Node Health Status ===\n");
    if (byComponent.empty())
        return out + QStringLiteral("No dump carries health_check_results.\n");
    for (const auto& [component, lists] : byComponent)
        out += QStringLiteral("Healthy ranks %1: [%2]\nUnhealthy ranks %1: [%3]\n")
                   .arg(component, rankListText(lists.first), rankListText(lists.second));
    for (const QString& o : outputs)
        out += o % QLatin1Char('\n');
    return out;
}

QString stragglerLines(const Analysis& a)
{
    constexpr std::size_t kShown = 8;
    QString out;
    const auto& list = a.lateness.stragglers;
    for (std::size_t i = 0; i < list.size() && i < kShown; ++i) {
        const Straggler& s = list[i];
        out +=
            QStringLiteral(
                "stragglers: rank %1 %2 a median %3 ms after its peers in %4 (%5 collectives, p90 %6 ms)\n")
                .arg(s.host.isEmpty() ? QString::number(s.rank)
                                      : QStringLiteral("%1 (%2)").arg(s.rank).arg(s.host))
                .arg(s.basis == LatenessBasis::Start ? QStringLiteral("starts (GPU)")
                                                     : QStringLiteral("joins"))
                .arg(QString::number(s.medianLateMs, 'f', 1), a.pgLabel(s.pgIndex))
                .arg(s.collectives)
                .arg(QString::number(s.p90LateMs, 'f', 1));
    }
    if (list.size() > kShown)
        out += QStringLiteral("stragglers: %1 more in the JSON report's analysis.stragglers\n")
                   .arg(list.size() - kShown);
    return out;
}

QString textReport(const Report& report, const TextOptions& options)
{
    return textAnalysis(report, options) + textEnding(report);
}

QString textAnalysis(const Report& report, const TextOptions& options)
{
    if (!report.analysis)
        return {};
    const Analysis& a = *report.analysis;
    static const Job kNoJob; // a placeholder Analysis (a view's before a job opens) has none
    const Job& job = a.job ? *a.job : kNoJob;
    QString out;
    for (const LoadError& e : job.errors)
        out += QStringLiteral("load error: %1%2: %3\n")
                   .arg(e.filePath, e.hasOffset ? QStringLiteral(": byte %1").arg(e.offset) : QString(),
                        e.message);
    for (const QString& w : report.warnings())
        out += QStringLiteral("note: ") % w % QLatin1Char('\n');
    out += QStringLiteral("Loaded %1 dump(s), world size %2").arg(job.dumps.size()).arg(job.worldSize);
    if (!job.missingRanks.empty())
        out += QStringLiteral(", no dump from rank(s) %1").arg(rankListText(job.missingRanks));
    out += QStringLiteral("\n");
    for (const QString& n : a.notes)
        out += QStringLiteral("note: ") % n % QLatin1Char('\n');
    if (options.verbose)
        out += rankTables(a);
    if (options.healthCheck)
        out += healthSection(a, options.verbose);
    out += QLatin1Char('\n') % frAttributionTable(a);
    for (const DeadlockCycle& d : a.cycles)
        out += QStringLiteral("deadlock: ranks [%1]: %2\n").arg(rankListText(d.ranks), d.description);
    if (!a.victims.empty()) {
        std::vector<int> v;
        for (const Victim& x : a.victims)
            v.push_back(x.rank);
        out += QStringLiteral("victims (%1): [%2]\n").arg(v.size()).arg(rankRangeText(v));
    }
    out += stragglerLines(a);
    for (int r : job.unreadableRanks)
        if (const RankFinding* f = a.rankFinding(r))
            out += QStringLiteral("rank %1: %2\n").arg(r).arg(f->reason);
    out +=
        QStringLiteral("verdict: %1 (%2)\nreason: %3\n")
            .arg(QLatin1String(verdictName(a.verdict)), QLatin1String(report.attributionState()), a.reason);
    if (report.progress)
        out += QStringLiteral("progress: ") % report.progress->summary % QLatin1Char('\n');
    return out;
}

QString textEnding(const Report& report)
{
    if (!report.analysis)
        return {};
    const Analysis& a = *report.analysis;
    QString out;
    if (report.llm) {
        const ReportLlm& l = *report.llm;
        out += QStringLiteral("\n=== LLM analysis (%1) ===\n").arg(l.model);
        out += l.error.isEmpty() ? l.answer.trimmed() : QStringLiteral("LLM error: ") % l.error;
        out += QLatin1Char('\n');
        if (!l.agreement.isEmpty())
            out += l.agreement % QLatin1Char('\n');
    }
    out += hangingRanksLine(a) % QLatin1Char('\n');
    return out;
}

} // namespace fd
