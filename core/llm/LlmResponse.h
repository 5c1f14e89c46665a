#pragma once

#include "LlmTypes.h"

#include <QByteArray>
#include <QString>

namespace fd {

// What one response body (or one streamed chunk) says, decoded from the OpenAI chat completions format.
// Pure functions over bytes so the wire format is tested without a server.
struct CompletionPart
{
    QString text; // message.content (whole body) or delta.content (stream chunk)
    QString model;
    QString finishReason;
    std::optional<LlmUsage> usage;
    QString serverError; // an {"error": {...}} object in place of a completion
    QString problem;     // non-empty when the bytes are not a chat completion at all
};

// A complete non-streamed body: {"choices":[{"message":{"content":"..."}}], "model":..., "usage":...}.
CompletionPart parseCompletionBody(const QByteArray& body);

// One "data:" payload of a stream (not "[DONE]"): {"choices":[{"delta":{"content":"..."}}]}. Chunks with
// no content (role announcements, reasoning tokens, usage-only) are valid and yield empty text.
CompletionPart parseStreamChunk(const QByteArray& data);

// The human part of an error body: error.message / error / message / detail, else the start of the text.
// Not scrubbed here; the caller scrubs it with the key it knows.
QString serverErrorText(const QByteArray& body);

} // namespace fd
