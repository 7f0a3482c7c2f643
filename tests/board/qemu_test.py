#!/usr/bin/env python3
"""The board backend without a board: cross-build the ARM binary, run it under
qemu-arm-static with a sparse file standing in for /dev/mem, play a script,
then read the file.

Checks (docs/board.md, "What the qemu test proves"):
  1. the displayed framebuffer in the ARM run's memory file holds exactly the
     RGB565 pixels the native build's board backend leaves in its own file
     for the same script (same renderer, other CPU, other compiler);
  2. that framebuffer, seen through the VGA DAC (top four bits a channel),
     is the sdl backend's frame for the same script, pixel for pixel (the
     PNG `snap` writes, RGB444 stored as v*17);
  3. FB_ADDR_HI and VGA_CTRL were written: the file holds their last values
     (0xC0/0xC1 naming the displayed buffer, 1), and the write log
     (TABLETOP_BOARD_LOG) shows both buffers shown in turn;
  4. AUDIO_CMD got the place (1) and capture (2) codes: the log has both,
     and the file holds the log's last AUDIO_CMD value.

usage: qemu_test.py --source DIR --work DIR --native TABLETOP --script FILE
exit 0 pass, 1 fail, 77 skip (no cross compiler or qemu-arm-static here).
"""
import argparse
import os
import shutil
import struct
import subprocess
import sys
import zlib

LW_BASE = 0xFF200000

def go_peripheral_regs():
    """The register offsets of rtl/go_peripheral/go_peripheral_regs.def (its one map)."""
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    sys.path.insert(0, os.path.join(src, "tools"))
    sys.dont_write_bytecode = True  # nothing written beside the sources
    import regmap
    m = regmap.parse(os.path.join(src, "rtl", "go_peripheral", "go_peripheral_regs.def"))
    return {r["name"]: r["offset"] for r in m.regs}


GP_REG = go_peripheral_regs()
GP_REG_AUDIO_CMD, GP_REG_VGA_CTRL, GP_REG_FB_ADDR_HI = (
    GP_REG["AUDIO_CMD"], GP_REG["VGA_CTRL"], GP_REG["FB_ADDR_HI"])
FB_BYTES = 640 * 480 * 2
MEM_BYTES = 4 << 30


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def run(cmd, **kw):
    print("+ " + " ".join(cmd), flush=True)
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
    if r.stdout:
        print(r.stdout.rstrip())
    return r


def read_word(path, phys):
    with open(path, "rb") as f:
        f.seek(phys)
        return struct.unpack("<I", f.read(4))[0]


def displayed_fb(path):
    """The RGB565 bytes of the buffer FB_ADDR_HI names (file mode takes every
    swap at once, so the last value written is the buffer on screen)."""
    hi = read_word(path, LW_BASE + GP_REG_FB_ADDR_HI) & 0xFF
    if hi not in (0xC0, 0xC1):
        fail("%s: FB_ADDR_HI holds 0x%02x, not 0xC0 or 0xC1" % (path, hi))
    with open(path, "rb") as f:
        f.seek(hi << 24)
        return hi, f.read(FB_BYTES)


def png_rgb(path):
    """Decodes an 8-bit RGB or RGBA non-interlaced PNG to a list of (r, g, b)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail("%s is not a PNG" % path)
    pos, idat, hdr = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            hdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, ctype, _, _, interlace = hdr
    if depth != 8 or ctype not in (2, 6) or interlace:
        fail("%s: unsupported PNG (depth %d, colour type %d)" % (path, depth, ctype))
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(idat)
    stride = w * bpp
    prev = bytearray(stride)
    out = []
    for y in range(h):
        ftype = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if ftype == 1:
                line[i] = (line[i] + a) & 0xFF
            elif ftype == 2:
                line[i] = (line[i] + b) & 0xFF
            elif ftype == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xFF
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 0xFF
        out.extend((line[x * bpp], line[x * bpp + 1], line[x * bpp + 2]) for x in range(w))
        prev = line
    return w, h, out


def log_writes(path):
    writes = []
    for line in open(path):
        off, val = line.split()
        writes.append((int(off, 16), int(val, 16)))
    return writes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--native", required=True)
    ap.add_argument("--script", required=True)
    ap.add_argument("--seed", default="7")
    a = ap.parse_args()

    for tool in ("arm-linux-gnueabihf-gcc", "qemu-arm-static", "meson"):
        if not shutil.which(tool):
            print("SKIP: %s not found (apt-get install gcc-arm-linux-gnueabihf "
                  "qemu-user-static)" % tool)
            return 77
    os.makedirs(a.work, exist_ok=True)
    arm_dir = os.path.join(a.work, "build-arm")

    # 1. Cross-build exactly as docs/board.md says.
    if not os.path.exists(os.path.join(arm_dir, "build.ninja")):
        r = run(["meson", "setup", arm_dir, a.source,
                 "--cross-file", os.path.join(a.source, "cross", "arm-linux-gnueabihf.txt"),
                 "-Dsdl=disabled", "-Dsim=disabled", "-Dpng=disabled", "-Dtests=disabled"])
        if r.returncode:
            fail("meson setup of the cross build failed")
    r = run(["meson", "compile", "-C", arm_dir])
    if r.returncode:
        fail("the cross build failed")
    arm_bin = os.path.join(arm_dir, "tabletop")
    r = run(["file", arm_bin]) if shutil.which("file") else None
    if r is not None and "ARM" not in r.stdout:
        fail("%s is not an ARM binary" % arm_bin)

    # 2. The same script three ways.
    runs = {}
    for name, cmd in (
        ("arm", ["qemu-arm-static", "-L", "/usr/arm-linux-gnueabihf", arm_bin]),
        ("native", [a.native]),
    ):
        mem = os.path.join(a.work, name + ".mem")
        log = os.path.join(a.work, name + ".log")
        save = os.path.join(a.work, name + ".save")
        for p in (mem, log):
            if os.path.exists(p):
                os.unlink(p)
        shutil.rmtree(save, ignore_errors=True)  # an autosave would offer to resume
        with open(mem, "wb") as f:
            f.truncate(MEM_BYTES)  # sparse: only touched pages take space
        env = dict(os.environ, TABLETOP_BOARD_LOG=log)
        r = run(cmd + ["play", "--game", "go", "--backend", "board", "--devmem", mem,
                       "--headless", "--script", a.script, "--seed", a.seed,
                       "--save-dir", save], env=env)
        if r.returncode:
            fail("%s board run exited with %d" % (name, r.returncode))
        runs[name] = (mem, log)

    frames = os.path.join(a.work, "sdl-frames")
    shutil.rmtree(frames, ignore_errors=True)
    shutil.rmtree(os.path.join(a.work, "sdl.save"), ignore_errors=True)
    os.makedirs(frames)
    r = run([a.native, "play", "--game", "go", "--backend", "sdl", "--headless",
             "--script", a.script, "--seed", a.seed, "--frames", frames,
             "--save-dir", os.path.join(a.work, "sdl.save")],
            env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    if r.returncode:
        fail("sdl run exited with %d" % r.returncode)
    pngs = sorted(p for p in os.listdir(frames) if p.endswith(".png"))
    if not pngs:
        fail("the script must end with a `snap` step (no PNG in %s)" % frames)

    # 3. ARM framebuffer == native framebuffer, RGB565 bytes.
    arm_hi, arm_fb = displayed_fb(runs["arm"][0])
    nat_hi, nat_fb = displayed_fb(runs["native"][0])
    if arm_hi != nat_hi:
        fail("ARM shows buffer 0x%02x, native 0x%02x" % (arm_hi, nat_hi))
    if arm_fb != nat_fb:
        diff = [i // 2 for i in range(0, FB_BYTES, 2) if arm_fb[i:i + 2] != nat_fb[i:i + 2]]
        fail("%d pixels differ between ARM and native, first at (%d, %d)"
             % (len(diff), diff[0] % 640, diff[0] // 640))
    pixels = struct.unpack("<%dH" % (640 * 480), arm_fb)
    if len(set(pixels)) < 4:
        fail("the displayed framebuffer holds %d colours: nothing was drawn" % len(set(pixels)))
    print("ARM and native framebuffers agree: buffer 0x%02x, %d colours"
          % (arm_hi, len(set(pixels))))

    # 4. ...and through the DAC they are the sdl backend's last frame.
    w, h, rgb = png_rgb(os.path.join(frames, pngs[-1]))
    if (w, h) != (640, 480):
        fail("sdl frame is %dx%d" % (w, h))
    bad = 0
    first = None
    for i, p in enumerate(pixels):
        want = (((p >> 12) & 15) * 17, ((p >> 7) & 15) * 17, ((p >> 1) & 15) * 17)
        if rgb[i] != want:
            bad += 1
            first = first if first is not None else i
    if bad:
        fail("%d pixels differ from the sdl frame %s, first at (%d, %d): board %s, sdl %s"
             % (bad, pngs[-1], first % 640, first // 640,
                (((pixels[first] >> 12) & 15) * 17, ((pixels[first] >> 7) & 15) * 17,
                 ((pixels[first] >> 1) & 15) * 17), rgb[first]))
    print("the board framebuffer matches the sdl frame %s through RGB444" % pngs[-1])

    # 5. Registers: last values in the file, the sequence in the log.
    mem, log = runs["arm"]
    writes = log_writes(log)
    vga_ctrl = read_word(mem, LW_BASE + GP_REG_VGA_CTRL)
    if vga_ctrl != 1:
        fail("VGA_CTRL holds %d, expected the last swap request 1" % vga_ctrl)
    shown = [v & 0xFF for o, v in writes if o == GP_REG_FB_ADDR_HI]
    if not {0xC0, 0xC1} <= set(shown):
        fail("FB_ADDR_HI writes %s do not show both buffers" % [hex(v) for v in shown])
    if shown[-1] != arm_hi:
        fail("last FB_ADDR_HI write 0x%02x but the file holds 0x%02x" % (shown[-1], arm_hi))
    swaps = sum(1 for o, v in writes if o == GP_REG_VGA_CTRL and v & 1)
    if swaps < len(shown):
        fail("%d FB_ADDR_HI writes but only %d swap requests" % (len(shown), swaps))
    audio = [v for o, v in writes if o == GP_REG_AUDIO_CMD]
    for code, what in ((1, "place"), (2, "capture")):
        if code not in audio:
            fail("AUDIO_CMD never got the %s code %d (writes: %s)" % (what, code, audio))
    if read_word(mem, LW_BASE + GP_REG_AUDIO_CMD) != audio[-1]:
        fail("the file's AUDIO_CMD is not the log's last write %d" % audio[-1])
    if log_writes(runs["native"][1]) != writes:
        fail("the native and ARM runs wrote different register sequences")
    print("registers: %d swaps, FB_ADDR_HI %s..., AUDIO_CMD %s"
          % (swaps, [hex(v) for v in shown[:4]], audio))
    print("PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
