#include "LlmResponse.h"

#include <nlohmann/json.hpp>

#include <string_view>

namespace fd {

namespace {

using nlohmann::json;

QString toQString(const json& value)
{
    return value.is_string() ? QString::fromStdString(value.get<std::string>()) : QString();
}

// Error bodies can be anything (an HTML proxy page, a stack trace); keep messages to a readable size.
QString clipped(QString text, qsizetype max = 300)
{
    text = text.simplified();
    if (text.size() > max)
        text = text.left(max) + QStringLiteral("...");
    return text;
}

std::optional<LlmUsage> usageOf(const json& root)
{
    const auto it = root.find("usage");
    if (it == root.end() || !it->is_object())
        return std::nullopt;
    LlmUsage usage;
    const auto read = [&](const char* key) {
        return it->contains(key) && (*it)[key].is_number_integer() ? (*it)[key].get<int>() : 0;
    };
    usage.promptTokens = read("prompt_tokens");
    usage.completionTokens = read("completion_tokens");
    usage.totalTokens = read("total_tokens");
    if (usage.totalTokens == 0)
        usage.totalTokens = usage.promptTokens + usage.completionTokens;
    return usage;
}

QString errorObjectText(const json& error)
{
    if (error.is_string())
        return toQString(error);
    if (error.is_object()) {
        if (error.contains("message") && error["message"].is_string())
            return toQString(error["message"]);
        return QString::fromStdString(error.dump());
    }
    return QString::fromStdString(error.dump());
}

// Shared by whole bodies and stream chunks: everything but where the text lives.
CompletionPart parseCommon(const QByteArray& bytes, const char* contentHolder)
{
    CompletionPart part;
    const json root = json::parse(bytes.constBegin(), bytes.constEnd(), nullptr, false);
    if (root.is_discarded()) {
        part.problem = QStringLiteral("the server's answer is not JSON: \"%1\"")
                           .arg(clipped(QString::fromUtf8(bytes), 120));
        return part;
    }
    if (!root.is_object()) {
        part.problem = QStringLiteral("the server's answer is JSON but not an object");
        return part;
    }
    if (const auto it = root.find("error"); it != root.end() && !it->is_null()) {
        part.serverError = clipped(errorObjectText(*it));
        return part;
    }
    part.model = toQString(root.value("model", json()));
    part.usage = usageOf(root);
    const auto choices = root.find("choices");
    if (choices == root.end() || !choices->is_array()) {
        part.problem = QStringLiteral("the server's answer has no \"choices\" list");
        return part;
    }
    if (choices->empty()) {
        // Streams end with a usage-only chunk whose choices are empty; a whole body must have one.
        if (std::string_view(contentHolder) == "message")
            part.problem = QStringLiteral("the server's answer has an empty \"choices\" list");
        return part;
    }
    const json& choice = choices->front();
    if (!choice.is_object()) {
        part.problem = QStringLiteral("the server's answer has a malformed choice");
        return part;
    }
    part.finishReason = toQString(choice.value("finish_reason", json()));
    const auto holder = choice.find(contentHolder);
    if (holder == choice.end() || !holder->is_object()) {
        if (std::string_view(contentHolder) == "message")
            part.problem = QStringLiteral("the server's answer has no \"message\" in its first choice");
        return part;
    }
    const auto content = holder->find("content");
    if (content != holder->end() && !content->is_null() && !content->is_string()) {
        part.problem = QStringLiteral("the server's answer has a non-text \"content\"");
        return part;
    }
    if (content != holder->end())
        part.text = toQString(*content);
    return part;
}

} // namespace

CompletionPart parseCompletionBody(const QByteArray& body)
{
    return parseCommon(body, "message");
}

CompletionPart parseStreamChunk(const QByteArray& data)
{
    return parseCommon(data, "delta");
}

QString serverErrorText(const QByteArray& body)
{
    const json root = json::parse(body.constBegin(), body.constEnd(), nullptr, false);
    if (!root.is_discarded() && root.is_object()) {
        for (const char* key : {"error", "message", "detail"}) {
            if (const auto it = root.find(key); it != root.end() && !it->is_null())
                return clipped(errorObjectText(*it));
        }
        // An object with none of the usual fields ("{}") says nothing a human can use.
        return root.empty() ? QString() : clipped(QString::fromStdString(root.dump()));
    }
    return clipped(QString::fromUtf8(body));
}

} // namespace fd
