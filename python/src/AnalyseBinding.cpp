#include "AnalyseBinding.h"

#include "PyConvert.h"

#include <nanobind/stl/string.h>

#include "core/llm/LlmSettings.h"
#include "core/report/ReportJson.h"
#include "core/report/TextReport.h"

#include <QCoreApplication>

#include <mutex>

namespace fd::py {

namespace {

// The LLM client runs a local event loop, which needs an application object. A Python process has none unless
// it made one (PySide, PyQt); made here once, on first use, and kept for the life of the process.
void ensureCoreApplication()
{
    static std::once_flag once;
    std::call_once(once, [] {
        if (QCoreApplication::instance())
            return;
        static int argc = 1;
        static char name[] = "flightdeck";
        static char* argv[] = {name, nullptr};
        new QCoreApplication(argc, argv); // never deleted: other threads may still use it at exit
    });
}

const Analysis& analysisOf(const AnalysedReport& a)
{
    if (!a.run.analysis)
        throw nb::value_error("no dump could be read, so there is no analysis");
    return *a.run.analysis;
}

nb::object pgOf(const Analysis& a, std::uint32_t pgIndex, bool desc)
{
    const ProcessGroup* pg = a.processGroup(pgIndex);
    if (!pg)
        return nb::none();
    return toPy(desc ? pg->desc : pg->name);
}

nb::list culprits(const AnalysedReport& r)
{
    const Analysis& a = analysisOf(r);
    nb::list out;
    for (const Culprit& c : a.culprits) {
        nb::dict d;
        d["rank"] = c.rank;
        d["kind"] = rankKindName(c.kind);
        d["reason"] = toPy(c.reason);
        d["pg"] = optionalIndex(c.pgIndex, kNoPg);
        d["pg_name"] = pgOf(a, c.pgIndex, false);
        d["pg_desc"] = pgOf(a, c.pgIndex, true);
        d["seq"] = optionalSeq(c.seqId, kNoSeq);
        out.append(d);
    }
    return out;
}

nb::list victims(const AnalysedReport& r)
{
    const Analysis& a = analysisOf(r);
    nb::list out;
    for (const Victim& v : a.victims) {
        nb::dict d;
        d["rank"] = v.rank;
        d["pg"] = optionalIndex(v.pgIndex, kNoPg);
        d["seq"] = optionalSeq(v.seqId, kNoSeq);
        d["waits_on"] = toPy(v.waitsOn);
        d["root_causes"] = toPy(v.rootCauses);
        out.append(d);
    }
    return out;
}

nb::list frontier(const AnalysedReport& r)
{
    const Analysis& a = analysisOf(r);
    nb::list out;
    for (const FrontierItem& f : a.frontier) {
        nb::dict d;
        d["pg"] = optionalIndex(f.pgIndex, kNoPg);
        d["pg_name"] = pgOf(a, f.pgIndex, false);
        d["pg_desc"] = pgOf(a, f.pgIndex, true);
        d["seq"] = optionalSeq(f.seqId, kNoSeq);
        d["p2p"] = f.isP2p;
        d["status"] = collectiveStatusName(f.status);
        d["op"] = toPy(f.opType);
        d["sizes"] = toPy(f.sizes);
        d["dtypes"] = toPy(f.dtypes);
        d["missing_ranks"] = toPy(f.missingRanks);
        d["stuck_ranks"] = toPy(f.stuckRanks);
        d["mismatched_ranks"] = toPy(f.mismatchedRanks);
        d["detail"] = toPy(f.detail);
        out.append(d);
    }
    return out;
}

nb::object llm(const AnalysedReport& r)
{
    if (!r.report.llm)
        return nb::none();
    const ReportLlm& l = *r.report.llm;
    nb::dict d;
    d["model"] = toPy(l.model);
    d["base_url"] = toPy(l.baseUrl);
    d["answer"] = toPy(l.answer);
    d["hanging_ranks"] = l.hangingRanks ? nb::object(toPy(*l.hangingRanks)) : nb::none();
    d["agrees"] = l.agrees;
    d["agreement"] = toPy(l.agreement);
    d["error"] = toPy(l.error);
    return d;
}

nb::list loadErrors(const AnalysedReport& r)
{
    nb::list out;
    if (!r.run.job)
        return out;
    for (const LoadError& e : r.run.job->errors)
        out.append(nb::make_tuple(toPy(e.filePath), toPy(e.toString())));
    return out;
}

std::string text(const AnalysedReport& r, bool verbose, bool healthCheck)
{
    nb::gil_scoped_release release;
    TextOptions options;
    options.verbose = verbose;
    options.healthCheck = healthCheck;
    return textReport(r.report, options).toStdString();
}

nb::object report(const AnalysedReport& r)
{
    nlohmann::json json;
    {
        nb::gil_scoped_release release;
        json = reportToJson(r.report);
    }
    return toPy(json);
}

AnalysedReport withLlm(const AnalysedReport& r, const std::string& model, const std::string& baseUrl)
{
    const Analysis& a = analysisOf(r);
    nb::gil_scoped_release release;
    ensureCoreApplication();
    AnalysedReport out = r;
    out.report.llm = askLlmAbout(a, resolveLlmSettings(toQString(model), toQString(baseUrl)));
    return out;
}

} // namespace

AnalysedReport analyse(const std::string& frPath, const std::string& pattern, int worldSize)
{
    nb::gil_scoped_release release;
    // What flightdeck-cli asks for (app/cli/main.cpp): no report reads times, threads or stacks, and the
    // collective index is for the GUI's views.
    LoadRequest load;
    load.options.frPath = toQString(frPath);
    load.options.pattern = toQString(pattern);
    load.options.details = DetailLevel::Times; // as flightdeck-cli: the straggler analysis reads the times
    load.options.facts.worldSize = worldSize;
    load.analysis.collectiveIndex = false;
    AnalysedReport out;
    out.run = loadAndAnalyse(load);
    if (out.run.job)
        out.report = makeReport(out.run.analysis);
    return out;
}

void bindAnalyse(nb::module_& m)
{
    nb::class_<AnalysedReport>(m, "Analysed", "A job analysed by the core (use flightdeck.analyze()).")
        .def_prop_ro("usable", [](const AnalysedReport& r) { return r.run.usable(); })
        .def_prop_ro("verdict", [](const AnalysedReport& r) { return verdictName(analysisOf(r).verdict); })
        .def_prop_ro("attribution_state", [](const AnalysedReport& r) { return r.report.attributionState(); })
        .def_prop_ro("reason", [](const AnalysedReport& r) { return toPy(analysisOf(r).reason); })
        .def_prop_ro("hanging_ranks",
                     [](const AnalysedReport& r) { return toPy(analysisOf(r).hangingRanks()); })
        .def_prop_ro("notes", [](const AnalysedReport& r) { return toPy(analysisOf(r).notes); })
        .def_prop_ro("warnings", [](const AnalysedReport& r) { return toPy(r.report.warnings()); })
        .def_prop_ro("world_size", [](const AnalysedReport& r) { return analysisOf(r).job->worldSize; })
        .def_prop_ro("missing_ranks",
                     [](const AnalysedReport& r) { return toPy(analysisOf(r).job->missingRanks); })
        .def_prop_ro("load_ms", [](const AnalysedReport& r) { return r.run.loadMs; })
        .def_prop_ro("analyse_ms", [](const AnalysedReport& r) { return r.run.analyseMs; })
        .def_prop_ro("culprits", &culprits)
        .def_prop_ro("victims", &victims)
        .def_prop_ro("frontier", &frontier)
        .def_prop_ro("load_errors", &loadErrors)
        .def_prop_ro("llm", &llm)
        .def("report", &report)
        .def("text", &text, nb::arg("verbose") = false, nb::arg("health_check") = false)
        .def("table", [](const AnalysedReport& r) { return toPy(frAttributionTable(analysisOf(r))); })
        .def("hanging_ranks_line",
             [](const AnalysedReport& r) { return toPy(hangingRanksLine(analysisOf(r))); })
        .def("with_llm", &withLlm, nb::arg("model"), nb::arg("base_url"));
    m.def("analyse", &analyse, nb::arg("fr_path"), nb::arg("pattern"), nb::arg("world_size"));
}

} // namespace fd::py
