#!/usr/bin/env python3
"""test_page.py - the console in a web page (docs/web.md) against the native
build: the page, served by tools/serve_web.py and driven in headless
Chromium (tests/web/cdp.py), must show the native frames of the same keys,
byte for byte.

    tests/web/test_page.py --tabletop build/tabletop --site build-web/site \\
        [--source .] [--only NAME[,NAME]] [--keep]

Scenarios (--only picks some):
  sdl-go, sdl-connect4   a scripted Go game (against level 2, whose moves the
                         seed fixes) and a Connect Four game against the
                         FPGA's AI, by keys, on the C models (?backend=sdl)
  sim-go, sim-connect4   the same on the RTL in the page (?backend=sim)
  save-reload            a Go game from the chooser; once the page says its
                         save reached IndexedDB, a reload, and the game
                         resumed by keys from the chooser: the board as
                         before, and every frame as the native build's
                         (the same keys, two runs on one --save-dir)

For each key: dispatch it, wait until the C side has taken it
(window.tabletop.keysWaiting == 0) and the picture has not changed for a
settle time, then read the canvas's top 640x480 pixels (a 640x528 viewport
puts the picture at scale 1) and compare them with the native PNG of the
same step (`tabletop play --headless --script S --frames DIR`, a script
that snaps after every key).  A picture that settles on anything else is
waited for up to a timeout (a computer's move may land late on a loaded
machine), then it is a mismatch: the page's and the native picture and the
count of differing pixels are written in the scratch folder, which is kept.

Prints `name: value unit` figures (page load, keys/s, time to settle) and a
closing summary line; exit status 0 when every scenario matched.  With
--plant STEP (the companion test web-page-catch-mismatch) one pixel of the
first scenario's native frame STEP is changed: exit status 0 only when the
test then reports exactly that pixel at that step.  Writes
only in a scratch folder it makes (removed when everything passed, unless
--keep).
"""

import argparse
import base64
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import zlib

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import CdpError, Chromium  # noqa: E402
from png_rgba import read_png, write_png  # noqa: E402

WIDTH, HEIGHT = 640, 480  # the picture; the digit strip below it is not compared
VIEWPORT = (640, 528)  # picture + 48-pixel strip: scale 1
BOARD_ROWS = 456  # a Go game's frame above the status line (the line differs after a resume)
SEED = 1
PLANT_X, PLANT_Y = 321, 241  # --plant's pixel
PLANT_OFFSET = (PLANT_Y * WIDTH + PLANT_X) * 4  # its red byte

# Go against level 2 (greedy captures, random otherwise: the seed fixes its
# moves; level 4 searches for a second of real time and would not do):
# moves, an occupied point, an undo, a pass, seed 001's look, Escape to the
# mode menu and 3 to resume.
GO_KEYS = ["enter", "2", "2", "enter", "up", "enter", "up", "enter", "left", "left", "enter",
           "down", "down", "down", "enter", "backspace", "right", "enter", "space", "l", "enter",
           "escape", "3"]
# Connect Four against the FPGA's AI (the mailbox model on sdl, the RTL on
# sim): a take-back, a win on the bottom row, Enter to play again, Escape.
# The title after it offers no "Resume": the finished game's connect4.txt,
# replaced by rename after every move and removed at the win, stays gone
# (emscripten 3.1.6's FS.rename left the replaced file findable by name, and
# the page offered an old save back here).
C4_KEYS = ["enter", "1", "1", "left", "enter", "backspace", "4", "2", "5", "6", "7", "enter",
           "escape"]
# From the chooser: Go, level 2, three moves; after the reload Go, Enter on
# "Resume saved game?", and the cursor back where it was (a resumed game
# starts it at the centre).
SAVE_KEYS = ["enter", "enter", "2", "2", "enter", "up", "enter", "right", "right", "enter"]
RESUME_KEYS = ["enter", "enter", "enter", "up", "right", "right"]

SCENARIOS = ["sdl-go", "sdl-connect4", "sim-go", "sim-connect4", "save-reload"]

# Installed in the page after each load: the picture's CRC-32 (the same as
# zlib.crc32 of the RGBA bytes), and its bytes deflated (zlib format) in
# base64 (1.2 MB through the DevTools pipe takes 0.3 s, 10 kB no time),
# read from the canvas's 2D context (or a copy of it, if the page drew with
# another kind).
PROBE_JS = r"""
(() => {
  if (window.__webTest) return true;
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  function pixels() {
    const canvas = document.getElementById('screen');
    let ctx = canvas.getContext('2d');
    if (!ctx) {
      const copy = document.createElement('canvas');
      copy.width = canvas.width; copy.height = canvas.height;
      ctx = copy.getContext('2d');
      ctx.drawImage(canvas, 0, 0);
    }
    return ctx.getImageData(0, 0, %(w)d, %(h)d).data;
  }
  function crc(d) {
    let c = -1;
    for (let i = 0; i < d.length; i++) c = table[(c ^ d[i]) & 255] ^ (c >>> 8);
    return (c ^ -1) >>> 0;
  }
  window.__webTest = {
    state() {
      const t = window.tabletop || {};
      const canvas = document.getElementById('screen');
      return {ready: !!t.ready, frames: t.frames | 0, keys: t.keysWaiting | 0, saves: t.saves | 0,
              exited: t.exited === undefined ? null : t.exited,
              canvas: canvas ? [canvas.width, canvas.height] : null,
              crc: t.ready && canvas ? crc(pixels()) : 0};
    },
    async deflated() {
      const packed = new Blob([pixels()]).stream().pipeThrough(new CompressionStream('deflate'));
      const blob = await new Response(packed).blob();
      return await new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result.slice(reader.result.indexOf(',') + 1));
        reader.onerror = () => reject(reader.error);
        reader.readAsDataURL(blob);
      });
    },
  };
  return true;
})()
""" % {"w": WIDTH, "h": HEIGHT}


class Mismatch(Exception):
    """A scenario that did not match; the message says where."""


def figure(name, value, unit):
    """Prints `name: value unit` (whole numbers from 100 up, else 3 digits)."""
    if isinstance(value, float):
        value = "%.0f" % value if abs(value) >= 100 else "%.3g" % value
    print(("%s: %s %s" % (name, value, unit)).rstrip(), flush=True)


def differing_pixels(a, b, rows=HEIGHT):
    """(count, (x0, y0, x1, y1) bounding box or None) of the pixels that
    differ in the first `rows` rows of two RGBA pictures."""
    count, box = 0, None
    stride = WIDTH * 4
    for y in range(rows):
        ra, rb = a[y * stride:(y + 1) * stride], b[y * stride:(y + 1) * stride]
        if ra == rb:
            continue
        for x in range(WIDTH):
            if ra[4 * x:4 * x + 4] != rb[4 * x:4 * x + 4]:
                count += 1
                box = (x, y, x, y) if box is None else (
                    min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y))
    return count, box


class Native:
    """The native build's frames for a list of keys."""

    def __init__(self, tabletop, scratch):
        self.tabletop = tabletop
        self.scratch = scratch

    def frames(self, name, keys, args, save_dir):
        """RGBA frames of `tabletop play --headless ARGS`: [0] before the
        first key, [i] after key i."""
        folder = os.path.join(self.scratch, "native", name)
        os.makedirs(folder, exist_ok=True)
        script = os.path.join(folder, "script.txt")
        with open(script, "w") as f:
            f.write("# %s: a snap after every key\nsnap step_000\n" % name)
            for i, key in enumerate(keys, 1):
                f.write("%s\nsnap step_%03d\n" % (key, i))
        cmd = [self.tabletop, "play", "--headless", "--seed", str(SEED), "--script", script,
               "--frames", os.path.join(folder, "frames"), "--save-dir", save_dir] + args
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        started = time.monotonic()
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True, env=env, timeout=300)
        if p.returncode != 0:
            raise Mismatch("the native run failed (status %d): %s\n%s"
                           % (p.returncode, " ".join(cmd), p.stdout))
        figure("native_%s_s" % name.replace("-", "_"), time.monotonic() - started, "s")
        out = []
        for i in range(len(keys) + 1):
            w, h, rgba = read_png(os.path.join(folder, "frames", "step_%03d.png" % i))
            if (w, h) != (WIDTH, HEIGHT):
                raise Mismatch("native frame step_%03d is %dx%d, not %dx%d" % (i, w, h, WIDTH, HEIGHT))
            out.append(rgba)
        return out


class Server:
    """tools/serve_web.py SITE --port 0, its address read from its first line."""

    def __init__(self, script, site, scratch, timeout=30.0):
        self.log = open(os.path.join(scratch, "server.log"), "w")
        self.proc = subprocess.Popen([sys.executable, script, site, "--port", "0"],
                                     stdout=subprocess.PIPE, stderr=self.log, cwd=scratch)
        deadline = time.monotonic() + timeout
        line = b""
        while not line.endswith(b"\n"):
            left = deadline - time.monotonic()
            ready = select.select([self.proc.stdout], [], [], max(left, 0))[0]
            if not ready:
                self.close()
                raise Mismatch("%s printed no first line in %.0f s" % (script, timeout))
            byte = os.read(self.proc.stdout.fileno(), 1)
            if not byte:
                self.close()
                raise Mismatch("%s exited (status %s) before its first line; see %s"
                               % (script, self.proc.poll(), self.log.name))
            line += byte
        text = line.decode().strip()
        prefix, _, url = text.rpartition(" at ")
        if not prefix.startswith("serving ") or not url.startswith("http://127.0.0.1:"):
            self.close()
            raise Mismatch("%s's first line is %r, not `serving DIR at http://127.0.0.1:PORT/`"
                           % (script, text))
        self.url = url if url.endswith("/") else url + "/"

    def close(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc.stdout.close()
        self.log.close()


class PageRun:
    """One scenario's page in a fresh browser (a fresh profile, so an empty
    IndexedDB), stepped key by key against native frames."""

    def __init__(self, test, name, browser, settle, timeout):
        self.test = test
        self.name = name
        self.browser = browser
        self.settle = settle
        self.timeout = timeout
        self.page = browser.new_page(*VIEWPORT)
        self.settle_times = []
        self.compared = 0

    def open(self, url, reload=False):
        started = time.monotonic()
        if reload:
            self.page.reload()
        else:
            self.page.navigate(url)
        self.page.evaluate(PROBE_JS)
        deadline = started + self.timeout * 3
        while True:
            st = self.state()
            if st["ready"]:
                break
            if time.monotonic() > deadline:
                raise Mismatch("%s: the page did not become ready (window.tabletop.ready) in %.0f s%s"
                               % (self.name, self.timeout * 3, self.page_output()))
            time.sleep(0.1)
        if st["canvas"] is None or st["canvas"][0] != VIEWPORT[0] or st["canvas"][1] < HEIGHT:
            raise Mismatch("%s: canvas#screen is %s, not %dx%d at a %dx%d viewport (scale 1)"
                           % (self.name, st["canvas"], VIEWPORT[0], VIEWPORT[1], *VIEWPORT))
        figure("web_%s_%s_s" % (self.name.replace("-", "_"), "reload" if reload else "load"),
               time.monotonic() - started, "s")

    def state(self):
        st = self.page.evaluate("window.__webTest.state()")
        if st["exited"] is not None:
            raise Mismatch("%s: the console in the page exited (status %s)%s"
                           % (self.name, st["exited"], self.page_output()))
        return st

    def page_output(self):
        try:
            out = self.page.evaluate("window.tabletop && window.tabletop.output") or ""
        except CdpError:
            out = ""
        console = "\n".join(self.browser.console[-20:])
        return "\n  its output:\n%s\n  its console:\n%s" % (out[-3000:], console)

    def pixels(self):
        data = zlib.decompress(base64.b64decode(
            self.page.evaluate("window.__webTest.deflated()", await_promise=True, timeout=60)))
        if len(data) != WIDTH * HEIGHT * 4:
            raise Mismatch("%s: the canvas gave %d bytes, not %d" % (self.name, len(data), WIDTH * HEIGHT * 4))
        return data

    def await_frame(self, expected, step, key):
        """Waits until keys are taken and the picture is stable for the
        settle time and equal to `expected`, or the timeout; compares."""
        want = zlib.crc32(expected)
        started = time.monotonic()
        last, since, first_match = None, started, None
        while True:
            st = self.state()
            now = time.monotonic()
            if st["crc"] != last:
                last, since = st["crc"], now
            if st["crc"] == want and first_match is None:
                first_match = now - started
            elif st["crc"] != want:
                first_match = None
            stable = st["keys"] == 0 and now - since >= self.settle
            if (stable and st["crc"] == want) or now - started > self.timeout:
                break
            time.sleep(0.05)
        got = self.pixels()
        self.compared += 1
        if got == expected:
            self.settle_times.append(first_match)
            return got
        where = "after key %d (%s)" % (step, key) if step else "before the first key"
        self.report(got, expected, step, "%s: the page's picture %s is not the native one "
                    "(it %s within %.0f s)" % (self.name, where, "settled on another picture"
                                               if stable else "never settled", self.timeout))

    def report(self, got, expected, step, message, rows=HEIGHT):
        out = os.path.join(self.test.scratch, "mismatch", self.name)
        os.makedirs(out, exist_ok=True)
        web_png = os.path.join(out, "step_%03d_web.png" % step)
        native_png = os.path.join(out, "step_%03d_native.png" % step)
        write_png(web_png, WIDTH, HEIGHT, got)
        write_png(native_png, WIDTH, HEIGHT, expected)
        count, box = differing_pixels(got, expected, rows)
        raise Mismatch("%s: %d pixels differ, within x %d..%d, y %d..%d; the pictures: %s, %s%s"
                       % (message, count, box[0], box[2], box[1], box[3], web_png, native_png,
                          self.page_output()))

    def play(self, keys, native, first_step=0):
        """Checks the frame now, then each key's; returns the last picture."""
        started = time.monotonic()
        got = self.await_frame(native[0], first_step, None)
        for i, key in enumerate(keys, 1):
            self.page.key(key)
            got = self.await_frame(native[i], first_step + i, key)
        return got, time.monotonic() - started

    def figures(self, keys, elapsed):
        tag = "web_" + self.name.replace("-", "_")
        figure(tag + "_keys_per_s", len(keys) / elapsed, "keys/s")
        times = [t for t in self.settle_times if t is not None]
        if times:
            figure(tag + "_frame_ms_mean", 1000 * sum(times) / len(times), "ms")
            figure(tag + "_frame_ms_max", 1000 * max(times), "ms")


class WebTest:
    def __init__(self, args):
        self.args = args
        self.scratch = tempfile.mkdtemp(prefix="tabletop-web-page-")
        self.native = Native(args.tabletop, self.scratch)
        self.server = None
        self.compared = 0
        self.planted = False

    def browser(self, name):
        folder = os.path.join(self.scratch, "chromium-" + name)
        os.makedirs(folder)
        return Chromium(folder, timeout=60)

    def url(self, **params):
        return self.server.url + "index.html" + ("?" + urllib.parse.urlencode(params) if params else "")

    def game(self, backend, game, keys):
        name = "%s-%s" % (backend, game)
        save = os.path.join(self.scratch, "save-" + name)
        native = self.native.frames("%s-%s" % (backend, game), keys, ["--game", game], save)
        self.plant_in(native)
        slow = backend == "sim"
        with self.browser(name) as browser:
            run = PageRun(self, name, browser, settle=1.0 if slow else 0.3,
                          timeout=self.args.timeout * (4 if slow else 1))
            try:
                run.open(self.url(game=game, backend=backend, seed=SEED))
                _, elapsed = run.play(keys, native)
                run.figures(keys, elapsed)
            finally:
                self.compared += run.compared
        return "%d frames" % (len(keys) + 1)

    def save_reload(self):
        name = "save-reload"
        save = os.path.join(self.scratch, "save-" + name)
        before = self.native.frames(name + "-1", SAVE_KEYS, [], save)
        after = self.native.frames(name + "-2", RESUME_KEYS, [], save)
        self.plant_in(before)
        with self.browser(name) as browser:
            run = PageRun(self, name, browser, settle=0.3, timeout=self.args.timeout)
            try:
                run.open(self.url(seed=SEED))
                run.play(SAVE_KEYS[:-1], before)
                saves = run.state()["saves"]
                key_time = time.monotonic()
                run.page.key(SAVE_KEYS[-1])
                board = run.await_frame(before[-1], len(SAVE_KEYS), SAVE_KEYS[-1])
                self.await_sync(run, saves, key_time)
                run.open(None, reload=True)
                resumed, _ = run.play(RESUME_KEYS, after, first_step=len(SAVE_KEYS) + 1)
                stride = WIDTH * 4
                if resumed[:BOARD_ROWS * stride] != board[:BOARD_ROWS * stride]:
                    run.report(resumed, board, len(SAVE_KEYS) + len(RESUME_KEYS) + 1,
                               "%s: the resumed board is not the board before the reload" % name,
                               rows=BOARD_ROWS)
            finally:
                self.compared += run.compared
        return "%d frames, the board resumed after a reload" % (len(SAVE_KEYS) + len(RESUME_KEYS) + 2)

    def plant_in(self, frames):
        """--plant STEP: one pixel of frames[STEP] changed, once."""
        if self.args.plant is None or self.planted:
            return
        if not 0 <= self.args.plant < len(frames):
            raise Mismatch("--plant %d: the scenario has steps 0..%d" % (self.args.plant, len(frames) - 1))
        frame = bytearray(frames[self.args.plant])
        frame[PLANT_OFFSET] ^= 0x10
        frames[self.args.plant] = bytes(frame)
        self.planted = True

    def caught_plant(self, results):
        """Exit status of a --plant run: 0 when the only failure is the
        planted pixel, at its step."""
        failed = [(n, detail) for n, ok, detail in results if not ok]
        where = "after key %d " % self.args.plant if self.args.plant else "before the first key"
        if len(failed) == 1 and where in failed[0][1] and ": 1 pixels differ, within x %d..%d, y %d..%d" % (
                PLANT_X, PLANT_X, PLANT_Y, PLANT_Y) in failed[0][1]:
            print("web-page: the planted pixel (%d, %d) of step %d was caught: OK"
                  % (PLANT_X, PLANT_Y, self.args.plant))
            return 0
        print("web-page: the planted pixel (%d, %d) of step %d was not reported as the one "
              "difference: FAIL" % (PLANT_X, PLANT_Y, self.args.plant))
        return 1

    def await_sync(self, run, saves, key_time):
        """Waits until a sync to IndexedDB has completed since `saves` (read
        before the last key, sent at key_time) and no other follows for
        1.5 s (one that started before the last move may have missed it)."""
        deadline = time.monotonic() + self.args.timeout
        last, since, first = saves, time.monotonic(), None
        while True:
            now = time.monotonic()
            n = run.state()["saves"]
            if n != last:
                last, since = n, now
                first = first or now
            if last > saves and now - since >= 1.5:
                figure("web_save_synced_s", first - key_time, "s after the key")
                return
            if now > deadline:
                raise Mismatch("%s: window.tabletop.saves stayed %d for %.0f s after the last move: "
                               "the save never reached IndexedDB%s"
                               % (run.name, n, self.args.timeout, run.page_output()))
            time.sleep(0.1)

    def run(self):
        site = self.args.site
        if not os.path.isfile(os.path.join(site, "index.html")):
            print("web-page: no site at %s (index.html missing): build it with `./run.sh web` "
                  "(CI: .ci/run does) and run the test again" % site)
            return 1
        self.server = Server(self.args.server, site, self.scratch)
        figure("web_site_url", self.server.url, "")
        chosen = self.args.only.split(",") if self.args.only else SCENARIOS
        results = []
        try:
            for name in chosen:
                started = time.monotonic()
                try:
                    if name == "save-reload":
                        detail = self.save_reload()
                    elif name in SCENARIOS:
                        backend, game = name.split("-", 1)
                        detail = self.game(backend, game, GO_KEYS if game == "go" else C4_KEYS)
                    else:
                        raise Mismatch("no scenario %r (there are %s)" % (name, ", ".join(SCENARIOS)))
                    results.append((name, True, detail))
                    print("web-page: %s: OK (%s, %.1f s)" % (name, detail, time.monotonic() - started),
                          flush=True)
                except (Mismatch, CdpError) as e:
                    results.append((name, False, str(e)))
                    print("web-page: %s: FAIL: %s" % (name, e), flush=True)
        finally:
            self.server.close()
        if self.args.plant is not None:
            status = self.caught_plant(results)
            if status == 0 and not self.args.keep:
                shutil.rmtree(self.scratch, ignore_errors=True)
            return status
        failed = [n for n, ok, _ in results if not ok]
        print("web-page: %d of %d scenarios match the native build (%d pictures compared byte for "
              "byte)%s" % (len(results) - len(failed), len(results), self.compared,
                           ": FAIL (%s); the pictures and logs are in %s" % (", ".join(failed), self.scratch)
                           if failed else ""))
        if not failed and not self.args.keep:
            shutil.rmtree(self.scratch, ignore_errors=True)
        return 1 if failed else 0


def page_parser(doc):
    """The options test_page.py and bench_page.py share: the native binary,
    the site, the source tree and the web server."""
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("--tabletop", required=True, help="the native tabletop binary")
    ap.add_argument("--site", required=True, help="the site folder (build-web/site: ./run.sh web)")
    ap.add_argument("--source", default=os.path.join(here, "..", ".."), help="the source tree")
    ap.add_argument("--server", help="the web server (default SOURCE/tools/serve_web.py)")
    return ap


def page_arguments(ap):
    """Parses; the paths made absolute: the server and the native runs work
    in a scratch folder, where relative paths would not be found."""
    args = ap.parse_args()
    args.site = os.path.abspath(args.site)
    args.tabletop = os.path.abspath(args.tabletop)
    args.server = os.path.abspath(args.server or os.path.join(args.source, "tools", "serve_web.py"))
    return args


def main():
    ap = page_parser(__doc__)
    ap.add_argument("--only", help="scenarios, comma-separated: " + ", ".join(SCENARIOS))
    ap.add_argument("--timeout", type=float, default=30.0,
                    help="seconds a picture may take to settle on sdl (sim: 4 times as long)")
    ap.add_argument("--keep", action="store_true", help="keep the scratch folder")
    ap.add_argument("--plant", type=int, metavar="STEP",
                    help="change one pixel of the first scenario's native frame STEP and expect "
                         "exactly that to be reported")
    return WebTest(page_arguments(ap)).run()


if __name__ == "__main__":
    sys.exit(main())
