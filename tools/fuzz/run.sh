#!/usr/bin/env bash
# Builds the libFuzzer targets with the "fuzz" preset and fuzzes for SECONDS in all (default 60): half on the
# decoders, a sixth each on the archive path and the capture's HTTP parser, a twelfth each on the capture path
# and on special files in a dump folder, each on a copy of its seed corpus. Exits non-zero when a fuzzer finds a
# crash, leak, timeout, out-of-memory or (the HTTP, capture and file targets: tools/fuzz/CostBudget.h) an input
# whose cost grows faster than its size; the input that did it is left in fuzz-out/ (copy it to tests/data/fuzz
# with a line in its README).
set -euo pipefail
seconds="${1:-60}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target fuzz_decoders fuzz_archives fuzz_http fuzz_capture fuzz_files -- -j2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/decoders" "$work/archives" "$work/http" "$work/capture" "$work/files" fuzz-out
cp tools/fuzz/corpus/* "$work/decoders/"
# Past findings (regression inputs) start every run too.
find tests/data/fuzz -type f ! -name '*.md' -exec cp {} "$work/decoders/" \;
python3 tools/fuzz/make_archive_corpus.py "$work/archives"
cp tools/fuzz/http-corpus/* "$work/http/"
# The capture path starts from whole answers: each seed dump served with a length, and chunked.
for dump in tools/fuzz/corpus/*; do
    name="$(basename "$dump")"
    { printf 'HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n' "$(wc -c < "$dump")"; cat "$dump"; } > "$work/capture/$name.http"
    { printf 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n%x\r\n' "$(wc -c < "$dump")"; cat "$dump"; printf '\r\n0\r\n\r\n'; } \
        > "$work/capture/$name.chunked.http"
done
# A folder of records (kind, name, length/16, content): a dump beside a FIFO, a link to /dev/zero, a broken link.
{ printf '\000\000\001'; head -c 16 tools/fuzz/corpus/dump.json; printf '\001\001\000\002\002\000\005\003\000'; } \
    > "$work/files/mixed"
printf '\001\000\000\003\001\000\004\002\000' > "$work/files/specials"

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
sixth=$(( seconds / 6 > 0 ? seconds / 6 : 1 ))
fuzz fuzz_decoders $(( seconds - 3 * sixth > 0 ? seconds - 3 * sixth : 1 )) "$work/decoders" -dict="$root/tools/fuzz/pickle.dict"
fuzz fuzz_archives "$sixth" "$work/archives"
fuzz fuzz_http "$sixth" "$work/http"
fuzz fuzz_capture "$(( sixth / 2 > 0 ? sixth / 2 : 1 ))" "$work/capture"
fuzz fuzz_files "$(( sixth - sixth / 2 > 0 ? sixth - sixth / 2 : 1 ))" "$work/files" -max_len=4096
