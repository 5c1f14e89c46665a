#include "ExplainFindings.h"

#include "analysis/Analysis.h"
#include "report/ReportJson.h"
#include "report/TextReport.h"

#include <QCoreApplication>

namespace fd {

nlohmann::json explainFindings(const Analysis& analysis)
{
    nlohmann::json findings = analysisToJson(analysis);
    // Per-rank progress rows repeat what frontier, culprits and victims already say, and on a large job they
    // would crowd the findings out of the prompt's size budget.
    findings.erase("ranks");
    findings["seed_table"] = seedTable(analysis).toStdString();
    return findings;
}

std::set<int> explainRanks(const Analysis& analysis)
{
    const std::vector<int> ranks = analysis.hangingRanks();
    return {ranks.begin(), ranks.end()};
}

QString explainVerdictText(const Analysis& analysis)
{
    QString name;
    switch (analysis.verdict) {
    case Verdict::NoHang:
        name = QCoreApplication::translate("fd::ExplainFindings", "No hang");
        break;
    case Verdict::Continue:
        name = QCoreApplication::translate("fd::ExplainFindings", "CONTINUE");
        break;
    case Verdict::Stop:
        name = QCoreApplication::translate("fd::ExplainFindings", "STOP");
        break;
    }
    if (analysis.reason.isEmpty())
        return name;
    return QCoreApplication::translate("fd::ExplainFindings", "%1: %2").arg(name, analysis.reason);
}

} // namespace fd
