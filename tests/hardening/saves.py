#!/usr/bin/env python3
"""Crash-safe saves, against the real program.

    saves.py TABLETOP WORKDIR

1. kill -9 at any point: a Player-vs-Player game is played from a script and
   killed with SIGKILL after a different delay each round; whatever autosave
   is on disk must then be a complete game record (GNU-Go-compatible SGF that
   `tabletop gtp` loads with loadsgf).
2. A truncated or corrupt save (every few bytes of a real one, and garbage):
   the console starts, says so in one line, keeps the file aside as
   go.sgf.corrupt with its bytes intact, and never crashes.
3. A corrupt save is never overwritten by the next game's autosave.
4. Connect Four: kill -9 at many points of a run of two-player games; the
   connect4.txt on disk is always a complete save (its position is one
   `tabletop connect4 move` accepts), and the next start offers it.
Prints TAP.
"""
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time

TABLETOP, WORK = sys.argv[1], sys.argv[2]
shutil.rmtree(WORK, ignore_errors=True)
os.makedirs(WORK)
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")

# A long Player-vs-Player game: Player vs Player is the second mode, then
# stones in a zig-zag over the board (illegal ones are refused and skipped).
steps = ["enter", "enter"]
for row in range(9):
    for col in range(8):
        steps += ["enter", "left" if row % 2 else "right"]
    steps += ["enter", "down"]
GAME = os.path.join(WORK, "game.txt")
with open(GAME, "w") as f:
    f.write("\n".join(steps) + "\n")
# Enter on the title screen is where the console looks for the autosave.
EMPTY = os.path.join(WORK, "resume.txt")
with open(EMPTY, "w") as f:
    f.write("enter\nwait 10\n")

results = []


def report(name, problems):
    results.append((name, problems))


def run(save_dir, script, timeout=120):
    return subprocess.run([TABLETOP, "--headless", "--game", "go", "--script", script,
                           "--save-dir", save_dir], env=ENV, stdin=subprocess.DEVNULL,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=timeout)


def sgf_moves(path):
    """Loads path with `tabletop gtp`; returns its move count, or None with the reply."""
    p = subprocess.run([TABLETOP, "gtp", "--level", "1"], input="loadsgf %s\nquit\n" % path,
                       env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       timeout=60)
    if not p.stdout.startswith("="):
        return None, p.stdout.strip() + p.stderr.strip()
    with open(path, encoding="latin-1") as f:
        return len(re.findall(r";\s*[BW]\[", f.read())), ""


# --- 1. kill -9 at any point ------------------------------------------------
d = os.path.join(WORK, "full")
os.makedirs(d)
t0 = time.time()
full = run(d, GAME)
full_time = time.time() - t0
full_save = os.path.join(d, "go.sgf")
problems = []
if full.returncode != 0:
    problems.append("the uninterrupted game exited with %d: %s" %
                    (full.returncode, full.stderr.decode(errors="replace")[-300:]))
elif not os.path.exists(full_save):
    problems.append("the uninterrupted game left no autosave in %s" % d)
report("an uninterrupted game leaves an autosave (%.1f s)" % full_time, problems)

rng = random.Random(7)
ROUNDS = 16
problems = []
saves_seen = 0
for i in range(ROUNDS):
    d = os.path.join(WORK, "kill%02d" % i)
    os.makedirs(d)
    p = subprocess.Popen([TABLETOP, "--headless", "--game", "go", "--script", GAME,
                          "--save-dir", d], env=ENV, stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # Spread the kills over the whole run, early ones included.
    time.sleep(full_time * (i + rng.random()) / ROUNDS)
    p.send_signal(signal.SIGKILL)
    p.wait()
    save = os.path.join(d, "go.sgf")
    if not os.path.exists(save):
        continue
    saves_seen += 1
    n, why = sgf_moves(save)
    if n is None:
        problems.append("round %d: the autosave after kill -9 does not load: %s" % (i, why))
report("kill -9 at %d points: every autosave on disk loads (%d saves checked)" %
       (ROUNDS, saves_seen), problems if saves_seen else problems + ["no round saved at all"])


# --- 2. truncated and corrupt saves -----------------------------------------
def start_with_save(name, content):
    d = os.path.join(WORK, name)
    os.makedirs(d)
    save = os.path.join(d, "go.sgf")
    with open(save, "wb") as f:
        f.write(content)
    p = run(d, EMPTY)
    return d, save, p


problems = []
good = open(full_save, "rb").read() if os.path.exists(full_save) else b""
cuts = sorted(set([1, 2, len(good) // 2, len(good) - 1] +
                  [rng.randrange(1, max(2, len(good))) for _ in range(6)]))
for k in cuts:
    if not good or k >= len(good):
        continue
    d, save, p = start_with_save("cut%05d" % k, good[:k])
    err = p.stderr.decode(errors="replace")
    if p.returncode != 0:
        problems.append("cut at %d bytes: exit status %d: %s" % (k, p.returncode, err[-200:]))
        continue
    corrupt = os.path.join(d, "go.sgf.corrupt")
    if os.path.exists(corrupt):
        if open(corrupt, "rb").read() != good[:k]:
            problems.append("cut at %d bytes: go.sgf.corrupt is not the file as it was" % k)
        if "unreadable" not in err:
            problems.append("cut at %d bytes: no message (stderr: %r)" % (k, err))
    elif os.path.exists(save):
        # A cut that still parses (e.g. at a node boundary) must resume.
        n, why = sgf_moves(save)
        if n is None:
            problems.append("cut at %d bytes: kept as go.sgf but does not load: %s" % (k, why))
    else:
        problems.append("cut at %d bytes: the save vanished" % k)
report("a truncated save is kept aside or resumed, never a crash (%d cuts)" % len(cuts),
       problems)

problems = []
garbage = bytes(rng.randrange(256) for _ in range(700))
d, save, p = start_with_save("garbage", garbage)
err = p.stderr.decode(errors="replace")
corrupt = os.path.join(d, "go.sgf.corrupt")
if p.returncode != 0:
    problems.append("exit status %d: %s" % (p.returncode, err[-200:]))
if not os.path.exists(corrupt) or open(corrupt, "rb").read() != garbage:
    problems.append("go.sgf.corrupt missing or changed")
if len([l for l in err.splitlines() if "unreadable" in l]) != 1:
    problems.append("expected one 'unreadable' line, stderr: %r" % err)
report("a garbage save is reported in one line and kept as go.sgf.corrupt", problems)

# --- 3. the next game does not overwrite the corrupt save -------------------
problems = []
before = open(corrupt, "rb").read() if os.path.exists(corrupt) else None
p = run(d, GAME)
if p.returncode != 0:
    problems.append("the next game exited with %d" % p.returncode)
if before is None or not os.path.exists(corrupt) or open(corrupt, "rb").read() != before:
    problems.append("go.sgf.corrupt was overwritten or removed by the next game")
if not os.path.exists(save) or sgf_moves(save)[0] is None:
    problems.append("the next game's autosave does not load")
report("the next game autosaves beside the corrupt save without touching it", problems)

# --- 4. Connect Four: kill -9 at any point ----------------------------------
def c4_four(cols, heights, col):
    """1 if the disc just dropped in col makes four for its player."""
    row = heights[col] - 1
    me = cols[col][row]
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        n = 1
        for sgn in (1, -1):
            r, c = row + sgn * dr, col + sgn * dc
            while 0 <= r < 6 and 0 <= c < 7 and r < heights[c] and cols[c][r] == me:
                n += 1
                r, c = r + sgn * dr, c + sgn * dc
        if n >= 4:
            return True
    return False


# Two players, several games in a row: random legal columns until a four or
# a full board, then Enter for the next game.
c4_steps = ["down", "down", "enter"]
for game in range(6):
    cols, heights, player = [[0] * 6 for _ in range(7)], [0] * 7, 1
    while True:
        col = rng.choice([c for c in range(7) if heights[c] < 6])
        cols[col][heights[col]] = player
        heights[col] += 1
        c4_steps.append(str(col + 1))
        if c4_four(cols, heights, col) or sum(heights) == 42:
            break
        player = 3 - player
    c4_steps.append("enter")
C4_GAME = os.path.join(WORK, "c4_game.txt")
with open(C4_GAME, "w") as f:
    f.write("\n".join(c4_steps) + "\n")


def run_c4(save_dir, script):
    return subprocess.Popen([TABLETOP, "--headless", "--game", "connect4", "--script", script,
                             "--save-dir", save_dir], env=ENV, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


d = os.path.join(WORK, "c4full")
os.makedirs(d)
t0 = time.time()
p = run_c4(d, C4_GAME)
_, err = p.communicate(timeout=120)
c4_time = time.time() - t0
problems = []
if p.returncode != 0:
    problems.append("the uninterrupted games exited with %d: %s" % (p.returncode, err[-300:]))
if not os.path.exists(os.path.join(d, "connect4-last.txt")):
    problems.append("no connect4-last.txt after finished games")
saves_seen = 0
for i in range(ROUNDS):
    d = os.path.join(WORK, "c4kill%02d" % i)
    os.makedirs(d)
    p = run_c4(d, C4_GAME)
    time.sleep(c4_time * (i + rng.random()) / ROUNDS)
    p.send_signal(signal.SIGKILL)
    p.wait()
    save = os.path.join(d, "connect4.txt")
    if not os.path.exists(save):
        continue
    saves_seen += 1
    text = open(save, encoding="latin-1").read()
    m = re.search(r"^moves ([1-7]*)$", text, re.M)
    if "\nmode two-players\n" not in text or not m:
        problems.append("round %d: connect4.txt is not a complete save: %r" % (i, text))
        continue
    q = subprocess.run([TABLETOP, "connect4", "move", m.group(1)], env=ENV,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
    if q.returncode != 0:
        problems.append("round %d: the saved position %s is not a game in progress: %s" %
                        (i, m.group(1), q.stderr.strip()))
        continue
    # The next start offers it (Resume is selected): one more disc is saved.
    with open(os.path.join(d, "resume.txt"), "w") as f:
        f.write("enter\n%s\n" % q.stdout.strip())
    r = run_c4(d, os.path.join(d, "resume.txt"))
    r.communicate(timeout=60)
    after = open(save, encoding="latin-1").read() if os.path.exists(save) else ""
    last = os.path.join(d, "connect4-last.txt")
    resumed = re.search(r"^moves %s%s$" % (m.group(1), q.stdout.strip()), after, re.M) or (
        os.path.exists(last) and (m.group(1) + q.stdout.strip()) in open(last).read())
    if not resumed:
        problems.append("round %d: the next start did not resume %s" % (i, m.group(1)))
report("Connect Four: kill -9 at %d points, every connect4.txt is a whole game and resumes "
       "(%d saves checked)" % (ROUNDS, saves_seen),
       problems if saves_seen else problems + ["no round saved at all"])

print("1..%d" % len(results))
failed = 0
for n, (name, problems) in enumerate(results, 1):
    if problems:
        failed += 1
        print("not ok %d - %s" % (n, name))
        for pr in problems[:10]:
            print("# " + pr)
    else:
        print("ok %d - %s" % (n, name))
sys.exit(1 if failed else 0)
