#!/usr/bin/env bash
# Markdown -> HTML throughput: mconv (MarkdownReader + HTMLWriter, release build) vs the
# cmark-gfm CLI on the same generated GFM document, both run as whole processes, best of RUNS.
# Usage: Benchmarks/markdown/bench.sh [SIZE_BYTES] [RUNS]      (defaults: 2000000, 15)
set -euo pipefail
cd "$(dirname "$0")"
SIZE=${1:-2000000}
RUNS=${2:-15}
command -v cmark-gfm >/dev/null || { echo "bench.sh: cmark-gfm not installed (apt-get install cmark-gfm)" >&2; exit 1; }

swift build -c release --scratch-path .build >/dev/null
BIN=.build/release/markdown-bench
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

"$BIN" generate "$SIZE" > "$WORK/doc.md"
BYTES=$(wc -c < "$WORK/doc.md")
CMARK=(cmark-gfm --unsafe -e table -e strikethrough -e autolink -e tagfilter -e tasklist)

"${CMARK[@]}" "$WORK/doc.md" > "$WORK/cmark.html"
"$BIN" convert "$WORK/doc.md" > "$WORK/mconv.html"
if cmp -s "$WORK/cmark.html" "$WORK/mconv.html"; then SAME="identical"; else SAME="DIFFERENT"; fi

best() { # best wall time in nanoseconds of RUNS runs of "$@"
    local best=0 start end t
    for _ in $(seq "$RUNS"); do
        start=$(date +%s%N); "$@" > /dev/null; end=$(date +%s%N)
        t=$((end - start))
        if [ "$best" -eq 0 ] || [ "$t" -lt "$best" ]; then best=$t; fi
    done
    echo "$best"
}

T_CMARK=$(best "${CMARK[@]}" "$WORK/doc.md")
T_MCONV=$(best "$BIN" convert "$WORK/doc.md")

awk -v b="$BYTES" -v c="$T_CMARK" -v m="$T_MCONV" -v same="$SAME" 'BEGIN {
    printf "input: %d bytes of generated GFM; HTML outputs %s\n", b, same
    printf "cmark-gfm CLI : %8.2f ms  %7.1f MB/s\n", c / 1e6, b / (c / 1e9) / 1e6
    printf "mconv harness : %8.2f ms  %7.1f MB/s\n", m / 1e6, b / (m / 1e9) / 1e6
    printf "ratio (mconv throughput / cmark-gfm throughput): %.2fx (target >= 0.5x)\n", c / m
}'
echo "in-process, mconv only: $("$BIN" time "$WORK/doc.md" "$RUNS")"
