#pragma once

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
    QString text() const;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void applyColours();
    QLabel* m_verdict;
    QLabel* m_reason;
    std::optional<Verdict> m_verdictShown; // none while loading or with nothing open
};

} // namespace fd
