#!/usr/bin/env python3
"""How much of a page's visible text (innerText) survives HTML -> Markdown.

usage: conformance/innertext-check.py [--mconv PATH] [--min 99] FILE.html|DIR ...
       (DIR: every *.html in it; make the corpus with conformance/pages/gather.py)

For each page: the words of the source's innerText (lxml; script, style, template,
noscript, svg, head, form controls and comments left out, as a browser does not render
them), against the words of the Markdown mconv writes, rendered back by cmark-gfm and
taken as text (so Markdown syntax and escapes do not count). Words are runs of Unicode
letters and digits; the score is the share of source words (with multiplicity) found
in the output. Prints one line per page and the total; exits 1 when a page crashes,
produces nothing, or the total is under --min percent.
"""
import argparse, collections, glob, os, re, subprocess, sys

import lxml.html

HIDDEN = {'script', 'style', 'template', 'noscript', 'svg', 'head', 'select', 'textarea',
          'option', 'datalist', 'canvas', 'title'}
WORD = re.compile(r'\w+', re.UNICODE)
# Elements whose boxes separate words (everything else is inline: `a<b>b</b>` is one word).
BLOCKS = {'address', 'article', 'aside', 'blockquote', 'body', 'br', 'caption', 'center', 'dd',
          'details', 'dialog', 'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer',
          'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'html', 'img', 'li',
          'main', 'menu', 'nav', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'td',
          'tfoot', 'th', 'thead', 'tr', 'ul', 'input', 'button', 'iframe', 'video', 'audio'}


def visible_text(html_bytes):
    if not html_bytes.strip():
        return ''
    # Decoded here: cmark-gfm output names no charset, and lxml would guess Latin-1.
    text = re.sub(r'^\s*<\?xml[^>]*\?>', '', html_bytes.decode('utf-8', 'replace'))
    root = lxml.html.document_fromstring(text)
    out = []
    stack = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            out.append(node)
            continue
        tag = node.tag if isinstance(node.tag, str) else ''
        tag = tag.split('}')[-1].lower()
        if tag in HIDDEN or not isinstance(node.tag, str):  # comments, PIs
            if node.tail:
                stack.append(node.tail)
            continue
        if node.tail:
            stack.append(node.tail)
        if tag in BLOCKS:
            stack.append(' ')
        for child in reversed(node):
            stack.append(child)
        if node.text:
            stack.append(node.text)
        if tag == 'img' and node.get('alt'):
            out.append(' ' + node.get('alt') + ' ')
        if tag in BLOCKS:
            out.append(' ')
    return ''.join(out)


def words(text):
    return collections.Counter(w.lower() for w in WORD.findall(text))


def default_mconv():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for candidate in ('.build/release/mconv', '.build/debug/mconv'):
        path = os.path.join(root, candidate)
        if os.path.exists(path):
            return path
    return 'mconv'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--mconv', default=os.environ.get('MCONV') or default_mconv())
    ap.add_argument('--cmark', default='cmark-gfm')
    ap.add_argument('--min', type=float, default=99.0)
    ap.add_argument('paths', nargs='+')
    args = ap.parse_args()
    files = []
    for p in args.paths:
        files += sorted(glob.glob(os.path.join(p, '*.html'))) if os.path.isdir(p) else [p]
    total_src = total_hit = 0
    bad = 0
    for f in files:
        data = open(f, 'rb').read()
        r = subprocess.run([args.mconv, '-f', 'html', '-t', 'markdown', '--quiet', f],
                           capture_output=True)
        if r.returncode != 0 or not r.stdout.strip():
            print(f'FAIL  exit={r.returncode} {os.path.basename(f)}: {r.stderr[:200]!r}')
            bad += 1
            continue
        rendered = subprocess.run(
            [args.cmark, '--unsafe', '-e', 'table', '-e', 'strikethrough', '-e', 'autolink',
             '-e', 'tasklist', '-e', 'footnotes'],
            input=r.stdout, capture_output=True).stdout
        src = words(visible_text(data))
        out = words(visible_text(rendered))
        n = sum(src.values())
        hit = sum(min(c, out[w]) for w, c in src.items())
        total_src += n
        total_hit += hit
        pct = 100.0 * hit / n if n else 100.0
        missing = [w for w, c in (src - out).most_common(5)]
        print(f'{pct:7.2f}%  {n:>8} words  {os.path.basename(f)}  missing: {" ".join(missing)}')
    pct = 100.0 * total_hit / total_src if total_src else 0.0
    print(f'total: {pct:.2f}% of {total_src} words in {len(files)} pages, {bad} failed')
    sys.exit(0 if bad == 0 and pct >= args.min else 1)


if __name__ == '__main__':
    main()
