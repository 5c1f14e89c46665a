#pragma once

#include <QString>
#include <QWidget>

#include <vector>

namespace fd {

// The band names of the process-group graph ("default_pg", "DP", "TP"), in a column beside its viewport: they
// stay on screen whatever part of a wide graph is scrolled into view, and never cover a node's text. The view
// (PgGraphView) says where each band's first row is on screen; the gutter only paints and explains.
class PgBandGutter : public QWidget
{
    Q_OBJECT
public:
    struct Band
    {
        QString label;   // elided to the column
        QString toolTip; // the band's whole description
        int rowTop = 0;  // the top of its first row of nodes, in this widget's coordinates
        int rowHeight = 0;
    };

    explicit PgBandGutter(QWidget* parent = nullptr);

    // Muted, so that the names explain the layering without competing with the nodes; the graph's pictures
    // draw them in it too.
    static QColor labelColour(const QPalette& palette);
    // The column's width for these labels at the full size of the font.
    static int widthFor(const std::vector<QString>& labels, const QFont& font);
    // Repaints only when something moved or changed.
    void setBands(std::vector<Band> bands, const QFont& font);
    // Where band `band`'s label is drawn, in this widget's coordinates (empty when off screen).
    QRect labelRect(std::size_t band) const;
    std::size_t bandCount() const { return m_bands.size(); }

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

private:
    static constexpr int kPadding = 8;
    std::vector<Band> m_bands;
    QFont m_labelFont;
};

} // namespace fd
