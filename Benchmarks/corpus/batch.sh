#!/usr/bin/env bash
# Batch HTML -> Markdown on the real-page corpus (pages/, 72 pages): the ways a user converts a
# folder, and html2text on the same pages, in one run.
#   1. mconv --output-dir OUT --jobs 1 PAGES...   (one process, one file at a time)
#   2. mconv --output-dir OUT --jobs 2 PAGES...   (one process, two files at a time), and two
#      `--jobs 1` processes at once
#   3. mconv once per page                        (sum of each page's best; clitime.py)
#   4. mconv in process (mconv-bench corpus html markdown; thread CPU time, no start-up, no file
#      writes; the best pass of 3 in one process), when `make bench` has built it as the release
#      binary is built (INPROCESS=1 builds it: a long build). It runs in the rounds of rows 1-2,
#      so the machine's changes of speed (on a shared host, 1.5x from one second to the next)
#      touch it and --jobs 1 alike. Then two threads of one mconv-bench process converting the
#      pages at once (MCONV_BENCH_THREADS=2, each with its own converter): what the machine and
#      the library give two conversions at a time without file I/O, the ceiling for --jobs 2.
#   5. html2text 2025.4.15 once per page (its CLI; Python start-up each time) and in process
#      (peers.py; thread CPU time)
# Rows 1-2 are the best of 3 x RUNS whole runs (wall, and CPU time of the process: user + system
# from wait4, so --jobs 2's CPU is all its threads'), taking turns with the pair of row 2 and,
# each round, with one mconv-bench process of 3 passes, so every row has as many samples (the
# in-process row had had three times as many as --jobs 1: with the machine's speed changing
# 1.5x from second to second, a row with more samples catches more fast moments);
# per-page figures are the totals / pages. Every run writes into an empty output folder, as a
# folder's first conversion does: renaming a file over an existing one makes ext4 start writing
# the new file's data out at once (its auto_da_alloc safety net for a crash), which cost --jobs 2
# 6-9 ms more CPU on this corpus (speed-up 1.73x -> 1.66x, best of 10 on an idle machine).
# Each run has a new folder, and all are deleted after the last run (2026-11-27): emptying one
# folder before each run deleted 72 files a second, and ext4 then looks past every inode
# deleted in the last seconds when it allocates one (recently_deleted, find_inode_bit). perf
# (cpu-clock, -g) of one --jobs 2 run during such deletions: 19.6% of its samples in the
# kernel, about 10% in ext4's inode allocation; the same run 35 s after the last deletion: 9.6%
# and 1.5%. A user's batch into a folder does not delete thousands of files a second; and the
# cost fell on --jobs 2, whose workers create their own files, while --jobs 1's writing thread
# creates them on the free core.
# Ratios: --jobs 2 wall speed-up over --jobs 1 (goal >= 1.7x on 2 idle cores), --jobs 1 against
# the in-process time plus one start-up (goal: not slower), html2text / mconv.
# Where --jobs 1 goes (2026-11-27, a binary printing CLOCK_MONOTONIC at the worker's start and
# end and before exit, 10 runs): the worker's loop is 97-99% of the wall time and runs as fast
# as the in-process pass of the same moment (worker 253 ms CPU, in-process best 257-261 ms: the
# worker has its text decoded by the read-ahead thread); spawn to the worker's start 2.6-5.7 ms,
# the end of the loop to exit() 0.3-0.5 ms, exit() to reaped 2.0-3.2 ms (the kernel freeing the
# 24 MB process; an empty conversion's start-up, 2.2-2.4 ms here, holds a smaller one). This
# host's speed is bimodal (the same pass takes 250 or 420 ms; first touches of memory cost about
# 5 us a page: 64 MB took 78-88 ms, 5 ms touched again), so the best-of figures move by 5-10%.
# Inside the worker (2026-11-27, a binary summing thread CPU times per call): the conversion
# calls are 95% of its loop, releasing each result (its AST) 4-5%, the rest 1-1.5% (taking the
# next file 0.2%, messages and handing the output over 1%). In one round the calls alone summed
# 217 ms where the in-process pass just after, which releases its results as well, took 219:
# the same work about 4% slower in the worker, with 250-600 page faults. Releasing each AST on
# the writer thread took that out of the loop but doubled the worker's page faults (its next
# file could not reuse the memory yet): no gain. The helper threads (reading and decoding ahead,
# writing behind, faulting in the worker's heap: the 30-45 ms of CPU beyond the wall time) run
# beside the worker: pinned to one core (taskset -c 0) the batch took 286 instead of 258 ms
# (best of 16). One malloc arena for all threads (GLIBC_TUNABLES=glibc.malloc.arena_max=1)
# moved the best by -4% in one comparison and +5% in the next.
# Instructions (2026-11-27, callgrind --separate-threads, 72 pages): the worker thread ran
# 1,600.6M where the in-process pass ran 1,584.5M once warm (its second pass; the first, with
# the files' reading, 1,696.7M): +1.0%, of it +10M in malloc and free, which take their arena
# lock once a process has a second thread (a single-threaded process skips it; the in-process
# benchmark with one thread started and ended first: 1.6-2.7% slower fast-mode passes). A
# tcache of 1,000 chunks per size (GLIBC_TUNABLES=glibc.malloc.tcache_count=1000) took the
# worker to 1,560.4M instructions but moved no wall time (25 interleaved runs: best 236.3 vs
# 236.6 ms). The first conversion's one-time set-up (the entity table, the reader's tag
# tables: 2.3M instructions) is static data or lists since efd1b25.
# Usage: Benchmarks/corpus/batch.sh [RUNS]           (default 3)
#   MCONV=/path/to/mconv times that binary; by default the static release binary is built as
#   `make release` builds it (.build-static). Run on an otherwise idle machine: the wall-clock
#   rows and the --jobs 2 speed-up mean nothing on a loaded one.
# Needs: the corpus (gather.sh), pip install html2text==2025.4.15.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
RUNS=${1:-3}
python3 -c 'import html2text' 2>/dev/null || { echo "batch.sh: pip install html2text first" >&2; exit 1; }
command -v html2text >/dev/null || { echo "batch.sh: the html2text command is missing" >&2; exit 1; }
ls "$here/pages/"*.html >/dev/null 2>&1 || "$here/gather.sh"

log=$(mktemp)
if [ -z "${MCONV:-}" ]; then
    if ! make -C "$root" release >"$log" 2>&1; then
        tail -20 "$log" >&2
        echo "batch.sh: the release build failed (log above)" >&2
        exit 1
    fi
    MCONV="$root/.build-static/release/mconv"
fi
bench=
if [ "${INPROCESS:-0}" = 1 ]; then
    make -C "$root" bench >"$log" 2>&1 ||
        { tail -20 "$log" >&2; echo "batch.sh: the mconv-bench build failed" >&2; exit 1; }
fi
[ -x "$root/.build-static/release/mconv-bench" ] && bench="$root/.build-static/release/mconv-bench"
rm -f "$log"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

ls "$here/pages/"*.html | LC_ALL=C sort > "$work/pages.list"
mapfile -t pages < "$work/pages.list"
n=${#pages[@]}
bytes=$(cat "${pages[@]}" | wc -c)

row() { # LABEL WALL_NS CPU_NS ("-" for none)
    awk -v l="$1" -v w="$2" -v c="$3" -v n="$n" 'BEGIN {
        ws = (w == "-") ? "       -" : sprintf("%8.0f", w / 1e6)
        cs = (c == "-") ? "       -" : sprintf("%8.0f", c / 1e6)
        wp = (w == "-") ? "      -" : sprintf("%7.2f", w / n / 1e6)
        cp = (c == "-") ? "      -" : sprintf("%7.2f", c / n / 1e6)
        printf "  %-34s %s %s ms   %s %s ms\n", l, ws, cs, wp, cp }'
}

echo "== HTML -> Markdown, $n real pages, $bytes bytes; best of 3 x $RUNS (mconv: $MCONV)"
echo "                                         total wall / CPU      per page wall / CPU"
# Rounds of --jobs 1, --jobs 2 and two --jobs 1 processes at once, taking turns (so a change
# of the machine's load touches the three alike): "J1_WALL J1_CPU J2_WALL J2_CPU PAIR_WALL" in
# ns, each the best of 3 x RUNS (CPU = the child's user + system time, from wait4).
read -r J1W J1C J2W J2C PAIRW IPC IPC2 < <(python3 - "$RUNS" "$MCONV" "$work" "${bench:--}" "${pages[@]}" <<'PYEOF'
import os, re, shutil, subprocess, sys, time
runs, binary, work, bench, pages = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
devnull = os.open(os.devnull, os.O_WRONLY)
def spawn(out, jobs):
    argv = [binary, "-q", "-t", "markdown", "--output-dir", out, "--jobs", jobs] + pages
    return os.posix_spawnp(binary, argv, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)])
def wait(pid, what):
    _, status, usage = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"batch.sh: {what} failed")
    return int((usage.ru_utime + usage.ru_stime) * 1e9)
best = {}
def keep(key, wall, cpu=0):
    old = best.get(key, (wall, cpu))
    best[key] = (min(old[0], wall), min(old[1], cpu) if cpu else 0)
# Every run writes into a new, empty output folder (a folder's first conversion), and the
# folders are deleted only after the last run (see the note at the top).
folders = 0
def fresh():
    global folders
    folders += 1
    return f"{work}/runs/{folders}"
os.makedirs(work + "/runs")
last = {}  # the last output folder of each --jobs, compared with single conversions below
for _ in range(runs):
    for _ in range(3):  # as many samples as the in-process row's 3 passes
        for jobs in ["1", "2"]:
            out = fresh()
            start = time.perf_counter_ns()
            cpu = wait(spawn(out, jobs), "--jobs " + jobs)
            keep(jobs, time.perf_counter_ns() - start, cpu)
            last[jobs] = out
        # Two independent --jobs 1 processes at once.  Each starts its helper threads (reading
        # ahead, writing behind, faulting in its heap), so the 2 cores are oversubscribed: not a
        # ceiling for --jobs 2 (the in-process pair of threads below is).
        start = time.perf_counter_ns()
        for pid in [spawn(fresh(), "1"), spawn(fresh(), "1")]:
            wait(pid, "a --jobs 1 process of the pair")
        keep("pair", time.perf_counter_ns() - start)
    if bench != "-":  # the in-process best of 3 passes, in ns
        report = subprocess.run([bench, "corpus", "html", "markdown", work + "/pages.list", "3"],
                                capture_output=True, text=True, check=True).stdout
        keep("in", int(float(re.search(r"best ([0-9.]+) ms", report).group(1)) * 1e6))
        # Two threads of one process converting at once, each every page with its own
        # converter: the slower thread's best pass (what the machine and the library give two
        # conversions at a time, without the files' reading and writing).
        report = subprocess.run([bench, "corpus", "html", "markdown", work + "/pages.list", "3"],
                                capture_output=True, text=True, check=True,
                                env=dict(os.environ, MCONV_BENCH_THREADS="2")).stdout
        per_thread = [float(x) for x in report.split("per thread")[1].replace("ms", "").split(",")]
        keep("in2", int(max(per_thread) * 1e6))
for jobs, out in last.items():
    os.rename(out, work + "/out" + jobs)
print(best["1"][0], best["1"][1], best["2"][0], best["2"][1], best["pair"][0],
      best["in"][0] if "in" in best else "-", best["in2"][0] if "in2" in best else "-")
PYEOF
)
row "mconv --output-dir --jobs 1" "$J1W" "$J1C"
row "mconv --output-dir --jobs 2" "$J2W" "$J2C"
row "two --jobs 1 processes at once" "$PAIRW" -
# Each page on its own, mconv and html2text as processes taking turns (best of RUNS each):
# "MCONV_WALL MCONV_CPU HTML2TEXT_WALL HTML2TEXT_CPU KB PAGE" per line; the rows are the sums.
while read -r p; do
    echo "$p" > "$work/one.list"
    python3 "$here/clitime.py" "$RUNS" "$work/one.list" "mconv=$MCONV -q -f html -t markdown" \
        "html2text=html2text" | awk -v kb="$(($(wc -c < "$p") / 1024))" -v name="$(basename "$p")" \
        '{ printf "%s %s ", $2, $3 } END { printf "%d %s\n", kb, name }'
done < "$work/pages.list" > "$work/perpage"
read -r PPW PPC HPW HPC < <(awk '{ a += $1; b += $2; c += $3; d += $4 } END { print a, b, c, d }' "$work/perpage")
row "mconv, one process per page" "$PPW" "$PPC"
: > "$work/empty.html"
echo "$work/empty.html" > "$work/empty.list"
read -r _ SUW SUC < <(python3 "$here/clitime.py" 20 "$work/empty.list" "mconv=$MCONV -q -f html -t markdown")
if [ "$IPC" != - ]; then
    row "mconv in process (mconv-bench)" - "$IPC"
    row "  two threads at once, slower one" - "$IPC2"
else
    echo "  (mconv in process: INPROCESS=1 builds it with make bench)"
fi
row "html2text, one process per page" "$HPW" "$HPC"
read -r HIC _ _ < <(python3 "$here/peers.py" html2text "$work/pages.list" "$RUNS")
row "html2text in process (peers.py)" - "$HIC"

echo "== per page (ms; --jobs 1 and --jobs 2 outputs compared with one process per page)"
same=0
for p in "${pages[@]}"; do
    name=$(basename "$p" .html)
    if "$MCONV" -q -f html -t markdown "$p" | cmp -s - "$work/out1/$name.md" &&
        cmp -s "$work/out1/$name.md" "$work/out2/$name.md"; then
        same=$((same + 1))
    fi
done
echo "  outputs identical in all three ways: $same of $n pages"
echo "     mconv  html2text  html2text/mconv     KB  page    (one process each, wall ms)"
awk '{ printf "  %8.2f %10.2f %14.1fx %6d  %s\n", $1 / 1e6, $3 / 1e6, $3 / $1, $5, $6 }' "$work/perpage"

echo "== ratios"
awk -v j1w="$J1W" -v j1c="$J1C" -v j2w="$J2W" -v pairw="$PAIRW" -v ppw="$PPW" -v ppc="$PPC" -v suw="$SUW" \
    -v ipc="$IPC" -v ipc2="$IPC2" -v hpw="$HPW" -v hpc="$HPC" -v hic="$HIC" -v n="$n" 'BEGIN {
    printf "  --jobs 2 wall speed-up over --jobs 1:          %5.2fx  [>= 1.7x on 2 idle cores]\n", j1w / j2w
    printf "  two --jobs 1 processes at once, throughput:    %5.2fx  (each with its helper threads: 2 cores oversubscribed)\n", 2 * j1w / pairw
    if (ipc2 != "-")
        printf "  two conversions at once in process, throughput: %5.2fx  (no file I/O: the ceiling for --jobs 2)\n", 2 * ipc / ipc2
    printf "  one process per page / --jobs 1:               %5.2fx wall, %5.2fx CPU\n", ppw / j1w, ppc / j1c
    printf "  mconv start-up (empty input, best of 20):      %5.2f ms wall\n", suw / 1e6
    if (ipc != "-")
        printf "  --jobs 1 wall / (in-process CPU + one start-up): %5.2f  [<= 1]\n", j1w / (ipc + suw)
    printf "  html2text per page / mconv --jobs 1:           %5.1fx wall, %5.1fx CPU\n", hpw / j1w, hpc / j1c
    printf "  html2text per page / mconv --jobs 2:           %5.1fx wall\n", hpw / j2w
    printf "  html2text in process / mconv --jobs 1 CPU:     %5.1fx\n", hic / j1c
    if (ipc != "-") printf "  html2text in process / mconv in process:      %5.1fx CPU\n", hic / ipc
}'
