#!/usr/bin/env python3
"""A file-size limit (`ulimit -f`, RLIMIT_FSIZE) is a failed write, not a kill.

    file_limit.py TABLETOP

Past the limit the kernel sends SIGXFSZ, whose default action kills the
process; tabletop must take it as the write failing with EFBIG ("File too
large"), as it takes a full disk:

1. `tabletop gtp`'s printsgf FILE under a 64-byte limit: one `?` answer
   naming the reason, the old FILE intact, no temporary file left, the
   engine still answering.
2. A headless Go game (Player vs Player) under a 100-byte limit, where every
   autosave fails: the console is not killed, says why, leaves no temporary
   file in the save folder, and exits 1 (the game in progress is not saved).
3. The same game without a limit exits 0 (the control).
4. Connect Four under a limit: its line names the file it could not write.
Prints TAP.
"""
import os
import resource
import signal
import subprocess
import sys
import tempfile

TABLETOP = os.path.abspath(sys.argv[1])
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
results = []


def check(name, cond, detail=""):
    results.append((name, bool(cond), detail))


def limit(nbytes):
    def set_limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (nbytes, nbytes))
    return set_limit


def leftovers(folder):
    return sorted(n for n in os.listdir(folder) if ".tmp" in n)


with tempfile.TemporaryDirectory() as tmp:
    # 1. printsgf under a 64-byte limit.
    out = os.path.join(tmp, "game.sgf")
    with open(out, "w") as f:
        f.write("(;old)\n")
    p = subprocess.run([TABLETOP, "gtp", "--level", "1"],
                       input="boardsize 9\nplay b e5\nplay w c3\nprintsgf %s\nname\nquit\n" % out,
                       capture_output=True, text=True, timeout=60, preexec_fn=limit(64), env=ENV)
    answers = [a for a in p.stdout.split("\n\n") if a.strip()]
    check("printsgf past the limit: not killed by SIGXFSZ (rc %s)" % p.returncode,
          p.returncode == 0, p.stderr)
    check("printsgf past the limit: '? cannot save file: ... File too large'",
          len(answers) >= 4 and answers[3].startswith("?") and "File too large" in answers[3],
          repr(answers))
    check("printsgf past the limit: the engine answers on", len(answers) >= 5 and
          answers[4] == "= tabletop", repr(answers))
    check("printsgf past the limit: the old file intact, no temporary file",
          open(out).read() == "(;old)\n" and not leftovers(tmp), leftovers(tmp))

    # 2. and 3. A headless Go game, every autosave failing, and the control.
    script = os.path.join(tmp, "game.txt")
    with open(script, "w") as f:
        f.write("enter\nenter\nenter\nright\nenter\nright\nenter\nright\nenter\n")
    for name, lim in (("limited", 100), ("control", None)):
        saves = os.path.join(tmp, name)
        os.mkdir(saves)
        p = subprocess.run([TABLETOP, "--headless", "--game", "go", "--script", script,
                            "--save-dir", saves], capture_output=True, text=True, timeout=120,
                           stdin=subprocess.DEVNULL, env=ENV,
                           preexec_fn=limit(lim) if lim else None)
        if lim:
            check("headless game past the limit: not killed by SIGXFSZ (rc %s)" % p.returncode,
                  p.returncode != -signal.SIGXFSZ, p.stderr)
            check("headless game past the limit: 'File too large' said, exit 1, "
                  "the unsaved game named",
                  p.returncode == 1 and "File too large" in p.stderr and
                  "not saved" in p.stderr, "rc %s %r" % (p.returncode, p.stderr[-600:]))
            check("headless game past the limit: no temporary file in the save folder",
                  not leftovers(saves), leftovers(saves))
        else:
            check("the same game without a limit: exit 0, saved",
                  p.returncode == 0 and os.path.exists(os.path.join(saves, "go.sgf")),
                  "rc %s %r" % (p.returncode, p.stderr[-600:]))

    # 4. Connect Four's message names the file it failed to write, as a file
    # (it used to say "failed in DIR/connect4.txt", the file as a folder).
    c4 = os.path.join(tmp, "c4.txt")
    with open(c4, "w") as f:
        f.write("down\ndown\nenter\n1\n2\n1\n")
    saves = os.path.join(tmp, "c4saves")
    os.mkdir(saves)
    p = subprocess.run([TABLETOP, "--headless", "--game", "connect4", "--script", c4,
                        "--save-dir", saves], capture_output=True, text=True, timeout=120,
                       stdin=subprocess.DEVNULL, env=ENV, preexec_fn=limit(20))
    want = "tabletop: Connect Four autosave to %s failed: cannot write connect4.txt: " \
           "File too large" % os.path.join(saves, "connect4.txt")
    lines = p.stderr.splitlines()
    check("Connect Four past the limit: 'autosave to DIR/connect4.txt failed: ...', exit 1, "
          "no temporary file", want in lines and p.returncode == 1 and not leftovers(saves),
          "rc %s %r" % (p.returncode, p.stderr[-600:]))

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    if not ok and detail:
        for line in str(detail).splitlines()[:20]:
            print("# " + line)
