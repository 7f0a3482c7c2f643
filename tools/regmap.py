#!/usr/bin/env python3
"""One register map per peripheral: rtl/<periph>/<periph>_regs.def -> C, SV, docs.

    regmap.py c    DEF OUT.h     the C header the driver, model, binding and tests include
    regmap.py sv   DEF OUT.svh   the SystemVerilog include the RTL uses (`define`s)
    regmap.py md   DEF...        the docs/registers.md tables, on stdout
    regmap.py update ROOT         rewrites every committed .svh and docs/registers.md's
                                  tables from the .def files (what check compares)
    regmap.py check ROOT          TAP: each committed .svh and docs/registers.md's tables
                                  are what the .def files make today, and each RTL top
                                  decodes the address width its .def says

A .def file, one item a line ('#' starts a comment; the meaning is the rest
of the line; a line starting with '#' is a comment):

    peripheral PREFIX ADDR_BITS RTL_TOP meaning    the RTL's word address width
    base  OFFSET SPAN meaning                      where the peripheral sits on the LW
                                                   bridge: byte offset and the bytes the
                                                   address map gives it (at least what
                                                   ADDR_BITS decodes; more when a
                                                   neighbouring component shares them)
    reg   NAME[COUNT] OFFSET ACCESS RESET meaning  byte offset; [COUNT] for an array
    field REG NAME BITS ACCESS meaning             BITS as 7:0 or 3
    const NAME VALUE meaning                       a value the registers carry

ACCESS is R, W or RW; RESET a number, or '-' where no value is held.
Names made from it (PREFIX GO_RULES):
    GO_RULES_REG_STATUS          0x08u byte offset inside the peripheral
    GO_RULES_REG_BOARD_COUNT     6, the words of an array
    GO_RULES_STATUS_BUSY         (1u << 0), a one-bit field
    GO_RULES_STATUS_REASON_SHIFT 4, GO_RULES_STATUS_REASON_MASK 0x70u (in place)
    GO_RULES_ID_VALUE            a const
    GO_RULES_ADDR_BITS           the RTL's word address width
    GO_RULES_BASE, GO_RULES_SPAN the LW bridge byte offset and span (hal.h's map)
and in the SV include the same names with the word address (offset / 4)
ADDR_BITS wide for each register, 32-bit values for consts.
"""
import os
import re
import sys

ACCESS = ("R", "W", "RW")


class RegMap:
    def __init__(self, path):
        self.path = path
        self.periph = os.path.basename(path)[:-len("_regs.def")]
        self.prefix = None
        self.bits = None
        self.top = None
        self.base = None
        self.span = None
        self.base_meaning = ""
        self.meaning = ""
        self.regs = []    # dicts: name, count, offset, access, reset, meaning, fields
        self.consts = []  # (name, value, meaning)


def number(text, where):
    try:
        return int(text, 0)
    except ValueError:
        raise SystemExit(f"{where}: not a number: {text}")


def parse(path):
    m = RegMap(path)
    names = set()
    with open(path, encoding="utf-8") as f:
        for lineno, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            where = f"{path}:{lineno}"
            kind = line.split(None, 1)[0]
            if kind == "peripheral":
                parts = line.split(None, 4)
                if len(parts) < 4:
                    raise SystemExit(f"{where}: peripheral PREFIX ADDR_BITS RTL_TOP meaning")
                m.prefix, m.bits, m.top = parts[1], number(parts[2], where), parts[3]
                m.meaning = parts[4] if len(parts) > 4 else ""
            elif kind == "base":
                parts = line.split(None, 3)
                if len(parts) < 3:
                    raise SystemExit(f"{where}: base OFFSET SPAN meaning")
                m.base, m.span = number(parts[1], where), number(parts[2], where)
                m.base_meaning = parts[3] if len(parts) > 3 else ""
            elif kind == "reg":
                parts = line.split(None, 5)
                if len(parts) < 5 or parts[3] not in ACCESS:
                    raise SystemExit(f"{where}: reg NAME[COUNT] OFFSET R|W|RW RESET meaning")
                nm = re.fullmatch(r"([A-Z][A-Z0-9_]*)(?:\[(\d+)\])?", parts[1])
                if not nm:
                    raise SystemExit(f"{where}: bad register name {parts[1]}")
                offset = number(parts[2], where)
                if offset % 4:
                    raise SystemExit(f"{where}: offset {parts[2]} is not word aligned")
                reset = None if parts[4] == "-" else number(parts[4], where)
                if nm.group(1) in names:
                    raise SystemExit(f"{where}: {nm.group(1)} named twice")
                names.add(nm.group(1))
                m.regs.append(dict(name=nm.group(1), count=int(nm.group(2) or 1), offset=offset,
                                   access=parts[3], reset=reset,
                                   meaning=parts[5] if len(parts) > 5 else "", fields=[]))
            elif kind == "field":
                parts = line.split(None, 5)
                if len(parts) < 5 or parts[4] not in ACCESS:
                    raise SystemExit(f"{where}: field REG NAME BITS R|W|RW meaning")
                reg = next((r for r in m.regs if r["name"] == parts[1]), None)
                if reg is None:
                    raise SystemExit(f"{where}: field of an unknown register {parts[1]}")
                bm = re.fullmatch(r"(\d+)(?::(\d+))?", parts[3])
                if not bm:
                    raise SystemExit(f"{where}: bits {parts[3]} are not HI:LO or BIT")
                hi = int(bm.group(1))
                lo = int(bm.group(2)) if bm.group(2) is not None else hi
                if not 0 <= lo <= hi <= 31:
                    raise SystemExit(f"{where}: bits {parts[3]} outside 31:0")
                reg["fields"].append(dict(name=parts[2], hi=hi, lo=lo, access=parts[4],
                                          meaning=parts[5] if len(parts) > 5 else ""))
            elif kind == "const":
                parts = line.split(None, 3)
                if len(parts) < 3:
                    raise SystemExit(f"{where}: const NAME VALUE meaning")
                m.consts.append((parts[1], number(parts[2], where),
                                 parts[3] if len(parts) > 3 else ""))
            else:
                raise SystemExit(f"{where}: unknown item {kind}")
    if m.prefix is None:
        raise SystemExit(f"{path}: no peripheral line")
    if m.base is None:
        raise SystemExit(f"{path}: no base line")
    if m.span < rtl_span(m) or m.base % rtl_span(m):
        raise SystemExit(f"{path}: span 0x{m.span:X} is less than the 0x{rtl_span(m):X} bytes "
                         f"the RTL decodes, or base 0x{m.base:X} is not aligned to them")
    return m


def rtl_span(m):
    return 4 << m.bits


def gen_c(m):
    p = m.prefix
    guard = f"TABLETOP_{p}_REGS_H"
    out = [f"/* {m.periph}_regs.h - made by tools/regmap.py from rtl/{m.periph}/{m.periph}_regs.def",
           f" * at build time: edit that file, not this one.  {m.meaning} */",
           f"#ifndef {guard}", f"#define {guard}", "",
           f"#define {p}_ADDR_BITS {m.bits} /* the RTL's word address */",
           f"#define {p}_BASE 0x{m.base:04X}u /* LW bridge byte offset */",
           f"#define {p}_SPAN 0x{m.span:04X}u /* bytes of the LW bridge: {m.base_meaning} */"
           .replace(": */", " */"), ""]
    for r in m.regs:
        reset = "" if r["reset"] is None else f", reset 0x{r['reset']:X}"
        out.append(f"#define {p}_REG_{r['name']} 0x{r['offset']:02X}u /* {r['access']}{reset}: "
                   f"{r['meaning']} */".replace("*/ */", "*/"))
        if r["count"] > 1:
            out.append(f"#define {p}_REG_{r['name']}_COUNT {r['count']} /* words */")
        for fl in r["fields"]:
            base = f"{p}_{r['name']}_{fl['name']}"
            if fl["hi"] == fl["lo"]:
                out.append(f"#define {base} (1u << {fl['lo']}) /* {fl['access']}: {fl['meaning']} */")
            else:
                mask = ((1 << (fl["hi"] - fl["lo"] + 1)) - 1) << fl["lo"]
                out.append(f"#define {base}_SHIFT {fl['lo']} /* {fl['access']} [{fl['hi']}:{fl['lo']}]: "
                           f"{fl['meaning']} */")
                out.append(f"#define {base}_MASK 0x{mask:X}u")
    if m.consts:
        out.append("")
    for name, value, meaning in m.consts:
        # Small counts read as plain ints, as C code compares them with ints.
        text = str(value) if value < 0x10000 else f"0x{value:X}u"
        out.append(f"#define {p}_{name} {text} /* {meaning} */")
    out += ["", "#endif", ""]
    return "\n".join(out)


def gen_sv(m):
    p = m.prefix
    out = [f"// {m.periph}_regs.svh - made by tools/regmap.py from {m.periph}_regs.def: edit",
           "// that file and run `tools/regmap.py sv` (the test regmap-current compares).",
           f"// {m.meaning}",
           f"`ifndef {p}_REGS_SVH", f"`define {p}_REGS_SVH", "",
           f"// Word addresses (byte offset / 4), {m.bits} bits as avs_address."]
    for r in m.regs:
        word = r["offset"] // 4
        if word >= 1 << m.bits:
            continue  # not decoded by this RTL (a neighbouring component)
        out.append(f"`define {p}_REG_{r['name']} {m.bits}'d{word}")
        if r["count"] > 1:
            out.append(f"`define {p}_REG_{r['name']}_COUNT {r['count']}")
    fields = [(r, fl) for r in m.regs for fl in r["fields"]]
    if fields:
        out.append("// Field bit positions.")
    for r, fl in fields:
        base = f"{p}_{r['name']}_{fl['name']}"
        if fl["hi"] == fl["lo"]:
            out.append(f"`define {base} {fl['lo']}")
        else:
            out.append(f"`define {base}_LSB {fl['lo']}")
            out.append(f"`define {base}_MSB {fl['hi']}")
    if m.consts:
        out.append("// Values.")
    for name, value, _ in m.consts:
        out.append(f"`define {p}_{name} 32'h{value:08X}")
    out += ["", "`endif", ""]
    return "\n".join(out)


def md_cell(text):
    return text.replace("|", "\\|")


def gen_md(m):
    out = [f"<!-- regmap {m.periph}: made by tools/regmap.py from rtl/{m.periph}/{m.periph}_regs.def -->",
           f"At LW 0x{m.base:04X}, span 0x{m.span:X}"
           + (f": {m.base_meaning}" if m.base_meaning else "") + ".", "",
           "| offset | name | access | bits | reset | meaning |", "|---|---|---|---|---|---|"]
    for r in m.regs:
        off = f"0x{r['offset']:02X}"
        if r["count"] > 1:
            off += f"-0x{r['offset'] + 4 * (r['count'] - 1):02X}"
        reset = "—" if r["reset"] is None else f"0x{r['reset']:X}"
        out.append(f"| {off} | {r['name']} | {r['access']} | "
                   f"{'[31:0]' if r['count'] == 1 else str(r['count']) + ' words'} | {reset} | "
                   f"{md_cell(r['meaning'])} |")
        for fl in r["fields"]:
            bits = f"[{fl['hi']}]" if fl["hi"] == fl["lo"] else f"[{fl['hi']}:{fl['lo']}]"
            out.append(f"| | {r['name']}.{fl['name']} | {fl['access']} | {bits} | | "
                       f"{md_cell(fl['meaning'])} |")
    if m.consts:
        out.append("")
        out.append("| value | name | meaning |")
        out.append("|---|---|---|")
        for name, value, meaning in m.consts:
            out.append(f"| 0x{value:X} | {name} | {md_cell(meaning)} |")
    out.append(f"<!-- regmap {m.periph} end -->")
    return "\n".join(out) + "\n"


def defs(root):
    rtl = os.path.join(root, "rtl")
    for d in sorted(os.listdir(rtl)):
        path = os.path.join(rtl, d, d + "_regs.def")
        if os.path.isfile(path):
            yield path


def rtl_addr_bits(root, m):
    """The avs_address width the RTL top declares, or None."""
    for name in os.listdir(os.path.join(root, "rtl", m.periph)):
        if not name.endswith(".sv"):
            continue
        text = open(os.path.join(root, "rtl", m.periph, name), encoding="utf-8").read()
        if not re.search(r"^\s*module\s+" + re.escape(m.top) + r"\b", text, re.M):
            continue
        a = re.search(r"input\s+wire\s+logic\s*\[(\d+):0\]\s*avs_address", text)
        return (int(a.group(1)) + 1 if a else None), name, text
    return None, None, ""


def check(root):
    results = []
    docs = open(os.path.join(root, "docs", "registers.md"), encoding="utf-8").read()
    for path in defs(root):
        m = parse(path)
        svh = path[:-len(".def")] + ".svh"
        want = gen_sv(m)
        have = open(svh, encoding="utf-8").read() if os.path.isfile(svh) else None
        results.append((have == want, f"{os.path.relpath(svh, root)} is what its .def makes"
                        + ("" if have == want else ": run tools/regmap.py sv "
                           f"{os.path.relpath(path, root)} {os.path.relpath(svh, root)}")))
        table = gen_md(m)
        results.append((table in docs, f"docs/registers.md has {m.periph}'s table as its .def makes it"
                        + ("" if table in docs else ": paste `tools/regmap.py md "
                           f"{os.path.relpath(path, root)}`")))
        bits, top_file, text = rtl_addr_bits(root, m)
        results.append((bits == m.bits, f"rtl/{m.periph}: {m.top}'s avs_address is {bits} bits, "
                        f"the .def says {m.bits}"))
        inc = f'`include "{m.periph}_regs.svh"'
        results.append((inc in text, f"rtl/{m.periph}/{top_file}: {inc}"))
        # An address the RTL decodes must be named, not a number the map can drift from.
        bare = re.findall(r"avs_address\s*==\s*\d+'d\d+", text) + re.findall(
            r"^\s*%d'd\d+\s*:" % m.bits, text, re.M)
        results.append((not bare, f"rtl/{m.periph}/{top_file}: no bare word address"
                        + (f" ({bare[0].strip()})" if bare else "")))
    print(f"1..{len(results)}")
    for i, (ok, what) in enumerate(results, 1):
        print(f"{'ok' if ok else 'not ok'} {i} - {what}")
    return 0 if all(ok for ok, _ in results) else 1


def update(root):
    """Writes each .svh and replaces each table of docs/registers.md (between
    its regmap markers) with what the .def makes today."""
    docs_path = os.path.join(root, "docs", "registers.md")
    docs = open(docs_path, encoding="utf-8").read()
    for path in defs(root):
        m = parse(path)
        write(path[:-len(".def")] + ".svh", gen_sv(m))
        block = re.compile(r"<!-- regmap %s: .*?<!-- regmap %s end -->\n" % (m.periph, m.periph), re.S)
        if not block.search(docs):
            raise SystemExit(f"docs/registers.md: no table of {m.periph} to replace")
        docs = block.sub(lambda _: gen_md(m), docs)
    write(docs_path, docs)
    return 0


def write(path, text):
    """Writes text unless the file already holds it (a rebuild stays quiet)."""
    if os.path.isfile(path) and open(path, encoding="utf-8").read() == text:
        return
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def main(argv):
    if len(argv) >= 4 and argv[1] == "c":
        write(argv[3], gen_c(parse(argv[2])))
    elif len(argv) >= 4 and argv[1] == "sv":
        write(argv[3], gen_sv(parse(argv[2])))
    elif len(argv) >= 3 and argv[1] == "md":
        sys.stdout.write("\n".join(gen_md(parse(p)) for p in argv[2:]))
    elif len(argv) == 3 and argv[1] == "update":
        return update(argv[2])
    elif len(argv) == 3 and argv[1] == "check":
        return check(argv[2])
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
