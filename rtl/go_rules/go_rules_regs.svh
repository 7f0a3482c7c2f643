// go_rules_regs.svh - made by tools/regmap.py from go_rules_regs.def: edit
// that file and run `tools/regmap.py sv` (the test regmap-current compares).
// seed 001: pruner, board updater and territory counter, LW 0x4000
`ifndef GO_RULES_REGS_SVH
`define GO_RULES_REGS_SVH

// Word addresses (byte offset / 4), 6 bits as avs_address.
`define GO_RULES_REG_ID 6'd0
`define GO_RULES_REG_CTRL 6'd1
`define GO_RULES_REG_STATUS 6'd2
`define GO_RULES_REG_MOVE 6'd3
`define GO_RULES_REG_CAPTURED 6'd4
`define GO_RULES_REG_CYCLES 6'd5
`define GO_RULES_REG_TERRITORY 6'd6
`define GO_RULES_REG_TCYCLES 6'd7
`define GO_RULES_REG_BOARD 6'd16
`define GO_RULES_REG_BOARD_COUNT 6
`define GO_RULES_REG_KO 6'd24
`define GO_RULES_REG_KO_COUNT 6
`define GO_RULES_REG_RESULT 6'd32
`define GO_RULES_REG_RESULT_COUNT 6
// Field bit positions.
`define GO_RULES_CTRL_MOVE 0
`define GO_RULES_CTRL_TERRITORY 1
`define GO_RULES_STATUS_BUSY 0
`define GO_RULES_STATUS_DONE 1
`define GO_RULES_STATUS_LEGAL 2
`define GO_RULES_STATUS_REASON_LSB 4
`define GO_RULES_STATUS_REASON_MSB 6
`define GO_RULES_STATUS_TBUSY 8
`define GO_RULES_STATUS_TDONE 9
`define GO_RULES_MOVE_POINT_LSB 0
`define GO_RULES_MOVE_POINT_MSB 6
`define GO_RULES_MOVE_PASS 8
`define GO_RULES_MOVE_COLOUR_LSB 16
`define GO_RULES_MOVE_COLOUR_MSB 17
`define GO_RULES_CAPTURED_COUNT_LSB 0
`define GO_RULES_CAPTURED_COUNT_MSB 6
`define GO_RULES_TERRITORY_BLACK_LSB 0
`define GO_RULES_TERRITORY_BLACK_MSB 6
`define GO_RULES_TERRITORY_WHITE_LSB 16
`define GO_RULES_TERRITORY_WHITE_MSB 22
// Values.
`define GO_RULES_ID_VALUE 32'h474F5231
`define GO_RULES_POINT_BITS 32'h00000002
`define GO_RULES_POINTS_PER_WORD 32'h00000010
`define GO_RULES_POINT_MASK 32'h00000003

`endif
