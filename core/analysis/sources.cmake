# Hang attribution: per-PG matching, per-rank progress, wait-for graph, verdict.
target_sources(flightdeck_core PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/Analysis.h ${CMAKE_CURRENT_LIST_DIR}/Analysis.cpp
    ${CMAKE_CURRENT_LIST_DIR}/OpInfo.h ${CMAKE_CURRENT_LIST_DIR}/OpInfo.cpp
    ${CMAKE_CURRENT_LIST_DIR}/RankProgress.h ${CMAKE_CURRENT_LIST_DIR}/RankProgress.cpp
    ${CMAKE_CURRENT_LIST_DIR}/SnapshotProgress.h ${CMAKE_CURRENT_LIST_DIR}/SnapshotProgress.cpp
    ${CMAKE_CURRENT_LIST_DIR}/AnalysisContext.h ${CMAKE_CURRENT_LIST_DIR}/AnalysisContext.cpp
    ${CMAKE_CURRENT_LIST_DIR}/CollectiveMatcher.h ${CMAKE_CURRENT_LIST_DIR}/CollectiveMatcher.cpp
    ${CMAKE_CURRENT_LIST_DIR}/WaitForGraph.h ${CMAKE_CURRENT_LIST_DIR}/WaitForGraph.cpp
    ${CMAKE_CURRENT_LIST_DIR}/WaitForBuilder.cpp
    ${CMAKE_CURRENT_LIST_DIR}/Verdict.h ${CMAKE_CURRENT_LIST_DIR}/Verdict.cpp
    ${CMAKE_CURRENT_LIST_DIR}/PgWaits.h ${CMAKE_CURRENT_LIST_DIR}/PgWaits.cpp
    ${CMAKE_CURRENT_LIST_DIR}/Coverage.h ${CMAKE_CURRENT_LIST_DIR}/Coverage.cpp
    ${CMAKE_CURRENT_LIST_DIR}/CoalescedFold.h ${CMAKE_CURRENT_LIST_DIR}/CoalescedFold.cpp
    ${CMAKE_CURRENT_LIST_DIR}/CollectiveIndex.h ${CMAKE_CURRENT_LIST_DIR}/CollectiveIndex.cpp
    ${CMAKE_CURRENT_LIST_DIR}/Evidence.h ${CMAKE_CURRENT_LIST_DIR}/Evidence.cpp
    ${CMAKE_CURRENT_LIST_DIR}/RankGroups.h ${CMAKE_CURRENT_LIST_DIR}/RankGroups.cpp
    ${CMAKE_CURRENT_LIST_DIR}/Stragglers.h ${CMAKE_CURRENT_LIST_DIR}/Stragglers.cpp
    ${CMAKE_CURRENT_LIST_DIR}/Disagreement.h ${CMAKE_CURRENT_LIST_DIR}/Disagreement.cpp
    ${CMAKE_CURRENT_LIST_DIR}/SilentMembers.h ${CMAKE_CURRENT_LIST_DIR}/SilentMembers.cpp
    ${CMAKE_CURRENT_LIST_DIR}/ProgramOrder.h ${CMAKE_CURRENT_LIST_DIR}/ProgramOrder.cpp
    ${CMAKE_CURRENT_LIST_DIR}/Analyzer.cpp
)
