#!/usr/bin/env python3
"""Writes expected/NAME.txt for the corpus pages, once; the results were then read against the
pages and are committed (this script documents how each was started, it is not run by score.py).

- news-*: the page's headline (its <h1>, else og:title, as checked on each page) and then
  newspaper4k's own expected text for the page (tests/data/txt/*.txt of newspaper4k 0.9.6),
  read against the page (see README.md for what was checked).
- documentation pages: the text of the element that holds the page's content, chosen by reading
  each generator's page structure: Python docs `div[role=main]` (without the pilcrow links),
  Debian handbook the first `div.section`, git docs `div#header h1` + `div#content`, Debian
  reference the body without its navigation header/footer and table of contents.
Usage: make_expected.py NAME...   (pages from pages/, newspaper4k texts from cache/)
"""
import glob, html.parser, json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
BLOCK = set("p div h1 h2 h3 h4 h5 h6 li pre table tr dt dd blockquote section br title ul ol dl figcaption".split())
SKIP = {"script", "style", "noscript", "template"}


class Region(html.parser.HTMLParser):
    def __init__(self, start, exclude):
        super().__init__(convert_charrefs=True)
        self.start, self.exclude = start, exclude
        self.stack, self.inside, self.out_depth, self.text = [], None, None, []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("br", "img", "meta", "link", "input", "hr", "wbr"):
            if self.inside is not None and tag == "br":
                self.text.append("\n")
            return
        self.stack.append(tag)
        depth = len(self.stack)
        if self.inside is None and self.start(tag, a):
            self.inside = depth
        elif self.inside is not None and self.out_depth is None and (tag in SKIP or self.exclude(tag, a)):
            self.out_depth = depth
        if self.inside is not None and tag in BLOCK:
            self.text.append("\n")

    def handle_endtag(self, tag):
        if tag not in self.stack:
            return
        while self.stack:
            t = self.stack.pop()
            depth = len(self.stack) + 1
            if self.out_depth == depth:
                self.out_depth = None
            if self.inside == depth:
                self.inside = -1  # done
            if t == tag:
                break
        if self.inside is not None and tag in BLOCK:
            self.text.append("\n")

    def handle_data(self, data):
        if self.inside not in (None, -1) and self.out_depth is None:
            self.text.append(data)


def region(path, start, exclude=lambda t, a: False):
    p = Region(start, exclude)
    p.feed(open(path, encoding="utf-8", errors="replace").read())
    text = "".join(p.text)
    lines = [re.sub(r"\s+", " ", l).strip() for l in text.split("\n")]
    return "\n".join(l for l in lines if l) + "\n"


def cls(a, name):
    return name in (a.get("class") or "").split()


def expected(name):
    page = os.path.join(HERE, "pages", name + ".html")
    if name.startswith("news-"):
        src = open(os.path.join(HERE, "gather.sh")).read()
        fixture = re.search(name + r" \S+ tests/data/html/(\S+)\.html", src).group(1)
        txt = glob.glob(os.path.join(HERE, "cache", "pypi-newspaper4k*", "tests/data/txt", fixture + ".txt"))[0]
        h1 = region(page, lambda t, a: t == "h1").strip().split("\n")[0] if "<h1" in open(page, errors="replace").read() else ""
        og = re.search(r'<meta[^>]+property="og:title"[^>]+content="([^"]*)"', open(page, errors="replace").read())
        title = h1 or (og.group(1) if og else "")
        return (title + "\n\n" if title else "") + open(txt, encoding="utf-8").read().strip() + "\n"
    if name.startswith("python-"):
        return region(page, lambda t, a: a.get("role") == "main", lambda t, a: cls(a, "headerlink"))
    if name.startswith("handbook-"):
        return region(page, lambda t, a: t == "div" and cls(a, "section"))
    if name.startswith("git"):
        head = region(page, lambda t, a: a.get("id") == "header", lambda t, a: t != "h1" and t not in ("div",))
        return head + region(page, lambda t, a: a.get("id") == "content")
    if name.startswith("reference-"):
        return region(page, lambda t, a: t == "body",
                      lambda t, a: cls(a, "navheader") or cls(a, "navfooter") or cls(a, "toc"))
    raise SystemExit("no rule for " + name)


for name in sys.argv[1:]:
    with open(os.path.join(HERE, "expected", name + ".txt"), "w", encoding="utf-8") as f:
        f.write(expected(name))
