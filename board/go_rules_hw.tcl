# go_rules_hw.tcl - Platform Designer (Qsys) component for the Go rules
# peripheral, rtl/go_rules/go_rules.sv (seed 001's pruner, board updater and
# territory counter; register map in docs/go_rules.md).
#
# Interfaces (docs/board.md shows how to connect them):
#   clock         clock sink, 50 MHz system clock (clk)
#   reset         reset sink, active high, synchronous (rst)
#   s0            Avalon-MM slave, 64 words: 6-bit word address
#                 (avs_address [5:0]), read latency 1, never waits.  Connect
#                 to the HPS lightweight bridge (h2f_lw_axi_master) at offset
#                 0x4000 -> HPS 0xFF204000 (span 0x100).
#   status        conduit: busy, high while a decision or a count runs;
#                 export it as `go_rules`, and board/de1_soc_top.sv toggles
#                 LEDR[2] each time it falls.
#
# Put this file's folder (board/) in the Platform Designer IP search path;
# the RTL is found relative to it, in ../rtl.  Written for Quartus Prime 18.1
# Lite (qsys 16.1 API); not run here: tests/board/check_board_files.py runs
# it in tclsh against the RTL.

package require -exact qsys 16.1

# ---- module -----------------------------------------------------------------
set_module_property NAME go_rules
set_module_property VERSION 1.0
set_module_property DISPLAY_NAME "Go rules: pruner, board updater, territory counter (seed 001)"
set_module_property DESCRIPTION "tabletop go_rules: 64 words at LW 0x4000-0x40FF (board, ko board, move in; verdict, board, captures, clocks, territory out)"
set_module_property GROUP "tabletop"
set_module_property AUTHOR "tabletop"
set_module_property INSTANTIATE_IN_SYSTEM_MODULE true
set_module_property EDITABLE false
set_module_property REPORT_TO_TALKBACK false
set_module_property ALLOW_GREYBOX_GENERATION false
set_module_property REPORT_HIERARCHY false

# ---- files ------------------------------------------------------------------
add_fileset QUARTUS_SYNTH QUARTUS_SYNTH "" ""
set_fileset_property QUARTUS_SYNTH TOP_LEVEL go_rules
set_fileset_property QUARTUS_SYNTH ENABLE_RELATIVE_INCLUDE_PATHS false
set_fileset_property QUARTUS_SYNTH ENABLE_FILE_OVERWRITE_MODE false
add_fileset_file go_pruner.sv        SYSTEM_VERILOG PATH ../rtl/go_rules/go_pruner.sv
add_fileset_file go_board_updater.sv SYSTEM_VERILOG PATH ../rtl/go_rules/go_board_updater.sv
add_fileset_file go_territory.sv     SYSTEM_VERILOG PATH ../rtl/go_rules/go_territory.sv
# the register map the top level includes (made from go_rules/go_rules_regs.def)
add_fileset_file go_rules_regs.svh SYSTEM_VERILOG_INCLUDE PATH ../rtl/go_rules/go_rules_regs.svh
add_fileset_file go_rules.sv         SYSTEM_VERILOG PATH ../rtl/go_rules/go_rules.sv TOP_LEVEL_FILE

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

# ---- s0: Avalon-MM slave, the 64 register words -------------------------------
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

# ---- status: conduit to the top level -------------------------------------------
add_interface status conduit end
set_interface_property status associatedClock clock
set_interface_property status associatedReset reset
set_interface_property status ENABLED true
add_interface_port status busy busy Output 1
