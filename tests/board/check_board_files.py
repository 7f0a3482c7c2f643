#!/usr/bin/env python3
"""Checks the DE1-SoC board files against the RTL, without Quartus.

  1. each component, board/go_peripheral_hw.tcl and
     board/connect4_mailbox_hw.tcl, runs in tclsh (with the qsys commands
     recorded instead of executed): every interface port it declares is a
     port of its RTL module with the same direction and width, every RTL
     port is declared, every HDL parameter exists in the RTL, and every file
     of its fileset exists; the Connect Four fileset is exactly the
     connect4_rtl list of rtl/meson.build (what the tests simulate);
  2. the mailbox's address: docs/board.md connects connect4_mailbox_0.s0 to
     the lightweight bridge at the base of rtl/connect4/connect4_regs.def
     (0x1000; hal/hal.h's map is made from it), and the slave's word
     address and the PIO after it span the bytes that .def gives it (the
     same for go_rules);
  3. every port of board/de1_soc_top.sv has exactly one pin location in
     board/tabletop.qsf, and no pin is used twice;
  4. verilator lints board/de1_soc_top.sv together with the real
     go_peripheral and the real connect4_mailbox behind a stand-in
     soc_system that has the ports the top level connects (so widths and
     names between them agree);
  5. seed 004's reset PIO: docs/board.md puts c4_reset_pio.s1
     at the .def's RESET_PIO (0x1020), and the top level wires the
     PIO's export (c4_reset_export) to the mailbox's ai_rst
     (connect4_ai_rst) -- nothing else drives it;
  6. the VGA DAC (seed 000, ARCHITECTURE.md "Frames"): the top level's
     VGA_R/G/B expressions, evaluated here for every 4-bit value v, give
     v*17 (the nibble repeated), as the PNGs store it.

usage: check_board_files.py SOURCE_DIR [VERILATOR]
"""
import os
import re
import subprocess
import sys
import tempfile

FAILS = []


def fail(msg):
    FAILS.append(msg)
    print("FAIL: " + msg)


# Tcl stand-ins: print one line per declaration the checker needs.
TCL_STUBS = r"""
proc package {args} {}
proc set_module_property {args} {}
proc add_fileset {args} {}
proc set_fileset_property {args} {}
proc add_fileset_file {name kind how path args} { puts "FILE $path" }
proc add_parameter {name type default args} { puts "PARAM $name" }
proc set_parameter_property {name prop value} {
    if {$prop eq "HDL_PARAMETER" && $value} { puts "HDLPARAM $name" }
}
proc add_interface {name kind dir} { puts "INTERFACE $name $kind $dir" }
proc set_interface_property {args} {}
proc set_interface_assignment {args} {}
proc add_interface_port {itf port role dir width} { puts "PORT $itf $port $role $dir $width" }
"""


def rtl_ports(sv_text, module):
    """({name: (direction, width)}, {parameter names}) of a module's ANSI header."""
    sv_text = re.sub(r"//[^\n]*|/\*.*?\*/", "", sv_text, flags=re.S)
    m = re.search(r"\bmodule\s+%s\b" % module, sv_text)
    if not m:
        return {}, set()
    pos = m.end()

    def group(at):
        """Text inside the parentheses opening at sv_text[at], and the end."""
        depth = 0
        for i in range(at, len(sv_text)):
            if sv_text[i] == "(":
                depth += 1
            elif sv_text[i] == ")":
                depth -= 1
                if depth == 0:
                    return sv_text[at + 1:i], i + 1
        return "", len(sv_text)

    params = set()
    rest = sv_text[pos:].lstrip()
    pos = len(sv_text) - len(rest)
    if rest.startswith("#"):
        ptext, pos = group(sv_text.index("(", pos))
        params = set(re.findall(r"parameter\s+(?:[\w\[\]:]+\s+)*?(\w+)\s*=", ptext))
    ports_text, _ = group(sv_text.index("(", pos))
    ports, direction, width = {}, None, 1
    for item in ports_text.split(","):
        d = re.match(r"\s*(input|output|inout)\b", item)
        if d:
            direction = d.group(1)
            w = re.search(r"\[(\d+)\s*:\s*0\]", item)
            width = int(w.group(1)) + 1 if w else 1
        name = re.findall(r"\w+", item)[-1]
        ports[name] = (direction, width)
    return ports, params


def check_hw_tcl(src, hw_name, rtl_rel, module):
    """Checks one component; returns ({port: (dir, width)}, [fileset paths])."""
    hw = os.path.join(src, "board", hw_name)
    if not os.path.exists(hw):
        fail("missing Platform Designer component board/" + hw_name)
        return {}, []
    r = subprocess.run(["tclsh"], input=TCL_STUBS + open(hw).read(), text=True,
                       capture_output=True, cwd=os.path.dirname(hw))
    if r.returncode:
        fail("tclsh could not run %s: %s" % (hw_name, r.stderr.strip()))
        return {}, []
    sv = open(os.path.join(src, rtl_rel)).read()
    ports, params = rtl_ports(sv, module)
    if not ports:
        fail("no port list found in " + rtl_rel)
        return {}, []
    declared, files = {}, []
    for line in r.stdout.splitlines():
        f = line.split()
        if f[0] == "FILE":
            path = os.path.normpath(os.path.join(src, "board", f[1]))
            files.append(path)
            if not os.path.exists(path):
                fail("%s fileset names a missing file: %s" % (hw_name, f[1]))
        elif f[0] == "HDLPARAM" and f[1] not in params:
            fail("%s HDL parameter %s is not a parameter of %s" % (hw_name, f[1], module))
        elif f[0] == "PORT":
            _, itf, port, role, direction, width = f
            declared[port] = (direction.lower(), int(width))
    # The register map's SV include travels with the component, or Platform
    # Designer's copy of the top level would not find it.
    for inc in re.findall(r'`include\s+"([^"]+)"', sv):
        if not any(os.path.basename(f) == inc for f in files):
            fail("%s fileset lacks %s, which %s includes" % (hw_name, inc, module))
    files = [f for f in files if not f.endswith(".svh")]
    for port, (direction, width) in declared.items():
        if port not in ports:
            fail("%s port %s is not a port of %s" % (hw_name, port, module))
        elif ports[port] != (direction, width):
            fail("%s port %s is %s %d, the RTL says %s %d"
                 % (hw_name, port, direction, width, ports[port][0], ports[port][1]))
    for port in ports:
        if port not in declared:
            fail("%s port %s is in no %s interface" % (module, port, hw_name))
    print("%s: %d ports, %d parameters checked against %s"
          % (hw_name, len(declared), len(params), rtl_rel))
    return declared, files


def connect4_rtl_list(src):
    """The connect4_rtl files of rtl/meson.build, as absolute paths."""
    text = open(os.path.join(src, "rtl", "meson.build")).read()
    m = re.search(r"connect4_rtl\s*=\s*files\((.*?)\)", text, re.S)
    if not m:
        fail("no connect4_rtl list in rtl/meson.build")
        return []
    return [os.path.normpath(os.path.join(src, "rtl", f))
            for f in re.findall(r"'([^']+)'", m.group(1))]


def rtl_list(src, name):
    """The files of rtl/meson.build's list called name, as absolute paths."""
    text = open(os.path.join(src, "rtl", "meson.build")).read()
    m = re.search(name + r"\s*=\s*files\((.*?)\)", text, re.S)
    if not m:
        fail("no %s list in rtl/meson.build" % name)
        return []
    return [os.path.normpath(os.path.join(src, "rtl", f))
            for f in re.findall(r"'([^']+)'", m.group(1))]


def def_maps(src):
    """{PREFIX: map} of every rtl/<periph>/<periph>_regs.def, as tools/regmap.py
    reads them: the one source of each peripheral's base, span and offsets."""
    sys.path.insert(0, os.path.join(src, "tools"))
    sys.dont_write_bytecode = True  # nothing written beside the sources
    import regmap
    return {m.prefix: m for m in map(regmap.parse, regmap.defs(src))}


def check_go_rules(src):
    """The go_rules component: its files, its address and span."""
    declared, files = check_hw_tcl(src, "go_rules_hw.tcl",
                                   os.path.join("rtl", "go_rules", "go_rules.sv"), "go_rules")
    want = rtl_list(src, "go_rules_rtl")
    if want and files and sorted(files) != sorted(want):
        fail("go_rules_hw.tcl fileset differs from rtl/meson.build's go_rules_rtl")
    gr = def_maps(src)["GO_RULES"]
    base, span = gr.base, gr.span
    board_md = open(os.path.join(src, "docs", "board.md")).read()
    m = re.search(r"^\|\s*`hps_0\.h2f_lw_axi_master`\s*\|\s*`go_rules_0\.s0`\s*\|"
                  r"\s*\**(0x[0-9A-Fa-f]+)", board_md, re.M)
    if not m:
        fail("docs/board.md connects no hps_0.h2f_lw_axi_master -> go_rules_0.s0")
    elif int(m.group(1), 16) != base:
        fail("docs/board.md puts go_rules_0.s0 at %s, go_rules_regs.def's base is 0x%X"
             % (m.group(1), base))
    if "avs_address" in declared and 4 * (1 << declared["avs_address"][1]) != span:
        fail("go_rules's word address does not span go_rules_regs.def's 0x%X bytes" % span)
    print("go_rules: LW 0x%X, span 0x%X bytes, %d files as rtl/meson.build"
          % (base, span, len(files)))


def check_connect4(src):
    """The mailbox component: its files, its address and span."""
    declared, files = check_hw_tcl(src, "connect4_mailbox_hw.tcl",
                                   os.path.join("rtl", "connect4", "connect4_mailbox.sv"),
                                   "connect4_mailbox")
    want = connect4_rtl_list(src)
    if want and files and sorted(files) != sorted(want):
        fail("connect4_mailbox_hw.tcl fileset %s differs from rtl/meson.build's connect4_rtl %s"
             % (sorted(os.path.basename(f) for f in files),
                sorted(os.path.basename(f) for f in want)))
    c4 = def_maps(src)["C4"]
    base, span = c4.base, c4.span
    board_md = open(os.path.join(src, "docs", "board.md")).read()
    m = re.search(r"^\|\s*`hps_0\.h2f_lw_axi_master`\s*\|\s*`connect4_mailbox_0\.s0`\s*\|"
                  r"\s*\**(0x[0-9A-Fa-f]+)", board_md, re.M)
    if not m:
        fail("docs/board.md connects no hps_0.h2f_lw_axi_master -> connect4_mailbox_0.s0")
    elif int(m.group(1), 16) != base:
        fail("docs/board.md puts connect4_mailbox_0.s0 at %s, connect4_regs.def's base is 0x%X"
             % (m.group(1), base))
    # The span holds the mailbox's words and, after them, the reset PIO's
    # four registers (0x10 bytes).
    pio = next((r["offset"] for r in c4.regs if r["name"] == "RESET_PIO"), None)
    if pio is None:
        fail("connect4_regs.def: no RESET_PIO register (seed 004's reset PIO)")
    if "avs_address" in declared:
        words = 1 << declared["avs_address"][1]
        if pio is not None and (pio != 4 * words or 4 * words + 0x10 != span):
            fail("connect4_mailbox's %d-bit word address spans 0x%X bytes and the PIO sits at "
                 "+0x%X; connect4_regs.def gives the peripheral 0x%X bytes"
                 % (declared["avs_address"][1], 4 * words, pio, span))
    m = re.search(r"^\|\s*`hps_0\.h2f_lw_axi_master`\s*\|\s*`c4_reset_pio\.s1`\s*\|"
                  r"\s*\**(0x[0-9A-Fa-f]+)", board_md, re.M)
    if not m:
        fail("docs/board.md connects no hps_0.h2f_lw_axi_master -> c4_reset_pio.s1")
    elif pio is not None and int(m.group(1), 16) != base + pio:
        fail("docs/board.md puts c4_reset_pio.s1 at %s, connect4_regs.def's RESET_PIO is at 0x%X"
             % (m.group(1), base + pio))
    print("connect4 mailbox: LW 0x%X, span 0x%X bytes, %d files as rtl/meson.build"
          % (base, span, len(files)))


def check_pins(src):
    top = open(os.path.join(src, "board", "de1_soc_top.sv")).read()
    ports, _ = rtl_ports(top, "de1_soc_top")
    wanted = set()
    for name, (_, width) in ports.items():
        if width == 1:
            wanted.add(name)
        else:
            wanted.update("%s[%d]" % (name, i) for i in range(width))
    qsf = open(os.path.join(src, "board", "tabletop.qsf")).read()
    locs = re.findall(r"^set_location_assignment\s+PIN_(\w+)\s+-to\s+(\S+)", qsf, re.M)
    by_name, by_pin = {}, {}
    for pin, name in locs:
        if name in by_name:
            fail("%s has two locations" % name)
        by_name[name] = pin
        if pin in by_pin:
            fail("pin %s is given to both %s and %s" % (pin, by_pin[pin], name))
        by_pin[pin] = name
    for name in sorted(wanted - set(by_name)):
        fail("top-level port %s has no pin location" % name)
    for name in sorted(set(by_name) - wanted):
        fail("qsf locates %s, which is not a top-level port" % name)
    print("pins: %d top-level signals, %d locations" % (len(wanted), len(by_name)))


def check_lint(src, verilator):
    top = open(os.path.join(src, "board", "de1_soc_top.sv")).read()
    inst = re.search(r"soc_system\s+soc_inst\s*\((.*?)\);", top, re.S).group(1)
    conns = re.findall(r"\.(\w+)\s*\(\s*([^)]*?)\s*\)", inst)
    top_ports, _ = rtl_ports(top, "de1_soc_top")
    sigs = dict(top_ports)
    sigs.update({"vga_r4": ("output", 4), "vga_g4": ("output", 4), "vga_b4": ("output", 4),
                 "dram_dqm": ("output", 2), "c4_busy": ("output", 1),
                 "c4_ai_rst": ("output", 1), "gr_busy": ("output", 1),
                 "oth_active": ("output", 1)})
    # The two VGA sources the top level muxes: go_peripheral (gp_) and the tile display (td_).
    for sig in ("gp_r4", "gp_g4", "gp_b4", "td_r4", "td_g4", "td_b4"):
        sigs[sig] = ("output", 4)
    for sig in ("gp_hs", "gp_vs", "gp_blank_n", "gp_sync_n", "gp_clk", "td_hs", "td_vs",
                "td_blank_n", "td_sync_n", "td_clk", "tile_drive"):
        sigs[sig] = ("output", 1)
    # The reset PIO's wire leaves soc_system at the export and enters it at
    # the mailbox's conduit: one signal, two directions.
    port_dir = {"connect4_ai_rst": "input", "c4_reset_export": "output"}
    pio_wire = [e for p, e in conns if p == "c4_reset_export"]
    rst_wire = [e for p, e in conns if p == "connect4_ai_rst"]
    if not pio_wire or not rst_wire:
        fail("de1_soc_top connects no reset PIO (c4_reset_export) or no connect4_ai_rst")
    elif pio_wire != rst_wire:
        fail("connect4_ai_rst is driven by %s, not by the reset PIO's export %s"
             % (rst_wire, pio_wire))

    def width_of(expr):
        base = re.match(r"(\w+)(\[(\d+)\])?", expr)
        if base.group(2):
            return 1
        return sigs[base.group(1)][1]

    # A stand-in soc_system: go_peripheral's vga conduit is the real module,
    # every other port is tied off or left open.
    lines = ["`default_nettype none", "module soc_system ("]
    decls = []
    for port, expr in conns:
        w = width_of(expr)
        rng = "[%d:0] " % (w - 1) if w > 1 else ""
        top_dir = port_dir.get(port) or sigs[re.match(r"\w+", expr).group(0)][0]
        if top_dir == "input":
            decls.append("    input  wire logic %s%s" % (rng, port))
        elif top_dir == "inout":
            decls.append("    inout  wire logic %s%s" % (rng, port))
        else:
            decls.append("    output      logic %s%s" % (rng, port))
    lines.append(",\n".join(decls))
    lines.append(");")
    vga = {p for p, _ in conns if p.startswith("vga_")}
    c4 = {p for p, _ in conns if p.startswith("connect4_")}
    lines.append("    /* verilator lint_off PINCONNECTEMPTY */")
    lines.append("    go_peripheral #(.SOUND_DIR(\"%s\")) gp_inst (" % os.path.join(src, "rtl", "go_peripheral", "sounds"))
    lines.append("        .clk(clk_clk), .reset_n(reset_reset_n),")
    lines.append("        .avs_address(5'd0), .avs_read(1'b0), .avs_write(1'b0), .avs_writedata(32'd0), .avs_readdata(),")
    lines.append("        .avm_address(), .avm_read(), .avm_burstcount(), .avm_readdata(32'd0), .avm_readdatavalid(1'b0), .avm_waitrequest(1'b0),")
    lines.append("        .aso_left_data(), .aso_left_valid(), .aso_left_ready(1'b1),")
    lines.append("        .aso_right_data(), .aso_right_valid(), .aso_right_ready(1'b1),")
    lines.append("        " + ", ".join(".%s(%s)" % (p, p) for p in sorted(vga)))
    lines.append("    );")
    # The Connect Four mailbox behind its status conduit (export connect4).
    lines.append("    connect4_mailbox c4_inst (")
    lines.append("        .clk(clk_clk), .rst(!reset_reset_n),")
    if "connect4_ai_rst" not in c4:
        lines.append("        .ai_rst(1'b0),")
    lines.append("        .avs_address(3'd0), .avs_read(1'b0), .avs_write(1'b0), .avs_writedata(32'd0), .avs_readdata(),")
    lines.append("        " + ", ".join(".%s(%s)" % (p[len("connect4_"):], p) for p in sorted(c4)))
    lines.append("    );")
    # The go_rules peripheral behind its status conduit (export go_rules).
    gr = {p for p, _ in conns if p.startswith("go_rules_")}
    lines.append("    go_rules gr_inst (")
    lines.append("        .clk(clk_clk), .rst(!reset_reset_n),")
    lines.append("        .avs_address(6'd0), .avs_read(1'b0), .avs_write(1'b0), .avs_writedata(32'd0), .avs_readdata(),")
    lines.append("        " + ", ".join(".%s(%s)" % (p[len("go_rules_"):], p) for p in sorted(gr)))
    lines.append("    );")
    # Seed 002's tile display behind its vga conduit (export tile).
    td = {p for p, _ in conns if p.startswith("tile_")}
    lines.append("    tile_display td_inst (")
    lines.append("        .clk(clk_clk), .rst(!reset_reset_n),")
    lines.append("        .avs_address(6'd0), .avs_read(1'b0), .avs_write(1'b0), .avs_writedata(32'd0), .avs_readdata(),")
    lines.append("        " + ", ".join(".%s(%s)" % (p[len("tile_"):], p) for p in sorted(td)))
    lines.append("    );")
    if gr != {"go_rules_busy"}:
        fail("de1_soc_top connects %s of the go_rules conduit; go_rules_hw.tcl exports busy"
             % sorted(gr))
    if c4 != {"connect4_busy", "connect4_ai_rst"}:
        fail("de1_soc_top connects %s of the connect4 conduit; connect4_mailbox_hw.tcl exports "
             "busy and ai_rst" % sorted(c4))
    for port, expr in conns:
        if port in vga or port in c4 or port in gr or port in td:
            continue
        d = [x for x in decls if x.endswith(" " + port)][0]
        if d.strip().startswith("output"):
            w = width_of(expr)
            lines.append("    assign %s = '0;" % port)
    lines.append("endmodule")
    with tempfile.TemporaryDirectory() as tmp:
        stub = os.path.join(tmp, "soc_system_stub.sv")
        open(stub, "w").write("\n".join(lines) + "\n")
        rtl = os.path.join(src, "rtl", "go_peripheral")
        files = [os.path.join(rtl, f) for f in ("go_peripheral.sv", "vga_controller.sv",
                                                 "line_buffer.sv", "pix_clk_en.sv",
                                                 "audio_controller.sv", "sample_rom.sv")]
        files += connect4_rtl_list(src)
        files += rtl_list(src, "go_rules_rtl")
        files += rtl_list(src, "tile_display_rtl")
        cmd = [verilator, "--lint-only", "-Wall", "-Wno-UNUSEDSIGNAL", "-Wno-UNDRIVEN",
               "-Wno-DECLFILENAME", "--top-module", "de1_soc_top",
               os.path.join(src, "board", "de1_soc_top.sv"), stub] + files
        # Each top includes its register map (<periph>_regs.svh) from its own folder.
        cmd += sorted({"-I" + os.path.dirname(f) for f in files})
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode:
            fail("verilator lint of the top level failed:\n" + r.stderr)
        else:
            print("lint: de1_soc_top + go_peripheral + connect4_mailbox + go_rules + "
                  "tile_display + stand-in soc_system clean")


def eval_concat(expr, v):
    """Value of a Verilog concatenation of 4-bit vga_*4 signals (all v) and
    sized literals, e.g. {vga_r4, 4'b0000}; None if it is something else."""
    m = re.fullmatch(r"\{(.*)\}", expr.strip())
    parts = [p.strip() for p in (m.group(1) if m else expr).split(",")]
    value = 0
    for p in parts:
        lit = re.fullmatch(r"(\d+)'([bdh])([0-9a-fA-F_]+)", p)
        if re.fullmatch(r"vga_[rgb]4", p):
            width, x = 4, v
        elif lit:
            width = int(lit.group(1))
            x = int(lit.group(3).replace("_", ""), {"b": 2, "d": 10, "h": 16}[lit.group(2)])
        else:
            return None
        value = (value << width) | x
    return value


def check_vga_dac(src):
    top = open(os.path.join(src, "board", "de1_soc_top.sv")).read()
    for ch in "RGB":
        m = re.search(r"assign\s+VGA_%s\s*=\s*(.*?);" % ch, top)
        if not m:
            fail("de1_soc_top assigns no VGA_%s" % ch)
            continue
        got = [eval_concat(m.group(1), v) for v in range(16)]
        want = [v * 17 for v in range(16)]
        if got != want:
            fail("VGA_%s = %s gives %s for v = 0..15; the DAC should get v*17 %s"
                 % (ch, m.group(1), got, want))
    print("vga dac: each 4-bit channel v reaches the DAC as v*17")


def check_vga_mux(src):
    """Every VGA output is the tile display's while its vga_drive
    (the tile conduit's) is set, go_peripheral's otherwise."""
    top = open(os.path.join(src, "board", "de1_soc_top.sv")).read()
    inst = re.search(r"soc_system\s+soc_inst\s*\((.*?)\);", top, re.S).group(1)
    conns = dict(re.findall(r"\.(\w+)\s*\(\s*([^)]*?)\s*\)", inst))
    sel = conns.get("tile_vga_drive")
    if not sel:
        fail("de1_soc_top connects no tile_vga_drive")
        return
    for role, out in (("r", "vga_r4"), ("g", "vga_g4"), ("b", "vga_b4"), ("hs", "VGA_HS"),
                      ("vs", "VGA_VS"), ("blank_n", "VGA_BLANK_N"), ("sync_n", "VGA_SYNC_N"),
                      ("clk", "VGA_CLK")):
        m = re.search(r"assign\s+%s\s*=\s*(\w+)\s*\?\s*(\w+)\s*:\s*(\w+)\s*;" % out, top)
        want = (sel, conns.get("tile_vga_" + role), conns.get("vga_" + role))
        if not m or m.groups() != want:
            fail("%s should be %s ? %s : %s (tile display : go_peripheral), not %s"
                 % (out, want[0], want[1], want[2], m.group(0) if m else "missing"))
    print("vga mux: every VGA output follows tile_vga_drive (%s)" % sel)


def main():
    src = sys.argv[1]
    verilator = sys.argv[2] if len(sys.argv) > 2 else ""
    check_hw_tcl(src, "go_peripheral_hw.tcl",
                 os.path.join("rtl", "go_peripheral", "go_peripheral.sv"), "go_peripheral")
    check_connect4(src)
    check_go_rules(src)
    # The link UART's component against its RTL
    check_hw_tcl(src, "link_uart_hw.tcl", os.path.join("rtl", "link_uart", "link_uart.sv"),
                 "link_uart")
    # The Othello machine's component against its RTL
    check_hw_tcl(src, "othello_machine_hw.tcl",
                 os.path.join("rtl", "othello", "othello_machine.sv"), "othello_machine")
    # The seven-segment digits' component against its RTL
    check_hw_tcl(src, "seven_seg_hw.tcl", os.path.join("rtl", "seven_seg", "seven_seg.sv"),
                 "seven_seg")
    # Seed 002's tile display's component against its RTL
    check_hw_tcl(src, "tile_display_hw.tcl",
                 os.path.join("rtl", "tile_display", "tile_display.sv"), "tile_display")
    check_pins(src)
    check_vga_dac(src)
    check_vga_mux(src)
    if verilator:
        check_lint(src, verilator)
    else:
        print("lint: skipped (no verilator)")
    print("%d problems" % len(FAILS))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
