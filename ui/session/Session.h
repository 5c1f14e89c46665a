#pragma once

#include "core/analysis/Analysis.h"
#include "core/model/Job.h"
#include "core/pipeline/Pipeline.h"

#include <memory>

namespace fd {

// What every model and view of one opened job shares, read-only: the job and core's analysis of it. The
// analysis is the one result model: verdict, frontier, culprits, findings, health, and the lookups the views
// use (the per-(PG, seq) collective index, the coalesced fold, the evidence cells).
// A session is what core's pipeline made (core/pipeline): the GUI never analyses a job itself.
struct Session
{
    Session() = default;
    explicit Session(const AnalysedJob& run);

    std::shared_ptr<const Job> job;
    std::shared_ptr<const Analysis> analysis = std::make_shared<Analysis>(); // never null

    bool isEmpty() const { return !job; }
};

} // namespace fd
