# Translations: translations/flightdeck_<lang>.ts -> .qm compiled into flightdeck_core's resources under
# :/i18n. Included from core/buildinfo/sources.cmake, i.e. in core/'s directory scope, because the .qm
# custom commands must live in the directory of the target that embeds them.
#
#   cmake --build <dir> --target update_translations   # lupdate: refresh the .ts files from the sources
#   linguist translations/flightdeck_de.ts             # translate, then commit the .ts
#
# tests/packaging's translations_uptodate test fails when a .ts lacks a message of the sources, keeps one
# the sources dropped, or has an unfinished translation.
if(NOT TARGET Qt6::lupdate OR NOT TARGET Qt6::lrelease)
    find_package(Qt6 QUIET COMPONENTS LinguistTools)
endif()
if(NOT TARGET Qt6::lrelease)
    message(STATUS "Qt Linguist tools not found: building without translations (install qt6-l10n-tools)")
    return()
endif()

set(FD_TS_FILES
    ${PROJECT_SOURCE_DIR}/translations/flightdeck_de.ts
    ${PROJECT_SOURCE_DIR}/translations/flightdeck_zh_CN.ts)
# Every user-visible string lives in core/, ui/ or app/ (tests and tools are not translated).
file(GLOB_RECURSE FD_TR_SOURCES CONFIGURE_DEPENDS
    ${PROJECT_SOURCE_DIR}/core/*.cpp ${PROJECT_SOURCE_DIR}/core/*.h
    ${PROJECT_SOURCE_DIR}/ui/*.cpp ${PROJECT_SOURCE_DIR}/ui/*.h
    ${PROJECT_SOURCE_DIR}/app/*.cpp ${PROJECT_SOURCE_DIR}/app/*.h)
# No line numbers in the .ts: six people edit the sources, and a moved line is not a translation change.
set(FD_LUPDATE_OPTIONS -no-obsolete -locations none)
qt_add_translations(flightdeck_core
    TS_FILES ${FD_TS_FILES}
    SOURCES ${FD_TR_SOURCES}
    INCLUDE_DIRECTORIES ${PROJECT_SOURCE_DIR}/core ${PROJECT_SOURCE_DIR}/ui
    LUPDATE_OPTIONS ${FD_LUPDATE_OPTIONS}
    LRELEASE_OPTIONS -silent)

# The up-to-date check (tests/packaging) runs lupdate over exactly these sources.
list(JOIN FD_TR_SOURCES "\n" _fd_tr_list)
file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/translations/sources.lst CONTENT "${_fd_tr_list}\n")
set_property(GLOBAL PROPERTY FD_TS_FILES "${FD_TS_FILES}")
