// The rank groups the analysis hands the views (a 16384-rank job shown as a few groups): every rank in
// exactly one group, every culprit alone, the others grouped by what the analysis says of them. Expectations
// from how tools/synth/Scenarios.cpp built each job.
#include "ScenarioJob.h"

#include <QTest>

#include <algorithm>

using namespace fd;

namespace {

std::vector<std::vector<int>> groupsOf(const Analysis& a)
{
    std::vector<std::vector<int>> out;
    for (const RankGroup& g : a.rankGroups)
        out.push_back(g.ranks);
    return out;
}

} // namespace

class TstRankGroups : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void everyRankOnce_data()
    {
        QTest::addColumn<QString>("scenario");
        for (const char* s :
             {"healthy", "broken-gpu", "cascade-across-pgs", "order-deadlock", "missing-dump"})
            QTest::newRow(s) << QString::fromLatin1(s);
    }

    void everyRankOnce()
    {
        QFETCH(QString, scenario);
        const auto j = test::loadScenario(qPrintable(scenario));
        QVERIFY(j.analysis);
        std::vector<int> seen;
        for (const RankGroup& g : j.analysis->rankGroups) {
            QVERIFY(!g.ranks.empty());
            QVERIFY(std::is_sorted(g.ranks.begin(), g.ranks.end()));
            seen.insert(seen.end(), g.ranks.begin(), g.ranks.end());
        }
        std::sort(seen.begin(), seen.end());
        std::vector<int> world(std::size_t(j.analysis->job->worldSize));
        for (int r = 0; r < j.analysis->job->worldSize; ++r)
            world[std::size_t(r)] = r;
        QCOMPARE(seen, world);
    }

    // Nothing pending anywhere: the four ranks are alike.
    void healthyJobIsOneGroup()
    {
        const auto j = test::loadScenario("healthy");
        QCOMPARE(groupsOf(*j.analysis), (std::vector<std::vector<int>>{{0, 1, 2, 3}}));
        QCOMPARE(j.analysis->rankGroups.front().kind, RankKind::Healthy);
    }

    // Rank 2's GPU broke in all_reduce 6; ranks 0, 1, 3 completed it and are blocked together behind it.
    void culpritAloneThenItsVictims()
    {
        const auto j = test::loadScenario("broken-gpu");
        const auto& groups = j.analysis->rankGroups;
        QCOMPARE(groupsOf(*j.analysis), (std::vector<std::vector<int>>{{2}, {0, 1, 3}}));
        QCOMPARE(groups[0].kind, RankKind::BrokenGpu);
        QCOMPARE(groups[0].pgIndex, j.pg("0"));
        QCOMPARE(groups[0].seq, std::int64_t(6));
        QCOMPARE(groups[1].kind, RankKind::Victim);
        QCOMPARE(groups[1].pgIndex, j.pg("0"));
    }

    // Rank 0 stopped; its victims are blocked in different PGs: 3 and 5 both in DP [1,3,5], the others
    // each somewhere else. The larger group comes first after the culprit.
    void victimsByWhereTheyAreBlocked()
    {
        const auto j = test::loadScenario("cascade-across-pgs");
        const auto groups = groupsOf(*j.analysis);
        QCOMPARE(groups.front(), std::vector<int>{0});
        QCOMPARE(groups.at(1), (std::vector<int>{3, 5}));
        QCOMPARE(j.analysis->rankGroups.at(1).pgIndex, j.pg("5"));
        QCOMPARE(groups.size(), std::size_t(5)); // {0}, {3, 5}, and 1, 2, 4 alone
    }
};

QTEST_GUILESS_MAIN(TstRankGroups)
#include "tst_rankgroups.moc"
