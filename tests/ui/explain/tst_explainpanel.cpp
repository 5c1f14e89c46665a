// The Explain panel and the LLM settings dialog against a fake OpenAI-compatible server on 127.0.0.1.
#include "tests/support/LlmExchange.h"

#include "core/analysis/Analysis.h"
#include "core/llm/LlmClient.h"
#include "core/llm/LlmKeyStore.h"
#include "core/pipeline/Pipeline.h"
#include "core/report/LlmFindings.h"
#include "tools/synth/ScenarioBuilder.h"
#include "ui/explain/ExplainFindings.h"
#include "ui/explain/ExplainPanel.h"
#include "ui/explain/ExplainSettings.h"
#include "ui/explain/LlmSettingsDialog.h"

#include <QApplication>
#include <QCheckBox>
#include <QElapsedTimer>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

#include <nlohmann/json.hpp>

using namespace fd;
using fd::test::FakeLlmServer;
using fd::test::FakeResponse;

namespace {

const QString kKey = QStringLiteral("sk-test-SECRET-0123456789");

LlmSettings settingsFor(const QString& baseUrl, const QString& key = kKey)
{
    return fd::test::fakeServerSettings(baseUrl, key);
}

// A committed job read and analysed by the pipeline, as the main window hands it to the panel.
std::shared_ptr<const Analysis> analysisOf(const QString& dir)
{
    LoadRequest request;
    request.options.frPath = dir;
    return loadAndAnalyse(request).analysis;
}

void writeDumps(const QString& dir, const std::map<int, std::string>& dumps)
{
    for (const auto& [rank, bytes] : dumps) {
        QFile file(dir + QStringLiteral("/_dump_%1").arg(rank));
        QVERIFY(file.open(QIODevice::WriteOnly));
        QCOMPARE(file.write(bytes.data(), qint64(bytes.size())), qint64(bytes.size()));
    }
}

// tests/data/dumps/health: rank 3's collective stays pending although its peers completed it (and its GPU
// check failed); the analysis names rank 3 alone.
std::shared_ptr<const Analysis> rank3Culprit()
{
    static const std::shared_ptr<const Analysis> analysis =
        analysisOf(QStringLiteral(FD_TEST_DATA "/dumps/health"));
    return analysis;
}

// The end of a request: the client went idle (finished or failed).
bool waitIdle(ExplainPanel& panel, int ms = 5000)
{
    return QTest::qWaitFor([&] { return !panel.isRunning(); }, ms);
}

// The picture a user sees, for a look by eye: FD_EXPLAIN_GRAB_DIR=/tmp writes explain-<name>.png there.
void grabForReview(QWidget& panel, const QString& name)
{
    const QString dir = qEnvironmentVariable("FD_EXPLAIN_GRAB_DIR");
    if (dir.isEmpty())
        return;
    if (qobject_cast<ExplainPanel*>(&panel))
        panel.resize(640, 520);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QVERIFY(panel.grab().save(dir + QStringLiteral("/explain-") + name + QStringLiteral(".png")));
}

QPushButton* button(ExplainPanel& panel, const char* name)
{
    return panel.findChild<QPushButton*>(QLatin1String(name));
}

} // namespace

class TestExplainPanel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        // The machine's own key and model must not leak into the tests (nor the tests into the user's files).
        for (const char* name : {"LLM_API_KEY", "LLM_API_KEY_FILE", "NVRX_LLM_MODEL", "NVRX_LLM_BASE_URL"})
            qunsetenv(name);
        QVERIFY(m_config.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_config.path());
        QCoreApplication::setOrganizationName(QStringLiteral("FlightDeckTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_explainpanel"));
    }

    void init() { QSettings().clear(); }

    void verdictLineBeforeAndAfterFindings()
    {
        ExplainPanel panel;
        QVERIFY(panel.verdictLineText().contains(QStringLiteral("no dumps loaded")));
        QVERIFY(!button(panel, "explainButton")->isEnabled());
        // The reason is text, never markup: a PG description is whatever the training script passed to
        // new_group(), and the reason quotes it.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        scenario::ScenarioBuilder job(4);
        job.group("0", "default_pg", {0, 1, 2, 3});
        job.group("1", "<b>tp</b> & more", {0, 1, 2, 3});
        job.collective("1", scenario::Op("nccl:all_reduce"), scenario::State::Completed);
        job.collective("1", scenario::Op("nccl:all_reduce"),
                       {{0, scenario::State::Scheduled},
                        {1, std::nullopt},
                        {2, scenario::State::Scheduled},
                        {3, scenario::State::Scheduled}});
        writeDumps(dir.path(), job.dumps({}));
        panel.setAnalysis(analysisOf(dir.path()));
        const QString line = panel.verdictLineText();
        QVERIFY2(line.contains(QStringLiteral("CONTINUE: ")), qPrintable(line));
        QVERIFY2(line.contains(QStringLiteral("&lt;b&gt;tp&lt;/b&gt; &amp; more")), qPrintable(line));
        QVERIFY2(!line.contains(QStringLiteral("<b>tp")), qPrintable(line));
        QVERIFY2(line.contains(QStringLiteral("{1}")), qPrintable(line));
        QVERIFY(button(panel, "explainButton")->isEnabled());
        QVERIFY(!button(panel, "cancelButton")->isEnabled());
    }

    // The findings sent to the model come from the engine's analysis of a real job: rank 2 of
    // tests/data/scenarios/stops-issuing never issued the world all_reduce its peers wait in.
    void fromAnalysis()
    {
        const auto analysis = analysisOf(QStringLiteral(FD_TEST_DATA "/scenarios/stops-issuing"));
        QVERIFY(analysis);
        QCOMPARE(analysis->hangingRanks(), std::vector<int>{2});

        const nlohmann::json findings = llmFindings(*analysis);
        QVERIFY(!findings.contains("ranks")); // per-rank tables stay home, as with flightdeck-cli -l
        QVERIFY(findings.contains("culprits"));
        QVERIFY(findings.contains("fr_attribution_table"));

        FakeLlmServer server;
        server.enqueue(FakeResponse::stream({QStringLiteral("hanging ranks: {2}")}));
        ExplainPanel panel;
        panel.setSettings(settingsFor(server.baseUrl()));
        panel.setAnalysis(analysis);
        QVERIFY2(
            panel.verdictLineText().contains(QStringLiteral("CONTINUE: The hang is explained by rank(s) 2")),
            qPrintable(panel.verdictLineText()));
        panel.explain();
        QVERIFY(waitIdle(panel));
        QVERIFY(panel.bannerText().contains(QStringLiteral("agrees with the analysis")));
        const auto body = nlohmann::json::parse(server.requests().first().body.toStdString());
        QVERIFY(body["messages"][1]["content"].get<std::string>().find("stopped_issuing") !=
                std::string::npos);

        panel.setAnalysis(nullptr);
        QVERIFY(!panel.hasFindings());
        QVERIFY(panel.verdictLineText().contains(QStringLiteral("no dumps loaded")));
    }

    void streamsChunksInOrder()
    {
        FakeLlmServer server;
        const QStringList pieces = {
            QStringLiteral("**Rank 3** stopped issuing collectives.\n\n"),
            QStringLiteral("- Ranks 0, 1 and 2 wait in `all_reduce` #42 of "
                           "`default_pg`.\n"),
            QStringLiteral("- Rank 3 last enqueued #41: its CPU never issued the next "
                           "collective (hung process, GIL, data loader).\n\n"),
            QStringLiteral("Isolate rank 3 and restart.\n\n"), QStringLiteral("hanging ranks: {3}")};
        server.enqueue(FakeResponse::stream(pieces));

        ExplainPanel panel;
        panel.resize(640, 520);
        panel.setSettings(settingsFor(server.baseUrl()));
        panel.setAnalysis(rank3Culprit());

        // Connected after the panel's own slot, so each snapshot shows what the panel displayed by then.
        QStringList snapshots;
        connect(panel.client(), &LlmClient::textChunk, this,
                [&](const QString&) { snapshots << panel.narrativeText(); });
        QSignalSpy answers(&panel, &ExplainPanel::answerReady);
        QTest::mouseClick(button(panel, "explainButton"), Qt::LeftButton);
        QVERIFY(panel.isRunning());
        QVERIFY(button(panel, "cancelButton")->isEnabled());
        QVERIFY(!button(panel, "explainButton")->isEnabled());
        QVERIFY(waitIdle(panel));

        QCOMPARE(answers.count(), 1);
        QCOMPARE(snapshots.size(), pieces.size());
        QString expected;
        for (int i = 0; i < pieces.size(); ++i) {
            expected += pieces[i];
            QCOMPARE(snapshots[i], expected);
        }
        // Once whole, the markdown is rendered: the emphasis markers are gone, the words stay.
        QVERIFY(!panel.narrativeText().contains(QStringLiteral("**")));
        QVERIFY(panel.narrativeText().contains(QStringLiteral("Rank 3 stopped issuing")));
        QVERIFY(panel.bannerText().contains(QStringLiteral("agrees with the analysis")));
        QCOMPARE(
            panel.findChild<QWidget*>(QStringLiteral("agreementBanner"))->property("agreement").toString(),
            QStringLiteral("agree"));
        QVERIFY(panel.statusText().contains(QStringLiteral("Answer from")));

        // Only findings went out, with the stream switched on.
        QCOMPARE(server.requests().size(), 1);
        const auto body = nlohmann::json::parse(server.requests().first().body.toStdString());
        QCOMPARE(body["stream"].get<bool>(), true);
        const std::string user = body["messages"][1]["content"].get<std::string>();
        QVERIFY(user.find("culprits") != std::string::npos);
        QVERIFY(user.find("broken_gpu") != std::string::npos);

        grabForReview(panel, QStringLiteral("streamed"));
    }

    void agreementBanner_data()
    {
        QTest::addColumn<QString>("answer");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("agree") << QStringLiteral("Rank 3.\nhanging ranks: {3}") << QStringLiteral("agree")
                               << QStringLiteral("agrees with the analysis: hanging ranks {3}");
        QTest::newRow("extra") << QStringLiteral("Ranks 3 and 5.\nhanging ranks: [3, 5]")
                               << QStringLiteral("disagree") << QStringLiteral("names extra ranks {5}");
        QTest::newRow("misses") << QStringLiteral("Nobody.\nhanging ranks: {}") << QStringLiteral("disagree")
                                << QStringLiteral("misses ranks {3}");
        QTest::newRow("both") << QStringLiteral("hanging ranks: {7}") << QStringLiteral("disagree")
                              << QStringLiteral("names extra ranks {7} that the analysis does not flag; the "
                                                "LLM misses ranks {3}");
        QTest::newRow("no line") << QStringLiteral("Something is wrong with rank 3.")
                                 << QStringLiteral("none") << QStringLiteral("no \"hanging ranks\" line");
    }

    void agreementBanner()
    {
        QFETCH(QString, answer);
        QFETCH(QString, kind);
        QFETCH(QString, expected);
        FakeLlmServer server;
        server.enqueue(FakeResponse::stream({answer}));
        ExplainPanel panel;
        panel.setSettings(settingsFor(server.baseUrl()));
        panel.setAnalysis(rank3Culprit());
        QCOMPARE(panel.bannerText(), QString());
        panel.explain();
        QVERIFY(waitIdle(panel));
        QVERIFY2(panel.bannerText().contains(expected), qPrintable(panel.bannerText()));
        QCOMPARE(
            panel.findChild<QWidget*>(QStringLiteral("agreementBanner"))->property("agreement").toString(),
            kind);
        // The verdict line is ours whatever the model says.
        QVERIFY(panel.verdictLineText().contains(explainVerdictText(*rank3Culprit()).toHtmlEscaped()));
        grabForReview(
            panel, QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-')));
    }

    void unauthorizedShowsNoKey()
    {
        FakeLlmServer server;
        // A gateway that echoes the key back in its error body.
        server.enqueue(FakeResponse::json(401, "{\"error\":{\"message\":\"Invalid API key " + kKey.toUtf8() +
                                                   " (Authorization: Bearer " + kKey.toUtf8() + ")\"}}"));
        ExplainPanel panel;
        panel.setSettings(settingsFor(server.baseUrl()));
        panel.setAnalysis(rank3Culprit());
        panel.explain();
        QVERIFY(waitIdle(panel));
        const QString status = panel.statusText();
        QVERIFY2(status.contains(QStringLiteral("401")), qPrintable(status));
        QVERIFY(status.contains(QStringLiteral("Settings")));
        QVERIFY(!status.contains(kKey));
        QVERIFY(!status.contains(QStringLiteral("SECRET")));
        QVERIFY(panel.findChild<QWidget*>(QStringLiteral("status"))->property("error").toBool());
        QCOMPARE(panel.bannerText(), QString());
        QVERIFY(panel.narrativeText().isEmpty());
        for (const QWidget* w : panel.findChildren<QWidget*>()) {
            if (const auto* edit = qobject_cast<const QLineEdit*>(w))
                QVERIFY(!edit->text().contains(kKey));
        }
        QVERIFY(button(panel, "explainButton")->isEnabled()); // a retry after fixing the key is one click
        grabForReview(panel, QStringLiteral("401"));
    }

    void missingKey()
    {
        ExplainPanel panel;
        panel.setSettings(settingsFor(QStringLiteral("http://127.0.0.1:9/v1"), QString()));
        panel.setAnalysis(rank3Culprit());
        panel.explain();
        QVERIFY(waitIdle(panel));
        QVERIFY2(panel.statusText().contains(QStringLiteral("No LLM API key")),
                 qPrintable(panel.statusText()));
        QVERIFY(panel.statusText().contains(QStringLiteral("Settings")));
    }

    void unreachableHost()
    {
        QTcpServer probe; // a port that was free a moment ago and now refuses connections
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const quint16 port = probe.serverPort();
        probe.close();
        ExplainPanel panel;
        panel.setSettings(settingsFor(QStringLiteral("http://127.0.0.1:%1/v1").arg(port)));
        panel.setAnalysis(rank3Culprit());
        panel.explain();
        QVERIFY(waitIdle(panel));
        QVERIFY2(panel.statusText().contains(QStringLiteral("Cannot reach")), qPrintable(panel.statusText()));
        QVERIFY(panel.statusText().contains(QStringLiteral("base URL")));
    }

    void malformedAnswer()
    {
        FakeLlmServer server;
        server.enqueue(FakeResponse::json(200, "<html>captive portal</html>"));
        ExplainPanel panel;
        panel.setSettings(settingsFor(server.baseUrl()));
        panel.setAnalysis(rank3Culprit());
        panel.explain();
        QVERIFY(waitIdle(panel));
        QVERIFY2(panel.statusText().contains(QStringLiteral("could not be used")),
                 qPrintable(panel.statusText()));
        QCOMPARE(panel.bannerText(), QString());
    }

    void retryShowsCountdown()
    {
        FakeLlmServer server;
        server.enqueue(FakeResponse::json(503, "{\"error\":{\"message\":\"model is loading\"}}"));
        server.enqueue(FakeResponse::stream({QStringLiteral("ok\nhanging ranks: {3}")}));
        ExplainPanel panel;
        LlmSettings s = settingsFor(server.baseUrl());
        s.retryBaseDelayMs = 1600; // long enough to read "retrying in 2 s"
        s.maxRetryDelayMs = 1600;
        panel.setSettings(s);
        panel.setAnalysis(rank3Culprit());
        panel.explain();
        QVERIFY(QTest::qWaitFor([&] { return panel.statusText().contains(QStringLiteral("retrying in")); },
                                3000));
        QVERIFY2(panel.statusText().contains(QStringLiteral("retrying in 2 s")),
                 qPrintable(panel.statusText()));
        QVERIFY(panel.statusText().contains(QStringLiteral("attempt 2 of 3")));
        QVERIFY(QTest::qWaitFor(
            [&] { return panel.statusText().contains(QStringLiteral("retrying in 1 s")); }, 2000));
        grabForReview(panel, QStringLiteral("retrying"));
        QVERIFY(waitIdle(panel, 6000));
        QVERIFY(panel.bannerText().contains(QStringLiteral("agrees with the analysis")));
        QVERIFY2(panel.statusText().contains(QStringLiteral("after 2 attempt")),
                 qPrintable(panel.statusText()));
    }

    // A server that drips an answer forever: the panel gives up at the overall deadline, as the CLI's
    // --llm-timeout does, keeps what arrived and can be asked again.
    void wholeRequestGivesUpAtTheDeadline()
    {
        FakeLlmServer server;
        QStringList pieces;
        for (int i = 0; i < 200; ++i)
            pieces << QStringLiteral("drip %1. ").arg(i);
        FakeResponse drip = FakeResponse::stream(pieces);
        drip.chunkIntervalMs = 200; // each chunk well inside the inactivity timeout
        server.enqueue(drip);
        LlmSettings settings = settingsFor(server.baseUrl());
        settings.totalTimeoutMs = 1500;
        ExplainPanel panel;
        panel.setSettings(settings);
        panel.setAnalysis(rank3Culprit());
        QElapsedTimer clock;
        clock.start();
        panel.explain();
        QVERIFY(panel.isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(!panel.isRunning(), 10000);
        QVERIFY2(clock.elapsed() < 8000, qPrintable(QString::number(clock.elapsed())));
        QVERIFY2(panel.statusText().contains(QLatin1String("did not finish within 1.5 s")),
                 qPrintable(panel.statusText()));
        QVERIFY(panel.narrativeText().startsWith(QLatin1String("drip 0.")));
        QVERIFY(button(panel, "explainButton")->isEnabled());
    }

    void cancelKeepsPartialText()
    {
        FakeLlmServer server;
        FakeResponse slow =
            FakeResponse::stream({QStringLiteral("First part. "), QStringLiteral("Second part. "),
                                  QStringLiteral("hanging ranks: {3}")});
        slow.chunkIntervalMs = 700; // role chunk at 0.7 s, first text at 1.4 s, next at 2.1 s
        server.enqueue(slow);
        ExplainPanel panel;
        panel.setSettings(settingsFor(server.baseUrl()));
        panel.setAnalysis(rank3Culprit());
        panel.explain();
        QVERIFY(QTest::qWaitFor([&] { return !panel.narrativeText().isEmpty(); }, 3000));
        QTest::mouseClick(button(panel, "cancelButton"), Qt::LeftButton);
        QVERIFY(!panel.isRunning());
        QCOMPARE(panel.narrativeText(), QStringLiteral("First part. "));
        QVERIFY(panel.statusText().startsWith(QStringLiteral("Cancelled")));
        QCOMPARE(panel.bannerText(), QString()); // a partial answer is not compared
        QVERIFY(button(panel, "explainButton")->isEnabled());
        QVERIFY(!button(panel, "cancelButton")->isEnabled());
        QTest::qWait(200);
        QCOMPARE(panel.narrativeText(), QStringLiteral("First part. ")); // nothing trickles in afterwards
    }

    void newFindingsCancelAndClear()
    {
        FakeLlmServer server;
        FakeResponse slow = FakeResponse::stream({QStringLiteral("Old. "), QStringLiteral("More.")});
        slow.chunkIntervalMs = 700; // role chunk at 0.7 s, first text at 1.4 s, next at 2.1 s
        server.enqueue(slow);
        ExplainPanel panel;
        panel.setSettings(settingsFor(server.baseUrl()));
        panel.setAnalysis(rank3Culprit());
        panel.explain();
        QVERIFY(QTest::qWaitFor([&] { return !panel.narrativeText().isEmpty(); }, 3000));
        // tests/data/scenarios/size-mismatch: rank 1's all_reduce has other sizes.
        panel.setAnalysis(analysisOf(QStringLiteral(FD_TEST_DATA "/scenarios/size-mismatch")));
        QVERIFY(!panel.isRunning());
        QVERIFY(panel.narrativeText().isEmpty());
        QVERIFY(panel.verdictLineText().contains(QStringLiteral("{1}")));
    }

    void settingsDialogRoundTrip()
    {
        QTemporaryDir home;
        QCOMPARE(explainsettings::load({}, home.path()).totalTimeoutMs, kDefaultLlmTotalTimeoutSec * 1000);
        {
            LlmSettingsDialog dialog(explainsettings::load({}, home.path()));
            dialog.setHomeDir(home.path());
            QVERIFY(!dialog.rememberBox()->isChecked()); // no key file yet
            QCOMPARE(dialog.baseUrlEdit()->placeholderText(), QString::fromLatin1(kDefaultLlmBaseUrl));
            dialog.baseUrlEdit()->setText(QStringLiteral("http://127.0.0.1:8000/v1"));
            dialog.modelEdit()->setText(QStringLiteral("local/model"));
            dialog.keyEdit()->setText(kKey);
            dialog.rememberBox()->setChecked(true);
            QCOMPARE(dialog.totalTimeoutEdit()->value(), kDefaultLlmTotalTimeoutSec);
            dialog.totalTimeoutEdit()->setValue(42);
            grabForReview(dialog, QStringLiteral("settings"));
            dialog.accept();
            QCOMPARE(dialog.result(), int(QDialog::Accepted));
            QVERIFY(dialog.keyEdit()->text().isEmpty());
        }
        QSettings qs;
        QCOMPARE(qs.value(QStringLiteral("llm/baseUrl")).toString(),
                 QStringLiteral("http://127.0.0.1:8000/v1"));
        QCOMPARE(qs.value(QStringLiteral("llm/model")).toString(), QStringLiteral("local/model"));
        for (const QString& k : qs.allKeys())
            QVERIFY(!qs.value(k).toString().contains(kKey)); // the key never goes to QSettings

        const QString keyFile = storedApiKeyPath(home.path());
        QFile file(keyFile);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(file.readAll()).trimmed(), kKey);
        QCOMPARE(file.permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther),
                 QFileDevice::Permissions());

        const LlmSettings loaded = explainsettings::load({}, home.path());
        QCOMPARE(loaded.baseUrl, QStringLiteral("http://127.0.0.1:8000/v1"));
        QCOMPARE(loaded.model, QStringLiteral("local/model"));
        QCOMPARE(loaded.apiKey, kKey);
        QCOMPARE(loaded.keySource, LlmKeySource::ConfigFile);
        QVERIFY(loaded.stream);
        QCOMPARE(loaded.totalTimeoutMs, 42000);

        // Opened again: the stored values come back, the key itself does not.
        LlmSettingsDialog again(loaded);
        again.setHomeDir(home.path());
        QCOMPARE(again.baseUrlEdit()->text(), QStringLiteral("http://127.0.0.1:8000/v1"));
        QCOMPARE(again.modelEdit()->text(), QStringLiteral("local/model"));
        QVERIFY(again.keyEdit()->text().isEmpty());
        QVERIFY(again.rememberBox()->isChecked());

        // Empty fields go back to the defaults.
        again.baseUrlEdit()->clear();
        again.modelEdit()->clear();
        again.accept();
        const LlmSettings defaults = explainsettings::load({}, home.path());
        QCOMPARE(defaults.baseUrl, QString::fromLatin1(kDefaultLlmBaseUrl));
        QCOMPARE(defaults.model, QString::fromLatin1(kDefaultLlmModel));
        QVERIFY(QFile::exists(keyFile)); // still remembered
    }

    void rememberUntickedLeavesNoKeyFile()
    {
        QTemporaryDir home;
        QVERIFY(storeApiKey(QStringLiteral("sk-older-key"), nullptr, home.path())); // remembered earlier
        const QString keyFile = storedApiKeyPath(home.path());
        LlmSettingsDialog dialog(explainsettings::load({}, home.path()));
        dialog.setHomeDir(home.path());
        QVERIFY(dialog.rememberBox()->isChecked());
        dialog.keyEdit()->setText(kKey);
        dialog.rememberBox()->setChecked(false);
        dialog.accept();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(!QFile::exists(keyFile));
        QCOMPARE(dialog.sessionKey(), kKey);
        for (const QString& k : QSettings().allKeys())
            QVERIFY(!QSettings().value(k).toString().contains(kKey));

        const LlmSettings session = explainsettings::load(dialog.sessionKey(), home.path());
        QCOMPARE(session.apiKey, kKey);
        QCOMPARE(session.keySource, LlmKeySource::Explicit);
        QVERIFY(!session.describe().contains(kKey));
        // Next start (no session key): nothing remembered.
        QVERIFY(explainsettings::load({}, home.path()).apiKey.isEmpty());
    }

    void insecureBaseUrlRefusedByDialog()
    {
        QTemporaryDir home;
        LlmSettingsDialog dialog(explainsettings::load({}, home.path()));
        dialog.setHomeDir(home.path());
        dialog.baseUrlEdit()->setText(QStringLiteral("http://llm.example.com/v1"));
        dialog.accept();
        QVERIFY(dialog.result() != int(QDialog::Accepted));
        QVERIFY(!QSettings().contains(QStringLiteral("llm/baseUrl")));
    }

    void panelSettingsButtonUsesSessionKey()
    {
        QTemporaryDir home;
        FakeLlmServer server;
        server.enqueue(FakeResponse::stream({QStringLiteral("ok\nhanging ranks: {3}")}));
        QSettings().setValue(QStringLiteral("llm/baseUrl"), server.baseUrl());

        ExplainPanel panel;
        panel.setHomeDir(home.path());
        panel.setAnalysis(rank3Culprit());
        // The dialog is modal: fill it in from the event loop once it is up.
        QTimer::singleShot(0, this, [] {
            auto* dialog = qobject_cast<LlmSettingsDialog*>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            dialog->keyEdit()->setText(kKey);
            dialog->rememberBox()->setChecked(false);
            dialog->accept();
        });
        panel.openSettings();
        QCOMPARE(panel.settings().baseUrl, server.baseUrl());
        QCOMPARE(panel.settings().keySource, LlmKeySource::Explicit);
        QVERIFY(!panel.statusText().contains(kKey));
        QVERIFY(!QFile::exists(storedApiKeyPath(home.path())));

        panel.explain();
        QVERIFY(waitIdle(panel));
        QVERIFY2(panel.bannerText().contains(QStringLiteral("agrees with the analysis")),
                 qPrintable(panel.statusText()));
        QCOMPARE(server.requests().first().headers.value("authorization"), "Bearer " + kKey.toUtf8());
    }

private:
    QTemporaryDir m_config;
};

QTEST_MAIN(TestExplainPanel)
#include "tst_explainpanel.moc"
