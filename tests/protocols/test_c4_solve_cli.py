#!/usr/bin/env python3
"""`tabletop connect4 solve` and `move --level perfect`: scores of
positions from Pascal Pons' published test sets, quoted below with their
published scores (source: the sets of his benchmark protocol,
http://blog.gamesolver.org/solving-connect-four/02-test-protocol/), the
perfect move keeping the published result (checked by solving the position
after it), the best columns each keeping it, and one clear line with exit
status 2 for bad input.  Usage: test_c4_solve_cli.py TABLETOP.  Prints TAP."""
import subprocess
import sys

exe = sys.argv[1]
results = []

# "MOVES SCORE" lines of Pons' sets (Test_L3_R1, Test_L2_R1, Test_L1_R1).
PONS = {
    "Test_L3_R1": [("2252576253462244111563365343671351441", -1),
                   ("7422341735647741166133573473242566", 1),
                   ("23163416124767223154467471272416755633", 0),
                   ("65214673556155731566316327373221417", -1)],
    "Test_L2_R1": [("5554224333234511764415115", 4),
                   ("52753311433677442422121", 8),
                   ("271713432331713132", -11),
                   ("763452543756455357732314", -8)],
    "Test_L1_R1": [("6146", 18),
                   ("243335424257", 12),
                   ("265756512", -12),
                   ("5512243243536", 13)],
}


def run(*args):
    p = subprocess.run([exe, "connect4", *args], capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def check(name, cond, detail=""):
    results.append((name, cond, detail))


# The worked examples of Pons' test-protocol page.
for pos, want in [("4455", 18), ("44455554221", -15)]:
    rc, out, err = run("solve", pos)
    check(f"solve {pos} prints score: {want}",
          rc == 0 and out.splitlines()[0] == f"score: {want}" and err == "",
          f"rc={rc} out={out!r} err={err!r}")

# The opening book answers early positions at once: after 4 (the only
# winning first move, the empty board scoring 1: Allis 1988) the second
# player loses to the first player's last stone.
rc, out, err = run("solve", "4")
check("solve 4 (from the book) prints score: -1",
      rc == 0 and out.splitlines()[:1] == ["score: -1"], f"rc={rc} out={out!r} err={err!r}")
rc, out, err = run("move", "4", "--level", "perfect")
check("move 4 --level perfect answers from the book", rc == 0 and out.strip() in list("1234567"),
      f"rc={rc} out={out!r} err={err!r}")

# A sample of the published sets; the perfect move keeps the result: after
# it, the opponent's score is minus the published one.
def after_score(moves, col):
    """The score col keeps for the side to move in moves."""
    rc, out, err = run("solve", moves + col)
    if rc == 0:
        return -int(out.splitlines()[0].split()[1])
    if "board is full" in err:
        return 0
    return (43 - len(moves)) // 2 if "four in a row" in err else "error"


for name, sample in PONS.items():
    for moves, want in sample:
        rc, out, err = run("solve", moves)
        lines = out.splitlines()
        check(f"{name} {moves}: score {want}",
              rc == 0 and lines and lines[0] == f"score: {want}", f"rc={rc} out={out!r} err={err!r}")
        best = lines[2].split()[1:] if rc == 0 and len(lines) == 3 and lines[2].startswith("best:") else []
        check(f"{name} {moves}: move: is the first best column in centre-first order",
              best and lines[1] == "move: " + min(best, key=lambda c: "4352617".index(c)),
              f"out={out!r}")
        check(f"{name} {moves}: every best column {best} keeps {want}",
              best and all(after_score(moves, c) == want for c in best), f"out={out!r}")
        solve_move = lines[1] if rc == 0 and len(lines) > 1 else ""
        rc, out, err = run("move", moves, "--level", "perfect")
        col = out.strip()
        check(f"{name} {moves}: move --level perfect plays solve's move ({solve_move})",
              rc == 0 and solve_move == "move: " + col, f"rc={rc} out={out!r}")
        ok = rc == 0 and col in list("1234567")
        if ok and (len(moves) + 1) < 42:
            rc2, out2, err2 = run("solve", moves + col)
            if rc2 == 0:
                ok = out2.splitlines()[0] == f"score: {-want}"
            else:  # the move won at once: only right for a winning score
                ok = "four in a row" in err2 and want == (43 - len(moves)) // 2
        check(f"{name} {moves}: perfect move {col} keeps {want}", ok, f"rc={rc} out={out!r}")

# Bad input: one line on stderr, exit status 2, nothing on stdout.
for args, why in [(["solve"], "needs a POSITION"),
                  (["solve", "4444444"], "already full"),
                  (["solve", "48"], "impossible position"),
                  (["solve", "40"], "digits 1-7"),
                  (["solve", "4a"], "impossible position"),
                  (["move", "1212121", "--level", "perfect"], "already over"),
                  (["solve", "1212121"], "already over"),
                  (["solve", "44", "55"], "more than one position"),
                  (["solve", "--fast", "44"], "unknown option"),
                  (["move", "44", "--level"], "needs a value"),
                  (["move", "44", "--level", "godlike"], "unknown level")]:
    rc, out, err = run(*args)
    check(f"{' '.join(args)}: exit 2, one line ({why})",
          rc == 2 and out == "" and why in err and err.count("\n") >= 1 and
          err.splitlines()[0].startswith("tabletop connect4:"),
          f"rc={rc} out={out!r} err={err!r}")

print(f"1..{len(results)}")
for i, (name, ok, detail) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} - {name}")
    if not ok:
        print(f"# {detail}")
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
