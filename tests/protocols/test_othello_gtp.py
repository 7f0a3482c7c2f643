#!/usr/bin/env python3
"""`tabletop othello-gtp` and `tabletop othello` as real processes.

Sources of truth: gtp-rhino (GRhino's GTP engine, the peer we speak like:
its showboard, its acceptance of every move we play), the published perft
numbers, the FFO endgame suite's exact scores (tests/data/othello), and the
rules model of tools/othello_match.py.
Usage: test_othello_gtp.py TABLETOP [--sim].
Prints TAP."""
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import othello_match  # noqa: E402

exe = sys.argv[1]
# --sim: the machine on the Verilated RTL too (when the build has the sim).
MACHINE_BACKENDS = ["sdl"] + (["sim"] if "--sim" in sys.argv[2:] else [])
RHINO = "/usr/games/gtp-rhino"
DATA = os.environ.get("TABLETOP_TEST_DATA", os.path.join(ROOT, "tests", "data"))
results = []


def check(name, cond, detail=""):
    results.append((name, bool(cond), detail))


def run(*args, stdin=""):
    p = subprocess.run([exe, *args], input=stdin, capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


def gtp(lines, *opts):
    """Runs a transcript; returns the list of (ok, text) answers."""
    rc, out, err = run("othello-gtp", *opts, stdin="".join(l + "\n" for l in lines))
    answers = []
    for block in out.split("\n\n"):
        if not block.strip():
            continue
        head, _, rest = block.lstrip("\n").partition("\n")
        text = head[1:].lstrip("0123456789").strip()  # the id, if any, goes
        answers.append((head[0] == "=", (text + ("\n" + rest if rest else "")).strip()))
    return rc, answers, err


# --- the transcript ---------------------------------------------------------
rc, a, _ = gtp(["protocol_version", "name", "version", "list_commands", "known_command genmove",
                "known_command grhino-auto_play", "boardsize 8", "boardsize 9", "clear_board",
                "komi 0", "quit", "name"])
check("transcript: exit 0 after quit, nothing answered after it", rc == 0 and len(a) == 11, a)
check("protocol_version is 2, name tabletop", a[0] == (True, "2") and a[1] == (True, "tabletop"), a[:2])
cmds = set(a[3][1].split("\n"))
want = {"boardsize", "clear_board", "play", "genmove", "undo", "final_score", "showboard",
        "protocol_version", "name", "version", "known_command", "list_commands", "quit",
        "time_settings", "time_left"}
check("list_commands has the gtp-rhino subset asked for", want <= cmds, cmds)
check("known_command true/false", a[4] == (True, "true") and a[5] == (True, "false"), a[4:6])
check("boardsize 8 ok, 9 refused as gtp-rhino does", a[6][0] and a[7] == (False, "unacceptable size"), a[6:8])

# showboard beside gtp-rhino's after the same moves (rhino's diagram is the model).
moves = ["play black d3", "play white c5", "play black f6"]
rc, a, _ = gtp(moves + ["showboard"])
ours = a[-1][1]
if os.path.exists(RHINO):
    p = subprocess.run([RHINO, "-l", "1"], input="\n".join(moves + ["showboard", "quit"]) + "\n",
                       capture_output=True, text=True, timeout=60)
    theirs = [b for b in p.stdout.split("\n\n") if "a b c" in b][-1].lstrip("= ").strip()
    check("showboard equals gtp-rhino's after d3 c5 f6", ours.strip() == theirs, f"\n{ours}\n--\n{theirs}")
else:
    print("# gtp-rhino not installed: showboard compared with the start diagram only")
check("moves accepted: d3 c5 f6", all(ok for ok, _ in a[:3]), a)

# Bad input: one '?' line each, nothing changed (showboard before == after).
bad = ["komi nan", "play black z9", "play purple d3", "play black", "genmove", "genmove green",
       "play white d3", "play black pass", "boardsize x", "komi x", "frobnicate", "undo",
       "final_score", "known_command"]
rc, a, _ = gtp(["showboard"] + bad + ["showboard"])
check("each bad command answers '?'", all(not ok for ok, _ in a[1:-1]) and len(a) == len(bad) + 2,
      list(zip(bad, a[1:-1])))
check("bad commands change nothing", a[0] == a[-1], (a[0], a[-1]))
check("play out of turn says whose turn it is", "black's turn" in a[7][1], a[7])
check("pass with a legal move is refused", "legal move" in a[8][1], a[8])

# Ids, genmove, undo.
rc, a, _ = gtp(["7 genmove black", "8 undo", "9 showboard", "10 undo"])
check("genmove black from the start is one of d3 c4 f5 e6", a[0][0] and a[0][1] in ("d3", "c4", "f5", "e6"), a[0])
rc, out, _ = run("othello-gtp", stdin="7 name\n8 foo\n")
check("ids echoed on = and ?", out == "=7 tabletop\n\n?8 unknown command\n\n", repr(out))
check("undo back to the start, then 'cannot undo'", a[1][0] and a[2][1].startswith("Next move: Black") and a[3] == (False, "cannot undo"), a)

# gtp-rhino's list_games, set_game and reg_genmove, and control bytes, line
# for line beside gtp-rhino itself (reg_genmove's move is checked legal by
# gtp-rhino's own play, and must leave the board as it was).
DIALECT = ["list_games", "set_game Othello", "set_game othello", "set_game Go", "set_game",
           "1 set_game Othello x", "reg_genmove", "reg_genmove pass", "known_command set_game",
           "known_command list_games", "known_command reg_genmove"]
rc, a, _ = gtp(DIALECT)
if os.path.exists(RHINO):
    p = subprocess.run([RHINO, "-l", "1"], input="\n".join(DIALECT + ["quit"]) + "\n",
                       capture_output=True, text=True, timeout=60)
    theirs = []
    for block in p.stdout.split("\n\n"):
        if block.strip():
            head = block.lstrip("\n")
            theirs.append((head[0] == "=", head[1:].lstrip("0123456789").strip()))
    theirs = theirs[:len(DIALECT)]
    check("list_games, set_game, reg_genmove's errors, known_command: as gtp-rhino",
          a == theirs, "ours %r\ngtp-rhino %r" % (a, theirs))
rc, a, _ = gtp(["showboard", "reg_genmove black", "showboard", "play black e6",
                "reg_genmove white", "showboard"], "--level", "1")
check("reg_genmove answers a move and plays nothing", a[0] == a[2] and a[1][0] and a[4][0] and
      a[5][1].startswith("Next move: White"), a)
if os.path.exists(RHINO):
    for setup, (ok, mv) in (([], a[1]), (["play black e6"], a[4])):
        colour = "white" if setup else "black"
        p = subprocess.run([RHINO, "-l", "1"], input="\n".join(setup + ["play %s %s" % (colour, mv),
                                                                       "quit"]) + "\n",
                           capture_output=True, text=True, timeout=60)
        check("reg_genmove %s's %s is legal for gtp-rhino" % (colour, mv),
              p.stdout.split("\n\n")[len(setup)].strip() == "=", p.stdout)
rc, out, _ = run("othello-gtp", stdin="1 na\0me\n2 list_\x01games\n\x1b3\tname\n")
check("control bytes and NUL dropped as in Go's GTP: 1 na<NUL>me is 1 name",
      out == "=1 tabletop\n\n=2 Othello\n\n=3 tabletop\n\n", repr(out))

# A whole game with passes, replayed from a recorded game (game 2 of a level
# 2 vs gtp-rhino match): the model decides who has to pass; at each pass our
# genmove must answer pass; the final score is the model's count.
record = ("c4 e3 f6 c5 d3 f5 e6 c6 d6 c7 b5 d7 b6 e7 f7 g5 f4 g4 d2 g6 c8 a5 h5 h6 h4 h3 d8 g3 a6 "
          "a7 e8 f8 g8 f3 g7 c3 b3 h8 h7 b8 b4 a4 e2 f2 c2 f1 e1 c1 d1 a3 b2 a1 b1 pass a2 pass a8 "
          "pass h2 h1 b7 pass g1 pass g2").split()
board, colour, lines, expect_pass = othello_match.Board(), "black", [], []
for m in record:
    other = "white" if colour == "black" else "black"
    if m == "pass":
        check_legal = not board.moves(colour)
        if not check_legal:
            break
        lines.append(f"genmove {colour}")
        expect_pass.append(len(lines) - 1)
    else:
        rc_ = othello_match.parse_move(m)
        board.play(colour, *rc_)
        lines.append(f"play {colour} {m}")
    colour = other
b, w = board.count()
rc, a, _ = gtp(lines + ["final_score", "showboard", "genmove black"], "--level", "1")
check("a recorded game with 5 passes replays: every move accepted",
      all(a[i][0] for i in range(len(lines))), [x for x in zip(lines, a) if not x[1][0]][:3])
check("genmove answers pass exactly where the model says a side has no move",
      all(a[i] == (True, "pass") for i in expect_pass) and len(expect_pass) == 5, [a[i] for i in expect_pass])
check("final_score agrees with the model's count", a[len(lines)] == (True, othello_match.score_text(b, w)),
      (a[len(lines)], b, w))
check("showboard says the game ended", a[len(lines) + 1][1].startswith("Game ended"), a[len(lines) + 1])
check("genmove after the end answers pass", a[len(lines) + 2] == (True, "pass"), a[len(lines) + 2])
# The same game where passes are left implicit (the next colour plays): accepted too.
implicit = [l for l in lines if l.startswith("play")]
rc, a, _ = gtp(implicit + ["final_score"])
check("implicit passes (the other colour plays) are accepted", all(ok for ok, _ in a) and
      a[-1][1] == othello_match.score_text(b, w), a[-3:])

# --- the command line ---------------------------------------------------------
for args, what, needle in [
        (["othello-gtp", "--level", "0"], "--level 0", "--level"),
        (["othello-gtp", "--level", "8"], "--level 8", "--level"),
        (["othello-gtp", "--time", "-1"], "--time -1", "--time"),
        (["othello-gtp", "--bogus"], "unknown option", "unknown option"),
        (["othello-gtp", "--backend", "sim"], "--backend without --machine", "--machine"),
        (["othello-gtp", "--machine", "--backend", "fpga"], "unknown backend", "backend"),
        (["othello", "perft"], "perft without depth", "depth"),
        (["othello", "perft", "x"], "perft x", "depth"),
        (["othello", "solve", "XXX X"], "solve short position", "squares"),
        (["othello", "frob"], "unknown query", "unknown"),
]:
    rc, out, err = run(*args)
    check(f"command line: {what} -> exit 2 and one clear line", rc == 2 and needle in err and
          err.count("\n") == 1 and out == "", (rc, out, err))

# perft: the published numbers.
published = [1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288]
got = [run("othello", "perft", str(d))[1].strip() for d in range(0, 10)]
check("othello perft 0..9 are the published numbers", got == [str(n) for n in published], got)
# 10 and 11 (Aart Bik, "Perft for Reversi", aartbik.blogspot.com 2009-02; OEIS
# A124004): with the transposition table (the default from depth 8) and without.
got = [run("othello", "perft", "10")[1].strip(), run("othello", "perft", "11")[1].strip(),
       run("othello", "perft", "10", "--no-table")[1].strip()]
check("othello perft 10, 11 (table) and 10 --no-table are the published numbers",
      got == ["24571284", "212258800", "24571284"], got)
rc, out, err = run("othello", "perft", "5", "--bogus")
check("perft --bogus -> exit 2 and one clear line", rc == 2 and "--no-table" in err and out == "",
      (rc, out, err))

# perft --position: the four openings are symmetric, so perft N after d3 is
# the published perft N+1 divided by 4.
m = othello_match.Board()
m.play("black", 2, 3)  # d3
after_d3 = "".join("-" if x == "." else x for row in m.cell for x in row)
got = [run("othello", "perft", str(d), "--position", after_d3, "O")[1].strip() for d in (3, 8)]
check("perft --position after d3: published perft(4)/4 and perft(9)/4",
      got == [str(244 // 4), str(3005288 // 4)], got)
rc, out, err = run("othello", "perft", "3", "--position", after_d3 + " O")
check("perft --position as one argument", rc == 0 and out.strip() == str(244 // 4), (rc, out, err))

# solve: the FFO suite's exact scores (positions with <= 18 empties).
for line in open(os.path.join(DATA, "othello", "ffo-20-39.obf")):
    pos, rest = line[:66], line[67:]
    if pos.count("-") > 18:
        continue
    best = rest.split(";")[0].strip()          # "G8:+2"
    want = int(best.split(":")[1])
    rc, out, err = run("othello", "solve", pos)
    score = int(out.split("\n")[0].split()[1]) if rc == 0 else None
    move = out.split("\n")[1].split()[1].upper() if rc == 0 else None
    good = [m.split(":")[0].strip() for m in rest.split(";") if ":" in m and int(m.split(":")[1]) == want]
    check(f"solve {pos[:12]}... ({pos.count('-')} empties) = {want:+d}, move among {good}",
          score == want and move in good, (rc, out, err))

# The FFO endgame set #40-#59 (tests/data/othello/ffo-40-59.obf, the
# published best scores): the ones with at most 22 empties (#40-#42, seconds
# each here) are solved in CI; the whole set runs in `tabletop bench othello
# --ffo-all` (docs/othello.md).  The chosen move is checked too: it is legal
# by the test's own rules model, and the position after it, solved, is worth
# the published score to the mover.
for line in open(os.path.join(DATA, "othello", "ffo-40-59.obf")):
    pos, want, num = line[:64], int(line.split(";")[1]), line.split(";")[2].strip()
    side = line[65]
    if pos.count("-") > 22:
        continue
    rc, out, err = run("othello", "solve", pos, side)
    score = int(out.split("\n")[0].split()[1]) if rc == 0 else None
    check(f"FFO {num} ({pos.count('-')} empties) solves to the published {want:+d}",
          score == want, (rc, out, err))
    if rc == 0:
        move = out.split("\n")[1].split()[1]
        m = othello_match.Board()
        m.cell = [[pos[r * 8 + c].replace("-", ".") for c in range(8)] for r in range(8)]
        me, other = ("black", "white") if side == "X" else ("white", "black")
        col, row = ord(move[0]) - ord("a"), int(move[1]) - 1
        ok_move = (row, col) in m.moves(me)
        if ok_move:
            m.play(me, row, col)
        after = "".join("-" if x == "." else x for r in m.cell for x in r)
        nxt = other if m.moves(other) else me
        rc2, out2, err2 = run("othello", "solve", after, "X" if nxt == "black" else "O")
        s2 = int(out2.split("\n")[0].split()[1]) if rc2 == 0 else None
        check(f"FFO {num}'s move {move} is legal and keeps {want:+d}",
              ok_move and s2 is not None and (s2 if nxt == me else -s2) == want, (move, out2, err2))

# The form docs/othello.md gives, `solve BOARD64 SIDE` as two arguments: the same
# answer as the one-string form; bad input refused with one line and exit 2.
ffo_lines = open(os.path.join(DATA, "othello", "ffo-20-39.obf")).read().splitlines()
pos = ffo_lines[0][:66]
one = run("othello", "solve", pos)
two = run("othello", "solve", pos[:64], pos[65])
check("solve BOARD64 SIDE (two arguments) answers as the one-string form",
      one[0] == 0 and two == one and one[1].startswith("score: +6\n"), (one, two))
board64 = pos[:64]
for args, what, needle in [
        ([board64, "Z"], "side Z", "side to move"),
        ([board64], "no side", "side to move"),
        ([board64[:63], "X"], "63 squares", "63 of them"),
        ([board64 + "-", "X"], "65 squares", "65 of them"),
        ([board64[:10] + "Q" + board64[11:], "O"], "a bad square", "'Q'"),
        ([board64, "X", "extra"], "an extra argument", "unexpected"),
        ([], "nothing", "position"),
        (["--threads", "0", board64, "X"], "--threads 0", "--threads wants 1..8"),
        (["--threads", "9", board64, "X"], "--threads 9", "--threads wants 1..8"),
        ([board64, "X", "--threads"], "--threads without a value", "--threads wants 1..8"),
]:
    rc, out, err = run("othello", "solve", *args)
    check(f"solve with {what} -> exit 2 and one clear line", rc == 2 and needle in err and
          err.count("\n") == 1 and out == "", (rc, out, err))

# --threads: one thread and two solve FFO #40 (20 empties, split points
# from 12) to the published +38 (the threads' moves: test_othello_engine.c).
ffo40 = open(os.path.join(DATA, "othello", "ffo-40-59.obf")).readline()
for n in ("1", "2"):
    rc, out, err = run("othello", "solve", "--threads", n, ffo40[:64], ffo40[65])
    check(f"solve --threads {n} FFO #40: +38", rc == 0 and out.startswith("score: +38\nmove: "),
          (rc, out, err))

# Positions at the edges: a finished game, a forced pass; `move` at each level.
full = "X" * 40 + "O" * 24
rc, out, err = run("othello", "solve", full + " O")
check("solve a finished game: the count, move none", rc == 0 and out == "score: -16\nmove: none\n", (rc, out, err))
forced = "X" * 40 + "O" * 23 + "-"
# White cannot move on h8 (its neighbours are White); Black can (h7 h6 up to h5's X,
# g7 f6 up to e5's X).  The model plays it and counts: that is White's score.
m = othello_match.Board()
m.cell = [["X" if i < 40 else "O" for i in range(r * 8, r * 8 + 8)] for r in range(8)]
m.cell[7][7] = "."
assert not m.moves("white") and m.moves("black") == [(7, 7)]
m.play("black", 7, 7)
nb, nw = m.count()
rc, out, err = run("othello", "solve", forced + " O")
check(f"solve a forced pass: move pass, score {nw - nb:+d} (the model's count)",
      rc == 0 and out == f"score: {nw - nb:+d}\nmove: pass\n", (rc, out, err))
start = "-" * 27 + "OX" + "-" * 6 + "XO" + "-" * 27
for level in (1, 4, 7):
    rc, out, err = run("othello", "move", "--level", str(level), start + " X")
    check(f"move --level {level} from the start is an opening move", rc == 0 and out.strip() in ("d3", "c4", "f5", "e6"), (rc, out, err))
rc, out, err = run("othello", "move", "--level", "9", start + " X")
check("move --level 9 refused", rc == 2 and "--level" in err, (rc, out, err))
# A deadline per move (--time): moves stay legal (the time itself is not asserted).
lines = []
board, colour = othello_match.Board(), "black"
rc, a, _ = gtp(["genmove black", "genmove white", "genmove black", "showboard"], "--time", "0.01")
check("--time 0.01: three genmoves answered with moves", all(ok and len(t) == 2 for ok, t in a[:3]), a)
for ok, t in a[:3]:
    rcm = othello_match.parse_move(t) if ok else None
    if rcm not in board.moves(colour):
        check("--time 0.01: each move legal by the model", False, (t, colour))
        break
    board.play(colour, *rcm)
    colour = "white" if colour == "black" else "black"

# A clock (time_settings / time_left, as gtp-rhino lists them): moves stay legal,
# malformed clocks are refused.
rc, a, _ = gtp(["time_settings 2 0 0", "time_left black 1 0", "genmove black", "time_left white 0.5 0",
                "genmove white", "time_settings 1 x 0", "time_left black -1 0", "time_left purple 1 0",
                "time_left black nan 0",
                "known_command time_left"])
check("time_settings/time_left accepted, genmove under a clock legal",
      a[0][0] and a[1][0] and a[2][1] in ("d3", "c4", "f5", "e6") and a[3][0] and a[4][0] and len(a[4][1]) == 2, a[:5])
check("malformed clocks refused (NaN too)", all(not ok for ok, _ in a[5:9]), a[5:9])
check("known_command time_left", a[9] == (True, "true"), a[9])

# --- the Othello machine behind --machine (seed 003) -------------------------------
# Black's genmove comes from the machine (the C model on sdl, the Verilated
# RTL on sim); it keeps its own board, so an undo replays the record into a
# reset machine, which must answer as before, and a Black move it did not
# choose is refused with a reason.
for backend in MACHINE_BACKENDS:
    opts = ("--machine", "--backend", backend)
    rc, a, _ = gtp(["genmove black", "play white c3", "genmove black", "undo",
                    "genmove black"], *opts)
    first, again = a[0][1], a[2][1]
    check(f"--machine on {backend}: the machine opens with a legal first move ({first})",
          a[0][0] and first in ("d3", "c4", "f5", "e6"), a)
    check(f"--machine on {backend}: after undo the reset machine answers as before",
          a[2][0] and a[4][0] and a[4][1] == again, a)
    rc, a, _ = gtp(["genmove black", "undo", "play black " + ("c4" if first != "c4" else "d3"),
                    "play white c3" if first != "c4" else "play white c5", "genmove black"], *opts)
    check(f"--machine on {backend}: a Black move the machine did not choose is refused "
          "with one clear error", a[4][0] is False and "own" in a[4][1], a)
    if os.path.exists(RHINO):
        ours = othello_match.Engine(f"{exe} othello-gtp --machine --backend {backend}")
        rhino = othello_match.Engine(f"{RHINO} -l 1")
        b, w, errors, rec = othello_match.play_game(ours, rhino)
        check(f"--machine on {backend}: a whole game as Black against gtp-rhino -l 1, every "
              f"move legal to both and to the model ({b}-{w})", not errors and b + w > 4, errors)
        ours.close()
        rhino.close()

# --- real games against gtp-rhino -------------------------------------------------
if os.path.exists(RHINO):
    for level, rlevel in ((2, 1), (4, 2)):
        ours = othello_match.Engine(f"{exe} othello-gtp --level {level}")
        rhino = othello_match.Engine(f"{RHINO} -l {rlevel}")
        for g in range(2):
            black, white = (ours, rhino) if g == 0 else (rhino, ours)
            b, w, errors, rec = othello_match.play_game(black, white)
            who = "black" if black is ours else "white"
            check(f"level {level} against gtp-rhino -l {rlevel} (tabletop {who}): the game ends, "
                  f"every move legal to both and to the model, same final score ({b}-{w})",
                  not errors and b + w > 4, errors)
        ours.close()
        rhino.close()
else:
    print(f"# {RHINO} not installed: the games against it are skipped (package grhino)")

print("TAP version 13")
# ---- issue 52: a bad option is one line on stderr naming it, with a
# pointer to --help (never the whole usage), exit 2; --help prints the
# usage on stdout, exit 0. ----
for args, bad in [(["othello-gtp", "--bogus"], "'--bogus'"), (["othello-gtp", "--level", "9"], "'9'"),
                  (["othello-gtp", "--level"], "--level"), (["othello-gtp", "--backend", "sim"], "--machine"),
                  (["othello"], "missing query"), (["othello", "--frob"], "'--frob'"),
                  (["othello", "frob"], "'frob'"), (["othello", "perft", "3", "--frob"], "'--frob'"),
                  (["othello", "move", "--frob"], "'--frob'"), (["othello", "solve", "--threads", "0"],
                                                                "--threads"),
                  (["othello", "move", "--level", "9"], "--level")]:
    rc, out, err = run(*args)
    lines = err.splitlines()
    check("tabletop %s: one line naming %r and --help, exit 2" % (" ".join(args) or "(nothing)", bad),
          rc == 2 and out == "" and len(lines) == 1 and bad in lines[0] and "--help" in lines[0]
          and "usage" not in err, "rc=%s out=%r err=%r" % (rc, out, err))
for args in (["othello-gtp", "--help"], ["othello", "--help"], ["othello", "move", "--help"]):
    rc, out, err = run(*args)
    check("tabletop %s: the usage on stdout, exit 0" % " ".join(args),
          rc == 0 and out.startswith("usage: tabletop othello") and err == "", "rc=%s out=%r err=%r" % (rc, out[:80], err))

print(f"1..{len(results)}")
for i, (name, ok, detail) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} - {name}")
    if not ok:
        for l in str(detail).splitlines() or [""]:
            print(f"#   {l}")
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
