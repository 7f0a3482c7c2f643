#!/usr/bin/env python3
"""`tabletop gtp --rules hw` and `tabletop play --rules hw`: complete games against GNU Go (the peer keeps
its own rules: --chinese-rules, simple ko, no suicide) with the stones of
both programs compared after every move (list_stones), on the sim backend
(the Verilated go_rules RTL decides every legality question and capture)
and on sdl (the C model); plus the command line's answers to bad options.

Usage: test_gtp_rules_hw.py TABLETOP [GAMES_SIM].  Prints TAP.  GNU Go
missing: the games are skipped with a message (the option tests still run).
"""
import os
import subprocess
import sys
import tempfile

exe = sys.argv[1]
games_sim = int(sys.argv[2]) if len(sys.argv) > 2 else 2
GNUGO = "/usr/games/gnugo"
results = []


def check(name, cond, detail=""):
    results.append((name, bool(cond), detail))


class Gtp:
    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            line = self.p.stdout.readline()
            if line == "":
                raise RuntimeError("engine closed its output after %r" % cmd)
            if line.strip() == "" and lines:
                break
            if line.strip() == "" and not lines:
                continue
            lines.append(line.rstrip("\n"))
        text = "\n".join(lines)
        return text[0] == "=", text[1:].strip()

    def close(self):
        try:
            self.ask("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.p.stdin.close()
        err = self.p.stderr.read()
        self.p.wait(timeout=30)
        return err


def stones(engine):
    out = {}
    for colour in ("black", "white"):
        ok, text = engine.ask("list_stones " + colour)
        out[colour] = sorted(text.upper().split()) if ok else None
    return out


def play_game(backend, tabletop_colour, seed, max_moves=220):
    """One game; returns (moves, equal after every move, detail, stderr)."""
    tt = Gtp([exe, "gtp", "--rules", "hw", "--backend", backend, "--level", "2",
              "--seed", str(seed)])
    gg = Gtp([GNUGO, "--mode", "gtp", "--chinese-rules", "--level", "1",
              "--seed", str(seed)])
    detail = ""
    equal = True
    moves = 0
    passes = 0
    try:
        for e in (tt, gg):
            e.ask("boardsize 9")
            e.ask("clear_board")
            e.ask("komi 5.5")
        colour = "black"
        while moves < max_moves and passes < 2:
            mover, other = (tt, gg) if colour == tabletop_colour else (gg, tt)
            ok, move = mover.ask("genmove " + colour)
            if not ok:
                detail = "genmove %s failed: %s" % (colour, move)
                equal = False
                break
            if move.lower() == "resign":
                break
            ok, why = other.ask("play %s %s" % (colour, move))
            if not ok:
                detail = "move %d: %s %s refused: %s" % (moves + 1, colour, move, why)
                equal = False
                break
            passes = passes + 1 if move.lower() == "pass" else 0
            moves += 1
            a, b = stones(tt), stones(gg)
            if a != b:
                detail = "move %d (%s %s): tabletop %s, gnugo %s" % (moves, colour, move, a, b)
                equal = False
                break
            colour = "white" if colour == "black" else "black"
    finally:
        err = tt.close()
        gg.close()
    return moves, equal, detail, err


# ---- bad options: one line, exit 2, nothing started ----
for args, what in [(["--rules", "xx"], "--rules xx"),
                   (["--rules"], "--rules without a value"),
                   (["--backend", "sim"], "--backend without --rules hw"),
                   (["--rules", "hw", "--backend", "nowhere"], "an unknown backend")]:
    p = subprocess.run([exe, "gtp", *args], input="", capture_output=True, text=True,
                       timeout=60)
    lines = p.stderr.strip().splitlines()
    check("gtp %s: exit 2 with a message" % what, p.returncode == 2 and len(lines) >= 1,
          "rc=%d err=%r" % (p.returncode, p.stderr))

# ---- hardware rules play 9x9 only: boardsize 13 is GTP's "unacceptable
# size" and changes nothing (the game stays 9x9: J9 is a point, K10 none) ----
p = subprocess.run([exe, "gtp", "--rules", "hw"],
                   input="boardsize 13\nplay b J9\nplay w K10\nquit\n",
                   capture_output=True, text=True, timeout=60)
answers = [a.strip() for a in p.stdout.split("\n\n") if a.strip()]
check("gtp --rules hw: boardsize 13 is unacceptable, the board stays 9x9",
      len(answers) == 4 and answers[0] == "? unacceptable size" and answers[1] == "=" and
      answers[2].startswith("?") and answers[3] == "=", repr(p.stdout))

# ---- a ko and a suicide refused by the hardware, as GTP errors ----
script = ("play b E6\nplay b D5\nplay b E4\nplay w F6\nplay w G5\nplay w F4\n"
          "play w E5\nplay b F5\nplay w E5\nis_legal w E5\n"
          "play w J8\nplay w H9\nplay b J9\nquit\n")
p = subprocess.run([exe, "gtp", "--rules", "hw", "--backend", "sim"], input=script,
                   capture_output=True, text=True, timeout=120)
answers = [blk.strip() for blk in p.stdout.split("\n\n") if blk.strip()]
check("gtp --rules hw --backend sim: ko retake refused, is_legal 0, suicide refused",
      len(answers) == 14 and answers[8].startswith("?") and answers[9] == "= 0"
      and answers[12].startswith("?") and all(a.startswith("=") for a in answers[:8]),
      repr(answers))

# ---- the console: `tabletop play --rules hw` shows what --rules sw shows ----
def play_frames(backend, rules, name, tmp):
    out = os.path.join(tmp, "%s-%s-%s" % (backend, rules, name))
    script = os.path.join(os.environ.get("TABLETOP_TEST_DATA", "tests/data"), "console",
                          name + ".txt")
    p = subprocess.run([exe, "play", "--game", "go", "--backend", backend, "--headless",
                        "--seed", "7", "--script", script, "--frames", out,
                        "--save-dir", os.path.join(out, "save"), "--rules", rules],
                       capture_output=True, text=True, timeout=600)
    frames = {}
    if p.returncode == 0 and os.path.isdir(out):
        for f in sorted(os.listdir(out)):
            if f.endswith(".png"):
                frames[f] = open(os.path.join(out, f), "rb").read()
    return p.returncode, frames, p.stderr


# The console's own scripts (tests/data/console): a capture and an occupied
# point, a ko and a suicide, the end of a game with its territory counts
# (from the territory counter under --rules hw) and a dead stone.
with tempfile.TemporaryDirectory(prefix="gtp_rules_hw.") as tmp:
    for backend, name in [("sdl", "board"), ("sdl", "ko"), ("sdl", "dead_stone"),
                          ("sim", "board"), ("sim", "ko"), ("sim", "gameover")]:
        rc_sw, sw, err_sw = play_frames(backend, "sw", name, tmp)
        rc_hw, hw, err_hw = play_frames(backend, "hw", name, tmp)
        check("play --backend %s, script %s: frames with --rules hw equal to --rules sw "
              "(%d frames)" % (backend, name, len(hw)),
              rc_sw == 0 and rc_hw == 0 and len(sw) >= 1 and sw == hw,
              "rc %d/%d %s %s" % (rc_sw, rc_hw, err_sw, err_hw))
    # The board backend over a stand-in for /dev/mem with no peripheral in
    # it: every move is refused with the driver's message, the console goes on
    # (proof that --rules hw asks the peripheral and nothing else).
    mem = os.path.join(tmp, "mem")
    with open(mem, "wb") as f:
        f.truncate(1 << 32)
    script = os.path.join(os.environ.get("TABLETOP_TEST_DATA", "tests/data"), "console",
                          "board.txt")
    p = subprocess.run([exe, "play", "--game", "go", "--backend", "board", "--devmem", mem,
                        "--headless", "--seed", "7", "--script", script,
                        "--save-dir", os.path.join(tmp, "save-board"), "--rules", "hw"],
                       capture_output=True, text=True, timeout=300)
    check("play --backend board --rules hw without the peripheral: moves refused with "
          "the driver's message, exit 0", p.returncode == 0
          and "no go_rules peripheral at LW 0x4000" in p.stderr, repr(p.stderr[-300:]))
p = subprocess.run([exe, "play", "--rules", "fast"], capture_output=True, text=True, timeout=60)
check("play --rules fast: exit 2 with one line", p.returncode == 2
      and len(p.stderr.strip().splitlines()) == 1, repr(p.stderr))

# ---- complete games against GNU Go ----
if not os.path.exists(GNUGO):
    check("GNU Go games (skipped: %s missing)" % GNUGO, True)
else:
    plan = [("sim", "black" if i % 2 == 0 else "white", 11 + i) for i in range(games_sim)]
    plan.append(("sdl", "white", 7))
    for backend, colour, seed in plan:
        moves, equal, detail, err = play_game(backend, colour, seed)
        decisions = [l for l in err.splitlines() if "go_rules:" in l]
        check("%s: tabletop (%s, --rules hw) against GNU Go, %d moves, identical stones "
              "after every move" % (backend, colour, moves),
              equal and moves >= 20 and decisions, detail + " " + " ".join(decisions))
        for line in decisions:
            print("# %s: %s" % (backend, line))

for i, (name, ok, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    if not ok and detail:
        print("# " + detail.replace("\n", "\n# "))
print("1..%d" % len(results))
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
