#!/usr/bin/env python3
"""Times command-line converters as whole processes (start-up included) on the same files.

Usage: clitime.py RUNS FILELIST LABEL=COMMAND [LABEL=COMMAND ...]
  Each COMMAND (split on spaces) is run with one file as its last argument, output and
  diagnostics discarded.
  For every file, each command's best of RUNS is kept (wall time, and CPU time user + system of
  the child from wait4); the commands take turns so a change in the machine's load favours none.
  Prints per label: "LABEL WALL_NS CPU_NS" summed over the files.
"""
import os
import shutil
import sys
import time

runs, listing = int(sys.argv[1]), sys.argv[2]
commands = []
for arg in sys.argv[3:]:
    label, _, command = arg.partition("=")
    argv = command.split()
    commands.append((label, [shutil.which(argv[0]) or argv[0]] + argv[1:]))
files = [p for p in open(listing, encoding="utf-8").read().split("\n") if p]
devnull = os.open(os.devnull, os.O_WRONLY)


def run(argv):
    start = time.perf_counter_ns()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)])
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter_ns() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"clitime.py: {' '.join(argv)} failed")
    return wall, int((usage.ru_utime + usage.ru_stime) * 1e9)


totals = {label: [0, 0] for label, _ in commands}
for path in files:
    best = {label: [None, None] for label, _ in commands}
    for _ in range(runs):
        for label, argv in commands:
            wall, cpu = run(argv + [path])
            b = best[label]
            b[0] = wall if b[0] is None else min(b[0], wall)
            b[1] = cpu if b[1] is None else min(b[1], cpu)
    for label in totals:
        totals[label][0] += best[label][0]
        totals[label][1] += best[label][1]
for label, (wall, cpu) in totals.items():
    print(label, wall, cpu)
