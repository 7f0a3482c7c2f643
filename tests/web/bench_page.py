#!/usr/bin/env python3
"""bench_page.py - the console's benchmarks in the web page beside the
native build, one run after the other (docs/web.md; not part of CI).

    tests/web/bench_page.py --tabletop build/tabletop --site build-web/site \\
        [--bench "go --quick"] [--bench "sim --quick"] [--all]

For each benchmark: the page runs `?argv=bench NAME ...` in headless
Chromium (tests/web/cdp.py) until the program exits, then the native
`tabletop bench NAME ...` runs right after.  Both print `name: value unit`
lines; the headline figures (Go playouts/s, sim frames/s) are printed for
both and as a ratio, page over native (--all: every figure both print).
Then the size of each file served, and of the whole site, as stored and
deflated (what a server that compresses would send).  Writes only in a
scratch folder it makes and removes.
"""

import os
import re
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
from test_page import VIEWPORT, Mismatch, Server, figure, page_arguments, page_parser  # noqa: E402

HEADLINES = ["go_playouts_per_s", "go_board_playouts_per_s", "go_l3_move_ms_200_sims_per_s",
             "sim.frames_per_s", "sim.clocked_cycles_per_cpu_s"]
FIGURE = re.compile(r"^([A-Za-z0-9_.]+): (-?[0-9.e+]+) ?(.*)$")


def parse(text):
    """{name: (value, unit)} of a bench's `name: value unit` lines."""
    out = {}
    for line in text.splitlines():
        m = FIGURE.match(line.strip())
        if m:
            out[m.group(1)] = (float(m.group(2)), m.group(3).strip())
    return out


def in_page(browser, url, timeout):
    """The page's output once its program has exited, and the seconds it took."""
    page = browser.new_page(*VIEWPORT)
    started = time.monotonic()
    page.navigate(url)
    status = page.wait_for("window.tabletop && window.tabletop.exited !== null && "
                           "window.tabletop.exited !== undefined && String(window.tabletop.exited)",
                           timeout, poll=0.5, what="the page's program to exit (window.tabletop.exited)")
    output = page.evaluate("window.tabletop.output") or ""
    if status != "0":
        raise Mismatch("%s: the program exited with status %s; its output:\n%s" % (url, status, output))
    return output, time.monotonic() - started


def native(tabletop, argv, scratch, timeout):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TMPDIR=scratch)
    started = time.monotonic()
    p = subprocess.run([tabletop] + argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, env=env, timeout=timeout, cwd=scratch)
    if p.returncode != 0:
        raise Mismatch("native %s exited with status %d:\n%s" % (" ".join(argv), p.returncode, p.stdout))
    return p.stdout, time.monotonic() - started


def site_sizes(site):
    total = packed = 0
    for name in sorted(os.listdir(site)):
        path = os.path.join(site, name)
        if not os.path.isfile(path):
            continue
        with open(path, "rb") as f:
            data = f.read()
        size, small = len(data), len(zlib.compress(data, 9))
        total, packed = total + size, packed + small
        figure("web_file_bytes_%s" % name, size, "bytes (deflated %d)" % small)
    figure("web_site_bytes", total, "bytes (deflated %d)" % packed)


def compare(name, web, nat, everything):
    names = [n for n in web if n in nat] if everything else [n for n in HEADLINES if n in web and n in nat]
    if not names:
        print("bench_page: %s: no figure printed by both (page: %d figures, native: %d)"
              % (name, len(web), len(nat)))
    for n in names:
        (wv, unit), (nv, _) = web[n], nat[n]
        figure("web_" + n, wv, unit)
        figure("native_" + n, nv, unit)
        if nv:
            figure("web_over_native_" + n, wv / nv, "x")


def main():
    ap = page_parser(__doc__)
    ap.add_argument("--bench", action="append",
                    help='a benchmark and its options, e.g. "go --quick" (default: go and sim, --quick)')
    ap.add_argument("--all", action="store_true", help="every figure both print, not the headlines")
    ap.add_argument("--timeout", type=float, default=900.0, help="seconds a benchmark may take")
    args = page_arguments(ap)
    benches = args.bench or ["go --quick", "sim --quick"]
    if not os.path.isfile(os.path.join(args.site, "index.html")):
        print("bench_page: no site at %s: build it with `./run.sh web`" % args.site)
        return 1
    scratch = tempfile.mkdtemp(prefix="tabletop-web-bench-")
    server = None
    status = 0
    try:
        server = Server(args.server, args.site, scratch)
        for bench in benches:
            argv = ["bench"] + bench.split()
            url = server.url + "index.html?" + urllib.parse.urlencode({"argv": " ".join(argv)},
                                                                      quote_via=urllib.parse.quote)
            folder = tempfile.mkdtemp(prefix="chromium-", dir=scratch)
            try:
                with Chromium(folder, timeout=60) as browser:
                    web_out, web_s = in_page(browser, url, args.timeout)
                nat_out, nat_s = native(args.tabletop, argv, scratch, args.timeout)
            except (Mismatch, CdpError, subprocess.TimeoutExpired) as e:
                print("bench_page: %s: FAIL: %s" % (bench, e))
                status = 1
                continue
            figure("web_bench_%s_s" % argv[1], web_s, "s")
            figure("native_bench_%s_s" % argv[1], nat_s, "s")
            compare(bench, parse(web_out), parse(nat_out), args.all)
        site_sizes(args.site)
    finally:
        if server:
            server.close()
        shutil.rmtree(scratch, ignore_errors=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
