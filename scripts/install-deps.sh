#!/usr/bin/env bash
# Installs what FlightDeck needs to build, test and package on Debian 12 (bookworm). Idempotent: packages
# that are already there are skipped, and apt is only asked when something is missing.
set -euo pipefail

packages=(
    cmake ninja-build g++ pkg-config
    qt6-base-dev qt6-base-dev-tools libqt6opengl6-dev libqt6svg6-dev qt6-charts-dev
    qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n
    libgl-dev libvulkan-dev libxkbcommon-dev
    nlohmann-json3-dev
    libarchive-dev
    qt6-qpa-plugins
    python3
)
# Extra tools for CI: the formatting check (clang-format 14), the fuzzer (clang's libFuzzer), packaging
# checks, screenshots. Screenshots and exports in Chinese (--lang zh_CN) need a CJK font, or every Han
# character is an empty box: DejaVu has none, and Qt's font fallback can only pick what fontconfig knows
# (fonts-wqy-microhei: 5 MB, where fonts-noto-cjk is 90 MB). The .deb Recommends it (packaging/CMakeLists.txt).
if [ "${1:-}" = "--ci" ]; then
    packages+=(clang clang-format-14 libclang-rt-14-dev appstream desktop-file-utils dpkg-dev file xvfb xauth fonts-wqy-microhei)
    # The Python package (pip install . in a venv; docs/python.md), and ccache, which lets its build reuse
    # the objects of the release build.
    packages+=(python3-dev python3-venv ccache)
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    echo "Installing: ${missing[*]}"
    $SUDO apt-get update -q
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
