#!/usr/bin/env python3
"""Pathological inputs at n and 10n: the CPU time ratio and the peak memory of each.

usage: Benchmarks/pathological/run.py [MCONV] [--n N] [--only TEXT] [--runs R]

MCONV defaults to .build/release/mconv (build it with `swift build -c release --product mconv`).
Every shape is converted at n and at 10n repetitions through the release CLI; the script prints
the CPU time (user + sys) of each run, their ratio (linear: about 10; the bound is 12) and the
peak RSS minus the peak of an empty input, as a multiple of the input size (bound: 50x).
Exits 1 when a shape is over either bound. Times are CPU times, so a loaded machine inflates
them less than wall time; small runs (under 50 ms) are not judged on their ratio. Each size is
run R times (default 3) and the least CPU time and the largest peak are kept: one run each swung
the ratio of `*a **b` between 9 and 16 on a shared machine.
The memory of real pages (bound: 10x) is measured by Benchmarks/corpus/memory.py.
"""
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def rangejson(n, kind):
    text = "x" * 2000
    if kind == "half":
        markups = [{"type": "STRONG" if k % 2 else "EM", "start": (k * 7) % 1000,
                    "end": (k * 7) % 1000 + 1000} for k in range(n)]
    else:  # clamped: ranges past the end cover the whole text
        markups = [{"type": "STRONG", "start": 0, "end": 10 ** 9} for _ in range(n)]
    return json.dumps({"paragraphs": [{"type": "P", "text": text, "markups": markups}]})


# (name, from, to list, generator of the input for n repetitions)
SHAPES = [
    ("html: <span>x", "html", ["markdown", "html", "styled"], lambda n: "<span>x" * n),
    ("html: <a href=x>x", "html", ["markdown", "html", "styled"], lambda n: "<a href=x>x" * n),
    ("html: <b>x</b>", "html", ["markdown", "html", "styled"], lambda n: "<b>x</b>" * n),
    ("html: <b>x unclosed", "html", ["markdown", "html", "styled"], lambda n: "<b>x" * n),
    ("html: <table><b>x", "html", ["markdown", "html"], lambda n: "<table>" + "<b>x" * n),
    ("html: nested <div>", "html", ["markdown", "html", "styled"], lambda n: "<div>" * n + "x"),
    ("html: <blockquote> nesting", "html", ["markdown", "html", "styled"],
     lambda n: "<blockquote>" * n + "x"),
    ("html: <ul><li>", "html", ["markdown", "html", "styled"], lambda n: "<ul><li>" * n),
    ("html: table cells", "html", ["markdown", "html"],
     lambda n: "<table>" + "<tr><td>a<td>b" * n + "</table>"),
    ("html: unclosed comments and attrs", "html", ["markdown"],
     lambda n: '<p a="' * n),
    ("html: hidden by class rules", "html", ["markdown"],
     lambda n: "<style>.h{display:none} #i{visibility:hidden}</style>"
     + "<p class=h>x</p><p id=i>y</p><p>z</p>" * n),
    ("html --main-content: paragraphs", "html", ["markdown --main-content"],
     lambda n: "<nav><a href=/>home</a></nav><div class=post>"
     + "<p>Some words, in a sentence, long enough to count.</p>" * n + "</div>"),
    ("html --main-content: sibling blocks", "html", ["markdown --main-content"],
     lambda n: "<div><p>Some words, in a sentence, long enough to count.</p></div>" * n),
    ("html --main-content: nested <div><p>", "html", ["markdown --main-content"],
     lambda n: "<div><p>Some words, in a sentence, long enough to count." * n),
    ("html --main-content: posts of a thread", "html", ["markdown --main-content"],
     lambda n: "<div><div class=post><p>" + "A longer first post, with commas, words. " * 9
     + "</p></div>" + "<div class=post><p>Some words, in a sentence, long enough.</p></div>" * n
     + "</div>"),
    ("html --main-content: nested same-class posts", "html", ["markdown --main-content"],
     lambda n: "<div class=post><p>Some words, in a sentence, long enough to count.</p>" * n),
    ("markdown: > nesting", "markdown", ["html", "markdown"], lambda n: "> " * n + "x\n"),
    ("markdown: [ unclosed", "markdown", ["html"], lambda n: "[" * n + "a"),
    ("markdown: *a **b", "markdown", ["html"], lambda n: "*a **b " * n),
    ("markdown: table rows", "markdown", ["html", "markdown"],
     lambda n: "| a | b |\n|---|---|\n" + "| x | y |\n" * n),
    ("markdown: list nesting", "markdown", ["html"],
     lambda n: "".join("  " * min(k, 60) + "- x\n" for k in range(n))),
    ("markdown: front matter keys", "markdown", ["html", "json"],
     lambda n: "---\n" + "".join(f"k{k}: [a, 'b']\n" for k in range(n)) + "---\nx\n"),
    # The rest is one long line: n short paragraphs or lines cost cmark-gfm 140-170x their
    # size in memory, with or without front matter.
    ("markdown: unclosed front matter", "markdown", ["html"],
     lambda n: "---\nk: v\n" + "a: b " * n + "\n"),
    ("html: JSON-LD scripts", "html", ["json"],
     lambda n: '<script type="application/ld+json">{"@type": "Article", "headline": "h",'
     ' "author": [{"@id": "#a"}]}</script>' * n),
    ("bbcode: [quote] nesting", "bbcode", ["html", "markdown"], lambda n: "[quote]" * n + "x"),
    ("bbcode: [b] unclosed", "bbcode", ["html", "markdown"], lambda n: "[b]x" * n),
    ("bbcode: misnested [b][i]", "bbcode", ["html"], lambda n: "[b]a[i]b[/b]c[/i]" * n),
    ("rangejson: half-paragraph markups", "rangejson", ["html", "markdown"],
     lambda n: rangejson(n, "half")),
    ("rangejson: clamped markups", "rangejson", ["html"], lambda n: rangejson(n, "clamped")),
]


TIME = "/usr/bin/time"


def best(runs, mconv, src, dst, path):
    """The least CPU time, the largest peak and the worst status of `runs` runs."""
    results = [run(mconv, src, dst, path) for _ in range(runs)]
    return (min(r[0] for r in results), max(r[1] for r in results),
            max(r[2] for r in results))


def run(mconv, src, dst, path):
    """CPU seconds and peak RSS (bytes) of one conversion (output discarded).

    The peak is read through GNU time when it is installed: a child started straight from this
    script inherits the script's own high-water mark through fork/vfork and exec (Linux keeps
    the larger), so after a large shape had been generated every later small shape showed the
    script's peak, not its own. (The CPU time is wait4's: it counts the children time reaped.)
    """
    command = [mconv, "-q", "-f", src, "-t", *dst.split(), path]
    if os.path.exists(TIME):
        with tempfile.NamedTemporaryFile("r") as report:
            p = subprocess.Popen([TIME, "-f", "%M", "-o", report.name, *command],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            _, status, usage = os.wait4(p.pid, 0)
            peak = int(report.read().split()[-1]) * 1024
        return usage.ru_utime + usage.ru_stime, peak, status
    p = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024, status


def main():
    args = sys.argv[1:]
    mconv = os.path.join(ROOT, ".build/release/mconv")
    n = 20000
    only = None
    runs = 3
    while args:
        a = args.pop(0)
        if a in ("-h", "--help"):
            print(__doc__.strip())
            sys.exit(0)
        elif a == "--n":
            n = int(args.pop(0))
        elif a == "--runs":
            runs = int(args.pop(0))
        elif a == "--only":
            only = args.pop(0)
        else:
            mconv = a
    work = tempfile.mkdtemp()
    empty = os.path.join(work, "empty")
    open(empty, "w").close()
    base = {f: run(mconv, f, "html", empty)[1] for f in ("html", "markdown", "bbcode")}
    open(empty, "w").write('{"paragraphs": []}')
    base["rangejson"] = run(mconv, "rangejson", "html", empty)[1]
    print(f"n = {n}; times are CPU seconds; memory is (peak RSS - empty-input peak) / input size")
    print(f"{'shape':38} {'to':9} {'t(n)':>7} {'t(10n)':>7} {'ratio':>6} {'size 10n':>9} "
          f"{'mem x':>6}")
    bad = 0
    for name, src, targets, gen in SHAPES:
        if only and only not in name:
            continue
        paths = []
        for k in (n, 10 * n):
            path = os.path.join(work, f"in-{k}")
            with open(path, "w") as f:
                f.write(gen(k))
            paths.append(path)
        size = os.path.getsize(paths[1])
        for dst in targets:
            t1, _, s1 = best(runs, mconv, src, dst, paths[0])
            t2, rss, s2 = best(runs, mconv, src, dst, paths[1])
            ratio = t2 / t1 if t1 > 0 else float("inf")
            mem = max(0, rss - base[src]) / size
            judged = t2 >= 0.05
            over = (judged and ratio > 12) or mem > 50 or s1 or s2
            bad += bool(over)
            flag = "  OVER" if over else ""
            print(f"{name:38} {dst:9} {t1:7.3f} {t2:7.3f} {ratio:6.1f} {size:9} {mem:6.1f}{flag}")
    print("all shapes within bounds" if not bad else f"{bad} over a bound")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
