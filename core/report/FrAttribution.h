#pragma once

#include "Report.h"

#include <QString>

#include <memory>
#include <utility>

namespace fd {

class Job;

// The C++ counterpart of fr_attribution.py's CollectiveAnalyzer: same knobs, same (result, state) answer.
//   FrAttribution fr;
//   fr.frPath = "/logs/job42"; fr.healthCheck = true;
//   auto [report, state] = fr.run();
// Unlike the seed, state is STOP when a restart would hang again (mismatch, order deadlock) or nothing can
// be isolated, and the culprits come from the wait-for analysis, not from a table parser.
class FrAttribution
{
public:
    QString frPath;
    QString pattern = QStringLiteral("_dump_*");
    bool verbose = false;
    bool healthCheck = false;
    bool llmAnalyze = false;
    QString model;   // empty: NVRX_LLM_MODEL, else the default model
    QString baseUrl; // empty: NVRX_LLM_BASE_URL, else the default endpoint

    // Loads, analyses and (with llmAnalyze) asks the LLM. Needs a QCoreApplication only for llmAnalyze.
    std::pair<Report, AttributionState> run();

    // After run(): the job as loaded, and whether any dump was usable.
    std::shared_ptr<const Job> job() const { return m_job; }
    bool hadUsableDump() const { return m_usable; }
    qint64 loadMs() const { return m_loadMs; }       // wall time of the last run()'s loading
    qint64 analyseMs() const { return m_analyseMs; } // and of its analysis

    // Fills report.llm from the analysis (blocking; needs a QCoreApplication).
    void askLlm(Report& report) const;

private:
    std::shared_ptr<const Job> m_job;
    bool m_usable = false;
    qint64 m_loadMs = 0;
    qint64 m_analyseMs = 0;
};

} // namespace fd
