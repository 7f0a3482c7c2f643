// go_peripheral_regs.svh - made by tools/regmap.py from go_peripheral_regs.def: edit
// that file and run `tools/regmap.py sv` (the test regmap-current compares).
// seed 000 §4.1: VGA scan-out and sound clips, LW 0x0000
`ifndef GP_REGS_SVH
`define GP_REGS_SVH

// Word addresses (byte offset / 4), 5 bits as avs_address.
`define GP_REG_AUDIO_CMD 5'd0
`define GP_REG_AUDIO_STATUS 5'd1
`define GP_REG_VGA_CTRL 5'd2
`define GP_REG_VGA_STATUS 5'd3
`define GP_REG_FB_ADDR_HI 5'd4
`define GP_REG_RESERVED 5'd5
// Field bit positions.
`define GP_AUDIO_CMD_CLIP_LSB 0
`define GP_AUDIO_CMD_CLIP_MSB 2
`define GP_AUDIO_CMD_PLAYING_LSB 0
`define GP_AUDIO_CMD_PLAYING_MSB 2
`define GP_AUDIO_STATUS_BUSY 0
`define GP_VGA_CTRL_SWAP 0
`define GP_VGA_CTRL_PENDING 0
`define GP_VGA_STATUS_VBLANK 0
`define GP_VGA_STATUS_FRAMES_LSB 16
`define GP_VGA_STATUS_FRAMES_MSB 31
`define GP_FB_ADDR_HI_ADDR_LSB 0
`define GP_FB_ADDR_HI_ADDR_MSB 7
`define GP_FB_ADDR_HI_SHOWN_LSB 8
`define GP_FB_ADDR_HI_SHOWN_MSB 15
// Values.
`define GP_FB_ADDR_SHIFT 32'h00000018

`endif
