#include "Disagreement.h"

#include <QStringList>

#include <algorithm>

namespace fd {

namespace {

constexpr std::size_t kRanksShown = 8;

// The top-level elements of "[a, b, c]" (or of "a,b,c"), with the brackets they sit in; empty when `text` is
// not a list.
QStringList topLevelElements(const QString& text, QString* open, QString* close)
{
    QString body = text;
    *open = *close = QString();
    if (body.size() >= 2 && body.front() == QLatin1Char('[') && body.back() == QLatin1Char(']')) {
        *open = QStringLiteral("[");
        *close = QStringLiteral("]");
        body = body.mid(1, body.size() - 2);
    }
    QStringList out;
    int depth = 0;
    qsizetype start = 0;
    for (qsizetype i = 0; i < body.size(); ++i) {
        const QChar ch = body[i];
        if (ch == QLatin1Char('[') || ch == QLatin1Char('('))
            ++depth;
        else if (ch == QLatin1Char(']') || ch == QLatin1Char(')'))
            --depth;
        else if (ch == QLatin1Char(',') && depth == 0) {
            out << body.mid(start, i - start).trimmed();
            start = i + 1;
        }
    }
    out << body.mid(start).trimmed();
    return out.size() > 1 ? out : QStringList();
}

} // namespace

QString shortValue(const QString& text, int maxChars)
{
    if (text.size() <= maxChars)
        return text;
    QString open, close;
    const QStringList elements = topLevelElements(text, &open, &close);
    if (elements.isEmpty())
        return text.left(std::max(maxChars - 1, 1)) + QChar(0x2026);
    const QString tail = QStringLiteral(", %1 %2 in all").arg(QChar(0x2026)).arg(elements.size());
    QString kept;
    for (const QString& e : elements) {
        const QString next = kept.isEmpty() ? e : kept + QStringLiteral(", ") + e;
        if (!kept.isEmpty() && next.size() + tail.size() + open.size() + close.size() > maxChars)
            break;
        kept = next;
    }
    if (kept.size() > maxChars)
        kept = kept.left(std::max(maxChars - 1, 1)) + QChar(0x2026);
    return open + kept + tail + close;
}

QString ranksPhrase(std::vector<int> ranks)
{
    std::sort(ranks.begin(), ranks.end());
    QStringList parts;
    for (std::size_t i = 0; i < ranks.size() && i < kRanksShown; ++i)
        parts << QString::number(ranks[i]);
    QString text = (ranks.size() == 1 ? QStringLiteral("rank ") : QStringLiteral("ranks ")) +
                   parts.join(QStringLiteral(", "));
    if (ranks.size() > kRanksShown)
        text += QStringLiteral(" and %1 more").arg(ranks.size() - kRanksShown);
    return text;
}

QString describeDisagreement(const QString& verb, const QString& what, const std::vector<MemberValue>& odd,
                             const QString& peers, bool tie)
{
    // Members with one value share a phrase, in the order their first member comes.
    std::vector<std::pair<QString, std::vector<int>>> byValue;
    for (const auto& [rank, value] : odd) {
        auto it =
            std::find_if(byValue.begin(), byValue.end(), [&](const auto& b) { return b.first == value; });
        if (it == byValue.end())
            byValue.push_back({value, {rank}});
        else
            it->second.push_back(rank);
    }
    QStringList phrases;
    for (const auto& [value, ranks] : byValue)
        phrases << (phrases.isEmpty()
                        ? (what.isEmpty()
                               ? QStringLiteral("%1 %2 %3").arg(ranksPhrase(ranks), verb, shortValue(value))
                               : QStringLiteral("%1 %2 %3 %4")
                                     .arg(ranksPhrase(ranks), verb, what, shortValue(value)))
                        : QStringLiteral("%1 %2").arg(ranksPhrase(ranks), shortValue(value)));
    QString text = phrases.join(QStringLiteral(", "));
    if (!tie && !peers.isNull()) {
        const bool one = odd.size() == 1;
        text += QStringLiteral(", %1 peers %2")
                    .arg(one ? QStringLiteral("its") : QStringLiteral("their"), shortValue(peers));
    }
    return text;
}

} // namespace fd
