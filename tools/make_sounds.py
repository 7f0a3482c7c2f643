#!/usr/bin/env python3
"""make_sounds.py - synthesise the console's four sound clips (seed 000 §3.4, §5.1).

Writes assets/sounds/{place,capture,illegal,gameover}.wav: 8 kHz, mono,
signed 16-bit PCM, with exactly the lengths of seed 000 §5.1 (1600, 2400,
1200 and 12000 samples).  The output is deterministic: the noise comes from
a fixed linear congruential generator, not from the random module, so the
same script always writes the same bytes.

Usage: tools/make_sounds.py [OUTDIR]          write the clips (default: assets/sounds)
       tools/make_sounds.py --check [DIR]     exit 1 unless DIR holds exactly these bytes
"""
import io
import math
import os
import struct
import sys
import wave

RATE = 8000
LENGTHS = {"place": 1600, "capture": 2400, "illegal": 1200, "gameover": 12000}


class Lcg:
    """Numerical Recipes' 32-bit LCG: tiny, portable, reproducible."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFF

    def uniform(self):
        self.state = (1664525 * self.state + 1013904223) & 0xFFFFFFFF
        return self.state / 4294967296.0 * 2.0 - 1.0


def tock(buf, start, pitch, level, decay, rng):
    """A struck wooden/stone click: a noise transient and two damped modes."""
    lowpass = 0.0
    for i in range(len(buf) - start):
        t = i / RATE
        env = math.exp(-t / decay)
        if env < 1e-4:
            break
        # The inharmonic partial (2.76x, a free bar's second mode) gives "wood".
        tone = math.sin(2 * math.pi * pitch * t) + 0.45 * math.sin(2 * math.pi * pitch * 2.76 * t)
        click_env = math.exp(-t / 0.002)
        lowpass += 0.35 * (rng.uniform() - lowpass)
        buf[start + i] += level * (env * tone + 1.6 * click_env * lowpass)


def make_place():
    buf = [0.0] * LENGTHS["place"]
    tock(buf, 0, 620.0, 0.42, 0.018, Lcg(1))
    return buf


def make_capture():
    buf = [0.0] * LENGTHS["capture"]
    rng = Lcg(2)
    # A handful of stones dropped into the lid: irregular onsets, pitches, levels.
    hits = [(0, 700.0, 0.40), (260, 910.0, 0.30), (430, 780.0, 0.34), (700, 1040.0, 0.24),
            (940, 860.0, 0.22), (1300, 990.0, 0.15)]
    for start, pitch, level in hits:
        tock(buf, start, pitch, level, 0.014, rng)
    return buf


def make_illegal():
    buf = [0.0] * LENGTHS["illegal"]
    n = len(buf)
    for i in range(n):
        t = i / RATE
        # Two short low buzzes ("uh-uh"): band-limited square wave at 110 Hz.
        phase = 2 * math.pi * 110.0 * t
        tone = sum(math.sin(k * phase) / k for k in (1, 3, 5, 7, 9, 11))
        gate = 1.0 if (i < 520 or 640 <= i < 1160) else 0.0
        # 5 ms attack/release ramps so the gate does not click.
        edge = min(1.0, (i % 640) / 40.0, max(0.0, (520 - (i % 640))) / 40.0)
        buf[i] = 0.32 * tone * gate * edge
    return buf


def make_gameover():
    buf = [0.0] * LENGTHS["gameover"]
    # C major arpeggio, the last note held: bell-like (fundamental + octave + fifth).
    notes = [(0, 523.25, 0.18), (1500, 659.25, 0.18), (3000, 783.99, 0.18),
             (4500, 1046.50, 0.55)]
    for start, freq, decay in notes:
        for i in range(len(buf) - start):
            t = i / RATE
            env = math.exp(-t / decay) * min(1.0, i / 24.0)
            if env < 1e-4 and i > 24:
                break
            s = (math.sin(2 * math.pi * freq * t) + 0.35 * math.sin(2 * math.pi * 2 * freq * t)
                 + 0.15 * math.sin(2 * math.pi * 3 * freq * t))
            buf[start + i] += 0.30 * env * s
    # Fade the tail so the clip ends at silence.
    fade = 800
    for i in range(fade):
        buf[len(buf) - fade + i] *= 1.0 - i / fade
    return buf


def to_pcm(buf):
    out = []
    for v in buf:
        s = int(round(v * 32767.0))
        out.append(max(-32768, min(32767, s)))
    return out


def wav_bytes(samples):
    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(struct.pack("<%dh" % len(samples), *samples))
    return out.getvalue()


def main():
    args = sys.argv[1:]
    check = bool(args) and args[0] == "--check"
    if check:
        args = args[1:]
    outdir = args[0] if args else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "assets", "sounds")
    makers = {"place": make_place, "capture": make_capture, "illegal": make_illegal,
              "gameover": make_gameover}
    if not check:
        os.makedirs(outdir, exist_ok=True)
    stale = 0
    for name, maker in makers.items():
        samples = to_pcm(maker())
        assert len(samples) == LENGTHS[name], name
        data = wav_bytes(samples)
        path = os.path.join(outdir, name + ".wav")
        if check:
            try:
                with open(path, "rb") as f:
                    same = f.read() == data
            except OSError:
                same = False
            print("%s.wav: %s" % (name, "up to date" if same else "DIFFERS from make_sounds.py"))
            stale += not same
        else:
            with open(path, "wb") as f:
                f.write(data)
            print("%s.wav: %d samples, peak %d" % (name, len(samples), max(abs(s) for s in samples)))
    if stale:
        sys.exit("run tools/make_sounds.py to regenerate the clips")


if __name__ == "__main__":
    main()
