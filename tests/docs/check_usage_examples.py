#!/usr/bin/env python3
"""Compiles the usage example of every header that has one, so it cannot drift.

The convention (STYLE.md: "a longer usage block at the top of a module's
header"): a comment line of the form

     * Usage:
     * Usage (given PARAMETERS):   optional prose

starts an example; the lines after it indented by at least three spaces past
the `*` are C statements (C++ for a header under sim/ or one that opens an
`extern "C"` block), blank ` *` lines included, up to the first line indented
less or the comment's end.  The example declares what it uses, or names it in
PARAMETERS, a C parameter list (`hal_t *hal, Move m`) that the test gives the
function it wraps the example in; an `#include` line in an example (what it
uses besides its header) is placed before that function.  Prose goes in `//` comments after a
statement or on their own line; an elision is `// ...` (a `*/` would end
the header's comment).

Each example is compiled as the body of a function in a file that includes
only its header, with the build's include folders and -Wall -Wextra -Werror
(minus the unused-variable family): a call to a function that does not
exist, a wrong argument count or type, or an undeclared name fails.  Errors
point at the header's own lines (#line).

    check_usage_examples.py [--self-test] SRCROOT CC cc... [CXX c++...] FLAGS flags...

--self-test: the same check on scratch copies of two headers (made in a
folder this script creates and removes) with an error planted in their
examples; each plant must fail, the unplanted copies must compile.
Output: TAP.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

SEARCH_DIRS = ["src", "hal", "sim", "bench", "tools", "tests"]
USAGE_RE = re.compile(r"^ \* Usage(?: \(given (?P<params>.*?)\))?:(?:\s.*)?$")
BODY_RE = re.compile(r"^ \*(?: {3,}(?P<code>.*))?\s*$")
# Top-comment lines that look like example code but are under no Usage:
# marker: reported (not failed) so they can be converted.
LOOSE_RE = re.compile(r"^ \*   +[A-Za-z_&*(][\w.>&*\[\] -]*\(")

WARN_FLAGS = ["-fsyntax-only", "-Wall", "-Wextra", "-Werror",
              "-Wno-unknown-warning-option", "-Wno-unused-variable",
              "-Wno-unused-but-set-variable", "-Wno-unused-parameter",
              "-Wno-unused-value", "-Wno-unused-result", "-Wno-uninitialized",
              "-Wno-maybe-uninitialized"]


def headers(root):
    for top in SEARCH_DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames[:] = sorted(d for d in dirnames if d != "data")
            for f in sorted(filenames):
                if f.endswith((".h", ".hpp")):
                    yield os.path.join(dirpath, f)


def examples(text):
    """[(line number of the first body line, params, [body lines])]."""
    lines = text.split("\n")
    found = []
    i = 0
    while i < len(lines):
        m = USAGE_RE.match(lines[i])
        if not m:
            i += 1
            continue
        params = (m.group("params") or "").strip()
        start = i + 2
        body = []
        i += 1
        while i < len(lines) and "*/" not in lines[i]:
            b = BODY_RE.match(lines[i])
            if not b:
                break
            body.append(b.group("code") or "")
            i += 1
        while body and not body[-1].strip():
            body.pop()
        found.append((start, params, body))
    return found


def loose_lines(text):
    """Example-like lines of the top comment outside every Usage: block."""
    if not text.startswith("/*"):
        return []
    out = []
    in_usage = False
    for n, line in enumerate(text.split("\n"), 1):
        if "*/" in line:
            break
        if USAGE_RE.match(line):
            in_usage = True
            continue
        if in_usage and BODY_RE.match(line) and (line.strip() == "*" or line.startswith(" *   ")):
            continue
        in_usage = False
        if LOOSE_RE.match(line):
            out.append(n)
    return out


def is_cxx(rel, text):
    return rel.startswith("sim" + os.sep) or rel.endswith(".hpp") or \
        re.search(r'^extern "C"', text, re.M) is not None


def wrapper(header, rel, index, start, params, body):
    src = ['#include "%s"' % header]
    # An example's #include lines (what it uses besides its header) go
    # before the function; they stay blank lines inside it.
    for n, line in enumerate(body):
        if line.lstrip().startswith("#include"):
            src += ['#line %d "%s"' % (start + n, rel), line.strip()]
    src += ["void usage_example_%d(%s);" % (index, params or "void"),
            "void usage_example_%d(%s)" % (index, params or "void"), "{",
            '#line %d "%s"' % (start, rel)]
    src += ["" if line.lstrip().startswith("#include") else line for line in body]
    src += ["}", ""]
    return "\n".join(src)


def compile_example(tool, flags, cxx, source, scratch, extra=()):
    path = os.path.join(scratch, "example.cpp" if cxx else "example.c")
    with open(path, "w") as f:
        f.write(source)
    lang = ["-x", "c++"] if cxx else ["-x", "c", "-std=gnu11"]
    cmd = list(tool) + lang + WARN_FLAGS + list(extra) + list(flags) + [path]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    return p.returncode, p.stdout


def check_header(header, rel, cc, cxx, flags, scratch, extra=()):
    """[(name, status, output)]: status 'ok', 'fail' or 'skip'."""
    text = open(header, encoding="utf-8").read()
    results = []
    for k, (start, params, body) in enumerate(examples(text), 1):
        name = "%s:%d usage example" % (rel, start - 1)
        if not any(line.strip() for line in body):
            results.append((name, "fail", "the Usage: block has no indented statements"))
            continue
        want_cxx = is_cxx(rel, text)
        tool = cxx if want_cxx else cc
        if not tool:
            results.append((name, "skip", "no C++ compiler (the sim backend is off)"))
            continue
        rc, out = compile_example(tool, flags, want_cxx,
                                  wrapper(header, rel, k, start, params, body), scratch, extra)
        results.append((name, "ok" if rc == 0 else "fail", out))
    return results


def parse_args(argv):
    self_test = False
    if argv and argv[0] == "--self-test":
        self_test = True
        argv = argv[1:]
    root = argv[0]
    groups = {"CC": [], "CXX": [], "FLAGS": []}
    cur = None
    for a in argv[1:]:
        if a in groups and (cur != "FLAGS"):
            cur = a
            continue
        if cur is None:
            sys.exit("usage: %s [--self-test] SRCROOT CC cc... [CXX c++...] FLAGS flags..." % argv[0])
        groups[cur].append(a)
    return self_test, os.path.abspath(root), groups["CC"], groups["CXX"], groups["FLAGS"]


def tap(results):
    print("1..%d" % len(results))
    failed = 0
    for n, (name, status, out) in enumerate(results, 1):
        if status == "skip":
            print("ok %d - %s # SKIP %s" % (n, name, out))
            continue
        print("%s %d - %s" % ("ok" if status == "ok" else "not ok", n, name))
        if status != "ok":
            failed += 1
            for line in out.strip().split("\n"):
                print("# " + line)
    return 1 if failed else 0


def run_check(root, cc, cxx, flags):
    results = []
    loose = []
    scratch = tempfile.mkdtemp(prefix="usage-examples-")
    try:
        for h in headers(root):
            rel = os.path.relpath(h, root)
            results += check_header(h, rel, cc, cxx, flags, scratch)
            loose += ["%s:%d" % (rel, n) for n in loose_lines(open(h, encoding="utf-8").read())]
    finally:
        shutil.rmtree(scratch)
    if not results:
        results.append(("headers with a Usage: block", "fail",
                        "no header has a Usage: block: the parser or the convention broke"))
    code = tap(results)
    if loose:
        print("# %d example-like lines in top comments under no Usage: marker (not compiled):"
              % len(loose))
        for where in loose:
            print("#   " + where)
    return code


# Plants: (header, description, old text, new text, what the error must name).
PLANTS = [
    ("src/console/think.h", "a call to a function that does not exist",
     "think_init(&t,", "think_begin(&t,", "think_begin"),
    ("src/console/think.h", "a call with an argument too few",
     "think_start(&t, run, stop, job)", "think_start(&t, run, job)", "think_start"),
    ("src/console/think.h", "a variable nobody declared",
     "think_shown(&t);", "think_shown(&frame);", "frame"),
    ("src/games/go/rules.h", "a call with the driver's old name",
     "go_rules_play(rules,", "go_rules_driver_play(rules,", "go_rules_driver_play"),
    ("sim/bindings/othello_bind.h", "a C++ example calling a function that does not exist",
     "sim_oth_new()", "sim_oth_create()", "sim_oth_create"),
]


def self_test(root, cc, cxx, flags):
    results = []
    scratch = tempfile.mkdtemp(prefix="usage-examples-self-test-")
    try:
        def copy(rel, text):
            d = tempfile.mkdtemp(dir=scratch)
            path = os.path.join(d, os.path.basename(rel))
            with open(path, "w") as f:
                f.write(text)
            # its own includes still resolve: the original's folder after the copy's
            return path, ["-I" + os.path.dirname(os.path.join(root, rel))]

        for rel in sorted(set(p[0] for p in PLANTS)):
            text = open(os.path.join(root, rel), encoding="utf-8").read()
            path, extra = copy(rel, text)
            got = check_header(path, rel, cc, cxx, flags, scratch, extra)
            name = "unplanted copy of %s compiles" % rel
            if not got:
                results.append((name, "fail", "no Usage: block found"))
            elif all(s == "skip" for _, s, _ in got):
                results.append((name, "skip", got[0][2]))
            else:
                bad = [o for _, s, o in got if s == "fail"]
                results.append((name, "fail" if bad else "ok", "\n".join(bad)))
        for rel, what, old, new, needle in PLANTS:
            text = open(os.path.join(root, rel), encoding="utf-8").read()
            name = "%s: %s fails" % (rel, what)
            if text.count(old) != 1:
                results.append((name, "fail", "the plant's anchor %r is not in the example once" % old))
                continue
            path, extra = copy(rel, text.replace(old, new))
            got = check_header(path, rel, cc, cxx, flags, scratch, extra)
            if got and all(s == "skip" for _, s, _ in got):
                results.append((name, "skip", got[0][2]))
                continue
            failed = [o for _, s, o in got if s == "fail"]
            if not failed:
                results.append((name, "fail", "the planted error compiled"))
            elif not any(needle in o and rel + ":" in o for o in failed):
                results.append((name, "fail", "failed, but not naming %s at %s:\n%s"
                                % (needle, rel, "\n".join(failed))))
            else:
                results.append((name, "ok", ""))
    finally:
        shutil.rmtree(scratch)
    return tap(results)


def main():
    st, root, cc, cxx, flags = parse_args(sys.argv[1:])
    if not cc:
        sys.exit("no C compiler given (CC ...)")
    return self_test(root, cc, cxx, flags) if st else run_check(root, cc, cxx, flags)


if __name__ == "__main__":
    sys.exit(main())
