# Included by ui/CMakeLists.txt: icons compiled into flightdeck_ui as :/flightdeck/...
qt_add_resources(flightdeck_ui "flightdeck_resources"
    PREFIX "/flightdeck"
    BASE "${CMAKE_CURRENT_LIST_DIR}"
    FILES "${CMAKE_CURRENT_LIST_DIR}/icons/flightdeck.svg")
