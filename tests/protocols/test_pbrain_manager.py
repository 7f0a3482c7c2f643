#!/usr/bin/env python3
"""A tournament manager for `tabletop pbrain`, written from the Gomocup
protocol page (Piskvork's "new protocol" and the 2020 SWAP2BOARD extension):
every command has a timeout and must get exactly one answer line (MESSAGE
and DEBUG lines aside); INFO and the lines of a block get none.  A stray or
missing answer shows up as the wrong answer to the next command, and each
game ends with ABOUT and a quiet moment, so no extra line goes unseen.

  - 20 games between two brains at 15x15 renju and 20 at 20x20 freestyle,
    from random BOARD openings, colours alternating: every move legal, Black
    never forbidden under renju (checked by renju_model.py), each game played
    to a five or a full board; then TURN to either brain gets ERROR (the
    game is over);
  - the malformed cases of issue 28: a bad BOARD block (one ERROR, nothing
    applied), SWAP2BOARD (0, 3, 5 stones and a bad block), NUL and control
    bytes, INFO answered by nothing (rule 8 included), INFO time_left 0 and
    below (an answer at once), a line too long, START 19 refused and
    START 20 taken;
  - with valgrind (when installed) the hostile inputs run clean.

Usage: test_pbrain_manager.py TABLETOP [GAMES].  Prints TAP."""
import os
import queue
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import renju_model  # noqa: E402

exe = os.path.abspath(sys.argv[1])
GAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 20
N = 15        # the board of the games being played (match() sets it)
RENJU = True
results = []


def check(name, cond, detail=""):
    results.append((name, bool(cond), detail))


class Brain:
    """A brain process; answers are read by a thread, so every wait has a timeout."""

    def __init__(self, *args, prefix=()):
        self.p = subprocess.Popen([*prefix, exe, "pbrain", *args], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines = queue.Queue()
        self.messages = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for raw in self.p.stdout:
            self.lines.put(raw.decode("utf-8", "replace").rstrip("\r\n"))
        self.lines.put(None)

    def send(self, data):
        if isinstance(data, str):
            data = data.encode()
        self.p.stdin.write(data + b"\r\n")  # the manager ends lines with CR LF
        self.p.stdin.flush()

    def answer(self, timeout):
        """The next answer line, skipping MESSAGE/DEBUG; None on a timeout or EOF."""
        end = time.time() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, end - time.time()))
            except queue.Empty:
                return None
            if line is None:
                return None
            if line.startswith(("MESSAGE", "DEBUG")):
                self.messages.append(line)
                continue
            return line

    def ask(self, data, timeout=10):
        self.send(data)
        return self.answer(timeout)

    def quiet(self, wait=0.3):
        """True if no answer line arrives within wait seconds."""
        return self.answer(wait) is None

    def synced(self):
        """ABOUT's answer comes next and nothing after it: no stray answers."""
        return (self.ask("ABOUT") or "").startswith('name="tabletop"') and self.quiet()

    def end(self):
        try:
            self.send("END")
            self.p.stdin.close()
        except OSError:
            pass
        try:
            rc = self.p.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.p.kill()
            rc = None
        err = self.p.stderr.read().decode("utf-8", "replace")
        self.p.stderr.close()
        return rc, err


MOVE = re.compile(r"^(\d+),(\d+)$")


def xy(ans):
    m = MOVE.match(ans or "")
    if not m:
        return None
    x, y = int(m.group(1)), int(m.group(2))
    return (x, y) if 0 <= x < N and 0 <= y < N else None


def line_len(stones, x, y):
    best = 1
    c = stones[(x, y)]
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for s in (1, -1):
            i, j = x + s * dx, y + s * dy
            while stones.get((i, j)) == c:
                n += 1
                i, j = i + s * dx, j + s * dy
        best = max(best, n)
    return best


def wins(stones, x, y):
    """Renju: Black wins with exactly five, White with five or more;
    freestyle (RENJU False): five or more."""
    n = line_len(stones, x, y)
    return n == 5 or (n > 5 and (stones[(x, y)] == 'W' or not RENJU))


def forbidden(stones, m):
    board = {(x, N - 1 - y): v for (x, y), v in stones.items()}
    return renju_model.forbidden(board, (m[0], N - 1 - m[1]))


def opening(rng):
    """Three to five stones near the centre, Black first, no five, no foul."""
    c = N // 2
    while True:
        stones = {}
        for i in range(rng.choice((3, 4, 5))):
            while True:
                p = (rng.randint(c - 2, c + 2), rng.randint(c - 2, c + 2))
                if p not in stones:
                    break
            stones[p] = 'B' if i % 2 == 0 else 'W'
        order = list(stones.items())
        return order


# ---- 20 games between two brains at 15x15 renju and 20 at 20x20
# freestyle, the way a manager runs them ----
def match(size, rule, seed):
    global N, RENJU
    N, RENJU = size, rule == 4
    rng = random.Random(seed)
    game_fail = []
    plies = []
    t_games = time.time()
    for game in range(GAMES):
        play_game(game, size, rule, rng, game_fail, plies)
    took = time.time() - t_games
    check("%d %s games at %dx%d between two brains: every move legal, one answer each, "
          "TURN after the end refused (%d-%d plies, %.0f s)" %
          (GAMES, "renju" if RENJU else "freestyle", size, size, min(plies), max(plies), took),
          not game_fail, "\n".join(game_fail))


def play_game(game, size, rule, rng, game_fail, plies):
    a = Brain("--level", "3", "--nodes", "1500", "--seed", str(game + 1))
    b = Brain("--level", "3" if game % 4 else "2", "--nodes", "1500", "--seed", str(100 + game))
    brains = [a, b]
    fail = None
    for br in brains:
        if br.ask("START %d" % size) != "OK":
            fail = "START %d not OK" % size
        for info in ("INFO timeout_turn 300", "INFO timeout_match 1000000", "INFO rule %d" % rule,
                     "INFO max_memory 83886080", "INFO time_left 1000000", "INFO game_type 1"):
            br.send(info)
    stones = {}
    order = opening(rng)
    for p, c in order:
        stones[p] = c
    to_move = 'B' if len(order) % 2 == 0 else 'W'
    # Brain a holds Black in even games.
    brain_of = {'B': a, 'W': b} if game % 2 == 0 else {'B': b, 'W': a}
    first = brain_of[to_move]
    other = brain_of['W' if to_move == 'B' else 'B']

    def board_block(brain, colour):
        brain.send("BOARD")
        for (x, y), c in played:
            brain.send("%d,%d,%d" % (x, y, 1 if c == colour else 2))
        return brain.ask("DONE", timeout=10)

    played = list(order)
    ans = board_block(first, to_move)
    colour = to_move
    mover = first
    got_board = {first}
    result = None
    last = None
    while fail is None:
        m = xy(ans)
        if m is None or m in stones:
            fail = "ply %d: %s answered %r" % (len(stones), colour, ans)
            break
        if RENJU and colour == 'B' and forbidden(stones, m):
            fail = "ply %d: Black's %s is forbidden" % (len(stones), m)
            break
        stones[m] = colour
        played.append((m, colour))
        last = m
        if wins(stones, *m):
            result = colour
            break
        if len(stones) == N * N:
            result = "draw"
            break
        colour = 'W' if colour == 'B' else 'B'
        mover = brain_of[colour]
        if mover not in got_board:
            ans = board_block(mover, colour)
            got_board.add(mover)
        else:
            ans = mover.ask("TURN %d,%d" % m, timeout=10)
    plies.append(len(stones))
    if fail is None and result in ('B', 'W'):
        loser = brain_of['W' if result == 'B' else 'B']
        winner = brain_of[result]
        # The loser is told the winning move: the game is over, no answer move.
        ans_l = loser.ask("TURN %d,%d" % last)
        free = next((x, y) for x in range(N) for y in range(N) if (x, y) not in stones)
        ans_w = winner.ask("TURN %d,%d" % free)
        if not (ans_l or "").startswith("ERROR") or not (ans_w or "").startswith("ERROR"):
            fail = "TURN after the five: %r / %r" % (ans_l, ans_w)
    for br in brains:
        if fail is None and not br.synced():
            fail = "a stray or missing answer at the end of the game"
        rc, err = br.end()
        if fail is None and (rc != 0 or err):
            fail = "END: rc %s %r" % (rc, err)
    if fail is None and result is None:
        fail = "no result"
    if fail:
        game_fail.append("game %d: %s" % (game, fail))


match(15, 4, 28)
match(20, 0, 2020)
N, RENJU = 15, True


# ---- the malformed cases ----
def fresh():
    br = Brain("--level", "3", "--nodes", "2000")
    br.ask("START 15")
    br.send("INFO timeout_turn 200")
    return br


br = fresh()
br.send("BOARD")
for line in ("7,7,1", "7,7,2"):
    br.send(line)
ans = br.ask("DONE")
check("bad BOARD block: one ERROR at DONE", (ans or "").startswith("ERROR") and br.quiet(), repr(ans))
ans = br.ask("BEGIN")
check("bad BOARD block: nothing applied (BEGIN on an empty board plays)", xy(ans) is not None,
      repr(ans))
br.ask("RESTART")
br.send("BOARD")
for line in ("7,7,1", "zz", "8,8,2", "9,9,7"):
    br.send(line)
ans = br.ask("DONE")
check("BOARD with bad lines among good ones: one ERROR, no move",
      (ans or "").startswith("ERROR") and br.quiet(), repr(ans))
ans = br.ask("TURN 7,7")
check("... and nothing applied (7,7 is still free)", xy(ans) is not None, repr(ans))
check("bad BOARD: no stray answer", br.synced())
br.end()

br = fresh()
br.send("SWAP2BOARD")
ans = br.ask("DONE")
pts = [xy(w) for w in (ans or "").split()]
check("SWAP2BOARD, no stones: three distinct points", len(pts) == 3 and None not in pts and
      len(set(pts)) == 3, repr(ans))
three = [(7, 7), (8, 7), (9, 9)]
br.send("SWAP2BOARD")
for p in three:
    br.send("%d,%d" % p)
ans = br.ask("DONE")
words = (ans or "").split()
pts = [xy(w) for w in words]
check("SWAP2BOARD, 3 stones: SWAP, one point or two, all free",
      ans == "SWAP" or (1 <= len(pts) <= 2 and None not in pts and not set(pts) & set(three) and
                        len(set(pts)) == len(pts)), repr(ans))
five_st = three + [(8, 8), (8, 6)]
br.send("SWAP2BOARD")
for p in five_st:
    br.send("%d,%d" % p)
ans = br.ask("DONE")
check("SWAP2BOARD, 5 stones: SWAP or one free point",
      ans == "SWAP" or (xy(ans) is not None and xy(ans) not in five_st), repr(ans))
br.send("SWAP2BOARD")
for line in ("7,7", "8,7", "7,7", "1,2,3"):
    br.send(line)
ans = br.ask("DONE")
check("bad SWAP2BOARD block: one ERROR", (ans or "").startswith("ERROR") and br.quiet(), repr(ans))
br.send("SWAP2BOARD")
for p in three[:2]:
    br.send("%d,%d" % p)
ans = br.ask("DONE")
check("SWAP2BOARD with 2 stones: one ERROR", (ans or "").startswith("ERROR") and br.quiet(),
      repr(ans))
check("SWAP2BOARD: no stray answer", br.synced())
br.end()

br = fresh()
ans = br.ask(b"AB\x00OUT")
check("a NUL byte is dropped like GTP's control bytes: AB<NUL>OUT is ABOUT",
      (ans or "").startswith('name="tabletop"'), repr(ans))
ans = br.ask("ABOUT")
check("... and the next command is answered", (ans or "").startswith('name="tabletop"'), repr(ans))
ans = br.ask(b"\x01\x1bTURN\t7,\x7f7")
check("control bytes dropped, HT a space: TURN 7,7 gets a move", xy(ans) not in (None, (7, 7)),
      repr(ans))
for info in ("INFO rule 8", "INFO rule 1", "INFO rule x", "INFO", "INFO evaluate 1,1",
             "INFO folder /tmp", "INFO time_left -"):
    br.send(info)
br.messages.clear()
check("INFO (rule 8, bad values, unknown keys) gets no answer, not even a MESSAGE",
      br.quiet() and br.synced() and not br.messages, repr(br.messages))
br.send("INFO timeout_turn 5000")
for left in ("0", "-250"):
    br.ask("RESTART")
    br.send("INFO time_left " + left)
    br.messages.clear()
    t0 = time.time()
    ans = br.ask("TURN 7,7")
    dt = time.time() - t0
    think = [int(m) for msg in br.messages for m in re.findall(r"think_ms=(\d+)", msg)]
    # The budget the brain reports is the check (think_ms); the wall time
    # is printed, not asserted (speed belongs in benchmarks).
    check("INFO time_left %s: a budget of at most 1 ms (took %.0f ms, think_ms %s)" %
          (left, dt * 1000, think),
          xy(ans) is not None and think and think[-1] <= 1, repr(ans))
# Even with no time left the brain takes a five and blocks a four.
br.ask("RESTART")
br.send("INFO time_left 0")
br.send("BOARD")
for line in ("3,3,2", "4,3,2", "5,3,2", "6,3,2", "2,3,1", "10,10,1", "12,12,1"):
    br.send(line)
ans = br.ask("DONE")
check("INFO time_left 0: the four is still blocked", xy(ans) == (7, 3), repr(ans))
br.send("INFO time_left 1000000")
ans = br.ask("X" * 5000)
check("a line too long: one ERROR", (ans or "").startswith("ERROR") and br.quiet(), repr(ans))
ans = br.ask("START 19")
check("START 19: ERROR (15 or 20)", (ans or "").startswith("ERROR"), repr(ans))
ans = br.ask("START 20")
ans2 = br.ask("TURN 19,19")
ans3 = br.ask("TURN 20,0")
check("START 20: OK, then moves on 20x20 (0-19), 20,0 refused",
      ans == "OK" and re.match(r"^1?\d,1?\d$", ans2 or "") and (ans3 or "").startswith("ERROR"),
      "%r %r %r" % (ans, ans2, ans3))
# Issue 52: managers pad lines.  Blanks before and after the words do not
# count against the line's length; a line of a megabyte is one ERROR.
br.ask("START 15")
ans = br.ask(" " * 60 + "START 20")
ans2 = br.ask("TURN 19,19")
check("60 spaces, then START 20: OK on 20x20", ans == "OK" and re.match(r"^1?\d,1?\d$", ans2 or ""),
      "%r %r" % (ans, ans2))
ans = br.ask("\t" * 3 + " " * 2000 + "START 15" + " \t" * 2000)
ans2 = br.ask(" " * 1500 + "TURN 14,0" + " " * 1500)
check("2000 blanks around START 15 and TURN: taken on 15x15",
      ans == "OK" and xy(ans2) is not None, "%r %r" % (ans, ans2))
ans = br.ask("START " + " " * 1200 + "20")
check("START, 1200 spaces, 20: one ERROR (too long)", (ans or "").startswith("ERROR") and br.quiet(),
      repr(ans))
ans = br.ask(b"TURN 1,1 " + b"Z" * (1 << 20))
check("a line of a megabyte: one ERROR", (ans or "").startswith("ERROR") and br.quiet(), repr(ans))
br.ask("START 15")
br.send("BOARD")
for line in ("0,0,1", "1,0,1", "2,0,1", "3,0,1", "4,0,1", "9,9,2", "10,9,2", "11,9,2", "12,9,2"):
    br.send(line)
ans = br.ask("DONE")
check("BOARD holding a five: ERROR", (ans or "").startswith("ERROR"), repr(ans))
br.ask("RESTART")
br.send("BOARD")
for line in ("0,0,2", "1,0,2", "2,0,2", "3,0,2", "9,9,1", "11,11,1", "13,13,1", "5,12,1"):
    br.send(line)
ans = br.ask("DONE")
ok = xy(ans) == (4, 0) and br.ask("TAKEBACK 4,0") == "OK"
ans2 = br.ask("TURN 4,0")
check("a TURN that makes the manager's five: ERROR, not a move", ok and
      (ans2 or "").startswith("ERROR"), "%r %r" % (ans, ans2))
# Standard (exactly five) against freestyle at 20x20: the manager's TURN
# that makes six ends a freestyle game (ERROR) and not a standard one (a move).
for rule, ends in ((0, True), (1, False)):
    br.ask("START 20")
    br.send("INFO rule %d" % rule)
    br.send("BOARD")
    for line in ("0,10,2", "1,10,2", "2,10,2", "4,10,2", "5,10,2", "10,0,1", "12,3,1",
                 "15,15,1", "3,11,1", "17,2,1"):
        br.send(line)
    ans = br.ask("DONE")
    # The brain blocks at 3,10 as it should; its stone is taken back.
    back = br.ask("TAKEBACK %s" % ans) if xy(ans) else None
    ans2 = br.ask("TURN 3,10") if back == "OK" else "(no takeback: %r)" % back
    check("20x20 rule %d: a TURN making six %s" % (rule, "ends the game (ERROR)" if ends else
                                                 "is no five (a move)"),
          (ans2 or "").startswith("ERROR") if ends else xy(ans2) is not None,
          "%r %r" % (ans, ans2))
br.send("INFO rule 4")
br.ask("START 15")
check("malformed cases: no stray answer", br.synced())
rc, err = br.end()
check("END after the malformed cases: exit 0, nothing on stderr", rc == 0 and not err, err)

# ---- valgrind on the hostile inputs ----
HOSTILE = (b"AB\x00OUT\r\nSTART 15\r\nBOARD\r\n7,7,1\r\n7,7,2\r\nDONE\r\nSWAP2BOARD\r\nDONE\r\n"
           b"SWAP2BOARD\r\n7,7\r\n8,7\r\n9,9\r\nDONE\r\nSWAP2BOARD\r\n1,1\r\n99,99\r\nDONE\r\n"
           b"INFO rule 8\r\nINFO time_left 0\r\nBEGIN\r\nTURN 14,14\r\n" + b"Y" * 3000 +
           b"\r\n\x01\x02TURN 0,\x000\r\nBOARD\r\n" + b"3,3,1\r\n" * 300 + b"DONE\r\n"
           b"START 20\r\nINFO rule 1\r\nBOARD\r\n19,19,1\r\n0,0,2\r\nDONE\r\nTURN 19,0\r\n"
           b"SWAP2BOARD\r\nDONE\r\nTURN 20,20\r\nEND\r\n")
VALGRIND = shutil.which("valgrind")
with open(exe, "rb") as f:  # the sanitizer build: valgrind cannot run an ASan binary
    SANITIZED = b"__asan_init" in f.read()
if VALGRIND and not SANITIZED:
    with tempfile.TemporaryDirectory() as tmp:
        p = subprocess.run([VALGRIND, "-q", "--error-exitcode=99", "--leak-check=full",
                            "--errors-for-leak-kinds=definite,indirect", exe, "pbrain",
                            "--nodes", "500"],
                           input=HOSTILE, capture_output=True, timeout=300, cwd=tmp)
        check("valgrind: the hostile inputs run clean", p.returncode == 0 and not p.stderr,
              p.stderr.decode("utf-8", "replace")[-2000:])
elif SANITIZED:
    check("valgrind: the hostile inputs run clean # SKIP an ASan build (ASan checks it)", True)
else:
    check("valgrind: the hostile inputs run clean # SKIP valgrind not installed", True)

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    if not ok and detail:
        for line in str(detail).splitlines()[:20]:
            print("# " + line)
