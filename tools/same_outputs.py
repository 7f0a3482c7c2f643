#!/usr/bin/env python3
"""What a player and a peer program get from a build, to compare two builds byte for byte.

    same_outputs.py record TABLETOP DIR [--backends sdl,sim] [--steps N] [--walks N]
        runs a fixed catalogue with the binary TABLETOP and writes, under DIR,
        every frame (PNG), WAV, saved record and protocol transcript it made,
        and DIR/MANIFEST: one line "SHA256  PATH" a file
    same_outputs.py compare REF REF_AGAIN NEW
        compares the manifests: a file that differs between REF and REF_AGAIN
        (two records of the reference build) depends on time or threads and is
        only counted; every other file must be the same in NEW.  Prints TAP-like
        lines and "N same, N differ, N unstable"; exit status 1 if any differ

The catalogue, one session each:
  * Othello's demo (computer against computer) on each backend;
  * key walks through every game of the console (go, connect4, othello, gomoku,
    farm), headless on each backend: a fixed pseudo-random walk of arrows,
    Enter, Space, u, n and Escape from the game's title, a frame after every
    key, the sound as a WAV, the save folder kept;
  * protocol sessions on stdin/stdout: GTP (levels 1-3, --rules hw on each
    backend), Othello GTP (levels 1-7 and --machine on each backend), pbrain,
    the one-shot `connect4`, `gomoku` and `othello` commands.

It writes only inside DIR (which must not exist yet) and the save folders
it makes there.  Used for issue 53's refactor: a restructuring of the tree
must leave all of this the same (docs/layout.md).
"""
import hashlib
import os
import random
import subprocess
import sys

GAMES = ("go", "connect4", "othello", "gomoku", "farm")
# Walk 0 wanders through the menus as well; the others stay in a game once
# in one (no Escape) and press Enter more, so that stones get played.
WALK_KEYS = (["up", "down", "left", "right"] * 4 + ["enter"] * 5 + ["space", "u", "n", "escape"],
             ["up", "down", "left", "right"] * 2 + ["enter"] * 6 + ["space", "u", "n"])

GTP_SESSION = """protocol_version
boardsize 9
clear_board
komi 5.5
play black E5
genmove white
play black C3
genmove white
play black G7
genmove white
genmove black
showboard
final_score
printsgf
quit
"""

OTHELLO_GTP_SESSION = """boardsize 8
clear_board
genmove black
genmove white
genmove black
genmove white
showboard
quit
"""

PBRAIN_SESSION = """START 15
INFO rule 4
BEGIN
TURN 8,8
TURN 7,6
BOARD
7,7,1
8,7,2
7,8,1
DONE
END
"""


def env():
    e = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    e.pop("DISPLAY", None)
    return e


def walk_script(game, walk, steps):
    rng = random.Random("%s-%d" % (game, walk))
    lines = ["snap f000"]
    for i in range(1, steps + 1):
        lines.append(rng.choice(WALK_KEYS[min(walk, 1)]))
        lines.append("snap f%03d" % i)
    return "\n".join(lines) + "\n"


def demo_script(steps):
    """Othello's computer-vs-computer demo: a random walk seldom finds a
    legal Othello move, the demo plays whole games."""
    lines = ["down", "down", "down", "down", "enter", "snap d000"]
    for i in range(1, steps + 1):
        lines += ["wait 1050", "snap d%03d" % i]
    return "\n".join(lines) + "\n"


def play(exe, top, name, game, backend, keys, seed):
    d = os.path.join(top, name)
    frames, saves = os.path.join(d, "frames"), os.path.join(d, "saves")
    os.makedirs(frames)
    os.makedirs(saves)
    script = os.path.join(d, "keys.txt")
    with open(script, "w") as f:
        f.write(keys)
    run([exe, "play", "--game", game, "--backend", backend, "--headless", "--script", script,
         "--frames", frames, "--wav", os.path.join(d, "sound.wav"), "--seed", str(seed),
         "--save-dir", saves], os.path.join(d, "run.txt"))


def run(cmd, out_path, stdin_text=None, timeout=600):
    try:
        p = subprocess.run(cmd, input=stdin_text, capture_output=True, text=True,
                           env=env(), timeout=timeout)
        text = "exit %d\n--- stdout\n%s--- stderr\n%s" % (p.returncode, p.stdout, p.stderr)
    except subprocess.TimeoutExpired:
        text = "timeout after %d s\n" % timeout
    with open(out_path, "w") as f:
        f.write(text)


def record(exe, top, backends, steps, walks):
    os.makedirs(top)
    for backend in backends:
        for game in GAMES:
            for walk in range(walks):
                play(exe, top, "%s-%s-%d" % (backend, game, walk), game, backend,
                     walk_script(game, walk, steps), walk + 1)
        play(exe, top, "%s-othello-demo" % backend, "othello", backend, demo_script(steps // 2), 1)
        proto = os.path.join(top, "%s-protocols" % backend)
        os.makedirs(proto)
        for level in (1, 2, 3):
            run([exe, "gtp", "--level", str(level), "--seed", "7", "--rules", "hw",
                 "--backend", backend], os.path.join(proto, "gtp-hw-l%d.txt" % level), GTP_SESSION)
        run([exe, "othello-gtp", "--machine", "--backend", backend],
            os.path.join(proto, "othello-gtp-machine.txt"), OTHELLO_GTP_SESSION)
        run([exe, "connect4", "move", "4433", "--backend", backend],
            os.path.join(proto, "connect4-move.txt"))
    proto = os.path.join(top, "protocols")
    os.makedirs(proto)
    for level in (1, 2, 3):
        run([exe, "gtp", "--level", str(level), "--seed", "7"],
            os.path.join(proto, "gtp-l%d.txt" % level), GTP_SESSION)
    for level in range(1, 8):
        run([exe, "othello-gtp", "--level", str(level)],
            os.path.join(proto, "othello-gtp-l%d.txt" % level), OTHELLO_GTP_SESSION)
    for level in (1, 2, 3):
        run([exe, "pbrain", "--level", str(level), "--seed", "3", "--nodes", "20000"],
            os.path.join(proto, "pbrain-l%d.txt" % level), PBRAIN_SESSION)
        run([exe, "gomoku", "move", "--level", str(level), "h8", "h9", "j9"],
            os.path.join(proto, "gomoku-move-l%d.txt" % level))
    run([exe, "connect4", "move", "4433", "--level", "perfect"],
        os.path.join(proto, "connect4-perfect.txt"))
    run([exe, "connect4", "solve", "4433"], os.path.join(proto, "connect4-solve.txt"))
    run([exe, "othello", "move", "--level", "5",
         "-" * 27 + "OX" + "-" * 6 + "XO" + "-" * 27 + " X"],
        os.path.join(proto, "othello-move.txt"))
    run([exe, "othello", "perft", "6"], os.path.join(proto, "othello-perft.txt"))
    write_manifest(top)


def write_manifest(top):
    lines = []
    for root, _, files in os.walk(top):
        for name in files:
            path = os.path.join(root, name)
            rel = os.path.relpath(path, top)
            if rel == "MANIFEST" or name == "tabletop.lock":  # the lock holds a pid
                continue
            with open(path, "rb") as f:
                data = f.read()
            # The save folder's path and the scratch folder appear in messages.
            data = data.replace(os.path.abspath(top).encode(), b"$TOP")
            lines.append("%s  %s" % (hashlib.sha256(data).hexdigest(), rel))
    lines.sort(key=lambda s: s.split("  ", 1)[1])
    with open(os.path.join(top, "MANIFEST"), "w") as f:
        f.write("\n".join(lines) + "\n")


def manifest(top):
    out = {}
    with open(os.path.join(top, "MANIFEST")) as f:
        for line in f:
            digest, rel = line.rstrip("\n").split("  ", 1)
            out[rel] = digest
    return out


def compare(ref, ref_again, new):
    a, b, c = manifest(ref), manifest(ref_again), manifest(new)
    same = differ = unstable = 0
    for rel in sorted(set(a) | set(c)):
        if a.get(rel) != b.get(rel):
            unstable += 1
        elif a.get(rel) == c.get(rel):
            same += 1
        else:
            differ += 1
            what = "missing" if rel not in c else "new" if rel not in a else "changed"
            print("not ok - %s (%s)" % (rel, what))
    print("%d same, %d differ, %d unstable" % (same, differ, unstable))
    return 1 if differ else 0


def main(argv):
    if len(argv) >= 3 and argv[0] == "record":
        backends, steps, walks = ["sdl", "sim"], 150, 2
        rest = argv[3:]
        while rest:
            opt = rest.pop(0)
            if opt == "--backends" and rest:
                backends = rest.pop(0).split(",")
            elif opt == "--steps" and rest:
                steps = int(rest.pop(0))
            elif opt == "--walks" and rest:
                walks = int(rest.pop(0))
            else:
                sys.exit("same_outputs.py: bad option %s" % opt)
        record(os.path.abspath(argv[1]), argv[2], backends, steps, walks)
        return 0
    if len(argv) == 4 and argv[0] == "compare":
        return compare(argv[1], argv[2], argv[3])
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
