#!/usr/bin/env bash
# HTML parse throughput (tokenize + tree construction + DOM): mconv's HTML5Parser (release build,
# in-process) vs selectolax (lexbor) and lxml (libxml2), in the same run on the same generated
# article page, best of RUNS each (thread CPU time, so a busy machine skews less). Then peak
# memory, the per-parse cost of 300-byte fragments (as the HTML reader parses snippets), and
# linear-time checks on pathological inputs.
#
# Linear-time checks: each input at n = LINEAR_N (default 20000) and 10n, best of 7 runs
# with the two sizes interleaved. The harness keeps glibc from returning freed memory to the
# kernel (see html5-bench), so both sizes parse into recycled memory; without that, the 10n
# input's arrays (over glibc's 32 MB mmap threshold) are fresh pages on every run and the
# ratio measures first-touch page faults, not the parser. Besides the issue's inputs
# (unclosed <b>, nested <div>, 1 MB attribute value / comment ...), the list holds the
# quadratic corners found and fixed: the Noah's Ark clause over thousands of distinct open
# formatting elements (b-distinct), an end tag naming an element below deep non-special
# content and a special element (end-x-deep), and scope checks failing at a boundary far
# down (div-object, p-button). Set LINEAR_N=100000 for the issue's 100,000-element sizes
# (about a minute).
# Usage: Benchmarks/html5/bench.sh [SIZE_BYTES] [RUNS]      (defaults: 1200000, 20)
# Needs: pip install selectolax lxml
set -euo pipefail
cd "$(dirname "$0")"
SIZE=${1:-1200000}
RUNS=${2:-20}
python3 -c "import selectolax, lxml" 2>/dev/null || { echo "bench.sh: pip install selectolax lxml" >&2; exit 1; }

swift build -c release --scratch-path .build >/dev/null
BIN=.build/release/html5-bench
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

python3 ../gen_article.py "$WORK/page.html" "$SIZE"
BYTES=$(wc -c < "$WORK/page.html")

read -r T_MCONV NODES < <("$BIN" time "$WORK/page.html" "$RUNS")
PEERS=$(python3 peers.py "$WORK/page.html" "$RUNS")
T_SLX=$(echo "$PEERS" | awk '/^selectolax/ {print $2}')
T_LXML=$(echo "$PEERS" | awk '/^lxml/ {print $2}')

awk -v b="$BYTES" -v m="$T_MCONV" -v s="$T_SLX" -v l="$T_LXML" -v n="$NODES" 'BEGIN {
    printf "input: %d bytes (generated article page), %d DOM nodes\n", b, n
    printf "mconv HTML5Parser : %8.2f ms  %7.1f MB/s\n", m, b / (m / 1e3) / 1e6
    printf "selectolax/lexbor : %8.2f ms  %7.1f MB/s\n", s, b / (s / 1e3) / 1e6
    printf "lxml              : %8.2f ms  %7.1f MB/s\n", l, b / (l / 1e3) / 1e6
    printf "ratio vs selectolax: %.2fx (target >= 0.5x)\n", s / m
    printf "ratio vs lxml      : %.2fx (target >= 1x)\n", l / m
}'
read -r GROWTH INPUT _ < <("$BIN" memory "$WORK/page.html")
awk -v g="$GROWTH" -v i="$INPUT" 'BEGIN { printf "peak RSS growth: %.1f MB = %.1fx input (target <= 10x)\n", g / 1e6, g / i }'
python3 ../gen_article.py --snippets "$WORK/snippets.txt" 200
echo "fragments (parseFragment, context body; target ~2-3 us for 300 bytes):"
"$BIN" fragments "$WORK/snippets.txt" "$RUNS"
LINEAR_N=${LINEAR_N:-20000}
echo "linear time (time at 10n / time at n, best of 7 CPU times, target <= 11):"
"$BIN" linear "$LINEAR_N" 7
