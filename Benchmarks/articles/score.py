#!/usr/bin/env python3
"""Article-word recall, precision and F1 on the article corpus (pages/ from gather.sh, expected/
committed) for mconv --main-content, trafilatura and readability-lxml, side by side, and the
time each takes; plus mconv's HTML -> Markdown time with and without --main-content.

Words are compared as multisets: lower-cased runs of letters and digits, except in scripts
written without spaces (Han, kana, Thai, Lao, Khmer, Myanmar), where each character counts as one.
Each tool's output is taken with its own title first (mconv writes the title heading itself;
trafilatura's and readability's titles are prepended), as the expected texts start with the
headline.

Usage: score.py [--mconv PATH] [--runs N] [--only NAME,...] [--show NAME]
Needs: pip install trafilatura readability-lxml; a release build of mconv
(swift build -c release --product mconv).
"""
import argparse, collections, os, re, resource, subprocess, sys, time, unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
NOSPACE = re.compile(
    r"[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def tokens(text):
    text = unicodedata.normalize("NFKC", text).lower()
    out = []
    for run in re.findall(r"\w+", text):
        if NOSPACE.search(run):
            word = ""
            for c in run:
                if NOSPACE.match(c):
                    if word:
                        out.append(word)
                        word = ""
                    out.append(c)
                else:
                    word += c
            if word:
                out.append(word)
        else:
            out.append(run)
    return collections.Counter(out)


def prf(expected, got):
    e, g = tokens(expected), tokens(got)
    common = sum((e & g).values())
    r = common / max(1, sum(e.values()))
    p = common / max(1, sum(g.values()))
    return r, p, (2 * r * p / (r + p) if r + p else 0.0)


def run_mconv(mconv, path, *args):
    return subprocess.run([mconv, "-f", "html", "--quiet", *args, path],
                          capture_output=True, text=True).stdout


def mconv_text(mconv, path):
    return run_mconv(mconv, path, "--main-content", "-t", "plain")


def trafilatura_text(html):
    import trafilatura
    text = trafilatura.extract(html, include_tables=True, include_comments=False) or ""
    meta = trafilatura.extract_metadata(html)
    title = meta.title if meta is not None and meta.title else ""
    return title + "\n\n" + text


def readability_text(html):
    from readability import Document
    import lxml.html
    doc = Document(html)
    summary = doc.summary(html_partial=True)
    root = lxml.html.fromstring(summary) if summary.strip() else None
    text = "\n".join(t for t in root.itertext()) if root is not None else ""
    return doc.short_title() + "\n\n" + text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mconv", default=os.path.join(ROOT, ".build/release/mconv"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--only", default="")
    ap.add_argument("--show", default="")
    ap.add_argument("--no-peers", action="store_true")
    args = ap.parse_args()
    pages_dir = os.path.join(HERE, "pages")
    if not os.path.isdir(pages_dir):
        sys.exit("score.py: no pages: run Benchmarks/articles/gather.sh first")
    names = sorted(n[:-4] for n in os.listdir(os.path.join(HERE, "expected")) if n.endswith(".txt"))
    if args.only:
        names = [n for n in names if n in args.only.split(",")]
    tools = ["mconv"] if args.no_peers else ["mconv", "trafilatura", "readability"]
    results = {t: {} for t in tools}
    times = collections.Counter()
    for name in names:
        path = os.path.join(pages_dir, name + ".html")
        expected = open(os.path.join(HERE, "expected", name + ".txt"), encoding="utf-8").read()
        raw = open(path, "rb").read()
        html = raw.decode("utf-8", errors="replace")
        for tool in tools:
            start = time.perf_counter()
            if tool == "mconv":
                got = mconv_text(args.mconv, path)
            elif tool == "trafilatura":
                got = trafilatura_text(html)
            else:
                got = readability_text(html)
            times[tool] += time.perf_counter() - start
            results[tool][name] = prf(expected, got)
            if args.show == name:
                print(f"----- {tool}\n{got}\n")
    print(f"{'page':28}" + "".join(f"{t:>24}" for t in tools))
    print(f"{'':28}" + "".join(f"{'R     P     F1':>24}" for t in tools))
    for name in names:
        row = "".join("{:>12.3f}{:6.3f}{:6.3f}".format(*results[t][name]) for t in tools)
        print(f"{name:28}{row}")
    print()
    for t in tools:
        rs = list(results[t].values())
        n = max(1, len(rs))
        mean = [sum(x[k] for x in rs) / n for k in range(3)]
        good = sum(1 for x in rs if x[2] >= 0.9)
        print(f"{t:12} mean R {mean[0]:.3f}  P {mean[1]:.3f}  F1 {mean[2]:.3f}  "
              f"pages F1>=0.9: {good}/{len(rs)} ({100 * good / n:.0f}%)  time {times[t]:.2f} s")
    # mconv HTML -> Markdown, with and without --main-content (whole corpus, best of --runs;
    # wall time and the children's CPU time, the figure to trust on a loaded machine).
    def total(extra):
        best = None
        for _ in range(args.runs):
            cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            for name in names:
                run_mconv(args.mconv, os.path.join(pages_dir, name + ".html"), "-t", "markdown", *extra)
            elapsed = time.perf_counter() - start
            cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (cpu1.ru_utime - cpu0.ru_utime) + (cpu1.ru_stime - cpu0.ru_stime)
            best = (elapsed, cpu) if best is None else (min(best[0], elapsed), min(best[1], cpu))
        return best
    plain, main_content = total([]), total(["--main-content"])
    print(f"mconv -t markdown: wall {plain[0]:.3f} s, CPU {plain[1]:.3f} s; with --main-content: "
          f"wall {main_content[0]:.3f} s ({100 * (main_content[0] / plain[0] - 1):+.1f}%), "
          f"CPU {main_content[1]:.3f} s ({100 * (main_content[1] / plain[1] - 1):+.1f}%); "
          f"{len(names)} pages, best of {args.runs}")

if __name__ == "__main__":
    main()
