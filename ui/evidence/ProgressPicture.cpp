#include "ProgressPicture.h"

#include "PictureFrame.h"
#include "ui/support/Theme.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QFontMetrics>
#include <QPainter>

#include <algorithm>

namespace fd {

namespace {

// lupdate files ProgressText::tr() strings under the context named here, the one they are looked up in.
struct ProgressText
{
    Q_DECLARE_TR_FUNCTIONS(fd::ProgressPicture)
};

using picture::kPad;

bool contains(const std::vector<int>& sorted, int rank)
{
    return std::binary_search(sorted.begin(), sorted.end(), rank);
}

QString titleOf(const SnapshotProgress& p)
{
    return ProgressText::tr("Two snapshots, %1 s apart: %2 → %3")
        .arg(QString::number(p.intervalSeconds, 'f', 1), QFileInfo(p.olderSource).fileName(),
             QFileInfo(p.newerSource).fileName());
}

QString completedText(std::int64_t seq)
{
    return seq < 0 ? ProgressText::tr("none") : QString::number(seq);
}

QString hiddenRowsText(std::size_t hidden)
{
    return ProgressText::tr("and %n more row(s) not shown", nullptr, int(hidden));
}

} // namespace

ProgressPicture::ProgressPicture(const SnapshotProgress& progress, const QFont& font)
    : m_progress(progress), m_font(font), m_bold(font)
{
    m_bold.setBold(true);
    const SnapshotProgress& p = progress;
    std::vector<std::size_t> slow, stalled, others;
    for (std::size_t i = 0; i < p.steps.size(); ++i) {
        const PgRankStep& s = p.steps[i];
        (contains(p.slowRanks, s.rank) ? slow : !s.advanced() ? stalled : others).push_back(i);
    }
    for (const std::vector<std::size_t>* rows : {&slow, &stalled, &others})
        for (std::size_t i : *rows)
            if (m_rows.size() < kMaxRows)
                m_rows.push_back(i);

    const QFontMetrics fm(m_font), bm(m_bold);
    m_cellHeight = fm.height() + 6;
    m_titleHeight = bm.height() + 4;
    const QString earlier = ProgressText::tr("earlier"), later = ProgressText::tr("later");
    m_cellWidth =
        std::max({44, fm.horizontalAdvance(earlier) + 2 * kPad, fm.horizontalAdvance(later) + 2 * kPad});
    m_pgWidth = fm.horizontalAdvance(ProgressText::tr("PG")) + 2 * kPad;
    for (std::size_t i : m_rows) {
        const PgRankStep& s = p.steps[i];
        m_labelWidth = std::max(m_labelWidth, bm.horizontalAdvance(ProgressText::tr("rank %1").arg(s.rank)));
        m_pgWidth = std::max(m_pgWidth, fm.horizontalAdvance(s.pg) + 2 * kPad);
        for (std::int64_t seq : {s.completedBefore, s.completedAfter})
            m_cellWidth = std::max(m_cellWidth, fm.horizontalAdvance(completedText(seq)) + 2 * kPad);
    }
    m_labelWidth += 2 * kPad;
    const int gridWidth = m_labelWidth + m_pgWidth + 2 * m_cellWidth;
    const std::size_t hidden = p.steps.size() - m_rows.size();
    const int textWidth = std::max({bm.horizontalAdvance(titleOf(p)), fm.horizontalAdvance(p.summary),
                                    hidden ? fm.horizontalAdvance(hiddenRowsText(hidden)) : 0});
    m_size =
        picture::frameSize(fm, gridWidth, textWidth, m_titleHeight, m_cellHeight, m_rows.size(), hidden > 0);
}

std::vector<PgRankStep> ProgressPicture::rowsShown() const
{
    std::vector<PgRankStep> out;
    for (std::size_t i : m_rows)
        out.push_back(m_progress.steps[i]);
    return out;
}

void ProgressPicture::paint(QPainter& p, QPoint topLeft, const QPalette& pal) const
{
    const SnapshotProgress& progress = m_progress;
    int y = picture::beginPicture(p, topLeft, m_size, pal, m_bold, m_titleHeight, titleOf(progress));

    const int pgX = kPad + m_labelWidth, beforeX = pgX + m_pgWidth, afterX = beforeX + m_cellWidth;
    p.setFont(m_font);
    p.drawText(QRect(pgX, y, m_pgWidth, m_cellHeight), Qt::AlignLeft | Qt::AlignVCenter,
               ProgressText::tr("PG"));
    p.drawText(QRect(beforeX, y, m_cellWidth, m_cellHeight), Qt::AlignCenter, ProgressText::tr("earlier"));
    p.drawText(QRect(afterX, y, m_cellWidth, m_cellHeight), Qt::AlignCenter, ProgressText::tr("later"));
    y += m_cellHeight;

    for (std::size_t i : m_rows) {
        const PgRankStep& s = progress.steps[i];
        const bool slow = contains(progress.slowRanks, s.rank);
        p.setFont(slow ? m_bold : m_font);
        p.setPen(slow ? theme::culprit(pal) : pal.color(QPalette::Text));
        p.drawText(QRect(kPad, y, m_labelWidth - kPad, m_cellHeight), Qt::AlignLeft | Qt::AlignVCenter,
                   ProgressText::tr("rank %1").arg(s.rank));
        p.setFont(m_font);
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRect(pgX, y, m_pgWidth, m_cellHeight), Qt::AlignLeft | Qt::AlignVCenter, s.pg);
        // The earlier snapshot as it was; the later one filled by what happened in between.
        const BoxState after = s.advanced() ? BoxState::Completed : BoxState::Started;
        const QRect before(beforeX + 1, y + 1, m_cellWidth - 2, m_cellHeight - 2);
        const QRect later(afterX + 1, y + 1, m_cellWidth - 2, m_cellHeight - 2);
        p.fillRect(later, theme::stateBrush(after, pal));
        p.setPen(QPen(pal.color(QPalette::Mid), 1));
        p.drawRect(before.adjusted(0, 0, -1, -1));
        p.setPen(pal.color(QPalette::Text));
        p.drawText(before, Qt::AlignCenter, completedText(s.completedBefore));
        p.drawText(later, Qt::AlignCenter, completedText(s.completedAfter));
        y += m_cellHeight;
    }

    const std::size_t hidden = progress.steps.size() - m_rows.size();
    picture::endPicture(p, y, m_font, pal, hidden ? hiddenRowsText(hidden) : QString(), progress.summary);
}

} // namespace fd
