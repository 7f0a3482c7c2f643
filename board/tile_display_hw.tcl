# tile_display_hw.tcl - Platform Designer (Qsys) component for seed 002's
# tile display, rtl/tile_display/tile_display.sv (registers and
# drawing in docs/tile_display.md).
#
# Interfaces (docs/board.md shows how to connect them):
#   clock         clock sink, 50 MHz system clock (clk)
#   reset         reset sink, active high, synchronous (rst)
#   s0            Avalon-MM slave, 64 words (span 0x100): 6-bit word address,
#                 read latency 1, never waits.  Connect to the HPS lightweight
#                 bridge at offset 0x6000 -> HPS 0xFF206000.
#   vga           conduit: vga_r/g/b (out, 4 bits each, RGB444), vga_hs,
#                 vga_vs, vga_blank_n, vga_sync_n, vga_clk (out) and vga_drive
#                 (out: CTRL.ENABLE); export it as `tile`:
#                 board/de1_soc_top.sv muxes the VGA pins between go_peripheral
#                 and this component by vga_drive.
#
# Put this file's folder (board/) in the Platform Designer IP search path;
# the RTL is found relative to it, in ../rtl.  Written for Quartus Prime 18.1
# Lite (qsys 16.1 API); not run here: tests/board/check_board_files.py runs
# it in tclsh against the RTL.

package require -exact qsys 16.1

# ---- module -----------------------------------------------------------------
set_module_property NAME tile_display
set_module_property VERSION 1.0
set_module_property DISPLAY_NAME "Tile display (seed 002): cell arrays, board lines and stones"
set_module_property DESCRIPTION "tabletop tile_display: seed 002's screen arrays written one word a cell, drawn on the VGA pins, at LW 0x6000"
set_module_property GROUP "tabletop"
set_module_property AUTHOR "tabletop"
set_module_property INSTANTIATE_IN_SYSTEM_MODULE true
set_module_property EDITABLE false
set_module_property REPORT_TO_TALKBACK false
set_module_property ALLOW_GREYBOX_GENERATION false
set_module_property REPORT_HIERARCHY false

# ---- files ------------------------------------------------------------------
add_fileset QUARTUS_SYNTH QUARTUS_SYNTH "" ""
set_fileset_property QUARTUS_SYNTH TOP_LEVEL tile_display
set_fileset_property QUARTUS_SYNTH ENABLE_RELATIVE_INCLUDE_PATHS false
set_fileset_property QUARTUS_SYNTH ENABLE_FILE_OVERWRITE_MODE false
add_fileset_file tile_ram.sv SYSTEM_VERILOG PATH ../rtl/tile_display/tile_ram.sv
# the register map the top level includes (made from tile_display/tile_display_regs.def)
add_fileset_file tile_display_regs.svh SYSTEM_VERILOG_INCLUDE PATH ../rtl/tile_display/tile_display_regs.svh
add_fileset_file tile_display.sv SYSTEM_VERILOG PATH ../rtl/tile_display/tile_display.sv TOP_LEVEL_FILE

# ---- clock and reset ----------------------------------------------------------
add_interface clock clock end
set_interface_property clock clockRate 50000000
set_interface_property clock ENABLED true
add_interface_port clock clk clk Input 1

add_interface reset reset end
set_interface_property reset associatedClock clock
set_interface_property reset synchronousEdges BOTH
set_interface_property reset ENABLED true
add_interface_port reset rst reset Input 1

# ---- s0: Avalon-MM slave, 64 words ---------------------------------------------
add_interface s0 avalon end
set_interface_property s0 addressUnits WORDS
set_interface_property s0 associatedClock clock
set_interface_property s0 associatedReset reset
set_interface_property s0 bitsPerSymbol 8
set_interface_property s0 burstOnBurstBoundariesOnly false
set_interface_property s0 explicitAddressSpan 0
set_interface_property s0 holdTime 0
set_interface_property s0 linewrapBursts false
set_interface_property s0 maximumPendingReadTransactions 0
set_interface_property s0 readLatency 1
set_interface_property s0 readWaitTime 0
set_interface_property s0 setupTime 0
set_interface_property s0 timingUnits Cycles
set_interface_property s0 writeWaitTime 0
set_interface_property s0 ENABLED true
add_interface_port s0 avs_address   address   Input  6
add_interface_port s0 avs_read      read      Input  1
add_interface_port s0 avs_write     write     Input  1
add_interface_port s0 avs_writedata writedata Input  32
add_interface_port s0 avs_readdata  readdata  Output 32
set_interface_assignment s0 embeddedsw.configuration.isFlash 0
set_interface_assignment s0 embeddedsw.configuration.isMemoryDevice 0
set_interface_assignment s0 embeddedsw.configuration.isNonVolatileStorage 0
set_interface_assignment s0 embeddedsw.configuration.isPrintableDevice 0

# ---- vga: conduit to the top level's VGA mux ---------------------------------
add_interface vga conduit end
set_interface_property vga associatedClock clock
set_interface_property vga associatedReset reset
set_interface_property vga ENABLED true
add_interface_port vga vga_r       vga_r       Output 4
add_interface_port vga vga_g       vga_g       Output 4
add_interface_port vga vga_b       vga_b       Output 4
add_interface_port vga vga_hs      vga_hs      Output 1
add_interface_port vga vga_vs      vga_vs      Output 1
add_interface_port vga vga_blank_n vga_blank_n Output 1
add_interface_port vga vga_sync_n  vga_sync_n  Output 1
add_interface_port vga vga_clk     vga_clk     Output 1
add_interface_port vga vga_drive   vga_drive   Output 1
