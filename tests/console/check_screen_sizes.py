#!/usr/bin/env python3
"""check_screen_sizes.py - thin screens (issue 53): every file in
src/console/screens/ stays under 500 lines.  A screen draws what its
session says and maps keys to it; saving, resume and the console_game_t
plumbing are console/screen_common's, the computer players the opponent
seam's.  A file that reaches the limit is split by topic (drawing, keys,
the steps of a game), as connect4_draw.c and othello_play.c are.

    check_screen_sizes.py ROOT              TAP: one line a file
    check_screen_sizes.py --self-test ROOT  the check fails on a file of
                                            500 lines planted in a scratch
                                            copy, and passes one of 499
"""
import os
import shutil
import sys
import tempfile

LIMIT = 500  # lines: a screen file must have fewer
SCREENS = os.path.join("src", "console", "screens")


def line_count(path):
    with open(path, encoding="utf-8") as f:
        return sum(1 for _ in f)


def check(root):
    """[(file, lines, ok)] for every file of the screens' folder."""
    folder = os.path.join(root, SCREENS)
    out = []
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            n = line_count(path)
            out.append((name, n, n < LIMIT))
    return out


def report(results):
    print("1..%d" % len(results))
    bad = 0
    for i, (name, n, ok) in enumerate(results, 1):
        if ok:
            print("ok %d - %s/%s: %d lines" % (i, SCREENS, name, n))
        else:
            bad += 1
            print("not ok %d - %s/%s: %d lines, the limit is under %d: split it by topic"
                  % (i, SCREENS, name, n, LIMIT))
    return 1 if bad else 0


def plant(root, scratch, lines):
    """A scratch tree holding the screens and one planted file of lines."""
    shutil.copytree(os.path.join(root, SCREENS), os.path.join(scratch, SCREENS))
    with open(os.path.join(scratch, SCREENS, "planted.c"), "w", encoding="utf-8") as f:
        f.write("/* planted */\n" * lines)


def self_test(root):
    cases = [(LIMIT, False), (LIMIT - 1, True)]
    print("1..%d" % len(cases))
    bad = 0
    for i, (lines, want_ok) in enumerate(cases, 1):
        scratch = tempfile.mkdtemp(prefix="screen-sizes-")
        try:
            plant(root, scratch, lines)
            got = [ok for name, n, ok in check(scratch) if name == "planted.c"]
        finally:
            shutil.rmtree(scratch)
        verdict = "passes" if want_ok else "fails"
        if got == [want_ok]:
            print("ok %d - a planted screen file of %d lines %s" % (i, lines, verdict))
        else:
            bad += 1
            print("not ok %d - a planted screen file of %d lines should have %s the check"
                  % (i, lines, "passed" if want_ok else "failed"))
    return 1 if bad else 0


def main(argv):
    if len(argv) == 3 and argv[1] == "--self-test":
        return self_test(argv[2])
    if len(argv) == 2:
        return report(check(argv[1]))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
