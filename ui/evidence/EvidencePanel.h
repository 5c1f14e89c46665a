#pragma once

#include "EvidencePainter.h"

#include <QScrollArea>

#include <memory>

namespace fd {

// The Evidence dock: one panel per finding (core's Analysis::evidence), so the reason text can be checked
// cell by cell. Painting only: the cells were computed once, by the analysis.
class EvidencePanel : public QScrollArea
{
    Q_OBJECT
public:
    explicit EvidencePanel(QWidget* parent = nullptr);

    void setAnalysis(std::shared_ptr<const Analysis> analysis); // null clears it
    int panelCount() const;

private:
    class Sheet;
    Sheet* m_sheet;
};

} // namespace fd
