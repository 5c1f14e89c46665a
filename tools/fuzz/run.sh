#!/usr/bin/env bash
# Builds the libFuzzer target with the "fuzz" preset and fuzzes the decoders for SECONDS (default 60) on a copy
# of the seed corpus. Exits non-zero when the fuzzer finds a crash, leak, timeout or out-of-memory; the input
# that did it is left in fuzz-out/ (copy it to tests/data/fuzz with a line in its README).
set -euo pipefail
seconds="${1:-60}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target fuzz_decoders -- -j2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp tools/fuzz/corpus/* "$work/"
# Past findings (regression inputs) start every run too.
find tests/data/fuzz -type f ! -name '*.md' -exec cp {} "$work/" \;
mkdir -p fuzz-out
status=0
"$root/build/fuzz/tools/fuzz/fuzz_decoders" -max_total_time="$seconds" -max_len=65536 -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$root/fuzz-out/" \
    -dict="$root/tools/fuzz/pickle.dict" "$work" || status=$?
if [ "$status" -ne 0 ]; then
    echo "fuzz_decoders failed (exit $status); reproducer(s) in $root/fuzz-out/" >&2
    exit "$status"
fi
echo "fuzz_decoders: no findings in ${seconds}s"
