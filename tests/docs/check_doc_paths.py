#!/usr/bin/env python3
"""check_doc_paths.py - every file or folder that README.md and docs/*.md
name under tests/, tools/, src/, rtl/, hal/, sim/ or board/ exists, so that
a reader who follows the docs' examples never meets a file that is not there.

    check_doc_paths.py SOURCE_DIR

A path is a word starting with one of those folders, made of path characters,
e.g. `tests/data/console/board.txt` or tools/ci_hardening.sh; `a.{h,cpp}`
names both files, and a module named without its extension (hal/sdl_host)
counts when one of its files exists.  Placeholders are skipped: a part with
<...> or *, "...", or an all-capitals name (NAME, TARGET, DIR).  What Quartus
and Platform Designer generate on the developer's machine (GENERATED) is
not in the repository.  Prints each missing path with its file and line,
and exits 1 if there is one.
"""

import glob
import os
import re
import sys

# Made on the developer's machine by Quartus and Platform Designer
# (docs/board.md), never committed.
GENERATED = ("board/soc_system.qsys", "board/soc_system", "board/output_files")

ROOTS = ("tests", "tools", "src", "rtl", "hal", "sim", "board")
# Not preceded by a path character, so "x/src/y" and URLs do not count.
PATH_RE = re.compile(r"(?<![\w./~$-])((?:%s)/[\w./<>*{},+-]*)" % "|".join(ROOTS))


def is_placeholder(part):
    return (any(c in part for c in "<>*") or part == "..."
            or (len(part) > 1 and re.fullmatch(r"[A-Z][A-Z0-9_]*", part) is not None))


def paths_in(text):
    """(line number, path) for each repository path named in text."""
    for n, line in enumerate(text.splitlines(), 1):
        for m in PATH_RE.finditer(line):
            p = m.group(1).rstrip(".,:;)")
            parts = [x for x in p.split("/") if x]
            if len(parts) < 2 or any(is_placeholder(x) for x in parts):
                continue
            # "rtl/<periph>/" style words end in a placeholder; a trailing
            # ".x" part alone (e.g. "src/games/go/.") is not a name.
            p = "/".join(parts)
            m = re.fullmatch(r"([^{}]*)\{([^{}]*)\}([^{}]*)", p)
            if m:
                for alt in m.group(2).split(","):
                    yield n, m.group(1) + alt + m.group(3)
            elif "{" not in p and "}" not in p:
                yield n, p


def exists(root, p):
    """p is there, as a file, a folder or a module's files (p.c, p.h)."""
    full = os.path.join(root, p)
    return (os.path.exists(full) or bool(glob.glob(glob.escape(full) + ".*"))
            or any(p == g or p.startswith(g + "/") for g in GENERATED))


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: check_doc_paths.py SOURCE_DIR")
    root = sys.argv[1]
    docs = [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "docs", "*.md")))
    missing = []
    count = 0
    for doc in docs:
        with open(doc, encoding="utf-8") as f:
            text = f.read()
        for n, p in paths_in(text):
            count += 1
            if not exists(root, p):
                missing.append("%s:%d: %s does not exist" % (os.path.relpath(doc, root), n, p))
    for m in missing:
        print(m)
    print("check_doc_paths: %d paths named in %d documents, %d missing" % (count, len(docs), len(missing)))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
