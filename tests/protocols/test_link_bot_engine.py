#!/usr/bin/env python3
"""`tabletop link-bot` takes its GTP engine with it on every way out.

A fake engine written here answers GTP and records its pid (and the pid of
a child it starts, standing for whatever a shell command spawns); the
"hung" one never answers genmove and ignores SIGTERM. Each case checks that
link-bot returns, that the caller's pipes close (communicate() returns: no
engine is left holding them), and that no engine process is left alive:

  - two link-bots, the hung engine to move; its peer is killed: the hung
    side exits with one line and its engine is gone;
  - link-bot waiting for a peer (listen:) gets SIGTERM, SIGINT and SIGHUP;
  - an engine wrapper script that starts a `sleep` beside the engine:
    SIGKILL to link-bot (nothing of it runs after) still ends the engine's
    whole process group, and the guard process that does it is gone too;
    and on the normal way out (the peer closes at once) the group and the
    guard are gone when link-bot returns;
  - `link-bot --help` exits 0 with the usage on stdout; a bad option is one
    line naming it, exit 2.

Usage: test_link_bot_engine.py TABLETOP.  Prints TAP."""
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from link_procs import (alive, finish, free_port, group_members, one_line, pgrp_of,  # noqa: E402
                        wait_for, wait_listening)

exe = sys.argv[1]
results = []

FAKE = r'''
import os, signal, subprocess, sys, time
hang = sys.argv[1] == "hang"
log = sys.argv[2]
if hang:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
kid = subprocess.Popen(["sleep", "600"], stdin=subprocess.DEVNULL) if hang else None
with open(log, "a") as f:
    f.write("pid %d%s\n" % (os.getpid(), " %d" % kid.pid if kid else ""))
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    with open(log, "a") as f:
        f.write(words[0] + "\n")
    if words[0] == "quit" and not hang:
        sys.stdout.write("=\n\n"); sys.stdout.flush(); sys.exit(0)
    if words[0] == "genmove":
        if hang:
            while True:
                time.sleep(1)
        sys.stdout.write("= pass\n\n")
    elif words[0] == "protocol_version":
        sys.stdout.write("= 2\n\n")
    else:
        sys.stdout.write("=\n\n")
    sys.stdout.flush()
'''


def check(name, cond, detail=""):
    results.append((name, bool(cond), detail))


def pids(log):
    try:
        with open(log) as f:
            for line in f:
                if line.startswith("pid "):
                    return [int(w) for w in line.split()[1:]]
    except OSError:
        pass
    return []


def gone(log, timeout=3):
    ps = pids(log)
    return bool(ps) and wait_for(lambda: not any(alive(p) for p in ps), timeout), ps


def cleanup(log):
    for p in pids(log):
        try:
            os.kill(p, signal.SIGKILL)
        except OSError:
            pass


with tempfile.TemporaryDirectory() as tmp:
    fake = os.path.join(tmp, "fake_engine.py")
    with open(fake, "w") as f:
        f.write(FAKE)
    # "; true" keeps the shell as the engine's leader with python its child,
    # as any compound engine command does.
    def engine(mode, log, compound=True):
        return "python3 %s %s %s%s" % (fake, mode, log, "; true" if compound else "")

    # 1. The hung engine is to move; its peer vanishes.
    port = free_port()
    hlog, plog = os.path.join(tmp, "hung.log"), os.path.join(tmp, "peer.log")
    hung = subprocess.Popen([exe, "link-bot", "--link", "listen:%d" % port, "--engine",
                             engine("hang", hlog), "--color", "b", "--size", "9"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(0.5)
    peer = subprocess.Popen([exe, "link-bot", "--link", "tcp:127.0.0.1:%d" % port, "--engine",
                             engine("ok", plog, False), "--color", "w", "--size", "9"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    asked = wait_for(lambda: os.path.exists(hlog) and "genmove" in open(hlog).read(), 30)
    check("hung engine: it was asked genmove", asked)
    peer.send_signal(signal.SIGKILL)
    peer.wait()
    t0 = time.time()
    returned, out, err = finish(hung, 20)
    took = time.time() - t0
    ok, ps = gone(hlog)
    check("hung engine: link-bot returns and its pipes close (%.1f s)" % took, returned,
          "rc %s %r" % (hung.returncode, err))
    said = [l for l in err.splitlines() if "waiting for" not in l and "connected" not in l]
    check("hung engine: exit 1 with one line", hung.returncode == 1 and len(said) == 1, err)
    check("hung engine: the engine and its child are gone", ok, "pids %s" % ps)
    ok, ps = gone(plog)
    # SIGKILL cannot be caught: the engine's direct child gets it from the
    # kernel (PR_SET_PDEATHSIG), so a simple engine command goes with it.
    check("peer killed with SIGKILL: its (simple) engine is gone too", ok, "pids %s" % ps)
    cleanup(hlog)
    cleanup(plog)

    # 2. Signals while waiting for a peer.
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        log = os.path.join(tmp, "sig%d.log" % sig)
        p = subprocess.Popen([exe, "link-bot", "--link", "listen:%d" % free_port(), "--engine",
                              engine("hang", log)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        wait_for(lambda: pids(log), 10)
        time.sleep(0.2)
        p.send_signal(sig)
        returned = finish(p, 10)[0]
        ok, ps = gone(log)
        check("%s while waiting: link-bot returns, pipes close" % signal.Signals(sig).name,
              returned)
        check("%s while waiting: the engine and its child are gone" % signal.Signals(sig).name,
              ok, "pids %s" % ps)
        cleanup(log)

    # 3. A wrapper script: `sleep` beside the engine, in its process group.
    def children(pid):
        found = []
        for d in os.listdir("/proc"):
            try:
                with open("/proc/%s/stat" % d) as f:
                    if d.isdigit() and int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(d))
            except OSError:
                pass
        return found

    for how in ("SIGKILL", "the peer closes"):
        log = os.path.join(tmp, "wrap-%s.log" % how.split()[0])
        wrapper = os.path.join(tmp, "wrapper.sh")
        with open(wrapper, "w") as f:
            f.write("#!/bin/sh\nsleep 600 &\necho sleep $! >> \"$1\"\n"
                    "exec python3 %s ok \"$1\"\n" % fake)
        os.chmod(wrapper, 0o755)
        port = free_port()
        p = subprocess.Popen([exe, "link-bot", "--link", "listen:%d" % port, "--engine",
                              "%s %s" % (wrapper, log)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        wait_for(lambda: pids(log) and "sleep " in open(log).read(), 10)
        wait_listening(port)
        sleep_pid = int(open(log).read().split("sleep ")[1].split()[0])
        group = pgrp_of(sleep_pid)
        guards = [c for c in children(p.pid) if pgrp_of(c) == c and c != group]
        check("wrapper (%s): the engine's group has the sleep, a guard runs beside it" % how,
              group and group != pgrp_of(p.pid) and sleep_pid in group_members(group) and
              len(guards) == 1, "group %s guards %s" % (group, guards))
        if how == "SIGKILL":
            p.send_signal(signal.SIGKILL)
        else:
            socket.create_connection(("127.0.0.1", port)).close()
        returned = finish(p, 20)[0]
        check("wrapper (%s): link-bot returns" % how, returned, "rc %s" % p.returncode)
        emptied = wait_for(lambda: not group_members(group), 10)
        check("wrapper (%s): no process of the engine's group is left" % how, emptied,
              "left: %s" % group_members(group))
        check("wrapper (%s): the guard is gone" % how,
              wait_for(lambda: not any(alive(g) for g in guards), 10), "guards %s" % guards)
        for q in group_members(group):
            os.kill(q, signal.SIGKILL)

    # 4. --help, and bad options: one line naming the option, exit 2.
    p = subprocess.run([exe, "link-bot", "--help"], capture_output=True, text=True, timeout=10)
    check("link-bot --help: exit 0, usage on stdout",
          p.returncode == 0 and p.stdout.startswith("usage: tabletop link-bot") and
          "--take-saved" in p.stdout and not p.stderr,
          "rc %s %r %r" % (p.returncode, p.stdout, p.stderr))
    base = ["--link", "listen:%d" % free_port(), "--engine", "true"]
    for args, named in [(["--bogus"] + base, "--bogus"), (base + ["-x"], "-x"),
                        (base + ["--size"], "--size"), (base + ["--size", "x9"], "--size"),
                        (base + ["--size", "99"], "--size"), (base + ["--komi", "5.3"], "--komi"),
                        (base + ["--komi", "nan"], "--komi"), (base + ["--color", "red"], "--color"),
                        (base + ["--sgf"], "--sgf"), (["--engine", "true"], "--link"),
                        (["--link", "listen:4000"], "--engine"), (["extra"] + base, "extra")]:
        p = subprocess.run([exe, "link-bot"] + args, capture_output=True, text=True, timeout=10)
        check("link-bot %s: exit 2, one line naming %s" % (" ".join(args), named),
              p.returncode == 2 and one_line(p.stderr) and named in p.stderr and
              "--help" in p.stderr and not p.stdout,
              "rc %s %r %r" % (p.returncode, p.stdout, p.stderr))

print("1..%d" % len(results))
for i, (name, ok, detail) in enumerate(results, 1):
    print("%s %d - %s" % ("ok" if ok else "not ok", i, name))
    if not ok and detail:
        for line in str(detail).splitlines()[:20]:
            print("# " + line)
