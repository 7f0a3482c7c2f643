#!/usr/bin/env python3
"""`tabletop gomoku forbidden` and `tabletop gomoku move`: answers for good
positions (hand-built from the RIF rules, and random positions checked
against renju_model.py, an independent model of the rules), a one-line
message and exit status 2 for bad input.
Usage: test_gomoku_cli.py TABLETOP.  Prints TAP."""
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import renju_model  # noqa: E402

exe = sys.argv[1]
results = []


def run(*args):
    p = subprocess.run([exe, "gomoku", *args], capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def check(name, cond, detail=""):
    results.append((name, cond, detail))


# Hand-built positions: (black, white, expected lines).  The reasoning for
# each is the same as in tests/games/gomoku/test_gomoku_rules.c.
cases = [
    # f8 g8 [h8] and h6 h7 [h8]: two open threes.  g8 is also where f8 and
    # h7 ... no: only h8 joins both.  e8/i8 etc. make one three each.
    ("f8,g8,h6,h7", "", ["h8 double-three"]),
    # e8 f8 g8 _ i8 j8: h8 would be six.
    ("e8,f8,g8,i8,j8", "", ["h8 overline"]),
    # e8 _ g8 [h8] i8 _ k8: two fours in one line at h8; f8 and j8 make fives.
    ("e8,g8,i8,k8", "", ["h8 double-four"]),
    # White stops the row: one three only, nothing forbidden.
    ("f8,g8,h6,h7", "e8,h5", []),
    # Five wins whatever else: d8-h8 with fours on the column and diagonal,
    # so h8 is not listed.  (Other points are: f9 makes f9 _ h9 i9 and
    # e8 f9 _ h11, two split threes; the list is checked by the model.)
    ("d8,e8,f8,g8,h9,h10,h11,i9,j10,k11", "", None),
]
for black, white, want in cases:
    rc, out, err = run("forbidden", "--black", black, "--white", white)
    got = out.splitlines()
    model = renju_model.all_forbidden(
        {**{(ord(p[0]) - 97, int(p[1:]) - 1): 'B' for p in black.split(',') if p},
         **{(ord(p[0]) - 97, int(p[1:]) - 1): 'W' for p in white.split(',') if p}})
    if want is None:
        check(f"forbidden --black {black}: h8 is a five, not listed",
              rc == 0 and err == "" and not any(line.startswith("h8 ") for line in got) and "f9 double-three" in got,
              f"rc={rc} got={got} err={err!r}")
        want = got
    else:
        check(f"forbidden --black {black} --white {white!r}", rc == 0 and got == want and err == "",
              f"rc={rc} got={got} want={want} err={err!r}")
    check(f"the model agrees on --black {black}", model == want, f"model={model} want={want}")

# The recursive three (test_gomoku_rules.c explains it): h8's row is a three
# only if e8 is allowed, which hangs on whether e5 is.
recursive = [
    ("f8,g8,h9,h10,e6,e7,f7,g6", "j8", False),
    ("f8,g8,h9,h10,e6,e7", "j8", True),
    ("f8,g8,h9,h10,e6,e7,f7,g6,a5,b5,c5,d5,f5", "j8,e10", True),
    ("f8,g8,h9,h10,e6,e7,f7,g6", "j8,e10", False),
]
for black, white, h8 in recursive:
    rc, out, err = run("forbidden", "--black", black, "--white", white)
    got = out.splitlines()
    model = renju_model.all_forbidden(
        {**{(ord(p[0]) - 97, int(p[1:]) - 1): 'B' for p in black.split(',')},
         **{(ord(p[0]) - 97, int(p[1:]) - 1): 'W' for p in white.split(',')}})
    check(f"recursive three --black {black} --white {white}: h8 {'forbidden' if h8 else 'allowed'}",
          rc == 0 and (("h8 double-three" in got) == h8) and got == model, f"got={got} model={model}")

# Renju's classic exceptions (docs/gomoku.md), as stone sets.  With g6 g7 (a column) and
# e8 f8 (a row), g8 makes two open threes: forbidden.  Add c8 and the row is
# no longer a three: its only straight-four point h8 (e8-h8) has d8 on one
# side, where Black would make six (c8-h8, an overline, not a five), so
# e8-h8 is a simple four at best; d8 itself makes the five c8-g8, not a
# four.  One real three: g8 is allowed.  And a four with a three (d8 e8 f8
# plus the column) is never forbidden.
exceptions = [
    ("e8,f8,g6,g7", "", True, "two open threes"),
    ("c8,e8,f8,g6,g7", "", False, "the row's extension would be an overline"),
    ("d8,e8,f8,g6,g7", "", False, "four-three"),
    ("d8,e8,f8,g6,g7", "g5", False, "four and a closed three"),
]
for black, white, g8, why in exceptions:
    rc, out, err = run("forbidden", "--black", black, "--white", white)
    got = out.splitlines()
    stones = {**{(ord(p[0]) - 97, int(p[1:]) - 1): 'B' for p in black.split(',') if p},
              **{(ord(p[0]) - 97, int(p[1:]) - 1): 'W' for p in white.split(',') if p}}
    model = renju_model.all_forbidden(stones)
    check(f"exception --black {black} --white {white!r} ({why}): g8 {'forbidden' if g8 else 'allowed'}",
          rc == 0 and err == "" and (("g8 double-three" in got) == g8)
          and not (not g8 and any(line.startswith("g8 ") for line in got)) and got == model,
          f"rc={rc} got={got} model={model} err={err!r}")

# Published diagrams (tests/data/gomoku/renju_examples.txt): single-line
# double fours, look-alikes, nested and recursive double threes.
KINDS = {'3': 'double-three', '4': 'double-four', '6': 'overline'}
data = os.environ.get("TABLETOP_TEST_DATA") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "data")
with open(os.path.join(data, "gomoku", "renju_examples.txt")) as f:
    blocks = []
    for line in f:
        line = line.rstrip("\n")
        if line.startswith("position "):
            blocks.append((line[9:], []))
        elif line.strip() and not line.startswith("#") and blocks:
            blocks[-1][1].append(line.split())
for title, rows in blocks:
    stones, marks = {}, []
    for parts in rows:
        row = int(parts[0])
        for col, v in enumerate(parts[1:16]):
            if v == 'X':
                stones[(col, row - 1)] = 'B'
            elif v == 'O':
                stones[(col, row - 1)] = 'W'
            elif v in KINDS:
                marks.append(((row - 1, col), f"{'abcdefghijklmno'[col]}{row} {KINDS[v]}"))
    want = [m for _, m in sorted(marks)]
    black = ",".join(renju_model.name(p) for p, v in stones.items() if v == 'B')
    white = ",".join(renju_model.name(p) for p, v in stones.items() if v == 'W')
    rc, out, err = run("forbidden", "--black", black, "--white", white)
    check(f"published diagram: {title}", rc == 0 and out.splitlines() == want, f"got={out.splitlines()} want={want}")
    model = renju_model.all_forbidden(stones)
    check(f"the model on the diagram: {title}", model == want, f"model={model} want={want}")
check("five published diagrams read", len(blocks) == 5, f"{len(blocks)}")

# The move-list form gives the same answer as the stone lists.
rc, out, err = run("forbidden", "f8", "a1", "g8", "a2", "h6", "a3", "h7")
check("moves alternate from Black", rc == 0 and out == "h8 double-three\n", f"rc={rc} out={out!r} err={err!r}")
rc2, out2, _ = run("forbidden", "f8 a1 g8 a2,h6 a3 h7")
check("moves may share an argument", rc2 == 0 and out2 == out, f"{out2!r}")
rc, out, err = run("forbidden")
check("the empty board has no forbidden point", rc == 0 and out == "" and err == "", f"{rc} {out!r} {err!r}")
rc, out, err = run("forbidden", "--black", "", "--white", "")
check("empty lists are an empty board", rc == 0 and out == "", f"{rc} {out!r} {err!r}")

# Stone sets a move list cannot give (more black stones than moves allow).
rc, out, err = run("forbidden", "--black", "c8,e8,f8,g8,h5,h6,h7,f6,g7", "--white", "i8")
check("stone sets beyond move order", rc == 0 and err == "", f"{rc} {err!r}")
model = renju_model.all_forbidden({**{(ord(p[0]) - 97, int(p[1:]) - 1): 'B' for p in
                                      "c8,e8,f8,g8,h5,h6,h7,f6,g7".split(',')}, (8, 7): 'W'})
check("stone sets agree with the model", out.splitlines() == model, f"got={out.splitlines()} model={model}")

# Random positions: the program and the independent model list the same
# points and kinds.  Dense black clusters in the centre make threes and
# fours (and the recursive cases) common.
rng = random.Random(20261123)
disagreements = []
total_lines = 0
for n in range(120):
    board = {}
    for _ in range(rng.randint(8, 26)):
        c, r = rng.randint(3, 11), rng.randint(3, 11)
        board[(c, r)] = 'B' if rng.random() < 0.62 else 'W'
    black = ",".join(renju_model.name(p) for p, v in board.items() if v == 'B')
    white = ",".join(renju_model.name(p) for p, v in board.items() if v == 'W')
    rc, out, err = run("forbidden", "--black", black, "--white", white)
    want = renju_model.all_forbidden(board)
    total_lines += len(want)
    if rc != 0 or out.splitlines() != want:
        disagreements.append((black, white, out.splitlines(), want))
check(f"120 random positions agree with the model ({total_lines} forbidden points)",
      not disagreements and total_lines > 50, repr(disagreements[:2]))

# `gomoku move`: the AI's point for the side to move.
rc, out, err = run("move", "--level", "3", "e8", "a1", "f8", "a2", "g8", "a3", "h8")
check("move: White blocks the open four's one free end or loses", rc == 0 and out.strip() in ("d8", "i8"),
      f"{rc} {out!r} {err!r}")
rc, out, err = run("move", "--level", "1")
check("move: level 1 opens beside the centre (seed 002)", rc == 0 and out == "g8\n", f"{rc} {out!r} {err!r}")

# Bad input: one line on stderr, exit status 2, nothing on stdout.
bad = [
    (["forbidden", "z9"], "bad point 'z9'"),
    (["forbidden", "h16"], "bad point 'h16'"),
    (["forbidden", "h8", "h8"], "given twice"),
    (["forbidden", "--black", "h8,h8"], "given twice"),
    (["forbidden", "--black", "h8", "--white", "h8"], "'h8' is in both --black and --white"),
    (["forbidden", "--black"], "needs a list"),
    (["forbidden", "--black", "h8", "i9"], "not both"),
    (["forbidden", "--black", "a1", "--black", "a2"], "given twice"),
    (["forbidden", "--frob"], "unknown option"),
    (["forbidden", "--black", "h8,p8"], "bad point 'p8'"),
    (["forbidden", "--black", "h8", "--white", "a0"], "bad point 'a0'"),
    (["forbidden", "--white", "a16,b2"], "bad point 'a16'"),
    (["forbidden", "--black", "h8,x"], "bad point 'x'"),
    (["forbidden", "--black", "i9", "--white", "h8,i9"], "'i9' is in both --black and --white"),
    (["forbidden", "--white", "c3,c3"], "given twice"),
    (["move", "h8", "h8"], "already taken"),
    (["move", "--level", "9"], "bad value '9' for --level (1-3)"),
    (["move", "--rule", "2"], "bad value '2' for --rule (0, 1 or 4)"),
    (["move", "--level"], "option --level needs a value (1-3)"),
    (["move", "--nodes", "0"], "bad value '0' for --nodes"),
    (["move", "a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4", "a5"], "the game is over"),
    (["move", "a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4", "a5", "c1"], "already over"),
    (["jump"], "unknown command 'jump'"),
    ([], "missing command"),
]
for args, words in bad:
    rc, out, err = run(*args)
    lines = err.splitlines()
    first = lines[0] if lines else ""
    check(f"bad input {args!r}", rc == 2 and out == "" and words in first,
          f"rc={rc} out={out!r} err={err!r}")

# ---- issue 52: a bad option is one line on stderr naming it, with a
# pointer to --help (never the whole usage), exit 2; --help prints the
# usage on stdout, exit 0. ----
for args, bad in [([], "missing command"), (["--frob"], "'--frob'"), (["jump"], "'jump'"),
                  (["forbidden", "--frob"], "'--frob'"), (["forbidden", "--black"], "--black"),
                  (["move", "--level", "9"], "'9' for --level"), (["move", "--level"], "--level"),
                  (["move", "--frob", "h8"], "'--frob'")]:
    rc, out, err = run(*args)
    lines = err.splitlines()
    check("gomoku %s: one line naming %r and --help, exit 2" % (" ".join(args) or "(nothing)", bad),
          rc == 2 and out == "" and len(lines) == 1 and bad in lines[0] and "--help" in lines[0]
          and "usage" not in err, "rc=%s out=%r err=%r" % (rc, out, err))
for args in (["--help"], ["forbidden", "--help"], ["move", "-h"]):
    rc, out, err = run(*args)
    check("gomoku %s: the usage on stdout, exit 0" % " ".join(args),
          rc == 0 and out.startswith("usage: tabletop gomoku") and err == "", "rc=%s out=%r err=%r" % (rc, out[:80], err))

for i, (name, ok, detail) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} - {name}")
    if not ok:
        print(f"# {detail}")
print(f"1..{len(results)}")
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
