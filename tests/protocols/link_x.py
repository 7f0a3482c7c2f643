"""A console in a real window, looked at as a player does, for the link
tests (tests/protocols/test_link_hw.py): its own Xvfb, keys typed through
XTEST, the screen read back with XGetImage.

What is read, and against what:
  - the picture (640x480 at 1x) at the window's place: stones sampled at the
    points of docs/play.md's board (9x9: the grid from (128, 20), 48 px apart,
    stones of radius 20, near-black and near-white);
  - the strip of the seven-segment digits under it (docs/seven_seg.md): each
    segment a rectangle, lit (255, 32, 16) or dark (48, 8, 8), read with the
    DE1-SoC's numbering (a top, b upper right, c lower right, d bottom,
    e lower left, f upper left, g middle) and compared with characters drawn
    here by hand, not with the driver's font.
Needs Xvfb and xdotool (Debian xvfb, xdotool); have_x() says."""
import atexit
import ctypes
import ctypes.util
import os
import shutil
import signal
import subprocess
import sys
import time

# Every Xvfb and console started here: none may outlive the test (meson's
# timeout sends SIGTERM; it ends the test through the same cleanup).
RUNNING = []


def _stop_all():
    for p in RUNNING:
        if p.poll() is None:
            p.kill()
            p.wait()


atexit.register(_stop_all)
signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))

LIT, DARK = (255, 32, 16), (48, 8, 8)
BLACK_STONE, WHITE_STONE = (17, 17, 17), (238, 238, 238)  # 0x1082, 0xEF7D as RGB444 x 17
WARN = (255, 102, 68)  # COLOR_WARN 0xFB08 as RGB444 x 17
SEG = "abcdefg"

# Each character three rows of a 3-wide drawing:   _      a
#                                                 |_|   f g b
#                                                 |_|   e d c
# A character may have more than one accepted drawing (a 7 with or without
# f, a 9 with or without d).
_PICTURES = {
    " ": ["         "],
    "0": [" _ | ||_|"], "1": ["     |  |"], "2": [" _  _||_ "],
    "3": [" _  _| _|"], "4": ["   |_|  |"], "5": [" _ |_  _|"], "6": [" _ |_ |_|"],
    "7": [" _   |  |", " _ | |  |"], "8": [" _ |_||_|"], "9": [" _ |_| _|", " _ |_|  |"],
    "A": [" _ |_|| |"], "b": ["   |_ |_|"], "d": ["    _||_|"], "E": [" _ |_ |_ "],
    "I": ["   |  |  "], "L": ["   |  |_ "], "n": ["    _ | |"], "O": [" _ | ||_|"],
    "P": [" _ |_||  "], "r": ["    _ |  "], "S": [" _ |_  _|"], "W": ["   | | _ "],
}


def _segments(drawing):
    d = drawing
    assert len(d) == 9, drawing
    r0, r1, r2 = d[0:3], d[3:6], d[6:9]
    s = set()
    if r0[1] == "_":
        s.add("a")
    if r1[2] == "|":
        s.add("b")
    if r2[2] == "|":
        s.add("c")
    if r2[1] == "_":
        s.add("d")
    if r2[0] == "|":
        s.add("e")
    if r1[0] == "|":
        s.add("f")
    if r1[1] == "_":
        s.add("g")
    return frozenset(s)


GLYPHS = {ch: [_segments(d) for d in ds] for ch, ds in _PICTURES.items()}


def text_matches(text, digits):
    """digits: six sets of lit segments, HEX5 first; text: what they should
    say, right-padded to six."""
    text = text.ljust(6)
    return len(text) == 6 and all(seg in GLYPHS.get(ch, []) for ch, seg in zip(text, digits))


def show_digits(digits):
    """The six digits as text where a character matches, '?' elsewhere."""
    out = ""
    for seg in digits:
        hit = [ch for ch, ss in GLYPHS.items() if seg in ss]
        out += hit[0] if hit else "?"
    return out


def have_x():
    return bool(shutil.which("Xvfb") and shutil.which("xdotool") and
                ctypes.util.find_library("X11") and ctypes.util.find_library("Xtst"))


class _XImage(ctypes.Structure):
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
                ("format", ctypes.c_int), ("data", ctypes.c_void_p),
                ("byte_order", ctypes.c_int), ("bitmap_unit", ctypes.c_int),
                ("bitmap_bit_order", ctypes.c_int), ("bitmap_pad", ctypes.c_int),
                ("depth", ctypes.c_int), ("bytes_per_line", ctypes.c_int),
                ("bits_per_pixel", ctypes.c_int)]


_x11 = _xtst = None


def _libs():
    global _x11, _xtst
    if _x11 is None:
        x = ctypes.CDLL(ctypes.util.find_library("X11"))
        x.XOpenDisplay.restype = ctypes.c_void_p
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XDefaultRootWindow.restype = ctypes.c_ulong
        x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x.XGetImage.restype = ctypes.POINTER(_XImage)
        x.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                                ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
        x.XDestroyImage.argtypes = [ctypes.POINTER(_XImage)]
        x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        x.XStringToKeysym.restype = ctypes.c_ulong
        x.XStringToKeysym.argtypes = [ctypes.c_char_p]
        x.XKeysymToKeycode.restype = ctypes.c_ubyte
        x.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        x.XFlush.argtypes = x.XSync.argtypes = [ctypes.c_void_p]
        x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        t = ctypes.CDLL(ctypes.util.find_library("Xtst"))
        t.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int,
                                        ctypes.c_ulong]
        _x11, _xtst = x, t
    return _x11, _xtst


class Xserver:
    """An Xvfb of its own (the number it picks, -displayfd), no window manager."""

    def __init__(self, width=800, height=600):
        r, w = os.pipe()
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(w), "-screen", "0", "%dx%dx24" % (width, height),
             "-nolisten", "tcp", "-noreset"], pass_fds=[w], stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        RUNNING.append(self.proc)
        os.close(w)
        with os.fdopen(r) as f:
            number = f.readline().strip()
        if not number:
            self.proc.kill()
            self.proc.wait()
            raise RuntimeError("Xvfb did not start")
        self.display = ":" + number
        x, _ = _libs()
        self.d = None
        end = time.monotonic() + 30
        while not self.d and time.monotonic() < end:
            self.d = x.XOpenDisplay(self.display.encode())
            if not self.d:
                time.sleep(0.05)
        if not self.d:
            self.close()
            raise RuntimeError("cannot open display " + self.display)
        self.root = x.XDefaultRootWindow(self.d)

    def env(self, base, state):
        e = dict(base, DISPLAY=self.display, XDG_STATE_HOME=state)
        e.pop("SDL_VIDEODRIVER", None)
        e.pop("WAYLAND_DISPLAY", None)
        return e

    def grab(self, left, top, w, h):
        """Rows of RGB tuples of the screen rectangle."""
        x, _ = _libs()
        img = x.XGetImage(self.d, self.root, left, top, w, h, 0xFFFFFFFF, 2)  # ZPixmap
        if not img:
            raise RuntimeError("XGetImage failed")
        im = img.contents
        raw = ctypes.string_at(im.data, im.bytes_per_line * h)
        rows = []
        for y in range(h):
            line = raw[y * im.bytes_per_line:y * im.bytes_per_line + 4 * w]
            rows.append([(line[4 * i + 2], line[4 * i + 1], line[4 * i]) for i in range(w)])
        x.XDestroyImage(img)
        return rows

    def key(self, name):
        """Presses and releases the key (an X keysym name: Return, space, Left,
        v, ...) through XTEST; returns the time the press was flushed."""
        x, t = _libs()
        code = x.XKeysymToKeycode(self.d, x.XStringToKeysym(name.encode()))
        if not code:
            raise RuntimeError("no keycode for " + name)
        t.XTestFakeKeyEvent(self.d, code, 1, 0)
        x.XFlush(self.d)
        at = time.monotonic()
        t.XTestFakeKeyEvent(self.d, code, 0, 0)
        x.XSync(self.d, 0)
        return at

    def xdotool(self, *args):
        p = subprocess.run(["xdotool"] + list(args), env=dict(os.environ, DISPLAY=self.display),
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=60)
        return p.stdout.decode(errors="replace") if p.returncode == 0 else ""

    def close(self):
        if getattr(self, "d", None):
            _libs()[0].XCloseDisplay(self.d)
            self.d = None
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait()


def poll(fn, limit, what, step=0.02):
    end = time.monotonic() + limit
    while True:
        v = fn()
        if v:
            return v
        if time.monotonic() > end:
            raise RuntimeError("gave up waiting for " + what)
        time.sleep(step)


class WindowConsole:
    """`tabletop play --game go --link SPEC` in a window on its own Xvfb;
    stderr goes to a file (read it with err())."""

    KEYS = {"enter": "Return", "space": "space", "up": "Up", "down": "Down", "left": "Left",
            "right": "Right", "escape": "Escape"}

    def __init__(self, exe, args, work, name, env, limit=120):
        self.xs = Xserver()
        self.name = name
        self.errpath = os.path.join(work, name + ".err")
        state = os.path.join(work, name + "-state")
        self.errf = open(self.errpath, "w")
        env = dict(env)
        if "ASAN_OPTIONS" in env:
            # The sanitizer build (tools/ci_hardening.sh): SDL's X11 video
            # opens libdbus, whose allocations outlive the process (not ours;
            # unsymbolised, so no suppression can name them).  Leak checks
            # stay on for every headless console of the suite.
            env["ASAN_OPTIONS"] += ":detect_leaks=0"
        self.proc = subprocess.Popen([exe, "play", "--game", "go"] + args,
                                     env=self.xs.env(env, state), stdout=subprocess.DEVNULL,
                                     stderr=self.errf)
        RUNNING.append(self.proc)
        try:
            self.win = poll(self._window, limit, "the window of " + name, 0.1)
            geo = poll(self._geometry, limit, "the window's place", 0.1)
            self.left, self.top = geo[0], geo[1]
            if geo[2:] != (640, 528):
                raise RuntimeError("%s: window %s, not 640x528 at 1x" % (name, geo))
            self.xs.xdotool("windowfocus", "--sync", self.win)
        except Exception:
            self.close()
            raise

    def _window(self):
        if self.proc.poll() is not None:
            raise RuntimeError("%s exited with %d: %s" % (self.name, self.proc.returncode,
                                                          self.err()[-1500:]))
        for w in self.xs.xdotool("search", "--onlyvisible", "--pid", str(self.proc.pid),
                                 "--name", "^tabletop$").split():
            return w
        return None

    def _geometry(self):
        out = self.xs.xdotool("getwindowgeometry", self.win)
        pos = size = None
        for line in out.splitlines():
            if "Position:" in line:
                pos = [int(v) for v in line.split()[1].split(",")]
            elif "Geometry:" in line:
                size = [int(v) for v in line.split()[-1].split("x")]
        return tuple(pos + size) if pos and size else None

    def err(self):
        self.errf.flush()
        with open(self.errpath) as f:
            return f.read()

    def key(self, name):
        return self.xs.key(self.KEYS.get(name, name))

    def keys(self, names, gap=0.03):
        for k in names:
            self.key(k)
            time.sleep(gap)

    # ---- what the screen shows
    def point_xy(self, row, col):
        return self.left + 128 + 48 * col, self.top + 20 + 48 * row

    def stone_at(self, row, col, rows=None):
        """'B' or 'W' for a solid stone at the point, '.' otherwise (empty,
        a territory mark, a hollow dead stone): the share of a ring of radius
        9..17 px around the point (clear of the last-move mark, 7 px) that
        has the stone's colour."""
        x, y = self.point_xy(row, col)
        if rows is None:
            rows = self.xs.grab(x - 18, y - 18, 37, 37)
        n = {BLACK_STONE: 0, WHITE_STONE: 0}
        total = 0
        for dy in range(-17, 18):
            for dx in range(-17, 18):
                if 81 <= dx * dx + dy * dy <= 289:
                    total += 1
                    p = rows[dy + 18][dx + 18]
                    if p in n:
                        n[p] += 1
        if n[BLACK_STONE] > 0.9 * total:
            return "B"
        if n[WHITE_STONE] > 0.9 * total:
            return "W"
        return "."

    def board(self, size=9):
        """The stones the picture shows, rows of 'B', 'W', '.'."""
        x0, y0 = self.point_xy(0, 0)
        span = 48 * (size - 1)
        shot = self.xs.grab(x0 - 18, y0 - 18, span + 37, span + 37)
        out = []
        for r in range(size):
            line = ""
            for c in range(size):
                sub = [row[48 * c:48 * c + 37] for row in shot[48 * r:48 * r + 37]]
                line += self.stone_at(r, c, sub)
            out.append(line)
        return out

    def status_has(self, colour):
        """True when the status line (the picture's bottom rows, y 452..479)
        has a pixel of colour."""
        rows = self.xs.grab(self.left, self.top + 452, 640, 28)
        return any(colour in row for row in rows)

    def digits(self):
        """The six digits of the strip, HEX5 first, each the set of its lit
        segments; None when the strip does not hold 42 segments."""
        rows = self.xs.grab(self.left, self.top + 480, 640, 48)
        h, w = len(rows), len(rows[0])
        seen = [[False] * w for _ in range(h)]
        comps = []
        for y in range(h):
            for x in range(w):
                p = rows[y][x]
                if seen[y][x] or p not in (LIT, DARK):
                    continue
                stack, box = [(x, y)], [x, y, x, y]
                seen[y][x] = True
                while stack:
                    cx, cy = stack.pop()
                    box = [min(box[0], cx), min(box[1], cy), max(box[2], cx), max(box[3], cy)]
                    for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                        if 0 <= nx < w and 0 <= ny < h and not seen[ny][nx] and rows[ny][nx] == p:
                            seen[ny][nx] = True
                            stack.append((nx, ny))
                comps.append((box, p == LIT))
        if len(comps) != 42:
            return None
        comps.sort(key=lambda c: c[0][0])
        digits, cur, right = [], [], -1
        for box, lit in comps:
            if cur and box[0] > right + 1:
                digits.append(cur)
                cur = []
            cur.append((box, lit))
            right = max(right, box[2])
        digits.append(cur)
        if len(digits) != 6 or any(len(d) != 7 for d in digits):
            return None
        out = []
        for d in digits:
            x0 = min(b[0] for b, _ in d)
            x1 = max(b[2] for b, _ in d)
            y0 = min(b[1] for b, _ in d)
            y1 = max(b[3] for b, _ in d)
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            lit = set()
            for (bx0, by0, bx1, by1), on in d:
                cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
                if bx1 - bx0 > by1 - by0:  # a bar across
                    name = "a" if cy < y0 + (y1 - y0) / 4 else "d" if cy > y1 - (y1 - y0) / 4 \
                        else "g"
                else:
                    name = ("f" if cy < my else "e") if cx < mx else ("b" if cy < my else "c")
                if on:
                    lit.add(name)
            out.append(frozenset(lit))
        return out

    def shows_digits(self, text):
        d = self.digits()
        return d is not None and text_matches(text, d)

    def close(self, sig=True):
        """Closes the window as a player does (SIGTERM is SDL_QUIT); returns
        the exit status."""
        rc = self.proc.poll()
        if rc is None and sig:
            self.proc.terminate()
            try:
                rc = self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                rc = self.proc.wait()
        elif rc is None:
            self.proc.kill()
            rc = self.proc.wait()
        self.errf.close()
        self.xs.close()
        return rc
