#!/usr/bin/env python3
"""Copies the real pages named in pages.txt into a work folder (outside the repo).

usage: conformance/pages/gather.py [OUT_DIR]     (default /tmp/mconv-pages)
Prints one line per page and the count; exits 1 when fewer than 30 pages were found.
"""
import glob, os, shutil, sys, sysconfig

HERE = os.path.dirname(os.path.abspath(__file__))


def roots():
    r = {
        'node': '/usr/share/doc/nodejs',
        'valgrind': '/usr/share/doc/valgrind/html',
        'xslt': '/usr/share/doc/libxslt1-dev/html',
        'python': sysconfig.get_paths()['stdlib'],
    }
    rust = sorted(glob.glob(os.path.expanduser('~/.rustup/toolchains/*/share/doc/rust/html')))
    rust += sorted(glob.glob('/usr/share/doc/rust*/html'))
    if rust:
        r['rust'] = rust[0]
    return r


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else '/tmp/mconv-pages'
    os.makedirs(out, exist_ok=True)
    r = roots()
    found = 0
    for line in open(os.path.join(HERE, 'pages.txt'), encoding='utf-8'):
        line = line.strip()
        if not line or line.startswith('#'):
            continue
        root, path, licence = line.split()[:3]
        source = os.path.join(r.get(root, '/nonexistent'), path)
        if not os.path.isfile(source):
            print(f'missing  {root}:{path}', file=sys.stderr)
            continue
        name = f'{root}--{path.replace("/", "--")}'
        shutil.copyfile(source, os.path.join(out, name))
        found += 1
        print(f'{os.path.getsize(source):>9}  {licence:<18} {name}')
    print(f'{found} pages in {out}')
    sys.exit(0 if found >= 30 else 1)


if __name__ == '__main__':
    main()
