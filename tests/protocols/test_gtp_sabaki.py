#!/usr/bin/env python3
"""`tabletop gtp` driven by a real GTP client: Sabaki's own engine
controller, @sabaki/gtp 3.0.0 from npm (its `Controller` spawns an engine,
sends `Command`s and parses `Response`s; the package has no dependencies).

The test fetches the package's tarball from the npm registry into a scratch
folder, checks it against the integrity values the registry publishes
(`npm view @sabaki/gtp@3.0.0 dist`), unpacks it there and writes there a
small Node script (below) that uses the library's documented API to drive
`tabletop gtp` through a whole 9x9 game: Sabaki's start-up (name, version,
protocol_version, list_commands, then known_command for each), an id
echoed, boardsize, clear_board, komi, then genmove and play alternating
with GNU Go (`/usr/games/gnugo --mode gtp`, a second Controller) until two
passes or a resignation -- tabletop against itself when GNU Go is missing;
final_score, final_status_list, showboard, printsgf to a file and as a
response, error cases (an occupied point, a vertex off the board, a bad
colour, an unknown command, genmove without a colour, boardsize 42) that
must come back `error: true` and change nothing, and quit.  The script
prints one JSON report; this harness checks it against GTP v2 (draft 2),
the project's meson.build (version), an independent replay of the moves
(tests/protocols/link_model.py), the SGF file, and GNU Go's own score of
that file (`gnugo --score aftermath --chinese-rules -l FILE`).

Usage: test_gtp_sabaki.py TABLETOP.  Prints TAP.  Needs `node` (Debian's
`nodejs`, 18 or later: plain CommonJS only); without the network it prints
`1..0 # SKIP` and exits 0."""
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from link_model import Model  # noqa: E402

exe = os.path.abspath(sys.argv[1])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GNUGO = shutil.which("gnugo") or ("/usr/games/gnugo" if os.path.exists("/usr/games/gnugo") else None)

# From `npm view @sabaki/gtp@3.0.0 dist` (the registry's published values).
PACKAGE_URL = "https://registry.npmjs.org/@sabaki/gtp/-/gtp-3.0.0.tgz"
PACKAGE_INTEGRITY = ("sha512-faMAB9pTz2lIPUQz0dNV5IcA+bagRZYldGdCr7/Bl7dqJ3A/4FkspqrcTkM1LgZZ0x"
                     "ctbQRKedkpqhkORitw6A==")
PACKAGE_SHASUM = "9279caa1f9e98cf52685d206ba1fe9051cd752cb"
KOMI = 7.5
# --playouts 1000 --seed 3 against GNU Go level 1 seed 5: a close game
# (B+1.5 in 51 moves, about 2 s) with stones left dead on the board.
TABLETOP_ARGS = ["gtp", "--level", "3", "--playouts", "1000", "--seed", "3", "--no-resign"]
COLUMNS = "ABCDEFGHJ"

results = []


def check(name, cond, detail=""):
    results.append((name, bool(cond), detail))


def finish():
    print("1..%d" % len(results))
    for i, (name, ok, detail) in enumerate(results, 1):
        print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
        if not ok and detail:
            for line in str(detail).splitlines()[:20]:
                print("# " + line)
    sys.exit(0 if all(ok for _, ok, _ in results) else 1)


# The Node script: our own code, on the library's documented API (its
# README: `new Controller(path, args)`, `start()`, `sendCommand({id, name,
# args})` resolving to `{id, content, error}`, the `stderr` event,
# `controller.process`, `stop()`, `kill()`).
DRIVER_JS = r'''// Drives `tabletop gtp` through @sabaki/gtp's Controller (the library
// Sabaki uses for its engines): a whole 9x9 game, with GNU Go as the
// other player when it is given, else tabletop against itself.
// Usage: node driver.js CONFIG.json; prints one JSON object on stdout.
'use strict'
const fs = require('fs')
const path = require('path')

const config = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'))
const {Controller} = require(path.join(config.library, 'src', 'main.js'))

const report = {log: [], moves: [], errors: {}}
const MOVE_CAP = 2 * 81

// Sends one command; every exchange is kept for the report.
async function send(controller, who, name, args = [], id = null) {
  const command = {name, args}
  if (id !== null) command.id = id
  const response = await controller.sendCommand(command)
  report.log.push({who, command: [name].concat(args).join(' '), id: response.id,
                   error: response.error, content: response.content})
  return response
}

// A command that must succeed; its content.
async function must(controller, who, name, args = []) {
  const response = await send(controller, who, name, args)
  if (response.error) {
    throw new Error(`${who}: '${[name].concat(args).join(' ')}' failed: ${response.content}`)
  }
  return response.content
}

// Resolves with {code, signal} when the process exits, or null after ms.
function exitOf(proc, ms) {
  return new Promise(resolve => {
    const timer = setTimeout(() => resolve(null), ms)
    proc.once('exit', (code, signal) => {
      clearTimeout(timer)
      resolve({code, signal})
    })
  })
}

async function main() {
  const tabletop = new Controller(config.tabletop, config.tabletopArgs)
  const stderr = []
  tabletop.on('stderr', evt => stderr.push(evt.content))
  tabletop.start()
  let gnugo = null
  if (config.gnugo) {
    gnugo = new Controller(config.gnugo, ['--mode', 'gtp', '--chinese-rules',
                                          '--level', '1', '--seed', '5'])
    gnugo.start()
  }

  // Sabaki's start-up: name, version, protocol_version, list_commands.
  report.name = await must(tabletop, 'tabletop', 'name')
  report.version = await must(tabletop, 'tabletop', 'version')
  report.protocolVersion = await must(tabletop, 'tabletop', 'protocol_version')
  report.listCommands = (await must(tabletop, 'tabletop', 'list_commands')).split('\n')
  report.knownCommands = {}
  for (const name of report.listCommands) {
    report.knownCommands[name] = await must(tabletop, 'tabletop', 'known_command', [name])
  }
  // An id is echoed back, and the library reads it.
  report.idEcho = (await send(tabletop, 'tabletop', 'name', [], 17)).id

  const players = {B: tabletop, W: gnugo || tabletop}
  const names = {B: 'tabletop', W: gnugo ? 'gnugo' : 'tabletop'}
  for (const c of gnugo ? [tabletop, gnugo] : [tabletop]) {
    const who = c === tabletop ? 'tabletop' : 'gnugo'
    await must(c, who, 'boardsize', ['9'])
    await must(c, who, 'clear_board')
    await must(c, who, 'komi', [String(config.komi)])
  }

  // genmove and play, alternating, until two passes or a resignation.
  let passes = 0
  let colour = 'B'
  report.end = 'cap'
  while (report.moves.length < MOVE_CAP) {
    const mover = players[colour]
    const vertex = (await must(mover, names[colour], 'genmove', [colour])).toUpperCase()
    report.moves.push([colour, vertex])
    if (vertex === 'RESIGN') {
      report.end = 'resign'
      break
    }
    if (gnugo) {
      const other = colour === 'B' ? 'W' : 'B'
      await must(players[other], names[other], 'play', [colour, vertex])
    }
    passes = vertex === 'PASS' ? passes + 1 : 0
    if (passes === 2) {
      report.end = 'passes'
      break
    }
    colour = colour === 'B' ? 'W' : 'B'
  }

  report.finalScore = await must(tabletop, 'tabletop', 'final_score')
  report.dead = await must(tabletop, 'tabletop', 'final_status_list', ['dead'])
  if (gnugo) report.gnugoFinalScore = await must(gnugo, 'gnugo', 'final_score')
  report.showboard = await must(tabletop, 'tabletop', 'showboard')
  report.stones = {
    B: await must(tabletop, 'tabletop', 'list_stones', ['black']),
    W: await must(tabletop, 'tabletop', 'list_stones', ['white'])
  }
  report.printsgfFile = await send(tabletop, 'tabletop', 'printsgf', [config.sgf])
  report.printsgf = await must(tabletop, 'tabletop', 'printsgf')

  // Errors: each must come back as `error: true` and change nothing.
  const occupied = report.moves.find(m => m[1] !== 'PASS' && m[1] !== 'RESIGN' &&
                                     report.stones.B.split(/\s+/).includes(m[1]))
  const cases = {
    occupied: ['play', ['W', occupied ? occupied[1] : 'A1']],
    offBoard: ['play', ['B', 'J10']],
    badColour: ['play', ['X', 'E5']],
    unknown: ['frobnicate', ['7']],
    genmoveNoColour: ['genmove', []],
    boardsizeTooBig: ['boardsize', ['42']]
  }
  report.occupiedVertex = occupied ? occupied[1] : null
  for (const key of Object.keys(cases)) {
    const [name, args] = cases[key]
    const r = await send(tabletop, 'tabletop', name, args)
    report.errors[key] = {error: r.error, content: r.content}
  }
  report.knownUnknown = await must(tabletop, 'tabletop', 'known_command', ['frobnicate'])
  report.stonesAfterErrors = {
    B: await must(tabletop, 'tabletop', 'list_stones', ['black']),
    W: await must(tabletop, 'tabletop', 'list_stones', ['white'])
  }
  report.showboardAfterErrors = await must(tabletop, 'tabletop', 'showboard')

  // quit: answered, then the engine exits by itself with status 0.
  const proc = tabletop.process
  const exited = exitOf(proc, 5000)
  const quit = await send(tabletop, 'tabletop', 'quit')
  report.quit = {error: quit.error, content: quit.content, exit: await exited}
  if (report.quit.exit === null) await tabletop.kill()
  if (gnugo) await gnugo.stop()
  report.stderrLines = stderr.length
}

main().then(() => {
  process.stdout.write(JSON.stringify(report) + '\n')
}, err => {
  report.fatal = String(err && err.stack || err)
  process.stdout.write(JSON.stringify(report) + '\n')
  process.exit(1)
})
'''


def vertex_point(v):
    """(row from the top, column) of a GTP vertex on 9x9, or None."""
    m = re.fullmatch(r"([A-HJ])([1-9])", v.upper())
    return (9 - int(m.group(2)), COLUMNS.index(m.group(1))) if m else None


def vertex_list(text):
    return sorted(text.split())


def fetch_package(scratch):
    """The unpacked package folder, or None (SKIP printed) without the network."""
    try:
        with urllib.request.urlopen(PACKAGE_URL, timeout=20) as r:
            data = r.read()
    except OSError as e:  # URLError, timeouts, resets: no network here
        print("1..0 # SKIP cannot fetch %s (no network?): %s" % (PACKAGE_URL, e))
        sys.exit(0)
    sha512 = "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()
    sha1 = hashlib.sha1(data).hexdigest()
    check("the tarball's sha512 and shasum are the registry's published values",
          sha512 == PACKAGE_INTEGRITY and sha1 == PACKAGE_SHASUM,
          "got %s %s" % (sha512, sha1))
    if sha512 != PACKAGE_INTEGRITY or sha1 != PACKAGE_SHASUM:
        finish()
    tgz = os.path.join(scratch, "gtp-3.0.0.tgz")
    with open(tgz, "wb") as f:
        f.write(data)
    with tarfile.open(tgz, "r:gz") as t:
        members = t.getmembers()
        bad = [m.name for m in members
               if not m.name.startswith("package/") or ".." in m.name.split("/")
               or not (m.isfile() or m.isdir())]
        check("the tarball holds only files under package/", not bad, bad)
        if bad:
            finish()
        # Members checked above; the 'data' filter too where Python has it.
        extra = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
        t.extractall(os.path.join(scratch, "lib"), members=members, **extra)
    return os.path.join(scratch, "lib", "package")


def main():
    node = shutil.which("node") or shutil.which("nodejs")
    if not node:
        check("node is installed (Debian package nodejs; run.sh's TEST_PACKAGES)", False,
              "no node or nodejs on PATH: apt-get install nodejs")
        finish()
    version = subprocess.run([node, "--version"], capture_output=True, text=True).stdout.strip()
    check("node %s is 18 or later (Debian 12's nodejs is 18)" % version,
          re.match(r"v(\d+)", version) and int(re.match(r"v(\d+)", version).group(1)) >= 18,
          version)

    with tempfile.TemporaryDirectory(prefix="tabletop-sabaki-") as scratch:
        library = fetch_package(scratch)
        script = os.path.join(scratch, "driver.js")
        with open(script, "w") as f:
            f.write(DRIVER_JS)
        sgf_path = os.path.join(scratch, "game.sgf")
        config = os.path.join(scratch, "config.json")
        with open(config, "w") as f:
            json.dump({"library": library, "tabletop": exe, "tabletopArgs": TABLETOP_ARGS,
                       "gnugo": GNUGO or "", "komi": KOMI, "sgf": sgf_path}, f)
        t0 = time.monotonic()
        p = subprocess.run([node, script, config], capture_output=True, text=True,
                           timeout=120, cwd=scratch)
        took = time.monotonic() - t0
        try:
            report = json.loads(p.stdout)
        except ValueError:
            report = {"fatal": "no JSON report: rc %s\n%s\n%s" % (p.returncode, p.stdout[-1500:],
                                                                  p.stderr[-1500:])}
        check("the Node driver ran the session to its end (%.1f s)" % took,
              p.returncode == 0 and "fatal" not in report,
              report.get("fatal", "") + "\n" + p.stderr[-1000:])
        if "fatal" in report and "moves" not in report:
            finish()
        sgf_text = open(sgf_path).read() if os.path.exists(sgf_path) else ""
        check_report(report, sgf_text, sgf_path)
    finish()


def check_report(r, sgf_text, sgf_path):
    # ---- Sabaki's start-up ----
    want_version = re.search(r"version\s*:\s*'([^']+)'", open(os.path.join(ROOT, "meson.build"))
                             .read()).group(1)
    check("name is tabletop, version %s (meson.build), protocol_version 2" % want_version,
          r.get("name") == "tabletop" and r.get("version") == want_version
          and r.get("protocolVersion") == "2",
          "%r %r %r" % (r.get("name"), r.get("version"), r.get("protocolVersion")))
    listed = r.get("listCommands") or []
    required = {"protocol_version", "name", "version", "known_command", "list_commands", "quit",
                "boardsize", "clear_board", "komi", "play", "genmove",  # GTP v2 §6.1: required
                "final_score", "final_status_list", "showboard", "printsgf", "undo"}
    check("list_commands names GTP's required commands and those played here, once each",
          required <= set(listed) and len(listed) == len(set(listed)),
          "missing %s" % sorted(required - set(listed)))
    known = r.get("knownCommands") or {}
    check("known_command answers true for each of the %d listed commands, false for frobnicate"
          % len(listed), listed and all(known.get(c) == "true" for c in listed)
          and r.get("knownUnknown") == "false",
          {c: v for c, v in known.items() if v != "true"})
    check("an id is echoed and read back by the library (17)", r.get("idEcho") == 17,
          r.get("idEcho"))

    # ---- the game ----
    moves = r.get("moves") or []
    colours_ok = all(c == "BW"[i % 2] for i, (c, _) in enumerate(moves))
    model, illegal = Model(9), None
    for i, (c, v) in enumerate(moves):
        if v in ("PASS", "RESIGN"):
            continue
        pt = vertex_point(v)
        try:
            assert pt is not None, "not a 9x9 vertex"
            model.play(c, pt)
        except AssertionError as e:
            illegal = illegal or "move %d %s %s: %s" % (i + 1, c, v, e)
    ended = r.get("end")
    end_ok = ((ended == "passes" and [v for _, v in moves[-2:]] == ["PASS", "PASS"])
              or (ended == "resign" and moves[-1][1] == "RESIGN"))
    check("a whole game: %d moves, %s, genmove by %s" % (
        len(moves), ended, "tabletop as Black, GNU Go as White" if GNUGO else "tabletop for both"),
        moves and end_ok and colours_ok and not illegal, illegal or repr(moves[-4:]))
    stones = r.get("stones") or {}
    model_stones = {col: sorted(COLUMNS[c] + str(9 - row) for (row, c), x in model.stones.items()
                                if x == col) for col in "BW"}
    check("list_stones after the game: the stones of an independent replay of the moves",
          vertex_list(stones.get("B", "")) == model_stones["B"]
          and vertex_list(stones.get("W", "")) == model_stones["W"],
          "tabletop %r\nmodel %r" % (stones, model_stones))
    board = [re.sub(r"\s", "", m.group(2)) for m in
             re.finditer(r"^\s*(\d)\s+((?:[.XO+]\s*){9})\s*\d\s*$", r.get("showboard", ""), re.M)]
    rows = [row.replace("+", ".").replace("X", "B").replace("O", "W") for row in board]
    check("showboard (a multi-line response) draws the replayed position, 9 rows",
          rows == model.rows(), "%s\n%s" % (r.get("showboard"), model.rows()))

    # ---- the score ----
    dead = {vertex_point(v) for v in (r.get("dead") or "").split()}
    score = r.get("finalScore", "")
    check("final_score %s is the area count of the replay without final_status_list dead"
          % score, score == model.result(KOMI, dead), "model %s" % model.result(KOMI, dead))
    if GNUGO and "gnugoFinalScore" in r:
        check("GNU Go, the other player, scores the game alike (%s)" % r["gnugoFinalScore"],
              r["gnugoFinalScore"] == score, r["gnugoFinalScore"])

    # ---- the record ----
    pf = r.get("printsgfFile") or {}
    check("printsgf FILE: an empty success, and the file is what printsgf answers",
          pf.get("error") is False and pf.get("content") == "" and sgf_text
          and sgf_text.strip() == (r.get("printsgf") or "").strip(),
          "%r\n%s" % (pf, sgf_text[:300]))
    sgf_moves = re.findall(r";([BW])\[([a-i]{2}|)\]", sgf_text)
    want_moves = [(c, "" if v == "PASS" else chr(97 + vertex_point(v)[1]) +
                   chr(97 + vertex_point(v)[0])) for c, v in moves if v != "RESIGN"
                  and (v == "PASS" or vertex_point(v))]
    result = re.search(r"RE\[([^\]]*)\]", sgf_text)
    check("the SGF: SZ[9], KM[7.5], the moves played, RE the final score",
          "SZ[9]" in sgf_text and re.search(r"KM\[7\.5\]", sgf_text) and sgf_moves == want_moves
          and (ended != "passes" or (result and result.group(1) == score)),
          "moves %d/%d, RE %s\n%s" % (len(sgf_moves), len(want_moves),
                                      result and result.group(1), sgf_text[:400]))
    if GNUGO and ended == "passes":
        g = subprocess.run([GNUGO, "--score", "aftermath", "--chinese-rules", "-l", sgf_path],
                           capture_output=True, text=True, timeout=60)
        m = re.search(r"^(White|Black) wins by ([\d.]+) points", g.stdout, re.M)
        theirs = ("%s+%s" % (m.group(1)[0], m.group(2))) if m else (
            "0" if re.search(r"jigo", g.stdout, re.I) else None)
        check("GNU Go scores the recorded SGF alike (gnugo --score aftermath: %s)" % theirs,
              theirs == score, g.stdout[-600:] + g.stderr[-300:])
    elif not GNUGO:
        check("GNU Go's score of the SGF # SKIP gnugo not installed", True)

    # ---- errors ----
    errs = r.get("errors") or {}
    want = {"occupied": "illegal move", "offBoard": "illegal move", "badColour": "syntax error",
            "unknown": "unknown command", "genmoveNoColour": "syntax error",
            "boardsizeTooBig": "unacceptable size"}
    for key, text in want.items():
        e = errs.get(key) or {}
        check("%s: error: true, '%s'" % (key, text),
              e.get("error") is True and e.get("content") == text, e)
    check("the errors changed nothing: same stones, same showboard",
          r.get("stonesAfterErrors") == stones and r.get("showboardAfterErrors") ==
          r.get("showboard"), r.get("stonesAfterErrors"))
    q = r.get("quit") or {}
    check("quit: an empty success, then tabletop exits with status 0",
          q.get("error") is False and q.get("content") == "" and
          q.get("exit") == {"code": 0, "signal": None}, q)


if __name__ == "__main__":
    main()
