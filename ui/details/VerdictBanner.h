#pragma once

#include "core/analysis/SnapshotProgress.h"
#include "ui/session/Session.h"

#include <QFrame>

#include <optional>

class QLabel;

namespace fd {

// The verdict and its reason in plain words, at the top of the window and of the exported report.
class VerdictBanner : public QFrame
{
    Q_OBJECT
public:
    explicit VerdictBanner(QWidget* parent = nullptr);
    void setSession(const Session& session);
    void setLoading(const QString& text);
    // Two snapshots of the open job compared (a second capture of it): "advancing: not a hang; rank 3 is
    // slow" leads the reason, and the title says Hung or Advancing. Cleared by the next setSession().
    void setProgress(const SnapshotProgress& progress);
    QString text() const;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void applyColours();
    QLabel* m_verdict;
    QLabel* m_reason;
    QString m_sessionReason; // the reason as setSession() wrote it, for setProgress() to lead with its line
    std::optional<Verdict> m_verdictShown; // none while loading or with nothing open
};

} // namespace fd
