#!/usr/bin/env python3
"""One register vocabulary (docs/layout.md, "One register map per peripheral"):
drivers (src/drivers/), C models (hal/models/) and sim bindings
(sim/bindings/) name every register offset, field and value by what
tools/regmap.py makes from rtl/<periph>/<periph>_regs.def, and keep no second
set of names.

    check_regs.py ROOT              TAP, one line per rule
    check_regs.py --self-test ROOT  copies the sources to a scratch folder,
                                    plants one violation per kind there and
                                    expects each caught (ROOT is only read)
    check_regs.py --count ROOT      the violations, one a line (no TAP)

Rules, on each .c/.cpp/.h of those folders:
  alias   no #define whose body names a generated macro (an alias layer:
          `#define LINK_UART_DATA LINK_UART_REG_DATA`, or a register's address
          `#define MAILBOX_FLAG (C4_BASE + C4_REG_FLAG)`)
  access  no number but 0 in the offset or value of a register access
          (hal_read, hal_write, bus_read, bus_write, sim_read_at, sim_write_at),
          save 4 as the bytes of a word (`C4_REG_ROW + 4u * r`, an array's word)
  field   no number that the file's own peripheral's .def generates (a field's
          bit, shift or mask, an offset, a const, a count) as the operand of
          a shift, a mask, an equality or a case label where register words
          are made or taken apart: anywhere in a driver (it speaks only
          registers), in the functions of a model or binding whose name says
          read or write (the register file; the rest is the peripheral's own
          logic, which the .def does not describe).  The file's peripheral is
          its name's (go_rules_model.c: go_rules; connect4_mailbox.c: connect4).
          Exempt: `offset >> 2` and `offset & 3u` (a byte offset's word and
          alignment), the same in every layer.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plants  # noqa: E402

FOLDERS = ("src/drivers", "hal/models", "sim/bindings")
# File stems whose peripheral folder has another name.
STEM_PERIPH = {"connect4_mailbox": "connect4", "othello_machine": "othello"}
ACCESS_CALLS = r"\b(hal_read|hal_write|bus_read|bus_write|sim_read_at|sim_write_at)\s*\("
LITERAL = r"(?<![\w.])(0[xX][0-9A-Fa-f]+|\d+)[uUlL]*(?![\w.])"


def load_regmap(root):
    sys.path.insert(0, os.path.join(root, "tools"))
    sys.dont_write_bytecode = True  # nothing written beside the sources
    import regmap
    return regmap


def def_names_and_numbers(root):
    """({generated C macro names}, {periph: {numbers its .def generates}})."""
    regmap = load_regmap(root)
    names, numbers = set(), {}
    for path in regmap.defs(root):
        m = regmap.parse(path)
        names |= set(re.findall(r"^#define (\w+)", regmap.gen_c(m), re.M))
        nums = {m.base, m.span} | {v for _, v, _ in m.consts}
        for r in m.regs:
            nums |= {r["offset"], r["offset"] // 4, r["count"] if r["count"] > 1 else 0}
            for fl in r["fields"]:
                width = fl["hi"] - fl["lo"] + 1
                nums |= {fl["lo"], 1 << fl["lo"], (1 << width) - 1,
                         ((1 << width) - 1) << fl["lo"]}
        numbers[m.periph] = nums - {0}
    return names, numbers


def sources(root):
    for folder in FOLDERS:
        top = os.path.join(root, folder)
        for name in sorted(os.listdir(top)):
            if name.endswith((".c", ".cpp", ".h")):
                yield os.path.join(folder, name)


def strip_comments(text):
    """The text with comments and string literals blanked, lines kept."""
    def blank(m):
        return re.sub(r"[^\n]", " ", m.group(0))
    return re.sub(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])\'', blank, text,
                  flags=re.S)


def call_args(text, start):
    """The argument text of the call whose '(' is at start, and where it ends."""
    depth, i = 0, start
    while i < len(text):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return text[start + 1:i], i
        i += 1
    return text[start + 1:], len(text)


def top_level_split(args):
    out, depth, cur = [], 0, ""
    for ch in args:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    return out + [cur]


def value(lit):
    return int(lit, 0) if not re.fullmatch(r"0\d+", lit) else int(lit, 8)


def register_code(rel, text):
    """[(start, end)] of text where register words are made or taken apart."""
    if rel.startswith("src/drivers/"):
        return [(0, len(text))]
    spans = []
    for m in re.finditer(r"^[A-Za-z_][\w \t*:<>,]*?\b(\w+)\s*\([^;{}]*\)\s*(?:const\s*)?\{",
                         text, re.M):
        if not re.search(r"read|write", m.group(1)):
            continue
        depth, i = 0, m.end() - 1
        while i < len(text):
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            if depth == 0:
                break
            i += 1
        spans.append((m.start(), i))
    return spans


def check_file(root, rel, names, numbers):
    """[(rule, 'path:line: what')] of one file."""
    text = strip_comments(open(os.path.join(root, rel), encoding="utf-8").read())
    lineof = lambda pos: text.count("\n", 0, pos) + 1
    bad = []
    # alias: a #define (with its continuation lines) naming a generated macro.
    for m in re.finditer(r"^[ \t]*#[ \t]*define[ \t]+(\w+)(\([^)]*\))?((?:\\\n|[^\n])*)", text, re.M):
        used = [w for w in re.findall(r"\b[A-Z_][A-Z0-9_]*\b", m.group(3)) if w in names]
        if used:
            bad.append(("alias", f"{rel}:{lineof(m.start())}: #define {m.group(1)} names "
                        f"{used[0]}: use the generated name itself"))
    # access: numbers in a register access's offset or value.
    for m in re.finditer(ACCESS_CALLS, text):
        args, _ = call_args(text, m.end() - 1)
        for arg in top_level_split(args)[1:]:
            arg = re.sub(r"(?<![\w.])4[uU]?\s*\*", "", arg)  # the bytes of a word
            for lit in re.findall(LITERAL, arg):
                if value(lit) != 0:
                    bad.append(("access", f"{rel}:{lineof(m.start())}: {m.group(1)} with the bare "
                                f"number {lit}: name it in the .def"))
    # field: the peripheral's own numbers as shift, mask, comparison or case operands.
    stem = re.sub(r"_(model|bind)$", "", os.path.splitext(os.path.basename(rel))[0])
    nums = numbers.get(STEM_PERIPH.get(stem, stem), set())
    spans = register_code(rel, text)
    inside = lambda pos: any(a <= pos < b for a, b in spans)
    ops = r"(<<|>>|&|\||==|!=|\bcase)"
    for m in re.finditer(r"(\w+)?\s*" + ops + r"=?\s*\(?\s*" + LITERAL, text):
        lit, op, left = m.group(3), m.group(2), m.group(1) or ""
        if value(lit) not in nums or not inside(m.start(2)):
            continue
        if re.search(r"(offset|off|addr)$", left) and (op, value(lit)) in ((">>", 2), ("&", 3)):
            continue
        bad.append(("field", f"{rel}:{lineof(m.start(2))}: '{op} {lit}' is a number of its "
                    f"peripheral's .def: use the generated name"))
    for m in re.finditer(LITERAL + r"[uUlL]*\s*(<<|&|\|)(?![&|=])", text):
        if value(m.group(1)) in nums and inside(m.start()) and m.group(2) != "<<":
            bad.append(("field", f"{rel}:{lineof(m.start())}: '{m.group(1)} {m.group(2)}' is a "
                        f"number of its peripheral's .def: use the generated name"))
    return bad


def violations(root):
    names, numbers = def_names_and_numbers(root)
    return [b for rel in sources(root) for b in check_file(root, rel, names, numbers)]


RULES = ("alias", "access", "field")


def run(root):
    found = violations(root)
    print(f"1..{len(RULES)}")
    failed = 0
    for i, rule in enumerate(RULES, 1):
        hits = [w for r, w in found if r == rule]
        print(f"{'not ok' if hits else 'ok'} {i} - {rule} rule")
        for w in hits:
            print(f"# {w}")
        failed += bool(hits)
    return failed


# One planted line per kind: (rule, file, line).
PLANTS = [
    ("alias", "src/drivers/link_uart.h", "#define LINK_UART_RX_READY LINK_UART_STATUS_RX"),
    ("alias", "hal/models/connect4_model.c", "#define MAILBOX_MOVE (C4_BASE + C4_REG_MOVE)"),
    ("access", "src/drivers/tile_display.c",
     "static void planted(hal_t *h) { hal_write(h, TILE_DISPLAY_BASE + 0x04u, 0); }"),
    ("access", "src/drivers/connect4_mailbox.c",
     "static void planted(hal_t *h) { hal_write(h, C4_BASE + C4_REG_FLAG, 1u); }"),
    ("field", "src/drivers/go_rules.c",
     "static int planted(uint32_t status) { return (int)((status >> 4) & 7u); }"),
    ("field", "hal/models/link_uart_model.c",
     "static int planted_read(uint32_t v) { return (v & 0x100u) != 0; }"),
    ("field", "sim/bindings/othello_bind.cpp",
     "static int planted_write(uint32_t v) { return (int)(v >> 7); }"),
]


def self_test(root):
    def caught_by(scratch, rule, target, lineno, line):
        return [w for r, w in violations(scratch)
                if r == rule and w.startswith(f"{target}:{lineno}:")]
    return plants.self_test(root, ("src", "hal", "sim", "rtl", "tools"), PLANTS, violations,
                            caught_by)


def main(argv):
    if len(argv) == 3 and argv[1] == "--self-test":
        return 1 if self_test(argv[2]) else 0
    if len(argv) == 3 and argv[1] == "--count":
        for rule, what in violations(argv[2]):
            print(f"{rule}: {what}")
        return 0
    if len(argv) == 2:
        return 1 if run(argv[1]) else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
