// connect4_regs.svh - made by tools/regmap.py from connect4_regs.def: edit
// that file and run `tools/regmap.py sv` (the test regmap-current compares).
// seed 004: the mailbox in front of the AI in logic, LW 0x1000
`ifndef C4_REGS_SVH
`define C4_REGS_SVH

// Word addresses (byte offset / 4), 3 bits as avs_address.
`define C4_REG_FLAG 3'd0
`define C4_REG_ROW 3'd1
`define C4_REG_ROW_COUNT 6
`define C4_REG_MOVE 3'd7
// Field bit positions.
`define C4_ROW_CELLS_LSB 0
`define C4_ROW_CELLS_MSB 13
`define C4_MOVE_COLUMN_LSB 0
`define C4_MOVE_COLUMN_MSB 2
`define C4_MOVE_WHY_LSB 4
`define C4_MOVE_WHY_MSB 6
`define C4_RESET_PIO_HOLD 0
// Values.
`define C4_FLAG_NEW 32'h00000001
`define C4_FLAG_DONE 32'h00000002

`endif
