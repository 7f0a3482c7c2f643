#!/usr/bin/env python3
"""Clear failure at every edge, against the real program.

    edges.py TABLETOP HAVE_SIM WORKDIR

Each case runs tabletop where something the program needs is missing or
wrong and checks the contract of docs/hardening.md: exactly one line
on stderr, naming the problem and the fix, and the expected exit status
(non-zero where the program cannot go on).  Prints TAP.
"""
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile

TABLETOP, HAVE_SIM, WORK = sys.argv[1], sys.argv[2] == "1", sys.argv[3]
RUNS_FOR = 4  # seconds a program that can go on must keep running

shutil.rmtree(WORK, ignore_errors=True)
os.makedirs(WORK)

# A script that takes one snapshot and one that does nothing.
SNAP_SCRIPT = os.path.join(WORK, "snap.txt")
with open(SNAP_SCRIPT, "w") as f:
    f.write("snap first\n")
EMPTY_SCRIPT = os.path.join(WORK, "empty.txt")
open(EMPTY_SCRIPT, "w").close()
# A regular file where a directory should be: nothing can be created below it
# (root ignores permission bits, so a read-only directory would not do).
A_FILE = os.path.join(WORK, "a-file")
with open(A_FILE, "w") as f:
    f.write("not a directory\n")
NOT_A_DIR = os.path.join(A_FILE, "sub")
# A sparse file standing in for /dev/mem (docs/board.md), and a root-only one.
DEVMEM = os.path.join(WORK, "devmem")
with open(DEVMEM, "wb") as f:
    f.truncate(4 << 30)
SAVES = os.path.join(WORK, "saves")
# A directory given where a script file is wanted.
A_DIR = os.path.join(WORK, "a-dir")
os.mkdir(A_DIR)
# Three Enters on the Go console: title, Player vs Player, a stone (a clip).
PLACE_SCRIPT = os.path.join(WORK, "place.txt")
with open(PLACE_SCRIPT, "w") as f:
    f.write("enter\nenter\nenter\nwait 500\n")
# A state folder no case may touch: refused options must create nothing.
UNTOUCHED_STATE = os.path.join(WORK, "state-untouched")

# The "not root" case runs as nobody, who may not be able to reach the build
# directory (a clone under /root): it gets its own world-readable directory
# in /tmp with a copy of the program, a script, a save directory it may
# write, and a root-only 4 GB stand-in for /dev/mem.
NOBODY = tempfile.mkdtemp(prefix="tabletop-edges-")
os.chmod(NOBODY, 0o755)
NOBODY_BIN = os.path.join(NOBODY, "tabletop")
shutil.copy2(TABLETOP, NOBODY_BIN)
os.chmod(NOBODY_BIN, 0o755)
NOBODY_SCRIPT = os.path.join(NOBODY, "empty.txt")
open(NOBODY_SCRIPT, "w").close()
os.chmod(NOBODY_SCRIPT, 0o644)
NOBODY_SAVES = os.path.join(NOBODY, "saves")
os.mkdir(NOBODY_SAVES)
os.chmod(NOBODY_SAVES, 0o777)
ROOT_DEVMEM = os.path.join(NOBODY, "devmem-root")
with open(ROOT_DEVMEM, "wb") as f:
    f.truncate(4 << 30)
os.chmod(ROOT_DEVMEM, 0o600)

# The environment of a machine with neither display nor sound card.
BARE_ENV = {k: v for k, v in os.environ.items()
            if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER")}
BARE_ENV["XDG_STATE_HOME"] = os.path.join(WORK, "state")
HEADLESS_ENV = dict(BARE_ENV, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def case(name, args, problem, fix, status="nonzero", env=None, prefix=(), skip=None,
         stdin=subprocess.DEVNULL, binary=None, preexec=None, absent=(), not_said=None):
    """absent: paths that must not exist after the run (nothing written);
    not_said: a pattern stderr must not match."""
    return dict(name=name, args=args, problem=problem, fix=fix, status=status,
                env=env or BARE_ENV, prefix=list(prefix), skip=skip, stdin=stdin,
                binary=binary or TABLETOP, preexec=preexec, absent=list(absent),
                not_said=not_said)


def small_files():
    """Child setup: files may not grow past 2000 bytes (the disk "fills up"
    mid-run: writes fail with EFBIG instead of killing the program)."""
    resource.setrlimit(resource.RLIMIT_FSIZE, (2000, 2000))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def sound_card_present():
    try:
        with open("/proc/asound/cards") as f:
            return "no soundcards" not in f.read()
    except OSError:
        return False


# Where a refused option must leave no trace: its own state folder.
UNTOUCHED_ENV = dict(BARE_ENV, XDG_STATE_HOME=UNTOUCHED_STATE, SDL_VIDEODRIVER="dummy",
                     SDL_AUDIODRIVER="dummy")
# No sound card and no sound server reachable: SDL's default driver (ALSA) fails.
NO_SOUND_ENV = {k: v for k, v in BARE_ENV.items()
                if k not in ("XDG_RUNTIME_DIR", "PULSE_SERVER", "PIPEWIRE_REMOTE")}
NO_SOUND_ENV["SDL_VIDEODRIVER"] = "dummy"


CASES = [
    case("unknown --game", ["--game", "chess"], r"unknown game 'chess'",
         r"choose go, connect4, othello, gomoku or farm\)"),
    case("--game names only games that exist", ["--game", "checkers"],
         r"unknown game 'checkers'", r"choose go, connect4, othello, gomoku or farm\)",
         not_said=r"checkers\)"),
    case("unknown --backend", ["play", "--backend", "fpga"], r"unknown backend 'fpga'",
         r"choose sdl, sim or board"),
    case("unknown option", ["--frobnicate"], r"unknown option '--frobnicate'", r"--help"),
    case("option without its value", ["--headless", "--script"], r"--script needs a value",
         r"--help"),
    case("bad --seed", ["--seed", "-3"], r"--seed", r"non-negative integer"),
    case("unknown command", ["frobnicate"], r"unknown command 'frobnicate'", r"--help"),
    case("no display without --headless", ["--game", "go"], r"no display",
         r"--headless"),
    case("no display, with --wav: no WAV file left behind",
         ["--game", "go", "--save-dir", SAVES, "--wav", os.path.join(WORK, "nodisplay.wav")],
         r"no display", r"--headless", absent=[os.path.join(WORK, "nodisplay.wav")]),
    case("missing script", ["--headless", "--script", os.path.join(WORK, "nope.txt")],
         r"script .*nope\.txt", r"No such file|check the path|give"),
    case("directory as --script",
         ["--headless", "--game", "go", "--save-dir", SAVES, "--script", A_DIR],
         r"--script .*a-dir is a directory", r"give a script file", env=UNTOUCHED_ENV,
         absent=[UNTOUCHED_STATE]),
    case("--trace on the sdl backend",
         ["--headless", "--script", EMPTY_SCRIPT, "--trace", os.path.join(WORK, "t.fst")],
         r"--trace .*sim backend", r"--backend sim", env=UNTOUCHED_ENV,
         absent=[UNTOUCHED_STATE, os.path.join(WORK, "t.fst")]),
    case("--devmem on the sdl backend (window not opened)",
         ["--game", "go", "--devmem", DEVMEM], r"--devmem .*board backend", r"--backend board",
         env=UNTOUCHED_ENV, absent=[UNTOUCHED_STATE]),
    case("--wav on the board backend",
         ["--backend", "board", "--devmem", DEVMEM, "--headless", "--script", EMPTY_SCRIPT,
          "--wav", os.path.join(WORK, "b.wav")], r"--wav", r"--backend sdl or sim",
         env=UNTOUCHED_ENV, absent=[UNTOUCHED_STATE, os.path.join(WORK, "b.wav")]),
    case("empty --save-dir (not the real save folder)",
         ["--headless", "--game", "go", "--script", EMPTY_SCRIPT, "--save-dir", ""],
         r"--save-dir is empty", r"give a path", env=UNTOUCHED_ENV, absent=[UNTOUCHED_STATE]),
    case("a file as --frames",
         ["--headless", "--game", "go", "--script", SNAP_SCRIPT, "--frames", A_FILE],
         r"--frames .*a-file is a file, not a directory", r"give a directory",
         env=UNTOUCHED_ENV, absent=[UNTOUCHED_STATE], not_said=r"File exists"),
    case("--wav /dev/full (no byte fits)",
         ["--headless", "--game", "go", "--save-dir", SAVES, "--script", PLACE_SCRIPT,
          "--wav", "/dev/full"], r"/dev/full", r"--wav", env=HEADLESS_ENV,
         skip=None if os.path.exists("/dev/full") else "no /dev/full here"),
    case("--wav cut short mid-run (disk full)",
         ["--headless", "--game", "go", "--save-dir", os.path.join(WORK, "saves-small"),
          "--script", PLACE_SCRIPT, "--wav", os.path.join(WORK, "cut.wav")],
         r"cut\.wav is incomplete", r"--wav", env=HEADLESS_ENV, preexec=small_files),
    case("--wav cut short mid-run on the sim backend",
         ["--backend", "sim", "--headless", "--game", "go", "--save-dir",
          os.path.join(WORK, "saves-small-sim"), "--script", PLACE_SCRIPT, "--wav",
          os.path.join(WORK, "cut-sim.wav")],
         r"cut-sim\.wav is incomplete", r"--wav", env=HEADLESS_ENV, preexec=small_files,
         skip=None if HAVE_SIM else "this build has no sim backend"),
    case("frames directory not writable",
         ["--headless", "--game", "go", "--save-dir", SAVES, "--script", SNAP_SCRIPT,
          "--frames", NOT_A_DIR], r"frames|" + re.escape(NOT_A_DIR), r"--frames|writable|director",
         env=HEADLESS_ENV),
    case("WAV file not writable",
         ["--headless", "--save-dir", SAVES, "--script", EMPTY_SCRIPT, "--wav",
          os.path.join(NOT_A_DIR, "a.wav")], r"WAV|wav", r"--wav|writable|director",
         env=HEADLESS_ENV),
    case("autosave directory impossible",
         ["--headless", "--game", "go", "--script", EMPTY_SCRIPT, "--save-dir", NOT_A_DIR],
         r"autosave directory", r"--save-dir|writable|director", env=HEADLESS_ENV),
    case("a file as --save-dir", ["--headless", "--game", "go", "--script", EMPTY_SCRIPT,
                                  "--save-dir", A_FILE],
         r"autosave directory .*a-file is a file", r"give a directory", env=HEADLESS_ENV),
    case("no /dev/mem (board backend, --devmem /nonexistent)",
         ["--backend", "board", "--headless", "--script", EMPTY_SCRIPT, "--save-dir", SAVES,
          "--devmem", "/nonexistent"], r"/nonexistent", r"truncate|memory device|--devmem"),
    case("not root (board backend, /dev/mem readable only by root)",
         ["--backend", "board", "--headless", "--script", NOBODY_SCRIPT, "--save-dir",
          NOBODY_SAVES, "--devmem", ROOT_DEVMEM], r"permission denied", r"root|sudo",
         prefix=["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"],
         binary=NOBODY_BIN, env=dict(BARE_ENV, XDG_STATE_HOME=NOBODY_SAVES),
         skip=None if shutil.which("setpriv") and os.geteuid() == 0 else "needs root and setpriv"),
    case("sim backend not built", ["--backend", "sim", "--headless", "--script", EMPTY_SCRIPT,
                                   "--save-dir", SAVES],
         r"sim backend not built", r"verilator", env=HEADLESS_ENV,
         skip="this build has the sim backend" if HAVE_SIM else None),
    case("sim trace file not writable",
         ["--backend", "sim", "--headless", "--script", EMPTY_SCRIPT, "--save-dir", SAVES,
          "--trace", os.path.join(NOT_A_DIR, "t.fst")], r"trace|t\.fst", r"--trace|writable|director",
         env=HEADLESS_ENV, skip=None if HAVE_SIM else "this build has no sim backend"),
    # Where the program can go on, it says so once and keeps running: status
    # "runs" means it must still be running after RUNS_FOR seconds.
    case("no audio device (window, no sound card)",
         ["--game", "go", "--save-dir", SAVES],
         r"no sound", r"SDL_AUDIODRIVER|--headless|silen", status="runs",
         env=dict(BARE_ENV, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="no-such-driver")),
    # SDL's default driver on a machine without a sound card: alsa-lib's own
    # eight lines of noise must not reach the player, only our one line.
    case("no sound card, default audio driver (no ALSA noise)",
         ["--game", "go", "--save-dir", SAVES],
         r"^tabletop: no sound", r"SDL_AUDIODRIVER|--headless|silen", status="runs",
         env=NO_SOUND_ENV, skip="this machine has a sound card" if sound_card_present() else None),
    case("no USB keyboard (board backend, input not a terminal)",
         ["--backend", "board", "--devmem", DEVMEM, "--save-dir", SAVES],
         r"no USB keyboard", r"plug", status="runs"),
    case("gtp: bad --level", ["gtp", "--level", "9"], r"level", r"1, 2, 3 or 4|1\.\.4|1-4|1\|2\|3\|4"),
    case("connect4: impossible position", ["connect4", "move", "48"], r"position '48'",
         r"1-7|digits"),
    case("connect4: unknown backend", ["connect4", "move", "4", "--backend", "fpga"],
         r"unknown backend 'fpga'", r"choose sdl, sim or board"),
]

os.chmod(WORK, 0o755)
for p in (EMPTY_SCRIPT, SNAP_SCRIPT):
    os.chmod(p, 0o644)

print("1..%d" % len(CASES))
failed = 0
for n, c in enumerate(CASES, 1):
    title = "%d - %s" % (n, c["name"])
    if c["skip"]:
        print("ok %s # SKIP %s" % (title, c["skip"]))
        continue
    cmd = c["prefix"] + [c["binary"]] + c["args"]
    problems = []
    if c["status"] == "runs":
        p = subprocess.Popen(cmd, env=c["env"], stdin=c["stdin"], stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, preexec_fn=c["preexec"])
        try:
            p.wait(timeout=RUNS_FOR)
            problems.append("exited (status %d); expected it to go on" % p.returncode)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
            p.returncode = 0
        err = p.stderr.read().decode(errors="replace")
        p.stderr.close()
    else:
        try:
            p = subprocess.run(cmd, env=c["env"], stdin=c["stdin"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, timeout=60, preexec_fn=c["preexec"])
        except subprocess.TimeoutExpired:
            print("not ok %s\n# timed out: %s" % (title, " ".join(cmd)))
            failed += 1
            continue
        err = p.stderr.decode(errors="replace")
    lines = [l for l in err.splitlines() if l.strip()]
    if c["status"] == "nonzero" and p.returncode == 0:
        problems.append("exit status 0, expected non-zero")
    if p.returncode < 0 or p.returncode >= 128:
        problems.append("killed by a signal (status %d)" % p.returncode)
    if len(lines) != 1:
        problems.append("%d lines on stderr, expected exactly one" % len(lines))
    if not re.search(c["problem"], err):
        problems.append("message does not name the problem (/%s/)" % c["problem"])
    if not re.search(c["fix"], err):
        problems.append("message does not name the fix (/%s/)" % c["fix"])
    if c["not_said"] and re.search(c["not_said"], err):
        problems.append("message says what it must not (/%s/)" % c["not_said"])
    for path in c["absent"]:
        if os.path.lexists(path):
            problems.append("%s was created by a refused run" % path)
    if problems:
        failed += 1
        print("not ok %s" % title)
        print("# command: %s" % " ".join(cmd))
        print("# exit status %d; stderr:" % p.returncode)
        for l in err.splitlines()[:10]:
            print("#   " + l)
        for pr in problems:
            print("# " + pr)
    else:
        print("ok %s  (status %d: %s)" % (title, p.returncode, lines[0]))
shutil.rmtree(NOBODY, ignore_errors=True)
sys.exit(1 if failed else 0)
