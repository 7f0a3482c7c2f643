#!/usr/bin/env python3
"""cdp.py - a small Chrome DevTools protocol client over a pipe, stdlib only
(the web page's test, tests/web/test_page.py, and bench_page.py use it).

Chromium started with --remote-debugging-pipe reads commands on its fd 3
and writes replies and events on its fd 4, each message one JSON object
followed by a NUL byte.  Usage:

    with Chromium(scratch) as browser:          # headless, killed on exit
        page = browser.new_page(640, 528)       # a tab, viewport 640x528 at 1x
        page.navigate("http://127.0.0.1:8055/index.html?game=go")
        page.wait_for("window.tabletop && window.tabletop.ready", timeout=60)
        page.key("enter")
        print(page.evaluate("window.tabletop.frames"))

Everything Chromium writes (its profile, caches, temporary files, its
stderr in chromium.log) stays in the scratch folder given.  Every wait has
a timeout and raises CdpError saying what was awaited; the browser and
every process it started are killed by close() (their own process group).
"""

import fcntl
import json
import os
import select
import shutil
import signal
import subprocess
import time

CHROMIUM_FLAGS = [
    "--headless=new", "--no-sandbox", "--remote-debugging-pipe",
    "--no-first-run", "--no-default-browser-check", "--disable-extensions",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-default-apps", "--disable-breakpad", "--disable-crash-reporter",
    "--disable-dev-shm-usage", "--mute-audio", "--password-store=basic",
    "--use-mock-keychain", "--disable-features=Translate,MediaRouter",
    # A background tab must keep its timers and workers at full speed.
    "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
]

# Script step names (docs/play.md "Headless") to the DOM key event that
# types them: (KeyboardEvent.code, KeyboardEvent.key, Windows virtual key).
NAMED_KEYS = {
    "up": ("ArrowUp", "ArrowUp", 38), "down": ("ArrowDown", "ArrowDown", 40),
    "left": ("ArrowLeft", "ArrowLeft", 37), "right": ("ArrowRight", "ArrowRight", 39),
    "enter": ("Enter", "Enter", 13), "space": ("Space", " ", 32),
    "escape": ("Escape", "Escape", 27), "backspace": ("Backspace", "Backspace", 8),
    "tab": ("Tab", "Tab", 9), "f1": ("F1", "F1", 112), "f11": ("F11", "F11", 122),
}


class CdpError(Exception):
    """A failed command, a timeout, or a browser that went away."""


def key_event(name):
    """(code, key, virtual key code, text) of a script step's key name: the
    named keys above, one letter a-z or one digit 0-9."""
    name = name.lower()
    if name in NAMED_KEYS:
        code, key, vk = NAMED_KEYS[name]
        return code, key, vk, "\r" if name == "enter" else (" " if name == "space" else "")
    if len(name) == 1 and "a" <= name <= "z":
        return "Key" + name.upper(), name, ord(name.upper()), name
    if len(name) == 1 and "0" <= name <= "9":
        return "Digit" + name, name, ord(name), name
    raise CdpError("no key for the step name %r" % name)


class Chromium:
    """One headless Chromium on a pipe; a context manager that kills it."""

    def __init__(self, scratch, binary=None, timeout=30.0, extra_flags=()):
        self.scratch = scratch
        self.timeout = timeout
        self.binary = binary or os.environ.get("CHROMIUM") or shutil.which("chromium") \
            or shutil.which("chromium-browser")
        if not self.binary:
            raise CdpError("no chromium on PATH (Debian: apt-get install chromium)")
        self.extra_flags = list(extra_flags)
        self.proc = None
        self.out = None  # our end of Chromium's fd 3 (commands)
        self.inp = None  # our end of Chromium's fd 4 (replies, events)
        self.buffer = b""
        self.next_id = 0
        self.events = []  # (method, params, sessionId) not yet taken
        self.console = []  # "type: text" of the pages' console calls and exceptions

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.close()

    def start(self):
        home = os.path.join(self.scratch, "home")
        tmp = os.path.join(self.scratch, "tmp")
        for d in (home, tmp):
            os.makedirs(d, exist_ok=True)
        env = dict(os.environ, HOME=home, TMPDIR=tmp, XDG_CONFIG_HOME=os.path.join(home, ".config"),
                   XDG_CACHE_HOME=os.path.join(home, ".cache"),
                   XDG_DATA_HOME=os.path.join(home, ".local/share"))
        env.pop("DISPLAY", None)
        env.pop("WAYLAND_DISPLAY", None)
        cmd_r, cmd_w = os.pipe()
        rep_r, rep_w = os.pipe()
        # The child's ends are copied to fds >= 10 (so that neither can be
        # fd 3 or 4 already), passed as they are, and moved to fds 3 and 4
        # by the shell that then becomes Chromium (bash: dash reads only
        # one-digit fds in redirections).
        child_r = fcntl.fcntl(cmd_r, fcntl.F_DUPFD_CLOEXEC, 10)
        child_w = fcntl.fcntl(rep_w, fcntl.F_DUPFD_CLOEXEC, 10)
        for fd in (cmd_r, rep_w):
            os.close(fd)
        args = [self.binary] + CHROMIUM_FLAGS + self.extra_flags + [
            "--user-data-dir=" + os.path.join(self.scratch, "profile"), "about:blank"]
        shell = 'exec "$0" "$@" 3<&%d 4>&%d %d<&- %d>&-' % (child_r, child_w, child_r, child_w)
        self.log_path = os.path.join(self.scratch, "chromium.log")
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen(["bash", "-c", shell] + args, stdin=subprocess.DEVNULL,
                                         stdout=log, stderr=log, env=env, cwd=self.scratch,
                                         pass_fds=(child_r, child_w), start_new_session=True)
        os.close(child_r)
        os.close(child_w)
        self.out, self.inp = cmd_w, rep_r
        self.version = self.send("Browser.getVersion")["product"]
        return self

    def close(self):
        """Asks the browser to close, then kills its process group."""
        if self.proc is None:
            return
        try:
            if self.proc.poll() is None:
                self._write({"id": self._new_id(), "method": "Browser.close"})
                self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired, CdpError):
            pass
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        for fd in (self.out, self.inp):
            if fd is not None:
                os.close(fd)
        self.out = self.inp = None
        self.proc = None

    def log_tail(self, lines=20):
        """The last lines Chromium wrote on stderr (for error messages)."""
        try:
            with open(self.log_path, errors="replace") as f:
                return "".join(f.readlines()[-lines:])
        except OSError:
            return ""

    # ---- the wire ----

    def _new_id(self):
        self.next_id += 1
        return self.next_id

    def _write(self, message):
        data = json.dumps(message).encode() + b"\0"
        while data:
            try:
                n = os.write(self.out, data)
            except BrokenPipeError:
                raise CdpError("chromium closed its command pipe (exit status %s); its log:\n%s"
                               % (self.proc.poll(), self.log_tail()))
            data = data[n:]

    def _read(self, deadline, what):
        """The next message, or CdpError when deadline passes first."""
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise CdpError("timed out waiting for %s" % what)
            ready, _, _ = select.select([self.inp], [], [], left)
            if not ready:
                continue
            chunk = os.read(self.inp, 1 << 20)
            if not chunk:
                raise CdpError("chromium exited (status %s) while waiting for %s; its log:\n%s"
                               % (self.proc.poll(), what, self.log_tail()))
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(raw)

    def _note(self, message):
        """Keeps an event for wait_event; console output goes to self.console."""
        method = message.get("method", "")
        params = message.get("params", {})
        if method == "Runtime.consoleAPICalled":
            text = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
            self.console.append("%s: %s" % (params.get("type"), text))
        elif method == "Runtime.exceptionThrown":
            d = params.get("exceptionDetails", {})
            self.console.append("exception: %s %s" % (
                d.get("text", ""), d.get("exception", {}).get("description", "")))
        self.events.append((method, params, message.get("sessionId")))
        del self.events[:-1000]

    def send(self, method, params=None, session=None, timeout=None):
        """Sends one command and returns its result; CdpError on an error reply."""
        mid = self._new_id()
        message = {"id": mid, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self._write(message)
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            reply = self._read(deadline, "the reply to %s" % method)
            if reply.get("id") == mid:
                if "error" in reply:
                    raise CdpError("%s failed: %s" % (method, reply["error"].get("message")))
                return reply.get("result", {})
            if "method" in reply:
                self._note(reply)

    def wait_event(self, method, session=None, predicate=None, timeout=None):
        """The params of the first event `method` (of `session`, passing
        `predicate`) kept or still to come."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            for i, (m, params, sid) in enumerate(self.events):
                if m == method and (session is None or sid == session) and \
                        (predicate is None or predicate(params)):
                    del self.events[i]
                    return params
            message = self._read(deadline, "the event %s" % method)
            if "method" in message:
                self._note(message)

    def new_page(self, width, height):
        """A new tab with its viewport set to width x height CSS pixels at
        device scale 1 (so the page's canvas pixels are screen pixels)."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(self, session, target)
        for domain in ("Page", "Runtime"):
            page.send(domain + ".enable")
        page.send("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        page.send("Emulation.setFocusEmulationEnabled", {"enabled": True})
        return page


class Page:
    """One tab, attached with a flat session."""

    def __init__(self, browser, session, target):
        self.browser = browser
        self.session = session
        self.target = target

    def send(self, method, params=None, timeout=None):
        return self.browser.send(method, params, session=self.session, timeout=timeout)

    def navigate(self, url, timeout=60.0):
        """Loads url and waits for its load event."""
        self.browser.events = [e for e in self.browser.events if e[0] != "Page.loadEventFired"]
        result = self.send("Page.navigate", {"url": url}, timeout=timeout)
        if result.get("errorText"):
            raise CdpError("Page.navigate %s: %s" % (url, result["errorText"]))
        self.browser.wait_event("Page.loadEventFired", self.session, timeout=timeout)

    def reload(self, timeout=60.0):
        """Reloads the page (as F5 would) and waits for its load event."""
        self.browser.events = [e for e in self.browser.events if e[0] != "Page.loadEventFired"]
        self.send("Page.reload", {"ignoreCache": False}, timeout=timeout)
        self.browser.wait_event("Page.loadEventFired", self.session, timeout=timeout)

    def evaluate(self, expression, await_promise=False, timeout=None):
        """The value of a JavaScript expression (returned by value; a
        promise awaited when await_promise); CdpError if it throws."""
        result = self.send("Runtime.evaluate", {
            "expression": expression, "returnByValue": True, "awaitPromise": await_promise},
            timeout=timeout)
        if "exceptionDetails" in result:
            d = result["exceptionDetails"]
            raise CdpError("the page threw evaluating %s: %s" % (
                expression[:80], d.get("exception", {}).get("description") or d.get("text")))
        return result.get("result", {}).get("value")

    def wait_for(self, expression, timeout, poll=0.05, what=None):
        """Polls a JavaScript expression until it is truthy; returns its value."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise CdpError("timed out after %.0f s waiting for %s" % (timeout, what or expression))
            time.sleep(poll)

    def key(self, name):
        """Types one key (keyDown, then keyUp) as the keyboard would."""
        code, key, vk, text = key_event(name)
        down = {"type": "keyDown", "code": code, "key": key, "windowsVirtualKeyCode": vk,
                "nativeVirtualKeyCode": vk}
        if text:
            down.update(text=text, unmodifiedText=text)
        else:
            down["type"] = "rawKeyDown"
        self.send("Input.dispatchKeyEvent", down)
        self.send("Input.dispatchKeyEvent", {"type": "keyUp", "code": code, "key": key,
                                             "windowsVirtualKeyCode": vk,
                                             "nativeVirtualKeyCode": vk})
