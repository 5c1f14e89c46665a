#pragma once

// One request of an LlmClient to a FakeLlmServer on 127.0.0.1, as the llm tests make it: the server, the
// client, settings with fast retries, and the outcome of ask().
#include "tests/support/FakeLlmServer.h"

#include "core/llm/LlmClient.h"
#include "core/llm/LlmError.h"

#include <QSignalSpy>
#include <QStringList>
#include <QTest>

#include <optional>

namespace fd::test {

// Settings for a client of a fake server at `baseUrl`: the given key (none when empty), short retry delays,
// two retries.
inline LlmSettings fakeServerSettings(const QString& baseUrl, const QString& key)
{
    LlmSettings s;
    s.baseUrl = baseUrl;
    s.model = QStringLiteral("test/model");
    s.apiKey = key;
    s.keySource = key.isEmpty() ? LlmKeySource::None : LlmKeySource::Explicit;
    s.keySourceDescription = QStringLiteral("the test");
    s.timeoutMs = 3000;
    s.retryBaseDelayMs = 10;
    s.maxRetryDelayMs = 300;
    s.maxRetries = 2;
    return s;
}

// What one request ended in, and what came on the way.
struct LlmOutcome
{
    std::optional<LlmAnswer> answer;
    std::optional<LlmError> error;
    QStringList chunks;
    int retries = 0;
};

// Runs one request of `client` to completion (or `timeoutMs`, which leaves both answer and error empty: the
// caller's QVERIFY(out.answer) or QVERIFY(out.error) then fails).
inline LlmOutcome runLlmClient(LlmClient& client, const LlmMessages& messages, int timeoutMs)
{
    LlmOutcome outcome;
    QObject::connect(&client, &LlmClient::textChunk, [&](const QString& t) { outcome.chunks << t; });
    QObject::connect(&client, &LlmClient::retrying, [&](int, int, const QString&) { ++outcome.retries; });
    QSignalSpy finished(&client, &LlmClient::finished);
    QSignalSpy failed(&client, &LlmClient::failed);
    client.ask(messages);
    (void)QTest::qWaitFor([&] { return finished.count() + failed.count() > 0; }, timeoutMs);
    if (!finished.isEmpty())
        outcome.answer = finished.first().first().value<LlmAnswer>();
    if (!failed.isEmpty())
        outcome.error = failed.first().first().value<LlmError>();
    client.disconnect();
    return outcome;
}

// A fake server and a client of it: enqueue the server's answers, change `settings` where the test needs,
// then ask().
struct LlmExchange
{
    explicit LlmExchange(const QString& key) : settings(fakeServerSettings(server.baseUrl(), key)) {}

    LlmOutcome ask(const LlmMessages& messages, int timeoutMs)
    {
        client.setSettings(settings);
        return runLlmClient(client, messages, timeoutMs);
    }

    FakeLlmServer server;
    LlmSettings settings;
    LlmClient client;
};

} // namespace fd::test
