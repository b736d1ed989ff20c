#!/usr/bin/env python3
"""Turn callgrind profiles into a linker ordering file (one mangled function name a line).

usage: callgrind_order.py BINARY PROFILE.out... > order.txt

Lists every function of BINARY that ran in any PROFILE, placing each at its first PROFILE in the
order given (within one profile: by falling own instruction count). Give the profiles most
important first: start-up (an empty input), then the most common conversion, and so on, so that
the code of each is together, and a run pages in little of the other conversions' code. The
profiles must be taken with `valgrind --demangle=no` so that names stay mangled (what the linker
matches). Only functions of BINARY are kept (not those of the dynamic loader or libc), and of
those only real symbol names (not "0x..." addresses).
"""
import collections
import os
import re
import sys

NAME = re.compile(r"^[A-Za-z_$.][A-Za-z0-9_$.]*$")


def own_costs(path, binary):
    """Own instruction counts per function of `binary` in one callgrind output file."""
    names = {}
    objects = {}
    costs = collections.Counter()
    current = None
    inside = False
    skip_next = False
    with open(path, errors="replace") as f:
        for line in f:
            if skip_next:
                skip_next = False
                continue
            if line.startswith("ob=") or line.startswith("cob="):
                ref = line.split("=", 1)[1].strip()
                m = re.match(r"\((\d+)\)(?:\s+(.*))?$", ref)
                if m and m.group(2):
                    objects[m.group(1)] = m.group(2)
                obj = objects.get(m.group(1), "") if m else ref
                if line.startswith("ob="):
                    inside = os.path.basename(obj) == binary
            elif line.startswith("fn=") or line.startswith("cfn="):
                ref = line.split("=", 1)[1].strip()
                m = re.match(r"\((\d+)\)(?:\s+(.*))?$", ref)
                name = ref
                if m:
                    if m.group(2):
                        names[m.group(1)] = m.group(2)
                    name = names.get(m.group(1), "")
                if line.startswith("fn="):
                    current = name if inside else None
            elif line.startswith("calls="):
                skip_next = True  # the next line is the callee's inclusive cost
            elif current and line[:1] in "0123456789+-*":
                fields = line.split()
                if len(fields) >= 2 and fields[1].isdigit():
                    costs[current] += int(fields[1])
    return costs


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    binary = os.path.basename(sys.argv[1])
    seen = set()
    for path in sys.argv[2:]:
        costs = own_costs(path, binary)
        for name, _ in sorted(costs.items(), key=lambda item: (-item[1], item[0])):
            if name not in seen and NAME.match(name) and not name.startswith("0x"):
                seen.add(name)
                print(name)


main()
