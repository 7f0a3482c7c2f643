#!/usr/bin/env python3
"""What a peer can make a console do over the link (docs/link.md, "What a
peer can make us do"), tried with a scripted peer (link_peer.py) against
real processes on loopback TCP, in a scratch folder:

  - a hostile Black console sends one REVIEW frame, valid CRC, that marks
    White's only stone dead and says "White accepted, counted": White's
    console stops with the reason, tells Black's, and its record keeps no
    result;
  - a forged resume: the peer claims a longer saved game whose catch-up
    holds a move in the console's name: the console stops at that move, its
    record keeps the moves it made and the peer's own, never the forged one;
  - the same claim to a fresh link-bot, which holds no saved game: refused,
    its record never shows the move;
  - a game of passes and resumes against link-bot reaches the limit told at
    the handshake (1,024 move bytes): link-bot goes to the count, and the
    peer's 1,025th move is refused as what it is.

Usage: test_link_trust.py TABLETOP.  Prints TAP."""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import link_peer  # noqa: E402
import link_relay  # noqa: E402
from link_procs import ENV as env, free_port, read, wait_listening  # noqa: E402
from link_peer import PASS, RESUME, Peer  # noqa: E402

exe = sys.argv[1]
results = []


def check(name, cond, detail=""):
    results.append((name, bool(cond), detail))


def finish(p, limit):
    try:
        return p.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        p.kill()
        o, e = p.communicate()
        return o, e + "\n(killed after %d s)" % limit


def sgf_moves(text):
    return re.findall(r";([BW])\[([a-s]*)\]", text)


def console(tmp, save, port, script, name):
    path = os.path.join(tmp, name + ".txt")
    with open(path, "w") as f:
        f.write(script)
    return subprocess.Popen([exe, "play", "--game", "go", "--headless", "--link",
                             "tcp:127.0.0.1:%d" % port, "--script", path, "--save-dir", save],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def pt(row, col):
    return row * 9 + col


tmp = tempfile.mkdtemp(prefix="tabletop-trust-")
try:
    # ---- 1. the hostile review frame --------------------------------------
    port = free_port()
    ls = link_peer.serve(port)
    save = os.path.join(tmp, "white")
    os.mkdir(save)
    # White's console: its move (E5, where the cursor starts), a pass, and
    # then it waits in the review; it never accepts.
    pw = console(tmp, save, port, "await-peer 20000\nenter\nawait-peer 20000\nspace\n"
                 "await-peer 20000\nawait-peer 20000\n", "white")
    peer = Peer(link_peer.accept(ls), wish=1)
    ok = peer.handshake()
    ok = ok and peer.play(pt(2, 2)) and peer.until(lambda: len(peer.moves) == 2)
    ok = ok and peer.play(PASS) and peer.until(lambda: len(peer.moves) == 4)
    check("hostile review: the game reaches the review", ok and list(peer.moves) ==
          [pt(2, 2), pt(4, 4), PASS, PASS], list(peer.moves))
    # One frame: White's only stone (E5) dead, "Black accepted, White
    # accepted, counted", Black 81, White 0.
    peer.review(at=4, rev=1, req_done=0, marks_rev=1, flags=1 | 2 | 4, black=81, white=0,
                dead=[pt(4, 4)])
    out, err = finish(pw, 30)
    peer.pump(0.5)
    rec = read(os.path.join(save, "go-link.sgf"))
    check("hostile review: White's console stops, exit 1, with the reason",
          pw.returncode == 1 and "spoke for this console's player" in err and
          "accepted marks our player did not accept" in err, "rc %s\n%s" % (pw.returncode, err))
    check("hostile review: Black's console is told why (ERROR 9)", 9 in peer.errors,
          peer.errors)
    check("hostile review: White's record keeps the moves and no result",
          sgf_moves(rec) == [("B", "cc"), ("W", "ee"), ("B", ""), ("W", "")] and
          "RE[" not in rec, rec)
    peer.s.close()
    ls.close()

    # ---- 1b. the same frame between two real consoles ---------------------
    # A man in the middle plays the hostile Black console: Black's first
    # REVIEW frame arrives at White saying "White accepted, counted" with
    # White's only stone dead.  Both consoles stop and say why; neither
    # record keeps a result.
    port_b, port_r = free_port(), free_port()
    relay = link_relay.ReviewForgeRelay(port_r, port_b, 9, [pt(4, 3)], 81, 0)
    sb = os.path.join(tmp, "rb")
    sw = os.path.join(tmp, "rw")
    os.mkdir(sb)
    os.mkdir(sw)
    bscript = os.path.join(tmp, "rb.txt")
    with open(bscript, "w") as f:
        f.write("await-peer 20000\nenter\nawait-peer 20000\nspace\nawait-peer 20000\n"
                "await-peer 20000\n")
    pb = subprocess.Popen([exe, "play", "--game", "go", "--headless", "--link",
                           "listen:%d" % port_b, "--script", bscript, "--save-dir", sb],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    wait_listening(port_b)
    pw = console(tmp, sw, port_r, "await-peer 20000\nleft\nenter\nawait-peer 20000\nspace\n"
                 "await-peer 20000\nawait-peer 20000\n", "rw")
    ob, eb = finish(pb, 40)
    ow, ew = finish(pw, 40)
    relay.close()
    rb, rw = read(os.path.join(sb, "go-link.sgf")), read(os.path.join(sw, "go-link.sgf"))
    check("man in the middle: the REVIEW frame was rewritten once", relay.forged == 1,
          relay.forged)
    check("man in the middle: White stops with the reason, exit 1",
          pw.returncode == 1 and "accepted marks our player did not accept" in ew,
          "rc %s\n%s" % (pw.returncode, ew))
    check("man in the middle: Black stops and is told why, exit 1",
          pb.returncode == 1 and "it refused a frame of ours that spoke for its player" in eb,
          "rc %s\n%s" % (pb.returncode, eb))
    check("man in the middle: both records hold the same moves and no result",
          sgf_moves(rb) == sgf_moves(rw) == [("B", "ee"), ("W", "de"), ("B", ""), ("W", "")] and
          "RE[" not in rb + rw, rb + "\n" + rw)

    # ---- 2. a forged resume against a console -----------------------------
    # First the console plays two moves with the peer, which then vanishes:
    # the console keeps B C7, W E5 (go-link.sgf).
    port = free_port()
    ls = link_peer.serve(port)
    save = os.path.join(tmp, "resume")
    os.mkdir(save)
    pw = console(tmp, save, port, "await-peer 20000\nenter\nawait-peer 20000\n", "first")
    peer = Peer(link_peer.accept(ls), wish=1)
    ok = peer.handshake() and peer.play(pt(2, 2)) and peer.until(lambda: len(peer.moves) == 2)
    peer.pump(0.3)
    peer.s.close()
    finish(pw, 30)
    before = read(os.path.join(save, "go-link.sgf"))
    check("forged resume: the console saved its game", ok and
          sgf_moves(before) == [("B", "cc"), ("W", "ee")], before)
    # The peer comes back claiming four moves: B D7 (its own) and W A9,
    # which the console never played.
    claimed = [pt(2, 2), pt(4, 4), pt(2, 3), pt(0, 0)]
    port = free_port()
    ls.close()
    ls = link_peer.serve(port)
    pw = console(tmp, save, port, "await-peer 20000\nawait-peer 20000\n", "again")
    peer = Peer(link_peer.accept(ls), wish=1, claimed=claimed)
    peer.moves = bytearray(claimed[:2])
    peer.handshake()
    # The catch-up: each of the claimed moves past the console's two.
    peer.play(claimed[2])
    peer.play(claimed[3], limit=5)
    out, err = finish(pw, 30)
    peer.pump(0.5)
    after = read(os.path.join(save, "go-link.sgf"))
    check("forged resume: the console stops at the move in its name, exit 1",
          pw.returncode == 1 and "move 4 in our player's name" in err, "rc %s\n%s" %
          (pw.returncode, err))
    check("forged resume: the peer is told why (ERROR 9)", 9 in peer.errors, peer.errors)
    check("forged resume: the record keeps the peer's own move, never the forged one",
          sgf_moves(after) == [("B", "cc"), ("W", "ee"), ("B", "dc")] and "W[aa]" not in after,
          after)
    peer.s.close()
    ls.close()

    # ---- 3. the same claim to a fresh link-bot ----------------------------
    gnugo = shutil.which("gnugo") or "/usr/games/gnugo"
    port = free_port()
    ls = link_peer.serve(port)
    bot_rec = os.path.join(tmp, "bot.sgf")
    bot = subprocess.Popen([exe, "link-bot", "--link", "tcp:127.0.0.1:%d" % port, "--engine",
                            gnugo + " --mode gtp --level 1", "--color", "w", "--sgf", bot_rec],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    claimed = [pt(2, 2), pt(0, 0)]
    peer = Peer(link_peer.accept(ls), wish=1, claimed=claimed)
    peer.moves = bytearray()
    peer.handshake()
    peer.play(claimed[0], limit=3)
    peer.play(claimed[1], limit=3)
    out, err = finish(bot, 30)
    peer.pump(0.3)
    rec = read(bot_rec)
    check("fresh link-bot: a peer's saved game is refused, exit 1, one line",
          bot.returncode == 1 and "did not take the other console's saved game" in err and
          len([l for l in err.splitlines() if l.strip()]) == 1, "rc %s\n%s" %
          (bot.returncode, err))
    check("fresh link-bot: its record never shows the peer's W[aa]", "W[aa]" not in rec and
          sgf_moves(rec) == [], rec)
    check("fresh link-bot: the peer is told (ERROR 10)", 10 in peer.errors, peer.errors)
    peer.s.close()
    ls.close()

    # ---- 4. the move limit: 1,024 bytes of passes and resumes -------------
    engine = os.path.join(tmp, "passer.py")
    with open(engine, "w") as f:
        f.write("import sys\n"
                "for line in sys.stdin:\n"
                "    w = line.split()\n"
                "    if not w: continue\n"
                "    if w[0] == 'quit':\n"
                "        print('=\\n', flush=True); break\n"
                "    print('= pass\\n' if w[0] == 'genmove' else\n"
                "          '= 2\\n' if w[0] == 'protocol_version' else '=\\n', flush=True)\n")
    port = free_port()
    ls = link_peer.serve(port)
    limit_rec = os.path.join(tmp, "limit.sgf")
    bot = subprocess.Popen([exe, "link-bot", "--link", "tcp:127.0.0.1:%d" % port, "--engine",
                            "%s %s" % (sys.executable, engine), "--color", "w", "--sgf",
                            limit_rec],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    peer = Peer(link_peer.accept(ls), wish=1)
    ok = peer.handshake()
    t0 = time.monotonic()
    # B pass, W pass (the review begins), RESUME (Black's console), ...
    while ok and len(peer.moves) < 1024:
        n = len(peer.moves)
        if n % 3 == 0:
            ok = peer.play(PASS)
        elif n % 3 == 1:
            ok = peer.until(lambda: len(peer.moves) == n + 1)
        else:
            ok = peer.play(RESUME)
    took = time.monotonic() - t0
    check("move limit: 1,024 move bytes are played", ok and len(peer.moves) == 1024,
          "%d bytes, errors %s" % (len(peer.moves), peer.errors))
    peer.pump(0.3)
    # The 1,025th: link-bot names it for what it is.
    peer.play(PASS, limit=3)
    out, err = finish(bot, 30)
    peer.pump(0.3)
    rec = read(limit_rec)
    check("move limit: the 1,025th move is refused as past the agreed limit, exit 1",
          bot.returncode == 1 and "move 1025, past the agreed limit of 1024 moves" in err,
          "rc %s\n%s" % (bot.returncode, err))
    check("move limit: the peer is told (ERROR 4)", 4 in peer.errors, peer.errors)
    moves = sgf_moves(rec)
    check("move limit: link-bot's record holds the 683 passes and no result",
          len(moves) == 683 and all(m[1] == "" for m in moves) and "RE[" not in rec,
          "%d moves\n%s" % (len(moves), rec[:300]))
    print("# 1,024 bytes against link-bot: %.1f s" % took)
    peer.s.close()
    ls.close()
finally:
    shutil.rmtree(tmp, ignore_errors=True)

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    if not ok and detail:
        for line in str(detail).splitlines()[:30]:
            print("#   " + line)
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
