// The Chrome trace-event export (docs/trace-export.md): checked against the format's rules (required keys and
// their types per phase, slices of one track nested by time, flows paired) and its slices counted against the
// dump entries; then flightdeck-cli --export-trace and its limits.
#include "core/analysis/Analyzer.h"
#include "core/io/JobLoader.h"
#include "core/report/TraceExport.h"
#include "tests/support/RunProgram.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <set>

using namespace fd;
using nlohmann::json;

namespace {

std::shared_ptr<const Job> load(const QString& dir, DetailLevel details = DetailLevel::Times,
                                const QString& pattern = QStringLiteral("_dump_*"))
{
    LoadOptions options;
    options.frPath = dir;
    options.pattern = pattern;
    options.details = details;
    return loadJob(options);
}

struct Checked
{
    std::size_t slices = 0; // X events of entries (not culprit marks)
    std::size_t instants = 0;
    std::size_t flows = 0;
    std::set<int> pids;
    json other;
};

// The format's rules, as the Perfetto UI and chrome://tracing read them. Fails the test on the first break
// (callers check QTest::currentTestFailed()).
void checkTrace(const std::string& text, Checked& c)
{
    c = {};
    const json j = json::parse(text, nullptr, false);
    QVERIFY2(!j.is_discarded(), "the trace is not JSON");
    QVERIFY2(j.is_object() && j.contains("traceEvents") && j["traceEvents"].is_array(),
             "no traceEvents array");
    QCOMPARE(j.value("displayTimeUnit", ""), std::string("ms"));
    c.other = j.value("otherData", json::object());
    std::map<std::pair<int, int>, std::vector<std::pair<double, double>>> tracks;
    std::map<std::uint64_t, int> flowEnds; // id -> +1 for "s", -1 for "f"
    for (const json& e : j["traceEvents"]) {
        const std::string ph = e.at("ph").get<std::string>();
        QVERIFY2(e.at("name").is_string() && !e["name"].get<std::string>().empty(), e.dump().c_str());
        QVERIFY2(e.at("pid").is_number_integer() && e.at("tid").is_number_integer(), e.dump().c_str());
        c.pids.insert(e["pid"].get<int>());
        if (ph == "M") {
            QVERIFY2(e.at("args").is_object(), e.dump().c_str());
            const std::string name = e["name"].get<std::string>();
            if (name == "process_name" || name == "thread_name")
                QVERIFY(e["args"].at("name").is_string());
            else
                QVERIFY(e["args"].at("sort_index").is_number_integer());
            continue;
        }
        QVERIFY2(e.at("ts").is_number() && e["ts"].get<double>() >= 0, e.dump().c_str());
        if (ph == "X") {
            QVERIFY2(e.at("dur").is_number() && e["dur"].get<double>() >= 0, e.dump().c_str());
            QVERIFY(e.at("cat").is_string() && e.at("args").is_object());
            tracks[{e["pid"].get<int>(), e["tid"].get<int>()}].push_back(
                {e["ts"].get<double>(), e["dur"].get<double>()});
            if (e["cat"] != "culprit") {
                ++c.slices;
                for (const char* key : {"seq", "record_id"})
                    QVERIFY2(e["args"].at(key).is_number_integer(), e.dump().c_str());
                for (const char* key :
                     {"op", "input_sizes", "output_sizes", "input_dtypes", "output_dtypes", "state"})
                    QVERIFY2(e["args"].at(key).is_string(), e.dump().c_str());
            }
        } else if (ph == "i") {
            QVERIFY(e.at("s").is_string());
            ++c.instants;
        } else if (ph == "s" || ph == "f") {
            QVERIFY(e.at("id").is_number_unsigned());
            if (ph == "f")
                QCOMPARE(e.at("bp").get<std::string>(), std::string("e"));
            flowEnds[e["id"].get<std::uint64_t>()] += ph == "s" ? 1 : -1;
            c.flows += ph == "s";
        } else {
            QFAIL(("unexpected phase " + ph).c_str());
        }
    }
    for (const auto& [id, balance] : flowEnds)
        QVERIFY2(balance == 0, "a flow without its other end");
    // Slices of one track are nested: each starts after the enclosing one's start and ends within it, or
    // starts after it ended. In order of start.
    for (auto& [track, slices] : tracks) {
        std::vector<double> open; // ends of the enclosing slices
        for (const auto& [ts, dur] : slices) {
            // Times are printed to the nanosecond (3 decimals of a microsecond): compared to that precision.
            while (!open.empty() && ts >= open.back() - 1e-6)
                open.pop_back();
            QVERIFY2(open.empty() || ts + dur <= open.back() + 1e-6, "slices of one track overlap");
            open.push_back(ts + dur);
        }
        QVERIFY(std::is_sorted(slices.begin(), slices.end(),
                               [](const auto& a, const auto& b) { return a.first < b.first; }));
    }
}

#define CHECK_TRACE(text, c)                                                                                 \
    checkTrace(text, c);                                                                                     \
    if (QTest::currentTestFailed())                                                                          \
    return

std::size_t entries(const Job& job)
{
    std::size_t n = 0;
    for (const RankDump& d : job.dumps)
        n += d.entries.size();
    return n;
}

} // namespace

class TstTrace : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void scenarios_data()
    {
        QTest::addColumn<QString>("dir");
        const QDir root(QStringLiteral(FD_TEST_DATA "/scenarios"));
        for (const QString& c : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
            QTest::newRow(qPrintable(c)) << root.filePath(c);
        QTest::newRow("torch straggler") << QStringLiteral(FD_TEST_DATA "/torch/straggler/pickle");
        QTest::newRow("torch rank exits") << QStringLiteral(FD_TEST_DATA "/torch/rank-exits");
    }
    // Every entry is one slice; the frontier is marked on the members that hold it; every culprit is marked;
    // every victim's arrow ends on one of its root causes.
    void scenarios()
    {
        QFETCH(QString, dir);
        const auto job = load(dir);
        QVERIFY(job);
        const auto a = analyzeJob(job);
        std::string text;
        const TraceSummary s = traceJson(*job, *a, {}, text);
        QVERIFY(s.error.isEmpty());
        Checked c;
        CHECK_TRACE(text, c);
        QCOMPARE(c.slices, entries(*job));
        QCOMPARE(s.slices, c.slices);
        QCOMPARE(s.instants, c.instants);
        QCOMPARE(s.flows, c.flows);
        QCOMPARE(s.bytes, std::uint64_t(text.size()));
        for (const RankDump& d : job->dumps)
            QVERIFY(c.pids.count(d.rank));
        QCOMPARE(c.other.value("time_axis", ""), std::string(s.byTime ? "wall_clock" : "sequence"));
        QVERIFY(s.byTime); // every scenario's dumps carry times
        QVERIFY(s.instants >= a->culprits.size() + (a->frontier.empty() ? 0 : 1));
        std::size_t pairs = 0;
        for (const Victim& v : a->victims)
            pairs += v.rootCauses.size();
        QVERIFY(c.flows <= pairs);
        if (pairs > 0) // a mismatch's victims name no root cause: nothing to draw
            QVERIFY2(c.flows > 0, "victims but no arrow to their culprits");
    }

    // Loaded without times, the slices are laid out by sequence, and the metadata says so.
    void bySequence()
    {
        const auto job =
            load(QStringLiteral(FD_TEST_DATA "/scenarios/cascade-across-pgs"), DetailLevel::None);
        const auto a = analyzeJob(job);
        std::string text;
        const TraceSummary s = traceJson(*job, *a, {}, text);
        QVERIFY(!s.byTime);
        Checked c;
        CHECK_TRACE(text, c);
        QCOMPARE(c.slices, entries(*job));
        QCOMPARE(c.other.value("time_axis", ""), std::string("sequence"));
        QVERIFY(c.other.value("note", "").find("sequence") != std::string::npos);
    }

    // --trace-ranks / --trace-pgs / --trace-last, as options.
    void limits()
    {
        const auto job = load(QStringLiteral(FD_TEST_DATA "/torch/straggler/json"), DetailLevel::Times,
                              QStringLiteral("_dump_*.json"));
        const auto a = analyzeJob(job);
        TraceOptions o;
        o.ranks = {1, 3};
        o.lastEntries = 7;
        std::string text;
        traceJson(*job, *a, o, text);
        Checked c;
        CHECK_TRACE(text, c);
        QCOMPARE(c.slices, std::size_t(14));
        QCOMPARE(c.pids, (std::set<int>{1, 3}));

        // One PG: only its members, only its entries.
        const std::uint32_t pg = a->lateness.stragglers.at(0).pgIndex;
        o = {};
        o.pgs = {pg};
        text.clear();
        traceJson(*job, *a, o, text);
        CHECK_TRACE(text, c);
        std::size_t inPg = 0; // gloo dumps list no PG members: the ranks with entries in it are its members
        for (const RankDump& d : job->dumps)
            for (const Entry& e : d.entries)
                inPg += e.pgIndex == pg;
        QCOMPARE(c.slices, inPg);
        std::set<int> members;
        for (const RankDump& d : job->dumps)
            for (const Entry& e : d.entries)
                if (e.pgIndex == pg)
                    members.insert(d.rank);
        QCOMPARE(c.pids, members);
    }

    void numberLists()
    {
        std::vector<int> v;
        QVERIFY(parseNumberList(QStringLiteral("0-3,12, 2"), &v));
        QCOMPARE(v, (std::vector<int>{0, 1, 2, 3, 12}));
        for (const char* bad : {"", "a", "3-1", "-2", "1-2-3", "1,,x"})
            QVERIFY2(!parseNumberList(QLatin1String(bad), &v), bad);
    }

    void cli()
    {
        QTemporaryDir tmp;
        const QString job = QStringLiteral(FD_TEST_DATA "/scenarios/cascade-across-pgs");
        const QString file = tmp.filePath(QStringLiteral("job.trace.json"));
        const test::ProgramRun run =
            test::runCli({QStringLiteral("--fr-path"), job, QStringLiteral("--export-trace"), file});
        QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(run.err.contains(QStringLiteral("trace: ")), qPrintable(run.err));
        QVERIFY(run.out.contains(QStringLiteral("hanging ranks:"))); // the report as ever
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        Checked c;
        CHECK_TRACE(f.readAll().toStdString(), c);
        QCOMPARE(c.slices, entries(*load(job)));
        QCOMPARE(c.other.value("time_axis", ""), std::string("wall_clock"));

        const test::ProgramRun last =
            test::runCli({QStringLiteral("--fr-path"), job, QStringLiteral("--export-trace"), file,
                          QStringLiteral("--trace-last"), QStringLiteral("2"),
                          QStringLiteral("--trace-ranks"), QStringLiteral("0-1")});
        QVERIFY2(last.finished && last.exitCode == 0, qPrintable(last.err));
        QFile g(file);
        QVERIFY(g.open(QIODevice::ReadOnly));
        CHECK_TRACE(g.readAll().toStdString(), c);
        QCOMPARE(c.slices, std::size_t(4));

        // Bad limits are usage errors; an unwritable file is named, the report still printed, exit 4.
        for (const QStringList& bad : {QStringList{QStringLiteral("--export-trace"), file,
                                                   QStringLiteral("--trace-last"), QStringLiteral("0")},
                                       QStringList{QStringLiteral("--export-trace"), file,
                                                   QStringLiteral("--trace-ranks"), QStringLiteral("x")},
                                       QStringList{QStringLiteral("--trace-pgs"), QStringLiteral("1")}}) {
            const test::ProgramRun r = test::runCli(QStringList{QStringLiteral("--fr-path"), job} + bad);
            QVERIFY2(r.finished && r.exitCode == 3, qPrintable(bad.join(QLatin1Char(' ')) + r.err));
        }
        const QString nowhere = tmp.filePath(QStringLiteral("no/such/dir/trace.json"));
        const test::ProgramRun failed =
            test::runCli({QStringLiteral("--fr-path"), job, QStringLiteral("--export-trace"), nowhere});
        QVERIFY(failed.finished);
        QCOMPARE(failed.exitCode, 4); // an output not written (docs/cli.md)
        QVERIFY2(failed.err.contains(nowhere), qPrintable(failed.err));
        QVERIFY(failed.out.contains(QStringLiteral("hanging ranks:")));
    }
};

QTEST_GUILESS_MAIN(TstTrace)
#include "tst_trace.moc"
