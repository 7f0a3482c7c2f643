#!/usr/bin/env python3
"""Two consoles, one game of Go over a link (docs/link.md), with
real processes and real loopback sockets in a scratch folder:

  - two headless consoles play a scripted game, both pass, both accept the
    dead-stone review's marks (Black's console starts them with the
    estimate): identical SGF records, and the result agrees with an
    independent area count (tests/protocols/link_model.py);
  - GNU Go through `tabletop link-bot` plays a whole game against a console;
  - a relay that drops, flips, duplicates and delays bytes (0-300 ms) between
    two link-bots: faults are counted, the records never differ;
  - bad specs, a refused connection, a peer that vanishes: one clear line,
    an exit status, the game saved; a restart resumes it.

Usage: test_link.py TABLETOP.  Prints TAP.  GNU Go (/usr/games/gnugo) is
the peer; without it those cases are skipped."""
import os
import random
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import link_relay  # noqa: E402
from link_model import record_result, sgf_moves  # noqa: E402

exe = sys.argv[1]
# --sim: only the sim-vs-sdl game (its own meson test, it is the slow one);
# without it, everything else.
SIM_ONLY = "--sim" in sys.argv[2:]
GNUGO = shutil.which("gnugo") or ("/usr/games/gnugo" if os.path.exists("/usr/games/gnugo") else None)
results = []
env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def check(name, cond, detail=""):
    results.append((name, bool(cond), detail))


laps, lap_start = [], [time.monotonic()]


def lap(what):
    """Seconds each part took, printed as TAP comments (CI time)."""
    now = time.monotonic()
    laps.append("%s: %.0f s" % (what, now - lap_start[0]))
    lap_start[0] = now


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def wait_listening(port, timeout=10):
    end = time.time() + timeout
    while time.time() < end:
        # The listener prints its "waiting" line before accepting; probing
        # with a connect would take its one accept, so poll /proc instead.
        with open("/proc/net/tcp") as f:
            if any(line.split()[1].endswith(":%04X" % port) and line.split()[3] == "0A"
                   for line in f.readlines()[1:]):
                return True
        time.sleep(0.05)
    return False


# ---- the independent count: link_model.py (the estimate's dead stones off)

def area_result(text):
    return record_result(exe, text)


def console(save, spec, script_text, tmp, name, **kw):
    script = os.path.join(tmp, name + ".txt")
    with open(script, "w") as f:
        f.write(script_text)
    return subprocess.Popen([exe, "play", "--game", "go", "--headless", "--link", spec,
                             "--script", script, "--save-dir", save],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=kw.get("env", env))


def finish(p, limit):
    """(stdout, stderr) of p within limit seconds; a process still running
    then is killed and says so in its stderr."""
    try:
        return p.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        p.kill()
        o, e = p.communicate()
        return o, e + "\n(killed after %d s)" % limit


def one_line(err):
    lines = [l for l in err.splitlines() if l.strip()]
    return len(lines) == 1


def read(path):
    with open(path) as f:
        return f.read()


def game_of(text):
    """A record without the PB/PW that names link-bot's side (link-bot's
    record says which colour it played; the console's does not)."""
    return re.sub(r"P[BW]\[tabletop link-bot\]", "", text)


class Done(Exception):
    """The --sim run stops after its game."""


tmp = tempfile.mkdtemp(prefix="tabletop-link-")
try:
    # ---- 1. two headless consoles over loopback TCP --------------------
    port = free_port()
    sa, sb = os.path.join(tmp, "a"), os.path.join(tmp, "b")
    os.mkdir(sa)
    os.mkdir(sb)
    # Black (the listener) and White alternate; the cursor skips stones
    # (seed 001), so the same keys give the same points on both sides.
    # Two passes begin the dead-stone review; await-peer takes turns there
    # (Black first): Space accepts the marks on each side, and the last
    # await-peer waits for the count.
    black_keys = ["enter", "right\nright\nenter", "up\nup\nenter", "left\nleft\nleft\nenter",
                  "down\ndown\ndown\nenter", "space", "space"]
    white_keys = ["up\nenter", "down\ndown\nenter", "left\nenter", "right\nright\nenter",
                  "up\nup\nup\nenter", "space", "space"]
    a_script = "".join("await-peer 20000\n%s\n" % k for k in black_keys) + "await-peer 20000\n"
    b_script = "".join("await-peer 20000\n%s\n" % k for k in white_keys) + "await-peer 20000\n"
    pa = console(sa, "listen:%d" % port, a_script, tmp, "a")
    wait_listening(port)
    pb = console(sb, "tcp:127.0.0.1:%d" % port, b_script, tmp, "b")
    ob, eb = pb.communicate(timeout=100)
    oa, ea = pa.communicate(timeout=100)
    check("two consoles: both exit 0", pa.returncode == 0 and pb.returncode == 0,
          "rc %s %s\n%s\n%s" % (pa.returncode, pb.returncode, ea, eb))
    ra = read(os.path.join(sa, "go-link.sgf")) if os.path.exists(os.path.join(sa, "go-link.sgf")) else "a"
    rb = read(os.path.join(sb, "go-link.sgf")) if os.path.exists(os.path.join(sb, "go-link.sgf")) else "b"
    check("two consoles: identical SGF records", ra == rb, "%r\n%r" % (ra, rb))
    res = re.search(r"RE\[([^\]]*)\]", ra)
    n = len(sgf_moves(ra)) if ra != "a" else 0
    check("two consoles: the scripted game was played to the end", n >= 10 and res, ra)
    check("two consoles: result = independent area count",
          res and res.group(1) == area_result(ra), "%s vs %s" % (res and res.group(1), ra))
    first_record = ra
    check("two consoles: colours", read(os.path.join(sa, "go-link.side")) == "black\n" and
          read(os.path.join(sb, "go-link.side")) == "white\n")

    lap("two consoles")
    # ---- 1b. one console on sim (the bytes cross the Verilated UART's pins), one on sdl
    empty = os.path.join(tmp, "empty.txt")
    open(empty, "w").close()
    probe = subprocess.run([exe, "play", "--backend", "sim", "--headless", "--script", empty,
                            "--save-dir", os.path.join(tmp, "probe")], capture_output=True,
                           text=True, timeout=120, env=env) if SIM_ONLY else None
    if probe and probe.returncode == 0:
        port = free_port()
        sa, sb = os.path.join(tmp, "sa"), os.path.join(tmp, "sb")
        os.mkdir(sa)
        os.mkdir(sb)
        senv = dict(env, TABLETOP_LINK_STATS="1")
        script = os.path.join(tmp, "sim-a.txt")
        with open(script, "w") as f:
            f.write(a_script)
        pa = subprocess.Popen([exe, "play", "--game", "go", "--headless", "--backend", "sim",
                               "--link", "listen:%d" % port, "--script", script, "--save-dir", sa],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=senv)
        wait_listening(port)
        pb = console(sb, "tcp:127.0.0.1:%d" % port, b_script, tmp, "sim-b", env=senv)
        ob, eb = pb.communicate(timeout=200)
        oa, ea = pa.communicate(timeout=200)
        ra = read(os.path.join(sa, "go-link.sgf")) if os.path.exists(os.path.join(sa, "go-link.sgf")) else "a"
        rb = read(os.path.join(sb, "go-link.sgf")) if os.path.exists(os.path.join(sb, "go-link.sgf")) else "b"
        check("sim vs sdl: both exit 0, identical SGF, same game as sdl vs sdl",
              pa.returncode == 0 and pb.returncode == 0 and ra == rb == first_record,
              "rc %s %s\n%s\n%s\n%r\n%r" % (pa.returncode, pb.returncode, ea, eb, ra, rb))
        check("sim vs sdl: the bytes crossed the link UART (RTL on sim, model on sdl)",
              "link UART on sim" in ea and "link UART on sdl" in eb, ea + eb)
    elif SIM_ONLY:
        check("# SKIP sim backend not built", True)
    lap("sim vs sdl")
    if SIM_ONLY:
        raise Done()

    # ---- 2. GNU Go through link-bot against a headless console ---------
    if GNUGO:
        port = free_port()
        sc = os.path.join(tmp, "c")
        os.mkdir(sc)
        # The console (Black) plays a few stones, then passes until GNU Go passes too.
        keys = ["enter", "up\nup\nenter", "down\ndown\ndown\nright\nenter", "left\nleft\nenter"]
        script = "".join("await-peer 60000\n%s\n" % k for k in keys)
        script += "await-peer 60000\nspace\n" * 80 + "await-peer 60000\n"
        pc = console(sc, "listen:%d" % port, script, tmp, "c")
        wait_listening(port)
        bot_sgf = os.path.join(tmp, "bot.sgf")
        bot = subprocess.run([exe, "link-bot", "--link", "tcp:127.0.0.1:%d" % port, "--engine",
                              GNUGO + " --mode gtp --chinese-rules --level 1", "--color", "w",
                              "--sgf", bot_sgf], capture_output=True, text=True, timeout=300)
        oc, ec = pc.communicate(timeout=100)
        check("gnugo link-bot: exits 0 and prints the result",
              bot.returncode == 0 and re.fullmatch(r"[BW]\+[\d.]+\n|0\n", bot.stdout),
              "rc %s out %r err %r" % (bot.returncode, bot.stdout, bot.stderr))
        check("gnugo link-bot: console exits 0", pc.returncode == 0, ec)
        rc_ = read(os.path.join(sc, "go-link.sgf")) if os.path.exists(os.path.join(sc, "go-link.sgf")) else ""
        rbot = read(bot_sgf) if os.path.exists(bot_sgf) else "x"
        check("gnugo link-bot: identical SGF records", game_of(rc_) == game_of(rbot), "%r\n%r" % (rc_, rbot))
        check("gnugo link-bot: result = independent area count",
              bot.stdout.strip() == area_result(rbot) if rbot != "x" else False,
              bot.stdout + rbot)
        # Every GNU Go move was legal for GNU Go itself: replay the record.
        g = subprocess.run([GNUGO, "--mode", "gtp", "--chinese-rules"],
                           input="loadsgf %s\nquit\n" % bot_sgf, capture_output=True, text=True,
                           timeout=60)
        check("gnugo link-bot: GNU Go loads the record", g.stdout.startswith("="), g.stdout)
    else:
        check("# SKIP gnugo not installed", True)

    lap("gnugo link-bot")
    # ---- 2b. tty: two link-bots on pseudo-terminals (termios 9600 8N1 raw), joined here
    if GNUGO:
        import select
        m1, s1 = os.openpty()
        m2, s2 = os.openpty()
        n1, n2 = os.ttyname(s1), os.ttyname(s2)
        engine = GNUGO + " --mode gtp --chinese-rules --level 1"
        t1, t2 = os.path.join(tmp, "tty1.sgf"), os.path.join(tmp, "tty2.sgf")
        bots = [subprocess.Popen([exe, "link-bot", "--link", "tty:" + n, "--engine", engine,
                                  "--sgf", out], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True) for n, out in ((n1, t1), (n2, t2))]
        end = time.time() + 240
        while time.time() < end and any(b.poll() is None for b in bots):
            r, _, _ = select.select([m1, m2], [], [], 0.05)
            for m in r:
                try:
                    data = os.read(m, 4096)
                except OSError:
                    continue
                os.write(m2 if m == m1 else m1, data)
        outs = [b.communicate(timeout=30) for b in bots]
        for fd in (m1, s1, m2, s2):
            os.close(fd)
        r1 = read(t1) if os.path.exists(t1) else "1"
        r2 = read(t2) if os.path.exists(t2) else "2"
        check("tty: two link-bots over pseudo-terminals finish one game, identical records",
              all(b.returncode == 0 for b in bots) and game_of(r1) == game_of(r2) and
              outs[0][0] == outs[1][0],
              "rc %s %s\n%s\n%s" % (bots[0].returncode, bots[1].returncode, outs[0][1], outs[1][1]))
        p = subprocess.run([exe, "link-bot", "--link", "tty:" + os.path.join(tmp, "a.txt"),
                            "--engine", engine], capture_output=True, text=True, timeout=60)
        check("tty: a file that is not a serial device: exit 1, one line",
              p.returncode == 1 and one_line(p.stderr) and "not a serial device" in p.stderr,
              "rc %s %r" % (p.returncode, p.stderr))

    lap("tty")
    # ---- 3. a relay that drops, flips, duplicates and delays bytes ------
    # (link_relay.FaultRelay: 1% each, every byte 0-300 ms late)
    if GNUGO:
        pa_port, relay_port = free_port(), free_port()
        lenv = dict(env, TABLETOP_LINK_STATS="1")
        sgf1, sgf2 = os.path.join(tmp, "r1.sgf"), os.path.join(tmp, "r2.sgf")
        engine = GNUGO + " --mode gtp --chinese-rules --level 1"
        b1 = subprocess.Popen([exe, "link-bot", "--link", "listen:%d" % pa_port, "--engine", engine,
                               "--color", "b", "--sgf", sgf1], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=lenv)
        wait_listening(pa_port)
        relay = link_relay.FaultRelay(relay_port, pa_port, random.Random(14))
        stats = relay.stats
        b2 = subprocess.Popen([exe, "link-bot", "--link", "tcp:127.0.0.1:%d" % relay_port,
                               "--engine", engine, "--sgf", sgf2], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, env=lenv)
        (o2, e2), (o1, e1) = finish(b2, 240), finish(b1, 60)
        relay.close()
        faults = sum(int(x) for e in (e1, e2) for x in re.findall(
            r"(\d+) (?:CRC errors|framing errors|late partial frames|duplicates|retransmissions)", e))
        check("relay: faults were injected", stats["drop"] and stats["flip"] and stats["dup"],
              str(stats))
        check("relay: faults were detected", faults > 0, e1 + e2)
        r1 = read(sgf1) if os.path.exists(sgf1) else "1"
        r2 = read(sgf2) if os.path.exists(sgf2) else "2"
        if b1.returncode == 0 and b2.returncode == 0:
            check("relay: both finish with identical records", game_of(r1) == game_of(r2) and o1 == o2,
                  "%r %r\n%s\n%s" % (o1, o2, r1, r2))
        else:
            # Stopping is allowed; a fork is not: one record extends the other.
            m1, m2 = sgf_moves(r1) if r1 != "1" else [], sgf_moves(r2) if r2 != "2" else []
            n = min(len(m1), len(m2))
            check("relay: stopped with a message and no divergent board",
                  m1[:n] == m2[:n] and ("link" in e1 + e2), e1 + e2)
    else:
        check("# SKIP gnugo not installed (relay)", True)

    lap("relay")
    # ---- 4. bad specs, refused connections, a vanishing peer ------------

    for spec in ["bogus", "tcp:nohost", "tcp:127.0.0.1:0", "listen:99999", "tty:", ""]:
        p = subprocess.run([exe, "play", "--game", "go", "--headless", "--link", spec],
                           capture_output=True, text=True, timeout=30, env=env)
        check("bad spec %r: exit 2, one line" % spec, p.returncode == 2 and one_line(p.stderr),
              "rc %s %r" % (p.returncode, p.stderr))
        p = subprocess.run([exe, "link-bot", "--link", spec, "--engine", "true"],
                           capture_output=True, text=True, timeout=30, env=env)
        check("link-bot bad spec %r: exit 2, one line" % spec,
              p.returncode == 2 and one_line(p.stderr), "rc %s %r" % (p.returncode, p.stderr))
    # --link uart: the board's own FPGA UART (GPIO_0 to the HC-05).  Refused
    # on sdl and for link-bot (a host tool); on the board backend over a
    # stand-in for /dev/mem the console sets the UART up at LW 0x3000 (its
    # divisor register holds 326, 9600 baud at 50 MHz) and sends its opening
    # frame through the TX register instead of a host transport.
    p = subprocess.run([exe, "play", "--game", "go", "--headless", "--link", "uart"],
                       capture_output=True, text=True, timeout=30, env=env)
    check("--link uart on sdl: exit 2, one line naming the board",
          p.returncode == 2 and one_line(p.stderr) and "board" in p.stderr, p.stderr)
    p = subprocess.run([exe, "link-bot", "--link", "uart", "--engine", "true"],
                       capture_output=True, text=True, timeout=30, env=env)
    check("link-bot --link uart: exit 2, one line", p.returncode == 2 and one_line(p.stderr),
          p.stderr)
    mem = os.path.join(tmp, "devmem")
    with open(mem, "wb") as f:
        f.truncate(1 << 32)
    script = os.path.join(tmp, "uart.txt")
    with open(script, "w") as f:
        f.write("wait 200\n")
    p = subprocess.run([exe, "play", "--game", "go", "--backend", "board", "--devmem", mem,
                        "--headless", "--link", "uart", "--script", script,
                        "--save-dir", os.path.join(tmp, "save-uart")],
                       capture_output=True, text=True, timeout=60, env=env)
    with open(mem, "rb") as f:
        f.seek(0xFF203000)
        data, _, divisor = struct.unpack("<III", f.read(12))
    check("--link uart on the board backend: the FPGA UART set up (divisor %d) and the "
          "opening frame written to its TX register (last byte 0x%02x)" % (divisor, data),
          p.returncode == 0 and divisor == 326 and "no link UART" not in p.stderr,
          "rc %s %r" % (p.returncode, p.stderr[-300:]))
    p = subprocess.run([exe, "play", "--game", "connect4", "--link", "listen:4000"],
                       capture_output=True, text=True, timeout=30, env=env)
    check("--link with another game: exit 2", p.returncode == 2 and one_line(p.stderr), p.stderr)

    # The script step: a malformed bound is refused before anything runs;
    # await-peer outside a link game stops the run with one line.
    for text, rc_want, what in [("await-peer x\n", 2, "await-peer wants"),
                                ("await-peer 0\n", 2, "await-peer wants"),
                                ("await-peer 100 200\n", 2, "one argument"),
                                ("await-peer 100\n", 1, "needs a link game")]:
        path = os.path.join(tmp, "await.txt")
        with open(path, "w") as f:
            f.write(text)
        p = subprocess.run([exe, "play", "--game", "go", "--headless", "--script", path,
                            "--save-dir", os.path.join(tmp, "aw")], capture_output=True,
                           text=True, timeout=60, env=env)
        check("script %r: exit %d, one line" % (text.strip(), rc_want),
              p.returncode == rc_want and one_line(p.stderr) and what in p.stderr,
              "rc %s %r" % (p.returncode, p.stderr))

    lap("bad specs")
    closed = free_port()
    sd = os.path.join(tmp, "d")
    os.mkdir(sd)
    pd = console(sd, "tcp:127.0.0.1:%d" % closed, "await-peer 5000\n", tmp, "d")
    od, ed = pd.communicate(timeout=60)
    check("refused connection: exit 1, one line naming it",
          pd.returncode == 1 and "refused" in ed and
          len([l for l in ed.splitlines() if "refused" in l]) == 1,
          "rc %s %r" % (pd.returncode, ed))
    if GNUGO:
        p = subprocess.run([exe, "link-bot", "--link", "tcp:127.0.0.1:%d" % closed, "--engine",
                            GNUGO + " --mode gtp"], capture_output=True, text=True, timeout=60)
        check("link-bot refused: exit 1, one line", p.returncode == 1 and one_line(p.stderr) and
              "refused" in p.stderr, "rc %s %r" % (p.returncode, p.stderr))
        p = subprocess.run([exe, "link-bot", "--link", "tcp:127.0.0.1:%d" % closed, "--engine",
                            "/nonexistent-engine"], capture_output=True, text=True, timeout=60)
        # (the shell may add its own "not found" line; ours is one line)
        ours = [l for l in p.stderr.splitlines() if l.startswith("tabletop")]
        check("link-bot with a broken engine: exit 1, one line",
              p.returncode == 1 and len(ours) == 1, "rc %s %r" % (p.returncode, p.stderr))

        # The peer vanishes mid-game: the console stops with one line, the
        # game is saved, and a restart with a new peer resumes it.
        port = free_port()
        se = os.path.join(tmp, "e")
        os.mkdir(se)
        script = "await-peer 30000\nenter\nawait-peer 30000\nup\nup\nenter\n" + \
                 "await-peer 30000\nspace\n" * 40
        pe = console(se, "listen:%d" % port, script, tmp, "e")
        wait_listening(port)
        bot = subprocess.Popen([exe, "link-bot", "--link", "tcp:127.0.0.1:%d" % port, "--engine",
                                GNUGO + " --mode gtp --level 1 --chinese-rules", "--color", "w"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        # Wait until the console has saved 4 moves, then kill the bot.
        saved = os.path.join(se, "go-link.sgf")
        end = time.time() + 60
        while time.time() < end:
            if os.path.exists(saved) and len(sgf_moves(read(saved))) >= 4:
                break
            time.sleep(0.05)
        bot.send_signal(signal.SIGKILL)
        bot.communicate()
        oe, ee = pe.communicate(timeout=60)
        lines = [l for l in ee.splitlines() if l.strip() and "waiting for" not in l]
        n_saved = len(sgf_moves(read(saved))) if os.path.exists(saved) else 0
        check("vanishing peer: exit 1, one line, game saved",
              pe.returncode == 1 and len(lines) == 1 and "saved" in lines[0] and n_saved >= 4,
              "rc %s %r moves %d" % (pe.returncode, ee, n_saved))
        # Resume: the console holds the game; a fresh link-bot told to take
        # a saved game it is offered (--take-saved) is caught up.
        port = free_port()
        script = "await-peer 60000\n" + "space\nawait-peer 60000\n" * 80
        pe = console(se, "listen:%d" % port, script, tmp, "e2")
        wait_listening(port)
        bot_sgf = os.path.join(tmp, "resumed.sgf")
        bot = subprocess.run([exe, "link-bot", "--link", "tcp:127.0.0.1:%d" % port, "--engine",
                              GNUGO + " --mode gtp --level 1 --chinese-rules", "--sgf", bot_sgf,
                              "--take-saved"], capture_output=True, text=True, timeout=300)
        oe, ee = pe.communicate(timeout=100)
        before = n_saved
        rr = read(saved) if os.path.exists(saved) else ""
        rbot = read(bot_sgf) if os.path.exists(bot_sgf) else "x"
        check("resume after reconnect: the game goes on from the saved moves",
              bot.returncode == 0 and pe.returncode == 0 and game_of(rr) == game_of(rbot) and
              len(sgf_moves(rr)) > before, "rc %s %s\n%s\n%s\n%s" % (
                  bot.returncode, pe.returncode, bot.stderr, ee, rr))
    lap("refused, vanishing peer, resume")
except Done:
    pass
finally:
    shutil.rmtree(tmp, ignore_errors=True)

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    if not ok and detail:
        for line in str(detail).splitlines()[:30]:
            print("#   " + line)
for line in laps:
    print("# " + line)
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
