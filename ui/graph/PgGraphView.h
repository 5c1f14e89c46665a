#pragma once

#include "PgGraphLayout.h"
#include "ui/session/Session.h"
#include "ui/support/LatestResult.h"

#include <QGraphicsView>

class QFontMetricsF;
class QGraphicsSimpleTextItem;

#include <unordered_map>

namespace fd {

class PgBandGutter;
class PgNodeItem;

// The process groups as a graph: nodes are PGs, thin edges join PGs of neighbouring bands that share ranks,
// bold arrows say "ranks here wait on ranks there". The frontier PG and PGs holding culprits stand out.
// Clicking a PG emits pgClicked (the main window filters the timeline to it); clicking an aggregate node
// ("DP × 32", PgGraphLayout) shows each of its PGs. The layout of a large job is
// computed on a worker thread; the items are made on the GUI thread when it arrives.
class PgGraphView : public QGraphicsView
{
    Q_OBJECT
public:
    explicit PgGraphView(QWidget* parent = nullptr);

    // Below this zoom the nodes' 11-13 px text is under ~9.5 px: unreadable, on screen and in pictures.
    static constexpr double kMinReadableScale = 0.85;

    void setSession(const Session& session);
    // The same, laid out before it returns whatever the size of the job: for pictures (exports).
    void setSessionNow(const Session& session);
    bool isLayingOut() const { return m_layingOut; }
    void setSelectedPg(std::uint32_t pgIndex);
    const PgNodeItem* nodeOf(std::uint32_t pgIndex) const;
    // Lays the graph out for pictures of this width / height (exports); the view otherwise follows its own
    // shape.
    void setTargetAspect(double aspect);
    // Shows only these PGs (sorted; empty: all), laid out before it returns: for pictures of a part of the
    // graph (the report's causal chain, Analysis::causalPgs()).
    void setOnlyPgs(std::vector<std::uint32_t> pgs);
    // The scale at which renderContents() would draw into `target` (at most 1.25).
    double renderScale(const QSizeF& target) const;
    std::size_t nodeCount() const { return m_layout.nodes.size(); }
    int nodesPerRow() const { return m_perRow; }
    // The whole graph at its natural size (scale 1): where exported text is as large as on screen.
    QSize naturalSize() const;
    // Renders the whole graph (not just what is in view) into `painter` at `target`.
    void renderContents(QPainter& painter, const QRectF& target);
    QSize sizeHint() const override { return {640, 480}; }
    // The band names' column beside the viewport (hidden when the graph has no bands).
    const PgBandGutter* bandGutter() const { return m_gutter; }

public Q_SLOTS:
    void fitAll();

Q_SIGNALS:
    void pgClicked(std::uint32_t pgIndex);
    void layoutChanged(); // new items are in the scene

protected:
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void drawBackground(QPainter* painter, const QRectF& rect) override;
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    void changeEvent(QEvent* event) override;

private:
    void relayout(bool now = false);
    void populate(const PgGraphLayout& layout);
    double viewAspect() const;
    // How wide (scene units) the graph may be laid out for the view to show it at a readable size without
    // scrolling sideways; 0 for pictures.
    double readableWidth() const;
    // Scrolled to the top left, or to where the frontier's node is in view.
    void scrollToStart();
    // The band names: scene items at the left of the graph for pictures, the gutter on screen.
    void addBandLabels(const PgGraphLayout& layout);
    void placeGutter();
    void updateGutter();
    QFont bandFont() const;
    QString bandLabel(std::size_t band, const QFontMetricsF& fm) const;

    QGraphicsScene* m_scene;
    Session m_session;
    std::uint32_t m_selectedPg = kNoPg;
    double m_targetAspect = 0; // 0: follow the viewport
    int m_perRow = 0;
    double m_layoutAspect = 0; // the aspect the scene was laid out for
    double m_layoutWidth = 0;  // the readableWidth() it was laid out for
    std::unordered_map<std::uint32_t, PgNodeItem*> m_nodes;
    bool m_userZoomed = false;
    std::vector<std::uint32_t>
        m_expandedPgs;                    // sorted: PGs shown as their own nodes although they'd aggregate
    std::vector<std::uint32_t> m_onlyPgs; // sorted: the PGs shown; empty: all
    bool m_layingOut = false;
    LatestResult m_work;
    PgGraphLayout m_layout; // what the scene shows
    PgBandGutter* m_gutter;
    std::vector<QGraphicsSimpleTextItem*> m_bandItems; // shown only while rendering a picture
};

} // namespace fd
