#!/usr/bin/env python3
"""`tabletop bench GROUP --PEER X` with a peer that cannot be one: a path that
does not exist, and /bin/true (exits at once, speaks no protocol).  Each run
must end non-zero within 60 s, print exactly one line on stderr naming the
option and the path, and leave nothing behind in the folder the scratch
folders are made in ($TMPDIR, a fresh folder for each run).
And every group's --help and an unknown option (see below).
Usage: test_bench_peer_errors.py TABLETOP.  Prints TAP."""
import os
import subprocess
import sys
import tempfile

exe = sys.argv[1]
PEERS = [("go", "--pachi"), ("othello", "--edax"), ("gomoku", "--rapfi"),
         ("connect4", "--pons")]
results = []


def check(name, cond, detail=""):
    results.append((name, cond, detail))


with tempfile.TemporaryDirectory() as elsewhere:
    missing = os.path.join(elsewhere, "no-such-peer")
    for group, option in PEERS:
        for peer in (missing, "/bin/true"):
            what = f"bench {group} {option} {peer}"
            with tempfile.TemporaryDirectory() as scratch_home:
                env = dict(os.environ, TMPDIR=scratch_home)
                # The peer variables would stand in for a missing option.
                for var in ("TABLETOP_PEER_PACHI", "TABLETOP_PEER_RAPFI", "TABLETOP_PEER_PONS"):
                    env.pop(var, None)
                try:
                    p = subprocess.run([exe, "bench", group, option, peer], env=env,
                                       capture_output=True, text=True, timeout=60)
                except subprocess.TimeoutExpired:
                    check(f"{what}: ends within 60 s", False, "still running after 60 s")
                    continue
                check(f"{what}: exits non-zero", p.returncode != 0, f"rc={p.returncode}")
                lines = p.stderr.splitlines()
                check(f"{what}: exactly one line on stderr", len(lines) == 1,
                      f"stderr={p.stderr!r}")
                check(f"{what}: the line names {option} {peer}",
                      len(lines) >= 1 and f"{option} {peer}" in lines[0], f"stderr={p.stderr!r}")
                left = sorted(os.listdir(scratch_home))
                check(f"{what}: nothing left in $TMPDIR", left == [], f"left: {left}")

# `tabletop bench GROUP --help` prints that group's usage on stdout, exit 0,
# for every group (othello and connect4 answered "bad option" before, link,
# render and rules ran the benchmark); an unknown option is one line, exit 2,
# and runs nothing.
GROUPS = ["go", "sim", "render", "board", "connect4", "c4", "gomoku", "rules", "link",
          "othello-machine", "othello"]
for group in GROUPS:
    p = subprocess.run([exe, "bench", group, "--help"], capture_output=True, text=True,
                       timeout=60)
    check(f"bench {group} --help: its usage on stdout, exit 0",
          p.returncode == 0 and p.stdout.startswith(f"usage: tabletop bench {group} ") and
          ":" not in p.stdout.splitlines()[0].split(group, 1)[1] and p.stderr == "",
          f"rc={p.returncode} stdout={p.stdout[:200]!r} stderr={p.stderr[:200]!r}")
    p = subprocess.run([exe, "bench", group, "--no-such-option"], capture_output=True,
                       text=True, timeout=60)
    check(f"bench {group} --no-such-option: one line naming it, exit 2, nothing run",
          p.returncode == 2 and len(p.stderr.splitlines()) == 1 and
          "--no-such-option" in p.stderr and p.stdout == "",
          f"rc={p.returncode} stdout={p.stdout[:200]!r} stderr={p.stderr!r}")

print(f"1..{len(results)}")
for i, (name, ok, detail) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} - {name}")
    if not ok and detail:
        print(f"# {detail}")
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
