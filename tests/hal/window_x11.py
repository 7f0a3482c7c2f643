#!/usr/bin/env python3
"""The real window under a real X server, against the real program.

    window_x11.py TABLETOP WORKDIR

Starts Xvfb at several desktop sizes and checks what a player sees:

- the window opens at the largest whole scale that fits (1920x1080 and
  1280x1024: 2x, 800x600: 1x), with no window manager (no decorations);
- a window resized by the player is remembered: the next run opens at that
  size (state folder in WORKDIR, never the real one);
- with a window manager that does fullscreen (matchbox-window-manager), F11
  typed on the X keyboard makes the window fullscreen, the choice survives a
  restart, and F11 again leaves fullscreen.

Needs Xvfb, xdotool and xprop (Debian packages xvfb, xdotool, x11-utils)
and, for the F11 cases, matchbox-window-manager: without them the cases are
skipped with a message.  Prints TAP.  Waits on X are polls with a generous limit, not
timings.
"""
import os
import shutil
import signal
import subprocess
import sys
import time

TABLETOP, WORK = sys.argv[1], sys.argv[2]
# Seconds before a wait on X is declared failed.  Generous: under ASan, with
# the parity tests busy on both cores, a window once took over 30 s to map.
LIMIT = 120

shutil.rmtree(WORK, ignore_errors=True)
os.makedirs(WORK)
STATE = os.path.join(WORK, "state")
SAVES = os.path.join(WORK, "saves")
CONF = os.path.join(STATE, "tabletop", "window.conf")

results = []
RUNNING = []  # every tabletop started: none may outlive the test


def stop_all():
    for p in RUNNING:
        if p.poll() is None:
            p.kill()
            p.wait()


def tap(ok, name, detail=""):
    results.append((ok, name, detail))


def have(*tools):
    return all(shutil.which(t) for t in tools)


def poll(fn, what):
    """Returns fn()'s first true value, or raises after LIMIT seconds."""
    end = time.monotonic() + LIMIT
    while True:
        v = fn()
        if v:
            return v
        if time.monotonic() > end:
            raise RuntimeError("gave up waiting for " + what)
        time.sleep(0.1)


class Xserver:
    def __init__(self, width, height):
        r, w = os.pipe()
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(w), "-screen", "0", "%dx%dx24" % (width, height),
             "-nolisten", "tcp"], pass_fds=[w], stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(w)
        with os.fdopen(r) as f:
            number = f.readline().strip()
        if not number:
            self.proc.kill()
            raise RuntimeError("Xvfb did not start")
        self.display = ":" + number
        self.env = dict(os.environ, DISPLAY=self.display, SDL_AUDIODRIVER="dummy",
                        XDG_STATE_HOME=STATE)
        self.env.pop("SDL_VIDEODRIVER", None)
        self.env.pop("WAYLAND_DISPLAY", None)
        self.wm = None

    def start_wm(self):
        # matchbox binds F11 itself by default: an empty key table leaves
        # F11 to the program, as desktop window managers do.
        keys = os.path.join(WORK, "kbdconfig")
        open(keys, "w").close()
        self.wm = subprocess.Popen(["matchbox-window-manager", "-use_titlebar", "no",
                                    "-kbdconfig", keys],
                                   env=self.env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        # A window mapped before the manager runs is never managed.
        poll(lambda: "window id" in self.x("xprop", "-root", "_NET_SUPPORTING_WM_CHECK"),
             "the window manager")

    def x(self, *args):
        p = subprocess.run(list(args), env=self.env, stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, timeout=LIMIT)
        return p.stdout.decode(errors="replace") if p.returncode == 0 else ""

    def close(self):
        stop_all()
        for p in (self.wm, self.proc):
            if p:
                p.terminate()
                p.wait()


class Console:
    """tabletop --game go in a window on xs."""

    def __init__(self, xs):
        self.xs = xs
        self.proc = subprocess.Popen([TABLETOP, "--game", "go", "--save-dir", SAVES],
                                     env=xs.env, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE)
        RUNNING.append(self.proc)
        self.win = poll(self.ready_window, "the window")

    def alive(self):
        """Raises with the program's status and stderr once it has exited:
        a program that died opening its window is a failure to report, not
        a window to wait for."""
        if self.proc.poll() is not None:
            err = self.proc.stderr.read().decode(errors="replace")
            raise RuntimeError("tabletop exited with status %d before its window was ready: %r"
                               % (self.proc.returncode, err[-2000:]))

    def ready_window(self):
        """Our window once the program has finished opening it: ours by
        _NET_WM_PID (a window manager's frame may carry the title too) and,
        windowed, carrying the minimum size sdl_host sets last (setting it
        resizes the window: a resize before would be undone)."""
        self.alive()
        for win in self.xs.x("xdotool", "search", "--onlyvisible", "--pid", str(self.proc.pid),
                             "--name", "^tabletop$").split():
            if ("minimum size: 640 by 528" in self.xs.x("xprop", "-id", win, "WM_NORMAL_HINTS")
                    or "_NET_WM_STATE_FULLSCREEN" in self.xs.x("xprop", "-id", win,
                                                               "_NET_WM_STATE")):
                return win
        return None

    def size(self):
        out = self.xs.x("xdotool", "getwindowgeometry", self.win)
        for line in out.splitlines():
            if "Geometry:" in line:
                w, h = line.split()[-1].split("x")
                return int(w), int(h)
        return None

    def fullscreen(self):
        return "_NET_WM_STATE_FULLSCREEN" in self.xs.x("xprop", "-id", self.win,
                                                        "_NET_WM_STATE")

    def key(self, name):
        # XTEST types into the focused window: make sure it is ours.
        poll(lambda: self.xs.x("xdotool", "windowfocus", "--sync", self.win) is not None and
             self.xs.x("xdotool", "getwindowfocus").strip() == self.win, "the focus")
        self.xs.x("xdotool", "key", "--clearmodifiers", name)

    def quit(self):
        """As a closed window does: SIGTERM becomes SDL_QUIT, the console
        exits and the window is remembered."""
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=LIMIT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        err = self.proc.stderr.read().decode(errors="replace")
        self.proc.stderr.close()
        return self.proc.returncode, err


def read_conf():
    try:
        with open(CONF) as f:
            return f.read()
    except OSError:
        return ""


if not have("Xvfb", "xdotool", "xprop"):
    print("1..0 # SKIP needs Xvfb, xdotool and xprop (apt-get install xvfb xdotool x11-utils)")
    sys.exit(0)

# 1-3: the opening scale on bare X servers of three sizes.
# The window holds the 640x480 picture and, below it, the 48-pixel strip of
# the seven-segment digits (docs/seven_seg.md): 640x528 at 1x; the largest
# whole scale that fits the desktop is taken.
for (dw, dh), want in (((1920, 1080), (1280, 1056)), ((1280, 1024), (640, 528)),
                       ((800, 600), (640, 528))):
    name = "opens at %dx%d on a %dx%d desktop" % (want + (dw, dh))
    shutil.rmtree(STATE, ignore_errors=True)
    xs = None
    try:
        xs = Xserver(dw, dh)
        c = Console(xs)
        got = poll(c.size, "the window's size")
        status, err = c.quit()
        tap(got == want, name, "got %s" % (got,))
    except Exception as e:  # a failed case, not a crash of the whole test
        tap(False, name, str(e))
    finally:
        if xs:
            xs.close()

# 4: a resized window is remembered; the next run opens at that size.
name = "a window resized to 1000x800 opens at 1000x800 next time"
shutil.rmtree(STATE, ignore_errors=True)
xs = None
try:
    xs = Xserver(1920, 1080)
    c = Console(xs)
    xs.x("xdotool", "windowsize", "--sync", c.win, "1000", "800")
    status, err = c.quit()
    conf = read_conf()
    c = Console(xs)
    got = poll(c.size, "the window's size")
    c.quit()
    tap(got == (1000, 800) and "size 1000 800" in conf, name,
        "got %s, settings %r, status %d, stderr %r" % (got, conf, status, err))
except Exception as e:
    tap(False, name, str(e))
finally:
    if xs:
        xs.close()

# 5-7: F11 with a window manager that does fullscreen.
F11_CASES = ["F11 makes the window fullscreen", "fullscreen is remembered across runs",
             "F11 again leaves fullscreen"]
if not have("matchbox-window-manager"):
    for n in F11_CASES:
        results.append((None, n, "needs matchbox-window-manager (apt-get install "
                                 "matchbox-window-manager)"))
else:
    shutil.rmtree(STATE, ignore_errors=True)
    xs = None
    try:
        xs = Xserver(1280, 1024)
        xs.start_wm()
        c = Console(xs)
        c.key("F11")
        try:
            poll(c.fullscreen, "fullscreen")
            tap(poll(c.size, "size") == (1280, 1024), F11_CASES[0], "size %s" % (c.size(),))
        except RuntimeError as e:
            tap(False, F11_CASES[0], str(e))
        status, err = c.quit()
        c = Console(xs)
        started_full = False
        try:
            started_full = poll(c.fullscreen, "fullscreen at start")
            tap("fullscreen 1" in read_conf(), F11_CASES[1], read_conf())
        except RuntimeError as e:
            tap(False, F11_CASES[1], "%s; settings %r" % (e, read_conf()))
        c.key("F11")
        try:
            poll(lambda: not c.fullscreen(), "fullscreen to end")
            tap(started_full, F11_CASES[2], "it did not start fullscreen")
        except RuntimeError as e:
            tap(False, F11_CASES[2], str(e))
        c.quit()
    except Exception as e:
        for n in F11_CASES[len(results) - 4:]:
            tap(False, n, str(e))
    finally:
        if xs:
            xs.close()

print("1..%d" % len(results))
failed = 0
for i, (ok, name, detail) in enumerate(results, 1):
    if ok is None:
        print("ok %d - %s # SKIP %s" % (i, name, detail))
    elif ok:
        print("ok %d - %s" % (i, name))
    else:
        failed += 1
        print("not ok %d - %s\n# %s" % (i, name, detail))
shutil.rmtree(WORK, ignore_errors=True)
sys.exit(1 if failed else 0)
