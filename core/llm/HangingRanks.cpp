#include "HangingRanks.h"

#include "core/model/RankListText.h"

#include <QRegularExpression>
#include <QStringList>

namespace fd {

std::optional<std::set<int>> parseHangingRanks(const QString& answer)
{
    // Label, then optional emphasis/colon/equals noise, then a {...} or [...] list on the same line.
    static const QRegularExpression line(
        QStringLiteral(
            "hanging[ \\t_-]*ranks[*_` \\t]*[:=]?[*_` \\t]*(?:\\{([^}\\n]*)\\}|\\[([^\\]\\n]*)\\])"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression separators(QStringLiteral("[,;\\s]+"));

    std::optional<std::set<int>> result;
    auto it = line.globalMatch(answer);
    while (it.hasNext()) {
        const QRegularExpressionMatch match = it.next();
        const QString body = match.capturedStart(1) >= 0 ? match.captured(1) : match.captured(2);
        std::set<int> ranks;
        bool wellFormed = true;
        for (const QString& token : body.split(separators, Qt::SkipEmptyParts)) {
            bool ok = false;
            const int rank = token.toInt(&ok);
            if (!ok || rank < 0) {
                wellFormed = false; // "{r1, r2}" copied from the instructions, or prose: not an answer
                break;
            }
            ranks.insert(rank);
        }
        if (wellFormed)
            result = std::move(ranks);
    }
    return result;
}

RankAgreement compareWithVerdict(const std::set<int>& ours, const std::optional<std::set<int>>& theirs)
{
    RankAgreement result;
    if (!theirs) {
        result.message =
            QStringLiteral("The LLM answer has no \"hanging ranks\" line; the analysis names %1.")
                .arg(rankSetText(ours));
        return result;
    }
    result.llmNamedRanks = true;
    for (int rank : ours) {
        if (!theirs->count(rank))
            result.onlyInOurs.insert(rank);
    }
    for (int rank : *theirs) {
        if (!ours.count(rank))
            result.onlyInLlm.insert(rank);
    }
    result.agree = result.onlyInOurs.empty() && result.onlyInLlm.empty();
    if (result.agree) {
        result.message =
            QStringLiteral("The LLM agrees with the analysis: hanging ranks %1.").arg(rankSetText(ours));
        return result;
    }
    QStringList parts;
    if (!result.onlyInLlm.empty())
        parts << QStringLiteral("it names %1 which the analysis does not").arg(rankSetText(result.onlyInLlm));
    if (!result.onlyInOurs.empty())
        parts << QStringLiteral("it misses %1 which the analysis flags").arg(rankSetText(result.onlyInOurs));
    result.message = QStringLiteral("The LLM disagrees with the analysis (%1 vs %2): %3; trust the analysis.")
                         .arg(rankSetText(*theirs), rankSetText(ours), parts.join(QStringLiteral("; ")));
    return result;
}

} // namespace fd
