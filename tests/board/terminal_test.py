#!/usr/bin/env python3
"""The whole program on the board backend, keys from a terminal: no USB
keyboard here, so `tabletop play --backend board` (not headless) must fall
back to its terminal, take arrow escape sequences and Enter from a pty, place
two stones (the write log shows two AUDIO_CMD place codes and the swaps), quit
on Ctrl-C with status 0, and leave the terminal as it found it.

usage: terminal_test.py TABLETOP WORKDIR
"""
import os
import select
import shutil
import subprocess
import sys
import termios
import time


def wait_for(pred, what, timeout=30.0):
    end = time.time() + timeout
    while time.time() < end:
        if pred():
            return
        time.sleep(0.05)
    print("FAIL: timed out waiting for " + what)
    sys.exit(1)


def log_writes(path):
    if not os.path.exists(path):
        return []
    return [tuple(int(x, 16) for x in line.split()) for line in open(path) if line.strip()]


def main():
    tabletop, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    mem, log, save = (os.path.join(work, n) for n in ("term.mem", "term.log", "term.save"))
    for p in (mem, log):
        if os.path.exists(p):
            os.unlink(p)
    shutil.rmtree(save, ignore_errors=True)
    with open(mem, "wb") as f:
        f.truncate(4 << 30)

    master, slave = os.openpty()
    before = termios.tcgetattr(slave)
    env = dict(os.environ, TABLETOP_BOARD_LOG=log)
    proc = subprocess.Popen([tabletop, "play", "--game", "go", "--backend", "board",
                             "--devmem", mem, "--save-dir", save],
                            stdin=slave, stdout=slave, stderr=slave, env=env)
    output = bytearray()

    def drain():
        while select.select([master], [], [], 0)[0]:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                break
            if not chunk:
                break
            output.extend(chunk)

    def swaps():
        drain()
        return sum(1 for o, v in log_writes(log) if o == 0x08)

    def places():
        return sum(1 for o, v in log_writes(log) if o == 0x00 and v == 1)

    # The title screen is drawn once the raw-mode terminal is ready.
    wait_for(lambda: swaps() >= 1 and b"reading keys from the terminal" in output,
             "the title screen and the terminal fallback message")
    termios_raw = termios.tcgetattr(slave)
    if termios_raw[3] & termios.ICANON:
        print("FAIL: the terminal is not in raw mode")
        return 1
    steps = [b"\r", b"\r", b"\r", b"\x1b[C", b"\x1b[B", b"\r"]
    for key in steps:
        n = swaps()
        os.write(master, key)
        wait_for(lambda: swaps() > n, "a new frame after %r" % key)
    wait_for(lambda: places() == 2, "two place sounds")
    os.write(master, b"\x03")
    try:
        status = proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        print("FAIL: Ctrl-C did not end the program")
        return 1
    drain()
    frames = sum(1 for o, v in log_writes(log) if o == 0x08)
    after = termios.tcgetattr(slave)
    os.close(master)
    os.close(slave)
    if status != 0:
        print("FAIL: exit status %d; output:\n%s" % (status, output.decode(errors="replace")))
        return 1
    if after[3] != before[3] or after[0] != before[0]:
        print("FAIL: terminal settings not restored (lflag %#x -> %#x)" % (before[3], after[3]))
        return 1
    print("PASS: %d frames, 2 stones placed from the terminal, terminal restored" % frames)
    return 0


if __name__ == "__main__":
    sys.exit(main())
