#!/usr/bin/env python3
"""Synthesises the Othello machine (rtl/othello, seed 003) with Yosys and
prints its size and depth as `name: value unit` lines (the bench format).

The generic flow maps to 6-input LUTs (`synth -flatten -lut 6`, the LUT of a
Cyclone V ALM); `check -assert` refuses combinational loops and conflicting
drivers, a count of latch cells must be 0, and `ltp -noff` gives the longest
path of LUTs between registers.  The generic flow has no carry chains: the
adders of the evaluation (popcounts, the weighted sum) ripple through LUTs
here, so the path it reports is longer than Quartus's with the Cyclone V's
carry chains.  With --max-levels the exit status is 1 when the path is
longer.

usage: synth_othello.py [--yosys PATH] [--source DIR] [--max-levels N]
                        [--top othello_machine|othello_moves|othello_flips|othello_pick]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

FILES = ["othello_moves.sv", "othello_flips.sv", "othello_pick.sv", "othello_popcount.sv",
         "othello_machine.sv"]
NS_PER_LEVEL = 0.8  # an ALM LUT plus local routing on a -6 Cyclone V, roughly


def main():
    ap = argparse.ArgumentParser(description="Yosys size and depth of rtl/othello")
    ap.add_argument("--yosys", default="yosys")
    ap.add_argument("--source", default=os.path.join(os.path.dirname(__file__), ".."))
    ap.add_argument("--max-levels", type=int, default=0)
    ap.add_argument("--top", default="othello_machine",
                    choices=["othello_machine", "othello_moves", "othello_flips", "othello_pick"])
    a = ap.parse_args()
    rtl = os.path.join(os.path.abspath(a.source), "rtl", "othello")
    files = [os.path.join(rtl, f) for f in FILES]
    for f in files:
        if not os.path.exists(f):
            print("synth_othello: missing RTL file %s" % f, file=sys.stderr)
            return 2
    script = ("read_verilog -sv %s; hierarchy -check -top %s; "
              "synth -flatten -top %s -lut 6; check -assert; "
              "tee -o stat.txt stat; tee -o ltp.txt ltp -noff; "
              "tee -o latches.txt select -count t:$dlatch t:$_DLATCH_* t:$_DLATCHSR_* t:$sr"
              % (" ".join(files), a.top, a.top))
    with tempfile.TemporaryDirectory(prefix="synth_othello.") as tmp:
        r = subprocess.run([a.yosys, "-q", "-p", script], capture_output=True, text=True,
                           cwd=tmp)
        if r.returncode:
            print(r.stdout + r.stderr)
            print("synth_othello: yosys failed (status %d)" % r.returncode, file=sys.stderr)
            return 1
        stat = open(os.path.join(tmp, "stat.txt")).read()
        ltp = open(os.path.join(tmp, "ltp.txt")).read()
        latches = open(os.path.join(tmp, "latches.txt")).read()
    luts = sum(int(n) for n in re.findall(r"\$lut\s+(\d+)", stat))
    ffs = sum(int(n) for n in re.findall(r"\$_S?DFF\w*\s+(\d+)", stat))
    m = re.search(r"Number of cells:\s+(\d+)", stat)
    cells = int(m.group(1)) if m else -1
    m = re.search(r"length=(\d+)", ltp)
    levels = int(m.group(1)) if m else -1
    m = re.search(r"(\d+)\s+objects", latches)
    n_latch = int(m.group(1)) if m else 0
    print("othello_synth_top: %s" % a.top)
    print("othello_synth_cells: %d cells" % cells)
    print("othello_synth_luts: %d LUT6" % luts)
    print("othello_synth_ffs: %d flip-flops" % ffs)
    print("othello_synth_latches: %d cells" % n_latch)
    print("othello_synth_levels: %d LUTs between registers" % levels)
    print("othello_synth_path_estimate: %.1f ns (50 MHz leaves 20)" % (levels * NS_PER_LEVEL))
    ok = n_latch == 0 and levels > 0 and luts > 0
    if a.max_levels and levels > a.max_levels:
        print("synth_othello: %d levels, more than %d" % (levels, a.max_levels), file=sys.stderr)
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
