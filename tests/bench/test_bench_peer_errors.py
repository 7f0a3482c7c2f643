#!/usr/bin/env python3
"""`tabletop bench GROUP --PEER X` with a peer that cannot be one: a path that
does not exist, and /bin/true (exits at once, speaks no protocol).  Each run
must end non-zero within 60 s, print exactly one line on stderr naming the
option and the path, and leave nothing behind in the folder the scratch
folders are made in ($TMPDIR, a fresh folder for each run).
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

print(f"1..{len(results)}")
for i, (name, ok, detail) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} - {name}")
    if not ok and detail:
        print(f"# {detail}")
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
