#!/usr/bin/env python3
"""Times HTML -> Markdown on one page with mconv (CLI), pandoc 3, markdownify and html2text."""
import subprocess
import sys
import time

page, mconv = sys.argv[1], sys.argv[2]
html = open(page, encoding="utf-8").read()


def best(fn, runs=3):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


results = {}
results["mconv"] = best(lambda: subprocess.run([mconv, "-f", "html", "-t", "markdown", "-q", page], check=True, capture_output=True))
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

base = results["mconv"]
size = len(html.encode()) / 1e6
for name, t in results.items():
    print(f"{name:12s} {t*1000:9.1f} ms  {size/t:7.2f} MB/s  ratio {t/base:6.1f}x mconv's time")
