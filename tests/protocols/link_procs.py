"""Real processes for the link-bot tests (test_link_bot_*.py): ports,
waiting with a bound, processes that must be gone, a headless console, and
a joiner that carries the bytes between a console and a link-bot (over TCP
or pseudo-terminals) and can hold them."""
import os
import select
import shutil
import socket
import subprocess
import threading
import time

GNUGO = shutil.which("gnugo") or ("/usr/games/gnugo" if os.path.exists("/usr/games/gnugo")
                                  else None)
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def wait_for(pred, timeout):
    """Polls pred until it is true (True) or timeout seconds pass (False)."""
    end = time.time() + timeout
    while time.time() < end:
        if pred():
            return True
        time.sleep(0.05)
    return False


def wait_listening(port, timeout=10):
    """A socket listens on port (read from /proc: a probing connect would
    take the listener's one accept)."""
    def listening():
        with open("/proc/net/tcp") as f:
            return any(line.split()[1].endswith(":%04X" % port) and line.split()[3] == "0A"
                       for line in f.readlines()[1:])
    return wait_for(listening, timeout)


def alive(pid):
    """True while pid exists and is not a zombie."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def pgrp_of(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return int(f.read().rsplit(")", 1)[1].split()[2])
    except OSError:
        return None


def group_members(pgid):
    """Live (not zombie) processes of process group pgid."""
    found = []
    for d in os.listdir("/proc"):
        if d.isdigit() and pgrp_of(int(d)) == pgid and alive(int(d)):
            found.append(int(d))
    return found


def finish(p, timeout):
    """(returned, stdout, stderr): whether p exited and its pipes closed in
    time.  On a timeout p is killed and its pipes are dropped unread (an
    orphaned engine may hold them open for good)."""
    try:
        out, err = p.communicate(timeout=timeout)
        return True, out, err
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
        for f in (p.stdout, p.stderr):
            if f:
                f.close()
        return False, "", ""


def one_line(err):
    return len([l for l in err.splitlines() if l.strip()]) == 1


def read(path, default=""):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return default


def console(exe, save, spec, script_text, tmp, name):
    """A headless console playing Go over --link spec with a script."""
    script = os.path.join(tmp, name + ".txt")
    with open(script, "w") as f:
        f.write(script_text)
    return subprocess.Popen([exe, "play", "--game", "go", "--headless", "--link", spec,
                             "--script", script, "--save-dir", save],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)


def link_bot(exe, spec, engine, *extra, **kw):
    return subprocess.Popen([exe, "link-bot", "--link", spec, "--engine", engine] + list(extra),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=kw.get("new_session", False))


def move_frame_start(index):
    """The first bytes of the MOVE frame of move index (docs/link.md: 0xA5,
    type 2, SEQ = index mod 256, LEN 5)."""
    return bytes([0xA5, 2, index & 0xFF, 5])


class Joiner:
    """Carries bytes both ways between two fds (a socket's or a pty
    master's).  An end that closes is not passed on: the other side keeps
    its connection until close().  hold() stops carrying bytes from a to b;
    hold_at: bytes that, once seen coming from b, hold a to b before they
    are passed on (b's move reaches a, nothing a says after reaches b)."""

    def __init__(self, a, b, hold_at=None):
        self.fds = (a, b)
        self.hold_at = hold_at
        self.seen = b""
        self.held = False
        self.open = [True, True]
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def hold(self):
        self.held = True

    def _run(self):
        a, b = self.fds
        while not self.stop.is_set() and any(self.open):
            ready, _, _ = select.select([fd for fd, o in zip(self.fds, self.open) if o],
                                        [], [], 0.05)
            for fd in ready:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    data = b""
                if not data:
                    self.open[self.fds.index(fd)] = False
                    continue
                if fd == a and self.held:
                    continue
                if fd == b and self.hold_at and not self.held:
                    self.seen = self.seen[-len(self.hold_at):] + data
                    if self.hold_at in self.seen:
                        self.held = True
                try:
                    os.write(b if fd == a else a, data)
                except OSError:
                    pass

    def close(self):
        self.stop.set()
        self.thread.join(5)
