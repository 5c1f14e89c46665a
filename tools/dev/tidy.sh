#!/usr/bin/env bash
# tidy.sh [BASE]: clang-tidy (.clang-tidy: bugprone, performance) over the C++ sources changed since BASE
# (default: origin/main, else HEAD~1), with the release build's compile_commands.json.
set -euo pipefail
cd "$(dirname "$0")/../.."
base=${1:-$(git rev-parse -q --verify origin/main || git rev-parse HEAD~1)}
db=build/release
[ -f $db/compile_commands.json ] || { echo "configure first: cmake --preset release" >&2; exit 2; }
mapfile -t files < <(git diff --name-only --diff-filter=AM "$base" -- '*.cpp' | grep -v '^tests/data/' || true)
[ ${#files[@]} -gt 0 ] || { echo "no C++ sources changed since $base"; exit 0; }
run-clang-tidy -quiet -p $db "${files[@]}"
