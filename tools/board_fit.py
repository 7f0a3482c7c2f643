#!/usr/bin/env python3
"""Synthesises the whole FPGA side of the DE1-SoC once with Yosys's Cyclone V
flow and prints whether it fits the 5CSEMA5F31C6, as `name: value unit` lines
(the bench format).

What is synthesised: board/de1_soc_top.sv with every peripheral of the
Platform Designer system behind it (go_peripheral, connect4_mailbox,
othello_machine, link_uart, go_rules, seven_seg, tile_display), inside a
stand-in soc_system made here from the top level's soc_inst connections, as
the board lint does (tests/board/check_board_files.py).  Unlike the lint's
stand-in, which ties the slaves' inputs to 0, here every Avalon input of
every peripheral (address, strobes, write data, the master's read data, the
audio streams' ready, the reset PIO) comes from a black box, `hps_standin`,
that also takes every read data back: Yosys cannot see through it, so it can
remove no logic the HPS could reach.  Not synthesised: the HPS itself, its
bridges and the Avalon interconnect, the SDRAM controller, the University
Program audio cores (Platform Designer's IP; docs/board.md "Does it fit"
gives their usual size).

One run: `synth_intel_alm -family cyclonev` (MISTRAL_* cells) with each
peripheral's instance kept as a module of its own (keep_hierarchy), so that
`stat` gives its cells; Yosys's `check` before the mapping to MISTRAL cells
and `check -assert` after it (no combinational loop, no conflicting driver,
no wire used undriven), no latch; then the netlist (write_json) is walked
here for the longest path of logic between registers in each peripheral.
This one run is the CI's synthesis test of every peripheral (meson test
`board-fit`); it replaced six per-peripheral Yosys tests (connect4-synth,
go-rules-synth, othello-synth, link-uart-synth, tile-display-synth,
seven-seg-synth), so no peripheral is synthesised twice.

Resources, per peripheral and in total, against the device (Cyclone V
5CSEMA5: 32,070 ALMs, 397 M10K, 87 DSP blocks):
  - ALUTs: MISTRAL_ALUT2..6 and MISTRAL_NOT (logic), MISTRAL_ALUT_ARITH
    (adder bits, two to an ALM), registers (MISTRAL_FF, four to an ALM);
  - ALMs, an estimate (Yosys does not pack): every 6-input ALUT an ALM of its
    own, two smaller ALUTs or two adder bits to an ALM, an MLAB cell (32x1
    bits) half an ALM, and never fewer ALMs than registers / 4.  Quartus
    packs a 5-input and a 3-input ALUT only when they share inputs, so the
    estimate can be low by the pairs that do not; the upper bound (every ALUT
    an ALM) is printed too;
  - M10K: MISTRAL_M10K cells; DSP blocks: a MISTRAL_MUL27X27 takes a block,
    a MUL18X18 half, a MUL9X9 a third.

Depth: the longest path, counted in ALUT levels, from a register, a memory's
output or a port to a register, a memory's input or a port: an ALUT (or an
adder bit entered through its LUT inputs) is a level; a carry hop (CI to CO
or SO of the next adder bit) is CARRY_LEVEL of a level (a Cyclone V carry
step is about 0.1 ns against about 0.8 ns for a LUT and its local routing);
an MLAB's asynchronous read a level.  There is one clock domain (CLOCK_50,
50 MHz: every FF's clock is the same net), so one path a peripheral is the
path of that domain.  The budget of 50 MHz: 20 ns a clock, about 4 ns of it
for the clock-to-out, the setup and the clock skew, leaves 16 ns, 20 levels
of 0.8 ns (the figure the per-peripheral synthesis tests used before).

With --check the exit status is 1 when the total passes --max-share (80%)
of the ALMs (the estimate), the M10K or the DSP blocks, or a path is longer
than --max-levels (20); and, as the per-peripheral synthesis tests did, when
Yosys fails, when any of its checks reports a combinational loop, a
conflicting driver or an undriven wire, when a latch is inferred or left,
when a peripheral synthesises to nothing or has no path, or when its
registers sit on more than one clock.  Every failure is one line on stderr
naming the peripheral (or the total) and the figure.  The check before the
mapping matters: Yosys knows no path through a MISTRAL cell, so the final
`check -assert` no longer sees a loop (the netlist walk does), and a
second driver planted on an output was reported only there, the final check
finding nothing (tests/board/check_board_fit.py plants both).

usage: board_fit.py [--yosys PATH] [--source DIR] [--check] [--max-levels N]
                    [--max-share F] [--keep DIR | --reuse DIR] [--only A,B]
                    [--double MODULE] [--yosys-roms]
  --keep DIR    keep the stand-in, Yosys's log, stat and netlist in DIR
  --reuse DIR   analyse what a --keep run left in DIR (no Yosys)
  --only A,B    just these peripherals (the others' outputs tied to 0)
  --double M    a planted second instance of M (its conduit into the HPS stand-in)
  --yosys-roms  leave ROMs where Yosys 0.23 puts them (in logic)
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time

DEVICE = "5CSEMA5F31C6"
DEVICE_ALMS = 32070
DEVICE_M10K = 397
DEVICE_DSP = 87
CARRY_LEVEL = 0.125
NS_PER_LEVEL = 0.8

# The peripherals of soc_system: module, the rtl/meson.build list of its files,
# the prefix of its conduit's soc_system ports (export name + '_'), and its
# reset (rst, active high, or reset_n).
PERIPHERALS = [
    ("go_peripheral", "go_peripheral_rtl", "", "reset_n"),
    ("connect4_mailbox", "connect4_rtl", "connect4_", "rst"),
    ("othello_machine", "othello_rtl", "othello_", "rst"),
    ("link_uart", "link_uart_rtl", "link_uart_", "rst"),
    ("go_rules", "go_rules_rtl", "go_rules_", "rst"),
    ("seven_seg", "seven_seg_rtl", "seven_seg_", "rst"),
    ("tile_display", "tile_display_rtl", "tile_", "rst"),
]
# Ports of a peripheral that belong to the HPS side (bus interfaces).
BUS_PORT = re.compile(r"^(avs_|avm_|aso_)")

PORT_RE = re.compile(r"(input|output|inout)\s+(?:wire\s+)?(?:logic\s+)?(?:wire\s+)?"
                     r"(?:\[\s*(\d+)\s*:\s*0\s*\]\s*)?(\w+)")


def die(msg):
    print("board_fit: " + msg, file=sys.stderr)
    sys.exit(2)


def rtl_list(src, name):
    text = open(os.path.join(src, "rtl", "meson.build")).read()
    m = re.search(r"\b" + name + r"\s*=\s*files\((.*?)\)", text, re.S)
    if not m:
        die("no %s list in rtl/meson.build" % name)
    return [os.path.normpath(os.path.join(src, "rtl", f))
            for f in re.findall(r"'([^']+)'", m.group(1))]


def module_ports(text, module):
    """{port: (direction, width)} of `module` in the source text, in order."""
    text = re.sub(r"//[^\n]*|/\*.*?\*/", "", text, flags=re.S)
    m = re.search(r"\bmodule\s+%s\b(.*?)\);" % module, text, re.S)
    if not m:
        die("no module %s" % module)
    header = m.group(1)
    header = re.sub(r"#\s*\((.*?)\)\s*\(", "(", header, count=1, flags=re.S)
    ports = {}
    for d, msb, name in PORT_RE.findall(header):
        ports[name] = (d, int(msb) + 1 if msb else 1)
    return ports


def top_signals(top):
    """Widths of the top level's ports and internal logic signals."""
    sigs = {n: w for n, (_, w) in module_ports(top, "de1_soc_top").items()}
    body = top[top.index(");"):]
    for msb, names in re.findall(r"^\s*logic\s+(?:\[\s*(\d+)\s*:\s*0\s*\]\s*)?([\w\s,]+);",
                                 body, re.M):
        for n in names.split(","):
            sigs[n.strip()] = int(msb) + 1 if msb else 1
    return sigs


def make_standin(src, only=None, double=None):
    """The stand-in soc_system (and the hps_standin black box) as SystemVerilog; with
    only, just those peripherals (the others' outputs tied to 0); with double, a second
    instance of that peripheral (its own bus slice, its conduit outputs to the HPS)."""
    top = open(os.path.join(src, "board", "de1_soc_top.sv")).read()
    inst = re.search(r"soc_system\s+soc_inst\s*\((.*?)\);", top, re.S)
    if not inst:
        die("board/de1_soc_top.sv has no soc_system soc_inst")
    body = re.sub(r"//[^\n]*", "", inst.group(1))
    conns = re.findall(r"\.(\w+)\s*\(\s*([^)]*?)\s*\)", body)
    sigs = top_signals(top)
    top_dirs = {n: d for n, (d, _) in module_ports(top, "de1_soc_top").items()}

    def width(expr):
        m = re.match(r"(\w+)\s*(\[\s*\d+\s*\])?$", expr)
        if not m or m.group(1) not in sigs:
            die("cannot size soc_inst connection %s" % expr)
        return 1 if m.group(2) else sigs[m.group(1)]

    # Each soc_system port: which peripheral port it is, if any.
    owner = {}
    periph_ports = {}
    for mod, lst, prefix, _ in PERIPHERALS:
        text = "\n".join(open(f).read() for f in rtl_list(src, lst))
        ports = module_ports(text, mod)
        periph_ports[mod] = ports
        for p, (d, w) in ports.items():
            if p in ("clk", "rst", "reset_n") or BUS_PORT.match(p):
                continue
            if mod == "go_peripheral" and not p.startswith("vga_"):
                continue
            owner[prefix + p] = (mod, p)

    decls, assigns = [], []
    driven_inputs = {}   # soc_system input port -> peripheral input it feeds
    for port, expr in conns:
        w = width(expr)
        rng = "[%d:0] " % (w - 1) if w > 1 else ""
        base = re.match(r"\w+", expr).group(0)
        if port in owner:
            mod, p = owner[port]
            d = periph_ports[mod][p][0]
        elif port == "c4_reset_export":
            d = "output"
        else:
            d = top_dirs.get(base, "output")
            if d == "input" and base not in top_dirs:
                d = "output"
        decls.append("    %-6s wire %s%s" % (d, rng, port))
        if port not in owner and d == "output" and port != "c4_reset_export":
            assigns.append("    assign %s = '0;" % port)
    used = {p for p, _ in conns}
    for o in owner:
        if o not in used and periph_ports[owner[o][0]][owner[o][1]][0] == "input":
            die("soc_system port %s (%s.%s) is not connected by de1_soc_top"
                % (o, owner[o][0], owner[o][1]))

    # The HPS stand-in: one wide bus out (every peripheral input of the bus
    # side), one wide bus in (every peripheral output of the bus side).
    out_bits, in_bits = 0, 0
    inst_lines = []
    instances = []
    for mod, lst, prefix, rst in PERIPHERALS:
        if only and mod not in only:
            for o, (om, op) in owner.items():
                if om == mod and o in used and periph_ports[mod][op][0] == "output":
                    assigns.append("    assign %s = '0;" % o)
            continue
        instances.append((mod, prefix, rst, "%s_inst" % mod, False))
        if mod == double:
            instances.append((mod, prefix, rst, "%s_planted_inst" % mod, True))
    for mod, prefix, rst, iname, planted in instances:
        conn = [".clk(clk_clk)"]
        conn.append(".rst(!reset_reset_n)" if rst == "rst" else ".reset_n(reset_reset_n)")
        for p, (d, w) in periph_ports[mod].items():
            if p in ("clk", "rst", "reset_n"):
                continue
            if BUS_PORT.match(p) or (mod == "go_peripheral" and not p.startswith("vga_")):
                if d == "input":
                    conn.append(".%s(hps_out[%d:%d])" % (p, out_bits + w - 1, out_bits))
                    out_bits += w
                else:
                    conn.append(".%s(hps_in[%d:%d])" % (p, in_bits + w - 1, in_bits))
                    in_bits += w
            elif prefix + p in used and not planted:
                conn.append(".%s(%s)" % (p, prefix + p))
            elif d == "output":
                conn.append(".%s(hps_in[%d:%d])" % (p, in_bits + w - 1, in_bits))
                in_bits += w
            else:
                conn.append(".%s(hps_out[%d:%d])" % (p, out_bits + w - 1, out_bits))
                out_bits += w
        params = ""
        if mod == "go_peripheral":
            params = ' #(.SOUND_DIR("%s"))' % os.path.join(src, "rtl", "go_peripheral", "sounds")
        inst_lines.append("    (* keep_hierarchy *) %s%s %s (\n        %s\n    );"
                          % (mod, params, iname, ",\n        ".join(conn)))
    pio = out_bits
    out_bits += 1
    lines = ["`default_nettype none",
             "(* blackbox *)",
             "module hps_standin (input wire logic clk, output logic [%d:0] hps_out, "
             "input wire logic [%d:0] hps_in);" % (out_bits - 1, in_bits - 1),
             "endmodule",
             "",
             "module soc_system (",
             ",\n".join(decls),
             ");",
             "    logic [%d:0] hps_out;" % (out_bits - 1),
             "    logic [%d:0] hps_in;" % (in_bits - 1),
             "    hps_standin hps_inst (.clk(clk_clk), .hps_out(hps_out), .hps_in(hps_in));",
             "    assign c4_reset_export = hps_out[%d];" % pio]
    lines += inst_lines + assigns + ["endmodule", "`default_nettype wire", ""]
    return "\n".join(lines)


# Yosys 0.23's M10K rules (share/yosys/intel_alm/common/bram_m10k.txt) say
# `init 0` ("TODO: Re-enable when I figure out how BRAM init works"): a memory
# with initial contents, a ROM read through a register as the vendors' template
# writes it (rtl/go_peripheral/sample_rom.sv), is never put in M10K but in
# ALUTs and registers, where Quartus gives it M10K blocks.  The fit run maps
# such memories with the same shapes as Yosys's own M10K rules, init allowed,
# after Yosys has mapped the others with its own rules; the cell becomes a
# MISTRAL_M10K (its contents dropped: only its size counts here).
ROM_RULES = """bram $__FIT_M10K_ROM
    init   1
    abits 13   @D8192x1
    dbits  1   @D8192x1
    abits 12   @D4096x2
    dbits  2   @D4096x2
    abits 11   @D2048x5
    dbits  5   @D2048x5
    abits 10   @D1024x10
    dbits 10   @D1024x10
    abits  9   @D512x20
    dbits 20   @D512x20
    groups 2
    ports  1 1
    wrmode 1 0
    enable 1 1
    transp 0 0
    clocks 1 1
    clkpol 1 1
endbram

match $__FIT_M10K_ROM
    min efficiency 5
    make_transp
endmatch
"""
ROM_MAP = """module \\$__FIT_M10K_ROM (CLK1, A1ADDR, A1DATA, A1EN, B1ADDR, B1DATA, B1EN);
parameter CFG_ABITS = 10;
parameter CFG_DBITS = 10;
parameter [(2**CFG_ABITS)*CFG_DBITS-1:0] INIT = 0;
input CLK1;
input [CFG_ABITS-1:0] A1ADDR, B1ADDR;
input [CFG_DBITS-1:0] A1DATA;
input A1EN, B1EN;
output [CFG_DBITS-1:0] B1DATA;
MISTRAL_M10K #(.CFG_ABITS(CFG_ABITS), .CFG_DBITS(CFG_DBITS)) _TECHMAP_REPLACE_ (.CLK1(CLK1),
    .A1ADDR(A1ADDR), .A1DATA(A1DATA), .A1EN(!A1EN), .B1ADDR(B1ADDR), .B1DATA(B1DATA),
    .B1EN(B1EN));
endmodule
"""


def synth_steps(yosys_roms):
    """The synth_intel_alm run, with initialised memories counted as M10K unless yosys_roms.
    A `check` runs before the mapping to MISTRAL cells as well as after it: Yosys knows no
    path through a MISTRAL cell, so the final `check -assert` cannot see a combinational
    loop any more (the netlist walk below does); the early one can, and its report in the
    log fails the run (log_problems)."""
    synth = "synth_intel_alm -family cyclonev -top de1_soc_top -noiopad -noclkbuf"
    roms = "" if yosys_roms else "memory_bram -rules rom_m10k.txt; techmap -map rom_m10k_map.v; "
    return ("%s -run begin:map_lutram; check; %s%s -run map_lutram:; " % (synth, roms, synth))


# ---- what Yosys's log says went wrong, by peripheral ----------------------------

def module_owners(src):
    """{module name: peripheral} for every module of every peripheral's RTL files."""
    owners = {"de1_soc_top": "top_glue", "soc_system": "the soc_system stand-in",
              "hps_standin": "the HPS stand-in"}
    for mod, lst, _, _ in PERIPHERALS:
        for f in rtl_list(src, lst):
            text = re.sub(r"//[^\n]*", "", open(f).read())
            for m in re.findall(r"^\s*module\s+(\w+)", text, re.M):
                owners.setdefault(m, mod)
    return owners


def owner_of(name, owners):
    """The peripheral a Yosys module name (`\\seven_seg`, `$paramod\\go_peripheral\\...`,
    `$paramod$1234\\tile_ram`) belongs to, or the name itself."""
    for part in re.split(r"\\", name):
        if part in owners:
            return owners[part]
    return name.lstrip("\\")


def log_problems(log, owners):
    """What a Yosys log reports against the design, one line each, naming the peripheral:
    latches (proc's `Latch inferred`), every problem a `check` found (combinational loops,
    conflicting drivers, undriven wires), conflicts opt resolved by itself, and the ERROR."""
    found = {}   # (peripheral, what) -> [count, example]

    def add(mod, what, example):
        k = (owner_of(mod, owners), what)
        if k not in found:
            found[k] = [0, example]
        found[k][0] += 1

    in_check = False
    for line in log.splitlines():
        m = re.match(r"Latch inferred for signal `(.*?)\.\\?(\S+?)'", line)
        if m:
            add(m.group(1), "a latch", "%s.%s" % (m.group(1).lstrip("\\"), m.group(2)))
            continue
        if re.match(r"^[\d.]+ Executing CHECK pass", line):
            in_check = True
            continue
        if line.startswith("Found and reported"):
            in_check = False
            continue
        m = re.match(r"Warning: found logic loop in module (\S+?):?$", line)
        if m:
            add(m.group(1), "a combinational loop (Yosys's check)", m.group(1).lstrip("\\"))
            continue
        m = re.match(r"Warning: multiple conflicting drivers for (\S+?)\.\\?(\S+)", line)
        if m:
            add(m.group(1), "conflicting drivers (Yosys's check)", m.group(2))
            continue
        m = re.match(r"Warning: Wire (\S+?)\.\\?(\S+) .*is used but has no driver", line)
        if m:
            add(m.group(1), "a wire used but not driven (Yosys's check)", m.group(2))
            continue
        m = re.match(r"Warning: Driver-driver conflict for \\?(\S+) .* in (\S+?):", line)
        if m:
            add(m.group(2), "conflicting drivers (resolved by Yosys using a constant)",
                m.group(1))
            continue
        if in_check and line.startswith("Warning:"):
            add("?", "a problem Yosys's check reports", line[len("Warning: "):])
            continue
        m = re.match(r"ERROR: (.*)", line)
        if m:
            mm = re.search(r"\b(?:FF|cell|module) \\?([\w$\\=.]+?)\.", m.group(1))
            add(mm.group(1) if mm else "?", "Yosys stopped", m.group(1).strip())
    out = []
    for (per, what), (n, ex) in found.items():
        who = per if per != "?" else "the design"
        out.append("%s: %s%s (%s)" % (who, what, " x%d" % n if n > 1 else "", ex))
    return out


# ---- the netlist's longest paths ------------------------------------------------

SEQ_OUT = ("MISTRAL_FF", "MISTRAL_M10K")


def cell_arcs(ctype, conns, dirs):
    """Combinational arcs of a cell as (input port, output port, weight)."""
    if ctype.startswith("MISTRAL_ALUT") and ctype != "MISTRAL_ALUT_ARITH" or \
            ctype in ("MISTRAL_NOT", "MISTRAL_BUF"):
        outs = [p for p, d in dirs.items() if d == "output"]
        return [(i, o, 1.0) for i, d in dirs.items() if d == "input" for o in outs]
    if ctype == "MISTRAL_ALUT_ARITH":
        arcs = []
        for i in ("A", "B", "C", "D0", "D1"):
            if i in conns:
                arcs += [(i, "SO", 1.0), (i, "CO", 1.0)]
        arcs += [("CI", "SO", CARRY_LEVEL), ("CI", "CO", CARRY_LEVEL)]
        return arcs
    if ctype == "MISTRAL_MLAB":
        return [(i, "B1DATA", 1.0) for i in dirs if i.startswith("B1ADDR")]
    if ctype.startswith("MISTRAL_MUL"):
        outs = [p for p, d in dirs.items() if d == "output"]
        ins = [p for p, d in dirs.items() if d == "input"]
        return [(i, o, 4.0) for i in ins for o in outs]
    return []   # registers, M10K, black boxes, kept instances: paths end and start here


def longest_path(module):
    """(levels, start, end, clocks) of the longest combinational path in a netlist module
    of write_json, and the set of clock nets of its registers."""
    cells = module["cells"]
    netnames = {}
    for name, n in module["netnames"].items():
        for b in n["bits"]:
            if isinstance(b, int) and (b not in netnames or not name.startswith("$")):
                netnames[b] = name
    drivers = {}   # bit -> (cell, output port)
    fanout = {}    # bit -> [(cell, input port)]
    clocks = set()
    for cname, c in cells.items():
        dirs = c.get("port_directions", {})
        for p, bits in c["connections"].items():
            for b in bits:
                if not isinstance(b, int):
                    continue
                if dirs.get(p) == "output":
                    drivers[b] = (cname, p)
                else:
                    fanout.setdefault(b, []).append((cname, p))
        if c["type"] == "MISTRAL_FF":
            for b in c["connections"].get("CLK", []):
                clocks.add(netnames.get(b, str(b)))
    # Arrival level per cell output bit; combinational cells in topological order.
    arcs = {cn: cell_arcs(c["type"], c["connections"], c.get("port_directions", {}))
            for cn, c in cells.items()}
    arrival = {}
    origin = {}
    comb = {cn for cn, a in arcs.items() if a}
    indeg = {}
    for cn in comb:
        c = cells[cn]
        n = 0
        for i, _, _ in arcs[cn]:
            for b in c["connections"].get(i, []):
                if isinstance(b, int) and b in drivers and drivers[b][0] in comb:
                    n += 1
        indeg[cn] = n
    # Count each (input bit -> cell) edge once per arc, so decrement per arc too.
    ready = [cn for cn in comb if indeg[cn] == 0]
    done = 0
    best = (0.0, None, None)
    while ready:
        cn = ready.pop()
        done += 1
        c = cells[cn]
        conns = c["connections"]
        # A constant input starts no path: an output fed by constants only is a constant.
        outs = {o: (0.0, "const") for _, o, _ in arcs[cn]}
        for i, o, w in arcs[cn]:
            for b in conns.get(i, []):
                if not isinstance(b, int):
                    continue
                a = arrival.get(b, 0.0)
                src = origin.get(b, netnames.get(b, str(b)))
                if outs[o][1] == "const" or a + w > outs[o][0]:
                    outs[o] = (a + w, src)
        for o, (a, src) in outs.items():
            for b in conns.get(o, []):
                if not isinstance(b, int):
                    continue
                arrival[b] = a
                origin[b] = src
                if a > best[0]:
                    best = (a, src, netnames.get(b, str(b)))
                for fc, fp in fanout.get(b, []):
                    if fc in comb and any(i == fp for i, _, _ in arcs[fc]):
                        indeg[fc] -= sum(1 for i, _, _ in arcs[fc] if i == fp)
                        if indeg[fc] == 0:
                            ready.append(fc)
    loop = done < len(comb)
    return best, clocks, loop


def count_cells(stat_text):
    """{module: {cell type: count}} from Yosys's `stat` (per module sections)."""
    out = {}
    cur = None
    for line in stat_text.splitlines():
        m = re.match(r"^=== (\S+) ===", line)
        if m:
            cur = out.setdefault(m.group(1), {})
            continue
        m = re.match(r"^\s+(\S+)\s+(\d+)$", line)
        if cur is not None and m and not line.strip().startswith("Number"):
            cur[m.group(1)] = int(m.group(2))
        if line.startswith("=== design hierarchy ==="):
            cur = None
    return out


def resources(cells):
    lut6 = cells.get("MISTRAL_ALUT6", 0)
    small = sum(cells.get(t, 0) for t in ("MISTRAL_ALUT5", "MISTRAL_ALUT4", "MISTRAL_ALUT3",
                                          "MISTRAL_ALUT2", "MISTRAL_NOT"))
    arith = cells.get("MISTRAL_ALUT_ARITH", 0)
    ffs = cells.get("MISTRAL_FF", 0)
    mlab = cells.get("MISTRAL_MLAB", 0)
    m10k = cells.get("MISTRAL_M10K", 0)
    dsp = (cells.get("MISTRAL_MUL27X27", 0) + cells.get("MISTRAL_MUL18X18", 0) / 2.0
           + cells.get("MISTRAL_MUL9X9", 0) / 3.0)
    alms = max(lut6 + math.ceil(small / 2.0) + math.ceil(arith / 2.0) + math.ceil(mlab / 2.0),
               math.ceil(ffs / 4.0))
    alms_hi = max(lut6 + small + math.ceil(arith / 2.0) + math.ceil(mlab / 2.0),
                  math.ceil(ffs / 4.0))
    return {"aluts": lut6 + small, "arith": arith, "ffs": ffs, "mlab": mlab, "m10k": m10k,
            "dsp": dsp, "alms": alms, "alms_hi": alms_hi}


def short(net):
    """A netlist name without the cell chain autoname appends (_MISTRAL_...)."""
    return re.sub(r"_MISTRAL_.*$", "", net)


def main():
    ap = argparse.ArgumentParser(description="the whole FPGA side against the 5CSEMA5")
    ap.add_argument("--yosys", default="yosys")
    ap.add_argument("--source", default=os.path.join(os.path.dirname(__file__), ".."))
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--max-levels", type=float, default=20)
    ap.add_argument("--max-share", type=float, default=0.80)
    ap.add_argument("--keep", help="keep the stand-in, the Yosys log and netlist in DIR")
    ap.add_argument("--reuse", help="analyse the files a --keep run left in DIR, run no Yosys")
    ap.add_argument("--only", help="just these peripherals (comma-separated)")
    ap.add_argument("--double", help="a planted second instance of this peripheral")
    ap.add_argument("--yosys-roms", action="store_true",
                    help="leave initialised memories (ROMs) where Yosys 0.23 puts them: in logic")
    a = ap.parse_args()
    src = os.path.abspath(a.source)

    only = a.only.split(",") if a.only else None
    names = [m for m, _, _, _ in PERIPHERALS]
    for m in (only or []) + ([a.double] if a.double else []):
        if m not in names:
            die("no peripheral %s (one of %s)" % (m, ", ".join(names)))
    standin = make_standin(src, only, a.double)
    owners = module_owners(src)
    files = [os.path.join(src, "board", "de1_soc_top.sv")]
    for _, lst, _, _ in PERIPHERALS:
        files += rtl_list(src, lst)
    for f in files:
        if not os.path.exists(f):
            die("missing RTL file %s" % f)
    incs = " ".join("-I" + d for d in sorted({os.path.dirname(f) for f in files}))

    with tempfile.TemporaryDirectory(prefix="board_fit.") as tmp:
        work = os.path.abspath(a.keep) if a.keep else tmp
        if a.keep:
            os.makedirs(work, exist_ok=True)
        open(os.path.join(work, "soc_system_standin.sv"), "w").write(standin)
        open(os.path.join(work, "rom_m10k.txt"), "w").write(ROM_RULES)
        open(os.path.join(work, "rom_m10k_map.v"), "w").write(ROM_MAP)
        script = (
            "read_verilog -defer -sv %s %s soc_system_standin.sv; "
            "hierarchy -check -top de1_soc_top; "
            "%s"
            "check -assert; "
            "tee -q -o stat.txt stat; "
            "tee -q -o latches.txt select -list t:$dlatch t:$adlatch t:$_DLATCH_* "
            "t:$_DLATCHSR_* t:$sr t:$_SR_*; "
            "write_json netlist.json" % (incs, " ".join(files), synth_steps(a.yosys_roms)))
        t0 = time.time()
        if a.reuse:
            work = os.path.abspath(a.reuse)
            r = subprocess.CompletedProcess([], 0, "", "")
        else:
            try:
                r = subprocess.run([a.yosys, "-q", "-l", "yosys.log", "-p", script],
                                   capture_output=True, text=True, cwd=work)
            except OSError as e:
                die("cannot run yosys (%s): %s" % (a.yosys, e))
        seconds = time.time() - t0
        log_path = os.path.join(work, "yosys.log")
        log = open(log_path, errors="replace").read() if os.path.exists(log_path) else ""
        problems = log_problems(log, owners)
        if r.returncode:
            print((r.stdout + r.stderr)[-4000:])
            for p in problems:
                print("board_fit: " + p, file=sys.stderr)
            print("board_fit: yosys failed (status %d)%s" % (
                r.returncode, "; its log is in " + work if a.keep else
                " (--keep DIR keeps its log)"), file=sys.stderr)
            return 1
        stat = open(os.path.join(work, "stat.txt")).read()
        latches = [l for l in open(os.path.join(work, "latches.txt")).read().splitlines()
                   if "/" in l]
        netlist = json.load(open(os.path.join(work, "netlist.json")))

    per_mod = count_cells(stat)
    rows = []
    total = {}
    bad = []
    top_cells = netlist["modules"]["de1_soc_top"]["cells"].values()
    for mod, _, _, _ in PERIPHERALS:
        if only and mod not in only:
            continue
        names = [n for n in per_mod if n == mod or n.endswith("\\" + mod) or
                 re.search(r"[\\$]%s($|\\)" % mod, n)]
        if not names:
            die("no module %s in Yosys's stat" % mod)
        count = sum(1 for c in top_cells if c["type"].lstrip("\\") == names[0].lstrip("\\"))
        cells = per_mod[names[0]]
        res = resources(cells)
        mname = [n for n in netlist["modules"] if n == names[0] or n.lstrip("\\") == names[0]]
        (lv, start, end), clocks, loop = longest_path(netlist["modules"][mname[0]])
        if loop:
            bad.append("%s: a combinational loop in the netlist" % mod)
        if count < 1:
            bad.append("%s: no instance of it in the top level's netlist" % mod)
        if res["aluts"] + res["arith"] + res["ffs"] + res["m10k"] + res["mlab"] == 0:
            bad.append("%s: synthesised to nothing (0 ALUTs, 0 registers): Yosys removed its "
                       "logic" % mod)
        elif lv <= 0:
            bad.append("%s: no path of logic found between its registers" % mod)
        if len(clocks) > 1:
            bad.append("%s: registers on %d clocks (%s); the level budget is for one 50 MHz "
                       "clock" % (mod, len(clocks), ", ".join(sorted(clocks))))
        res["levels"] = lv
        res["path"] = (start, end)
        res["clocks"] = clocks
        res["instances"] = count
        rows.append((mod, res))
        for k, v in res.items():
            if isinstance(v, (int, float)) and k not in ("levels", "instances"):
                total[k] = total.get(k, 0) + v * count
    # The top level's own glue (LED toggles, the VGA mux).
    topname = [n for n in per_mod if n.endswith("de1_soc_top")][0]
    glue = resources(per_mod[topname])
    (glv, _, _), _, _ = longest_path(netlist["modules"]["de1_soc_top"])
    for k, v in glue.items():
        total[k] = total.get(k, 0) + v
    rows.append(("top_glue", dict(glue, levels=glv, path=("", ""), clocks=set(), instances=1)))

    print("fit_device: %s (%d ALMs, %d M10K, %d DSP blocks)"
          % (DEVICE, DEVICE_ALMS, DEVICE_M10K, DEVICE_DSP))
    print("fit_yosys_seconds: %.0f s (one synth_intel_alm run)" % seconds)
    for mod, r in rows:
        if r["instances"] != 1:
            print("fit_%s_instances: %d (each line below is one instance)"
                  % (mod, r["instances"]))
        print("fit_%s_aluts: %d ALUTs (+%d adder bits)" % (mod, r["aluts"], r["arith"]))
        print("fit_%s_registers: %d FFs" % (mod, r["ffs"]))
        print("fit_%s_alms: %d ALMs (estimate; at most %d)" % (mod, r["alms"], r["alms_hi"]))
        print("fit_%s_m10k: %d M10K (+%d MLAB cells)" % (mod, r["m10k"], r["mlab"]))
        print("fit_%s_dsp: %g DSP blocks" % (mod, r["dsp"]))
        print("fit_%s_levels: %.1f ALUT levels (clk, %.1f ns)"
              % (mod, r["levels"], r["levels"] * NS_PER_LEVEL))
        if r["path"][0]:
            print("fit_%s_path: %s -> %s" % (mod, short(r["path"][0]), short(r["path"][1])))
    shares = {"alms": total["alms"] / DEVICE_ALMS, "m10k": total["m10k"] / DEVICE_M10K,
              "dsp": total["dsp"] / DEVICE_DSP}
    print("fit_total_aluts: %d ALUTs (+%d adder bits)" % (total["aluts"], total["arith"]))
    print("fit_total_registers: %d FFs" % total["ffs"])
    print("fit_total_alms: %d ALMs (estimate; at most %d) = %.1f%% of %d"
          % (total["alms"], total["alms_hi"], 100 * shares["alms"], DEVICE_ALMS))
    print("fit_total_m10k: %d M10K = %.1f%% of %d" % (total["m10k"], 100 * shares["m10k"],
                                                     DEVICE_M10K))
    print("fit_total_dsp: %g DSP blocks = %.1f%% of %d" % (total["dsp"], 100 * shares["dsp"],
                                                          DEVICE_DSP))
    deepest = max(rows, key=lambda r: r[1]["levels"])
    print("fit_clk_levels: %.1f ALUT levels (CLOCK_50, the only clock; deepest in %s; "
          "budget %g)" % (deepest[1]["levels"], deepest[0], a.max_levels))
    print("fit_latches: %d cells" % len(latches))

    bad = problems + bad
    for l in latches:
        bad.append("%s: a latch left in the netlist (%s)"
                   % (owner_of(l.split("/")[0], owners), l.split("/", 1)[-1]))
    for k, s in shares.items():
        if s > a.max_share:
            big = sorted(((r[k] * r["instances"], m) for m, r in rows), reverse=True)[:2]
            bad.append("total %s: %s = %.1f%% of the device's %d, more than %g%% (most in %s)"
                       % (k, "%g" % total[k], 100 * s,
                          {"alms": DEVICE_ALMS, "m10k": DEVICE_M10K, "dsp": DEVICE_DSP}[k],
                          100 * a.max_share,
                          ", ".join("%s %g" % (m, v) for v, m in big)))
    for mod, r in rows:
        if r["levels"] > a.max_levels:
            bad.append("%s: a path of %.1f ALUT levels (about %.1f ns), more than %g%s"
                       % (mod, r["levels"], r["levels"] * NS_PER_LEVEL, a.max_levels,
                          ": %s -> %s" % (short(r["path"][0]), short(r["path"][1]))
                          if r["path"][0] else ""))
    for b in bad:
        print("board_fit: " + b, file=sys.stderr)
    if a.check:
        return 1 if bad else 0
    return 0

if __name__ == "__main__":
    sys.exit(main())
