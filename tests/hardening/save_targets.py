#!/usr/bin/env python3
"""Save-folder entries that are not ours, against the real program.

    save_targets.py TABLETOP WORKDIR

go.sgf in the save folder is made a symbolic link (to a file outside it),
a directory, a FIFO and (as root) a character device like /dev/null.  A
short Player-vs-Player game then autosaves after every move: each autosave
must fail with one clear stderr line naming go.sgf and why (and the run
exit 1, the game in progress unsaved), and the entry
must stay exactly what it was (the link still a link to the same untouched
file, the device still a device); no temporary file may be left behind.
Then the other way round: temporary files that killed saves left
(NAME.sgf.tmpXXXXXX, an hour old) are removed when the console starts, and
nothing else is: not a fresh one (a save in flight), not other names, not a
link that happens to have such a name.
Prints TAP.
"""
import os
import shutil
import stat
import subprocess
import sys

TABLETOP, WORK = sys.argv[1], sys.argv[2]
shutil.rmtree(WORK, ignore_errors=True)
os.makedirs(WORK)
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
SCRIPT = os.path.join(WORK, "moves.txt")
with open(SCRIPT, "w") as f:
    # Title, Player vs Player, then two stones.
    f.write("enter\nenter\nenter\nright\nenter\n")

results = []


def describe(path):
    st = os.lstat(path)
    kind = stat.S_IFMT(st.st_mode)
    extra = os.readlink(path) if stat.S_ISLNK(st.st_mode) else None
    return (kind, st.st_ino, st.st_rdev, extra)


def case(name, make, why):
    d = os.path.join(WORK, name)
    os.makedirs(d)
    save = os.path.join(d, "go.sgf")
    try:
        make(save)
    except PermissionError:
        results.append(("go.sgf as a %s # SKIP needs root" % name, []))
        return
    before = describe(save)
    p = subprocess.run([TABLETOP, "--headless", "--game", "go", "--script", SCRIPT,
                        "--save-dir", d], env=ENV, stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)
    err = p.stderr.decode(errors="replace")
    problems = []
    # The script ends with the game in progress and never saved: exit 1,
    # said in a last line (docs/play.md, "Saves").
    if p.returncode != 1 or "not saved" not in err.splitlines()[-1]:
        problems.append("exit status %d (wants 1 and a 'not saved' line): %s" %
                        (p.returncode, err[-300:]))
    lines = [l for l in err.splitlines() if "autosave failed" in l]
    if not lines:
        problems.append("no 'autosave failed' line; stderr: %r" % err[-300:])
    for l in lines:
        if "go.sgf" not in l or why not in l:
            problems.append("unclear message (wants the path and %r): %s" % (why, l))
            break
    if describe(save) != before:
        problems.append("go.sgf was replaced: %r became %r" % (before, describe(save)))
    left = [n for n in os.listdir(d) if ".tmp" in n]
    if left:
        problems.append("temporary files left: %s" % left)
    results.append(("go.sgf as a %s: clear error, nothing replaced" % name, problems))
    return d


outside = os.path.join(WORK, "outside.sgf")
with open(outside, "w") as f:
    f.write("not a save\n")
case("symlink", lambda p: os.symlink(outside, p), "symbolic link")
if not results[-1][1] and open(outside).read() != "not a save\n":
    results[-1][1].append("the file behind the link was written")
case("directory", lambda p: os.mkdir(p), "directory")
case("fifo", lambda p: os.mkfifo(p), "not a regular file")
case("device", lambda p: os.mknod(p, 0o666 | stat.S_IFCHR, os.makedev(1, 3)),
     "not a regular file")

# --- stale temporary files of killed saves --------------------------------
d = os.path.join(WORK, "stale")
os.makedirs(d)
old = {"go.sgf.tmpAb12Cd": True, "c4.sgf.tmpQ9w8E7": True, "go.sgf.tmpXyZ789": False,
       "go.sgf.tmpfoo": False, "notes.txt": False, "go.sgf.tmpAb12Cd7": False,
       "other.tmpAb12Cd": False}
for name in old:
    with open(os.path.join(d, name), "w") as f:
        f.write("x")
    if name != "go.sgf.tmpXyZ789":
        os.utime(os.path.join(d, name), (os.path.getmtime(d) - 3600,) * 2)
os.symlink(outside, os.path.join(d, "go.sgf.tmpLnk123"))
os.utime(os.path.join(d, "go.sgf.tmpLnk123"), (os.path.getmtime(d) - 3600,) * 2,
         follow_symlinks=False)
old["go.sgf.tmpLnk123"] = False
p = subprocess.run([TABLETOP, "--headless", "--game", "go", "--script", SCRIPT, "--save-dir", d],
                   env=ENV, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                   stderr=subprocess.PIPE, timeout=120)
problems = []
if p.returncode != 0:
    problems.append("exit status %d: %s" % (p.returncode, p.stderr.decode(errors="replace")))
if not os.path.isfile(os.path.join(d, "go.sgf")):
    problems.append("no autosave written")
for name, stale in old.items():
    there = os.path.lexists(os.path.join(d, name))
    if stale and there:
        problems.append("%s (an hour old) was not removed" % name)
    if not stale and not there:
        problems.append("%s was removed but is not a stale save of ours" % name)
results.append(("stale NAME.sgf.tmpXXXXXX of killed saves removed at start, nothing else",
                problems))

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
shutil.rmtree(WORK, ignore_errors=True)
sys.exit(1 if failed else 0)
