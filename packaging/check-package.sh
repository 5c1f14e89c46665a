#!/usr/bin/env bash
# Builds the .deb and .tar.gz from an already configured and built tree, checks what they contain,
# validates the desktop file and the AppStream metainfo, installs the .deb with apt-get, runs both
# binaries from /usr/bin, and removes the package again. Called by .ci/run.
#   packaging/check-package.sh build/release
set -euo pipefail
build=$(cd "${1:?usage: check-package.sh BUILD_DIR}" && pwd)
src=$(cd "$(dirname "$0")/.." && pwd)
app_id=io.github.flightdeck.FlightDeck
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
fail() { echo "check-package: FAIL: $*" >&2; exit 1; }
step() { echo "--- $*"; }

step "build and cpack"
cmake --build "$build"
out="$build/packages"
rm -rf "$out" && mkdir -p "$out"
(cd "$build" && cpack -G "DEB;TGZ" -B "$out" >/dev/null)
deb=$(ls "$out"/flightdeck_*.deb)
tgz=$(ls "$out"/flightdeck-*.tar.gz)
echo "$deb"; echo "$tgz"

expected=(
    bin/flightdeck
    bin/flightdeck-cli
    share/applications/$app_id.desktop
    share/metainfo/$app_id.metainfo.xml
    share/icons/hicolor/scalable/apps/$app_id.svg
    share/man/man1/flightdeck-cli.1.gz
)
for size in 16 22 24 32 48 64 128 256; do
    expected+=("share/icons/hicolor/${size}x${size}/apps/$app_id.png")
done

step "contents of the .deb"
deb_list=$(dpkg-deb -c "$deb" | awk '{print $NF}')
for f in "${expected[@]}"; do
    grep -qx "./usr/$f" <<<"$deb_list" || fail ".deb lacks /usr/$f"
done
dpkg-deb -f "$deb"
dpkg-deb -f "$deb" Depends | grep -q libqt6widgets6 || fail ".deb Depends lacks the Qt libraries (dpkg-shlibdeps)"

step "contents of the .tar.gz"
tgz_list=$(tar tzf "$tgz")
for f in "${expected[@]}"; do
    grep -q "^[^/]*/$f\$" <<<"$tgz_list" || fail ".tar.gz lacks $f"
done

step "validate desktop file, metainfo, icons, man page"
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
dpkg-deb -x "$deb" "$tree"
desktop-file-validate "$tree/usr/share/applications/$app_id.desktop"
appstreamcli validate --no-net "$tree/usr/share/metainfo/$app_id.metainfo.xml"
for size in 16 32 256; do
    file "$tree/usr/share/icons/hicolor/${size}x${size}/apps/$app_id.png" | grep -q "PNG image data, $size x $size" ||
        fail "icon ${size}x${size} is not a ${size}px PNG"
done
zcat "$tree/usr/share/man/man1/flightdeck-cli.1.gz" | grep '^\.SH OPTIONS' >/dev/null ||
    fail "the man page has no OPTIONS section (flightdeck-cli --help printed nothing usable)"
file "$tree/usr/bin/flightdeck" "$tree/usr/bin/flightdeck-cli"

step "install the .deb"
# apt-get resolves the Depends dpkg-shlibdeps computed, as on a clean Debian 12.
$SUDO apt-get install -y -q "$deb"
trap 'rm -rf "$tree"; $SUDO apt-get remove -y -q flightdeck >/dev/null || true' EXIT
[ "$(command -v flightdeck-cli)" = /usr/bin/flightdeck-cli ] || fail "flightdeck-cli is not on PATH from /usr/bin"

step "run the installed binaries"
version=$(sed -n 's/^project(FlightDeck//;s/^ *VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt" | head -n1)
cd /tmp
sample="$src/resources/sample-job"
work=$(mktemp -d)
trap 'rm -rf "$tree" "$work"; $SUDO apt-get remove -y -q flightdeck >/dev/null || true' EXIT

out_cli=$(/usr/bin/flightdeck-cli --version) || fail "flightdeck-cli --version exited $?"
echo "$out_cli"
grep -q "^flightdeck-cli $version\$" <<<"$out_cli" || fail "flightdeck-cli --version does not start with 'flightdeck-cli $version'"
if [ -d "$sample" ]; then
    # The analysis ran: exit 0 whatever it found (1 only with --exit-code).
    rc=0
    /usr/bin/flightdeck-cli --fr-path "$sample" --debug --debug-dir "$work/json" --json "$work/report.json" >/dev/null || rc=$?
    [ "$rc" -eq 0 ] || fail "flightdeck-cli on the sample job exited $rc"
    [ -n "$(ls -A "$work/json")" ] || fail "flightdeck-cli --debug wrote nothing"
    python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$work/report.json" || fail "--json is not JSON"
    echo "flightdeck-cli headless export: $(ls "$work/json" | wc -l) dump JSON files and a report (exit $rc)"
fi

# The GUI runs under a timeout: a build whose --version opens a window instead must fail, not hang CI.
gui() { QT_QPA_PLATFORM=offscreen timeout 120 /usr/bin/flightdeck "$@"; }
out_gui=$(gui --version) || fail "flightdeck --version exited $? (124: timed out)"
echo "$out_gui"
grep -qi "^flightdeck $version\$" <<<"$out_gui" || fail "flightdeck --version does not start with 'FlightDeck $version'"
if [ -d "$sample" ]; then
    if gui --help 2>/dev/null | grep -- '--export-png' >/dev/null; then
        gui --export-png "$work/x.png" --export-json "$work/x.json" "$sample"
        file "$work/x.png" | grep -q 'PNG image data' || fail "flightdeck --export-png wrote no PNG"
        python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$work/x.json" || fail "--export-json is not JSON"
        echo "flightdeck headless export: $(file -b "$work/x.png")"
    else
        echo "NOTE: flightdeck has no --export-png yet; headless GUI export skipped"
    fi
else
    echo "NOTE: no $sample; headless exports skipped"
fi

step "remove the package"
$SUDO apt-get remove -y -q flightdeck >/dev/null
trap 'rm -rf "$tree" "$work"' EXIT
[ ! -e /usr/bin/flightdeck-cli ] || fail "flightdeck-cli still installed after removal"
echo "check-package: OK"
