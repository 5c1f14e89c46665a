#include "LlmPrompt.h"

#include "core/model/RankListText.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <vector>

namespace fd {

namespace {

using nlohmann::json;

const char* const kSystemPrompt =
    "You are an expert in distributed PyTorch training, NCCL collectives and the PyTorch Flight Recorder. "
    "You receive the findings of a deterministic analysis of Flight Recorder dumps from a job that hung or "
    "timed out (not the dumps themselves). Explain them in plain words for an ML infrastructure engineer: "
    "what most likely happened, which ranks are at fault and which are only waiting on them, whether this "
    "looks like a rank problem (bad GPU, NIC or host: isolate the rank and restart) or a program bug "
    "(collective order, type or shape differs between ranks: a restart will hang again), and what to check "
    "next. The findings' `stragglers` list ranks that were not hung but joined their collectives late, over "
    "the dumps' history (median and p90 lateness in ms against their peers; `basis` enqueue: the CPU issued "
    "late, start: the GPU started late): mention them as slow ranks worth checking (throttled GPU, NIC, data "
    "loader), and never count a straggler as hanging unless the other findings say so. "
    "Use only the facts given; say so when they are not enough. Keep it under 300 words. "
    "End your answer with exactly one line of the form `hanging ranks: {r1, r2}` listing the global ranks "
    "you believe are hanging or at fault, or `hanging ranks: {}` if none.";

// Walks the findings, dropping private/bulky keys and shortening long lists and strings. A note takes the
// place of what was cut so the model knows the data is incomplete rather than assuming it is all there.
json shrink(const json& value, const PromptOptions& options, int listCap)
{
    if (value.is_object()) {
        json out = json::object();
        for (auto it = value.begin(); it != value.end(); ++it) {
            if (options.droppedKeys.contains(QString::fromStdString(it.key())))
                continue;
            out[it.key()] = shrink(it.value(), options, listCap);
        }
        return out;
    }
    if (value.is_array()) {
        json out = json::array();
        const std::size_t cap = static_cast<std::size_t>(std::max(1, listCap));
        for (std::size_t i = 0; i < value.size() && i < cap; ++i)
            out.push_back(shrink(value[i], options, listCap));
        if (value.size() > cap)
            out.push_back("... " + std::to_string(value.size() - cap) + " more items not shown");
        return out;
    }
    if (value.is_string()) {
        const std::string& text = value.get_ref<const std::string&>();
        const std::size_t max = static_cast<std::size_t>(std::max(16, options.maxStringChars));
        if (text.size() > max) {
            std::string cut = text.substr(0, max);
            // Do not split a UTF-8 sequence: back up to the start of the last character.
            while (!cut.empty() && (static_cast<unsigned char>(cut.back()) & 0xC0) == 0x80)
                cut.pop_back();
            if (!cut.empty() && (static_cast<unsigned char>(cut.back()) & 0x80))
                cut.pop_back();
            return cut + "... (" + std::to_string(text.size() - cut.size()) + " more bytes)";
        }
    }
    return value;
}

QString scalarText(const json& value)
{
    if (value.is_string())
        return QString::fromStdString(value.get<std::string>());
    if (value.is_null())
        return {};
    return QString::fromStdString(value.dump());
}

void collectRanks(const json& value, std::set<int>& out)
{
    if (value.is_number_integer()) {
        out.insert(value.get<int>());
    } else if (value.is_array()) {
        for (const json& item : value)
            collectRanks(item, out);
    } else if (value.is_object()) {
        for (const char* key : {"rank", "ranks", "global_rank"}) {
            if (const auto it = value.find(key); it != value.end())
                collectRanks(*it, out);
        }
    }
}

} // namespace

QString renderFindings(const json& findings, const PromptOptions& options)
{
    // Shrink lists step by step until the block fits; deterministic because the steps are fixed.
    std::vector<int> caps{std::max(1, options.maxListItems)};
    for (int cap : {10, 5, 2, 1}) {
        if (cap < caps.back())
            caps.push_back(cap);
    }
    std::string text;
    for (int cap : caps) {
        text = shrink(findings, options, cap).dump(-1, ' ', false, json::error_handler_t::replace);
        if (static_cast<qsizetype>(text.size()) <= options.maxPromptChars)
            return QString::fromStdString(text);
    }
    return QString::fromStdString(text).left(options.maxPromptChars) +
           QStringLiteral("\n... (findings cut at %1 characters)").arg(options.maxPromptChars);
}

LlmMessages buildLlmMessages(const json& findings, const PromptOptions& options)
{
    QString user;
    if (findings.is_object()) {
        const QString verdict = scalarText(findings.value("verdict", json()));
        const QString reason = scalarText(findings.value("reason", json()));
        if (!verdict.isEmpty())
            user += QStringLiteral("Deterministic verdict: %1\n").arg(verdict.left(options.maxStringChars));
        if (!reason.isEmpty())
            user += QStringLiteral("Reason: %1\n").arg(reason.left(options.maxStringChars));
        const std::set<int> ranks = verdictRanksFromFindings(findings);
        if (!ranks.empty())
            user += QStringLiteral("Ranks the analysis names: %1\n").arg(rankSetText(ranks));
    }
    user += QStringLiteral("Findings (JSON):\n") + renderFindings(findings, options) +
            QStringLiteral(
                "\n\nExplain these findings. The deterministic verdict above is shown to the user next "
                "to your answer; if you disagree with it, say why. Finish with the "
                "`hanging ranks: {...}` line.");
    return {LlmMessage{QStringLiteral("system"), QString::fromUtf8(kSystemPrompt)},
            LlmMessage{QStringLiteral("user"), user}};
}

std::set<int> verdictRanksFromFindings(const json& findings)
{
    std::set<int> ranks;
    if (!findings.is_object())
        return ranks;
    if (const auto it = findings.find("hanging_ranks"); it != findings.end()) {
        collectRanks(*it, ranks);
        return ranks;
    }
    if (const auto it = findings.find("culprits"); it != findings.end())
        collectRanks(*it, ranks);
    return ranks;
}

} // namespace fd
