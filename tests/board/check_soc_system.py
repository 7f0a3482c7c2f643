#!/usr/bin/env python3
"""Checks board/soc_system.tcl, the Platform Designer system script, without
Quartus: the script runs in tclsh with every qsys-script command it uses
recorded instead of executed (a stand-in GHRD answers the HPS questions), and
the recorded system is held against sources written independently of it:

  1. components: every instance of a tabletop component is the module of a
     board/*_hw.tcl (run in tclsh the same way: its NAME, VERSION,
     parameters, interfaces, ports and roles); every board/*_hw.tcl is in the
     system; every parameter set exists; Intel's IP is described by the
     table IP_MODELS below (interfaces and port roles of their documented
     generated ports, as functions of the parameters the script sets);
  2. connections: both ends exist and are of matching kinds (clock, reset,
     memory-mapped, streaming); every clock and reset input, every slave and
     every stream is connected, every conduit exported; the HPS's interfaces
     follow its bridge settings, and its GHRD settings are copied;
  3. addresses: every memory-mapped connection has a base address aligned to
     its slave's span, no two slaves of a master overlap; every slave on the
     lightweight bridge is at the base and span of its .def (which
     hal/hal.h's HAL_PERIPHERALS rows name), and covers exactly a row of ARCHITECTURE.md's address map (the
     reset PIO at connect4_regs.def's RESET_PIO and the codec set-up core are the two
     extras, inside the HAL's span or outside every row); the SDRAM sits
     where hal/hal.h's framebuffers are; docs/board.md's connection table
     gives the same base addresses, its instance table the same instances
     and exports, its clock row the same clock inputs;
  4. exports: the soc_system ports the exports make (<export>_<role>) are
     exactly the ports board/de1_soc_top.sv connects, with the same widths
     and directions where the component says them.

usage: check_soc_system.py SOURCE_DIR [--plants]
  --plants: instead, plant a wrong base address, a missing export and a
  missing GHRD into temporary copies of the script and check that each is
  caught (the repository is never written).
"""
import os
import re
import subprocess
import sys
import tempfile

# Cyclone V HPS memory map (Cyclone V Hard Processor System Technical
# Reference Manual): the HPS-to-FPGA bridge window starts at 0xC0000000, the
# lightweight bridge's at 0xFF200000 and spans 2 MB.
H2F_BASE = 0xC0000000
LW_BASE = 0xFF200000
LW_SPAN = 0x200000

# A qsys-script stand-in: every command prints one line, TAB-separated,
# with backslash, tab and newline escaped.  The GHRD's HPS answers from
# GHRD_HPS (a stand-in: the real values come from Terasic's file); its
# bridges are off and its FPGA-to-HPS interfaces on, so the script is seen
# to set them itself.
TCL_RECORDER = r"""
proc rec {args} {
    set out {}
    foreach a $args { lappend out [string map [list "\\" "\\\\" "\t" "\\t" "\n" "\\n"] $a] }
    puts [join $out "\t"]
}
proc package {args} { rec package {*}$args }
proc load_system {path} {
    if {![file isfile $path]} { error "load_system: no such file $path" }
    rec load_system $path
}
array set GHRD_CLASS {clk_0 clock_source hps_0 altera_hps led_pio altera_avalon_pio}
array set GHRD_HPS {
    MEM_CLK_FREQ 400.0 EMAC1_PinMuxing {HPS I/O Set 0} USB1_PinMuxing {HPS I/O Set 0}
    GPIO_Enable {No Yes No} LWH2F_Enable false S2F_Width 0 F2S_Width 2
    F2SDRAM_Type {Avalon-MM Write-Only} F2SDRAM_Width 64 F2SINTERRUPT_Enable 1
    F2SCLK_COLDRST_Enable 1 STM_Enable 1 MPU_EVENTS_Enable 1 HPS_PROTOCOL DDR3
    DERIVED_ONLY 7
}
proc get_instances {} { return [array names ::GHRD_CLASS] }
proc get_instance_property {inst prop} {
    if {$prop eq "CLASS_NAME"} { return $::GHRD_CLASS($inst) }
    return ""
}
proc get_instance_parameters {inst} {
    if {$inst ne "hps_0"} { return {} }
    return [lsort [array names ::GHRD_HPS]]
}
proc get_instance_parameter_property {inst param prop} {
    if {$prop eq "DERIVED"} { return [expr {$param eq "DERIVED_ONLY"}] }
    return ""
}
proc get_instance_parameter_value {inst param} { return $::GHRD_HPS($param) }
foreach cmd {create_system set_project_property add_instance set_instance_parameter_value
             add_connection set_connection_parameter_value add_interface
             set_interface_property save_system} {
    proc $cmd {args} "rec $cmd {*}\$args"
}
"""

# A _hw.tcl stand-in: module properties, parameters, interfaces and ports.
HW_RECORDER = r"""
proc rec {args} { puts [join $args "\t"] }
proc package {args} {}
proc set_module_property {name value} { rec MODULE $name $value }
proc add_fileset {args} {}
proc set_fileset_property {args} {}
proc add_fileset_file {args} {}
proc add_parameter {name args} { rec PARAM $name }
proc set_parameter_property {args} {}
proc add_interface {name kind dir} { rec INTERFACE $name $kind $dir }
proc set_interface_property {itf prop value} { rec IPROP $itf $prop $value }
proc set_interface_assignment {args} {}
proc add_interface_port {itf port role dir width} { rec PORT $itf $port $role $dir $width }
"""

FAILS = []


def fail(msg):
    FAILS.append(msg)
    print("FAIL: " + msg)


def unescape(s):
    out, i = [], 0
    while i < len(s):
        if s[i] == "\\" and i + 1 < len(s):
            out.append({"t": "\t", "n": "\n", "\\": "\\"}.get(s[i + 1], s[i + 1]))
            i += 2
        else:
            out.append(s[i])
            i += 1
    return "".join(out)


def run_script(script, ghrd, env_ghrd=False):
    """Runs soc_system.tcl under the recorder; (returncode, [commands], stderr)."""
    with tempfile.TemporaryDirectory() as tmp:
        pre = TCL_RECORDER
        if ghrd and not env_ghrd:
            pre += "set ghrd_qsys {%s}\n" % ghrd
        pre += "set out_qsys {%s}\n" % os.path.join(tmp, "soc_system.qsys")
        env = dict(os.environ)
        env.pop("TABLETOP_GHRD_QSYS", None)
        if ghrd and env_ghrd:
            env["TABLETOP_GHRD_QSYS"] = ghrd
        driver = os.path.join(tmp, "driver.tcl")
        with open(driver, "w") as f:
            f.write(pre + "source {%s}\n" % script)
        r = subprocess.run(["tclsh", driver], capture_output=True, text=True, env=env,
                           cwd=tmp)
    cmds = [[unescape(a) for a in line.split("\t")] for line in r.stdout.splitlines()
            if line and not line.startswith("soc_system.tcl:")]
    return r.returncode, cmds, r.stderr


def run_hw_tcl(path):
    """The module a _hw.tcl declares: name, version, parameters, interfaces."""
    r = subprocess.run(["tclsh"], input=HW_RECORDER + open(path).read(), text=True,
                       capture_output=True, cwd=os.path.dirname(path))
    if r.returncode:
        fail("tclsh could not run %s: %s" % (os.path.basename(path), r.stderr.strip()))
        return None
    mod = {"props": {}, "params": set(), "itfs": {}}
    for line in r.stdout.splitlines():
        f = line.split("\t")
        if f[0] == "MODULE":
            mod["props"][f[1]] = f[2]
        elif f[0] == "PARAM":
            mod["params"].add(f[1])
        elif f[0] == "INTERFACE":
            mod["itfs"][f[1]] = {"kind": f[2], "dir": f[3], "ports": [], "props": {}}
        elif f[0] == "IPROP" and f[1] in mod["itfs"]:
            mod["itfs"][f[1]]["props"][f[2]] = f[3]
        elif f[0] == "PORT":
            mod["itfs"][f[1]]["ports"].append((f[3], f[4].lower(), int(f[5])))
    return mod


def itf(kind, direction, ports=(), span=None):
    return {"kind": kind, "dir": direction, "ports": None if ports is None else list(ports),
            "span": span}


def log2(n):
    return n.bit_length() - 1


# Intel's IP as the script uses it: interfaces (kind, direction), the roles,
# directions and widths of the ports Platform Designer exports for them, and
# the parameters each takes.  From Intel's and the University Program's
# documentation of each core (port lists of their generated HDL).
def model_clock_source(p):
    return {"clk_in": itf("clock", "end", [("clk", "input", 1)]),
            "clk_in_reset": itf("reset", "end", [("reset_n", "input", 1)]),
            "clk": itf("clock", "start"), "clk_reset": itf("reset", "start")}


def model_sys_sdram_pll(p):
    return {"ref_clk": itf("clock", "end", [("clk", "input", 1)]),
            "ref_reset": itf("reset", "end", [("reset", "input", 1)]),
            "sys_clk": itf("clock", "start", [("clk", "output", 1)]),
            "sdram_clk": itf("clock", "start", [("clk", "output", 1)]),
            "reset_source": itf("reset", "start")}


def model_audio_pll(p):
    return {"ref_clk": itf("clock", "end", [("clk", "input", 1)]),
            "ref_reset": itf("reset", "end", [("reset", "input", 1)]),
            "audio_clk": itf("clock", "start", [("clk", "output", 1)]),
            "reset_source": itf("reset", "start")}


def model_sdram(p):
    rows, cols = int(p["rowWidth"]), int(p["columnWidth"])
    banks, width = int(p["numberOfBanks"]), int(p["dataWidth"])
    size = (1 << (rows + cols)) * banks * width // 8
    return {"clk": itf("clock", "end"), "reset": itf("reset", "end"),
            "s1": itf("avalon", "end", span=size),
            "wire": itf("conduit", "end", [
                ("addr", "output", max(rows, cols)), ("ba", "output", log2(banks)),
                ("cas_n", "output", 1), ("cke", "output", 1),
                ("cs_n", "output", int(p["numberOfChipSelects"])),
                ("dq", "inout", width), ("dqm", "output", width // 8),
                ("ras_n", "output", 1), ("we_n", "output", 1)])}


def model_pio(p):
    d = {"Output": "output", "Input": "input", "InOut": "inout"}[p["direction"]]
    return {"clk": itf("clock", "end"), "reset": itf("reset", "end"),
            "s1": itf("avalon", "end", span=0x10),
            "external_connection": itf("conduit", "end", [("export", d, int(p["width"]))])}


def model_audio(p):
    on = lambda k: str(p.get(k, "0")).lower() in ("1", "true")
    ports = []
    if on("audio_in"):
        ports += [("ADCDAT", "input", 1), ("ADCLRCK", "input", 1)]
    ports.append(("BCLK", "input", 1))
    if on("audio_out"):
        ports += [("DACDAT", "output", 1), ("DACLRCK", "input", 1)]
    m = {"clk": itf("clock", "end"), "reset": itf("reset", "end"),
         "external_interface": itf("conduit", "end", ports)}
    if p.get("avalon_bus_type") == "Streaming":
        if on("audio_out"):
            m["avalon_left_channel_sink"] = itf("avalon_streaming", "end")
            m["avalon_right_channel_sink"] = itf("avalon_streaming", "end")
        if on("audio_in"):
            # Unconnected stream sources are allowed: nothing reads the ADC.
            m["avalon_left_channel_source"] = itf("avalon_streaming", "start")
            m["avalon_right_channel_source"] = itf("avalon_streaming", "start")
    else:
        m["avalon_audio_slave"] = itf("avalon", "end", span=0x10)
    return m


def model_av_config(p):
    return {"clk": itf("clock", "end"), "reset": itf("reset", "end"),
            "avalon_av_config_slave": itf("avalon", "end", span=0x10),
            "external_interface": itf("conduit", "end",
                                      [("SDAT", "inout", 1), ("SCLK", "output", 1)])}


# The DDR3 roles of the HPS's memory export; their widths and the hps_io
# roles follow the GHRD's memory and pin settings and are not checked here.
HPS_MEMORY_ROLES = ["mem_a", "mem_ba", "mem_ck", "mem_ck_n", "mem_cke", "mem_cs_n",
                    "mem_ras_n", "mem_cas_n", "mem_we_n", "mem_reset_n", "mem_dq",
                    "mem_dqs", "mem_dqs_n", "mem_odt", "mem_dm", "oct_rzqin"]


def model_hps(p):
    m = {"memory": itf("conduit", "end", [(r, None, None) for r in HPS_MEMORY_ROLES]),
         "hps_io": itf("conduit", "end", None),
         "h2f_reset": itf("reset", "start")}
    if str(p.get("LWH2F_Enable", "false")).lower() in ("1", "true"):
        m["h2f_lw_axi_master"] = itf("axi", "start")
        m["h2f_lw_axi_clock"] = itf("clock", "end")
    if int(p.get("S2F_Width", 0) or 0) > 0:
        m["h2f_axi_master"] = itf("axi", "start")
        m["h2f_axi_clock"] = itf("clock", "end")
    if int(p.get("F2S_Width", 0) or 0) > 0:
        m["f2h_axi_slave"] = itf("axi", "end", span=1 << 32)
        m["f2h_axi_clock"] = itf("clock", "end")
    if p.get("F2SDRAM_Type"):
        m["f2h_sdram0_data"] = itf("avalon", "end", span=1 << 32)
        m["f2h_sdram0_clock"] = itf("clock", "end")
    for flag, name in (("F2SCLK_COLDRST_Enable", "f2h_cold_reset_req"),
                       ("F2SCLK_WARMRST_Enable", "f2h_warm_reset_req"),
                       ("F2SCLK_DBGRST_Enable", "f2h_debug_reset_req")):
        if str(p.get(flag, "0")).lower() in ("1", "true"):
            m[name] = itf("reset", "end")
    if str(p.get("STM_Enable", "0")).lower() in ("1", "true"):
        m["f2h_stm_hw_events"] = itf("conduit", "end", None)
    if str(p.get("MPU_EVENTS_Enable", "0")).lower() in ("1", "true"):
        m["h2f_mpu_events"] = itf("conduit", "end", None)
    return m


IP_MODELS = {
    "clock_source": (model_clock_source,
                     {"clockFrequency", "clockFrequencyKnown", "resetSynchronousEdges"}),
    "altera_up_avalon_sys_sdram_pll": (model_sys_sdram_pll,
                                       {"CV_boards", "gui_refclk", "gui_outclk"}),
    "altera_up_avalon_audio_pll": (model_audio_pll, {"gui_refclk", "audio_clk_freq"}),
    "altera_avalon_new_sdram_controller": (model_sdram, {
        "dataWidth", "numberOfChipSelects", "numberOfBanks", "rowWidth", "columnWidth",
        "casLatency", "initRefreshCommands", "refreshPeriod", "powerUpDelay", "TRFC",
        "TRP", "TRCD", "TAC", "TWR"}),
    "altera_avalon_pio": (model_pio, {"width", "direction", "resetValue"}),
    "altera_up_avalon_audio": (model_audio, {"avalon_bus_type", "audio_in", "audio_out",
                                             "dw"}),
    "altera_up_avalon_audio_and_video_config": (model_av_config, {
        "device", "board", "eai", "audio_in", "mic_bypass", "line_in_bypass",
        "dac_enable", "data_format", "bit_length", "sampling_rate"}),
    "altera_hps": (model_hps, None),
}


def hw_model(mod):
    """A _hw.tcl module as a table of interfaces, like IP_MODELS'."""
    out = {}
    for name, i in mod["itfs"].items():
        span = None
        if i["kind"] == "avalon" and i["dir"] == "end":
            addr = [w for r, d, w in [(p[0], p[1], p[2]) for p in i["ports"]] if r == "address"]
            if i["props"].get("addressUnits") != "WORDS" or not addr:
                fail("%s.%s: a slave with no word address" % (mod["props"].get("NAME"), name))
            else:
                data = [w for r, d, w in i["ports"] if r in ("readdata", "writedata")]
                span = (1 << addr[0]) * (max(data) // 8 if data else 4)
        out[name] = itf(i["kind"], i["dir"], i["ports"], span)
    return out


def load_components(src):
    """{module NAME: (model, parameters, version, file)} of every board/*_hw.tcl."""
    comps = {}
    board = os.path.join(src, "board")
    for fn in sorted(os.listdir(board)):
        if not fn.endswith("_hw.tcl"):
            continue
        mod = run_hw_tcl(os.path.join(board, fn))
        if mod:
            name = mod["props"].get("NAME")
            comps[name] = (hw_model(mod), mod["params"], mod["props"].get("VERSION"), fn)
    return comps


def parse_int(text):
    return int(str(text), 0)


def hal_map(src):
    """({ID: (base, span)} of hal/hal.h's HAL_PERIPHERALS, whose rows name each
    .def's generated <P>_BASE and <P>_SPAN, read from the .defs themselves;
    {name: value} of the other numbers this check compares)."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    sys.dont_write_bytecode = True  # nothing written beside the sources
    from check_board_files import def_maps
    maps = def_maps(src)
    hal = open(os.path.join(src, "hal", "hal.h")).read()
    defs = {m.group(1): m.group(2) for m in
            re.finditer(r"#define\s+(\w+)\s+(.+?)\s*(?:/\*.*)?$", hal, re.M)}

    entries = {}
    for m in re.finditer(r"X\((\w+),\s*\"(\w+)\",\s*(\w+)_BASE,\s*(\w+)_SPAN\)", hal):
        if m.group(3) == m.group(4) and m.group(3) in maps:
            entries[m.group(1)] = (maps[m.group(3)].base, maps[m.group(3)].span)
        else:
            fail("hal/hal.h's %s names no .def's <P>_BASE and <P>_SPAN" % m.group(1))
    consts = {k: parse_int(defs[k].rstrip("u")) for k in ("HAL_FB0_PHYS", "HAL_FB1_PHYS",
                                                           "HAL_LW_BRIDGE_BASE",
                                                           "HAL_LW_BRIDGE_SPAN") if k in defs}
    c4 = maps["C4"]
    consts["REG_C4_RESET_PIO"] = c4.base + next(
        r["offset"] for r in c4.regs if r["name"] == "RESET_PIO")
    fb = re.search(r"#define\s+HAL_FB_BYTES\s+\(HAL_FB_WIDTH \* HAL_FB_HEIGHT \* 2\)", hal)
    w = re.search(r"#define\s+HAL_FB_WIDTH\s+(\d+)", hal)
    h = re.search(r"#define\s+HAL_FB_HEIGHT\s+(\d+)", hal)
    if fb and w and h:
        consts["HAL_FB_BYTES"] = int(w.group(1)) * int(h.group(1)) * 2
    return entries, consts


def architecture_rows(src):
    """[(first, last, text)] of ARCHITECTURE.md's lightweight-bridge rows."""
    for path in (os.path.join(src, "ARCHITECTURE.md"),
                 os.path.join(src, "..", "shared", "ARCHITECTURE.md")):
        if os.path.exists(path):
            text = open(path).read()
            return [(int(a, 16), int(b, 16), t.strip()) for a, b, t in re.findall(
                r"^\|\s*0xFF200000 \+ (0x[0-9A-Fa-f]+)\.\.(0x[0-9A-Fa-f]+)\s*\|([^|]*)\|",
                text, re.M)]
    return None


# Drifts found by this check whose fix is outside the repository (the shared
# ARCHITECTURE.md), each exactly as found: (slave, LW base, span the component
# and its .def give it) -> (span ARCHITECTURE.md gives it, why).  Reported,
# not failed; any other value fails.
KNOWN_DRIFTS = {
    ("go_peripheral_0.s0", 0x0, 0x80): (
        0x20, "go_peripheral.sv's 5-bit word address spans 32 words (0x80 in "
        "go_peripheral_regs.def and hal/hal.h); ARCHITECTURE.md lists its six registers"),
}

# Which HAL_PERIPHERALS entry each tabletop module answers for (hal/hal.h
# names the peripherals; board/*_hw.tcl names the modules).
HAL_MODULE = {"GO_PERIPHERAL": "go_peripheral", "CONNECT4": "connect4_mailbox",
              "OTHELLO": "othello_machine", "LINK_UART": "link_uart",
              "GO_RULES": "go_rules", "SEVEN_SEG": "seven_seg",
              "TILE_DISPLAY": "tile_display"}


def top_connections(src):
    """({soc_system port: expression}, {signal: (direction, width)}) of the top level."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    sys.dont_write_bytecode = True  # nothing written beside the sources
    from check_board_files import rtl_ports
    top = open(os.path.join(src, "board", "de1_soc_top.sv")).read()
    ports, _ = rtl_ports(top, "de1_soc_top")
    sigs = dict(ports)
    body = re.sub(r"//[^\n]*", "", top)
    for rng, names in re.findall(r"^\s*logic\s*(\[\d+:0\])?\s*([\w\s,]+);", body, re.M):
        w = int(re.match(r"\[(\d+)", rng).group(1)) + 1 if rng else 1
        for n in names.split(","):
            sigs[n.strip()] = ("local", w)
    inst = re.search(r"soc_system\s+soc_inst\s*\((.*?)\);", body, re.S).group(1)
    conns = dict(re.findall(r"\.(\w+)\s*\(\s*([^)]*?)\s*\)", inst))
    return conns, sigs


def expr_width(expr, sigs):
    m = re.fullmatch(r"(\w+)(?:\[(\d+)(?::(\d+))?\])?", expr.strip())
    if not m or m.group(1) not in sigs:
        return None, None
    direction, width = sigs[m.group(1)]
    if m.group(2) is not None:
        width = 1 if m.group(3) is None else int(m.group(2)) - int(m.group(3)) + 1
    return direction, width


def check(src, script, ghrd):
    """Runs every check on script; the failures go to FAILS."""
    rc, cmds, err = run_script(script, ghrd)
    if rc:
        fail("tclsh could not run %s: %s" % (script, err.strip()))
        return
    comps = load_components(src)
    if not comps:
        fail("no board/*_hw.tcl component found")

    insts, params, conns, bases, exports = {}, {}, [], {}, {}
    project, saved, loaded = {}, [], []
    for c in cmds:
        op, args = c[0], c[1:]
        if op == "package" and args[:2] != ["require", "-exact"]:
            fail("the script should ask for an exact qsys API version: package %s" % " ".join(args))
        elif op == "load_system":
            loaded.append(args[0])
        elif op == "set_project_property":
            project[args[0]] = args[1]
        elif op == "add_instance":
            if args[0] in insts:
                fail("instance %s added twice" % args[0])
            insts[args[0]] = (args[1], args[2] if len(args) > 2 else None)
            params[args[0]] = {}
        elif op == "set_instance_parameter_value":
            if args[0] not in insts:
                fail("parameter %s set on %s before add_instance" % (args[1], args[0]))
            else:
                params[args[0]][args[1]] = args[2]
        elif op == "add_connection":
            conns.append((args[0], args[1]))
        elif op == "set_connection_parameter_value":
            if args[1] == "baseAddress":
                bases[args[0]] = parse_int(args[2])
        elif op == "add_interface":
            exports[args[0]] = {"kind": args[1], "dir": args[2], "of": None}
        elif op == "set_interface_property" and args[1] == "EXPORT_OF":
            if args[0] not in exports:
                fail("EXPORT_OF set on %s before add_interface" % args[0])
            else:
                exports[args[0]]["of"] = args[2]
        elif op == "save_system":
            saved.append(args[0])
    if not loaded or loaded[0] != ghrd:
        fail("the script does not load the GHRD it was given (%s)" % loaded)
    if len(saved) != 1:
        fail("the script saves the system %d times" % len(saved))

    qsf = open(os.path.join(src, "board", "tabletop.qsf")).read()
    m = re.search(r"set_global_assignment -name DEVICE (\S+)", qsf)
    if m and project.get("DEVICE") != m.group(1):
        fail("the system's DEVICE %s is not tabletop.qsf's %s" % (project.get("DEVICE"), m.group(1)))

    # ---- components ------------------------------------------------------------
    models = {}
    used_modules = set()
    for name, (cls, version) in insts.items():
        p = params[name]
        if cls in comps:
            model, known, want_version, fn = comps[cls]
            used_modules.add(cls)
            if version != want_version:
                fail("%s: version %s, %s says %s" % (name, version, fn, want_version))
            for k in p:
                if k not in known:
                    fail("%s: parameter %s is not a parameter of %s (%s)" % (name, k, cls, fn))
            models[name] = model
        elif cls in IP_MODELS:
            fn_model, known = IP_MODELS[cls]
            if known is not None:
                for k in p:
                    if k not in known:
                        fail("%s: parameter %s is not one this check knows for %s" % (name, k, cls))
            try:
                models[name] = fn_model(p)
            except (KeyError, ValueError) as e:
                fail("%s (%s): parameter missing or malformed: %s" % (name, cls, e))
        else:
            fail("%s: component %s is neither a board/*_hw.tcl module nor known IP" % (name, cls))
    for cls, (_, _, _, fn) in comps.items():
        if cls not in used_modules:
            fail("board/%s (module %s) is not in the system" % (fn, cls))

    # The HPS: the GHRD's settings copied, the bridges as the system needs.
    hps = [n for n, (cls, _) in insts.items() if cls == "altera_hps"]
    if len(hps) != 1:
        fail("the system should hold one HPS, it holds %d" % len(hps))
    else:
        hp = params[hps[0]]
        for k, v in (("MEM_CLK_FREQ", "400.0"), ("EMAC1_PinMuxing", "HPS I/O Set 0"),
                     ("USB1_PinMuxing", "HPS I/O Set 0"), ("GPIO_Enable", "No Yes No"),
                     ("HPS_PROTOCOL", "DDR3")):
            if hp.get(k) != v:
                fail("the HPS's %s is %r, not the GHRD's %r" % (k, hp.get(k), v))
        if "DERIVED_ONLY" in hp:
            fail("the script copies the GHRD's derived HPS parameter DERIVED_ONLY")

    def interface(ref):
        inst, _, name = ref.partition(".")
        if inst not in models:
            fail("%s names no instance" % ref)
            return None
        if name not in models[inst]:
            fail("%s: %s has no interface %s" % (ref, insts[inst][0], name))
            return None
        return models[inst][name]

    # ---- connections -------------------------------------------------------------
    pair_ok = {("clock", "clock"), ("reset", "reset"), ("avalon", "avalon"),
               ("axi", "avalon"), ("avalon", "axi"), ("axi", "axi"),
               ("avalon_streaming", "avalon_streaming")}
    fed = {}
    for a, b in conns:
        ia, ib = interface(a), interface(b)
        if not ia or not ib:
            continue
        if (ia["kind"], ib["kind"]) not in pair_ok or ia["dir"] != "start" or ib["dir"] != "end":
            fail("%s (%s %s) cannot drive %s (%s %s)"
                 % (a, ia["kind"], ia["dir"], b, ib["kind"], ib["dir"]))
        fed.setdefault(b, []).append(a)
        if ia["kind"] in ("avalon", "axi") and "%s/%s" % (a, b) not in bases:
            fail("%s -> %s has no baseAddress" % (a, b))
    exported = {e["of"] for e in exports.values()}
    for inst, model in models.items():
        for name, i in model.items():
            ref = "%s.%s" % (inst, name)
            if ref in exported:
                continue
            if i["dir"] == "end" and i["kind"] in ("clock", "avalon_streaming") and len(fed.get(ref, [])) != 1:
                fail("%s is fed by %d connections, not one" % (ref, len(fed.get(ref, []))))
            elif i["dir"] == "end" and i["kind"] in ("reset", "avalon", "axi") and not fed.get(ref):
                fail("%s is connected to nothing" % ref)
            elif i["kind"] == "conduit":
                fail("%s is a conduit nobody exports" % ref)
            elif i["kind"] == "avalon_streaming" and i["dir"] == "start" and inst in comps_instances(insts, comps):
                if not any(a == ref for a, _ in conns):
                    fail("%s streams to nothing" % ref)

    # ---- addresses ------------------------------------------------------------------
    by_master = {}
    for key, base in bases.items():
        master, slave = key.split("/")
        si = interface(slave)
        if not si:
            continue
        span = si["span"]
        if span is None:
            fail("%s: no span known" % slave)
            continue
        if base % span:
            fail("%s at 0x%X is not aligned to its span 0x%X" % (slave, base, span))
        by_master.setdefault(master, []).append((base, base + span, slave))
    for master, lst in by_master.items():
        lst.sort()
        for (b0, e0, s0), (b1, e1, s1) in zip(lst, lst[1:]):
            if b1 < e0:
                fail("%s: %s [0x%X, 0x%X) overlaps %s at 0x%X" % (master, s0, b0, e0, s1, b1))

    entries, consts = hal_map(src)
    if consts.get("HAL_LW_BRIDGE_BASE") != LW_BASE or consts.get("HAL_LW_BRIDGE_SPAN") != LW_SPAN:
        fail("hal/hal.h's LW bridge is not the Cyclone V HPS's 0xFF200000, 2 MB")
    lw = {s: (b, e) for b, e, s in by_master.get("hps_0.h2f_lw_axi_master", [])}
    inst_of_module = {}
    for name, (cls, _) in insts.items():
        inst_of_module.setdefault(cls, []).append(name)
    pio = [n for n, (cls, _) in insts.items() if cls == "altera_avalon_pio"]
    accounted = set()
    for hal_id, (hal_base, hal_span) in entries.items():
        module = HAL_MODULE.get(hal_id)
        if module is None:
            fail("hal/hal.h's %s has no module in this check's HAL_MODULE table" % hal_id)
            continue
        names = inst_of_module.get(module, [])
        slaves = [s for s in lw if s.split(".")[0] in names]
        if len(slaves) != 1:
            fail("hal/hal.h's %s (0x%X) has %d slaves of %s on the LW bridge"
                 % (hal_id, hal_base, len(slaves), module))
            continue
        b, e = lw[slaves[0]]
        accounted.add(slaves[0])
        end = e
        if hal_id == "CONNECT4":
            # Seed 004's reset PIO shares the peripheral's span.
            pio_slaves = [s for s in lw if s.split(".")[0] in pio]
            want = consts.get("REG_C4_RESET_PIO")
            if len(pio_slaves) != 1 or lw[pio_slaves[0]][0] != want:
                fail("the reset PIO should sit at connect4_regs.def's RESET_PIO 0x%X on the LW "
                     "bridge: %s" % (want or 0, {s: hex(lw[s][0]) for s in pio_slaves}))
            else:
                accounted.add(pio_slaves[0])
                end = max(end, lw[pio_slaves[0]][1])
        if b != hal_base or end - b != hal_span:
            fail("%s at LW 0x%X spans 0x%X; hal/hal.h's %s is 0x%X, span 0x%X"
                 % (slaves[0], b, end - b, hal_id, hal_base, hal_span))
    rows = architecture_rows(src)
    if rows is None:
        print("note: ARCHITECTURE.md not found; its address map not compared")
    else:
        lw = dict(lw)
        for (slave, base, span), (arch_span, why) in KNOWN_DRIFTS.items():
            if lw.get(slave) == (base, base + span) and (base, base + arch_span - 1) in [
                    (f, l) for f, l, _ in rows]:
                print("KNOWN DRIFT (reported, not failed): %s at LW 0x%X spans 0x%X, "
                      "ARCHITECTURE.md says 0x%X: %s" % (slave, base, span, arch_span, why))
                lw[slave] = (base, base + arch_span)
        for first, last, text in rows:
            hits = [s for s, (b, e) in lw.items() if (b, e - 1) == (first, last)]
            if len(hits) != 1:
                fail("ARCHITECTURE.md's LW 0x%X..0x%X (%s) is covered by %s"
                     % (first, last, text[:40], hits or "no slave"))
        for s, (b, e) in lw.items():
            if any((b, e - 1) == (f, l) for f, l, _ in rows):
                continue
            if s in accounted:
                continue
            if any(b <= l and f < e for f, l, _ in rows):
                fail("%s at LW 0x%X overlaps a row of ARCHITECTURE.md's map" % (s, b))
            elif s.split(".")[0] not in [n for n, (cls, _) in insts.items()
                                         if cls == "altera_up_avalon_audio_and_video_config"]:
                fail("%s at LW 0x%X is in neither hal/hal.h nor ARCHITECTURE.md" % (s, b))
    for s, (b, e) in lw.items():
        if e > LW_SPAN:
            fail("%s ends past the 2 MB lightweight bridge" % s)

    # The SDRAM behind the HPS-to-FPGA bridge holds hal/hal.h's framebuffers,
    # and go_peripheral's master finds it where SDRAM_HPS_BASE says.
    h2f = by_master.get("hps_0.h2f_axi_master", [])
    fb0, fb1, fbb = (consts.get(k) for k in ("HAL_FB0_PHYS", "HAL_FB1_PHYS", "HAL_FB_BYTES"))
    if not h2f:
        fail("nothing behind the HPS-to-FPGA bridge: the framebuffers need the SDRAM there")
    elif None not in (fb0, fb1, fbb):
        for f in (fb0, fb1):
            if not any(H2F_BASE + b <= f and f + fbb <= H2F_BASE + e for b, e, _ in h2f):
                fail("hal/hal.h's framebuffer 0x%X is behind no slave of the HPS-to-FPGA bridge" % f)
    for inst in inst_of_module.get("go_peripheral", []):
        hpsbase = parse_int(params[inst].get("SDRAM_HPS_BASE", 0))
        for b, e, s in by_master.get(inst + ".m0", []):
            for hb, he, hs in h2f:
                if hs == s and hpsbase - H2F_BASE != b - hb:
                    fail("%s.m0 sees %s at 0x%X; SDRAM_HPS_BASE 0x%X puts it at 0x%X"
                         % (inst, s, b, hpsbase, hpsbase - H2F_BASE + hb))

    # docs/board.md's connection table, row by row.
    doc = open(os.path.join(src, "docs", "board.md")).read()
    for master, slave, base in re.findall(
            r"^\|\s*`(hps_0\.\w+)`\s*\|\s*`(\w+\.\w+)`\s*\|\s*\**(0x[0-9A-Fa-f]+)", doc, re.M):
        key = "%s/%s" % (master, slave)
        if key not in bases:
            fail("docs/board.md connects %s to %s; the script does not" % (master, slave))
        elif bases[key] != int(base, 16):
            fail("docs/board.md puts %s at %s, the script at 0x%X" % (slave, base, bases[key]))

    # docs/board.md's instance table: every instance, its exports; and the
    # clock row: every clock input it lists is fed by the system clock.
    table = doc[doc.find("| instance | component"):doc.find("\nConnections:")]
    rows = re.findall(r"^\|\s*`(\w+)`\s*\|(.*)$", table, re.M)
    for inst, rest in rows:
        if inst not in insts:
            fail("docs/board.md's instance %s is not in the script" % inst)
        for itf_name, export in re.findall(r"[Ee]xport `(\w+)` as \*\*`(\w+)`\*\*", rest):
            got = exports.get(export, {}).get("of")
            if got != "%s.%s" % (inst, itf_name):
                fail("docs/board.md exports %s.%s as %s; the script exports %s as it"
                     % (inst, itf_name, export, got))
    listed = {inst for inst, _ in rows} | {"clk_0", "hps_0"}
    for inst in insts:
        if inst not in listed:
            fail("instance %s is not in docs/board.md's instance table" % inst)
    m = re.search(r"^\|\s*`(\w+\.\w+)`\s*\|\s*clock inputs of ([^|]*)\|", doc, re.M)
    if not m:
        fail("docs/board.md has no row giving the system clock's inputs")
    else:
        clock = m.group(1)
        for ref in re.findall(r"`([\w.]+)`", m.group(2)):
            if "." in ref:
                sinks = [ref]
            else:
                sinks = ["%s.%s" % (ref, n) for n, i in models.get(ref, {}).items()
                         if i["kind"] == "clock" and i["dir"] == "end"]
            if not sinks or any(fed.get(x) != [clock] for x in sinks):
                fail("docs/board.md clocks %s from %s; the script feeds %s"
                     % (ref, clock, {x: fed.get(x) for x in sinks}))

    # ---- exports against the top level ---------------------------------------------
    top, sigs = top_connections(src)
    want = {}
    unknown_roles = []
    kinds = {("clock", "sink"): ("clock", "end"), ("clock", "source"): ("clock", "start"),
             ("reset", "sink"): ("reset", "end"), ("conduit", "end"): ("conduit", "end")}
    for name, e in exports.items():
        i = interface(e["of"]) if e["of"] else None
        if not i:
            fail("export %s exports nothing" % name)
            continue
        if kinds.get((e["kind"], e["dir"])) != (i["kind"], i["dir"]):
            fail("export %s is a %s %s of %s, a %s %s" % (name, e["kind"], e["dir"], e["of"],
                                                         i["kind"], i["dir"]))
        if i["ports"] is None:
            unknown_roles.append(name + "_")
            continue
        for role, direction, width in i["ports"]:
            want["%s_%s" % (name, role)] = (direction, width)
    for port in sorted(set(top) - set(want)):
        if not any(port.startswith(p) for p in unknown_roles):
            fail("de1_soc_top connects soc_system.%s, which no export makes" % port)
    for port in sorted(set(want) - set(top)):
        fail("soc_system.%s (an export) is not connected in de1_soc_top" % port)
    for port in sorted(set(want) & set(top)):
        direction, width = want[port]
        tdir, twidth = expr_width(top[port], sigs)
        if width is not None and twidth is not None and width != twidth:
            fail("soc_system.%s is %d bits; de1_soc_top connects %s, %d bits"
                 % (port, width, top[port], twidth))
        if direction in ("input", "output") and tdir in ("input", "output") and tdir != direction:
            fail("soc_system.%s is an %s; de1_soc_top gives it its %s %s"
                 % (port, direction, tdir, top[port]))
    print("soc_system.tcl: %d instances, %d connections, %d base addresses, %d exports "
          "(%d top-level ports) checked" % (len(insts), len(conns), len(bases), len(exports),
                                            len(top)))


def comps_instances(insts, comps):
    return {n for n, (cls, _) in insts.items() if cls in comps}


def plants(src):
    """Each planted drift in a temporary copy of the script must be caught."""
    script = open(os.path.join(src, "board", "soc_system.tcl")).read()
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        ghrd = os.path.join(tmp, "ghrd_soc_system.qsys")
        open(ghrd, "w").write("<system/>\n")
        cases = [
            ("wrong base address", r"(connect_at hps_0\.h2f_lw_axi_master go_rules_0\.s0\s+)0x4000",
             r"\g<1>0x4100", "go_rules_0.s0"),
            ("missing export", r"^export_as othello .*$", "", "othello_machine_0.status"),
            ("missing export", r"^export_as sdram_clk .*$", "", "sdram_clk_clk"),
            ("wrong SDRAM geometry", r"(sdram rowWidth )13", r"\g<1>12", "sdram_addr"),
        ]
        for what, pattern, repl, needle in cases:
            text, n = re.subn(pattern, repl, script, flags=re.M)
            path = os.path.join(tmp, "soc_system.tcl")
            open(path, "w").write(text)
            FAILS.clear()
            check(src, path, ghrd)
            caught = [f for f in FAILS if needle in f]
            if n != 1 or not caught:
                print("PLANT NOT CAUGHT: %s (%d substitutions): %s" % (what, n, FAILS))
                bad += 1
            else:
                print("planted %s caught: %s" % (what, caught[0]))
        # No GHRD: a clear error, nothing saved.
        path = os.path.join(tmp, "soc_system.tcl")
        open(path, "w").write(script)
        for ghrd_arg, needle in ((None, "no GHRD given"),
                                 (os.path.join(tmp, "absent.qsys"), "not found")):
            rc, cmds, err = run_script(path, ghrd_arg)
            if rc == 0 or needle not in err or any(c[0] == "save_system" for c in cmds):
                print("PLANT NOT CAUGHT: GHRD %s: rc %d, %s" % (ghrd_arg, rc, err.strip()))
                bad += 1
            else:
                print("missing GHRD caught: %s" % err.strip().splitlines()[0])
        # The environment variable names the GHRD as well as --cmd does.
        rc, cmds, err = run_script(path, ghrd, env_ghrd=True)
        if rc or not any(c[0] == "load_system" and c[1] == ghrd for c in cmds):
            print("TABLETOP_GHRD_QSYS not honoured: rc %d %s" % (rc, err.strip()))
            bad += 1
    FAILS.clear()
    print("%d plants not caught" % bad)
    return 1 if bad else 0


def main():
    src = os.path.abspath(sys.argv[1])
    if "--plants" in sys.argv[2:]:
        return plants(src)
    with tempfile.TemporaryDirectory() as tmp:
        ghrd = os.path.join(tmp, "ghrd_soc_system.qsys")
        open(ghrd, "w").write("<system/>\n")
        check(src, os.path.join(src, "board", "soc_system.tcl"), ghrd)
    print("%d problems" % len(FAILS))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
