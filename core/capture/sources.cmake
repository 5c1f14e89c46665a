# core/capture: live capture from a running job's torch worker servers (issue 11, docs/capture.md).
# Included OPTIONAL from core/CMakeLists.txt.
target_sources(flightdeck_core PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/HttpResponseParser.h ${CMAKE_CURRENT_LIST_DIR}/HttpResponseParser.cpp
    ${CMAKE_CURRENT_LIST_DIR}/CaptureEndpoint.h ${CMAKE_CURRENT_LIST_DIR}/CaptureEndpoint.cpp
    ${CMAKE_CURRENT_LIST_DIR}/SocketHttpRequest.h ${CMAKE_CURRENT_LIST_DIR}/SocketHttpRequest.cpp
    ${CMAKE_CURRENT_LIST_DIR}/LiveCapture.h ${CMAKE_CURRENT_LIST_DIR}/LiveCapture.cpp
)
target_sources(flightdeck_core PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/DumpFolderWatch.h ${CMAKE_CURRENT_LIST_DIR}/DumpFolderWatch.cpp
)
