#pragma once

#include <QList>
#include <QString>

#include <optional>
#include <set>

namespace fd {

// One chat message in the OpenAI wire format ("system", "user" or "assistant").
struct LlmMessage
{
    QString role;
    QString content;
};
using LlmMessages = QList<LlmMessage>;

// Token counts from the server's "usage" object, when it sends one (many streaming servers do not).
struct LlmUsage
{
    int promptTokens = 0;
    int completionTokens = 0;
    int totalTokens = 0;
};

struct LlmAnswer
{
    QString text;                             // the whole narrative, streamed chunks joined
    QString model;                            // as reported by the server, else the one requested
    QString finishReason;                     // "stop", "length", ... when the server says
    std::optional<std::set<int>> parsedRanks; // from the answer's last "hanging ranks: {...}" line
    std::optional<LlmUsage> usage;
    int attempts = 0; // requests sent, retries included
};

} // namespace fd
