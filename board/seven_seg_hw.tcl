# seven_seg_hw.tcl - Platform Designer (Qsys) component for the DE1-SoC's six
# seven-segment digits, rtl/seven_seg/seven_seg.sv (registers in
# docs/seven_seg.md).
#
# Interfaces (docs/board.md shows how to connect them):
#   clock         clock sink, 50 MHz system clock (clk)
#   reset         reset sink, active high, synchronous (rst)
#   s0            Avalon-MM slave, eight words: 3-bit word address, read
#                 latency 1, never waits.  Connect to the HPS lightweight
#                 bridge at offset 0x5000 -> HPS 0xFF205000.
#   pins          conduit: hex0_n .. hex5_n (out, 7 bits each, active low);
#                 export it as `seven_seg`: board/de1_soc_top.sv wires it to
#                 HEX0..HEX5.
#
# Put this file's folder (board/) in the Platform Designer IP search path;
# the RTL is found relative to it, in ../rtl.  Written for Quartus Prime 18.1
# Lite (qsys 16.1 API); not run here: tests/board/check_board_files.py runs
# it in tclsh against the RTL.

package require -exact qsys 16.1

# ---- module -----------------------------------------------------------------
set_module_property NAME seven_seg
set_module_property VERSION 1.0
set_module_property DISPLAY_NAME "Seven-segment digits HEX5..HEX0"
set_module_property DESCRIPTION "tabletop seven_seg: six digits, one word each or four/two in one word, at LW 0x5000"
set_module_property GROUP "tabletop"
set_module_property AUTHOR "tabletop"
set_module_property INSTANTIATE_IN_SYSTEM_MODULE true
set_module_property EDITABLE false
set_module_property REPORT_TO_TALKBACK false
set_module_property ALLOW_GREYBOX_GENERATION false
set_module_property REPORT_HIERARCHY false

# ---- files ------------------------------------------------------------------
add_fileset QUARTUS_SYNTH QUARTUS_SYNTH "" ""
set_fileset_property QUARTUS_SYNTH TOP_LEVEL seven_seg
set_fileset_property QUARTUS_SYNTH ENABLE_RELATIVE_INCLUDE_PATHS false
set_fileset_property QUARTUS_SYNTH ENABLE_FILE_OVERWRITE_MODE false
# the register map the top level includes (made from seven_seg/seven_seg_regs.def)
add_fileset_file seven_seg_regs.svh SYSTEM_VERILOG_INCLUDE PATH ../rtl/seven_seg/seven_seg_regs.svh
add_fileset_file seven_seg.sv SYSTEM_VERILOG PATH ../rtl/seven_seg/seven_seg.sv TOP_LEVEL_FILE

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

# ---- s0: Avalon-MM slave, the eight words -------------------------------------
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
add_interface_port s0 avs_address   address   Input  3
add_interface_port s0 avs_read      read      Input  1
add_interface_port s0 avs_write     write     Input  1
add_interface_port s0 avs_writedata writedata Input  32
add_interface_port s0 avs_readdata  readdata  Output 32
set_interface_assignment s0 embeddedsw.configuration.isFlash 0
set_interface_assignment s0 embeddedsw.configuration.isMemoryDevice 0
set_interface_assignment s0 embeddedsw.configuration.isNonVolatileStorage 0
set_interface_assignment s0 embeddedsw.configuration.isPrintableDevice 0

# ---- pins: conduit to the top level (HEX0..HEX5, active low) ------------------
add_interface pins conduit end
set_interface_property pins associatedClock clock
set_interface_property pins associatedReset reset
set_interface_property pins ENABLED true
add_interface_port pins hex0_n hex0_n Output 7
add_interface_port pins hex1_n hex1_n Output 7
add_interface_port pins hex2_n hex2_n Output 7
add_interface_port pins hex3_n hex3_n Output 7
add_interface_port pins hex4_n hex4_n Output 7
add_interface_port pins hex5_n hex5_n Output 7
