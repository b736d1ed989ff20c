#!/usr/bin/env bash
# Markdown -> HTML throughput: mconv (MarkdownReader + HTMLWriter, release build) vs the
# cmark-gfm CLI on the same generated GFM document, both run as whole processes, best of RUNS
# (wall time, and CPU time as a steadier second figure).
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

# Best wall time and best CPU time (user + system) in nanoseconds of RUNS runs of "$@",
# the runs of the two programs interleaved so both see the same machine load.
TIMEFORMAT='%3U %3S'
run_once() { # prints "wall_ns cpu_ns" of one run of "$@"
    local start end cpu
    start=$(date +%s%N)
    cpu=$({ time "$@" > /dev/null; } 2>&1)
    end=$(date +%s%N)
    echo "$((end - start)) $(awk -v c="$cpu" 'BEGIN { split(c, t, " "); printf "%d", (t[1] + t[2]) * 1e9 }')"
}
W_CMARK=0 C_CMARK=0 W_MCONV=0 C_MCONV=0
for _ in $(seq "$RUNS"); do
    read -r w c < <(run_once "${CMARK[@]}" "$WORK/doc.md")
    if [ "$W_CMARK" -eq 0 ] || [ "$w" -lt "$W_CMARK" ]; then W_CMARK=$w; fi
    if [ "$C_CMARK" -eq 0 ] || [ "$c" -lt "$C_CMARK" ]; then C_CMARK=$c; fi
    read -r w c < <(run_once "$BIN" convert "$WORK/doc.md")
    if [ "$W_MCONV" -eq 0 ] || [ "$w" -lt "$W_MCONV" ]; then W_MCONV=$w; fi
    if [ "$C_MCONV" -eq 0 ] || [ "$c" -lt "$C_MCONV" ]; then C_MCONV=$c; fi
done

awk -v b="$BYTES" -v c="$W_CMARK" -v m="$W_MCONV" -v cc="$C_CMARK" -v mc="$C_MCONV" \
    -v same="$SAME" 'BEGIN {
    printf "input: %d bytes of generated GFM; HTML outputs %s\n", b, same
    printf "cmark-gfm CLI : %8.2f ms  %7.1f MB/s   (CPU %8.2f ms)\n", c / 1e6, b / (c / 1e9) / 1e6, cc / 1e6
    printf "mconv harness : %8.2f ms  %7.1f MB/s   (CPU %8.2f ms)\n", m / 1e6, b / (m / 1e9) / 1e6, mc / 1e6
    printf "ratio (mconv throughput / cmark-gfm throughput): %.2fx (target >= 0.5x)\n", c / m
    printf "ratio by CPU time (steadier on a shared machine): %.2fx\n", cc / mc
}'
echo "in-process, mconv only: $("$BIN" time "$WORK/doc.md" "$RUNS")"
