// seven_seg_regs.svh - made by tools/regmap.py from seven_seg_regs.def: edit
// that file and run `tools/regmap.py sv` (the test regmap-current compares).
// HEX5..HEX0: seed 001's messages and the scores, LW 0x5000
`ifndef SEVEN_SEG_REGS_SVH
`define SEVEN_SEG_REGS_SVH

// Word addresses (byte offset / 4), 3 bits as avs_address.
`define SEVEN_SEG_REG_DIGIT 3'd0
`define SEVEN_SEG_REG_DIGIT_COUNT 6
`define SEVEN_SEG_REG_HEX3_HEX0 3'd6
`define SEVEN_SEG_REG_HEX5_HEX4 3'd7
// Field bit positions.
`define SEVEN_SEG_DIGIT_SEGMENTS_LSB 0
`define SEVEN_SEG_DIGIT_SEGMENTS_MSB 6
// Values.
`define SEVEN_SEG_DIGIT_STRIDE 32'h00000008
`define SEVEN_SEG_LOW_DIGITS 32'h00000004

`endif
