#include "LlmFindings.h"

#include "ReportJson.h"
#include "TextReport.h"

#include <map>

namespace fd {

namespace {

// {"gpu": {"healthy": [0, 1, 2], "unhealthy": [{"rank": 3, "status": "Failed", "output": "..."}]}, ...}
nlohmann::json healthByComponent(const Analysis& analysis)
{
    std::map<std::string, nlohmann::json> components;
    for (const RankFinding& r : analysis.ranks) {
        for (const HealthCheck& h : r.health) {
            nlohmann::json& c = components[h.component.toStdString()];
            if (c.is_null())
                c = {{"healthy", nlohmann::json::array()}, {"unhealthy", nlohmann::json::array()}};
            if (h.healthy())
                c["healthy"].push_back(r.rank);
            else
                c["unhealthy"].push_back({{"rank", r.rank},
                                          {"status", h.status.toStdString()},
                                          {"output", h.output.trimmed().toStdString()}});
        }
    }
    nlohmann::json out = nlohmann::json::object();
    for (auto& [name, c] : components)
        out[name] = std::move(c);
    return out;
}

} // namespace

nlohmann::json llmFindings(const Analysis& analysis)
{
    nlohmann::json findings = analysisToJson(analysis);
    findings.erase("ranks");
    findings["fr_attribution_table"] = frAttributionTable(analysis).toStdString();
    const nlohmann::json health = healthByComponent(analysis);
    if (!health.empty())
        findings["health"] = health;
    return findings;
}

} // namespace fd
