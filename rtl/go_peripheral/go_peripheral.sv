// go_peripheral.sv - the Go console's FPGA peripheral (seed 000 §2, §4.1,
// §4.4, §6, Appendix A): an Avalon-MM slave with the register map of
// docs/registers.md, the VGA controller with its Avalon-MM burst master, and
// the audio controller with its two Avalon-ST sources.
//
// Slave: word addresses (avs_address = byte offset / 4), read latency 1
// (readdata is valid the clock after avs_read), never waits.  Master: the
// seed's ports plus avm_burstcount and avm_readdatavalid, which a burst
// master needs (docs/rtl.md).
`default_nettype none
`include "go_peripheral_regs.svh" // the register map, made from go_peripheral_regs.def

module go_peripheral #(
    parameter logic [31:0] SDRAM_HPS_BASE = 32'hC000_0000, // HPS address of the master's address 0
    parameter              SOUND_DIR      = "sounds",      // folder of the .vh sample ROM images
    parameter int          SAMPLE_PERIOD  = 6250,          // 50 MHz / 8 kHz
    parameter int          PLACE_LEN      = 1600,          // clip lengths in samples (seed §5.1)
    parameter int          CAPTURE_LEN    = 2400,
    parameter int          ILLEGAL_LEN    = 1200,
    parameter int          GAMEOVER_LEN   = 12000
) (
    input  wire logic        clk,                // 50 MHz system clock
    input  wire logic        reset_n,            // active-low synchronous reset
    // Avalon-MM slave (registers, from the HPS lightweight bridge)
    input  wire logic [4:0]  avs_address,        // word address: byte offset / 4
    input  wire logic        avs_read,
    input  wire logic        avs_write,
    input  wire logic [31:0] avs_writedata,
    output      logic [31:0] avs_readdata,       // valid the clock after avs_read
    // VGA output
    output      logic [3:0]  vga_r,              // RGB444: top bits of RGB565
    output      logic [3:0]  vga_g,
    output      logic [3:0]  vga_b,
    output      logic        vga_hs,             // active low
    output      logic        vga_vs,             // active low
    output      logic        vga_blank_n,        // high in the visible area
    output      logic        vga_sync_n,         // tied low
    output      logic        vga_clk,            // 25 MHz
    // Avalon-MM burst master (SDRAM framebuffer reads)
    output      logic [31:0] avm_address,        // byte address
    output      logic        avm_read,
    output      logic [3:0]  avm_burstcount,     // 8 words = 16 pixels
    input  wire logic [31:0] avm_readdata,
    input  wire logic        avm_readdatavalid,
    input  wire logic        avm_waitrequest,
    // Avalon-ST audio source, left channel
    output      logic [15:0] aso_left_data,      // signed 16-bit PCM, 8 kHz
    output      logic        aso_left_valid,
    input  wire logic        aso_left_ready,
    // Avalon-ST audio source, right channel (same samples)
    output      logic [15:0] aso_right_data,
    output      logic        aso_right_valid,
    input  wire logic        aso_right_ready
);
    // Word addresses of the registers (byte offsets 0x00-0x14), from go_peripheral_regs.def.
    localparam logic [4:0] A_AUDIO_CMD    = `GP_REG_AUDIO_CMD;
    localparam logic [4:0] A_AUDIO_STATUS = `GP_REG_AUDIO_STATUS;
    localparam logic [4:0] A_VGA_CTRL     = `GP_REG_VGA_CTRL;
    localparam logic [4:0] A_VGA_STATUS   = `GP_REG_VGA_STATUS;
    localparam logic [4:0] A_FB_ADDR_HI   = `GP_REG_FB_ADDR_HI;

    logic [7:0] fb_addr_hi;  // FB_ADDR_HI as written

    // ---- register writes ----------------------------------------------------
    // AUDIO_CMD values 5-7 are dropped here: nothing changes (docs/registers.md).
    wire audio_cmd_valid = avs_write && (avs_address == A_AUDIO_CMD) &&
                           (avs_writedata[2:0] <= 3'd4);
    wire swap_request    = avs_write && (avs_address == A_VGA_CTRL) && avs_writedata[0];

    always_ff @(posedge clk) begin
        if (!reset_n)
            fb_addr_hi <= SDRAM_HPS_BASE[31:24];
        else if (avs_write && (avs_address == A_FB_ADDR_HI))
            fb_addr_hi <= avs_writedata[7:0];
    end

    // ---- controllers ----------------------------------------------------------
    logic        swap_pending, vsync_flag, audio_busy;
    logic        vga_underrun /*verilator public_flat_rd*/;  // read by the testbench
    logic [7:0]  fb_shown_hi;
    logic [15:0] frame_count;
    logic [2:0]  audio_playing;

    vga_controller #(
        .SDRAM_HPS_BASE (SDRAM_HPS_BASE),
        .FB_RESET_HI    (SDRAM_HPS_BASE[31:24])
    ) vga_controller_inst (
        .clk_50            (clk),
        .reset_n           (reset_n),
        .avm_address       (avm_address),
        .avm_read          (avm_read),
        .avm_burstcount    (avm_burstcount),
        .avm_readdata      (avm_readdata),
        .avm_readdatavalid (avm_readdatavalid),
        .avm_waitrequest   (avm_waitrequest),
        .fb_addr_hi        (fb_addr_hi),
        .swap_request      (swap_request),
        .swap_pending      (swap_pending),
        .fb_shown_hi       (fb_shown_hi),
        .vsync_flag        (vsync_flag),
        .frame_count       (frame_count),
        .underrun          (vga_underrun),
        .vga_r             (vga_r),
        .vga_g             (vga_g),
        .vga_b             (vga_b),
        .vga_hs            (vga_hs),
        .vga_vs            (vga_vs),
        .vga_blank_n       (vga_blank_n),
        .vga_sync_n        (vga_sync_n),
        .vga_clk           (vga_clk)
    );

    audio_controller #(
        .PERIOD        (SAMPLE_PERIOD),
        .PLACE_LEN     (PLACE_LEN),
        .CAPTURE_LEN   (CAPTURE_LEN),
        .ILLEGAL_LEN   (ILLEGAL_LEN),
        .GAMEOVER_LEN  (GAMEOVER_LEN),
        .PLACE_FILE    ({SOUND_DIR, "/place.vh"}),
        .CAPTURE_FILE  ({SOUND_DIR, "/capture.vh"}),
        .ILLEGAL_FILE  ({SOUND_DIR, "/illegal.vh"}),
        .GAMEOVER_FILE ({SOUND_DIR, "/gameover.vh"})
    ) audio_controller_inst (
        .clk_50          (clk),
        .reset_n         (reset_n),
        .cmd_valid       (audio_cmd_valid),
        .cmd             (avs_writedata[2:0]),
        .busy            (audio_busy),
        .playing         (audio_playing),
        .aso_left_data   (aso_left_data),
        .aso_left_valid  (aso_left_valid),
        .aso_left_ready  (aso_left_ready),
        .aso_right_data  (aso_right_data),
        .aso_right_valid (aso_right_valid),
        .aso_right_ready (aso_right_ready)
    );

    // ---- register reads (latency 1) ----------------------------------------
    // Unmapped and reserved offsets read 0.  The VGA underrun flag is not in
    // the map (docs/rtl.md): with the DE1-SoC SDRAM it cannot happen.
    always_ff @(posedge clk) begin
        if (!reset_n) begin
            avs_readdata <= '0;
        end else if (avs_read) begin
            case (avs_address)
                A_AUDIO_CMD:    avs_readdata <= {29'd0, audio_playing};
                A_AUDIO_STATUS: avs_readdata <= {31'd0, audio_busy};
                A_VGA_CTRL:     avs_readdata <= {31'd0, swap_pending};
                A_VGA_STATUS:   avs_readdata <= {frame_count, 15'd0, vsync_flag};
                A_FB_ADDR_HI:   avs_readdata <= {16'd0, fb_shown_hi, fb_addr_hi};
                default:        avs_readdata <= '0;
            endcase
        end
    end

    // Only the low bits of each register are defined.
    wire unused_ok = &{1'b0, avs_writedata[31:8]};
endmodule

`default_nettype wire
