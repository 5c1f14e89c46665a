#include "TimelineHeader.h"

#include "LaneGroups.h"
#include "TimelinePainter.h"
#include "core/model/RankListText.h"
#include "ui/session/HealthText.h"
#include "ui/support/Theme.h"

#include <QCoreApplication>
#include <QFontMetrics>
#include <QPainter>
#include <QSet>
#include <QStringList>

#include <algorithm>

namespace fd {

namespace {

constexpr int kDot = 7;            // the "all checks passed" dot
constexpr int kThinMarker = 5;     // lanes too thin for text: a coloured strip at the header's right edge
constexpr int kMaxBadgeWidth = 96; // longer badges are elided (the tooltip has every check)
// A group label past this names fewer of its ranks (rowLabelFitting(): the count stays, the tooltip names
// every run): at a thousand ranks a label naming four scattered runs took a third of the timeline.
constexpr int kMaxGroupLabelWidth = 160;
constexpr int kMaxHostLabelWidth = 190; // "rank N · host": longer hosts are elided (the tooltip names it)
constexpr int kMaxHostsListed = 8;      // a group's tooltip names this many of its ranks' hosts

// lupdate files HeaderText::tr() strings under the context named here, the one they are looked up in.
struct HeaderText
{
    Q_DECLARE_TR_FUNCTIONS(fd::TimelineHeader)
};

QFont badgeFont(const QFont& base)
{
    QFont f = base;
    f.setBold(true);
    f.setPointSizeF(std::max(6.5, base.pointSizeF() * 0.85));
    return f;
}

int badgeWidth(const QFontMetrics& fm, const QString& badge)
{
    return std::min(kMaxBadgeWidth, fm.horizontalAdvance(badge) + 8);
}

} // namespace

int laneHeaderWidth(const TimelineLayout& layout, const QFont& font)
{
    const QFontMetrics fm(badgeFont(font));
    const QFontMetrics labelMetrics(font);
    int extra = 0;
    int label = 0;
    // Ranks of one host come in runs: a run is measured again only where its ranks get a digit longer. In
    // bold, as a culprit's label is.
    QFont bold = font;
    bold.setBold(true);
    const QFontMetrics hostMetrics(bold);
    const QString* measuredHost = nullptr;
    int measuredDigits = 0;
    for (const TimelineRow& row : layout.rows()) {
        const TimelineLane& lane = layout.lanes()[std::size_t(row.lane)];
        if (row.isGroup())
            label = std::max(label, std::min(kMaxGroupLabelWidth,
                                             labelMetrics.horizontalAdvance(rowLabel(row, lane)) + 12));
        else if (const int digits = int(QString::number(lane.rank).size());
                 !lane.host.isEmpty() &&
                 (!measuredHost || *measuredHost != lane.host || digits > measuredDigits)) {
            measuredHost = &lane.host;
            measuredDigits = digits;
            label = std::max(
                label, std::min(kMaxHostLabelWidth, hostMetrics.horizontalAdvance(rowLabel(row, lane)) + 12));
        }
        if (!lane.health)
            continue;
        const QString badge = healthBadge(*lane.health);
        extra = std::max(extra, badge.isEmpty() ? kDot + 6 : badgeWidth(fm, badge) + 6);
    }
    return std::max(TimelineViewport::kHeaderWidth, label) + extra;
}

void paintLaneHeader(QPainter& p, const TimelineRow& row, const TimelineLane& lane, const QRectF& header,
                     const QPalette& pal)
{
    if (lane.culprit)
        p.fillRect(header, theme::culprit(pal));
    else if (row.isGroup())
        p.fillRect(header, pal.color(QPalette::AlternateBase));
    const QString badge = lane.health ? healthBadge(*lane.health) : QString();
    const QColor badgeColour = lane.health && badge.isEmpty() ? theme::healthy(pal) : theme::unhealthy(pal);
    if (header.height() < 8) {
        if (lane.health)
            p.fillRect(QRectF(header.right() - kThinMarker, header.top(), kThinMarker, header.height()),
                       badgeColour);
        return;
    }
    const QFont base = p.font();
    QFont f = base;
    f.setBold(lane.culprit);
    p.setFont(f);
    p.setPen(lane.culprit ? QColor(Qt::white) : pal.color(QPalette::WindowText));
    const QRectF textRect = header.adjusted(6, 0, -4, 0);
    p.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft,
               rowLabelFitting(row, lane, p.fontMetrics(), int(textRect.width())));
    if (lane.health) {
        p.save();
        p.setRenderHint(QPainter::Antialiasing);
        if (badge.isEmpty()) {
            const QRectF dot(header.right() - kDot - 4, header.center().y() - kDot / 2.0, kDot, kDot);
            p.setPen(lane.culprit ? QPen(Qt::white, 1) : Qt::NoPen);
            p.setBrush(badgeColour);
            p.drawEllipse(dot);
        } else {
            const QFont bf = badgeFont(base);
            const QFontMetrics fm(bf);
            const double w = badgeWidth(fm, badge);
            const double h = std::min(header.height() - 2, double(fm.height() + 2));
            const QRectF pill(header.right() - w - 3, header.center().y() - h / 2, w, h);
            // A white rim keeps the pill apart from a culprit's red header.
            p.setPen(lane.culprit ? QPen(Qt::white, 1) : Qt::NoPen);
            p.setBrush(badgeColour);
            p.drawRoundedRect(pill, h / 2, h / 2);
            p.setFont(bf);
            p.setPen(Qt::white);
            p.drawText(pill, Qt::AlignCenter, fm.elidedText(badge, Qt::ElideRight, int(w) - 6));
        }
        p.restore();
    }
    p.setFont(base);
}

QString laneHeaderTooltip(const TimelineLayout& layout, const TimelineRow& row)
{
    const TimelineLane& lane = layout.lanes()[std::size_t(row.lane)];
    QStringList lines;
    if (row.isGroup()) {
        lines << HeaderText::tr("%1 ranks: %2").arg(row.ranks.size()).arg(rankRangeText(row.ranks, 64))
              << HeaderText::tr("Identical in the visible range: the same op and state in every slot")
              << HeaderText::tr("Click or press Enter to show each rank");
        QStringList hosts; // the first few, in rank order
        QSet<QString> seen;
        for (const int rank : row.ranks) {
            const int l = layout.laneOfRank(rank);
            const QString host = l >= 0 ? layout.lanes()[std::size_t(l)].host : QString();
            if (host.isEmpty() || seen.contains(host))
                continue;
            seen.insert(host);
            if (hosts.size() < kMaxHostsListed)
                hosts << host;
        }
        const qsizetype more = seen.size() - hosts.size();
        if (more > 0)
            lines << HeaderText::tr("Hosts: %1 and %2 more").arg(hosts.join(QStringLiteral(", "))).arg(more);
        else if (!hosts.isEmpty())
            lines << HeaderText::tr("Hosts: %1").arg(hosts.join(QStringLiteral(", ")));
        if (lane.hasHistory())
            lines << HeaderText::tr("Older entries: rank %1's (the group matches in the loaded window only); "
                                    "show each rank for theirs")
                         .arg(lane.rank);
        if (lane.health)
            lines << healthTooltip(lane.rank, *lane.health);
        return lines.join(QLatin1Char('\n'));
    }
    if (lane.dump < 0)
        lines << HeaderText::tr("Rank %1: no dump").arg(lane.rank);
    else if (lane.host.isEmpty())
        lines << HeaderText::tr("Rank %1").arg(lane.rank);
    else
        lines << HeaderText::tr("Rank %1 on host %2").arg(lane.rank).arg(lane.host);
    const QString reason = layout.session().analysis->culpritReason(lane.rank);
    if (lane.culprit)
        lines << (reason.isEmpty() ? HeaderText::tr("Culprit") : HeaderText::tr("Culprit: %1").arg(reason));
    else if (lane.victim)
        lines << HeaderText::tr("Blocked behind a culprit");
    if (lane.health)
        lines << healthTooltip(lane.rank, *lane.health);
    return lines.join(QLatin1Char('\n'));
}

} // namespace fd
