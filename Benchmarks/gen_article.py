#!/usr/bin/env python3
"""Writes a deterministic, article-like HTML page of at least SIZE bytes (default 1.2 MB).

Usage: gen_article.py OUT.html [SIZE]   and   gen_article.py --snippets OUT.txt [COUNT]
The page mixes what real articles hold: headings, paragraphs with inline markup and entities,
nested lists, tables, code blocks, quotes, images, links, CJK and emoji, some sloppy markup.
"""
import random
import sys

WORDS = ("the of and to in is that for it as was with be by on not he this are or his from at "
         "which but have an they you were her she there been one all we their has would when if "
         "so no will more can out up into do about than them some could what time only other new "
         "parser markup converter browser token element attribute style render stream buffer").split()
CJK = "漢字かなカナ한국어"
EMOJI = "🎉🚀✨"


def sentence(r, n=None):
    n = n or r.randint(6, 18)
    words = [r.choice(WORDS) for _ in range(n)]
    words[0] = words[0].capitalize()
    return " ".join(words) + r.choice([".", ".", "!", "?"])


def inline(r):
    parts = []
    for _ in range(r.randint(2, 5)):
        s = sentence(r)
        k = r.randint(0, 11)
        if k == 0: s = f"<b>{s}</b>"
        elif k == 1: s = f"<em>{s}</em>"
        elif k == 2: s = f'<a href="https://example.com/{r.randint(1, 999)}" title="t">{s}</a>'
        elif k == 3: s = f"<code>{r.choice(WORDS)}()</code> {s}"
        elif k == 4: s = f"{s} &amp; &lt;tag&gt; &nbsp;&copy;"
        elif k == 5: s = f'<span style="color:#c00;font-weight:bold">{s}</span>'
        elif k == 6: s = f"{s} {CJK} {EMOJI}"
        elif k == 7: s = f"<b>{s}<i> both</b> italic</i>"
        parts.append(s)
    return " ".join(parts)


def block(r):
    k = r.randint(0, 9)
    if k <= 3: return f"<p>{inline(r)}</p>\n"
    if k == 4: return f"<h{r.randint(2, 4)}>{sentence(r, 5)}</h{r.randint(2, 4)}>\n"
    if k == 5:
        items = "".join(f"<li>{inline(r)}" + (f"<ul><li>{sentence(r)}</li></ul>" if r.random() < .3 else "") + "</li>\n" for _ in range(r.randint(2, 6)))
        tag = 'ul' if r.random() < .6 else 'ol'
        return f"<{tag}>\n{items}</{tag}>\n"
    if k == 6:
        rows = "".join("<tr>" + "".join(f"<td>{sentence(r, 3)}</td>" for _ in range(4)) + "</tr>\n" for _ in range(r.randint(2, 6)))
        return f"<table>\n<thead><tr><th>A</th><th>B</th><th>C</th><th>D</th></tr></thead>\n<tbody>\n{rows}</tbody></table>\n"
    if k == 7:
        code = "\n".join(f"let x{i} = f(&quot;{r.choice(WORDS)}&quot;) &lt; {i}" for i in range(r.randint(3, 10)))
        return f'<pre><code class="language-swift">{code}\n</code></pre>\n'
    if k == 8: return f"<blockquote><p>{inline(r)}</p></blockquote>\n"
    return f'<p><img src="/img/{r.randint(1, 99)}.png" alt="{sentence(r, 3)}" width="640" height="480"> {inline(r)}<br>{sentence(r)}\n'


def article(size, seed=1):
    r = random.Random(seed)
    out = ["<!DOCTYPE html>\n<html><head><title>Article</title></head><body>\n<article>\n<h1>Benchmark article</h1>\n"]
    total = len(out[0])
    while total < size:
        b = block(r)
        out.append(b)
        total += len(b.encode())
    out.append("</article>\n</body></html>\n")
    return "".join(out)


def snippets(count, seed=2):
    r = random.Random(seed)
    result = []
    while len(result) < count:
        s = f"<p>{inline(r)}</p><ul><li>{sentence(r, 4)}<li>{sentence(r, 4)}</ul>"
        s = s[:2000]
        if 250 <= len(s.encode()) <= 350: result.append(s)
        elif len(s.encode()) > 350:
            cut = f"<p>{inline(r)}"[:300].rsplit(" ", 1)[0] + "</p>"
            if "<" not in cut[-20:-4]:
                result.append(cut)
    return "\n".join(result) + "\n"


if __name__ == "__main__":
    if sys.argv[1] == "--snippets":
        open(sys.argv[2], "w").write(snippets(int(sys.argv[3]) if len(sys.argv) > 3 else 200))
    else:
        open(sys.argv[1], "w").write(article(int(sys.argv[2]) if len(sys.argv) > 2 else 1_200_000))
