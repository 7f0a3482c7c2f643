#!/usr/bin/env python3
"""`tabletop connect4 solve` and `move --level perfect` (issue 19): scores of
Pascal Pons' published test positions (tests/data/connect4/pons, source:
http://blog.gamesolver.org/solving-connect-four/02-test-protocol/), the
perfect move keeping the published result, and one clear line with exit
status 2 for bad input.  Usage: test_c4_solve_cli.py TABLETOP.  Prints TAP."""
import os
import subprocess
import sys

exe = sys.argv[1]
data = os.path.join(os.environ["TABLETOP_TEST_DATA"], "connect4", "pons")
results = []


def run(*args):
    p = subprocess.run([exe, "connect4", *args], capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def check(name, cond, detail=""):
    results.append((name, cond, detail))


def sample(name, step, count):
    with open(os.path.join(data, name)) as f:
        lines = [l.split() for l in f if l.strip()]
    return [(m, int(s)) for m, s in lines[::step][:count]]


# The worked examples of Pons' test-protocol page.
for pos, want in [("4455", 18), ("44455554221", -15)]:
    rc, out, err = run("solve", pos)
    check(f"solve {pos} prints score: {want}",
          rc == 0 and out.splitlines()[0] == f"score: {want}" and err == "",
          f"rc={rc} out={out!r} err={err!r}")

# A sample of the published sets; the perfect move keeps the result: after
# it, the opponent's score is minus the published one.
for name in ["Test_L3_R1", "Test_L2_R1", "Test_L1_R1"]:
    for moves, want in sample(name, 125, 8):
        rc, out, err = run("solve", moves)
        lines = out.splitlines()
        check(f"{name} {moves}: score {want}",
              rc == 0 and lines and lines[0] == f"score: {want}", f"rc={rc} out={out!r} err={err!r}")
        rc, out, err = run("move", moves, "--level", "perfect")
        col = out.strip()
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
