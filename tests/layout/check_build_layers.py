#!/usr/bin/env python3
"""A forbidden include fails the build itself: each planted file is compiled
with the very include flags meson.build gives a layer's library, and must not
compile; each allowed include must (so a failure is the rule, not a broken
flag).

    check_build_layers.py LAYER CC cc-args... FLAGS flags... \\
        PLANT header... ALLOW header... TREE folder...

CC's words are the C compiler (meson's cc.cmd_array()); FLAGS are the layer's
(its view from meson.build plus Meson's implicit folders of the library).
TREE names the folders a planted header is found under in the source tree
(the repository, src/, hal/): a planted header that is in none of them
proves nothing (its refusal would be its absence), and fails the case.
Prints TAP, one line per header.  Writes only in a scratch folder it makes.
"""
import os
import subprocess
import sys
import tempfile

MARKERS = ("CC", "FLAGS", "PLANT", "ALLOW", "TREE")


def split_args(argv):
    layer, groups, current = argv[0], {m: [] for m in MARKERS}, None
    for word in argv[1:]:
        if word in MARKERS:
            current = word
        elif current is None:
            raise ValueError(f"'{word}' before CC")
        else:
            groups[current].append(word)
    if not all(groups[m] for m in ("CC", "PLANT", "ALLOW", "TREE")):
        raise ValueError("CC, PLANT, ALLOW and TREE each need at least one word")
    return layer, groups


def compile_one(scratch, cc, flags, header):
    """Compiles a file that includes header; returns (status, stderr)."""
    src = os.path.join(scratch, "planted.c")
    with open(src, "w", encoding="utf-8") as f:
        f.write(f'#include "{header}"\nint layout_planted_probe;\n')
    cmd = cc + ["-std=gnu11", "-fsyntax-only"] + flags + [src]
    run = subprocess.run(cmd, cwd=scratch, capture_output=True, text=True)
    return run.returncode, run.stderr


def main(argv):
    try:
        layer, g = split_args(argv[1:])
    except (ValueError, IndexError) as e:
        print(f"check_build_layers.py: {e}\n{__doc__}", file=sys.stderr)
        return 2
    cases = [(h, False) for h in g["PLANT"]] + [(h, True) for h in g["ALLOW"]]
    print(f"1..{len(cases)}")
    failures = 0
    with tempfile.TemporaryDirectory(prefix="tabletop-layers-") as scratch:
        for i, (header, allowed) in enumerate(cases, 1):
            if not allowed and not any(os.path.isfile(os.path.join(d, header))
                                       for d in g["TREE"]):
                failures += 1
                print(f"not ok {i} - \"{header}\" is not in the source tree: planting it "
                      f"in the {layer} layer proves nothing")
                continue
            status, err = compile_one(scratch, g["CC"], g["FLAGS"], header)
            # A refused include is refused as missing, not for another reason.
            missing = status != 0 and header in err and "No such file" in err
            if allowed and status == 0:
                print(f"ok {i} - the {layer} layer compiles with \"{header}\"")
            elif not allowed and missing:
                print(f"ok {i} - the {layer} layer cannot include \"{header}\"")
            else:
                failures += 1
                what = "fails to include" if allowed else "includes"
                print(f"not ok {i} - the {layer} layer {what} \"{header}\"")
                for line in err.strip().splitlines()[:6]:
                    print(f"# {line}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
