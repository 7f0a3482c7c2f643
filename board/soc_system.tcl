# soc_system.tcl - builds board/soc_system.qsys, the Platform Designer system
# behind board/de1_soc_top.sv, with Platform Designer's own scripting
# (qsys-script).  The system is the one docs/board.md describes: the HPS with
# its two HPS-to-FPGA bridges, the 64 MB SDRAM for the framebuffers, the
# University Program audio cores, and the seven tabletop peripherals of
# board/*_hw.tcl at the lightweight-bridge offsets of hal/hal.h's
# HAL_PERIPHERALS.
#
# The HPS settings (DDR3 memory and its timing, pin multiplexing of Ethernet,
# SD card, USB, UART, I2C, SPI and GPIO, HPS clocks) must match the SD card
# image's preloader, so they are not written here: they are copied from the
# hps_0 instance of Terasic's DE1-SoC Golden Hardware Reference Design, the
# file soc_system.qsys of the GHRD folder on the DE1-SoC System CD
# (Demonstrations/SOC_FPGA/DE1_SoC_GHRD/soc_system.qsys; the folder's
# name varies a little between CD revisions).  Every parameter of that
# instance that is not derived is copied; then the FPGA-side interfaces are
# set as this system needs them (hps_fpga_settings below).
#
# usage (board/build.sh does this):
#   qsys-script --script=soc_system.tcl --search-path="IPDIR/**/*,$" \
#       --cmd="set ghrd_qsys /path/to/DE1_SoC_GHRD/soc_system.qsys; set out_qsys soc_system.qsys"
# IPDIR holds the board/*_hw.tcl files.  Instead of --cmd, the environment
# variable TABLETOP_GHRD_QSYS may name the GHRD file; out_qsys defaults to
# soc_system.qsys in the current folder.
#
# Written for Quartus Prime Lite 18.1 with the Intel FPGA University Program
# IP 18.1.  Never run under qsys-script here (Quartus is not installed on the
# project's machines): tests/board/check_soc_system.py runs it in tclsh with
# the qsys commands recorded and checks what it builds against hal/hal.h,
# ARCHITECTURE.md, board/de1_soc_top.sv and board/*_hw.tcl.

package require -exact qsys 16.1

# ---- where the GHRD is -------------------------------------------------------
if {![info exists ghrd_qsys]} {
    if {[info exists ::env(TABLETOP_GHRD_QSYS)] && $::env(TABLETOP_GHRD_QSYS) ne ""} {
        set ghrd_qsys $::env(TABLETOP_GHRD_QSYS)
    } else {
        error "soc_system.tcl: no GHRD given: set ghrd_qsys (qsys-script --cmd=\"set ghrd_qsys FILE\") or TABLETOP_GHRD_QSYS to the soc_system.qsys of Terasic's DE1-SoC GHRD (DE1-SoC System CD, Demonstrations/SOC_FPGA/DE1_SoC_GHRD/)"
    }
}
if {![file isfile $ghrd_qsys]} {
    error "soc_system.tcl: GHRD system file not found: $ghrd_qsys (the soc_system.qsys of Terasic's DE1-SoC GHRD)"
}
if {![info exists out_qsys]} {
    set out_qsys soc_system.qsys
}

# ---- the HPS settings of the GHRD --------------------------------------------
load_system $ghrd_qsys
set ghrd_hps {}
foreach inst [get_instances] {
    if {[get_instance_property $inst CLASS_NAME] eq "altera_hps"} {
        lappend ghrd_hps $inst
    }
}
if {[llength $ghrd_hps] != 1} {
    error "soc_system.tcl: $ghrd_qsys should hold one HPS (altera_hps) instance, it holds [llength $ghrd_hps]: is it the DE1-SoC GHRD's soc_system.qsys?"
}
set ghrd_hps [lindex $ghrd_hps 0]
set hps_settings {}
foreach param [get_instance_parameters $ghrd_hps] {
    if {![get_instance_parameter_property $ghrd_hps $param DERIVED]} {
        lappend hps_settings $param [get_instance_parameter_value $ghrd_hps $param]
    }
}

# The HPS's FPGA-side interfaces (docs/board.md): the lightweight HPS-to-FPGA
# bridge for the registers, the HPS-to-FPGA bridge (32 bits) for the SDRAM
# framebuffers; no FPGA-to-HPS bridge, no FPGA-to-SDRAM ports, none of the
# GHRD's interrupt, reset-request, debug or trace interfaces (nothing in the
# FPGA drives them).
set hps_fpga_settings {
    LWH2F_Enable            true
    S2F_Width               1
    F2S_Width               0
    F2SDRAM_Type            {}
    F2SDRAM_Width           {}
    F2SINTERRUPT_Enable     0
    F2SCLK_COLDRST_Enable   0
    F2SCLK_DBGRST_Enable    0
    F2SCLK_WARMRST_Enable   0
    F2SCLK_PERIPHCLK_Enable 0
    F2SCLK_SDRAMCLK_Enable  0
    S2FCLK_COLDRST_Enable   0
    S2FCLK_PENDINGRST_Enable 0
    S2FCLK_USER0CLK_Enable  0
    S2FCLK_USER1CLK_Enable  0
    S2FCLK_USER2CLK_Enable  0
    MPU_EVENTS_Enable       0
    STM_Enable              0
}

# ---- the system ---------------------------------------------------------------
create_system soc_system
set_project_property DEVICE_FAMILY {Cyclone V}
set_project_property DEVICE {5CSEMA5F31C6}

# The 50 MHz board clock and KEY[0] (active low).
add_instance clk_0 clock_source
set_instance_parameter_value clk_0 clockFrequency 50000000.0
set_instance_parameter_value clk_0 clockFrequencyKnown 1
set_instance_parameter_value clk_0 resetSynchronousEdges NONE

add_instance hps_0 altera_hps
foreach {param value} $hps_settings {
    set_instance_parameter_value hps_0 $param $value
}
foreach {param value} $hps_fpga_settings {
    set_instance_parameter_value hps_0 $param $value
}

# System and SDRAM Clocks for DE-series Boards: sys_clk (50 MHz) clocks
# everything below; sdram_clk is the phase-shifted clock of the SDRAM chip.
add_instance sys_sdram_pll_0 altera_up_avalon_sys_sdram_pll
set_instance_parameter_value sys_sdram_pll_0 CV_boards DE1-SoC
set_instance_parameter_value sys_sdram_pll_0 gui_refclk 50.0
set_instance_parameter_value sys_sdram_pll_0 gui_outclk 50.0

# The board's IS42S16320 (64 MB: 13 row and 10 column bits, 4 banks, 16 bits).
add_instance sdram altera_avalon_new_sdram_controller
set_instance_parameter_value sdram dataWidth 16
set_instance_parameter_value sdram numberOfChipSelects 1
set_instance_parameter_value sdram numberOfBanks 4
set_instance_parameter_value sdram rowWidth 13
set_instance_parameter_value sdram columnWidth 10
set_instance_parameter_value sdram casLatency 3
set_instance_parameter_value sdram initRefreshCommands 2
set_instance_parameter_value sdram refreshPeriod 7.8125
set_instance_parameter_value sdram powerUpDelay 100.0
set_instance_parameter_value sdram TRFC 70.0
set_instance_parameter_value sdram TRP 15.0
set_instance_parameter_value sdram TRCD 15.0
set_instance_parameter_value sdram TAC 5.4
set_instance_parameter_value sdram TWR 15.0

# The tabletop peripherals (board/*_hw.tcl, group "tabletop").
add_instance go_peripheral_0 go_peripheral 1.0
set_instance_parameter_value go_peripheral_0 SDRAM_HPS_BASE 3221225472
set_instance_parameter_value go_peripheral_0 SOUND_DIR ../rtl/go_peripheral/sounds
add_instance connect4_mailbox_0 connect4_mailbox 1.0
add_instance go_rules_0 go_rules 1.0
add_instance othello_machine_0 othello_machine 1.0
add_instance link_uart_0 link_uart 1.0
set_instance_parameter_value link_uart_0 DEFAULT_DIV 326
add_instance seven_seg_0 seven_seg 1.0
add_instance tile_display_0 tile_display 1.0

# Seed 004's reset PIO: bit 0 holds the Connect Four AI in reset.
add_instance c4_reset_pio altera_avalon_pio
set_instance_parameter_value c4_reset_pio width 1
set_instance_parameter_value c4_reset_pio direction Output
set_instance_parameter_value c4_reset_pio resetValue 0.0

# The WM8731 codec: its 12.288 MHz master clock, the audio core fed by
# go_peripheral's two streams, and the I2C set-up of docs/board.md §1.2.
# audio_in is on only so that the codec's ADC pins, which
# board/de1_soc_top.sv connects, exist on soc_system; nothing reads them.
add_instance audio_pll_0 altera_up_avalon_audio_pll
set_instance_parameter_value audio_pll_0 gui_refclk 50.0
set_instance_parameter_value audio_pll_0 audio_clk_freq 12.288
add_instance audio_0 altera_up_avalon_audio
set_instance_parameter_value audio_0 avalon_bus_type Streaming
set_instance_parameter_value audio_0 audio_in 1
set_instance_parameter_value audio_0 audio_out 1
set_instance_parameter_value audio_0 dw 16
add_instance av_config_0 altera_up_avalon_audio_and_video_config
set_instance_parameter_value av_config_0 device {On-Board Peripherals}
set_instance_parameter_value av_config_0 board DE1-SoC
set_instance_parameter_value av_config_0 eai 1
set_instance_parameter_value av_config_0 audio_in {Line In to ADC}
set_instance_parameter_value av_config_0 mic_bypass 0
set_instance_parameter_value av_config_0 line_in_bypass 0
set_instance_parameter_value av_config_0 dac_enable 1
set_instance_parameter_value av_config_0 data_format {Left Justified}
set_instance_parameter_value av_config_0 bit_length 16
set_instance_parameter_value av_config_0 sampling_rate {8 kHz}

# ---- clocks ---------------------------------------------------------------------
add_connection clk_0.clk sys_sdram_pll_0.ref_clk
add_connection clk_0.clk audio_pll_0.ref_clk
foreach sink {
    sdram.clk go_peripheral_0.clock connect4_mailbox_0.clock go_rules_0.clock
    othello_machine_0.clock link_uart_0.clock seven_seg_0.clock tile_display_0.clock
    c4_reset_pio.clk audio_0.clk av_config_0.clk
    hps_0.h2f_lw_axi_clock hps_0.h2f_axi_clock
} {
    add_connection sys_sdram_pll_0.sys_clk $sink
}

# ---- resets: KEY[0] and the HPS's reset reach every reset input -------------------
foreach sink {
    sys_sdram_pll_0.ref_reset audio_pll_0.ref_reset sdram.reset
    go_peripheral_0.reset connect4_mailbox_0.reset go_rules_0.reset
    othello_machine_0.reset link_uart_0.reset seven_seg_0.reset tile_display_0.reset
    c4_reset_pio.reset audio_0.reset av_config_0.reset
} {
    add_connection clk_0.clk_reset $sink
    add_connection hps_0.h2f_reset $sink
}

# ---- memory-mapped connections and base addresses --------------------------------
# Offsets on the lightweight bridge (HPS 0xFF200000 + offset): the base of each
# rtl/<periph>/<periph>_regs.def (tests/board/check_soc_system.py compares).
proc connect_at {master slave base} {
    add_connection $master $slave
    set_connection_parameter_value $master/$slave baseAddress $base
}
connect_at hps_0.h2f_lw_axi_master go_peripheral_0.s0        0x0000
connect_at hps_0.h2f_lw_axi_master connect4_mailbox_0.s0     0x1000
connect_at hps_0.h2f_lw_axi_master c4_reset_pio.s1           0x1020
connect_at hps_0.h2f_lw_axi_master othello_machine_0.s0      0x2000
connect_at hps_0.h2f_lw_axi_master link_uart_0.s0            0x3000
connect_at hps_0.h2f_lw_axi_master go_rules_0.s0             0x4000
connect_at hps_0.h2f_lw_axi_master seven_seg_0.s0            0x5000
connect_at hps_0.h2f_lw_axi_master tile_display_0.s0         0x6000
connect_at hps_0.h2f_lw_axi_master av_config_0.avalon_av_config_slave 0x7000
# The SDRAM at 0 behind the HPS-to-FPGA bridge (HPS 0xC0000000: the two
# framebuffers 0xC0000000 and 0xC1000000), and at 0 for go_peripheral's
# framebuffer reads (its SDRAM_HPS_BASE is subtracted).
connect_at hps_0.h2f_axi_master sdram.s1 0x00000000
connect_at go_peripheral_0.m0 sdram.s1 0x00000000

# ---- streams ----------------------------------------------------------------------
add_connection go_peripheral_0.audio_left audio_0.avalon_left_channel_sink
add_connection go_peripheral_0.audio_right audio_0.avalon_right_channel_sink

# ---- exports: the soc_system ports board/de1_soc_top.sv connects --------------------
# Platform Designer names each port <export>_<signal role>.
proc export_as {name kind direction of} {
    add_interface $name $kind $direction
    set_interface_property $name EXPORT_OF $of
}
export_as clk        clock   sink   clk_0.clk_in
export_as reset      reset   sink   clk_0.clk_in_reset
export_as sdram_clk  clock   source sys_sdram_pll_0.sdram_clk
export_as sdram      conduit end    sdram.wire
export_as vga        conduit end    go_peripheral_0.vga
export_as tile       conduit end    tile_display_0.vga
export_as connect4   conduit end    connect4_mailbox_0.status
export_as c4_reset   conduit end    c4_reset_pio.external_connection
export_as go_rules   conduit end    go_rules_0.status
export_as othello    conduit end    othello_machine_0.status
export_as link_uart  conduit end    link_uart_0.serial
export_as seven_seg  conduit end    seven_seg_0.pins
export_as audio_clk  clock   source audio_pll_0.audio_clk
export_as audio      conduit end    audio_0.external_interface
export_as av_config  conduit end    av_config_0.external_interface
export_as memory     conduit end    hps_0.memory
export_as hps_io     conduit end    hps_0.hps_io

save_system $out_qsys
puts "soc_system.tcl: wrote $out_qsys (HPS settings from $ghrd_qsys)"
