#!/usr/bin/env python3
"""Checks that tools/board_fit.py --check, the synthesis test of the whole
FPGA side (`board-fit`), fails where it must, and says where: cheaply, on the
two smallest peripherals (`--only seven_seg,link_uart`, a few seconds of
Yosys a run), with faults planted into a scratch copy of rtl/ and board/
(the repository is never written):

  1. the clean copy passes, with no latch, a path in each peripheral, and
     seven_seg's 70 registers counted from its register map
     (docs/seven_seg.md): six digits of 7 segments, and the read data's
     bits that can be 1 (four 7-bit fields of HEX3_HEX0; every other
     word's fields lie inside those), 42 + 28;
  2. a planted second seven_seg (--double) adds its 70 registers to the total;
  3. a lowered --max-levels fails naming each peripheral over it with its
     figure, the same figure the clean run printed; a lowered --max-share
     fails naming the total and the peripheral that takes most;
  4. a latch planted in seven_seg, a combinational loop in link_uart and two
     drivers on one seven_seg output each fail, naming that peripheral (the
     final `check -assert` after the Cyclone V mapping reports neither the
     loop nor the two drivers: board_fit.py reads the check that runs before
     the mapping, which does);
  5. an unknown peripheral gives one line and status 2.

usage: check_board_fit.py SOURCE_DIR YOSYS
Prints TAP.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ONLY = "seven_seg,link_uart"
SEVEN_SEG_FFS = 6 * 7 + 4 * 7

results = []


def ok(cond, what, detail=""):
    results.append(bool(cond))
    print("%s %d - %s" % ("ok" if cond else "not ok", len(results), what))
    if not cond and detail:
        for line in detail.rstrip().splitlines()[-20:]:
            print("#   " + line)


def run(src, yosys, tree, *args):
    """board_fit.py on `tree` with `args`: (status, {name: value}, stderr lines)."""
    r = subprocess.run([sys.executable, os.path.join(src, "tools", "board_fit.py"),
                        "--yosys", yosys, "--source", tree] + list(args),
                       capture_output=True, text=True)
    figures = {}
    for line in r.stdout.splitlines():
        m = re.match(r"^(\w+): (-?[\d.]+)", line)
        if m:
            figures[m.group(1)] = float(m.group(2))
    errs = [l for l in r.stderr.splitlines() if l.startswith("board_fit: ")]
    return r.returncode, figures, errs, r.stdout + r.stderr


def plant(tree, rel, old, new):
    """Replaces `old` by `new` in the scratch copy's file `rel` (it must be there once)."""
    path = os.path.join(tree, rel)
    text = open(path).read()
    if text.count(old) != 1:
        raise SystemExit("check_board_fit: %r is not once in %s" % (old, rel))
    open(path, "w").write(text.replace(old, new))


def fresh_copy(src, tmp, name):
    tree = os.path.join(tmp, name)
    os.makedirs(tree)
    shutil.copytree(os.path.join(src, "rtl"), os.path.join(tree, "rtl"))
    shutil.copytree(os.path.join(src, "board"), os.path.join(tree, "board"))
    return tree


def main():
    if len(sys.argv) != 3:
        print(__doc__.split("usage: ")[1].splitlines()[0], file=sys.stderr)
        return 2
    src, yosys = os.path.abspath(sys.argv[1]), sys.argv[2]
    with tempfile.TemporaryDirectory(prefix="check_board_fit.") as tmp:
        clean = fresh_copy(src, tmp, "clean")

        st, fig, errs, out = run(src, yosys, clean, "--only", ONLY, "--check")
        ok(st == 0 and not errs, "the clean copy passes --check", out)
        ok(fig.get("fit_latches") == 0, "no latch counted", out)
        for p in ONLY.split(","):
            lv = fig.get("fit_%s_levels" % p, 0)
            ok(0 < lv <= 20, "%s has a path, within 20 levels (%g)" % (p, lv), out)
        ok(fig.get("fit_seven_seg_registers") == SEVEN_SEG_FFS,
           "seven_seg: %d registers from its register map (board_fit: %s)"
           % (SEVEN_SEG_FFS, fig.get("fit_seven_seg_registers")), out)

        st2, fig2, _, out2 = run(src, yosys, clean, "--only", ONLY, "--double", "seven_seg")
        ok(st2 == 0 and fig2.get("fit_seven_seg_instances") == 2 and
           fig2.get("fit_total_registers") == fig.get("fit_total_registers", 0) + SEVEN_SEG_FFS,
           "a planted second seven_seg adds its %d registers to the total (%s -> %s)"
           % (SEVEN_SEG_FFS, fig.get("fit_total_registers"), fig2.get("fit_total_registers")),
           out2)

        st, _, errs, out = run(src, yosys, clean, "--only", ONLY, "--check", "--max-levels", "1")
        for p in ONLY.split(","):
            want = "board_fit: %s: a path of %.1f ALUT levels" % (p, fig.get("fit_%s_levels" % p, -1))
            ok(st == 1 and any(e.startswith(want) and "more than 1" in e for e in errs),
               "--max-levels 1 fails naming %s and its figure" % p, out)
        st, _, errs, out = run(src, yosys, clean, "--only", ONLY, "--check", "--max-share", "0.001")
        big = max(ONLY.split(","), key=lambda p: fig.get("fit_%s_alms" % p, 0))
        ok(st == 1 and any(e.startswith("board_fit: total alms: %d = " % fig.get("fit_total_alms", -1))
                           and "most in %s" % big in e for e in errs),
           "--max-share 0.001 fails naming the total ALMs and %s" % big, out)

        t = fresh_copy(src, tmp, "latch")
        plant(t, "rtl/seven_seg/seven_seg.sv", "    assign hex5_n = ~seg[5];",
              "    logic [6:0] planted_latch;\n"
              "    always_latch if (avs_write) planted_latch = avs_writedata[6:0];\n"
              "    assign hex5_n = ~planted_latch;")
        st, _, errs, out = run(src, yosys, t, "--only", ONLY, "--check")
        ok(st == 1 and any(e.startswith("board_fit: seven_seg: a latch") and "planted_latch" in e
                           for e in errs), "a planted latch fails, naming seven_seg", out)

        t = fresh_copy(src, tmp, "loop")
        plant(t, "rtl/link_uart/link_uart.sv", "    assign uart_tx = loopback ? 1'b1 : tx_line;",
              "    logic planted_loop;\n"
              "    assign planted_loop = loopback ? planted_loop : tx_line;\n"
              "    assign uart_tx = planted_loop;")
        st, _, errs, out = run(src, yosys, t, "--only", ONLY, "--check")
        ok(st == 1 and any(e.startswith("board_fit: link_uart: a combinational loop") for e in errs)
           and not any("seven_seg" in e for e in errs),
           "a planted combinational loop fails, naming link_uart only", out)

        t = fresh_copy(src, tmp, "conflict")
        plant(t, "rtl/seven_seg/seven_seg.sv", "    assign hex5_n = ~seg[5];",
              "    assign hex5_n = ~seg[5];\n    assign hex5_n = avs_writedata[6:0];")
        st, _, errs, out = run(src, yosys, t, "--only", ONLY, "--check")
        ok(st == 1 and any(e.startswith("board_fit: seven_seg: conflicting drivers") for e in errs),
           "two drivers planted on a seven_seg output fail, naming seven_seg", out)

        st, _, errs, out = run(src, yosys, clean, "--only", "seven_seg,no_such_thing", "--check")
        ok(st == 2 and len(out.strip().splitlines()) == 1 and "no_such_thing" in out,
           "an unknown peripheral: one line, status 2", out)

        # The source tree itself is untouched: the plants were in the copies.
        for rel in ("rtl/seven_seg/seven_seg.sv", "rtl/link_uart/link_uart.sv"):
            ok("planted" not in open(os.path.join(src, rel)).read(), "%s untouched" % rel)
    print("1..%d" % len(results))
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
