#!/usr/bin/env python3
"""`tabletop gtp` in long and odd sessions, against GTP v2 (draft 2) and GNU Go
3.8 (its reference implementation) as the source of truth:

  - a 10,000-move game of passes on 5x5 (play and genmove at level 1,
    undo at the end, showboard): every command answered "=", the move count
    in showboard right, no cap on the history;
  - valgrind clean on hostile lines, for `tabletop gtp` and `tabletop othello-gtp`;
  - known_command with no argument, an id with leading zeros, fixed_handicap
    after moves that were only passes, komi 0x10: the same lines sent to
    GNU Go and to tabletop give the same answers (komi 0x10 excepted:
    GTP's komi is a decimal float, so tabletop refuses it where GNU Go's
    scanf takes it).

Usage: test_gtp_session.py TABLETOP.  Prints TAP."""
import os
import re
import shutil
import subprocess
import sys
import tempfile

exe = sys.argv[1]
GNUGO = shutil.which("gnugo") or ("/usr/games/gnugo" if os.path.exists("/usr/games/gnugo") else None)
results = []


def check(name, cond, detail=""):
    results.append((name, bool(cond), detail))


def session(cmd, lines, timeout=120):
    """All the answers to lines (sent at once), as a list of responses."""
    p = subprocess.run(cmd, input="".join(l + "\n" for l in lines) + "quit\n", text=True,
                       capture_output=True, timeout=timeout)
    answers = p.stdout.split("\n\n")
    return [a.strip("\n") for a in answers if a.strip("\n")][:-1], p  # the last is quit's


# ---- 10,000 moves of passes on 5x5 ----
N_MOVES = 10000
lines = ["boardsize 5", "clear_board"]
colours = "bw"
for i in range(N_MOVES):
    c = colours[i % 2]
    # Mostly play, a genmove now and then (level 1 after two passes: the
    # game is reopened, and it may play a stone; then we undo it away).
    lines.append("play %s pass" % c)
lines += ["genmove b", "undo", "showboard"]
answers, p = session([exe, "gtp", "--level", "1", "--seed", "3"], lines)
bad = [(i, a) for i, a in enumerate(answers[:-1]) if not a.startswith("=")]
check("10,000 passes on 5x5: every command answered '=' (%d answers)" % len(answers),
      len(answers) == len(lines) and not bad and p.returncode == 0,
      "%d answers, first bad %r, rc %s, %r" % (len(answers), bad[:3], p.returncode, p.stderr[-300:]))
m = re.search(r"move (\d+)", answers[-1] if answers else "")
check("10,000 passes: showboard counts them (move %s)" % (m.group(1) if m else "?"),
      m is not None and int(m.group(1)) in (N_MOVES, N_MOVES + 1), answers[-1] if answers else "")

# A genmove at move 10,000 and beyond, then undo back under it.
lines = ["boardsize 5", "clear_board"] + ["play %s pass" % colours[i % 2] for i in range(N_MOVES)]
lines += ["genmove b", "genmove w", "undo", "undo", "undo", "play w pass"]
answers, p = session([exe, "gtp", "--level", "1"], lines)
check("genmove past move 10,000, undo and play again: all answered '='",
      len(answers) == len(lines) and all(a.startswith("=") for a in answers),
      repr([a for a in answers if not a.startswith("=")][:3]))

# ---- the same odd lines to GNU Go and to tabletop ----
ODD = ["01 name", "known_command", "002 known_command", "1 known_command play",
       "boardsize 9", "clear_board", "play b pass", "play w pass", "3 fixed_handicap 3",
       "list_stones black", "clear_board", "play b pass", "fixed_handicap 9", "list_stones black",
       "clear_board", "play b e5", "fixed_handicap 2"]
ours, _ = session([exe, "gtp", "--level", "1"], ODD)
if GNUGO:
    theirs, _ = session([GNUGO, "--mode", "gtp"], ODD)
    for i, line in enumerate(ODD):
        a = ours[i] if i < len(ours) else None
        b = theirs[i] if i < len(theirs) else None
        if line.endswith("name"):
            # Only the id and the status: the names differ.
            a, b = (a or "")[:2], (b or "")[:2]
        if line.startswith("play") or line.startswith("boardsize") or line.startswith("clear"):
            continue
        if line == "fixed_handicap 2":
            # Both refuse a board with a stone; the wording is each engine's.
            check("'%s' on a board with a stone: refused by both" % line,
                  (a or "").startswith("?") and (b or "").startswith("?"), "%r %r" % (a, b))
            continue
        check("'%s': as GNU Go (%r)" % (line, b), a == b, "ours %r, GNU Go %r" % (a, b))
else:
    check("GNU Go's answers # SKIP gnugo not installed", True)
check("'01 name' echoes the id as a number: =1", (ours[0] if ours else "").startswith("=1 "),
      ours[:1])
check("known_command with no name: = false", len(ours) > 1 and ours[1] == "= false", ours[1:2])

answers, _ = session([exe, "gtp"], ["komi 0x10", "komi inf", "komi nan", "komi 1e400",
                                    "komi 6.5", "komi -3", "komi .5", "komi 7.", "komi 1e1",
                                    "showboard"])
check("komi 0x10, inf, nan and 1e400 refused; 6.5, -3, .5, 7., 1e1 taken",
      [a[0] for a in answers[:9]] == list("????=====") and "komi 10" in answers[9],
      repr(answers))

# ---- issue 52: --rules hw judges 9x9 only (the go_rules peripheral's
# board; the sdl backend's C model here), so another boardsize is GTP's
# "unacceptable size" and changes nothing, instead of a game that ends in
# two silent passes. ----
with tempfile.TemporaryDirectory() as tmp:
    sgf13 = os.path.join(tmp, "g13.sgf")
    with open(sgf13, "w") as f:
        f.write("(;GM[1]FF[4]SZ[13];B[dd];W[jj])")
    lines = ["play b e5", "boardsize 13", "boardsize 19", "boardsize 7", "list_stones black",
             "loadsgf %s" % sgf13, "list_stones black", "boardsize 9", "genmove b", "is_legal w e5"]
    answers, p = session([exe, "gtp", "--rules", "hw", "--level", "1"], lines)
    want = ["=", "? unacceptable size", "? unacceptable size", "? unacceptable size", "= E5",
            "? cannot load file", "= E5", "=", None, None]
    answers = [a.rstrip() for a in answers]
    ok = len(answers) == len(lines) and all(w is None or a == w for a, w in zip(answers, want))
    ok = ok and re.match(r"^= [A-HJ][1-9]$", answers[8]) and answers[9] == ("= 0" if answers[8] == "= E5"
                                                                          else "= 1")
    check("--rules hw: boardsize 13, 19, 7 and a 13x13 loadsgf refused, nothing changed; 9 taken",
          ok, "%r rc %s %r" % (answers, p.returncode, p.stderr[-300:]))
    answers, _ = session([exe, "gtp", "--level", "1"], ["boardsize 13", "boardsize 19"])
    check("--rules sw: boardsize 13 and 19 taken", [a.rstrip() for a in answers] == ["=", "="],
          repr(answers))

# ---- issue 52: printsgf after a handicap writes HA[n], the value GNU Go
# writes after the same lines (GNU Go writes HA[0] for an even game; we
# write no HA there, FF[4]'s "2 or more"). ----
HA_CASES = [["boardsize 9", "clear_board", "fixed_handicap 3", "play w e5"],
            ["boardsize 9", "clear_board", "place_free_handicap 4"],
            ["boardsize 9", "clear_board", "place_free_handicap 20"],
            ["boardsize 9", "clear_board", "set_free_handicap c3 g7", "play w e5"],
            ["boardsize 19", "clear_board", "fixed_handicap 9"],
            ["boardsize 9", "clear_board", "play b pass", "play w pass", "fixed_handicap 2"],
            ["boardsize 9", "clear_board", "fixed_handicap 3", "clear_board"],
            ["boardsize 9", "clear_board", "play b e5", "fixed_handicap 2"],
            ["boardsize 9", "clear_board"]]


def ha_of(answer):
    m = re.search(r"HA\[(\d*)\]", answer or "")
    return int(m.group(1) or 0) if m else 0


def placed(case, answers):
    """Stones the handicap command of case placed: its answer's vertices
    (fixed/place_free), its arguments (set_free); 0 if refused, none, or
    cleared away after."""
    n = 0
    for line, ans in zip(case, answers):
        if "handicap" in line and ans.startswith("="):
            n = len(line.split()) - 1 if line.startswith("set_free") else len(ans[1:].split())
        elif line.startswith(("clear_board", "boardsize")):
            n = 0
    return n


ha_seen = []
for case in HA_CASES:
    ours, _ = session([exe, "gtp", "--level", "1"], case + ["printsgf"])
    ours_ha = ha_of(ours[-1] if ours else "")
    ours_n = placed(case, ours)
    if GNUGO:
        theirs, _ = session([GNUGO, "--mode", "gtp"], case + ["printsgf"])
        gnugo_ha, gnugo_n = ha_of(theirs[-1] if theirs else ""), placed(case, theirs)
    else:
        gnugo_ha = gnugo_n = None
    even_ok = ours_ha != 0 or "HA[" not in (ours[-1] if ours else "")
    ha_seen.append((case[2:], ours_ha, gnugo_ha))
    # GNU Go's rule: HA is the count of stones placed.  place_free_handicap
    # 20 places 19 or 20 stones of GNU Go's choosing and our table's 9.
    same = gnugo_ha is None or (ours_ha == gnugo_ha if ours_n == gnugo_n else
                                (ours_ha, gnugo_ha) == (ours_n, gnugo_n))
    check("printsgf after %s: HA %s, as GNU Go's rule (%s)" % (
          " / ".join(case[2:]) or "nothing", ours_ha, gnugo_ha if GNUGO else "gnugo not installed"),
          ours_ha == ours_n and same and even_ok, "ours %r, %d placed" % (ours[-1:], ours_n))
check("printsgf: a handicap was written at least once", any(h for _, h, _ in ha_seen), repr(ha_seen))
# HA survives printsgf FILE and loadsgf FILE (the SGF round trip).
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "ha.sgf")
    answers, _ = session([exe, "gtp", "--level", "1"],
                         ["fixed_handicap 4", "play w e5", "printsgf %s" % path, "clear_board",
                          "loadsgf %s" % path, "printsgf"])
    check("HA[4] written to a file, loaded back and written again",
          len(answers) == 6 and ha_of(answers[-1]) == 4 and "AB[" in answers[-1], repr(answers))

# ---- issue 52: loadsgf FILE 0 loads the whole game, as GNU Go does (a
# move number names the position before that move; 0 names none). ----
with tempfile.TemporaryDirectory() as tmp:
    games = {"plain.sgf": "(;GM[1]FF[4]SZ[9]KM[0.5];B[ee];W[dd];B[ff];W[cc])",
             "setup.sgf": "(;GM[1]FF[4]SZ[9]KM[0.5]HA[2]AB[gc][cg];W[ee];B[dd];W[ff])"}
    for name, text in games.items():
        path = os.path.join(tmp, name)
        with open(path, "w") as f:
            f.write(text)
        probe = ["loadsgf %s 0" % path, "list_stones black", "list_stones white",
                 "loadsgf %s" % path, "list_stones black", "list_stones white",
                 "loadsgf %s 2" % path, "list_stones black", "list_stones white"]
        ours, _ = session([exe, "gtp", "--level", "1"], probe)
        ours = [a.rstrip() for a in ours]
        whole_ok = len(ours) == 9 and ours[0] == "=" and ours[1:3] == ours[4:6] and ours[3] == "="
        if GNUGO:
            theirs, _ = session([GNUGO, "--mode", "gtp"], probe)
            theirs = [a.rstrip() for a in theirs]
            # GNU Go answers loadsgf with the side to move; compare the stones.
            same = len(theirs) == 9 and all(ours[i] == theirs[i] for i in (1, 2, 4, 5, 7, 8))
            detail = "ours %r, GNU Go %r" % (ours, theirs)
        else:
            same, detail = True, "gnugo not installed: %r" % ours
        check("loadsgf %s 0: the whole game, the stones GNU Go loads (also for 2 and none)" % name,
              whole_ok and same, detail)

# ---- issue 52: a huge time_settings gives each genmove the cap that
# docs/gtp.md ("Clock") states, and the move's log line says so.  Level 1
# answers at once whatever its budget: nothing here waits for a clock. ----
DOC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "gtp.md")
with open(DOC, encoding="utf-8") as f:
    clock_doc = f.read().split("## Clock", 1)[-1].split("\n## ", 1)[0]
m = re.search(r"at most ([\d,]+) ms", clock_doc)
doc_cap = int(m.group(1).replace(",", "")) if m else None
answers, p = session([exe, "gtp", "--level", "1"],
                     ["time_settings 99999999999 0 0", "genmove b", "time_settings 1 86400 1",
                      "genmove w", "time_settings 0 99999999999 99999999999", "genmove b",
                      "time_settings 0 0 0", "genmove w"])
budgets = [int(b) for b in re.findall(r"budget (\d+) ms", p.stderr)]
check("huge time_settings: each genmove gets the cap docs/gtp.md states (%s ms)" % doc_cap,
      doc_cap is not None and len(budgets) == 4 and budgets[:2] == [doc_cap, doc_cap]
      and budgets[2] < doc_cap and budgets[3] >= 20 and all(b <= doc_cap for b in budgets),
      "budgets %r, stderr %r" % (budgets, p.stderr[-600:]))

def run_gtp(*args):
    p = subprocess.run([exe, "gtp", *args], capture_output=True, text=True, timeout=60,
                       stdin=subprocess.DEVNULL)
    return p.returncode, p.stdout, p.stderr


# ---- issue 52: a bad option is one line on stderr naming it, with a
# pointer to --help (never the whole usage), exit 2; --help prints the
# usage on stdout, exit 0. ----
for args, bad in [(["--frob"], "'--frob'"), (["--level", "9"], "'9'"), (["--level"], "--level"),
                  (["--rules", "xx"], "'xx'"), (["--backend", "sim"], "--rules hw"),
                  (["--rules", "hw", "--backend", "fpga"], "'fpga'")]:
    rc, out, err = run_gtp(*args)
    lines = err.splitlines()
    check("gtp %s: one line naming %r and --help, exit 2" % (" ".join(args) or "(nothing)", bad),
          rc == 2 and out == "" and len(lines) == 1 and bad in lines[0] and "--help" in lines[0]
          and "usage" not in err, "rc=%s out=%r err=%r" % (rc, out, err))
for args in (["--help"], ["-h"]):
    rc, out, err = run_gtp(*args)
    check("gtp %s: the usage on stdout, exit 0" % " ".join(args),
          rc == 0 and out.startswith("usage: tabletop gtp") and err == "", "rc=%s out=%r err=%r" % (rc, out[:80], err))

# ---- valgrind on the hostile lines (Go's GTP and Othello's) ----
VALGRIND = shutil.which("valgrind")
with open(exe, "rb") as f:  # the sanitizer build: valgrind cannot run an ASan binary
    SANITIZED = b"__asan_init" in f.read()
HOSTILE = (b"01 name\nknown_command\n\x00 2 name\n3 na\x00me\x01\x7f\nkomi 0x10\nkomi 1e400\n"
           b"boardsize 5\n" + b"play b pass\nplay w pass\n" * 700 + b"genmove b\nundo\nundo\n"
           b"printsgf\nfixed_handicap 2\nboardsize 9\nplay b pass\nfixed_handicap 3\n" +
           b"x" * 5000 + b"\n" + b"play b " + b"a" * 300 + b"\nquit\n")
OTHELLO = (b"1 na\x00me\nlist_games\nset_game Othello\nset_game\nreg_genmove black\n"
           b"reg_genmove\nplay black e6\nreg_genmove white\n\x1b\x01\n" + b"y" * 3000 +
           b"\nundo\nundo\nquit\n")
if VALGRIND and not SANITIZED:
    for what, args, data in (("gtp", ["gtp", "--level", "1"], HOSTILE),
                             ("othello-gtp", ["othello-gtp", "--level", "1"], OTHELLO)):
        p = subprocess.run([VALGRIND, "-q", "--error-exitcode=99", "--leak-check=full",
                            "--errors-for-leak-kinds=definite,indirect", exe, *args],
                           input=data, capture_output=True, timeout=600)
        check("valgrind: %s on the hostile lines runs clean" % what,
              p.returncode == 0 and b"==" not in p.stderr,  # valgrind's lines: ==PID==
              p.stderr.decode("utf-8", "replace")[-2000:])
elif SANITIZED:
    check("valgrind # SKIP an ASan build (ASan checks it)", True)
else:
    check("valgrind # SKIP valgrind not installed", True)

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    if not ok and detail:
        for line in str(detail).splitlines()[:20]:
            print("# " + line)
