# Reports: the versioned JSON report (writer and reader), the text tables fr_attribution.py prints, and what
# is sent to an LLM, and the Chrome trace-event export. Formatting only: core/pipeline runs the stages.
target_sources(flightdeck_core PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/Report.h ${CMAKE_CURRENT_LIST_DIR}/Report.cpp
    ${CMAKE_CURRENT_LIST_DIR}/JsonSink.h ${CMAKE_CURRENT_LIST_DIR}/JsonSink.cpp
    ${CMAKE_CURRENT_LIST_DIR}/ReportJson.h ${CMAKE_CURRENT_LIST_DIR}/ReportJson.cpp
    ${CMAKE_CURRENT_LIST_DIR}/TextReport.h ${CMAKE_CURRENT_LIST_DIR}/TextReport.cpp
    ${CMAKE_CURRENT_LIST_DIR}/TextTable.h ${CMAKE_CURRENT_LIST_DIR}/TextTable.cpp
    ${CMAKE_CURRENT_LIST_DIR}/LoadNotes.h ${CMAKE_CURRENT_LIST_DIR}/LoadNotes.cpp
    ${CMAKE_CURRENT_LIST_DIR}/LlmFindings.h ${CMAKE_CURRENT_LIST_DIR}/LlmFindings.cpp
    ${CMAKE_CURRENT_LIST_DIR}/TraceEvents.h ${CMAKE_CURRENT_LIST_DIR}/TraceEvents.cpp
    ${CMAKE_CURRENT_LIST_DIR}/TraceExport.h ${CMAKE_CURRENT_LIST_DIR}/TraceExport.cpp
)
