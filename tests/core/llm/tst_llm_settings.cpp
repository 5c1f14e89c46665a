// Settings resolution (CLI > env > defaults; the four key sources in order), endpoint security, key storage
// and the retry policy.
#include "core/llm/LlmKeyStore.h"
#include "core/llm/LlmSettings.h"
#include "core/llm/RetryPolicy.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace fd;

namespace {

void writeFile(const QString& path, const QByteArray& content)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(content);
}

const char* const kVars[] = {"NVRX_LLM_MODEL", "NVRX_LLM_BASE_URL", "LLM_API_KEY", "LLM_API_KEY_FILE"};

} // namespace

class TestLlmSettings : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init()
    {
        for (const char* name : kVars)
            qunsetenv(name);
    }
    void cleanupTestCase() { init(); }

    void defaults()
    {
        QTemporaryDir home;
        const LlmSettings s = resolveLlmSettings({}, {}, home.path());
        QCOMPARE(s.model, QStringLiteral("nvidia/nemotron-3-super-120b-a12b"));
        QCOMPARE(s.baseUrl, QStringLiteral("https://integrate.api.nvidia.com/v1"));
        QCOMPARE(s.endpoint().toString(),
                 QStringLiteral("https://integrate.api.nvidia.com/v1/chat/completions"));
        QVERIFY(s.apiKey.isEmpty());
        QCOMPARE(s.keySource, LlmKeySource::None);
        QCOMPARE(validateLlmSettings(s)->kind, LlmErrorKind::MissingKey);
    }

    void cliBeatsEnvBeatsDefault()
    {
        QTemporaryDir home;
        qputenv("NVRX_LLM_MODEL", "env/model");
        qputenv("NVRX_LLM_BASE_URL", "https://env.example/v1/");
        LlmSettings s = resolveLlmSettings({}, {}, home.path());
        QCOMPARE(s.model, QStringLiteral("env/model"));
        QCOMPARE(s.baseUrl, QStringLiteral("https://env.example/v1"));
        s = resolveLlmSettings(QStringLiteral("cli/model"), QStringLiteral("http://127.0.0.1:8000/v1"),
                               home.path());
        QCOMPARE(s.model, QStringLiteral("cli/model"));
        QCOMPARE(s.baseUrl, QStringLiteral("http://127.0.0.1:8000/v1"));
    }

    void keyResolutionOrder()
    {
        QTemporaryDir home;
        QTemporaryDir elsewhere;
        const QString envFile = elsewhere.filePath(QStringLiteral("key.txt"));
        writeFile(home.filePath(QStringLiteral(".config/nvrx/llm_api_key")), "key-config\n");
        LlmSettings s = resolveLlmSettings({}, {}, home.path());
        QCOMPARE(s.apiKey, QStringLiteral("key-config"));
        QCOMPARE(s.keySource, LlmKeySource::ConfigFile);

        writeFile(home.filePath(QStringLiteral(".llm_api_key")), "  key-home \n");
        s = resolveLlmSettings({}, {}, home.path());
        QCOMPARE(s.apiKey, QStringLiteral("key-home")); // trimmed
        QCOMPARE(s.keySource, LlmKeySource::HomeFile);
        QVERIFY(s.keySourceDescription.contains(QStringLiteral(".llm_api_key")));

        writeFile(envFile, "key-envfile");
        qputenv("LLM_API_KEY_FILE", envFile.toUtf8());
        s = resolveLlmSettings({}, {}, home.path());
        QCOMPARE(s.apiKey, QStringLiteral("key-envfile"));
        QCOMPARE(s.keySource, LlmKeySource::EnvFile);
        QVERIFY(s.keySourceDescription.contains(envFile));

        qputenv("LLM_API_KEY", "key-env");
        s = resolveLlmSettings({}, {}, home.path());
        QCOMPARE(s.apiKey, QStringLiteral("key-env"));
        QCOMPARE(s.keySource, LlmKeySource::EnvVar);
        QCOMPARE(s.keySourceDescription, QStringLiteral("LLM_API_KEY"));
        QVERIFY(!validateLlmSettings(s));
        // The description of the settings says where the key came from, never what it is.
        QVERIFY(s.describe().contains(QStringLiteral("LLM_API_KEY")));
        QVERIFY(!s.describe().contains(QStringLiteral("key-env")));
    }

    void emptyOrMissingSourcesAreSkipped()
    {
        QTemporaryDir home;
        qputenv("LLM_API_KEY", "   ");
        qputenv("LLM_API_KEY_FILE", home.filePath(QStringLiteral("does-not-exist")).toUtf8());
        writeFile(home.filePath(QStringLiteral(".llm_api_key")), "\n\n");
        writeFile(home.filePath(QStringLiteral(".config/nvrx/llm_api_key")), "key-config");
        LlmSettings s = resolveLlmSettings({}, {}, home.path());
        QCOMPARE(s.apiKey, QStringLiteral("key-config"));
        QVERIFY(s.keyNote.contains(QStringLiteral("does-not-exist")));

        QFile::remove(home.filePath(QStringLiteral(".config/nvrx/llm_api_key")));
        s = resolveLlmSettings({}, {}, home.path());
        const auto error = validateLlmSettings(s);
        QVERIFY(error);
        QCOMPARE(error->kind, LlmErrorKind::MissingKey);
        QVERIFY(error->message.contains(
            QStringLiteral("does-not-exist"))); // tells the user why the file was skipped
    }

    void keyWithLineBreakRefused()
    {
        QTemporaryDir home;
        writeFile(home.filePath(QStringLiteral(".llm_api_key")), "first-line\nsecond-line\n");
        const LlmSettings s = resolveLlmSettings({}, {}, home.path());
        const auto error = validateLlmSettings(s);
        QVERIFY(error);
        QCOMPARE(error->kind, LlmErrorKind::MissingKey);
        QVERIFY(error->message.contains(QStringLiteral(".llm_api_key")));
        QVERIFY(!error->message.contains(QStringLiteral("first-line")));
    }

    void storedKeyRoundTrip()
    {
        QTemporaryDir home;
        QString message;
        QVERIFY(storeApiKey(QStringLiteral("  stored-key  "), &message, home.path()));
        const QString path = storedApiKeyPath(home.path());
        QCOMPARE(QFile::permissions(path) & (QFileDevice::ReadGroup | QFileDevice::ReadOther),
                 QFileDevice::Permissions{});
        const LlmSettings s = resolveLlmSettings({}, {}, home.path());
        QCOMPARE(s.apiKey, QStringLiteral("stored-key"));
        QCOMPARE(s.keySource, LlmKeySource::ConfigFile);
        QVERIFY(forgetStoredApiKey(&message, home.path()));
        QVERIFY(!QFile::exists(path));
        QVERIFY(forgetStoredApiKey(&message, home.path())); // idempotent
    }

    void endpointSecurity_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<int>("expected"); // -1: accepted, else LlmErrorKind
        const int ok = -1;
        const int insecure = int(LlmErrorKind::InsecureUrl);
        const int invalid = int(LlmErrorKind::InvalidUrl);
        QTest::newRow("https") << "https://integrate.api.nvidia.com/v1" << ok;
        QTest::newRow("http 127.0.0.1") << "http://127.0.0.1:8000/v1" << ok;
        QTest::newRow("http 127.1.2.3") << "http://127.1.2.3/v1" << ok;
        QTest::newRow("http localhost") << "http://localhost:11434/v1" << ok;
        QTest::newRow("http LOCALHOST") << "http://LOCALHOST/v1" << ok;
        QTest::newRow("http ::1") << "http://[::1]:8000/v1" << ok;
        QTest::newRow("http remote") << "http://llm.example.com/v1" << insecure;
        QTest::newRow("http private ip") << "http://10.0.0.5/v1" << insecure;
        QTest::newRow("http localhost lookalike") << "http://localhost.evil.com/v1" << insecure;
        QTest::newRow("http 128.0.0.1") << "http://128.0.0.1/v1" << insecure;
        QTest::newRow("ftp") << "ftp://example.com/v1" << invalid;
        QTest::newRow("no scheme") << "integrate.api.nvidia.com/v1" << invalid;
        QTest::newRow("empty") << "" << invalid;
    }
    void endpointSecurity()
    {
        QFETCH(QString, url);
        QFETCH(int, expected);
        LlmSettings s;
        s.baseUrl = url;
        const auto error = checkEndpointSecurity(s.endpoint());
        if (expected < 0)
            QVERIFY2(!error, error ? qPrintable(error->message) : "");
        else
            QCOMPARE(error ? int(error->kind) : -1, expected);
    }

    void endpointNotDoubled()
    {
        LlmSettings s;
        s.baseUrl = QStringLiteral("https://h.example/v1/chat/completions/");
        QCOMPARE(s.endpoint().toString(), QStringLiteral("https://h.example/v1/chat/completions"));
    }

    void retryDelay_data()
    {
        QTest::addColumn<int>("retry");
        QTest::addColumn<qint64>("retryAfterMs"); // -1: no header
        QTest::addColumn<int>("expected");
        QTest::newRow("first backoff") << 0 << qint64(-1) << 1000;
        QTest::newRow("second backoff") << 1 << qint64(-1) << 2000;
        QTest::newRow("third backoff") << 2 << qint64(-1) << 4000;
        QTest::newRow("backoff capped") << 10 << qint64(-1) << 30000;
        QTest::newRow("huge retry capped") << 1000 << qint64(-1) << 30000;
        QTest::newRow("retry-after honoured") << 0 << qint64(7000) << 7000;
        QTest::newRow("retry-after zero") << 2 << qint64(0) << 0;
        QTest::newRow("retry-after capped") << 0 << qint64(3600000) << 30000;
    }
    void retryDelay()
    {
        QFETCH(int, retry);
        QFETCH(qint64, retryAfterMs);
        QFETCH(int, expected);
        const LlmSettings s; // base 1000, cap 30000
        const auto after = retryAfterMs < 0 ? std::nullopt : std::optional<qint64>(retryAfterMs);
        QCOMPARE(retryDelayMs(retry, after, s), expected);
    }

    void retryAfterHeader()
    {
        const QDateTime now = QDateTime::fromString(QStringLiteral("2025-01-01T00:00:00Z"), Qt::ISODate);
        QCOMPARE(parseRetryAfterMs("5", now), std::optional<qint64>(5000));
        QCOMPARE(parseRetryAfterMs(" 0 ", now), std::optional<qint64>(0));
        QCOMPARE(parseRetryAfterMs("Wed, 01 Jan 2025 00:00:10 GMT", now), std::optional<qint64>(10000));
        QCOMPARE(parseRetryAfterMs("", now), std::nullopt);
        QCOMPARE(parseRetryAfterMs("-3", now), std::nullopt);
        QCOMPARE(parseRetryAfterMs("soon", now), std::nullopt);
        QVERIFY(isRetryableStatus(429));
        QVERIFY(isRetryableStatus(500));
        QVERIFY(isRetryableStatus(503));
        QVERIFY(!isRetryableStatus(400));
        QVERIFY(!isRetryableStatus(401));
        QVERIFY(!isRetryableStatus(404));
    }
};

QTEST_GUILESS_MAIN(TestLlmSettings)
#include "tst_llm_settings.moc"
