#!/usr/bin/env python3
"""Two consoles, one game of Go, the rules in logic (issue 27, `--rules hw`):
real processes, real loopback sockets, real windows on Xvfb, in a scratch
folder.  Each console is looked at as a player does: the stones of its
picture and the seven-segment digits of its strip (tests/protocols/link_x.py).

  - a whole game, typed in the two windows: every stone shows on the other
    console; a capture; both pass; the dead-stone review, marks changed on
    each side (the digits show the counts of an independent count here after
    every change); both accept; the digits say WInnEr / LOSEr from each
    side; the final picture holds the live stones of the independent model;
    identical records with RE, RE = the independent count.  sdl with sdl
    (without --sim); sim with sim and sim with sdl (--sim), where the move-to-
    screen latency is measured: from the XTEST Enter on the mover's window to
    the first screen grab of the other window that shows the stone;
  - a relay that drops, flips, duplicates and delays bytes between two such
    consoles (sdl with sdl; sim with sdl under --sim): the same result on
    both, or a stop on both, never two games;
  - a man in the middle that rewrites one of White's MOVE frames into a
    point Black already holds (the CRC made anew): Black's rules refuse it,
    both consoles stop and say why (stderr, the warning status line on the
    screen; headless, exit status 1 on both).

Usage: test_link_hw.py TABLETOP [--sim].  Prints TAP.  Without Xvfb and
xdotool the window cases are skipped."""
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import link_relay  # noqa: E402
import link_x  # noqa: E402
from link_model import Model, estimate_dead, sgf_moves, sgf_point  # noqa: E402

exe = sys.argv[1]
SIM = "--sim" in sys.argv[2:]
env = dict(os.environ, SDL_AUDIODRIVER="dummy")
env.pop("SDL_VIDEODRIVER", None)
results = []
notes = []


def check(name, cond, detail=""):
    results.append((name, bool(cond), detail))


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def wait_listening(port, timeout=20):
    end = time.time() + timeout
    while time.time() < end:
        with open("/proc/net/tcp") as f:
            if any(line.split()[1].endswith(":%04X" % port) and line.split()[3] == "0A"
                   for line in f.readlines()[1:]):
                return True
        time.sleep(0.05)
    return False


def read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


# ---- the seed's cursor (seed 001, skip over stones), to turn points into keys

ARROWS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def cursor_step(stones, cur, d, size=9):
    r, c = cur[0] + d[0], cur[1] + d[1]
    while 0 <= r < size and 0 <= c < size:
        if (r, c) not in stones:
            return (r, c)
        r, c = r + d[0], c + d[1]
    return cur


def keys_to(stones, cur, target):
    """The fewest arrows that bring the skipping cursor from cur to target."""
    prev, todo = {cur: None}, [cur]
    while todo:
        nxt = []
        for p in todo:
            if p == target:
                path = []
                while prev[p]:
                    p, k = prev[p]
                    path.append(k)
                return path[::-1]
            for k, d in ARROWS.items():
                q = cursor_step(stones, p, d)
                if q not in prev:
                    prev[q] = (p, k)
                    nxt.append(q)
        todo = nxt
    raise RuntimeError("cursor cannot reach %s" % (target,))


# The game: two walls (Black on column D, White on column F), an
# invasion of each side's area, a capture at the top edge, two passes.
WALLS = [m for r in range(9) for m in (("B", (r, 3)), ("W", (r, 5)))]
GAME = WALLS + [("B", (6, 7)), ("W", (0, 1)), ("B", (0, 2)), ("W", (4, 7)), ("B", (1, 1)),
                ("W", (8, 8)), ("B", (0, 0)), ("W", None), ("B", None)]
# passes: White passes first here, so Black's pass (the second) begins the review
KOMI = 5.5


class Stopped(Exception):
    pass


class LinkedPair:
    """Two window consoles playing each other: Black listens, White dials
    (through relay(listen_port, target_port) when given)."""

    def __init__(self, tmp, tag, b_backend, w_backend, relay=None, rules="hw"):
        self.tmp, self.tag = tmp, tag
        self.port = free_port()
        self.dirs = {}
        self.c = {}
        self.latency = []
        for side in "BW":
            d = os.path.join(tmp, "%s-%s" % (tag, side))
            os.mkdir(d)
            self.dirs[side] = d
        self.relay = None
        args = lambda side, spec, backend: ["--backend", backend, "--rules", rules, "--link",
                                            spec, "--save-dir", self.dirs[side]]
        self.c["B"] = link_x.WindowConsole(exe, args("B", "listen:%d" % self.port, b_backend),
                                           tmp, tag + "-b", env)
        try:
            if not wait_listening(self.port):
                raise RuntimeError("Black never listened: " + self.c["B"].err())
            target = self.port
            if relay:
                rp = free_port()
                self.relay = relay(rp, self.port)
                target = rp
            self.c["W"] = link_x.WindowConsole(exe, args("W", "tcp:127.0.0.1:%d" % target,
                                                         w_backend), tmp, tag + "-w", env)
        except Exception:
            self.close()
            raise
        self.model = Model()
        self.cursor = {"B": (4, 4), "W": (4, 4)}
        self.played = []

    def stopped(self):
        return [s for s in "BW" if "tabletop: link:" in self.c[s].err()]

    def wait(self, fn, limit, what):
        def probe():
            if self.stopped():
                raise Stopped("link stopped on %s: %s / %s" % (
                    self.stopped(), self.c["B"].err()[-300:], self.c["W"].err()[-300:]))
            return fn()
        return link_x.poll(probe, limit, what, 0.005)

    def start(self, limit=120):
        # The board is drawn (wood at the top-left corner) once the two agreed.
        def wood(side):
            x, y = self.c[side].point_xy(0, 0)
            return self.c[side].xs.grab(x + 10, y + 10, 1, 1)[0][0] == (221, 187, 136)
        for s in "BW":
            self.wait(lambda: wood(s), limit, "the board on " + s)

    def move(self, col, p, limit=60):
        other = "W" if col == "B" else "B"
        me = self.c[col]
        if p is None:
            me.key("space")
            self.wait(lambda: self.c[other].shows_digits("PASS"), limit,
                      "PASS on the digits of " + other)
            self.played.append((col, None))
            return
        me.keys(keys_to(self.model.stones, self.cursor[col], p))
        t0 = me.key("enter")
        self.wait(lambda: self.c[other].stone_at(*p) == col, limit,
                  "%s's stone at %s on %s" % (col, p, other))
        self.latency.append(time.monotonic() - t0)
        self.cursor[col] = p
        taken = self.model.play(col, p)
        for q in taken:  # the capture shows on both
            for s in "BW":
                self.wait(lambda: self.c[s].stone_at(*q) == ".", limit, "capture at %s" % (q,))
        self.played.append((col, p))

    def review_keys(self, side, p):
        """Review: the cursor to the top-left corner, then to p, Enter."""
        self.c[side].keys(["up"] * 8 + ["left"] * 8 + ["down"] * p[0] + ["right"] * p[1] +
                          ["enter"])

    def digits_both(self, text, limit, what):
        self.wait(lambda: all(self.c[s].shows_digits(text) for s in "BW"), limit,
                  "%r on both (%s); shown %s" % (text, what, [
                      link_x.show_digits(self.c[s].digits() or []) for s in "BW"]))

    def close(self):
        rc = {}
        for s, c in self.c.items():
            rc[s] = c.close()
        if self.relay:
            self.relay.close()
        return rc

    def record(self, side):
        return read(os.path.join(self.dirs[side], "go-link.sgf"))


def counts_text(model, dead):
    return "%3d%3d" % model.counts(dead)


def whole_game(tmp, tag, b_backend, w_backend, limit, relay=None):
    """Plays GAME in two windows; returns (pair, what happened) where what
    happened is 'over' or the Stopped exception."""
    pair = LinkedPair(tmp, tag, b_backend, w_backend, relay)
    limit = int(os.environ.get("LINK_HW_LIMIT", limit))  # (a shorter wait when debugging)
    try:
        pair.start(limit)
        for col, p in GAME[:-1]:
            pair.move(col, p, limit)
        pair.c[GAME[-1][0]].key("space")  # the second pass: the review begins on both
        pair.played.append(GAME[-1])
        final = [(c, p) for c, p in GAME]
        est = estimate_dead(exe, final, KOMI)
        m = pair.model
        # The review: the counts of the leader's marks (the estimate).
        pair.digits_both(counts_text(m, est), limit, "the review begins with the estimate")
        chains = {}
        for p in m.stones:
            chains.setdefault(min(m.chain(p)[0]), m.chain(p)[0])
        marks = set(est)
        # Black (the leader) marks White's wall dead and takes it back; White
        # asks for Black's wall, and takes it back; each change shows on
        # both consoles' digits.
        for side, p in (("B", (0, 5)), ("B", (0, 5)), ("W", (0, 3)), ("W", (0, 3))):
            pair.review_keys(side, p)
            marks ^= m.chain(p)[0]
            pair.digits_both(counts_text(m, marks), limit, "%s flipped %s" % (side, p))
        # The marks the test means: Black's invader at (6, 7) dead, nothing else.
        want = m.chain((6, 7))[0]
        for root, ch in sorted(chains.items()):
            if (ch & marks) != (ch & want):
                pair.review_keys("W", root)
                marks ^= ch
                pair.digits_both(counts_text(m, marks), limit, "W flipped %s" % (root,))
        pair.c["W"].key("space")
        time.sleep(0.3)
        pair.c["B"].key("space")
        result = m.result(KOMI, marks)
        win = "B" if result.startswith("B") else "W" if result.startswith("W") else None
        for s in "BW":
            text = "drAW" if not win else "WInnEr" if s == win else "LOSEr"
            pair.wait(lambda: pair.c[s].shows_digits(text), limit, "%r on %s" % (text, s))
        for s in "BW":
            pair.c[s].key("v")  # the result box aside: the board as it ended
        want_rows = m.rows(marks)
        try:
            pair.wait(lambda: all(pair.c[s].board() == want_rows for s in "BW"), 20,
                      "the final board")
            boards_ok = ""
        except RuntimeError as e:
            boards_ok = "%s\nwant %s\nB %s\nW %s" % (e, want_rows, pair.c["B"].board(),
                                                   pair.c["W"].board())
        return pair, ("over", result, marks, boards_ok)
    except Stopped as e:
        return pair, ("stopped", str(e))
    except Exception as e:  # a wait that gave up: what the screens showed
        return pair, ("failed", str(e))


def game_case(tmp, tag, b_backend, w_backend, limit):
    name = "%s vs %s, --rules hw" % (b_backend, w_backend)
    try:
        pair, what = whole_game(tmp, tag, b_backend, w_backend, limit)
    except Exception as e:  # the consoles did not start
        check(name + ": the whole game in two windows", False, str(e))
        return None
    check(name + ": the whole game in two windows, the review, both accepted",
          what[0] == "over", str(what))
    note_latency(pair, "%s vs %s" % (b_backend, w_backend))
    if what[0] != "over":
        pair.close()
        return None
    _, result, marks, boards_bad = what
    check(name + ": the final pictures show the live stones of the independent model",
          not boards_bad, boards_bad)
    errs = {s: pair.c[s].err() for s in "BW"}
    rc = pair.close()
    check(name + ": both consoles close with status 0", rc == {"B": 0, "W": 0},
          "%s %s" % (rc, errs))
    ra, rb = pair.record("B"), pair.record("W")
    check(name + ": identical records", ra and ra == rb, "%r\n%r" % (ra, rb))
    re_ = re.search(r"RE\[([^\]]*)\]", ra)
    check(name + ": RE = the independent count with the marked stones off (%s)" % result,
          re_ and re_.group(1) == result, "%s\n%s" % (re_ and re_.group(1), ra))
    want = [(c, sgf_point(p)) for c, p in GAME]
    check(name + ": the record holds the moves typed", sgf_moves(ra) == want,
          "%s\n%s" % (sgf_moves(ra), want))
    return pair


def forged_case(tmp):
    """White's second move (index 3) reaches Black as Black's first stone's
    point: Black's rules refuse it."""
    first, idx, forged_byte = GAME[0][1], 3, GAME[0][1][0] * 9 + GAME[0][1][1]
    relay = lambda lp, tp: link_relay.ForgeRelay(lp, tp, 0, idx, forged_byte)
    # In windows: both stay open and show why.
    try:
        pair = LinkedPair(tmp, "forge", "sdl", "sdl", relay)
    except Exception as e:
        check("forged move: two windows", False, str(e))
        return
    try:
        pair.start(60)
        for col, p in GAME[:idx]:
            pair.move(col, p, 60)
        col, p = GAME[idx]
        pair.c[col].keys(keys_to(pair.model.stones, pair.cursor[col], p))
        pair.c[col].key("enter")
        both = link_x.poll(lambda: len(pair.stopped()) == 2, 60, "a stop on both", 0.05)
    except Exception as e:
        both = False
        notes.append(str(e))
    eb, ew = pair.c["B"].err(), pair.c["W"].err()
    if os.environ.get("LINK_HW_DEBUG"):
        for f in pair.relay.seen:
            print("# seen", f)
    check("forged move: the relay rewrote White's MOVE %d into %s (CRC made anew)" % (idx, first),
          pair.relay.forged >= 1 and pair.relay.original == p[0] * 9 + p[1],
          "forged %d original %s" % (pair.relay.forged, pair.relay.original))
    check("forged move: both consoles stop, each with one line saying why",
          both and len([l for l in eb.splitlines() if "tabletop: link:" in l]) == 1 and
          len([l for l in ew.splitlines() if "tabletop: link:" in l]) == 1 and
          re.search(r"refuse|illegal", eb) and "rules refused our move" in ew,
          "B %r\nW %r" % (eb, ew))
    time.sleep(0.5)
    check("forged move: both screens show the warning status line",
          all(pair.c[s].status_has(link_x.WARN) for s in "BW"))
    check("forged move: Black's picture keeps its own stone at %s and shows no forged stone" %
          (first,), pair.c["B"].stone_at(*first) == "B" and pair.c["B"].stone_at(*p) == ".",
          "%s" % pair.c["B"].board())
    pair.close()
    rb, rw = sgf_moves(pair.record("B")), sgf_moves(pair.record("W"))
    want = [(c, sgf_point(q)) for c, q in GAME[:idx + 1]]
    check("forged move: the records kept: Black's without the refused move, White's with its own",
          rb == want[:idx] and rw == want, "B %s\nW %s" % (rb, rw))

    # Headless: the scripts' next await-peer ends both runs with status 1.
    port, rp = free_port(), free_port()
    procs, model, cur = {}, Model(), {"B": (4, 4), "W": (4, 4)}
    scripts = {"B": "", "W": ""}
    for col, q in GAME[:idx + 1]:
        scripts[col] += "await-peer 20000\n%s\nenter\n" % "\n".join(
            keys_to(model.stones, cur[col], q) or ["# here"])
        cur[col] = q
        model.play(col, q)
    for s in "BW":
        scripts[s] += "await-peer 20000\nawait-peer 20000\n"
    for s, spec in (("B", "listen:%d" % port), ("W", "tcp:127.0.0.1:%d" % rp)):
        path = os.path.join(tmp, "forge-%s.txt" % s)
        with open(path, "w") as f:
            f.write(scripts[s])
        d = os.path.join(tmp, "forge-h-" + s)
        os.mkdir(d)
        procs[s] = subprocess.Popen([exe, "play", "--game", "go", "--headless", "--rules", "hw",
                                     "--link", spec, "--script", path, "--save-dir", d],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                    env=dict(env, SDL_VIDEODRIVER="dummy"))
        link_x.RUNNING.append(procs[s])
        if s == "B":
            wait_listening(port)
            r = link_relay.ForgeRelay(rp, port, 0, idx, forged_byte)
    out = {}
    for s in "BW":
        try:
            out[s] = procs[s].communicate(timeout=120)
        except subprocess.TimeoutExpired:
            procs[s].kill()
            o, e = procs[s].communicate()
            out[s] = (o, e + "(killed after 120 s)")
    r.close()
    lines = {s: [l for l in out[s][1].splitlines() if l.strip() and "waiting for" not in l]
             for s in "BW"}
    check("forged move, headless: both exit 1 with one line saying why",
          all(procs[s].returncode == 1 and len(lines[s]) == 1 for s in "BW") and
          re.search(r"refuse|illegal", lines["B"][0]) and
          "rules refused our move" in lines["W"][0],
          "rc %s %s\n%s" % (procs["B"].returncode, procs["W"].returncode, lines))


def fault_case(tmp, b_backend="sdl", w_backend="sdl", limit=90):
    """The whole game through a relay that drops, flips, duplicates and
    delays bytes: the same end on both or a stop on both."""
    rnd = random.Random(27)
    relay = lambda lp, tp: link_relay.FaultRelay(lp, tp, rnd, 0.01, 0.01, 0.01, 0.2)
    tag = "faults-%s-%s" % (b_backend, w_backend)
    try:
        pair, what = whole_game(tmp, tag, b_backend, w_backend, limit, relay)
    except Exception as e:
        check("faults: the game through a faulty relay", False, str(e))
        return
    st = dict(pair.relay.stats)
    what_pair = "%s vs %s" % (b_backend, w_backend)
    check("faults (%s): a dropped, a flipped and a duplicated byte at least" % what_pair,
          all(st.values()), str(st))
    if what[0] == "over":
        rc = pair.close()
        ra, rb = pair.record("B"), pair.record("W")
        re_ = re.search(r"RE\[([^\]]*)\]", ra)
        check("faults (%s): both finished: identical records, RE = the independent count (%s)"
              % (what_pair, what[1]),
              ra == rb and re_ and re_.group(1) == what[1] and not what[3],
              "%s\n%r\n%r\n%s" % (rc, ra, rb, what[3]))
    else:
        time.sleep(3)
        stopped = pair.stopped()
        rc = pair.close()
        ma, mb = sgf_moves(pair.record("B")), sgf_moves(pair.record("W"))
        n = min(len(ma), len(mb))
        check("faults (%s): stopped on both with a line, the records one game (one extends "
              "the other)" % what_pair,
              stopped == ["B", "W"] and ma[:n] == mb[:n], "%s %s\n%s\n%s" % (what, stopped, ma, mb))
    notes.append("faults relay (%s): %s" % (what_pair, st))


def note_latency(pair, what):
    """The move-to-screen latency of a game's stones, as a TAP comment."""
    if pair and pair.latency:
        lat = sorted(pair.latency)
        notes.append("%s --rules hw: move-to-screen latency over %d stones: median %.0f ms, "
                     "min %.0f, max %.0f (XTEST Enter on the mover's window to the first grab "
                     "of the other window showing the stone)"
                     % (what, len(lat), 1000 * lat[len(lat) // 2], 1000 * lat[0],
                        1000 * lat[-1]))


tmp = tempfile.mkdtemp(prefix="tabletop-link-hw-")
try:
    if not link_x.have_x():
        check("# SKIP needs Xvfb, xdotool and libXtst", True)
    elif not SIM:
        only = os.environ.get("LINK_HW_ONLY", "game forge faults").split()  # (debugging)
        if "game" in only:
            game_case(tmp, "sdl", "sdl", "sdl", 60)
        if "forge" in only:
            forged_case(tmp)
        if "faults" in only:
            fault_case(tmp)
    else:
        probe = subprocess.run([exe, "play", "--backend", "sim", "--headless", "--script",
                                "/dev/null", "--save-dir", os.path.join(tmp, "probe")],
                               capture_output=True, text=True, timeout=120,
                               env=dict(env, SDL_VIDEODRIVER="dummy"))
        if probe.returncode != 0:
            check("# SKIP sim backend not built", True)
        else:
            game_case(tmp, "sim", "sim", "sim", 180)
            game_case(tmp, "mixed", "sim", "sdl", 180)
            fault_case(tmp, "sim", "sdl", 180)
finally:
    shutil.rmtree(tmp, ignore_errors=True)

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    if not ok and detail:
        for line in str(detail).splitlines()[:30]:
            print("#   " + line)
for n in notes:
    print("# " + n)
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
