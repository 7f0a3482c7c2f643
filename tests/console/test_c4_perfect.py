#!/usr/bin/env python3
"""The console's Perfect modes, played through `tabletop play
--headless --game connect4` from a save: Perfect keeps a won position that
the seed's AI lets go (the published score of Pascal Pons' test set is the
source of truth, quoted below), and wins a whole game from a
won position against a simple opponent (the winner read back from the save
by a four-in-a-row check written here).  Usage: test_c4_perfect.py TABLETOP.
Prints TAP; writes only inside a folder it creates."""
import os
import shutil
import subprocess
import sys
import tempfile

exe = sys.argv[1]
env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
results = []


def check(name, cond, detail=""):
    results.append((name, cond, detail))


def cli(*args):
    p = subprocess.run([exe, "connect4", *args], capture_output=True, text=True, timeout=120)
    return p.stdout


def play(scratch, mode, moves, steps):
    """Resumes `moves` in `mode` from a save, runs the script steps, returns
    the save's moves afterwards."""
    save = os.path.join(scratch, "save")
    os.makedirs(save, exist_ok=True)
    with open(os.path.join(save, "connect4.txt"), "w") as f:
        f.write(f"mode {mode}\nmoves {moves}\n")
    script = os.path.join(scratch, "steps.txt")
    with open(script, "w") as f:
        f.write("enter\n" + "".join(s + "\n" for s in steps) + "escape\n")
    p = subprocess.run([exe, "play", "--headless", "--game", "connect4", "--script", script,
                        "--save-dir", save], capture_output=True, text=True, timeout=300, env=env)
    path = os.path.join(save, "connect4.txt")
    if not os.path.exists(path):  # a finished game is kept as the last one
        path = os.path.join(save, "connect4-last.txt")
    with open(path) as f:
        for line in f:
            if line.startswith("moves"):
                return p.returncode, (line.split() + [""])[1]
    return p.returncode, None


def winner(moves):
    """1 or 2 for the player with four in a row, else 0."""
    cells, height = {}, [0] * 7
    for i, ch in enumerate(moves):
        c = int(ch) - 1
        cells[(c, height[c])] = 1 + i % 2
        height[c] += 1
    for (c, r), who in cells.items():
        for dc, dr in [(1, 0), (0, 1), (1, 1), (1, -1)]:
            if all(cells.get((c + k * dc, r + k * dr)) == who for k in range(4)):
                return who
    return 0


scratch = tempfile.mkdtemp(prefix="tabletop-c4perfect-")
try:
    # Test_L2_R1: 522264452736756 scores 12 for the side to move (yellow,
    # Perfect when the human moves first).  The seed's AI plays 2 there,
    # after which the other side is not lost (score >= 0).
    pos = "522264452736756"
    seed_col = cli("move", pos).strip()
    after_seed = cli("solve", pos + seed_col).splitlines()
    check("the seed's AI lets this win go (the test can tell them apart)",
          after_seed and int(after_seed[0].split()[1]) >= 0, f"{seed_col} {after_seed}")
    rc, moves = play(os.path.join(scratch, "one"), "you-first-perfect", pos, ["wait 200"])
    check("Perfect moves at once after resuming", rc == 0 and moves and len(moves) == 16,
          f"rc={rc} moves={moves}")
    if moves and len(moves) == 16:
        after = cli("solve", moves).splitlines()
        check("Perfect's move keeps the published score 12",
              after and after[0] == "score: -12", f"{moves} {after}")

    # A whole game: Test_L2_R1 5554224333234511764415115 scores 4 for red
    # (Perfect first); the human drops in the leftmost column that is not
    # full.  Perfect must win.
    pos = "5554224333234511764415115"
    steps = [str(c) for c in range(1, 8) for _ in range(6)]
    rc, moves = play(os.path.join(scratch, "game"), "perfect-first", pos, steps)
    check("a whole game against Perfect from a won position ends with Perfect's four",
          rc == 0 and moves and moves.startswith(pos) and winner(moves) == 1,
          f"rc={rc} moves={moves} winner={winner(moves or '')}")
finally:
    shutil.rmtree(scratch, ignore_errors=True)

print(f"1..{len(results)}")
for i, (name, ok, detail) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} - {name}")
    if not ok:
        print(f"# {detail}")
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
