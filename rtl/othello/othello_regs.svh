// othello_regs.svh - made by tools/regmap.py from othello_regs.def: edit
// that file and run `tools/regmap.py sv` (the test regmap-current compares).
// seed 003: the Othello machine behind the White and Black ports, LW 0x2000
`ifndef OTH_REGS_SVH
`define OTH_REGS_SVH

// Word addresses (byte offset / 4), 3 bits as avs_address.
`define OTH_REG_ID 3'd0
`define OTH_REG_RESET 3'd3
`define OTH_REG_WHITE 3'd4
`define OTH_REG_BLACK 3'd5
`define OTH_REG_CONFIG 3'd6
`define OTH_REG_CYCLES 3'd7
// Field bit positions.
`define OTH_RESET_HOLD 0
`define OTH_WHITE_WR 7
`define OTH_WHITE_PA 6
`define OTH_WHITE_MOVE_LSB 0
`define OTH_WHITE_MOVE_MSB 5
`define OTH_BLACK_BR 7
`define OTH_BLACK_PA 6
`define OTH_BLACK_MOVE_LSB 0
`define OTH_BLACK_MOVE_MSB 5
`define OTH_CONFIG_DEPTH_LSB 0
`define OTH_CONFIG_DEPTH_MSB 3
`define OTH_CONFIG_BUDGET_LSB 16
`define OTH_CONFIG_BUDGET_MSB 31
// Values.
`define OTH_ID_VALUE 32'h4F544831
`define OTH_MAX_DEPTH 32'h0000000A
`define OTH_DEFAULT_DEPTH 32'h00000006
`define OTH_DEFAULT_BUDGET_K 32'h00000400

`endif
