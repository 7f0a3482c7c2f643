#!/usr/bin/env python3
"""`tabletop connect4 move`: answers for good positions, a one-line message
and exit status 2 for bad ones, exit 1 for a mailbox that never answers.
Usage: test_c4_cli.py TABLETOP.  Prints TAP."""
import os
import subprocess
import sys
import tempfile

exe = sys.argv[1]
results = []


def run(*args):
    p = subprocess.run([exe, "connect4", *args], capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def check(name, cond, detail=""):
    results.append((name, cond, detail))


# Good positions answer a column 1-7 on stdout and nothing on stderr.
for pos, want in [("", "4"), ("4", "4"), ("1212120", None)][:2]:
    rc, out, err = run("move", pos)
    check(f"move '{pos}' answers {want}", rc == 0 and out == want + "\n" and err == "",
          f"rc={rc} out={out!r} err={err!r}")

# The seed's scenarios as move sequences: an immediate win in column 4
# (1 1 2 2 3 3: the side to move has 1 2 3 on the bottom row).
rc, out, err = run("move", "112233")
check("takes the immediate win", rc == 0 and out == "4\n", f"rc={rc} out={out!r}")
# Block: the opponent (side not to move) threatens column 4.
rc, out, err = run("move", "1122337")
check("blocks the immediate win", rc == 0 and out == "4\n", f"rc={rc} out={out!r}")
# Explicit sdl backend gives the same answer.
rc, out, err = run("move", "4453", "--backend", "sdl")
rc2, out2, _ = run("move", "4453")
check("--backend sdl is the default", rc == 0 and out == out2, f"{out!r} {out2!r}")

# The sim backend (the Verilated mailbox) answers like the sdl model.
rc, _, err = run("move", "44", "--backend", "sim")
if "sim backend not built" not in err:
    for pos in ["", "4453", "112233", "1122337", "445566", "4444333562"]:
        rc, out, err = run("move", pos, "--backend", "sim")
        rc2, out2, _ = run("move", pos)
        check(f"sim answers '{pos}' like sdl", rc == 0 and out == out2, f"{out!r} {out2!r} {err!r}")

# Bad input: one line on stderr, exit status 2, nothing on stdout.
bad = [
    (["move", "4a5"], "bad character 'a'"),
    (["move", "48"], "digits 1-7"),
    (["move", "0"], "digits 1-7"),
    (["move", "4444444"], "column 4 is already full"),
    (["move", "1212121"], "already over"),
    (["move", "12121211"], "already over"),
    (["move"], "needs a POSITION"),
    (["move", "44", "--backend", "tape"], "unknown backend 'tape'"),
    (["move", "44", "--backend"], "needs a value"),
    (["move", "44", "--frobnicate"], "unknown option"),
    (["move", "44", "55"], "more than one position"),
    (["jump"], "unknown command 'jump'"),
]
for args, words in bad:
    rc, out, err = run(*args)
    first = err.splitlines()[0] if err else ""
    check(f"bad input {args!r}", rc == 2 and out == "" and words in first,
          f"rc={rc} out={out!r} err={err!r}")

# A mailbox that never answers: the board backend on a plain file (nothing
# runs behind it) times out with a clear message and exit status 1.
with tempfile.TemporaryDirectory() as tmp:
    mem = os.path.join(tmp, "devmem")
    with open(mem, "wb") as f:
        f.truncate(0x100000000)  # sparse: covers 0xFF200000 and 0xC0000000
    rc, out, err = run("move", "44", "--backend", "board", "--devmem", mem)
    check("silent mailbox times out", rc == 1 and out == "" and "did not answer" in err
          and len(err.strip().splitlines()) == 1, f"rc={rc} out={out!r} err={err!r}")

# ---- issue 52: a bad option is one line on stderr naming it, with a
# pointer to --help (never the whole usage), exit 2; --help prints the
# usage on stdout, exit 0. ----
for args, bad in [([], "missing command"), (["--frob"], "'--frob'"), (["jump"], "'jump'"),
                  (["move"], "needs a POSITION"), (["move", "44", "--frobnicate"], "'--frobnicate'"),
                  (["move", "44", "--backend"], "--backend"), (["move", "44", "--backend", "tape"], "'tape'"),
                  (["move", "44", "--level", "x"], "'x'"), (["solve"], "needs a POSITION"),
                  (["solve", "--fast", "44"], "'--fast'")]:
    rc, out, err = run(*args)
    lines = err.splitlines()
    check("connect4 %s: one line naming %r and --help, exit 2" % (" ".join(args) or "(nothing)", bad),
          rc == 2 and out == "" and len(lines) == 1 and bad in lines[0] and "--help" in lines[0]
          and "usage" not in err, "rc=%s out=%r err=%r" % (rc, out, err))
for args in (["--help"], ["move", "--help"], ["solve", "-h"]):
    rc, out, err = run(*args)
    check("connect4 %s: the usage on stdout, exit 0" % " ".join(args),
          rc == 0 and out.startswith("usage: tabletop connect4") and err == "", "rc=%s out=%r err=%r" % (rc, out[:80], err))

for i, (name, ok, detail) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} - {name}")
    if not ok:
        print(f"# {detail}")
print(f"1..{len(results)}")
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
