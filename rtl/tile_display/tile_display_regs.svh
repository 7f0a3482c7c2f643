// tile_display_regs.svh - made by tools/regmap.py from tile_display_regs.def: edit
// that file and run `tools/regmap.py sv` (the test regmap-current compares).
// seed 002 §3.4: cell arrays drawn as a board, a menu or the farm, LW 0x6000
`ifndef TILE_DISPLAY_REGS_SVH
`define TILE_DISPLAY_REGS_SVH

// Word addresses (byte offset / 4), 6 bits as avs_address.
`define TILE_DISPLAY_REG_CELL 6'd0
`define TILE_DISPLAY_REG_CTRL 6'd1
`define TILE_DISPLAY_REG_CLEAR 6'd2
`define TILE_DISPLAY_REG_STATUS 6'd3
`define TILE_DISPLAY_REG_ID 6'd4
// Field bit positions.
`define TILE_DISPLAY_CELL_X_LSB 24
`define TILE_DISPLAY_CELL_X_MSB 31
`define TILE_DISPLAY_CELL_Y_LSB 16
`define TILE_DISPLAY_CELL_Y_MSB 23
`define TILE_DISPLAY_CELL_PAGE_LSB 8
`define TILE_DISPLAY_CELL_PAGE_MSB 15
`define TILE_DISPLAY_CELL_COLOUR_LSB 0
`define TILE_DISPLAY_CELL_COLOUR_MSB 7
`define TILE_DISPLAY_CTRL_ENABLE 0
`define TILE_DISPLAY_CTRL_WELCOME 1
`define TILE_DISPLAY_CLEAR_PAGE_LSB 8
`define TILE_DISPLAY_CLEAR_PAGE_MSB 15
`define TILE_DISPLAY_CLEAR_COLOUR_LSB 0
`define TILE_DISPLAY_CLEAR_COLOUR_MSB 7
`define TILE_DISPLAY_STATUS_BUSY 0
`define TILE_DISPLAY_STATUS_REFUSED_LSB 16
`define TILE_DISPLAY_STATUS_REFUSED_MSB 31
// Values.
`define TILE_DISPLAY_ID_VALUE 32'h54494C45

`endif
