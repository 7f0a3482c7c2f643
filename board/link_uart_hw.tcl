# link_uart_hw.tcl - Platform Designer (Qsys) component for the serial link
# UART of seed 001, rtl/link_uart/link_uart.sv (registers in
# docs/link.md, "UART registers").
#
# Interfaces (docs/board.md shows how to connect them):
#   clock         clock sink, 50 MHz system clock (clk)
#   reset         reset sink, active high, synchronous (rst)
#   s0            Avalon-MM slave, eight words: 3-bit word address, read
#                 latency 1, never waits.  Connect to the HPS lightweight
#                 bridge at offset 0x3000 -> HPS 0xFF203000.
#   serial        conduit: uart_rx (in), uart_tx (out); export it as
#                 `link_uart`: board/de1_soc_top.sv wires it to GPIO_0 for
#                 an HC-05 Bluetooth module (docs/board.md, "HC-05").
#
# Put this file's folder (board/) in the Platform Designer IP search path;
# the RTL is found relative to it, in ../rtl.  Written for Quartus Prime 18.1
# Lite (qsys 16.1 API); not run here: tests/board/check_board_files.py runs
# it in tclsh against the RTL.

package require -exact qsys 16.1

# ---- module -----------------------------------------------------------------
set_module_property NAME link_uart
set_module_property VERSION 1.0
set_module_property DISPLAY_NAME "Serial link UART (seed 001)"
set_module_property DESCRIPTION "tabletop link_uart: 9600 baud 8N1, 16x oversampling, 16-byte FIFOs, polled registers at LW 0x3000"
set_module_property GROUP "tabletop"
set_module_property AUTHOR "tabletop"
set_module_property INSTANTIATE_IN_SYSTEM_MODULE true
set_module_property EDITABLE false
set_module_property REPORT_TO_TALKBACK false
set_module_property ALLOW_GREYBOX_GENERATION false
set_module_property REPORT_HIERARCHY false

# ---- files ------------------------------------------------------------------
add_fileset QUARTUS_SYNTH QUARTUS_SYNTH "" ""
set_fileset_property QUARTUS_SYNTH TOP_LEVEL link_uart
set_fileset_property QUARTUS_SYNTH ENABLE_RELATIVE_INCLUDE_PATHS false
set_fileset_property QUARTUS_SYNTH ENABLE_FILE_OVERWRITE_MODE false
add_fileset_file uart_tx.sv   SYSTEM_VERILOG PATH ../rtl/link_uart/uart_tx.sv
add_fileset_file uart_rx.sv   SYSTEM_VERILOG PATH ../rtl/link_uart/uart_rx.sv
# the register map the top level includes (made from link_uart/link_uart_regs.def)
add_fileset_file link_uart_regs.svh SYSTEM_VERILOG_INCLUDE PATH ../rtl/link_uart/link_uart_regs.svh
add_fileset_file link_uart.sv SYSTEM_VERILOG PATH ../rtl/link_uart/link_uart.sv TOP_LEVEL_FILE

# ---- parameters ---------------------------------------------------------------
add_parameter DEFAULT_DIV INTEGER 326 "clocks per 1/16 bit after reset (326: 9600 baud at 50 MHz)"
set_parameter_property DEFAULT_DIV HDL_PARAMETER true

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

# ---- s0: Avalon-MM slave, the eight UART words -------------------------------
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

# ---- serial: conduit to the top level (the HC-05's TXD and RXD) ----------------
add_interface serial conduit end
set_interface_property serial associatedClock clock
set_interface_property serial associatedReset reset
set_interface_property serial ENABLED true
add_interface_port serial uart_rx uart_rx Input 1
add_interface_port serial uart_tx uart_tx Output 1
