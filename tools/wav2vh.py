#!/usr/bin/env python3
"""wav2vh.py - turn a sound clip into a $readmemh ROM image (seed 000 §3.4).

Usage: wav2vh.py [--length N] IN.wav OUT.vh

IN.wav must be 8 kHz, mono, signed 16-bit PCM (the seed's pipeline makes
it with FFmpeg).  OUT.vh gets one 4-digit hex value per line, the sample as
its 16-bit two's complement, in clip order, so audio_controller's
`$readmemh` loads exactly the WAV's samples.  With --length N the clip must
hold exactly N samples (the ROM depth in rtl/go_peripheral.sv): a different
length is an error, because a ROM that silently pads or cuts would no longer
play the clip the C model plays.
"""
import os
import struct
import sys
import wave


def fail(msg):
    sys.stderr.write("wav2vh.py: %s\n" % msg)
    sys.exit(1)


def read_samples(path):
    try:
        with wave.open(path, "rb") as w:
            shape = (w.getnchannels(), w.getsampwidth(), w.getframerate())
            if shape != (1, 2, 8000):
                fail("%s: %d channel(s), %d-bit, %d Hz; want mono 16-bit 8000 Hz PCM"
                     % (path, shape[0], 8 * shape[1], shape[2]))
            data = w.readframes(w.getnframes())
    except (OSError, EOFError, wave.Error) as e:
        fail("%s: not a readable PCM WAV file (%s)" % (path, e))
    return struct.unpack("<%dh" % (len(data) // 2), data)


def main(argv):
    length = None
    args = list(argv[1:])
    if len(args) >= 2 and args[0] == "--length":
        try:
            length = int(args[1])
        except ValueError:
            fail("--length wants a number of samples, not '%s'" % args[1])
        args = args[2:]
    if len(args) != 2:
        sys.stderr.write(__doc__)
        return 2
    src, dst = args
    samples = read_samples(src)
    if length is not None and len(samples) != length:
        fail("%s: %d samples, but the ROM holds %d (seed 000 §5.1)" % (src, len(samples), length))
    text = "".join("%04x\n" % (s & 0xFFFF) for s in samples)
    tmp = dst + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, dst)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
