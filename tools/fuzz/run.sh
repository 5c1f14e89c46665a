#!/usr/bin/env bash
# Builds the libFuzzer targets with the "fuzz" preset and fuzzes for SECONDS in all (default 60): two thirds on
# the decoders, one third on the archive path, each on a copy of its seed corpus. Exits non-zero when a fuzzer
# finds a crash, leak, timeout or out-of-memory; the input that did it is left in fuzz-out/ (copy it to
# tests/data/fuzz with a line in its README).
set -euo pipefail
seconds="${1:-60}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target fuzz_decoders fuzz_archives -- -j2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/decoders" "$work/archives" fuzz-out
cp tools/fuzz/corpus/* "$work/decoders/"
# Past findings (regression inputs) start every run too.
find tests/data/fuzz -type f ! -name '*.md' -exec cp {} "$work/decoders/" \;
python3 tools/fuzz/make_archive_corpus.py "$work/archives"

# fuzz NAME SECONDS CORPUS [libFuzzer options]
fuzz() {
    local name="$1" time="$2" corpus="$3"
    shift 3
    local status=0
    "$root/build/fuzz/tools/fuzz/$name" -max_total_time="$time" -max_len=65536 -timeout=10 \
        -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$root/fuzz-out/$name-" "$@" "$corpus" || status=$?
    if [ "$status" -ne 0 ]; then
        echo "$name failed (exit $status); reproducer(s) in $root/fuzz-out/" >&2
        exit "$status"
    fi
    echo "$name: no findings in ${time}s"
}
archive_seconds=$(( seconds / 3 > 0 ? seconds / 3 : 1 ))
fuzz fuzz_decoders $(( seconds - archive_seconds )) "$work/decoders" -dict="$root/tools/fuzz/pickle.dict"
fuzz fuzz_archives "$archive_seconds" "$work/archives"
