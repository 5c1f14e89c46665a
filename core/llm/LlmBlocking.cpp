#include "LlmBlocking.h"

#include "LlmClient.h"

#include <QEventLoop>

namespace fd {

LlmResult askLlmBlocking(const LlmSettings& settings, const LlmMessages& messages,
                         const std::function<void(const QString&)>& onChunk)
{
    LlmResult result;
    LlmClient client;
    client.setSettings(settings);
    QEventLoop loop;
    if (onChunk)
        QObject::connect(&client, &LlmClient::textChunk, &loop,
                         [&onChunk](const QString& text) { onChunk(text); });
    QObject::connect(&client, &LlmClient::finished, &loop, [&](const LlmAnswer& answer) {
        result.answer = answer;
        loop.quit();
    });
    QObject::connect(&client, &LlmClient::failed, &loop, [&](const LlmError& error) {
        result.error = error;
        loop.quit();
    });
    client.ask(messages);
    // ask() never reports synchronously, so the quit() always happens inside exec().
    loop.exec(QEventLoop::ExcludeUserInputEvents);
    return result;
}

} // namespace fd
