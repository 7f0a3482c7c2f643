#!/usr/bin/env python3
"""`tabletop --help` is a summary of the subcommands; each subcommand's own
`--help` is the source of truth (the protocol tests check those against the
behaviour).  The summary must not promise what a subcommand lacks, nor
hide a level it has: every option the summary names is in the
subcommand's usage, and every numeric `--level` range is the same set in
both (the summary said `gtp [--level 1|2|3]` while level 4 existed).
docs/play.md's list of `--game` values equals the summary's.
Usage: usage.py TABLETOP DOCS_PLAY_MD.  Prints TAP."""
import re
import subprocess
import sys
import tempfile

exe, play_md = sys.argv[1], sys.argv[2]
results = []


def check(name, cond, detail=""):
    results.append((name, bool(cond), detail))


def run(*args):
    p = subprocess.run([exe, *args], capture_output=True, text=True, timeout=30)
    return p.returncode, p.stdout, p.stderr


def levels(spec):
    """'1|2|3' or '1-7' -> the set of numbers; None if not numeric."""
    if re.fullmatch(r"\d+-\d+", spec):
        a, b = map(int, spec.split("-"))
        return set(range(a, b + 1))
    if re.fullmatch(r"\d+(\|\d+)*", spec):
        return set(map(int, spec.split("|")))
    return None


rc, summary, err = run("--help")
check("tabletop --help: exit 0, stdout only", rc == 0 and err == "" and summary, err)

# Group the summary's lines by subcommand (continuation lines belong to the
# command above them).
commands = {}
current = None
for line in summary.splitlines():
    m = re.match(r"\s*(?:usage: )?tabletop (\S+)", line)
    if m and not m.group(1).startswith("["):
        current = m.group(1)
        commands.setdefault(current, "")
    elif m:
        current = "play"
        commands.setdefault(current, "")
    elif not line.strip():
        current = None
    if current:
        commands[current] += " " + line

for cmd in ("gtp", "connect4", "gomoku", "pbrain", "othello", "othello-gtp", "link-bot",
            "bench"):
    text = commands.get(cmd, "")
    check(f"the summary names {cmd}", text, summary)
    rc, own, err = run(cmd, "--help")
    check(f"tabletop {cmd} --help: its usage, exit 0", rc == 0 and own.startswith("usage:"),
          f"rc={rc} {err[:200]}")
    for opt in sorted(set(re.findall(r"(--[a-z][a-z-]*)", text))):
        check(f"{cmd}: the summary's {opt} is in its own usage", opt in own,
              f"{opt} not in:\n{own}")
    for spec in re.findall(r"--level ([0-9|-]+)", text):
        mine = levels(spec)
        theirs = [levels(s) for s in re.findall(r"--level ([0-9|-]+)", own)]
        theirs = [t for t in theirs if t]
        check(f"{cmd}: --level {spec} is the set its own usage gives",
              mine and mine in theirs, f"summary {spec}, own usage {theirs}")

play = commands.get("play", "")
m = re.search(r"--game ([a-z0-9|]+)", play)
games = set(m.group(1).split("|")) if m else set()
check("the summary lists the games", {"go", "connect4"} <= games, play)
doc = open(play_md).read()
m = re.search(r"`--game` takes the games on the console: (.*?)\.\n", doc, re.S)
listed = set(re.findall(r"`([a-z0-9]+)`", m.group(1))) if m else set()
check("docs/play.md lists the same --game values as tabletop --help", listed == games,
      f"docs {sorted(listed)}, --help {sorted(games)}")
with tempfile.TemporaryDirectory(prefix="tabletop-usage-") as scratch:
    for g in sorted(games):
        rc, out, err = run("play", "--game", g, "--headless", "--script", "/dev/null",
                           "--save-dir", scratch)
        check(f"--game {g} is taken", rc == 0, f"rc={rc} {err[:200]}")

print(f"1..{len(results)}")
for i, (name, ok, detail) in enumerate(results, 1):
    print(f"{'ok' if ok else 'not ok'} {i} - {name}")
    if not ok and detail:
        for line in str(detail).splitlines()[:12]:
            print(f"#   {line}")
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
