#include "EvidencePanel.h"

#include "ProgressPicture.h"

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
        m_progress.reset();
        relayout(width());
    }

    void setProgress(const SnapshotProgress& progress)
    {
        m_progress = progress;
        relayout(width());
    }

    void relayout(int width)
    {
        m_sheet = m_analysis ? layoutEvidenceSheet(*m_analysis, font(), std::max(200, width - 2 * kSheetGap),
                                                   m_analysis->evidence.size())
                             : EvidenceSheet{};
        m_progressHeight = m_progress ? ProgressPicture(*m_progress, font()).size().height() + kSheetGap : 0;
        setMinimumHeight(m_progressHeight + m_sheet.size.height() + 2 * kSheetGap);
        update();
    }

    int panelCount() const { return int(m_sheet.panels.size()); }
    const std::optional<SnapshotProgress>& progress() const { return m_progress; }

protected:
    void paintEvent(QPaintEvent*) override
    {
        QPainter p(this);
        if (m_progress)
            ProgressPicture(*m_progress, font()).paint(p, QPoint(kSheetGap, kSheetGap), palette());
        if (!m_analysis || m_analysis->evidence.empty()) {
            p.setPen(palette().color(QPalette::PlaceholderText));
            p.drawText(rect().adjusted(0, m_progressHeight, 0, 0), Qt::AlignCenter,
                       m_analysis ? EvidencePanel::tr("Nothing diverged: no evidence to show")
                                  : EvidencePanel::tr("Open a job to see its evidence"));
            return;
        }
        paintEvidenceSheet(p, QPoint(kSheetGap, kSheetGap + m_progressHeight), m_sheet, *m_analysis, font(),
                           palette());
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
    std::optional<SnapshotProgress> m_progress;
    EvidenceSheet m_sheet;
    int m_progressHeight = 0; // the two snapshots' picture and its gap, above the findings
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

void EvidencePanel::setProgress(const SnapshotProgress& progress)
{
    m_sheet->setProgress(progress);
}

const std::optional<SnapshotProgress>& EvidencePanel::progress() const
{
    return m_sheet->progress();
}

int EvidencePanel::panelCount() const
{
    return m_sheet->panelCount();
}

} // namespace fd
