#!/usr/bin/env python3
"""check_packages.py - does run.sh name every Debian package the build and
the tests use?  (docs/hardening.md "The package list")

    tools/check_packages.py --source DIR --build DIR [--work DIR]

run.sh installs PLAY_PACKAGES, TEST_PACKAGES and WEB_PACKAGES (`./run.sh
web`: the page, docs/web.md) with --no-install-recommends on a fresh
machine.  A developer machine hides a missing name: the package
is there for some other reason (a Recommends, an earlier install).  This
check finds every file the build and the tests use on this machine and the
package that owns it (dpkg -S), and fails unless that package would be
installed on a fresh machine by run.sh's list:

  - what the build found: the compilers and libraries in BUILD's meson log
    and `meson introspect --dependencies`, the programs Meson found, the
    programs the Meson tests run (`meson introspect --tests`);
  - what the tests and tools/ci_hardening.sh run without Meson finding it
    (PROGRAMS below);
  - each toolchain's own files, from a small program compiled and linked
    with it (headers from -MD, every file the linker opens from
    -Wl,--trace): the native C and C++ compilers, gcc with the sanitizers,
    clang with libFuzzer, and the cross compiler of cross/arm-linux-
    gnueabihf.txt with its flags; the cross program must also link and run
    under the cross file's exe_wrapper (qemu).

"Would be installed" is what apt itself computes: `apt-get -s install
--no-install-recommends` of run.sh's list against a status file holding
only this machine's Essential and Priority: required packages (and what
they depend on): a minimal Debian.  So a package counts when run.sh names
it or a named one Depends/Pre-Depends on it, recursively; Recommends do
not count.  PLAY_PACKAGES alone must cover what `./run.sh play` builds,
PLAY_PACKAGES and WEB_PACKAGES what `./run.sh web` builds; the tests may use
all three lists (the web page's test needs `./run.sh web` first).

Exit status: 0 complete, 1 something missing (listed), 77 skipped (not a
dpkg/apt system, or no apt package lists; with TABLETOP_REQUIRE_PACKAGE_CHECK=1,
as .ci/run sets, that is a failure instead).
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

# Programs run by tests and tools that Meson does not find for us (so they
# are not in the meson log), with who runs them.  Keep in step with the
# sources: a new tool a test runs goes here.
PROGRAMS = [
    ("meson", "play", "run.sh"),
    ("ninja", "play", "meson compile"),
    ("pkg-config", "play", "meson dependency()"),
    ("python3", "play", "run.sh summary, tools/*.py, tests/*.py"),
    ("make", "play", "verilator --build (sim/meson.build)"),
    ("dpkg-query", "play", "run.sh missing_packages"),
    ("gnugo", "test", "tests/protocols/gtp/test_peer.c (/usr/games/gnugo)"),
    ("gtp-rhino", "test", "tests/protocols/test_othello_gtp.py (/usr/games/gtp-rhino, grhino)"),
    ("qemu-arm-static", "test", "tests/board/qemu_test.py"),
    ("file", "test", "tests/board/qemu_test.py"),
    ("tclsh", "test", "tests/board/check_board_files.py"),
    ("cmp", "test", "tests/rtl/go_peripheral"),
    ("clang", "test", "tools/ci_hardening.sh fuzz (CC=clang)"),
    ("clang++", "test", "tools/ci_hardening.sh fuzz (CXX=clang++)"),
    ("clang-tidy", "test", "tools/ci_hardening.sh tidy"),
    ("run-clang-tidy", "test", "tools/ci_hardening.sh tidy"),
    ("cppcheck", "test", "tools/ci_hardening.sh cppcheck"),
    ("verilator", "play", "sim/meson.build, tools/ci_hardening.sh lint"),
    ("yosys", "test", "tests/board board-fit, board-fit-plants (tools/board_fit.py)"),
    ("Xvfb", "test", "tests/hal/window_x11.py"),
    ("xdotool", "test", "tests/hal/window_x11.py"),
    ("xprop", "test", "tests/hal/window_x11.py"),
    ("matchbox-window-manager", "test", "tests/hal/window_x11.py"),
    ("valgrind", "test", "tests/protocols/test_pbrain_manager.py"),
    ("node", "test", "tests/protocols/test_gtp_sabaki.py (Sabaki's @sabaki/gtp)"),
    ("chromium", "web-test", "tests/web/test_page.py (the page in headless Chromium)"),
    ("emcc", "web", "./run.sh web (cross/wasm32-emscripten.txt)"),
    ("em++", "web", "./run.sh web (the sim backend in the page)"),
]

# Files the tools use without naming them on a command line.
FILES = [
    ("/usr/share/nodejs/acorn/package.json", "web",
     "emcc's optimiser (NODE_PATH=/usr/share/nodejs: acorn, package node-acorn)"),
]

# Which of run.sh's lists a need's scope may be met by: `./run.sh play`,
# `./run.sh web`, the tests (the web page's test needs `./run.sh web` first,
# so WEB_PACKAGES count), and the web page's test itself.
SCOPE_LISTS = {
    "play": ("PLAY_PACKAGES",),
    "web": ("PLAY_PACKAGES", "WEB_PACKAGES"),
    "test": ("PLAY_PACKAGES", "TEST_PACKAGES", "WEB_PACKAGES"),
    "web-test": ("PLAY_PACKAGES", "TEST_PACKAGES", "WEB_PACKAGES"),
}
# The list a missing package of a scope goes in.
SCOPE_HOME = {"play": "PLAY_PACKAGES", "web": "WEB_PACKAGES", "test": "TEST_PACKAGES",
              "web-test": "WEB_PACKAGES"}

# Where a fresh machine's packages put programs; a program found elsewhere
# (pyenv, /usr/local) is looked up here instead.
SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/usr/games"
PACKAGED_PATH = "/usr/sbin:/usr/bin:/sbin:/bin:/usr/games"

C_PROBE = r"""
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
static void *probe_thread(void *arg) { return arg; }
int main(int argc, char **argv)
{
    pthread_t t;
    (void)argv;
    if (pthread_create(&t, NULL, probe_thread, NULL) == 0)
        pthread_join(t, NULL);
    printf("probe %d %.0f\n", argc, floor(sqrt((double)argc * 4.0)));
    return 0;
}
"""

PTY_PROBE = r"""
#include <pty.h>
#include <stdio.h>
int main(void)
{
    int fd;
    return forkpty(&fd, NULL, NULL, NULL) < 0 ? printf("no pty\n") : 0;
}
"""

CXX_PROBE = r"""
#include <cstdio>
#include <string>
#include <vector>
int main()
{
    std::vector<std::string> v{"probe"};
    std::printf("%s\n", v[0].c_str());
    return 0;
}
"""

FUZZ_PROBE = r"""
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return size > 0 && data[0] == 'x';
}
"""


class Checker:
    def __init__(self, source, build, work):
        self.source = source
        self.build = build
        self.work = work
        self.needs = []  # (path, scope, why)
        self.problems = []  # lines for the failure report
        self.owner_cache = {}
        self.programs = set()

    # ---- collecting what is used ----

    def need(self, path, scope, why):
        self.needs.append((path, scope, why))

    def problem(self, text):
        self.problems.append(text)

    def need_program(self, name, scope, why):
        """A program by name or path, as a fresh machine would find it."""
        path = name if os.path.isabs(name) else shutil.which(name, path=SYSTEM_PATH)
        if not path or not os.path.exists(path):
            self.problem("%s: not found on this machine (needed by %s)" % (name, why))
            return
        self.programs.add(path)
        self.need(path, scope, why)

    def resolve(self):
        """Looks up every owner at once (one dpkg-query per path takes
        minutes); a program found outside the packages (a pyenv shim,
        /usr/local) stands for the packaged one of the same name, which is
        what a fresh machine runs."""
        self.lookup([n for path, _, _ in self.needs for h in self.chain(path)
                     for n in self.aliases(h)])
        moved = []
        for i, (path, scope, why) in enumerate(self.needs):
            if path in self.programs and not self.owners_of_chain(path):
                packaged = shutil.which(os.path.basename(path), path=PACKAGED_PATH)
                if packaged:
                    self.needs[i] = (packaged, scope, "%s (found %s first)" % (why, path))
                    moved.append(packaged)
        self.lookup([n for path in moved for h in self.chain(path) for n in self.aliases(h)])

    def run(self, cmd, **kw):
        return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              universal_newlines=True, **kw)

    def probe(self, label, scope, compiler, source, suffix, args=(), link_args=(),
              wrapper=None, expect=None):
        """Compiles and links source with compiler; every header it reads
        and every file the linker opens becomes a need.  With wrapper, the
        program must also run under it and print expect."""
        exe = shutil.which(compiler[0], path=SYSTEM_PATH)
        if not exe:
            self.problem("%s: compiler %s not found" % (label, compiler[0]))
            return False
        self.need_program(exe, scope, label)
        for tool in ("cc1", "cc1plus", "as", "ld", "collect2"):
            r = self.run(list(compiler) + ["-print-prog-name=" + tool])
            p = r.stdout.strip()
            if r.returncode == 0 and p:
                p = p if os.path.isabs(p) else shutil.which(p, path=SYSTEM_PATH)
                if p and os.path.exists(p):
                    self.need(p, scope, "%s (%s)" % (label, tool))
        tag = re.sub(r"[^a-z0-9]+", "_", label.lower())
        src = os.path.join(self.work, tag + suffix)
        out = os.path.join(self.work, tag)
        dep = out + ".d"
        with open(src, "w") as f:
            f.write(source)
        cmd = (list(compiler) + list(args) + ["-MD", "-MF", dep, src, "-o", out]
               + list(link_args) + ["-Wl,--trace"])
        r = self.run(cmd)
        if r.returncode != 0:
            self.problem("%s: %s cannot compile and link a program:\n    $ %s\n%s%s" % (
                label, compiler[0], " ".join(cmd),
                "\n".join("    " + l for l in r.stdout.strip().splitlines()[-12:]),
                self.recommends_hint(exe)))
            return False
        for line in r.stdout.splitlines():
            m = re.search(r"\((/[^()]+)\)\s*$", line)
            p = m.group(1) if m else line.strip()
            if p.startswith("/") and os.path.isfile(p) and not p.startswith(self.work):
                self.need(os.path.normpath(p), scope, "%s (linker)" % label)
        if os.path.exists(dep):
            text = open(dep).read().replace("\\\n", " ")
            for p in text.split(":", 1)[-1].split():
                if p.startswith("/") and not p.startswith(self.work):
                    self.need(os.path.normpath(p), scope, "%s (header)" % label)
        if wrapper is not None:
            r = self.run(list(wrapper) + [out])
            if r.returncode != 0 or (expect and expect not in r.stdout):
                self.problem("%s: the linked program does not run under %s:\n%s" % (
                    label, " ".join(wrapper), r.stdout.strip()[-600:]))
                return False
        return True

    def recommends_hint(self, exe):
        """What the compiler's packages only recommend: run.sh installs
        without Recommends, and that is where a missing C library hides."""
        recs = set()
        for _, owners in self.owners_of_chain(exe):
            for pkg in owners:
                r = subprocess.run(["apt-cache", "depends", "--no-suggests", pkg],
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                   universal_newlines=True)
                recs |= set(re.findall(r"^\s*Recommends: (\S+)", r.stdout, re.M))
        if not recs:
            return ""
        return "\n    (%s only recommends %s; run.sh installs without Recommends)" % (
            exe, ", ".join(sorted(recs)))

    def from_meson(self):
        """Compilers, libraries and programs of BUILD's configuration."""
        log_path = os.path.join(self.build, "meson-logs", "meson-log.txt")
        try:
            log = open(log_path, errors="replace").read()
        except OSError as e:
            self.problem("cannot read the meson log of %s: %s" % (self.build, e))
            return {}
        compilers = {}
        for lang, machine, exe in re.findall(
                r"^(C|C\+\+) compiler for the (host|build) machine: (.+?) \(", log, re.M):
            words = [w for w in exe.split() if w not in ("ccache", "sccache")]
            if words:
                compilers.setdefault(lang, words)
        for name, path in re.findall(r"^Program (\S+) found: YES .*?\((\S+)\)\s*$", log, re.M):
            if not path.startswith(os.path.abspath(self.source)):
                self.need_program(path, "test", "meson find_program('%s')" % name)
        for name in re.findall(r"^Library (\S+) found: YES", log, re.M):
            cc = compilers.get("C", ["cc"])
            for ext in (".so", ".a"):
                p = self.run(cc + ["-print-file-name=lib%s%s" % (name, ext)]).stdout.strip()
                if os.path.isabs(p) and os.path.exists(p):
                    self.need(os.path.normpath(p), "play", "find_library('%s')" % name)
                    break
            else:
                self.problem("find_library('%s'): lib%s.so not found by %s" % (name, name, cc[0]))
        m = re.search(r"^Found pkg-config: (\S+)", log, re.M)
        if m:
            self.need_program(m.group(1), "play", "meson (pkg-config)")
        m = re.search(r"^Found ninja\S* at (\S+)", log, re.M)
        if m:
            self.need_program(m.group(1), "play", "meson (ninja)")

        r = self.run(["meson", "introspect", "--dependencies", self.build])
        try:
            deps = json.loads(r.stdout)
        except ValueError:
            self.problem("meson introspect --dependencies %s failed:\n%s" % (self.build, r.stdout))
            deps = []
        for d in deps:
            name = d.get("name", "")
            scope = "test" if name == "criterion" else "play"
            why = "dependency('%s')" % name
            pc = self.run(["pkg-config", "--path", name])
            if pc.returncode == 0 and pc.stdout.strip():
                self.need(pc.stdout.strip().splitlines()[0], scope, why + " (.pc)")
            for a in d.get("link_args", []):
                if a.startswith("/") and os.path.exists(a):
                    self.need(os.path.normpath(a), scope, why)
            for a in d.get("compile_args", []):
                if a.startswith("-I/") and not os.path.isdir(a[2:]):
                    self.problem("%s: include directory %s does not exist" % (why, a[2:]))

        r = self.run(["meson", "introspect", "--tests", self.build])
        try:
            tests = json.loads(r.stdout)
        except ValueError:
            tests = []
        # The project's own programs and scripts (built, or in the source
        # tree) come with the clone; a script's interpreter is in PROGRAMS.
        ours = (os.path.abspath(self.build) + os.sep, os.path.abspath(self.source) + os.sep)
        for t in tests:
            cmd = t.get("cmd") or []
            if cmd and os.path.isabs(cmd[0]) and not os.path.abspath(cmd[0]).startswith(ours):
                self.need_program(cmd[0], "test", "meson test '%s'" % t.get("name"))
        return compilers

    def from_cross_file(self, path):
        """The cross build of docs/board.md and tests/board/qemu_test.py."""
        sections = {}
        current = None
        for raw in open(path):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            m = re.match(r"^\[(.+)\]$", line)
            if m:
                current = sections.setdefault(m.group(1), {})
                continue
            if current is not None and "=" in line:
                k, v = line.split("=", 1)
                try:
                    current[k.strip()] = json.loads(v.strip().replace("'", '"'))
                except ValueError:
                    pass
        binaries = sections.get("binaries", {})
        opts = sections.get("built-in options", {})
        label = "cross build (%s)" % os.path.basename(path)
        # The documented cross build disables sim, the only C++ code, so
        # the cross file's cpp entry is not checked.
        for key in ("ar", "strip", "pkg-config"):
            if key in binaries:
                self.need_program(binaries[key], "test", "%s [binaries] %s" % (label, key))
        wrapper = binaries.get("exe_wrapper")
        if isinstance(wrapper, str):
            wrapper = [wrapper]
        if wrapper:
            self.need_program(wrapper[0], "test", "%s exe_wrapper" % label)
        c = binaries.get("c")
        if not c:
            self.problem("%s: no C compiler in [binaries]" % label)
            return
        c = [c] if isinstance(c, str) else c
        self.probe("cross C compiler " + c[0], "test", c, C_PROBE, ".c",
                   args=opts.get("c_args", []), link_args=list(opts.get("c_link_args", []))
                   + ["-lm", "-pthread"], wrapper=wrapper if wrapper and shutil.which(
                       wrapper[0], path=SYSTEM_PATH) else None, expect="probe 1 2")

    def collect(self):
        compilers = self.from_meson()
        cc = compilers.get("C", ["cc"])
        cxx = compilers.get("C++")
        self.probe("native C compiler " + cc[0], "play", cc, C_PROBE, ".c",
                   link_args=["-lm", "-pthread"], wrapper=[], expect="probe 1 2")
        self.probe("native C compiler with -lutil", "test", cc, PTY_PROBE, ".c",
                   link_args=["-lutil"])
        if cxx:
            self.probe("native C++ compiler " + cxx[0], "play", cxx, CXX_PROBE, ".cpp",
                       wrapper=[], expect="probe")
        self.probe("gcc with ASan and UBSan (ci_hardening asan)", "test", ["gcc"], C_PROBE, ".c",
                   args=["-fsanitize=address,undefined"], link_args=["-lm", "-pthread"])
        self.probe("clang with libFuzzer (ci_hardening fuzz)", "test", ["clang"], FUZZ_PROBE,
                   ".c", args=["-fsanitize=fuzzer,address,undefined"])
        for name, scope, why in PROGRAMS:
            self.need_program(name, scope, why)
        for path, scope, why in FILES:
            if os.path.exists(path):
                self.need(path, scope, why)
            else:
                self.problem("%s: not found on this machine (needed by %s)" % (path, why))
        self.from_cross_file(os.path.join(self.source, "cross", "arm-linux-gnueabihf.txt"))

    # ---- owners ----

    @staticmethod
    def aliases(path):
        """path and its other name on a /usr-merged system."""
        out = [path]
        for a, b in (("/usr/bin/", "/bin/"), ("/usr/sbin/", "/sbin/"), ("/usr/lib/", "/lib/"),
                     ("/usr/lib64/", "/lib64/")):
            if path.startswith(a):
                out.append(b + path[len(a):])
            elif path.startswith(b):
                out.append(a + path[len(b):])
        return out

    def lookup(self, paths):
        """Fills the owner cache for paths with one dpkg-query -S per 200
        paths (one call per path takes minutes)."""
        paths = sorted({p for p in paths if p not in self.owner_cache})
        for i in range(0, len(paths), 200):
            chunk = paths[i:i + 200]
            r = subprocess.run(["dpkg-query", "-S"] + chunk, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, universal_newlines=True)
            for p in chunk:
                self.owner_cache[p] = set()
            for line in r.stdout.splitlines():
                if line.startswith("diversion by"):
                    continue
                pkgs, _, p = line.partition(": ")
                p = p.strip()
                if p in self.owner_cache:
                    self.owner_cache[p] |= {x.strip().split(":")[0] for x in pkgs.split(",")}

    def owners(self, path):
        """Packages that own path (dpkg -S), trying the /usr-merged alias."""
        names = self.aliases(path)
        self.lookup(names)
        for n in names:
            if self.owner_cache[n]:
                return self.owner_cache[n]
        return set()

    def chain(self, path):
        """path, each symlink hop after it, and the real file."""
        seen = []
        p = path
        for _ in range(16):
            seen.append(p)
            if not os.path.islink(p):
                break
            p = os.path.normpath(os.path.join(os.path.dirname(p), os.readlink(p)))
        real = os.path.realpath(path)
        if real not in seen:
            seen.append(real)
        return seen

    def owners_of_chain(self, path):
        """[(hop, owners)] for the owned hops of path's symlink chain."""
        return [(h, o) for h, o in ((h, self.owners(h)) for h in self.chain(path)) if o]


def run_sh_packages(run_sh):
    text = open(run_sh).read()
    lists = {}
    for var in ("PLAY_PACKAGES", "TEST_PACKAGES", "WEB_PACKAGES"):
        m = re.search(r"^%s=\"([^\"]*)\"" % var, text, re.M)
        if not m:
            sys.exit("check_packages: no %s=\"...\" in %s (PLAY: `./run.sh play`, TEST: the tests, "
                     "WEB: `./run.sh web`)" % (var, run_sh))
        lists[var] = m.group(1).split()
    return lists


def minimal_status(work):
    """A dpkg status file of this machine's Essential and Priority: required
    packages plus their installed Depends/Pre-Depends: a minimal Debian."""
    stanzas, provides = {}, {}
    for st in open("/var/lib/dpkg/status", errors="replace").read().split("\n\n"):
        f = {}
        for line in st.splitlines():
            if ":" in line and not line.startswith((" ", "\t")):
                k, v = line.split(":", 1)
                f[k] = v.strip()
        if "Package" not in f or " installed" not in f.get("Status", ""):
            continue
        stanzas[f["Package"]] = (st.strip(), f)
        for p in f.get("Provides", "").split(","):
            p = p.strip().split(" ")[0]
            if p:
                provides.setdefault(p, []).append(f["Package"])
    base = {p for p, (_, f) in stanzas.items()
            if f.get("Essential") == "yes" or f.get("Priority") == "required"}
    todo = list(base)
    while todo:
        f = stanzas[todo.pop()][1]
        for field in ("Pre-Depends", "Depends"):
            for group in f.get(field, "").split(","):
                for alt in group.split("|"):
                    name = alt.strip().split(" ")[0].split(":")[0]
                    cands = [name] if name in stanzas else provides.get(name, [])
                    if cands:
                        if cands[0] not in base:
                            base.add(cands[0])
                            todo.append(cands[0])
                        break
    path = os.path.join(work, "status")
    with open(path, "w") as out:
        for p in sorted(base):
            out.write(stanzas[p][0] + "\n\n")
    return path, base


def installed_by(packages, status, base):
    """What apt would have on the minimal machine after installing packages
    with --no-install-recommends (None, message if apt refuses)."""
    # The parsed package lists are kept in the scratch folder for the
    # second call (apt rebuilds them for a status file it has not seen).
    cmd = ["apt-get", "-s", "-o", "Dir::State::status=" + status,
           "-o", "Dir::Cache::srcpkgcache=" + os.path.join(os.path.dirname(status), "src.bin"),
           "-o", "Dir::Cache::pkgcache=",
           "-o", "Dir::State::extended_states=/dev/null",
           "-o", "APT::Install-Recommends=false", "-o", "APT::Install-Suggests=false",
           "install", "--no-install-recommends"] + packages
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, env=dict(os.environ, LC_ALL="C"))
    if r.returncode != 0:
        return None, r.stdout.strip()
    inst = set(re.findall(r"^Inst (\S+?)(?::\S+)? ", r.stdout, re.M))
    return base | inst, None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--source", required=True, help="the source tree (run.sh, cross/)")
    ap.add_argument("--build", required=True, help="a configured Meson build directory")
    ap.add_argument("--work", help="scratch directory (default: a new temporary one)")
    a = ap.parse_args()

    require = os.environ.get("TABLETOP_REQUIRE_PACKAGE_CHECK", "") not in ("", "0")

    def skip(why):
        print("check_packages: %s" % why)
        if require:
            print("check_packages: FAIL (TABLETOP_REQUIRE_PACKAGE_CHECK is set)")
            return 1
        print("SKIP")
        return 77

    for tool in ("dpkg-query", "apt-get"):
        if not shutil.which(tool):
            return skip("%s not found: not a Debian/Ubuntu system, nothing to check" % tool)
    lists_dir = "/var/lib/apt/lists"
    if not any("_Packages" in n for n in (os.listdir(lists_dir) if os.path.isdir(lists_dir) else [])):
        return skip("no apt package lists in %s (run apt-get update)" % lists_dir)

    os.environ["PATH"] = os.environ.get("PATH", "") + ":/usr/games"
    work = a.work or tempfile.mkdtemp(prefix="tabletop-packages-")
    os.makedirs(work, exist_ok=True)
    try:
        return check(a, work)
    finally:
        if a.work is None:
            shutil.rmtree(work, ignore_errors=True)


def check(a, work):
    named = run_sh_packages(os.path.join(a.source, "run.sh"))
    status, base = minimal_status(work)
    have = {}  # scope -> the packages its lists install
    for scope, lists in SCOPE_LISTS.items():
        have[scope], err = installed_by([p for v in lists for p in named[v]], status, base)
        if have[scope] is None:
            print("check_packages: apt cannot install %s:\n%s" % (" + ".join(lists), err))
            return 1

    ck = Checker(a.source, a.build, work)
    ck.collect()

    ck.resolve()
    missing = {}  # (package, list) -> [(path, why)]
    unowned = []
    checked_pkgs = set()
    seen = set()
    for path, scope, why in ck.needs:
        if (path, scope) in seen:
            continue
        seen.add((path, scope))
        hops = ck.owners_of_chain(path)
        if not hops:
            unowned.append((path, why))
            continue
        for hop, owners in hops:
            checked_pkgs |= owners
            if not owners & have[scope]:
                pkg = sorted(owners)[0]
                where = SCOPE_HOME[scope]
                missing.setdefault((pkg, where), []).append((hop, why))

    print("check_packages: %d files used by the build and the tests, from %d packages; "
          "run.sh names %d (PLAY_PACKAGES) + %d (TEST_PACKAGES) + %d (WEB_PACKAGES), %d "
          "packages with their Depends on a minimal Debian of %d" % (
              len(seen), len(checked_pkgs), len(named["PLAY_PACKAGES"]),
              len(named["TEST_PACKAGES"]), len(named["WEB_PACKAGES"]), len(have["test"]), len(base)))
    failed = False
    if missing:
        failed = True
        print("check_packages: these packages are used but the list that needs them does not "
              "install them (named, or a Depends/Pre-Depends of a named one; run.sh installs "
              "without Recommends; PLAY_PACKAGES alone must cover `./run.sh play`, PLAY_PACKAGES "
              "and WEB_PACKAGES `./run.sh web`):")
        for (pkg, where), uses in sorted(missing.items()):
            path, why = uses[0]
            more = " and %d more" % (len(uses) - 1) if len(uses) > 1 else ""
            print("  %-28s add to %s: owns %s, used by %s%s" % (pkg, where, path, why, more))
    if unowned:
        failed = True
        print("check_packages: these files come from no Debian package, so a fresh machine "
              "following README would not have them:")
        for path, why in unowned:
            print("  %s (used by %s)" % (path, why))
    if ck.problems:
        failed = True
        print("check_packages: problems:")
        for p in ck.problems:
            print("  " + p)
    if failed:
        print("check_packages: FAIL")
        return 1
    print("check_packages: OK, run.sh's list is complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
