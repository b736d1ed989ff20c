#!/usr/bin/env python3
"""Peak memory of converting each real page, as a multiple of the page's size.

usage: Benchmarks/corpus/memory.py [MCONV] [--to FORMAT[,FORMAT...]] [--min-size BYTES] [--split]

MCONV defaults to .build/release/mconv. Every page of Benchmarks/corpus/pages is converted
from HTML to each FORMAT (default: markdown,styled) through the release CLI; the script prints
(peak RSS - peak RSS of an empty input) / page size per page and format, then the worst ratio
overall and among pages of at least 100 KB (small pages are dominated by fixed costs: one
allocator arena or a page of stack is a large multiple of a 2 KB input). The bound is 10x.
Exits 1 when a page of at least --min-size bytes (default 100000) is over the bound.

--split (needs gdb) adds, per page and format, the part of the figure that is anonymous memory
(heap, stacks, written data pages: what the conversion allocates) and the part that is clean
file pages of the binary itself (code and read-only data the run executes or reads, each fault
mapping up to 64 KB around it: a fixed cost of using more of the program, not of the input).
Both are read from /proc/PID/status when the process exits (gdb stops it at exit_group); the
anonymous peak is RssAnon plus VmHWM - VmRSS (what was freed before the exit was anonymous).
The exit status still follows the whole figure.
"""
import glob
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOUND = 10


TIME = "/usr/bin/time"


def peak(mconv, dst, path):
    """Peak RSS in bytes of one conversion (output discarded).

    Read through GNU time when it is installed (as Benchmarks/pathological/run.py does): a
    child started straight from this script inherits the script's own high-water mark through
    fork/vfork and exec (Linux keeps the larger), about 16 MB, above the 13 MB an empty input
    takes, so the empty-input peak read too high and every ratio too low.
    """
    command = [mconv, "-q", "-f", "html", "-t", dst, path]
    if os.path.exists(TIME):
        with tempfile.NamedTemporaryFile("r") as report:
            p = subprocess.Popen([TIME, "-f", "%M", "-o", report.name, *command],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            _, status, _ = os.wait4(p.pid, 0)
            return int(report.read().split()[-1]) * 1024, status
    p = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    return usage.ru_maxrss * 1024, status


def split(mconv, dst, path):
    """(anonymous peak, file-backed RSS) in bytes at the exit of one conversion, via gdb."""
    with tempfile.NamedTemporaryFile("r") as report:
        grab = ("python import gdb; pid = gdb.selected_inferior().pid; "
                f"open('{report.name}', 'w').write(open(f'/proc/{{pid}}/status').read())")
        subprocess.run(["gdb", "-q", "-batch", "-ex", "catch syscall exit_group", "-ex", "run",
                        "-ex", grab, "--args", mconv, "-q", "-f", "html", "-t", dst, path],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        fields = {}
        for line in report.read().splitlines():
            key, _, value = line.partition(":")
            fields[key] = int(value.split()[0]) * 1024 if value.strip().endswith("kB") else 0
    anon = fields["RssAnon"] + fields["VmHWM"] - fields["VmRSS"]
    return anon, fields["RssFile"]


def main():
    args = sys.argv[1:]
    mconv = os.path.join(ROOT, ".build/release/mconv")
    targets = ["markdown", "styled"]
    min_size = 100000
    parts = False
    while args:
        a = args.pop(0)
        if a == "--to":
            targets = args.pop(0).split(",")
        elif a == "--min-size":
            min_size = int(args.pop(0))
        elif a == "--split":
            parts = True
        else:
            mconv = a
    pages = sorted(glob.glob(os.path.join(ROOT, "Benchmarks/corpus/pages/*.html")),
                   key=os.path.getsize)
    if not pages:
        sys.exit("memory.py: no corpus pages (Benchmarks/corpus/gather.sh)")
    empty = os.path.join(ROOT, ".build", "memory-empty.html")
    os.makedirs(os.path.dirname(empty), exist_ok=True)
    open(empty, "w").close()
    base = {dst: min(peak(mconv, dst, empty)[0] for _ in range(3)) for dst in targets}
    base_split = {dst: split(mconv, dst, empty) for dst in targets} if parts else {}
    columns = [f"{t + ' x':>11}" + (f" {'anon x':>7} {'file x':>7}" if parts else "")
               for t in targets]
    print(f"{'page':48} {'size':>9} " + " ".join(columns))
    anon_over = 0
    worst = {}  # (all or large) -> (ratio, page, target)
    bad = 0
    for page in pages:
        size = os.path.getsize(page)
        cells = []
        for dst in targets:
            rss, status = peak(mconv, dst, page)
            ratio = max(0, rss - base[dst]) / size
            cells.append(f"{ratio:11.1f}")
            if parts:
                anon, file = split(mconv, dst, page)
                anon_ratio = max(0, anon - base_split[dst][0]) / size
                cells[-1] += f" {anon_ratio:7.1f} {(file - base_split[dst][1]) / size:7.1f}"
                anon_over += size >= min_size and anon_ratio > BOUND
            for key in ("all", "large") if size >= min_size else ("all",):
                if ratio > worst.get(key, (-1,))[0]:
                    worst[key] = (ratio, os.path.basename(page), dst)
            if size >= min_size and ratio > BOUND or status:
                bad += 1
        print(f"{os.path.basename(page)[:48]:48} {size:9} " + " ".join(cells))
    for key, label in (("all", "worst"), ("large", f"worst at >= {min_size} bytes")):
        if key in worst:
            r, name, dst = worst[key]
            print(f"{label}: {r:.1f}x ({name}, -t {dst})")
    print("all pages within bounds" if not bad else f"{bad} over the {BOUND}x bound")
    if parts:
        print(f"counting anonymous memory only: {anon_over} over the {BOUND}x bound")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
