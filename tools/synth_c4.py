#!/usr/bin/env python3
"""Synthesises the Connect Four AI (rtl/connect4) with Yosys and prints its size
and depth as `name: value unit` lines (the bench format).

A tool run by hand, not a test any more: CI's synthesis check of the AI is
`board-fit` (tools/board_fit.py --check, the whole FPGA side in one run of
Yosys's Cyclone V flow).  This script keeps the generic 6-LUT flow's figures
that docs/board.md "Does it fit" compares with.

Yosys's generic flow maps to 6-input LUTs (`synth -flatten -lut 6`), the LUT
size of a Cyclone V ALM; `ltp -noff` then gives the longest path of LUTs
between registers (or ports), the logic levels one clock must cover. The
estimate uses 0.8 ns a level (an ALM LUT plus local routing on a -6 Cyclone V
is about 0.6-1.0 ns): 50 MHz leaves 20 ns, of which about 16 ns for logic.

The design must synthesise without errors, latches or combinational loops
(`check -assert`); with --max-levels the exit status is 1 when the deepest
path between registers is longer.

usage: synth_c4.py [--top connect4_mailbox|connect4_ai] [--yosys PATH]
                   [--max-levels N] [--source DIR] [--intel]
  --intel   also run `synth_intel -family cyclonev` and print its cell counts
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

NS_PER_LEVEL = 0.8
FILES = [
    "connect4_pkg.sv", "connect4_gen_state.sv", "connect4_max_connect.sv",
    "connect4_column_values.sv", "connect4_move_determiner.sv", "connect4_win_finder.sv",
    "connect4_trap_determiner.sv", "connect4_find_minimum.sv", "connect4_ai.sv",
    "connect4_mailbox.sv",
]


def pkg_stages(src):
    """AI_STAGES from connect4_pkg.sv: the register stages inside the AI."""
    text = open(os.path.join(src, "rtl", "connect4", "connect4_pkg.sv")).read()
    m = re.search(r"localparam\s+int\s+AI_STAGES\s*=\s*(\d+)", text)
    return int(m.group(1)) if m else None


def run_yosys(yosys, script, cwd):
    r = subprocess.run([yosys, "-q", "-p", script], capture_output=True, text=True, cwd=cwd)
    return r.returncode, r.stdout + r.stderr


def main():
    ap = argparse.ArgumentParser(description="Yosys size and depth of rtl/connect4")
    ap.add_argument("--top", default="connect4_mailbox",
                    choices=["connect4_mailbox", "connect4_ai"])
    ap.add_argument("--yosys", default="yosys")
    ap.add_argument("--max-levels", type=int, default=0)
    ap.add_argument("--source", default=os.path.join(os.path.dirname(__file__), ".."))
    ap.add_argument("--intel", action="store_true")
    a = ap.parse_args()

    rtl = os.path.join(os.path.abspath(a.source), "rtl", "connect4")
    files = [os.path.join(rtl, f) for f in FILES]
    for f in files:
        if not os.path.exists(f):
            print("synth_c4: missing RTL file %s" % f, file=sys.stderr)
            return 2
    read = "read_verilog -sv %s; hierarchy -check -top %s; " % (" ".join(files), a.top)
    script = (read + "synth -flatten -top %s -lut 6; check -assert; "
              "tee -o stat.txt stat; tee -o ltp.txt ltp -noff; "
              "tee -o latches.txt select -count t:$dlatch t:$_DLATCH_* t:$_DLATCHSR_* t:$sr" % a.top)

    # Yosys writes its reports into a scratch folder of its own.
    with tempfile.TemporaryDirectory(prefix="synth_c4.") as tmp:
        rc, log = run_yosys(a.yosys, script, tmp)
        if rc:
            print(log)
            print("synth_c4: yosys failed (status %d): errors, a combinational loop or a "
                  "conflicting driver (check -assert)" % rc, file=sys.stderr)
            return 1
        stat = open(os.path.join(tmp, "stat.txt")).read()
        ltp = open(os.path.join(tmp, "ltp.txt")).read()
        latches_txt = open(os.path.join(tmp, "latches.txt")).read()

        intel = ""
        if a.intel:
            rc, log = run_yosys(a.yosys, read + "synth_intel -family cyclonev -top %s; "
                                "tee -o intel.txt stat" % a.top, tmp)
            if rc:
                print(log)
                print("synth_c4: synth_intel failed", file=sys.stderr)
                return 1
            intel = open(os.path.join(tmp, "intel.txt")).read()

    luts = sum(int(n) for n in re.findall(r"^\s+\$lut\s+(\d+)", stat, re.M))
    ffs = sum(int(n) for n in re.findall(r"^\s+\$_(?:S?DFF\w*|DFFE\w*)_?\s+(\d+)", stat, re.M))
    m = re.search(r"length=(\d+)", ltp)
    levels = int(m.group(1)) if m else -1
    m = re.search(r"(\d+)\s+objects", latches_txt)
    latches = int(m.group(1)) if m else -1
    stages = pkg_stages(a.source)

    prefix = "c4_ai" if a.top == "connect4_ai" else "c4_mailbox"
    print("%s_luts: %d LUT6" % (prefix, luts))
    print("%s_ffs: %d flip-flops" % (prefix, ffs))
    print("%s_levels: %d LUTs (longest path between registers)" % (prefix, levels))
    print("%s_path_estimate: %.1f ns (%.1f ns a level; 50 MHz = 20 ns)"
          % (prefix, levels * NS_PER_LEVEL, NS_PER_LEVEL))
    print("%s_latches: %d" % (prefix, latches))
    if stages is not None:
        print("c4_ai_stages: %d register stages inside the AI (%d clocks to compute)"
              % (stages, stages + 1))
    for cell, n in re.findall(r"^\s+(cyclonev_\w+|MISTRAL_\w+)\s+(\d+)", intel, re.M):
        print("%s_intel_%s: %s cells" % (prefix, cell, n))

    bad = []
    if latches != 0:
        bad.append("%d latches" % latches)
    if levels < 0:
        bad.append("no longest path reported")
    if a.max_levels and levels > a.max_levels:
        bad.append("%d levels between registers, more than %d" % (levels, a.max_levels))
    for b in bad:
        print("synth_c4: " + b, file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
