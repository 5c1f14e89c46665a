#!/usr/bin/env bash
# format.sh [--check]: clang-format 14 (.clang-format) over every C++ source of the repository; --check only
# lists the files it would change and fails if there is one (CI runs that). New files count before they are
# added: a commit must not be the first to see them.
set -euo pipefail
cd "$(dirname "$0")/../.."
mapfile -t files < <(git ls-files --cached --others --exclude-standard '*.h' '*.cpp' | grep -v '^tests/data/')
if [ "${1:-}" = "--check" ]; then
    clang-format-14 --dry-run --Werror "${files[@]}"
else
    clang-format-14 -i "${files[@]}"
fi
