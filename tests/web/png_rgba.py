#!/usr/bin/env python3
"""png_rgba.py - reads the console's PNG frames (src/console/frame_png.c:
8-bit RGB, or RGBA, not interlaced) into RGBA bytes with zlib alone, and
writes RGBA bytes back as a PNG (a mismatch's picture, tests/web/).

    width, height, rgba = read_png("frames/step_003.png")   # alpha 255 for RGB
    write_png("canvas.png", 640, 480, rgba)

The five PNG row filters are undone row by row: None, Sub and Up with
whole-row operations, Average and Paeth byte by byte.
"""

import itertools
import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"


class PngError(Exception):
    """A file that is not a PNG this reader handles."""


def chunks(data, path):
    """(type, body) of each chunk, checking the signature and each CRC."""
    if not data.startswith(SIGNATURE):
        raise PngError("%s: not a PNG file" % path)
    pos = len(SIGNATURE)
    while pos + 12 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        crc, = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        if zlib.crc32(kind + body) != crc:
            raise PngError("%s: bad CRC in chunk %r" % (path, kind))
        yield kind, body
        pos += 12 + length


def add_bytes(a, b):
    """a + b byte by byte, modulo 256 (no carry between bytes)."""
    n = len(a)
    x, y = int.from_bytes(a, "little"), int.from_bytes(b, "little")
    low, high = int.from_bytes(b"\x7f" * n, "little"), int.from_bytes(b"\x80" * n, "little")
    return (((x & low) + (y & low)) ^ ((x ^ y) & high)).to_bytes(n, "little")


def unfilter_sub(raw, bpp):
    """Sub: each byte adds the one bpp before it, a running sum per channel."""
    out = bytearray(len(raw))
    for c in range(bpp):
        out[c::bpp] = bytes(map((255).__and__, itertools.accumulate(raw[c::bpp])))
    return bytes(out)


def unfilter_average(raw, prev, bpp):
    out = bytearray(raw)
    for i in range(len(out)):
        left = out[i - bpp] if i >= bpp else 0
        out[i] = (out[i] + ((left + prev[i]) >> 1)) & 255
    return bytes(out)


def unfilter_paeth(raw, prev, bpp):
    out = bytearray(raw)
    for i in range(len(out)):
        a = out[i - bpp] if i >= bpp else 0
        b = prev[i]
        c = prev[i - bpp] if i >= bpp else 0
        p = a + b - c
        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
        pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
        out[i] = (out[i] + pred) & 255
    return bytes(out)


def unfilter(kind, raw, prev, bpp, path, y):
    if kind == 0:
        return bytes(raw)
    if kind == 1:
        return unfilter_sub(raw, bpp)
    if kind == 2:
        return add_bytes(raw, prev)
    if kind == 3:
        return unfilter_average(raw, prev, bpp)
    if kind == 4:
        return unfilter_paeth(raw, prev, bpp)
    raise PngError("%s: row %d has filter type %d" % (path, y, kind))


def read_png(path):
    """(width, height, RGBA bytes) of an 8-bit RGB or RGBA PNG file."""
    with open(path, "rb") as f:
        data = f.read()
    header, idat = None, []
    for kind, body in chunks(data, path):
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
    if header is None:
        raise PngError("%s: no IHDR chunk" % path)
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise PngError("%s: bit depth %d, colour type %d, interlace %d: only 8-bit RGB/RGBA, "
                       "not interlaced, is read here" % (path, depth, colour, interlace))
    bpp = 3 if colour == 2 else 4
    stride = width * bpp
    raw = zlib.decompress(b"".join(idat))
    if len(raw) != height * (stride + 1):
        raise PngError("%s: %d bytes of pixel data, %d expected" % (path, len(raw), height * (stride + 1)))
    rows, prev = [], bytes(stride)
    for y in range(height):
        start = y * (stride + 1)
        prev = unfilter(raw[start], raw[start + 1:start + 1 + stride], prev, bpp, path, y)
        rows.append(prev)
    pixels = b"".join(rows)
    if bpp == 4:
        return width, height, pixels
    rgba = bytearray(width * height * 4)
    for c in range(3):
        rgba[c::4] = pixels[c::3]
    rgba[3::4] = b"\xff" * (width * height)
    return width, height, bytes(rgba)


def write_png(path, width, height, rgba):
    """Writes RGBA bytes as an 8-bit RGBA PNG (filter None on every row)."""
    stride = width * 4
    raw = b"".join(b"\0" + rgba[y * stride:(y + 1) * stride] for y in range(height))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    with open(path, "wb") as f:
        f.write(SIGNATURE + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))
