#!/usr/bin/env python3
"""plant_faults.py - scratch copies of go_peripheral's RTL with two faults
planted, for the sim-faults test (docs/sim.md "Planted faults").

Usage: plant_faults.py VGA_CONTROLLER.sv AUDIO_CONTROLLER.sv OUT_DIR

- vga_controller.sv: on every 64th frame (frame_count[5:0] == 37) the red
  channel of every visible pixel comes out inverted.
- audio_controller.sv: every 64th sample of a clip (index[5:0] == 21) leaves
  with bit 10 flipped, on both channels.

Each fault replaces one exact line of the real RTL; if that line is not
there any more the script fails, so the test cannot pass by planting
nothing.  It writes only OUT_DIR/vga_controller.sv and
OUT_DIR/audio_controller.sv.
"""
import os
import sys

FAULTS = {
    "vga_controller.sv": [(
        "            vga_r       <= visible ? pixel[15:12] : 4'd0;",
        "            vga_r       <= visible ? (pixel[15:12] ^ {4{frame_count[5:0] == 6'd37}}) : 4'd0;",
    )],
    "audio_controller.sv": [(
        "                aso_left_data   <= sample;",
        "                aso_left_data   <= sample ^ {5'd0, index[5:0] == 6'd21, 10'd0};",
    ), (
        "                aso_right_data  <= sample;",
        "                aso_right_data  <= sample ^ {5'd0, index[5:0] == 6'd21, 10'd0};",
    )],
}


def main(argv):
    if len(argv) != 4:
        sys.exit("usage: plant_faults.py VGA_CONTROLLER.sv AUDIO_CONTROLLER.sv OUT_DIR")
    for src in argv[1:3]:
        name = os.path.basename(src)
        text = open(src).read()
        for old, new in FAULTS[name]:
            if text.count(old + "\n") != 1:
                sys.exit("plant_faults.py: %s no longer holds the line\n  %s" % (src, old))
            text = text.replace(old + "\n", new + "\n")
        out = os.path.join(argv[3], name)
        with open(out + ".tmp", "w") as f:
            f.write(text)
        os.replace(out + ".tmp", out)


if __name__ == "__main__":
    main(sys.argv)
