# othello_machine_hw.tcl - Platform Designer (Qsys) component for seed 003's
# Othello machine, rtl/othello/othello_machine.sv (the White and Black ports,
# the global reset, the board and the search in logic; register map in
# docs/othello.md, "The machine").
#
# Interfaces (docs/board.md shows how to connect them):
#   clock         clock sink, 50 MHz system clock (clk)
#   reset         reset sink, active high, synchronous (rst)
#   s0            Avalon-MM slave, 8 words: 3-bit word address
#                 (avs_address [2:0]), read latency 1, never waits.  Connect
#                 to the HPS lightweight bridge (h2f_lw_axi_master) at offset
#                 0x2000 -> HPS 0xFF202000 (span 0x20): port 0x30N at 4*N.
#   status        conduit: active, high while the machine thinks or settles
#                 a port; export it as `othello`, and board/de1_soc_top.sv
#                 toggles LEDR[3] each time it falls.
#
# Put this file's folder (board/) in the Platform Designer IP search path;
# the RTL is found relative to it, in ../rtl.  Written for Quartus Prime 18.1
# Lite (qsys 16.1 API); not run here: tests/board/check_board_files.py runs
# it in tclsh against the RTL.

package require -exact qsys 16.1

# ---- module -----------------------------------------------------------------
set_module_property NAME othello_machine
set_module_property VERSION 1.0
set_module_property DISPLAY_NAME "Othello machine (seed 003)"
set_module_property DESCRIPTION "tabletop othello_machine: 8 words at LW 0x2000-0x201F (global reset 0x303, White port 0x304 in, Black port 0x305 out)"
set_module_property GROUP "tabletop"
set_module_property AUTHOR "tabletop"
set_module_property INSTANTIATE_IN_SYSTEM_MODULE true
set_module_property EDITABLE false
set_module_property REPORT_TO_TALKBACK false
set_module_property ALLOW_GREYBOX_GENERATION false
set_module_property REPORT_HIERARCHY false

# ---- files ------------------------------------------------------------------
add_fileset QUARTUS_SYNTH QUARTUS_SYNTH "" ""
set_fileset_property QUARTUS_SYNTH TOP_LEVEL othello_machine
set_fileset_property QUARTUS_SYNTH ENABLE_RELATIVE_INCLUDE_PATHS false
set_fileset_property QUARTUS_SYNTH ENABLE_FILE_OVERWRITE_MODE false
add_fileset_file othello_moves.sv    SYSTEM_VERILOG PATH ../rtl/othello/othello_moves.sv
add_fileset_file othello_flips.sv    SYSTEM_VERILOG PATH ../rtl/othello/othello_flips.sv
add_fileset_file othello_pick.sv     SYSTEM_VERILOG PATH ../rtl/othello/othello_pick.sv
add_fileset_file othello_popcount.sv SYSTEM_VERILOG PATH ../rtl/othello/othello_popcount.sv
# the register map the top level includes (made from othello/othello_regs.def)
add_fileset_file othello_regs.svh SYSTEM_VERILOG_INCLUDE PATH ../rtl/othello/othello_regs.svh
add_fileset_file othello_machine.sv  SYSTEM_VERILOG PATH ../rtl/othello/othello_machine.sv TOP_LEVEL_FILE

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

# ---- s0: Avalon-MM slave, the 8 port words -------------------------------
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
add_interface_port status active active Output 1
