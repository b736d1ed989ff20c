#!/usr/bin/env python3
"""Peak RSS and minor page faults of two mconv binaries, interleaved, medians.

usage: Benchmarks/layout/compare.py A B [--rounds N] [--to FORMAT] [PAGE ...]

Runs `MCONV -q -t FORMAT INPUT` (default markdown; the input format from the extension) through
GNU time (/usr/bin/time) for an empty input and for
each PAGE (default: ten corpus pages of 100-500 KB), alternating A and B in every round (the
machine is shared: interleaving keeps load drift out of the difference), and prints per input
the median peak RSS (KB) and minor faults of each binary, and the medians of the "peak minus
empty-input peak" that Benchmarks/corpus/memory.py bounds.
"""
import argparse
import os
import statistics
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAGES = ["nodejs-doc--nodejs_api_url.html", "nodejs-doc--nodejs_api_fs.html",
         "nodejs-doc--nodejs_api_http.html", "python3.11-doc--python3.11_html_whatsnew_3.11.html",
         "python3.11-doc--python3.11_html_library_functions.html",
         "python3.11-doc--python3.11_html_library_re.html",
         "debian-reference-en--debian-reference_ch01.en.html",
         "git-doc--git-doc_user-manual.html", "newspaper4k--time_001.html",
         "newspaper4k--yahoo_main_site.html"]


def measure(mconv, path, to):
    with tempfile.NamedTemporaryFile("r") as report:
        subprocess.run(["/usr/bin/time", "-f", "%M %R", "-o", report.name,
                        mconv, "-q", "-t", to, path],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        rss, minor = report.read().split()[-2:]
        return int(rss), int(minor)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--to", default="markdown")
    parser.add_argument("pages", nargs="*")
    args = parser.parse_intermixed_args()
    args.a, args.b = os.path.abspath(args.a), os.path.abspath(args.b)
    pages = args.pages or [os.path.join(ROOT, "Benchmarks/corpus/pages", p) for p in PAGES]
    with tempfile.NamedTemporaryFile(suffix=".html") as empty:
        inputs = [empty.name] + pages
        results = {(b, i): [] for b in (args.a, args.b) for i in inputs}
        for r in range(args.rounds):
            for i in inputs:
                order = (args.a, args.b) if r % 2 == 0 else (args.b, args.a)
                for b in order:
                    results[b, i].append(measure(b, i, args.to))

    def med(b, i, k):
        return statistics.median(x[k] for x in results[b, i])

    print(f"{'input':58} {'KB A':>7} {'KB B':>7} {'flt A':>6} {'flt B':>6}"
          f" {'over A':>7} {'over B':>7}")
    for i in inputs:
        name = "(empty)" if i == inputs[0] else os.path.basename(i)
        over = [med(b, i, 0) - med(b, inputs[0], 0) for b in (args.a, args.b)]
        print(f"{name[:58]:58} {med(args.a, i, 0):7.0f} {med(args.b, i, 0):7.0f}"
              f" {med(args.a, i, 1):6.0f} {med(args.b, i, 1):6.0f} {over[0]:7.0f} {over[1]:7.0f}")


main()
