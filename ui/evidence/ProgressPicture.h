#pragma once

#include "core/analysis/SnapshotProgress.h"

#include <QFont>
#include <QPalette>
#include <QSize>

#include <cstddef>
#include <vector>

class QPainter;

namespace fd {

// Two snapshots of one job side by side (core's SnapshotProgress, docs/capture.md "Hung or slow"): one row
// per process group and rank, the last collective it completed in the earlier snapshot next to the one it had
// completed in the later. A rank that moved is filled as completed, one that did not as started; the slow
// ranks' rows come first, their labels in the culprit colour. The caption is the comparison's summary.
class ProgressPicture
{
public:
    // Rows beyond this many are summarised in one line: the slow ranks first, then the stalled, then the
    // rest.
    static constexpr std::size_t kMaxRows = 16;

    ProgressPicture(const SnapshotProgress& progress, const QFont& font);

    QSize size() const { return m_size; }
    // The (PG, rank) steps given a row, top to bottom.
    std::vector<PgRankStep> rowsShown() const;
    void paint(QPainter& painter, QPoint topLeft, const QPalette& palette) const;

private:
    const SnapshotProgress& m_progress;
    QFont m_font;
    QFont m_bold;
    std::vector<std::size_t> m_rows; // indices into m_progress.steps, in the order shown
    int m_labelWidth = 0;
    int m_pgWidth = 0;
    int m_cellWidth = 0;
    int m_cellHeight = 0;
    int m_titleHeight = 0;
    QSize m_size;
};

} // namespace fd
