#!/usr/bin/env python3
"""The real window under a real X server, against the real program.

    window_x11.py TABLETOP WORKDIR

Starts Xvfb at several desktop sizes and checks what a player sees:

- the window opens at the largest whole scale that fits with the digit
  strip (1920x1080 and 1280x1024: 2x, 800x600: 1x), with no window manager
  (no decorations), and on 1280x1024 the screen shows the picture at 2x
  (docs/play.md), with and without a window manager;
- a window resized by the player is remembered: the next run opens at that
  size (state folder in WORKDIR, never the real one);
- with a window manager that does fullscreen (matchbox-window-manager), F11
  typed on the X keyboard makes the window fullscreen, the choice survives a
  restart, and F11 again leaves fullscreen;
- without a window manager, F11 shows the whole picture scaled over the
  whole screen and F11 again brings the window back, picture and all; a
  console remembered fullscreen starts that way.

What the screen shows is read from the X server itself (XGetImage through
libX11, which SDL uses too) and compared pixel for pixel with the frame the
console draws headless (--frames): the headless frame is the source of
truth, the screen must show each of its pixels as a whole block at the
expected place and factor.

Needs Xvfb, xdotool and xprop (Debian packages xvfb, xdotool, x11-utils)
and, for the F11 cases, matchbox-window-manager: without them the cases are
skipped with a message.  Prints TAP.  Waits on X are polls with a generous limit, not
timings.
"""
import ctypes
import ctypes.util
import os
import shutil
import signal
import struct
import subprocess
import sys
import time
import zlib

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


class WmExited(Exception):
    """The window manager exited before it managed the screen."""


class Xserver:
    def __init__(self, width, height):
        r, w = os.pipe()
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(w), "-screen", "0", "%dx%dx24" % (width, height),
             "-nolisten", "tcp", "-noreset"], pass_fds=[w], stdout=subprocess.DEVNULL,
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
        self.wm_log = os.path.join(WORK, "wm.log")
        # The server answers a client first (matchbox gives up at once on a
        # display it cannot open); a manager that still exits at start, as
        # matchbox did now and then with other X servers starting beside
        # this one ("can't open display"), is started again, twice at most.
        poll(lambda: self.x("xprop", "-root", "_NET_SUPPORTING_WM_CHECK") != "", "the X server")
        for attempt in range(3):
            with open(self.wm_log, "w") as log:
                self.wm = subprocess.Popen(["matchbox-window-manager", "-use_titlebar", "no",
                                            "-kbdconfig", keys],
                                           env=self.env, stdout=subprocess.DEVNULL,
                                           stderr=log)
            # A window mapped before the manager runs is never managed.
            try:
                poll(self.wm_ready, "the window manager")
                return
            except WmExited as e:
                if attempt == 2:
                    raise RuntimeError(str(e))

    def wm_ready(self):
        if self.wm.poll() is not None:
            with open(self.wm_log) as f:
                raise WmExited("matchbox-window-manager exited with status %d: %r"
                               % (self.wm.returncode, f.read()[-500:]))
        return "window id" in self.x("xprop", "-root", "_NET_SUPPORTING_WM_CHECK")

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
        # Ready only once the first frame is on the screen: the console draws
        # it after the window has fully opened.  The window's own hints (the
        # minimum size) are set a moment before SDL's last resize to its own
        # idea of the size, which undid a resize made in that moment (case 4
        # failed about 1 run in 6-45).
        poll(self.drawn, "the first frame in the window")

    def geometry(self):
        """(x, y, width, height) of the window on the screen, or None."""
        out = self.xs.x("xdotool", "getwindowgeometry", self.win)
        pos = size = None
        for line in out.splitlines():
            if "Position:" in line:
                pos = [int(v) for v in line.split()[1].split(",")]
            elif "Geometry:" in line:
                size = [int(v) for v in line.split()[-1].split("x")]
        return tuple(pos + size) if pos and size else None

    def drawn(self):
        """True once the window shows a pixel of the title's background."""
        self.alive()
        g = self.geometry()
        if not g:
            return False
        x, y, w, h = g
        bg = TITLE[2][0][0:3]
        sw, sh, rows = screenshot(self.xs.display)
        x0, x1 = max(x, 0), min(x + w, sw)
        for row in rows[max(y, 0):min(y + h, sh)]:
            i = row.find(bg, x0 * 3, x1 * 3)
            while i >= 0 and i % 3:
                i = row.find(bg, i + 1, x1 * 3)
            if i >= 0:
                return True
        return False

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


def read_png(path):
    """(width, height, rows) of an 8-bit RGB or RGBA PNG, rows as RGB bytes."""
    with open(path, "rb") as f:
        data = f.read()
    pos, idat = 8, b""
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            if depth != 8 or ctype not in (2, 6):
                raise RuntimeError("%s: not 8-bit RGB(A)" % path)
        elif kind == b"IDAT":
            idat += body
    bpp = 3 if ctype == 2 else 4
    raw, stride = zlib.decompress(idat), w * bpp
    prev, rows = bytearray(stride), []
    for y in range(h):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
        rows.append(bytes(line) if bpp == 3 else
                    bytes(v for k, v in enumerate(line) if k % 4 != 3))
    return w, h, rows


class _XImage(ctypes.Structure):
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
                ("format", ctypes.c_int), ("data", ctypes.c_void_p),
                ("byte_order", ctypes.c_int), ("bitmap_unit", ctypes.c_int),
                ("bitmap_bit_order", ctypes.c_int), ("bitmap_pad", ctypes.c_int),
                ("depth", ctypes.c_int), ("bytes_per_line", ctypes.c_int),
                ("bits_per_pixel", ctypes.c_int)]


def screenshot(display):
    """(width, height, rows) of the whole screen of display, rows as RGB
    bytes, read with XGetImage (Xvfb at depth 24 keeps 32 bits a pixel)."""
    x = ctypes.CDLL(ctypes.util.find_library("X11"))
    x.XOpenDisplay.restype = ctypes.c_void_p
    x.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x.XDefaultRootWindow.restype = ctypes.c_ulong
    x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x.XDisplayWidth.argtypes = x.XDisplayHeight.argtypes = [ctypes.c_void_p, ctypes.c_int]
    x.XGetImage.restype = ctypes.POINTER(_XImage)
    x.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                            ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
    x.XDestroyImage.argtypes = [ctypes.POINTER(_XImage)]
    x.XCloseDisplay.argtypes = [ctypes.c_void_p]
    d = x.XOpenDisplay(display.encode())
    if not d:
        raise RuntimeError("cannot open display " + display)
    try:
        w, h = x.XDisplayWidth(d, 0), x.XDisplayHeight(d, 0)
        img = x.XGetImage(d, x.XDefaultRootWindow(d), 0, 0, w, h, 0xFFFFFFFF, 2)  # ZPixmap
        if not img:
            raise RuntimeError("XGetImage failed")
        im = img.contents
        if im.bits_per_pixel != 32 or im.byte_order != 0:
            raise RuntimeError("unexpected X image: %d bits, byte order %d"
                               % (im.bits_per_pixel, im.byte_order))
        raw = ctypes.string_at(im.data, im.bytes_per_line * h)
        rows = []
        for y in range(h):
            line = raw[y * im.bytes_per_line:y * im.bytes_per_line + 4 * w]
            rgb = bytearray(3 * w)
            rgb[0::3], rgb[1::3], rgb[2::3] = line[2::4], line[1::4], line[0::4]
            rows.append(bytes(rgb))
        x.XDestroyImage(img)
        return w, h, rows
    finally:
        x.XCloseDisplay(d)


def frame_mismatch(shot, frame, left, top, scale):
    """How many pixels of the 640x480 frame the screen does not show at
    (left, top) at a whole factor scale (each frame pixel a scale x scale
    block: its centre and its corners are checked).  Off-screen pixels count."""
    sw, sh, srows = shot
    fw, fh, frows = frame
    if left < 0 or top < 0 or left + fw * scale > sw or top + fh * scale > sh:
        return fw * fh
    bad = 0
    for y in range(fh):
        want = frows[y]
        for dy in sorted({0, scale // 2, scale - 1}):
            row = srows[top + y * scale + dy]
            for dx in sorted({0, scale // 2, scale - 1}):
                start = (left + dx) * 3
                got = row[start:start + fw * scale * 3]
                for ch in range(3):
                    if got[ch::3 * scale] != want[ch::3]:
                        bad += sum(1 for a, b in zip(got[ch::3 * scale], want[ch::3]) if a != b)
    return bad


def wait_picture(xs, frame, left, top, scale):
    """Polls the screen until it shows frame at (left, top) at scale;
    returns 0, or raises with the mismatch seen last."""
    last = [None]

    def shown():
        last[0] = frame_mismatch(screenshot(xs.display), frame, left, top, scale)
        return last[0] == 0

    try:
        poll(shown, "the picture at %d,%d at %dx" % (left, top, scale))
    except RuntimeError as e:
        raise RuntimeError("%s: %s samples differ" % (e, last[0]))
    return 0


def title_frame():
    """The Go title as the console draws it headless: what the window shows first."""
    frames, saves = os.path.join(WORK, "frames"), os.path.join(WORK, "frames-saves")
    script = os.path.join(WORK, "title.txt")
    with open(script, "w") as f:
        f.write("snap title\n")
    env = dict(os.environ, XDG_STATE_HOME=os.path.join(WORK, "frames-state"))
    subprocess.run([TABLETOP, "--game", "go", "--headless", "--script", script, "--frames",
                    frames, "--save-dir", saves], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=LIMIT)
    return read_png(os.path.join(frames, "title.png"))


def read_conf():
    try:
        with open(CONF) as f:
            return f.read()
    except OSError:
        return ""


if not have("Xvfb", "xdotool", "xprop"):
    print("1..0 # SKIP needs Xvfb, xdotool and xprop (apt-get install xvfb xdotool x11-utils)")
    sys.exit(0)

TITLE = title_frame()

# 1-3: the opening scale on bare X servers of three sizes.
# The window holds the 640x480 picture and, below it, the strip of the
# seven-segment digits (docs/seven_seg.md), 48 pixels at 1x: 640x528.  The
# largest whole scale of the picture that fits the desktop with the strip
# is taken (docs/play.md: 2x on 1920x1080 and 1280x1024); on 1280x1024 the
# strip gets the 64 pixels left under the 2x picture (it opened at 1x).
# Where the picture lands is checked on the screen: 2x at the top-left of
# 1280x1024, 2x centred on 1920x1080, 1x on 800x600.
for (dw, dh), want, at in (((1920, 1080), (1280, 1056), (320, 12, 2)),
                           ((1280, 1024), (1280, 1024), (0, 0, 2)),
                           ((800, 600), (640, 528), (80, 36, 1))):
    name = "opens at %dx%d on a %dx%d desktop, the picture at %dx" % (want + (dw, dh, at[2]))
    shutil.rmtree(STATE, ignore_errors=True)
    xs = None
    try:
        xs = Xserver(dw, dh)
        c = Console(xs)
        got = poll(c.size, "the window's size")
        try:
            wait_picture(xs, TITLE, *at)
            shown = ""
        except RuntimeError as e:
            shown = str(e)
        status, err = c.quit()
        tap(got == want and not shown, name, "got %s %s" % (got, shown))
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

# 5-7: F11 without a window manager: nobody acts on SDL's fullscreen
# request, and the screen showed an offset quarter of the picture until F11
# again.  Now the window covers the screen itself, the picture whole at 2x;
# F11 again puts it back where it was, at its size.  A window remembered
# fullscreen starts the same way.
NOWM_CASES = ["without a window manager F11 shows the whole picture at 2x over the whole screen",
              "without a window manager F11 again brings the window back, the picture at 1x",
              "without a window manager a remembered fullscreen starts covering the screen"]
first = len(results)
shutil.rmtree(STATE, ignore_errors=True)
xs = None
try:
    xs = Xserver(1280, 1024)
    os.makedirs(os.path.dirname(CONF))
    with open(CONF, "w") as f:
        f.write("size 640 528\nfullscreen 0\n")  # a window the player made smaller
    c = Console(xs)
    wait_picture(xs, TITLE, 320, 248, 1)
    covering, back = ((0, 0, 1280, 1024), 2), ((320, 248, 640, 528), 1)

    def window_shows(at, what):
        """The window at at[0] (x, y, w, h) shows the title at scale at[1]."""
        poll(lambda: c.geometry() == at[0], what)
        wait_picture(xs, TITLE, at[0][0], at[0][1], at[1])

    c.key("F11")
    try:
        window_shows(covering, "the window to cover the screen")
        tap(True, NOWM_CASES[0])
    except RuntimeError as e:
        tap(False, NOWM_CASES[0], "%s; window %s" % (e, c.geometry()))
    c.key("F11")
    try:
        window_shows(back, "the window back at 640x528")
        tap(True, NOWM_CASES[1])
    except RuntimeError as e:
        tap(False, NOWM_CASES[1], "%s; window %s" % (e, c.geometry()))
    c.key("F11")
    poll(lambda: c.geometry() == covering[0], "the window to cover the screen")
    c.quit()
    conf = read_conf()
    c = Console(xs)
    try:
        window_shows(covering, "the window to cover the screen")
        tap("fullscreen 1" in conf and "size 640 528" in conf, NOWM_CASES[2], conf)
    except RuntimeError as e:
        tap(False, NOWM_CASES[2], "%s; window %s; settings %r" % (e, c.geometry(), conf))
    c.quit()
except Exception as e:
    for n in NOWM_CASES[len(results) - first:]:
        tap(False, n, str(e))
finally:
    if xs:
        xs.close()

# 8-11: with a window manager that does fullscreen: the 2x picture on
# 1280x1024 (matchbox gives the window the whole screen), and F11.
F11_CASES = ["with a window manager the 1280x1024 screen shows the picture at 2x",
             "F11 makes the window fullscreen", "fullscreen is remembered across runs",
             "F11 again leaves fullscreen"]
first = len(results)
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
        try:
            wait_picture(xs, TITLE, 0, 0, 2)
            tap(True, F11_CASES[0])
        except RuntimeError as e:
            tap(False, F11_CASES[0], "%s; window %s" % (e, c.geometry()))
        c.key("F11")
        try:
            poll(c.fullscreen, "fullscreen")
            tap(poll(c.size, "size") == (1280, 1024), F11_CASES[1], "size %s" % (c.size(),))
        except RuntimeError as e:
            tap(False, F11_CASES[1], str(e))
        status, err = c.quit()
        c = Console(xs)
        started_full = False
        try:
            started_full = poll(c.fullscreen, "fullscreen at start")
            tap("fullscreen 1" in read_conf(), F11_CASES[2], read_conf())
        except RuntimeError as e:
            tap(False, F11_CASES[2], "%s; settings %r" % (e, read_conf()))
        c.key("F11")
        try:
            poll(lambda: not c.fullscreen(), "fullscreen to end")
            tap(started_full, F11_CASES[3], "it did not start fullscreen")
        except RuntimeError as e:
            tap(False, F11_CASES[3], str(e))
        c.quit()
    except Exception as e:
        for n in F11_CASES[len(results) - first:]:
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
