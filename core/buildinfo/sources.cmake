# core/buildinfo: version and build facts for --version and the About dialog, and the runtime translation
# loader (QTranslator is QtCore, so the CLI gets translated help without QtGui). Included from
# core/CMakeLists.txt.

# Build facts are fixed at configure time: a per-build git query would relink every executable after each
# commit. CI and cpack configure fresh, so a package always names the commit it was built from.
find_package(Git QUIET)
set(FD_GIT_COMMIT "unknown")
if(GIT_FOUND AND EXISTS "${PROJECT_SOURCE_DIR}/.git")
    execute_process(COMMAND "${GIT_EXECUTABLE}" rev-parse --short=12 HEAD
        WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
        OUTPUT_VARIABLE FD_GIT_COMMIT OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE _fd_git_rc)
    if(NOT _fd_git_rc EQUAL 0 OR FD_GIT_COMMIT STREQUAL "")
        set(FD_GIT_COMMIT "unknown")
    endif()
endif()
set(FD_BUILD_TYPE "${CMAKE_BUILD_TYPE}")
if(FD_BUILD_TYPE STREQUAL "")
    set(FD_BUILD_TYPE "unspecified")
endif()
set(FD_COMPILER "${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION}")
configure_file(${CMAKE_CURRENT_LIST_DIR}/BuildConfig.h.in ${CMAKE_CURRENT_BINARY_DIR}/buildinfo/BuildConfig.h @ONLY)

target_sources(flightdeck_core PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/BuildInfo.h ${CMAKE_CURRENT_LIST_DIR}/BuildInfo.cpp
    ${CMAKE_CURRENT_LIST_DIR}/Translations.h ${CMAKE_CURRENT_LIST_DIR}/Translations.cpp
    ${CMAKE_CURRENT_BINARY_DIR}/buildinfo/BuildConfig.h
)
target_include_directories(flightdeck_core PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/buildinfo)

# The catalogs (translations/*.ts) are compiled into flightdeck_core's resources under :/i18n so both
# executables and the tests find them without an install step.
include(${PROJECT_SOURCE_DIR}/translations/translations.cmake)
