#include "VerdictBanner.h"

#include "core/model/RankListText.h"
#include "ui/support/Theme.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>

namespace fd {

VerdictBanner::VerdictBanner(QWidget* parent)
    : QFrame(parent), m_verdict(new QLabel(this)), m_reason(new QLabel(this))
{
    setFrameShape(QFrame::StyledPanel);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(12, 8, 12, 8);
    layout->setSpacing(16);
    QFont f = m_verdict->font();
    f.setPointSizeF(f.pointSizeF() * 1.6);
    f.setBold(true);
    m_verdict->setFont(f);
    m_reason->setWordWrap(true);
    m_reason->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_verdict);
    layout->addWidget(m_reason, 1);
    setSession(Session{});
}

namespace {

QString verdictTitle(Verdict v)
{
    switch (v) {
    case Verdict::NoHang:
        return VerdictBanner::tr("No hang");
    case Verdict::Continue:
        return VerdictBanner::tr("Continue");
    case Verdict::Stop:
        return VerdictBanner::tr("Stop");
    case Verdict::Unknown:
        return VerdictBanner::tr("Unknown");
    }
    return {};
}

} // namespace

void VerdictBanner::setSession(const Session& session)
{
    if (!session.job) {
        m_verdictShown.reset();
        m_verdict->setText(tr("FlightDeck"));
        m_reason->setText(
            tr("Open a Flight Recorder dump directory, files or a prefix (Ctrl+O), or drop them here."));
        applyColours();
        return;
    }
    if (session.job->dumps.empty()) {
        // Nothing was read (a refused archive, a folder without dumps): there is no verdict, only reasons.
        m_verdictShown.reset();
        m_verdict->setText(tr("No dump read"));
        m_reason->setText(tr("No dump could be read from %1: Load problems says why.")
                              .arg(session.job->source.toHtmlEscaped()));
        applyColours();
        return;
    }
    const Analysis& a = *session.analysis;
    m_verdictShown = a.verdict;
    m_verdict->setText(verdictTitle(a.verdict).toUpper());
    QString reason = a.reason.isEmpty() ? tr("No explanation given.") : a.reason;
    if (!a.culprits.empty())
        reason += QStringLiteral("<br><b>") +
                  tr("Culprit ranks: %1").arg(rankRangeText(a.hangingRanks(), 16)) + QStringLiteral("</b>");
    if (const FrontierItem* f = a.divergence())
        reason += QStringLiteral(" · ") +
                  tr("frontier: %1 #%2 on %3").arg(f->opType).arg(f->seqId).arg(a.pgLabel(f->pgIndex));
    m_reason->setText(reason);
    m_sessionReason = reason;
    applyColours();
}

void VerdictBanner::setProgress(const SnapshotProgress& progress)
{
    const bool advancing = progress.state == ProgressState::Advancing;
    m_verdict->setText((advancing ? tr("Advancing") : tr("Hung")).toUpper());
    if (advancing)
        m_verdictShown = Verdict::NoHang; // moving is no hang, whatever the newer snapshot shows pending
    m_reason->setText(QStringLiteral("<b>") + progress.summary.toHtmlEscaped() + QStringLiteral("</b><br>") +
                      tr("Compared with the capture before (%1).").arg(progress.olderSource.toHtmlEscaped()) +
                      QStringLiteral("<br>") + m_sessionReason);
    applyColours();
}

void VerdictBanner::setLoading(const QString& text)
{
    m_verdictShown.reset();
    m_verdict->setText(tr("Loading"));
    m_reason->setText(text);
    applyColours();
}

QString VerdictBanner::text() const
{
    return m_verdict->text() + QLatin1Char(' ') + m_reason->text();
}

void VerdictBanner::applyColours()
{
    update();
}

void VerdictBanner::paintEvent(QPaintEvent* event)
{
    // The verdict colour is painted, not put into our palette: the palette stays the window's (or the
    // export's), so switching to the dark palette flips background and text together.
    QPainter p(this);
    p.fillRect(rect(), theme::verdictBackground(m_verdictShown, palette()));
    p.end();
    QFrame::paintEvent(event);
}

} // namespace fd
