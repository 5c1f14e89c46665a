# Translations: each target owns its catalog. translations/flightdeck_<lang>.ts (core/, app/cli/) is compiled
# into flightdeck_buildinfo, translations/flightdeck-gui_<lang>.ts (ui/, app/gui/) into flightdeck_ui, both
# under :/i18n. Included from core/buildinfo/CMakeLists.txt; ui/CMakeLists.txt calls fd_add_translations() for
# its own catalog.
#
#   cmake --build <dir> --target update_translations   # lupdate: refresh the .ts files from the sources
#   linguist translations/flightdeck-gui_de.ts         # translate, then commit the .ts
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

# fd_add_translations(<target> <catalog> <source folders...>): translations/<catalog>_<lang>.ts for every
# user-visible string under those folders (relative to the project), compiled into <target>'s resources under
# :/i18n. Call it in the directory of <target>: the .qm custom commands must live there. Each catalog also
# writes translations/<catalog>.lst, the sources the translations_uptodate test runs lupdate over.
function(fd_add_translations target catalog)
    set(ts_files)
    foreach(lang IN ITEMS de zh_CN)
        list(APPEND ts_files ${PROJECT_SOURCE_DIR}/translations/${catalog}_${lang}.ts)
    endforeach()
    set(globs)
    foreach(folder IN LISTS ARGN)
        list(APPEND globs ${PROJECT_SOURCE_DIR}/${folder}/*.cpp ${PROJECT_SOURCE_DIR}/${folder}/*.h)
    endforeach()
    file(GLOB_RECURSE sources CONFIGURE_DEPENDS ${globs})
    # No line numbers in the .ts: six people edit the sources, and a moved line is not a translation change.
    # (Set here, not beside the function: ui/ calls it from another directory scope.)
    qt_add_translations(${target}
        TS_FILES ${ts_files}
        SOURCES ${sources}
        INCLUDE_DIRECTORIES ${PROJECT_SOURCE_DIR}
        LUPDATE_OPTIONS -no-obsolete -locations none
        LRELEASE_OPTIONS -silent)
    list(JOIN sources "\n" list)
    file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/translations/${catalog}.lst CONTENT "${list}\n")
endfunction()

# The CLI's catalog: core's strings and flightdeck-cli's. The GUI's catalog (ui/, app/gui/) is added by
# ui/CMakeLists.txt to flightdeck_ui, so flightdeck-cli carries no GUI strings.
fd_add_translations(flightdeck_buildinfo flightdeck core app/cli)
