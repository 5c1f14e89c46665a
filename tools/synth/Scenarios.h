#pragma once

#include <QString>

#include <map>
#include <string>
#include <vector>

namespace fd::scenario {

// The hang-attribution scenarios committed under tests/data/scenarios/<name>/: small jobs (4 or 6 ranks),
// each built op by op (ScenarioBuilder.h) to show one situation, with expected-report.json: the stable
// findings flightdeck-cli must produce (verdict, culprits with their kind, victims, frontier PG + seq +
// ranks). The expectations are written by hand from how each job was built, never captured from FlightDeck's
// output.
struct Scenario
{
    std::map<int, std::string> dumps; // rank -> pickle of _dump_<rank>
    std::string expectedReport;       // expected-report.json, keys sorted, indent 2, trailing newline
};

std::vector<std::string> scenarioNames();
// The scenario called `name`; empty dumps and report when there is none.
Scenario makeScenario(const std::string& name);

// Writes every scenario to dir/<name>/ (replacing what is there). Returns an error message, empty on success.
QString writeScenarios(const QString& dir);

} // namespace fd::scenario
