#include "ExplainPanel.h"

#include "ExplainFindings.h"
#include "ExplainSettings.h"
#include "LlmSettingsDialog.h"
#include "core/llm/LlmClient.h"
#include "core/llm/LlmPrompt.h"
#include "core/model/RankListText.h"
#include "core/report/LlmFindings.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QTextBrowser>
#include <QTextCursor>
#include <QVBoxLayout>

#include <cmath>

namespace fd {

namespace {

// Fixed text and background pairs rather than palette roles: a banner must read the same in light and dark
// themes, and its colour carries the meaning (agree / disagree / no comparison).
QString bannerStyle(const QString& kind)
{
    QString colours = QStringLiteral("background: #eef0f3; color: #30343a; border: 1px solid #c9ced6;");
    if (kind == QLatin1String("agree"))
        colours = QStringLiteral("background: #e3f4e8; color: #1d5e32; border: 1px solid #9fd3ae;");
    else if (kind == QLatin1String("disagree"))
        colours = QStringLiteral("background: #fff1d6; color: #7a4b00; border: 1px solid #f0c36d;");
    return colours + QStringLiteral(" border-radius: 4px; padding: 6px 8px;");
}

bool atBottom(const QTextBrowser* browser)
{
    const QScrollBar* bar = browser->verticalScrollBar();
    return bar->value() >= bar->maximum() - 4;
}

} // namespace

ExplainPanel::ExplainPanel(QWidget* parent)
    : QWidget(parent), m_client(new LlmClient(this)), m_settings(explainsettings::load())
{
    setObjectName(QStringLiteral("explainPanel"));

    m_verdict = new QLabel(this);
    m_verdict->setObjectName(QStringLiteral("verdictLine"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextFormat(Qt::RichText);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict->setStyleSheet(QStringLiteral(
        "background: #f4f6f9; color: #1f2328; border-left: 4px solid #3b6fb6; padding: 6px 8px;"));

    m_banner = new QLabel(this);
    m_banner->setObjectName(QStringLiteral("agreementBanner"));
    m_banner->setWordWrap(true);
    m_banner->setTextFormat(Qt::PlainText);
    m_banner->hide();

    m_narrativeTitle =
        new QLabel(tr("LLM narrative (may be wrong: the analysis verdict above stands)"), this);
    m_narrativeTitle->setWordWrap(true);
    m_narrativeTitle->setForegroundRole(QPalette::PlaceholderText);

    m_narrative = new QTextBrowser(this);
    m_narrative->setObjectName(QStringLiteral("narrative"));
    // An answer may contain links; nothing in it should be followed or fetched by a click.
    m_narrative->setOpenLinks(false);
    m_narrative->setOpenExternalLinks(false);
    m_narrative->document()->setDocumentMargin(8);

    m_explain = new QPushButton(tr("&Explain"), this);
    m_explain->setObjectName(QStringLiteral("explainButton"));
    m_explain->setToolTip(tr("Send the analysis findings (not the dumps) to the LLM and show its narrative"));
    m_cancel = new QPushButton(tr("&Cancel"), this);
    m_cancel->setObjectName(QStringLiteral("cancelButton"));
    m_settingsButton = new QPushButton(tr("&Settings..."), this);
    m_settingsButton->setObjectName(QStringLiteral("settingsButton"));

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_explain);
    buttons->addWidget(m_cancel);
    buttons->addStretch(1);
    buttons->addWidget(m_settingsButton);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_verdict);
    layout->addWidget(m_banner);
    layout->addWidget(m_narrativeTitle);
    layout->addWidget(m_narrative, 1);
    layout->addLayout(buttons);
    layout->addWidget(m_status);

    connect(m_explain, &QPushButton::clicked, this, &ExplainPanel::explain);
    connect(m_cancel, &QPushButton::clicked, this, &ExplainPanel::cancel);
    connect(m_settingsButton, &QPushButton::clicked, this, &ExplainPanel::openSettings);
    connect(m_client, &LlmClient::textChunk, this, &ExplainPanel::onChunk);
    connect(m_client, &LlmClient::retrying, this, &ExplainPanel::onRetrying);
    connect(m_client, &LlmClient::finished, this, &ExplainPanel::onFinished);
    connect(m_client, &LlmClient::failed, this, &ExplainPanel::onFailed);
    m_retryTick.setInterval(250);
    connect(&m_retryTick, &QTimer::timeout, this, &ExplainPanel::updateRetryCountdown);

    clearFindings();
}

ExplainPanel::~ExplainPanel() = default;

void ExplainPanel::setAnalysis(const std::shared_ptr<const Analysis>& analysis)
{
    if (!analysis) {
        clearFindings();
        return;
    }
    if (m_client->isRunning())
        m_client->cancel();
    m_analysis = analysis;
    const std::vector<int> hanging = analysis->hangingRanks(); // the ranks the agreement banner compares with
    m_ourRanks = {hanging.begin(), hanging.end()};
    m_verdictText = explainVerdictText(*analysis);
    m_streamed.clear();
    m_narrative->clear();
    m_banner->hide();
    updateVerdictLine();
    updateButtons();
    showIdleStatus();
}

void ExplainPanel::clearFindings()
{
    if (m_client->isRunning())
        m_client->cancel();
    m_analysis.reset();
    m_ourRanks.clear();
    m_verdictText.clear();
    m_streamed.clear();
    m_narrative->clear();
    m_banner->hide();
    updateVerdictLine();
    updateButtons();
    showIdleStatus();
}

void ExplainPanel::setSettings(const LlmSettings& settings)
{
    m_settings = settings;
    m_settings.stream = true; // the panel is built around text appearing as it comes
    showIdleStatus();
}

void ExplainPanel::setHomeDir(const QString& homeDir)
{
    m_homeDir = homeDir;
}

bool ExplainPanel::isRunning() const
{
    return m_client->isRunning();
}

QString ExplainPanel::narrativeText() const
{
    return m_narrative->toPlainText();
}

QString ExplainPanel::bannerText() const
{
    return m_banner->isHidden() ? QString() : m_banner->text();
}

QString ExplainPanel::statusText() const
{
    return m_status->text();
}

QString ExplainPanel::verdictLineText() const
{
    return m_verdict->text();
}

void ExplainPanel::explain()
{
    if (!m_analysis) {
        setStatus(tr("Nothing to explain yet: load dumps first."), true);
        return;
    }
    m_streamed.clear();
    m_narrative->clear();
    m_banner->hide();
    m_client->setSettings(m_settings);
    m_elapsed.start();
    m_client->ask(buildLlmMessages(llmFindings(*m_analysis)));
    m_narrative->setPlaceholderText(tr("Waiting for %1 to answer...").arg(m_settings.model));
    setStatus(tr("Asking %1 at %2...").arg(m_settings.model, m_settings.endpoint().host()));
    updateButtons();
}

void ExplainPanel::cancel()
{
    m_client->cancel(); // emits failed(Cancelled) at once; onFailed() updates the panel
}

void ExplainPanel::openSettings()
{
    LlmSettingsDialog dialog(m_settings, m_sessionKey, this);
    dialog.setHomeDir(m_homeDir);
    if (dialog.exec() != QDialog::Accepted)
        return;
    m_sessionKey = dialog.sessionKey();
    setSettings(explainsettings::load(m_sessionKey, m_homeDir));
}

void ExplainPanel::onChunk(const QString& text)
{
    m_retryTick.stop();
    m_streamed += text;
    const bool follow = atBottom(m_narrative);
    QTextCursor cursor(m_narrative->document());
    cursor.movePosition(QTextCursor::End);
    cursor.insertText(text);
    if (follow)
        m_narrative->verticalScrollBar()->setValue(m_narrative->verticalScrollBar()->maximum());
    setStatus(
        tr("Receiving from %1... (%n character(s))", nullptr, int(m_streamed.size())).arg(m_settings.model));
}

void ExplainPanel::onRetrying(int attempt, int delayMs, const QString& reason)
{
    m_retryAttempt = attempt;
    m_retryReason = scrubSecret(reason, m_settings.apiKey);
    m_retryDeadline = QDeadlineTimer(delayMs);
    m_retryTick.start();
    updateRetryCountdown();
}

void ExplainPanel::updateRetryCountdown()
{
    const qint64 remainingMs = m_retryDeadline.remainingTime();
    if (remainingMs <= 0) {
        m_retryTick.stop();
        setStatus(
            tr("Retrying now (attempt %1 of %2)...").arg(m_retryAttempt).arg(m_settings.maxRetries + 1));
        return;
    }
    const int seconds = int(std::ceil(double(remainingMs) / 1000.0));
    setStatus(tr("%1; retrying in %n s (attempt %2 of %3)", nullptr, seconds)
                  .arg(m_retryReason)
                  .arg(m_retryAttempt)
                  .arg(m_settings.maxRetries + 1));
}

void ExplainPanel::onFinished(const LlmAnswer& answer)
{
    m_retryTick.stop();
    // The stream was shown as plain text; now that it is whole, render its markdown (lists, emphasis). Raw
    // HTML stays text: the answer comes from a remote server.
    const bool follow = atBottom(m_narrative);
    m_narrative->document()->setMarkdown(
        answer.text, QTextDocument::MarkdownFeatures(QTextDocument::MarkdownDialectGitHub |
                                                     QTextDocument::MarkdownNoHTML));
    if (follow)
        m_narrative->verticalScrollBar()->setValue(m_narrative->verticalScrollBar()->maximum());

    const RankAgreement agreement = compareWithVerdict(m_ourRanks, answer.parsedRanks);
    if (!agreement.llmNamedRanks) {
        showBanner(tr("The answer has no \"hanging ranks\" line to compare; the analysis names %1.")
                       .arg(rankSetText(m_ourRanks)),
                   QStringLiteral("none"));
    } else if (agreement.agree) {
        showBanner(
            tr("\u2714 The LLM agrees with the analysis: hanging ranks %1.").arg(rankSetText(m_ourRanks)),
            QStringLiteral("agree"));
    } else {
        QStringList parts;
        if (!agreement.onlyInLlm.empty())
            parts << tr("the LLM names extra ranks %1 that the analysis does not flag")
                         .arg(rankSetText(agreement.onlyInLlm));
        if (!agreement.onlyInOurs.empty())
            parts << tr("the LLM misses ranks %1 that the analysis flags")
                         .arg(rankSetText(agreement.onlyInOurs));
        showBanner(tr("\u26a0 Disagreement: %1. Trust the analysis verdict.").arg(parts.join(tr("; "))),
                   QStringLiteral("disagree"));
    }

    QString status = tr("Answer from %1 in %2 s")
                         .arg(answer.model.isEmpty() ? m_settings.model : answer.model)
                         .arg(double(m_elapsed.elapsed()) / 1000.0, 0, 'f', 1);
    if (answer.usage)
        status += tr(", %n token(s)", nullptr, answer.usage->totalTokens);
    if (answer.attempts > 1)
        status += tr(", after %n attempt(s)", nullptr, answer.attempts);
    if (answer.finishReason == QLatin1String("length"))
        status += tr(" (cut off by the server's token limit)");
    setStatus(status + QLatin1Char('.'));
    updateButtons();
    Q_EMIT answerReady(answer, agreement);
}

void ExplainPanel::onFailed(const LlmError& error)
{
    m_retryTick.stop();
    // LlmClient already scrubs its messages; scrub again here so nothing that reaches a label can carry the
    // key.
    const QString message = scrubSecret(error.message, m_settings.apiKey);
    if (error.kind == LlmErrorKind::Cancelled) {
        m_narrative->setPlaceholderText(tr("Cancelled before any text arrived."));
        setStatus(m_streamed.isEmpty() ? tr("Cancelled.")
                                       : tr("Cancelled; the partial answer above was not compared with the "
                                            "verdict."));
        updateButtons();
        return;
    }
    QString hint;
    switch (error.kind) {
    case LlmErrorKind::MissingKey:
        hint = tr("Use Settings... to enter a key.");
        break;
    case LlmErrorKind::Unauthorized:
        hint = tr("Check the key in Settings...");
        break;
    case LlmErrorKind::InvalidUrl:
    case LlmErrorKind::InsecureUrl:
    case LlmErrorKind::Unreachable:
    case LlmErrorKind::RequestRejected:
        hint = tr("Check the base URL and model in Settings...");
        break;
    case LlmErrorKind::Timeout:
        hint = tr("Settings... sets how long to wait.");
        break;
    default:
        break;
    }
    // The placeholder is where the eye goes; the details stay on the status line.
    m_narrative->setPlaceholderText(tr("No narrative: the request failed (see below)."));
    setStatus(hint.isEmpty() ? message : message + QLatin1Char(' ') + hint, true);
    updateButtons();
}

void ExplainPanel::showBanner(const QString& text, const QString& kind)
{
    m_banner->setStyleSheet(bannerStyle(kind));
    m_banner->setProperty("agreement", kind);
    m_banner->setText(text);
    m_banner->show();
}

void ExplainPanel::setStatus(const QString& text, bool isError)
{
    m_status->setStyleSheet(isError ? QStringLiteral("color: #c0392b;") : QString());
    m_status->setProperty("error", isError);
    m_status->setText(text);
}

void ExplainPanel::updateVerdictLine()
{
    if (!m_analysis) {
        m_verdict->setText(tr("<b>Analysis verdict:</b> no dumps loaded."));
        return;
    }
    m_verdict->setText(tr("<b>Analysis verdict:</b> %1<br/><b>Hanging ranks:</b> %2")
                           .arg(m_verdictText.toHtmlEscaped(), rankSetText(m_ourRanks).toHtmlEscaped()));
}

void ExplainPanel::updateButtons()
{
    const bool running = m_client->isRunning();
    m_explain->setEnabled(m_analysis && !running);
    m_cancel->setEnabled(running);
    m_settingsButton->setEnabled(!running);
}

void ExplainPanel::showIdleStatus()
{
    if (m_client->isRunning())
        return;
    m_narrative->setPlaceholderText(
        m_analysis ? tr("Press Explain to ask %1 for a plain-language account of these findings.")
                         .arg(m_settings.model)
                   : tr("Load dumps to get findings to explain."));
    // describe() names where the key comes from, never the key.
    setStatus(m_settings.describe(), false);
}

} // namespace fd
