#!/usr/bin/env python3
"""`tabletop link-bot --sgf FILE` keeps its record as the console keeps
go-link.sgf: written (atomically) after every move, so a signal loses
nothing, and a restart with the same FILE resumes the game.

A headless console (Black) and link-bot with GNU Go (White) play 6 moves;
the test carries the bytes between them (loopback TCP, or two
pseudo-terminals for `tty:` specs) and holds the console's side after the
6th move, so that link-bot waits with the game live.  Then:

  - SIGTERM, SIGINT, SIGHUP, SIGKILL (TCP) and SIGKILL (pty) each leave a
    record of exactly the 6 moves, equal to the console's go-link.sgf, no
    result, and link-bot's colour in it (PW "tabletop link-bot");
  - the killed link-bot started again with the same --sgf, against the
    console started again with its save folder, resumes: the game is
    finished, both records hold the same moves and result, the first 6
    being the saved ones;
  - a record that is finished, one link-bot did not write (a console's) or
    one that does not parse: one line, exit 2, the file untouched.

Usage: test_link_bot_record.py TABLETOP.  Prints TAP.  Without GNU Go the
game cases are skipped."""
import os
import re
import signal
import socket
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from link_model import sgf_moves  # noqa: E402
from link_procs import (GNUGO, Joiner, console, finish, free_port, link_bot,  # noqa: E402
                        move_frame_start, one_line, read, wait_for, wait_listening)

exe = sys.argv[1]
results = []


def check(name, cond, detail=""):
    results.append((name, bool(cond), detail))


ENGINE = "%s --mode gtp --chinese-rules --level 1" % GNUGO
BLACK_KEYS = ["enter", "right\nright\nenter", "up\nup\nenter"]
# Black's three moves, then it waits for White's third and stops: 6 moves.
# The joiner holds what the console says once White's third move (move
# index 5) passes, so link-bot waits with the game live (the console's
# ERROR at its exit never reaches it).
SIX = "".join("await-peer 60000\n%s\n" % k for k in BLACK_KEYS) + "await-peer 60000\n"


def result_of(text):
    m = re.search(r"RE\[([^\]]*)\]", text)
    return m.group(1) if m else None


def six_moves(tmp, name, sig, pty):
    """Plays 6 moves, sends sig to link-bot; returns (record path, save dir, detail)."""
    save = os.path.join(tmp, name)
    os.mkdir(save)
    rec = os.path.join(tmp, name + ".sgf")
    fds = []
    if pty:
        (m1, s1), (m2, s2) = os.openpty(), os.openpty()
        fds = [m1, s1, m2, s2]
        pc = console(exe, save, "tty:" + os.ttyname(s1), SIX, tmp, name)
        bot = link_bot(exe, "tty:" + os.ttyname(s2), ENGINE, "--color", "w", "--sgf", rec)
        join = Joiner(m1, m2, move_frame_start(5))
    else:
        pa, pb = free_port(), free_port()
        pc = console(exe, save, "listen:%d" % pa, SIX, tmp, name)
        bot = link_bot(exe, "listen:%d" % pb, ENGINE, "--color", "w", "--sgf", rec)
        socks = []
        for port in (pa, pb):
            wait_listening(port)
            socks.append(socket.create_connection(("127.0.0.1", port)))
        join = Joiner(socks[0].fileno(), socks[1].fileno(), move_frame_start(5))
    saved = os.path.join(save, "go-link.sgf")
    # The console holds White's 6th move: link-bot sent it, so (saving
    # before it sends) it holds it too.  Nothing here waits for its record.
    six = wait_for(lambda: len(sgf_moves(read(saved))) >= 6 and join.held, 120)
    bot.send_signal(sig)
    returned, out, err = finish(bot, 30)
    _, oc, ec = finish(pc, 30)
    join.close()
    if not pty:
        for s in socks:
            s.close()
    for fd in fds:
        os.close(fd)
    return rec, save, "six moves seen %s, link-bot returned %s rc %s\n%s\n%s" % (
        six, returned, bot.returncode, err, ec)


tmp = tempfile.mkdtemp(prefix="tabletop-link-bot-record-")
try:
    if GNUGO:
        first = None
        for sig, pty in ((signal.SIGTERM, False), (signal.SIGINT, False), (signal.SIGHUP, False),
                         (signal.SIGKILL, False), (signal.SIGKILL, True)):
            what = "%s%s" % (signal.Signals(sig).name, " over a pty" if pty else "")
            name = "%s%s" % (signal.Signals(sig).name.lower(), "-pty" if pty else "")
            rec, save, detail = six_moves(tmp, name, sig, pty)
            text, theirs = read(rec), read(os.path.join(save, "go-link.sgf"))
            check("%s after 6 moves: link-bot's record holds exactly the 6 moves" % what,
                  len(sgf_moves(text)) == 6, "%r\n%s" % (text, detail))
            check("%s: its moves equal the console's go-link.sgf" % what,
                  sgf_moves(text) == sgf_moves(theirs) and sgf_moves(text),
                  "%r\n%r" % (text, theirs))
            check("%s: no result, link-bot's colour in the record" % what,
                  result_of(text) is None and "PW[tabletop link-bot]" in text and
                  "PB[tabletop link-bot]" not in text, text)
            if first is None:
                first = (rec, save, sgf_moves(text))

        # A restart of both with the same record and save folder resumes the game.
        rec, save, before = first
        port = free_port()
        pc = console(exe, save, "listen:%d" % port,
                     "await-peer 60000\n" + "space\nawait-peer 60000\n" * 80, tmp, "resume")
        wait_listening(port)
        bot = link_bot(exe, "tcp:127.0.0.1:%d" % port, ENGINE, "--sgf", rec)
        returned, out, err = finish(bot, 300)
        _, oc, ec = finish(pc, 60)
        text, theirs = read(rec), read(os.path.join(save, "go-link.sgf"))
        check("restarted with its record: link-bot and the console finish the game",
              returned and bot.returncode == 0 and pc.returncode == 0 and
              re.fullmatch(r"[BW]\+[\d.R]+\n|0\n", out),
              "rc %s %s out %r\n%s\n%s" % (bot.returncode, pc.returncode, out, err, ec))
        check("restarted: link-bot resumed its own record (6 moves held at the handshake)",
              "resuming %s: 6 moves, link-bot white" % rec in err, err)
        check("restarted: the record goes on from the 6 saved moves, still link-bot's",
              sgf_moves(text)[:6] == before and len(sgf_moves(text)) > 6 and
              "PW[tabletop link-bot]" in text, text)
        check("restarted: both records hold the same moves and result",
              sgf_moves(text) == sgf_moves(theirs) and result_of(text) and
              result_of(text) == result_of(theirs) == out.strip(),
              "%r\n%r" % (text, theirs))
    else:
        check("# SKIP gnugo not installed", True)

    # Records link-bot must not resume nor overwrite: refused before anything opens.
    finished = "(;FF[4]GM[1]SZ[9]KM[5.5]PW[tabletop link-bot]RE[B+R];B[ee];W[cc])\n"
    consoles = "(;FF[4]GM[1]SZ[9]KM[5.5]AP[tabletop link];B[ee];W[cc])\n"
    for what, text, said in [("a finished record", finished, "finished"),
                             ("a record link-bot did not write", consoles, "not link-bot's"),
                             ("a record that does not parse", "(;FF[4]GM[1]SZ[9];B[ee", "")]:
        path = os.path.join(tmp, "refuse.sgf")
        with open(path, "w") as f:
            f.write(text)
        p = link_bot(exe, "listen:%d" % free_port(), "true", "--sgf", path)
        returned, out, err = finish(p, 30)
        check("%s: exit 2, one line, the file untouched" % what,
              returned and p.returncode == 2 and one_line(err) and said in err and
              read(path) == text, "rc %s %r" % (p.returncode, err))
finally:
    import shutil
    shutil.rmtree(tmp, ignore_errors=True)

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    if not ok and detail:
        for line in str(detail).splitlines()[:30]:
            print("#   " + line)
sys.exit(0 if all(ok for _, ok, _ in results) else 1)
