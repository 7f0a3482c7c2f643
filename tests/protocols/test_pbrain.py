#!/usr/bin/env python3
"""`tabletop pbrain` as a real process, driven the way Piskvork and the
Gomocup managers drive a brain (START, INFO, BEGIN, TURN, BOARD/DONE,
TAKEBACK, RESTART, ABOUT, END): each answer is checked against this
script's own rules (legality, five in a row, and renju_model.py for Black's
forbidden points).  Usage: test_pbrain.py TABLETOP.  Prints TAP."""
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import renju_model  # noqa: E402

exe = sys.argv[1]
results = []
N = 15


def check(name, cond, detail=""):
    results.append((name, cond, detail))


class Brain:
    def __init__(self, *args):
        self.p = subprocess.Popen([exe, "pbrain", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, bufsize=1)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def answer(self):
        """The next line that is not MESSAGE/DEBUG."""
        while True:
            line = self.p.stdout.readline()
            if not line:
                return None
            line = line.rstrip("\r\n")
            if not line.startswith(("MESSAGE", "DEBUG")):
                return line

    def ask(self, line):
        self.send(line)
        return self.answer()

    def end(self):
        self.send("END")
        try:
            rc = self.p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.p.kill()
            rc = None
        self.p.stdin.close()
        self.p.stdout.close()
        self.p.stderr.close()
        return rc


MOVE = re.compile(r"^(\d+),(\d+)$")


def xy(ans):
    m = MOVE.match(ans or "")
    if not m:
        return None
    x, y = int(m.group(1)), int(m.group(2))
    return (x, y) if 0 <= x < N and 0 <= y < N else None


def five(stones, x, y, exact):
    """Does the stone at x,y make five (exactly five when exact)?"""
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for s in (1, -1):
            i, j = x + s * dx, y + s * dy
            while (i, j) in stones:
                n += 1
                i, j = i + s * dx, j + s * dy
        if n == 5 or (n > 5 and not exact):
            return True
    return False


# ---- the handshake and the small commands ----
b = Brain()
ans = b.ask("ABOUT")
check("ABOUT names the brain", ans is not None and ans.startswith('name="tabletop"') and "version=" in ans, repr(ans))
check("TURN before START is an error", (b.ask("TURN 7,7") or "").startswith("ERROR"))
check("START 19 is refused", (b.ask("START 19") or "").startswith("ERROR"))
check("START 20 answers OK (Gomocup's freestyle board)", b.ask("START 20") == "OK")
check("START 15 answers OK", b.ask("START 15") == "OK")
b.send("INFO timeout_turn 200")
b.send("INFO timeout_match 100000")
b.send("INFO time_left 100000")
b.send("INFO max_memory 83886080")
b.send("INFO rule 0")
ans = b.ask("BEGIN")
check("BEGIN opens in the centre", ans == "7,7", repr(ans))
ans = b.ask("TURN 7,7")
check("TURN on a taken point is an error", (ans or "").startswith("ERROR"), repr(ans))
ans = b.ask("TURN 8,8")
m = xy(ans)
check("TURN gets a legal answer", m is not None and m not in ((7, 7), (8, 8)), repr(ans))
check("TAKEBACK answers OK", b.ask(f"TAKEBACK {m[0]},{m[1]}") == "OK" if m else False)
ans = b.ask(f"TAKEBACK {m[0]},{m[1]}") if m else None
check("TAKEBACK of an empty point is an error", (ans or "").startswith("ERROR"), repr(ans))
check("unknown commands answer UNKNOWN", (b.ask("FROBNICATE 1") or "").startswith("UNKNOWN"))
check("a malformed TURN is an error", (b.ask("TURN 7;7") or "").startswith("ERROR"))
check("an off-board TURN is an error", (b.ask("TURN 15,0") or "").startswith("ERROR"))
check("RESTART answers OK", b.ask("RESTART") == "OK")
# After RESTART the board is empty: the centre is free again.
ans = b.ask("TURN 7,7")
check("RESTART empties the board", xy(ans) is not None and xy(ans) != (7, 7), repr(ans))

# ---- timeouts: the think time the brain gives itself (its MESSAGE line) ----
def think_ms(brain, line):
    brain.send(line)
    ms = None
    while True:
        got = brain.p.stdout.readline().rstrip("\r\n")
        m = re.search(r"think_ms=(\d+)", got)
        if m:
            ms = int(m.group(1))
        if not got.startswith("MESSAGE"):
            return ms, got


b.ask("RESTART")
b.send("INFO timeout_turn 1000")
b.send("INFO time_left 1000000")
ms, ans = think_ms(b, "TURN 7,7")
check("timeout_turn 1000 gives 750 ms of thought", ms == 750 and xy(ans) is not None, f"{ms} {ans!r}")
b.send("INFO time_left 1200")
ms, ans = think_ms(b, "TURN 0,0")
check("time_left 1200 cuts it to a twelfth (100 ms)", ms == 100 and xy(ans) is not None, f"{ms} {ans!r}")
b.send("INFO timeout_turn 0")
b.send("INFO time_left 1000000")
ms, ans = think_ms(b, "TURN 14,14")
check("timeout_turn 0 plays fast (100 ms)", ms == 100 and xy(ans) is not None, f"{ms} {ans!r}")
b.send("INFO timeout_turn 200")

# ---- issue 52: huge INFO times are held at a day (86,400,000 ms), never
# overflowed into a negative budget (UBSan at timeout_turn * 3 / 4 before).
# A node limit keeps each move short whatever the budget. ----
hb = Brain("--nodes", "3000")
hb.ask("START 15")
huge = []
for value in ("9223372036854775807", "99999999999999999999999", "4294967296000"):
    hb.ask("RESTART")
    hb.send(f"INFO timeout_turn {value}")
    ms, ans = think_ms(hb, "TURN 7,7")
    huge.append((value, ms, ans))
check("huge timeout_turn: 75% of a day's clamp (64,800,000 ms), a move",
      all(ms == 64800000 and xy(ans) is not None for _, ms, ans in huge), repr(huge))
hb.ask("RESTART")
hb.send("INFO timeout_match 9223372036854775807")
hb.send("INFO time_left 9223372036854775807")
hb.send("INFO max_memory 9223372036854775807")
ms, ans = think_ms(hb, "TURN 7,7")
check("huge time_left: a twelfth of a day (7,200,000 ms), a move", ms == 7200000 and xy(ans) is not None,
      f"{ms} {ans!r}")
hb.send("INFO time_left -9223372036854775808")
ms, ans = think_ms(hb, "TURN 0,0")
check("time_left below long's range: plays at once (1 ms)", ms == 1 and xy(ans) is not None, f"{ms} {ans!r}")
hb.send("INFO time_left 1000000")
for line in ["SWAP2BOARD", "7,7", "8,8", "9,7"]:
    hb.send(line)
ans = hb.ask("DONE")
check("huge timeout_turn: SWAP2BOARD still answers", ans == "SWAP" or xy(ans) is not None, repr(ans))
hb.send("INFO rule 99999999999999999999")  # not a rule: ignored, not clamped into one
hb.send("END")
hb.p.stdin.close()
hb_err = hb.p.stderr.read()
hb_rc = hb.p.wait(timeout=60)
check("huge INFO values: exit 0, no sanitizer report", hb_rc == 0 and "runtime error" not in hb_err
      and "Sanitizer" not in hb_err, f"rc={hb_rc} err={hb_err[-2000:]!r}")
hb.p.stdout.close()
hb.p.stderr.close()

# ---- BOARD: the brain wins when it can and blocks when it must ----
b.ask("RESTART")
for line in ["BOARD", "3,3,1", "4,3,1", "5,3,1", "6,3,1", "0,14,2", "2,14,2", "4,14,2", "6,14,2"]:
    b.send(line)
ans = b.ask("DONE")
check("BOARD: the brain completes its five", xy(ans) in ((2, 3), (7, 3)), repr(ans))
b.ask("RESTART")
for line in ["BOARD", "3,3,2", "4,3,2", "5,3,2", "6,3,2", "2,3,1", "10,10,1", "12,12,1"]:
    b.send(line)
ans = b.ask("DONE")
check("BOARD: the brain blocks the four", xy(ans) == (7, 3), repr(ans))
b.ask("RESTART")
b.send("BOARD")
b.send("1,2,9")
b.send("1,2,1")
ans = b.ask("DONE")
check("BOARD: a block with a bad line gets one ERROR at DONE", (ans or "").startswith("ERROR"), repr(ans))
ans = b.ask("TURN 1,2")
check("BOARD: ... and none of its lines is applied", xy(ans) not in (None, (1, 2)), repr(ans))
rc = b.end()
check("END exits with status 0", rc == 0, f"rc={rc}")

# ---- renju (INFO rule 4): whole games against a random mover ----
# The brain is Black in one game, White in the other; every answer must be a
# legal point, Black's never forbidden, and the brain should win.
rng = random.Random(17)
for brain_black in (True, False):
    b = Brain()
    b.ask("START 15")
    b.send("INFO rule 4")
    b.send("INFO timeout_turn 100")
    stones = {}  # (x, y) -> 'B' / 'W'  (y from the top, protocol coordinates)
    winner = None
    ok_moves = True
    forbidden_played = []
    colour = {True: 'B', False: 'W'}
    brain_c, manager_c = ('B', 'W') if brain_black else ('W', 'B')
    ans = b.ask("BEGIN") if brain_black else None
    if not brain_black:
        first = (7, 7)
        stones[first] = 'B'
        ans = b.ask("TURN 7,7")
    for ply in range(120):
        m = xy(ans)
        if m is None or m in stones:
            ok_moves = False
            break
        if brain_c == 'B':
            model_board = {(x, N - 1 - y): v for (x, y), v in stones.items()}
            kind = renju_model.forbidden(model_board, (m[0], N - 1 - m[1]))
            if kind:
                forbidden_played.append((m, kind))
        stones[m] = brain_c
        if five({p for p, v in stones.items() if v == brain_c}, m[0], m[1], brain_c == 'B'):
            winner = 'brain'
            break
        # The manager's side: a random empty point near the stones, never a
        # forbidden one when it is Black.
        empties = [(x, y) for x in range(N) for y in range(N) if (x, y) not in stones and
                   any((x + dx, y + dy) in stones for dx in (-1, 0, 1) for dy in (-1, 0, 1))]
        rng.shuffle(empties)
        mv = None
        for e in empties:
            if manager_c == 'B':
                model_board = {(x, N - 1 - y): v for (x, y), v in stones.items()}
                if renju_model.forbidden(model_board, (e[0], N - 1 - e[1])):
                    continue
            mv = e
            break
        stones[mv] = manager_c
        if five({p for p, v in stones.items() if v == manager_c}, mv[0], mv[1], manager_c == 'B'):
            winner = 'manager'
            break
        ans = b.ask(f"TURN {mv[0]},{mv[1]}")
    side = "Black" if brain_black else "White"
    check(f"renju game as {side}: every answer a legal point", ok_moves, repr(ans))
    check(f"renju game as {side}: no forbidden point played", not forbidden_played, repr(forbidden_played))
    check(f"renju game as {side}: the brain wins against random moves", winner == 'brain', f"winner={winner}")
    rc = b.end()
    check(f"renju game as {side}: END exits 0", rc == 0, f"rc={rc}")

# ---- a manager between two brains (as Piskvork runs a match) ----
# Level 3 (8000 nodes a move, so the result does not hang on the machine's
# speed) against the seed's level 2, renju, once with each colour: the
# manager relays the moves, checks each one and stops at a five.
for l3_black in (True, False):
    strong = Brain("--level", "3", "--nodes", "8000", "--seed", "5")
    seed_ai = Brain("--level", "2")
    black, white = (strong, seed_ai) if l3_black else (seed_ai, strong)
    for br in (black, white):
        br.ask("START 15")
        br.send("INFO rule 4")
        br.send("INFO timeout_turn 10000")
    stones = {}
    winner, bad = None, None
    ans = black.ask("BEGIN")
    mover, other, colour = black, white, 'B'
    for ply in range(225):
        m = xy(ans)
        if m is None or m in stones:
            bad = f"ply {ply}: {ans!r}"
            break
        if colour == 'B':
            model_board = {(x, N - 1 - y): v for (x, y), v in stones.items()}
            if renju_model.forbidden(model_board, (m[0], N - 1 - m[1])):
                bad = f"ply {ply}: Black's {m} is forbidden"
                break
        stones[m] = colour
        if five({p for p, v in stones.items() if v == colour}, m[0], m[1], colour == 'B'):
            winner = colour
            break
        ans = other.ask(f"TURN {m[0]},{m[1]}")
        mover, other, colour = other, mover, 'W' if colour == 'B' else 'B'
    side = "Black" if l3_black else "White"
    check(f"brain match, level 3 as {side}: every move legal, none forbidden", bad is None, bad or "")
    check(f"brain match, level 3 as {side}: level 3 wins",
          winner == ('B' if l3_black else 'W'), f"winner={winner} after {len(stones)} stones")
    for br in (black, white):
        br.end()

# ---- bad command-line options: one line, exit status 2 ----
for args, words in [(["--rule", "2"], "bad value"), (["--level", "x"], "bad value"), (["--frob"], "unknown option"),
                    (["--rule"], "needs a value")]:
    p = subprocess.run([exe, "pbrain", *args], capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL)
    first = p.stderr.splitlines()[0] if p.stderr else ""
    check(f"bad option {args!r}", p.returncode == 2 and p.stdout == "" and words in first,
          f"rc={p.returncode} out={p.stdout!r} err={p.stderr!r}")

def run_pbrain(*args):
    p = subprocess.run([exe, "pbrain", *args], capture_output=True, text=True, timeout=30,
                       stdin=subprocess.DEVNULL)
    return p.returncode, p.stdout, p.stderr


# ---- issue 52: a bad option is one line on stderr naming it, with a
# pointer to --help (never the whole usage), exit 2; --help prints the
# usage on stdout, exit 0. ----
for args, bad in [(["--frob"], "'--frob'"), (["--rule", "2"], "'2' for --rule"),
                  (["--level"], "--level"), (["--nodes", "x"], "'x' for --nodes")]:
    rc, out, err = run_pbrain(*args)
    lines = err.splitlines()
    check("pbrain %s: one line naming %r and --help, exit 2" % (" ".join(args) or "(nothing)", bad),
          rc == 2 and out == "" and len(lines) == 1 and bad in lines[0] and "--help" in lines[0]
          and "usage" not in err, "rc=%s out=%r err=%r" % (rc, out, err))
for args in (["--help"], ["-h"]):
    rc, out, err = run_pbrain(*args)
    check("pbrain %s: the usage on stdout, exit 0" % " ".join(args),
          rc == 0 and out.startswith("usage: tabletop pbrain") and err == "", "rc=%s out=%r err=%r" % (rc, out[:80], err))

for i, (name, ok, detail) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} - {name}")
    if not ok:
        print(f"# {detail}")
print(f"1..{len(results)}")
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
