# core/capture: live capture from a running job's torch worker servers, and watch mode (docs/capture.md).
target_sources(flightdeck_core PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/HttpResponseParser.h ${CMAKE_CURRENT_LIST_DIR}/HttpResponseParser.cpp
    ${CMAKE_CURRENT_LIST_DIR}/CaptureEndpoint.h ${CMAKE_CURRENT_LIST_DIR}/CaptureEndpoint.cpp
    ${CMAKE_CURRENT_LIST_DIR}/SocketHttpRequest.h ${CMAKE_CURRENT_LIST_DIR}/SocketHttpRequest.cpp
    ${CMAKE_CURRENT_LIST_DIR}/CaptureResult.h ${CMAKE_CURRENT_LIST_DIR}/CaptureResult.cpp
    ${CMAKE_CURRENT_LIST_DIR}/CapturedDump.h ${CMAKE_CURRENT_LIST_DIR}/CapturedDump.cpp
    ${CMAKE_CURRENT_LIST_DIR}/CaptureFolder.h ${CMAKE_CURRENT_LIST_DIR}/CaptureFolder.cpp
    ${CMAKE_CURRENT_LIST_DIR}/LiveCapture.h ${CMAKE_CURRENT_LIST_DIR}/LiveCapture.cpp
    ${CMAKE_CURRENT_LIST_DIR}/PipeCapture.h ${CMAKE_CURRENT_LIST_DIR}/PipeCapture.cpp
    ${CMAKE_CURRENT_LIST_DIR}/CaptureRequest.h ${CMAKE_CURRENT_LIST_DIR}/CaptureRequest.cpp
    ${CMAKE_CURRENT_LIST_DIR}/CaptureAnalysis.h ${CMAKE_CURRENT_LIST_DIR}/CaptureAnalysis.cpp
    ${CMAKE_CURRENT_LIST_DIR}/TcpStoreClient.h ${CMAKE_CURRENT_LIST_DIR}/TcpStoreClient.cpp
    ${CMAKE_CURRENT_LIST_DIR}/WorkerAddress.h ${CMAKE_CURRENT_LIST_DIR}/WorkerAddress.cpp
    ${CMAKE_CURRENT_LIST_DIR}/StoreEndpoints.h ${CMAKE_CURRENT_LIST_DIR}/StoreEndpoints.cpp
)
target_sources(flightdeck_core PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/DumpFolderWatch.h ${CMAKE_CURRENT_LIST_DIR}/DumpFolderWatch.cpp
)
