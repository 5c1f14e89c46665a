#include "LoadBinding.h"

#include "PyConvert.h"

#include "TreeToPython.h"
#include <nanobind/stl/string.h>

#include "core/io/ArchiveReader.h"
#include "core/io/DumpReader.h"
#include "core/io/JobLoader.h"
#include "core/io/ParallelFor.h"

#include <QHash>
#include <QStringBuilder>

#include <memory>
#include <vector>

namespace fd::py {

namespace {

// One dump's bytes (mapped from disk, or an archive member in memory) and its tree, which points into them.
struct DecodedRank
{
    DumpBytes file;
    std::string member;
    DecodedDump decoded;
    QString problem; // the archive member could not be read
};

// Decodes the dumps the job holds, again: the loader keeps typed entries, not the values of the file.
void decodeAll(const Job& job, std::vector<std::unique_ptr<DecodedRank>>& out)
{
    out.resize(job.dumps.size());
    for (auto& d : out)
        d = std::make_unique<DecodedRank>();
    QHash<QString, std::size_t> byMember;
    QString archive;
    for (std::size_t i = 0; i < job.dumps.size(); ++i) {
        if (!job.dumps[i].archivePath.isEmpty()) {
            archive = job.dumps[i].archivePath;
            byMember.insert(job.dumps[i].archiveMember, i);
        }
    }
    if (!archive.isEmpty()) {
        std::vector<bool> seen(out.size(), false);
        const QString stopped = readArchiveMembers(
            archive, [&](const QString& member) { return byMember.contains(member); },
            [&](const QString& member, std::string&& bytes, const QString& problem) {
                const std::size_t i = byMember.value(member);
                seen[i] = true;
                out[i]->problem = problem;
                out[i]->member = std::move(bytes);
                return true;
            });
        for (std::size_t i = 0; i < out.size(); ++i) {
            if (!seen[i] && out[i]->problem.isEmpty())
                out[i]->problem =
                    QStringLiteral("not read: ") %
                    (stopped.isEmpty() ? QStringLiteral("not found in the archive on the second read")
                                       : stopped);
        }
    }
    parallelFor(out.size(), 0, nullptr, [&](std::size_t i) {
        DecodedRank& d = *out[i];
        const RankDump& dump = job.dumps[i];
        if (!d.problem.isEmpty())
            return;
        std::string_view bytes = d.member;
        if (dump.archivePath.isEmpty()) {
            if (QString err = d.file.open(dump.filePath); !err.isEmpty()) {
                d.problem = err;
                return;
            }
            bytes = d.file.view();
        }
        d.decoded = decodeDumpBytes(bytes, dump.filePath);
    });
}

// Keeps Python's cyclic garbage collector off while the dumps become objects. The values cannot form cycles
// (a container that contains itself is refused, TreeToPython.h), and a job is millions of dicts and lists
// whose allocations would trigger collection after collection, each walking the objects made so far: 64 ranks
// of fr-synth's 256-rank job took 3.5 times as long with them.
class CollectorPause
{
public:
    CollectorPause() : m_wasEnabled(PyGC_Disable() != 0) {}
    ~CollectorPause()
    {
        if (m_wasEnabled)
            PyGC_Enable();
    }
    CollectorPause(const CollectorPause&) = delete;
    CollectorPause& operator=(const CollectorPause&) = delete;

private:
    bool m_wasEnabled;
};

nb::tuple error(const QString& path, int rank, const QString& message)
{
    return nb::make_tuple(toPy(path), rank, toPy(message));
}

} // namespace

nb::dict load(const std::string& frPath, const std::string& pattern)
{
    std::shared_ptr<const Job> job;
    std::vector<std::unique_ptr<DecodedRank>> decoded;
    {
        nb::gil_scoped_release release;
        LoadOptions options;
        options.frPath = toQString(frPath);
        options.pattern = toQString(pattern);
        options.details = DetailLevel::None;
        job = loadJob(options);
        decodeAll(*job, decoded);
    }
    nb::list errors;
    for (const LoadError& e : job->errors)
        errors.append(error(e.filePath, e.rank, e.toString()));
    nb::list dumps;
    const CollectorPause pause;
    for (std::size_t i = 0; i < job->dumps.size(); ++i) {
        const RankDump& dump = job->dumps[i];
        const DecodedRank& d = *decoded[i];
        const DecodedDump& dd = d.decoded;
        QString problem = d.problem.isEmpty() ? QString() : dump.filePath % QStringLiteral(": ") % d.problem;
        if (problem.isEmpty() && dd.error && !dd.partial)
            problem = dd.error->toString(); // changed since the loader read it
        TreeObject tree;
        if (problem.isEmpty()) {
            tree = treeToPython(dd.tree);
            if (!tree.value.is_valid())
                problem = dump.filePath % QStringLiteral(": ") % QString::fromStdString(tree.error);
        }
        if (!problem.isEmpty()) {
            errors.append(error(dump.filePath, dump.rank, problem));
            continue;
        }
        nb::dict item;
        item["rank"] = dump.rank;
        item["path"] = toPy(dump.filePath);
        item["format"] = dump.format == DumpFormat::Json ? "json" : "pickle";
        item["partial"] = dump.partial;
        item["warnings"] = toPy(dump.warnings);
        item["data"] = tree.value;
        dumps.append(item);
    }
    nb::dict out;
    out["source"] = toPy(job->source);
    out["pattern"] = toPy(job->pattern);
    out["prefix"] = toPy(job->prefix);
    out["world_size"] = job->worldSize;
    out["world_size_known"] = job->worldSizeKnown;
    out["missing_ranks"] = toPy(job->missingRanks);
    out["unreadable_ranks"] = toPy(job->unreadableRanks);
    out["dumps"] = dumps;
    out["errors"] = errors;
    nb::list warnings;
    for (const QString& w : job->warnings)
        warnings.append(toPy(w));
    out["warnings"] = warnings;
    return out;
}

void bindLoad(nb::module_& m)
{
    m.def("load", &load, nb::arg("fr_path"), nb::arg("pattern"));
}

} // namespace fd::py
