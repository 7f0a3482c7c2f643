# connect4_mailbox_hw.tcl - Platform Designer (Qsys) component for the Connect
# Four mailbox and AI, rtl/connect4/connect4_mailbox.sv (seed 004; protocol in
# docs/connect4.md).
#
# Interfaces (docs/board.md shows how to connect them):
#   clock         clock sink, 50 MHz system clock (clk)
#   reset         reset sink, active high, synchronous (rst)
#   s0            Avalon-MM slave, the eight mailbox words: 3-bit word
#                 address (avs_address [2:0]), read latency 1, never waits.
#                 Connect to the HPS lightweight bridge (h2f_lw_axi_master)
#                 at offset 0x1000 -> HPS 0xFF201000.
#   status        conduit: busy, high from the flag being seen until the
#                 answer is written; export it as `connect4`, and
#                 board/de1_soc_top.sv toggles LEDR[1] on each answer;
#                 ai_rst, in: seed 004's reset PIO (c4_reset_pio at LW
#                 0x1020, bit 0), synchronous, active high.
#
# Put this file's folder (board/) in the Platform Designer IP search path
# (Tools > Options > IP Search Paths); the RTL is found relative to it, in
# ../rtl.  Written for Quartus Prime 18.1 Lite (qsys 16.1 API); not run here:
# tests/board/check_board_files.py runs it in tclsh against the RTL.

package require -exact qsys 16.1

# ---- module -----------------------------------------------------------------
set_module_property NAME connect4_mailbox
set_module_property VERSION 1.0
set_module_property DISPLAY_NAME "Connect Four mailbox + AI (seed 004)"
set_module_property DESCRIPTION "tabletop connect4_mailbox: eight words at LW 0x1000-0x101F (flag, six rows, move) and the seed 004 AI, pipelined"
set_module_property GROUP "tabletop"
set_module_property AUTHOR "tabletop"
set_module_property INSTANTIATE_IN_SYSTEM_MODULE true
set_module_property EDITABLE false
set_module_property REPORT_TO_TALKBACK false
set_module_property ALLOW_GREYBOX_GENERATION false
set_module_property REPORT_HIERARCHY false

# ---- files ------------------------------------------------------------------
# The package first: every other file names connect4_pkg::.
add_fileset QUARTUS_SYNTH QUARTUS_SYNTH "" ""
set_fileset_property QUARTUS_SYNTH TOP_LEVEL connect4_mailbox
set_fileset_property QUARTUS_SYNTH ENABLE_RELATIVE_INCLUDE_PATHS false
set_fileset_property QUARTUS_SYNTH ENABLE_FILE_OVERWRITE_MODE false
add_fileset_file connect4_pkg.sv             SYSTEM_VERILOG PATH ../rtl/connect4/connect4_pkg.sv
add_fileset_file connect4_gen_state.sv       SYSTEM_VERILOG PATH ../rtl/connect4/connect4_gen_state.sv
add_fileset_file connect4_max_connect.sv     SYSTEM_VERILOG PATH ../rtl/connect4/connect4_max_connect.sv
add_fileset_file connect4_column_values.sv   SYSTEM_VERILOG PATH ../rtl/connect4/connect4_column_values.sv
add_fileset_file connect4_move_determiner.sv SYSTEM_VERILOG PATH ../rtl/connect4/connect4_move_determiner.sv
add_fileset_file connect4_win_finder.sv      SYSTEM_VERILOG PATH ../rtl/connect4/connect4_win_finder.sv
add_fileset_file connect4_trap_determiner.sv SYSTEM_VERILOG PATH ../rtl/connect4/connect4_trap_determiner.sv
add_fileset_file connect4_find_minimum.sv    SYSTEM_VERILOG PATH ../rtl/connect4/connect4_find_minimum.sv
add_fileset_file connect4_ai.sv              SYSTEM_VERILOG PATH ../rtl/connect4/connect4_ai.sv
# the register map the top level includes (made from connect4/connect4_regs.def)
add_fileset_file connect4_regs.svh SYSTEM_VERILOG_INCLUDE PATH ../rtl/connect4/connect4_regs.svh
add_fileset_file connect4_mailbox.sv         SYSTEM_VERILOG PATH ../rtl/connect4/connect4_mailbox.sv TOP_LEVEL_FILE

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

# ---- s0: Avalon-MM slave, the eight mailbox words -------------------------------
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

# ---- status: conduit to the top level -------------------------------------------
add_interface status conduit end
set_interface_property status associatedClock clock
set_interface_property status associatedReset reset
set_interface_property status ENABLED true
add_interface_port status busy busy Output 1
add_interface_port status ai_rst ai_rst Input 1
