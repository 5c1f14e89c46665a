#pragma once

#include "EvidencePainter.h"

#include "core/analysis/SnapshotProgress.h"

#include <QScrollArea>

#include <memory>
#include <optional>

namespace fd {

// The Evidence dock: one panel per finding (core's Analysis::evidence), so the reason text can be checked
// cell by cell. When two snapshots of the job were compared (a second capture, a second dump set under
// watch), the two side by side come first (ProgressPicture). Painting only: the cells were computed once, by
// core.
class EvidencePanel : public QScrollArea
{
    Q_OBJECT
public:
    explicit EvidencePanel(QWidget* parent = nullptr);

    void setAnalysis(std::shared_ptr<const Analysis> analysis); // null clears it, and the progress
    // The comparison of the open job with its previous snapshot; cleared by the next setAnalysis().
    void setProgress(const SnapshotProgress& progress);
    int panelCount() const;
    const std::optional<SnapshotProgress>& progress() const;

private:
    class Sheet;
    Sheet* m_sheet;
};

} // namespace fd
