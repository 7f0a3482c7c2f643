#!/usr/bin/env bash
# run.sh - from a fresh clone to playing or to a green test suite.
#
#   ./run.sh play [tabletop play options]   install what is missing, build, play
#   ./run.sh test                           install what is missing, build, run all tests
#   ./run.sh build                          install what is missing, build
#   ./run.sh deps                           only install what is missing
#   ./run.sh harden [STEP...]               sanitizers, fuzzing, static analysis (tools/ci_hardening.sh)
#   ./run.sh web [--serve [PORT]]           the console as a web page in build-web/site (docs/web.md);
#                                           --serve: then serve it on 127.0.0.1 (default port 8055)
#
# Packages come from Debian/Ubuntu apt; the script asks for sudo only when it
# has to install something and is not root.
set -euo pipefail
cd "$(dirname "$0")"

BUILD_DIR=${BUILD_DIR:-build}

# What playing needs, and what the full test suite needs on top.  Installed
# without Recommends, so a package only recommended by another is named:
# gcc recommends the C library's headers (libc6-dev), and the cross compiler
# gcc-arm-linux-gnueabihf the ARM one (libc6-dev-armhf-cross: Scrt1.o, crti.o).
# tools/check_packages.py (the packages-complete test) fails when a package
# the build or the tests use is missing here.  libx11-dev comes with
# libsdl2-dev, but the window's own fullscreen without a window manager
# (hal/sdl_host.c) calls Xlib itself, so it is named.  liblz4-dev: the FST
# writer of newer Verilators (5.050) needs it beside zlib (docs/sim.md).
PLAY_PACKAGES="gcc libc6-dev pkg-config meson ninja-build libsdl2-dev libpng-dev
  libusb-1.0-0-dev libx11-dev verilator g++ make zlib1g-dev liblz4-dev python3"
TEST_PACKAGES="libcriterion-dev gnugo gcc-arm-linux-gnueabihf libc6-dev-armhf-cross
  qemu-user-static clang tcl file libclang-rt-14-dev clang-tidy cppcheck
  xvfb xdotool libxtst6 x11-utils matchbox-window-manager yosys grhino valgrind nodejs"
# The web page (docs/web.md): Debian's emscripten (its optimiser needs
# node-acorn, found through NODE_PATH) and chromium for the page's test.
# Their own dependencies bring the rest (clang, lld, binaryen, nodejs; mesa
# and a font for chromium); nothing they only recommend is used.
WEB_PACKAGES="emscripten node-acorn chromium"
WEB_BUILD_DIR=${WEB_BUILD_DIR:-build-web}

missing_packages() {
    local p
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || echo "$p"
    done
}

install_packages() {
    local missing
    missing=$(missing_packages "$@" | tr '\n' ' ')
    [ -z "${missing// /}" ] && return 0
    if ! command -v apt-get >/dev/null; then
        echo "run.sh: please install these packages with your package manager: $missing" >&2
        exit 1
    fi
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    echo "run.sh: installing $missing"
    $sudo apt-get update -qq
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
}

build() {
    if [ ! -f "$BUILD_DIR/build.ninja" ]; then
        meson setup "$BUILD_DIR" "$@"
    fi
    meson compile -C "$BUILD_DIR"
    sim_note
}

# One line when the build has no sim backend, saying why (docs/sim.md).
sim_note() {
    grep -q '^#define HAVE_SIM 1' "$BUILD_DIR/config.h" 2>/dev/null && return 0
    local why version
    if ! command -v verilator >/dev/null; then
        why="no verilator on PATH (Debian/Ubuntu: apt-get install verilator)"
    else
        version=$(verilator --version 2>/dev/null | awk '{print $2}')
        if [ "$(printf '%s\n' 5.006 "$version" | sort -V | head -1)" != 5.006 ]; then
            why="Verilator $version is older than 5.006"
        elif ! command -v g++ >/dev/null; then
            why="no C++ compiler (apt-get install g++)"
        else
            why="it was switched off (meson configure $BUILD_DIR -Dsim=enabled)"
        fi
    fi
    echo "run.sh: playing on sdl only: the sim backend is not built: $why" >&2
}

# The web page: the same sources built for WebAssembly with the cross file,
# without the libraries a page cannot have; BUILD/site/ is what is served.
# -Dsim is left to auto: the sim backend joins when Verilator is there.
build_web() {
    export NODE_PATH=/usr/share/nodejs
    if [ ! -f "$WEB_BUILD_DIR/build.ninja" ]; then
        meson setup "$WEB_BUILD_DIR" --cross-file cross/wasm32-emscripten.txt \
            -Dsdl=disabled -Dpng=disabled -Dusb=disabled -Dtests=disabled
    fi
    meson compile -C "$WEB_BUILD_DIR"
}

# The same, for `./run.sh test`: one line, or the end of the log and a
# failure status (the tests still run: the rest of the suite is worth seeing).
build_web_quietly() {
    local log="$WEB_BUILD_DIR.log"
    if (build_web) >"$log" 2>&1; then
        echo "run.sh: the web page is in $WEB_BUILD_DIR/site (log: $log)"
    else
        tail -n 30 "$log" >&2
        echo "run.sh: the web build failed (whole log: $log)" >&2
        return 1
    fi
}

# Prints Criterion cases (TAP lines) and other tests as one closing line.
summarise() {
    python3 - "$BUILD_DIR/meson-logs/testlog.json" <<'PY'
import json, re, sys
passed = failed = skipped = 0
for line in open(sys.argv[1]):
    t = json.loads(line)
    out = t.get("stdout") or ""
    tap = re.findall(r"^(ok|not ok)\b(.*)$", out, re.M)
    if tap:
        for status, rest in tap:
            if "# SKIP" in rest:
                skipped += 1
            elif status == "ok":
                passed += 1
            else:
                failed += 1
        if t["result"] not in ("OK", "SKIP", "EXPECTEDFAIL") and not any(s == "not ok" for s, _ in tap):
            failed += 1
    elif t["result"] in ("OK", "EXPECTEDFAIL"):
        passed += 1
    elif t["result"] == "SKIP":
        skipped += 1
    else:
        failed += 1
print(f"{passed} passed, {failed} failed, {skipped} skipped")
PY
}

cmd=${1:-play}
[ $# -gt 0 ] && shift
case "$cmd" in
deps)
    install_packages $PLAY_PACKAGES $TEST_PACKAGES $WEB_PACKAGES
    ;;
build)
    install_packages $PLAY_PACKAGES
    build
    ;;
play)
    install_packages $PLAY_PACKAGES
    build
    exec "$BUILD_DIR/tabletop" play "$@"
    ;;
test)
    install_packages $PLAY_PACKAGES $TEST_PACKAGES $WEB_PACKAGES
    # A build dir first set up by `./run.sh play` or `build` (before the
    # test packages were installed) found no Criterion and has no unit
    # tests: set it up again now that Criterion is here.
    if [ -f "$BUILD_DIR/build.ninja" ] &&
        ! grep -q '"name": "criterion"' "$BUILD_DIR/meson-info/intro-dependencies.json" 2>/dev/null; then
        meson setup --reconfigure "$BUILD_DIR"
    fi
    build
    # The page's test (tests/web) serves the web build's site.
    status=0
    build_web_quietly || status=1
    meson test -C "$BUILD_DIR" --print-errorlogs --num-processes "$(nproc)" "$@" || status=$?
    summarise
    exit $status
    ;;
web)
    if [ $# -gt 0 ] && { [ "$1" != --serve ] || [ $# -gt 2 ]; }; then
        sed -n '2,13p' "$0" >&2
        exit 2
    fi
    install_packages $PLAY_PACKAGES $WEB_PACKAGES
    build_web
    if [ "${1:-}" = --serve ]; then
        exec python3 tools/serve_web.py "$WEB_BUILD_DIR/site" --port "${2:-8055}"
    fi
    echo "run.sh: the web page is in $WEB_BUILD_DIR/site: ./run.sh web --serve [PORT] serves it"
    ;;
harden)
    install_packages $PLAY_PACKAGES $TEST_PACKAGES
    exec tools/ci_hardening.sh "$@"
    ;;
*)
    sed -n '2,13p' "$0" >&2
    exit 2
    ;;
esac
