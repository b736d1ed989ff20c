#!/usr/bin/env python3
"""HTML -> Markdown -> cmark-gfm round trip: does the Markdown mconv writes read back to
the tree the HTML gave?

usage: conformance/pages/roundtrip-check.py [--mconv PATH] [-v] [CASE_DIR | FILE.html ...]
       (default: the `-t markdown` cases of conformance/cases/html-to-markdown)

Compares `mconv -f html -t ast` with
`mconv -f html -t markdown | mconv -f markdown+footnotes -t ast`
after the normalization Markdown cannot avoid: attributes and tag names dropped, `div` and
`span` unwrapped, adjacent text merged, `plain` = `paragraph`, raw `<u>`/`<sub>`/`<br>`... read
back as their nodes, spans with bold/italic/line-through CSS promoted as PromoteStyles does.
Prints the count of equal trees and, with -v, the differences.
"""
import argparse, os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def strip_attrs(line):
    """Removes ` {...}` groups outside quoted strings."""
    out, i, quote, depth = [], 0, False, 0
    while i < len(line):
        c = line[i]
        if quote:
            if depth == 0:
                out.append(c)
            if c == '\\':
                if depth == 0 and i + 1 < len(line):
                    out.append(line[i + 1])
                i += 2
                continue
            if c == '"':
                quote = False
        elif c == '"':
            quote = True
            if depth == 0:
                out.append(c)
        elif c == '{' and line[i - 1:i] == ' ':
            depth += 1
            if out and out[-1] == ' ':
                out.pop()
        elif c == '}' and depth:
            depth -= 1
        elif depth == 0:
            out.append(c)
        i += 1
    return ''.join(out)


# Raw HTML the writer emits for what Markdown syntax cannot say there (including emphasis
# whose delimiters could not open or close, documented in Formats/markdown.md): it renders as
# the node it stands for.
RAW = {'u': 'underline', 'ins': 'underline', 'sub': 'subscript', 'sup': 'superscript',
       'mark': 'highlight', 'kbd': 'span', 'small': 'span', 'em': 'emphasis',
       'strong': 'strong', 'del': 'strikethrough'}


def parse(dump):
    """TreeDump text -> nested [label, children] lists."""
    root = ['root', []]
    stack = [(-1, root)]
    for line in dump.split('\n'):
        if not line.strip() or line.startswith('meta '):
            continue
        depth = (len(line) - len(line.lstrip(' '))) // 2
        raw_label = line.strip()
        promoted = None
        if raw_label.startswith('span') and 'style=' in raw_label:
            if re.search(r'font-weight: ?(bold|[6-9]00)', raw_label):
                promoted = 'strong'
            elif 'font-style: italic' in raw_label:
                promoted = 'emphasis'
            elif 'line-through' in raw_label:
                promoted = 'strikethrough'
        label = promoted or strip_attrs(raw_label)
        if label == 'plain':
            label = 'paragraph'
        node = [label, []]
        while stack[-1][0] >= depth:
            stack.pop()
        stack[-1][1][1].append(node)
        stack.append((depth, node))
    return root


def lift_raw(children):
    """raw_inline html "<u>" ... "</u>" -> underline node."""
    out = []
    stack = [out]
    for child in children:
        if re.fullmatch(r'raw_inline html "<br ?/?>"', child[0]):
            stack[-1].append(['linebreak', []])
            continue
        m = re.fullmatch(r'raw_inline html "<(/?)([a-z]+)>"', child[0])
        if m and m.group(2) in RAW:
            if not m.group(1):
                node = [RAW[m.group(2)], []]
                stack[-1].append(node)
                stack.append(node[1])
                continue
            if len(stack) > 1:
                stack.pop()
                continue
        stack[-1].append(child)
    return out


def normalize(node):
    label, children = node
    children = lift_raw(children)
    flat = []
    for child in children:
        child = normalize(child)
        if child[0] in ('div', 'span'):
            flat.extend(child[1])
        else:
            flat.append(child)
    merged = []
    for child in flat:
        if merged and child[0].startswith('text "') and merged[-1][0].startswith('text "') \
                and not child[1] and not merged[-1][1]:
            merged[-1] = ['text "' + merged[-1][0][6:-1] + child[0][6:-1] + '"', []]
        else:
            merged.append(child)
    merged = [c for c in merged if c[0] != 'text ""']
    return [label, merged]


def render(node, depth=0, out=None):
    out = [] if out is None else out
    for child in node[1]:
        out.append('  ' * depth + child[0])
        render(child, depth + 1, out)
    return out


def cases(folder):
    for name in sorted(os.listdir(folder)):
        if not name.endswith('.md'):
            continue
        lines = open(os.path.join(folder, name), encoding='utf-8').read().split('\n')
        i = 0
        while i < len(lines):
            fence = lines[i]
            if re.fullmatch(r'`{3,}', fence) and i + 1 < len(lines) and lines[i + 1].startswith('% mconv'):
                args = lines[i + 1][2:].split()[1:]
                j = i + 2
                body = []
                while j < len(lines) and lines[j] != '^D':
                    body.append(lines[j]); j += 1
                while j < len(lines) and lines[j] != fence:
                    j += 1
                if args[:4] == ['-f', 'html', '-t', 'markdown']:
                    yield f'{name}:{i + 2}', args[4:], '\n'.join(body) + '\n'
                i = j + 1
            else:
                i += 1


def main():
    ap = argparse.ArgumentParser()
    default = os.path.join(ROOT, '.build/release/mconv')
    if not os.path.exists(default):
        default = os.path.join(ROOT, '.build/debug/mconv')
    ap.add_argument('--mconv', default=os.environ.get('MCONV') or default)
    ap.add_argument('-v', action='store_true')
    ap.add_argument('paths', nargs='*')
    args = ap.parse_args()
    inputs = []
    paths = args.paths or [os.path.join(ROOT, 'conformance/cases/html-to-markdown')]
    for p in paths:
        if os.path.isdir(p) and any(f.endswith('.md') for f in os.listdir(p)):
            inputs += list(cases(p))
        elif os.path.isdir(p):
            inputs += [(f, [], open(os.path.join(p, f), encoding='utf-8', errors='replace').read())
                       for f in sorted(os.listdir(p)) if f.endswith('.html')]
        else:
            inputs.append((p, [], open(p, encoding='utf-8', errors='replace').read()))
    run = lambda a, text: subprocess.run([args.mconv] + a + ['--quiet'], input=text.encode(),
                                         capture_output=True).stdout.decode()
    same = 0
    for name, extra, html in inputs:
        tree = run(['-f', 'html', '-t', 'ast'] + extra, html)
        markdown = run(['-f', 'html', '-t', 'markdown'] + extra, html)
        back = run(['-f', 'markdown+footnotes', '-t', 'ast'], markdown)
        a = render(normalize(parse(tree)))
        b = render(normalize(parse(back)))
        if a == b:
            same += 1
        elif args.v:
            import difflib
            print(f'--- {name}')
            print('\n'.join(list(difflib.unified_diff(a, b, 'html', 'markdown', lineterm='', n=1))[:40]))
    print(f'{same}/{len(inputs)} round trips give the same tree')


if __name__ == '__main__':
    main()
