#pragma once

#include "core/llm/HangingRanks.h"
#include "core/llm/LlmError.h"
#include "core/llm/LlmSettings.h"
#include "core/llm/LlmTypes.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

#include <memory>
#include <set>

class QLabel;
class QPushButton;
class QTextBrowser;

namespace fd {

struct Analysis;
class LlmClient;

// The "Explain" panel: asks an OpenAI-compatible model for a plain-language narrative of the analysis
// findings and shows it under our own verdict, never in its place. Only the findings JSON (verdict, frontier,
// culprits, victims, mismatches, health) is sent, through buildLlmMessages(); never dumps.
//
// The text streams in as it arrives; the "hanging ranks: {...}" line the model ends with is compared with our
// culprits and a banner says whether it agrees, names extra ranks or misses some. Errors (no key, 401,
// unreachable host, malformed answer) and retries ("retrying in N s") go to the status line; the key never
// does. The panel owns its LlmClient and its settings (QSettings group "llm", key files, or a key kept in
// memory for the session), so the main window only feeds it findings.
class ExplainPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ExplainPanel(QWidget* parent = nullptr);
    ~ExplainPanel() override;

    // What to explain: an analysis, whose findings (report/LlmFindings.h) are what flightdeck-cli -l sends,
    // shown with its verdict and the ranks it names (ExplainFindings.h); null clears the panel. A running
    // request is cancelled and the previous narrative cleared: it described other findings.
    void setAnalysis(const std::shared_ptr<const Analysis>& analysis);
    void clearFindings();
    bool hasFindings() const { return m_analysis != nullptr; }

    // Replaces the settings resolved at construction (tests, or a main window with CLI overrides).
    void setSettings(const LlmSettings& settings);
    const LlmSettings& settings() const { return m_settings; }
    // Where the settings dialog looks for and writes key files; tests use a temporary directory.
    void setHomeDir(const QString& homeDir);

    bool isRunning() const;
    QString narrativeText() const; // plain text of the narrative area
    QString bannerText() const;    // empty while no answer is shown
    QString statusText() const;
    QString verdictLineText() const;
    LlmClient* client() const { return m_client; }

public Q_SLOTS:
    void explain();
    void cancel();
    void openSettings();

Q_SIGNALS:
    // A complete answer arrived; the main window may put it into an exported report.
    void answerReady(const fd::LlmAnswer& answer, const fd::RankAgreement& agreement);

private:
    void onChunk(const QString& text);
    void onRetrying(int attempt, int delayMs, const QString& reason);
    void onFinished(const LlmAnswer& answer);
    void onFailed(const LlmError& error);
    void updateRetryCountdown();
    void showBanner(const QString& text, const QString& kind);
    void setStatus(const QString& text, bool isError = false);
    void updateVerdictLine();
    void updateButtons();
    void showIdleStatus();

    LlmClient* m_client = nullptr;
    LlmSettings m_settings;
    QString m_sessionKey; // typed in the dialog without "remember": memory only
    QString m_homeDir;

    // The findings JSON is made when Explain is pressed, not when a job opens: at a thousand ranks building
    // it held the GUI thread for a large part of a second, for a panel rarely used.
    std::shared_ptr<const Analysis> m_analysis;
    std::set<int> m_ourRanks;
    QString m_verdictText;
    QString m_streamed;

    QTimer m_retryTick;
    QDeadlineTimer m_retryDeadline;
    int m_retryAttempt = 0;
    QString m_retryReason;
    QElapsedTimer m_elapsed;

    QLabel* m_verdict = nullptr;
    QLabel* m_banner = nullptr;
    QLabel* m_narrativeTitle = nullptr;
    QTextBrowser* m_narrative = nullptr;
    QPushButton* m_explain = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_settingsButton = nullptr;
    QLabel* m_status = nullptr;
};

} // namespace fd
