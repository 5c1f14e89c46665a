#include "EvidencePanel.h"

#include <QEvent>
#include <QPainter>

namespace fd {

class EvidencePanel::Sheet : public QWidget
{
public:
    explicit Sheet(QWidget* parent) : QWidget(parent) {}

    void setAnalysis(std::shared_ptr<const Analysis> analysis)
    {
        m_analysis = std::move(analysis);
        relayout(width());
    }

    void relayout(int width)
    {
        m_sheet = m_analysis ? layoutEvidenceSheet(*m_analysis, font(), std::max(200, width - 2 * kSheetGap),
                                                   m_analysis->evidence.size())
                             : EvidenceSheet{};
        setMinimumHeight(m_sheet.size.height() + 2 * kSheetGap);
        update();
    }

    int panelCount() const { return int(m_sheet.panels.size()); }

protected:
    void paintEvent(QPaintEvent*) override
    {
        QPainter p(this);
        if (!m_analysis || m_analysis->evidence.empty()) {
            p.setPen(palette().color(QPalette::PlaceholderText));
            p.drawText(rect(), Qt::AlignCenter,
                       m_analysis ? EvidencePanel::tr("Nothing diverged: no evidence to show")
                                  : EvidencePanel::tr("Open a job to see its evidence"));
            return;
        }
        paintEvidenceSheet(p, QPoint(kSheetGap, kSheetGap), m_sheet, *m_analysis, font(), palette());
    }

    void resizeEvent(QResizeEvent* event) override
    {
        QWidget::resizeEvent(event);
        relayout(width());
    }

    void changeEvent(QEvent* event) override
    {
        QWidget::changeEvent(event);
        if (event->type() == QEvent::FontChange)
            relayout(width());
    }

private:
    std::shared_ptr<const Analysis> m_analysis;
    EvidenceSheet m_sheet;
};

EvidencePanel::EvidencePanel(QWidget* parent) : QScrollArea(parent), m_sheet(new Sheet(this))
{
    setWidgetResizable(true);
    setWidget(m_sheet);
    setAccessibleName(tr("Evidence"));
}

void EvidencePanel::setAnalysis(std::shared_ptr<const Analysis> analysis)
{
    m_sheet->setAnalysis(std::move(analysis));
}

int EvidencePanel::panelCount() const
{
    return m_sheet->panelCount();
}

} // namespace fd
