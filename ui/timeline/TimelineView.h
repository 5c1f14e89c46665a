#pragma once

#include "LaneHistories.h"
#include "TimelineCache.h"
#include "TimelineLayout.h"
#include "TimelinePainter.h"
#include "ui/support/LatestResult.h"

#include <QAbstractScrollArea>
#include <QLoggingCategory>
#include <QTimer>

#include <optional>
#include <vector>

Q_DECLARE_LOGGING_CATEGORY(lcTimeline)

namespace fd {

// One lane per rank, collectives as boxes. Mouse: wheel scrolls lanes, Ctrl+wheel zooms at the cursor,
// Shift+wheel pans, Alt+wheel changes the lane height, drag pans, Shift+drag zooms to a range, click
// selects. Keys: +/- zoom, arrows pan/scroll, Backspace zooms back, 0 returns to the evidence (the frontier
// and the collectives just before it), A shows the whole range.
// Rows: ranks whose lanes are identical in the visible range share one group row (regrouped off the GUI
// thread when the range settles); culprits and their evidence peers are pinned on top. Clicking a group's
// header, or Enter on it, shows each of its ranks; Enter on such a rank groups them again.
// The layout of a large job is built on a worker thread (LatestResult); until it arrives the previous one
// stays on screen and options() already answers what was asked for.
// A lane shows its rank's loaded window; scrolled or zoomed past it, the entries the window left out are read
// again on a worker (LaneHistories) for the lanes in view, drawn hatched while they are read, and from their
// density where they would be too dense to draw one by one. statusText() says what the hovered (else the
// selected) rank's lane shows. An older entry drawn as a box is hovered and clicked as any other
// (olderEntryClicked).
class TimelineView : public QAbstractScrollArea
{
    Q_OBJECT
public:
    explicit TimelineView(QWidget* parent = nullptr);

    void setSession(const Session& session, const TimelineOptions& options = {});
    void setOptions(const TimelineOptions& options);
    const TimelineOptions& options() const { return m_requested; }
    const TimelineLayout& layout() const { return m_layout; }
    const TimelineViewport& viewportState() const { return m_vp; }
    const TimelineRenderCache& renderCache() const { return m_cache; }

    // Shows the collective (pg, seq) outlined on every lane and, when given, that rank's box as clicked.
    void setSelectedCollective(std::uint32_t pgIndex, std::int64_t seq, int rank = -1);
    void setLaneHeight(double pixels);

    bool canZoomBack() const { return !m_history.empty(); }
    // A layout for the latest session or options is still being built off the GUI thread.
    bool isLayingOut() const { return m_layingOut; }
    // Paints the whole timeline (every lane, the current x range) into `painter` at `size`: PNG/SVG export.
    void renderContents(QPainter& painter, QSize size) const;
    // Pixel position of the frontier in widget coordinates, NaN when not drawn as a line (for tests).
    double frontierPixel() const;
    // What the lane of the hovered rank (else the selected one, else the top row's) shows of its dump: its
    // window, its older entries being read, read, or why they could not be.
    QString statusText() const;
    const LaneHistories& histories() const { return *m_histories; }
    // The older entry (one the window left out, read again) last clicked, outlined until another box is
    // clicked or the layout changes: its rank and where it is in its file. rank -1: none.
    struct OlderEntry
    {
        int rank = -1;
        std::uint64_t fileIndex = 0;
    };
    const OlderEntry& selectedOlderEntry() const { return m_selectedOlder; }
    // Asks for the left-out entries of the lanes in view now, not when the range settles (tests, benchmarks).
    void requestHistories();
    QSize sizeHint() const override { return {900, 480}; }

public Q_SLOTS:
    void zoomIn();
    void zoomOut();
    void zoomBack();
    void resetZoom(); // back to the evidence window
    void showAll();   // the whole x range

Q_SIGNALS:
    // A box was clicked: the rank and, for an entry, its collective.
    void boxClicked(int rank, std::uint32_t pgIndex, std::int64_t seq, bool p2p);
    // An older entry was clicked: it is in no collective the analysis indexed (its peers' records of it
    // were left out too), so it comes as itself, with a one-line title and what its tooltip says of it (the
    // file it was read again from included).
    void olderEntryClicked(const fd::HistoryEntryRef& entry, const QString& title,
                           const QString& description);
    void zoomHistoryChanged(bool canGoBack);
    void rowsChanged();   // the rows on screen were regrouped (the lanes are the same)
    void layoutChanged(); // a new layout is on screen
    void laneHeightChanged(double pixels);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;
    void leaveEvent(QEvent* event) override;

private:
    void rebuildLayout(const Session& session, const TimelineOptions& options);
    void adoptLayout(TimelineLayout layout);
    // Groups the rows again for the visible range and m_expanded, when either differs from what is shown.
    void regroup();
    void scheduleRegroup();
    void toggleGroup(int row);
    void setScale(const TimeScale& scale, bool remember);
    void updateScrollBars();
    void updateSelectionIndex();
    TimeScale fullScale() const;
    TimeScale evidenceScale() const;
    double minSpan() const;

    int statusRank() const;
    QString laneStatusText() const; // statusText() of the lane the row shows
    void paintStatus(QPainter& painter);

    TimelineLayout m_layout;
    LaneHistories* m_histories = nullptr;
    int m_hoverRank = -1;
    Session m_session; // what the next layout is built from
    TimelineOptions m_requested;
    LatestResult m_layoutWork;
    bool m_layingOut = false;
    TimelineViewport m_vp;
    TimelineRenderCache m_cache;
    std::vector<TimeScale> m_history;
    std::vector<int> m_expanded; // sorted: ranks shown on rows of their own although their lanes match others
    QTimer* m_regroupTimer = nullptr;
    int m_currentRank = -1; // the row Enter acts on: the last clicked
    int m_selectedRank = -1;
    OlderEntry m_selectedOlder;
    void clearOlderSelection();
    QPoint m_pressPos;
    TimeScale m_pressScale;
    double m_pressScrollY = 0;
    bool m_dragging = false;
    bool m_rubberBand = false;
    QPoint m_rubberEnd;
    bool m_syncingScrollBars = false;
    bool m_userScaled = false; // the x range was moved since the layout's axis was new
};

} // namespace fd
