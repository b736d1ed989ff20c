#!/usr/bin/env python3
"""Times HTML -> Markdown on one page with mconv (CLI), pandoc 3, markdownify and html2text.

Usage: peers.py PAGE MCONV [LABEL=MCONV ...]. Each mconv binary is timed (best of 7, process
start included); every peer gets a ratio against each of them, so a statically and a
dynamically linked CLI can be compared in the same run.
"""
import subprocess
import sys
import time

page = sys.argv[1]
binaries = []
for arg in sys.argv[2:]:
    label, _, path = arg.rpartition("=")
    binaries.append((label or "mconv", path))
html = open(page, encoding="utf-8").read()


def best(fn, runs=3):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


results = {}
# The mconv builds take turns (round-robin, best of 7 each), so a change in the machine's
# load during the run does not favour one of them.
for _ in range(7):
    for label, path in binaries:
        t = best(lambda: subprocess.run([path, "-f", "html", "-t", "markdown", "-q", page], check=True, capture_output=True), runs=1)
        results[label] = min(results.get(label, t), t)
try:
    import pypandoc
    pandoc = pypandoc.get_pandoc_path()
    results["pandoc 3"] = best(lambda: subprocess.run([pandoc, "-f", "html", "-t", "gfm", page], check=True, capture_output=True), runs=1)
except Exception as e:  # noqa: BLE001
    print("pandoc unavailable:", e)
try:
    import markdownify
    results["markdownify"] = best(lambda: markdownify.markdownify(html), runs=1)
except Exception as e:  # noqa: BLE001
    print("markdownify unavailable:", e)
try:
    import html2text
    results["html2text"] = best(lambda: html2text.html2text(html), runs=1)
except Exception as e:  # noqa: BLE001
    print("html2text unavailable:", e)

size = len(html.encode()) / 1e6
labels = [label for label, _ in binaries]
width = max(12, *(len(name) for name in results))
for name, t in results.items():
    ratios = "  ".join(f"{t / results[label]:6.1f}x {label}" for label in labels)
    print(f"{name:{width}s} {t*1000:9.1f} ms  {size/t:7.2f} MB/s  ratio {ratios}")
