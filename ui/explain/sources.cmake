# ui/explain: the "Explain" panel (LLM narrative next to the verdict) and its settings dialog (issue 5).
# Included OPTIONAL from ui/CMakeLists.txt; listing a file the ui glob also finds is harmless (CMake keeps
# one copy of a target's source).
target_sources(flightdeck_ui PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/ExplainFindings.h ${CMAKE_CURRENT_LIST_DIR}/ExplainFindings.cpp
    ${CMAKE_CURRENT_LIST_DIR}/ExplainSettings.h ${CMAKE_CURRENT_LIST_DIR}/ExplainSettings.cpp
    ${CMAKE_CURRENT_LIST_DIR}/LlmSettingsDialog.h ${CMAKE_CURRENT_LIST_DIR}/LlmSettingsDialog.cpp
    ${CMAKE_CURRENT_LIST_DIR}/ExplainPanel.h ${CMAKE_CURRENT_LIST_DIR}/ExplainPanel.cpp
)
