# go_peripheral_hw.tcl - Platform Designer (Qsys) component for the Go
# console's FPGA peripheral, rtl/go_peripheral/go_peripheral.sv (seed 000 §2, §4.4, §6).
#
# Interfaces (docs/board.md shows how to connect them):
#   clock         clock sink, 50 MHz system clock (clk)
#   reset         reset sink, active low (reset_n)
#   s0            Avalon-MM slave, the registers of docs/registers.md:
#                 5-bit word address (avs_address [4:0]), read latency 1,
#                 never waits.  Connect to the HPS lightweight bridge
#                 (h2f_lw_axi_master) at offset 0x0000 -> HPS 0xFF200000.
#   m0            Avalon-MM burst read master for the framebuffer: byte
#                 addresses, bursts of 8 words (16 RGB565 pixels).  Connect
#                 to the SDRAM controller, which must sit at 0x00000000 in
#                 this master's address map (HPS 0xC0000000 through the
#                 HPS-to-FPGA bridge; SDRAM_HPS_BASE below).
#   audio_left    Avalon-ST source, 16-bit signed PCM at 8 kHz
#   audio_right   Avalon-ST source, the same samples
#                 Connect to the University Program Audio core's
#                 avalon_left_channel_sink / avalon_right_channel_sink
#                 (Streaming mode, 16-bit data).
#   vga           conduit to the DE1-SoC VGA DAC (ADV7123): export it and
#                 wire it in board/de1_soc_top.sv.
#
# Put this file's folder (board/) in the Platform Designer IP search path
# (Tools > Options > IP Search Paths, or the project's ip/ folder): the RTL
# is found relative to it, in ../rtl.  Written for Quartus Prime 18.1 Lite
# (qsys 16.1 API); not run here, see docs/board.md.

package require -exact qsys 16.1

# ---- module -----------------------------------------------------------------
set_module_property NAME go_peripheral
set_module_property VERSION 1.0
set_module_property DISPLAY_NAME "Go peripheral (VGA framebuffer + audio clips)"
set_module_property DESCRIPTION "tabletop go_peripheral: registers at LW 0x00-0x1F, VGA 640x480 from an SDRAM framebuffer, four PCM clips to the audio core"
set_module_property GROUP "tabletop"
set_module_property AUTHOR "tabletop"
set_module_property INSTANTIATE_IN_SYSTEM_MODULE true
set_module_property EDITABLE false
set_module_property REPORT_TO_TALKBACK false
set_module_property ALLOW_GREYBOX_GENERATION false
set_module_property REPORT_HIERARCHY false

# ---- files ------------------------------------------------------------------
# The sample ROM images go with the sources; SOUND_DIR (below) must name the
# folder $readmemh finds them in at synthesis (relative to the Quartus
# project folder, board/).
add_fileset QUARTUS_SYNTH QUARTUS_SYNTH "" ""
set_fileset_property QUARTUS_SYNTH TOP_LEVEL go_peripheral
set_fileset_property QUARTUS_SYNTH ENABLE_RELATIVE_INCLUDE_PATHS false
set_fileset_property QUARTUS_SYNTH ENABLE_FILE_OVERWRITE_MODE false
# the register map the top level includes (made from go_peripheral/go_peripheral_regs.def)
add_fileset_file go_peripheral_regs.svh SYSTEM_VERILOG_INCLUDE PATH ../rtl/go_peripheral/go_peripheral_regs.svh
add_fileset_file go_peripheral.sv    SYSTEM_VERILOG PATH ../rtl/go_peripheral/go_peripheral.sv TOP_LEVEL_FILE
add_fileset_file vga_controller.sv   SYSTEM_VERILOG PATH ../rtl/go_peripheral/vga_controller.sv
add_fileset_file line_buffer.sv      SYSTEM_VERILOG PATH ../rtl/go_peripheral/line_buffer.sv
add_fileset_file pix_clk_en.sv       SYSTEM_VERILOG PATH ../rtl/go_peripheral/pix_clk_en.sv
add_fileset_file audio_controller.sv SYSTEM_VERILOG PATH ../rtl/go_peripheral/audio_controller.sv
add_fileset_file sample_rom.sv       SYSTEM_VERILOG PATH ../rtl/go_peripheral/sample_rom.sv
add_fileset_file sounds/place.vh     OTHER          PATH ../rtl/go_peripheral/sounds/place.vh
add_fileset_file sounds/capture.vh   OTHER          PATH ../rtl/go_peripheral/sounds/capture.vh
add_fileset_file sounds/illegal.vh   OTHER          PATH ../rtl/go_peripheral/sounds/illegal.vh
add_fileset_file sounds/gameover.vh  OTHER          PATH ../rtl/go_peripheral/sounds/gameover.vh

# ---- parameters (go_peripheral.sv) --------------------------------------------
add_parameter SDRAM_HPS_BASE STD_LOGIC_VECTOR 3221225472
set_parameter_property SDRAM_HPS_BASE DISPLAY_NAME "HPS address of master address 0"
set_parameter_property SDRAM_HPS_BASE DESCRIPTION "0xC0000000: SDRAM at 0 behind the HPS-to-FPGA bridge; FB_ADDR_HI 0xC0/0xC1 become master addresses 0x0/0x1000000"
set_parameter_property SDRAM_HPS_BASE WIDTH 32
set_parameter_property SDRAM_HPS_BASE UNITS None
set_parameter_property SDRAM_HPS_BASE HDL_PARAMETER true

add_parameter SOUND_DIR STRING "../rtl/go_peripheral/sounds"
set_parameter_property SOUND_DIR DISPLAY_NAME "Folder of the .vh sample ROM images"
set_parameter_property SOUND_DIR DESCRIPTION "as \$readmemh sees it at synthesis (relative to the Quartus project folder)"
set_parameter_property SOUND_DIR HDL_PARAMETER true

add_parameter SAMPLE_PERIOD INTEGER 6250
set_parameter_property SAMPLE_PERIOD DISPLAY_NAME "Clocks per audio sample (50 MHz / 8 kHz)"
set_parameter_property SAMPLE_PERIOD HDL_PARAMETER true

foreach {name len} {PLACE_LEN 1600 CAPTURE_LEN 2400 ILLEGAL_LEN 1200 GAMEOVER_LEN 12000} {
    add_parameter $name INTEGER $len
    set_parameter_property $name DISPLAY_NAME "$name (samples; seed 000 §5.1)"
    set_parameter_property $name HDL_PARAMETER true
}

# ---- clock and reset ----------------------------------------------------------
add_interface clock clock end
set_interface_property clock clockRate 50000000
set_interface_property clock ENABLED true
add_interface_port clock clk clk Input 1

add_interface reset reset end
set_interface_property reset associatedClock clock
set_interface_property reset synchronousEdges DEASSERT
set_interface_property reset ENABLED true
add_interface_port reset reset_n reset_n Input 1

# ---- s0: Avalon-MM slave, the registers -----------------------------------------
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
add_interface_port s0 avs_address   address   Input  5
add_interface_port s0 avs_read      read      Input  1
add_interface_port s0 avs_write     write     Input  1
add_interface_port s0 avs_writedata writedata Input  32
add_interface_port s0 avs_readdata  readdata  Output 32
set_interface_assignment s0 embeddedsw.configuration.isFlash 0
set_interface_assignment s0 embeddedsw.configuration.isMemoryDevice 0
set_interface_assignment s0 embeddedsw.configuration.isNonVolatileStorage 0
set_interface_assignment s0 embeddedsw.configuration.isPrintableDevice 0

# ---- m0: Avalon-MM burst read master, the framebuffer ---------------------------
add_interface m0 avalon start
set_interface_property m0 addressUnits SYMBOLS
set_interface_property m0 associatedClock clock
set_interface_property m0 associatedReset reset
set_interface_property m0 bitsPerSymbol 8
set_interface_property m0 burstOnBurstBoundariesOnly false
set_interface_property m0 doStreamReads false
set_interface_property m0 doStreamWrites false
set_interface_property m0 holdTime 0
set_interface_property m0 linewrapBursts false
set_interface_property m0 maximumPendingReadTransactions 0
set_interface_property m0 readLatency 0
set_interface_property m0 readWaitTime 1
set_interface_property m0 setupTime 0
set_interface_property m0 timingUnits Cycles
set_interface_property m0 writeWaitTime 0
set_interface_property m0 ENABLED true
add_interface_port m0 avm_address       address       Output 32
add_interface_port m0 avm_read          read          Output 1
add_interface_port m0 avm_burstcount    burstcount    Output 4
add_interface_port m0 avm_readdata      readdata      Input  32
add_interface_port m0 avm_readdatavalid readdatavalid Input  1
add_interface_port m0 avm_waitrequest   waitrequest   Input  1

# ---- audio_left / audio_right: Avalon-ST sources ----------------------------------
foreach side {left right} {
    set itf audio_$side
    add_interface $itf avalon_streaming start
    set_interface_property $itf associatedClock clock
    set_interface_property $itf associatedReset reset
    set_interface_property $itf dataBitsPerSymbol 16
    set_interface_property $itf errorDescriptor ""
    set_interface_property $itf firstSymbolInHighOrderBits true
    set_interface_property $itf maxChannel 0
    set_interface_property $itf readyLatency 0
    set_interface_property $itf symbolsPerBeat 1
    set_interface_property $itf ENABLED true
    add_interface_port $itf aso_${side}_data  data  Output 16
    add_interface_port $itf aso_${side}_valid valid Output 1
    add_interface_port $itf aso_${side}_ready ready Input  1
}

# ---- vga: conduit to the pins -------------------------------------------------------
# RGB444 here; board/de1_soc_top.sv puts each 4-bit channel on the top bits
# of the DAC's 8-bit channel.
add_interface vga conduit end
set_interface_property vga associatedClock ""
set_interface_property vga associatedReset ""
set_interface_property vga ENABLED true
add_interface_port vga vga_r       r       Output 4
add_interface_port vga vga_g       g       Output 4
add_interface_port vga vga_b       b       Output 4
add_interface_port vga vga_hs      hs      Output 1
add_interface_port vga vga_vs      vs      Output 1
add_interface_port vga vga_blank_n blank_n Output 1
add_interface_port vga vga_sync_n  sync_n  Output 1
add_interface_port vga vga_clk     clk     Output 1
