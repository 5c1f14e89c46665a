# core/llm: OpenAI-compatible narrative client (Qt Network). Included from core/CMakeLists.txt.
target_sources(flightdeck_core PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/LlmLog.h ${CMAKE_CURRENT_LIST_DIR}/LlmLog.cpp
    ${CMAKE_CURRENT_LIST_DIR}/LlmError.h ${CMAKE_CURRENT_LIST_DIR}/LlmError.cpp
    ${CMAKE_CURRENT_LIST_DIR}/SecretScrub.h ${CMAKE_CURRENT_LIST_DIR}/SecretScrub.cpp
    ${CMAKE_CURRENT_LIST_DIR}/LlmTypes.h
    ${CMAKE_CURRENT_LIST_DIR}/LlmSettings.h ${CMAKE_CURRENT_LIST_DIR}/LlmSettings.cpp
    ${CMAKE_CURRENT_LIST_DIR}/LlmKeyStore.h ${CMAKE_CURRENT_LIST_DIR}/LlmKeyStore.cpp
    ${CMAKE_CURRENT_LIST_DIR}/RetryPolicy.h ${CMAKE_CURRENT_LIST_DIR}/RetryPolicy.cpp
    ${CMAKE_CURRENT_LIST_DIR}/SseParser.h ${CMAKE_CURRENT_LIST_DIR}/SseParser.cpp
    ${CMAKE_CURRENT_LIST_DIR}/LlmResponse.h ${CMAKE_CURRENT_LIST_DIR}/LlmResponse.cpp
    ${CMAKE_CURRENT_LIST_DIR}/HangingRanks.h ${CMAKE_CURRENT_LIST_DIR}/HangingRanks.cpp
    ${CMAKE_CURRENT_LIST_DIR}/LlmPrompt.h ${CMAKE_CURRENT_LIST_DIR}/LlmPrompt.cpp
    ${CMAKE_CURRENT_LIST_DIR}/LlmClient.h ${CMAKE_CURRENT_LIST_DIR}/LlmClient.cpp
    ${CMAKE_CURRENT_LIST_DIR}/LlmBlocking.h ${CMAKE_CURRENT_LIST_DIR}/LlmBlocking.cpp
)
