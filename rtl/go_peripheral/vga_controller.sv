// vga_controller.sv - 640x480 at 60 Hz from a double-buffered RGB565
// framebuffer in SDRAM (seed 000 §2, §4.4, §6; docs/registers.md, docs/rtl.md).
//
// Timing runs on clk_50 with a 25 MHz pixel enable (pix_clk_en): 800 pixels
// x 525 lines, visible 640x480, negative syncs.  While line L is on screen
// the Avalon-MM master fetches line L+1 into the other half of the ping-pong
// line buffer, as 40 bursts of 8 words (16 pixels); line 0 is fetched during
// line 524.  A swap request is taken at the first clock of line 480, the
// start of vertical blanking, so a frame never mixes two buffers.
`default_nettype none

module vga_controller #(
    parameter logic [31:0] SDRAM_HPS_BASE = 32'hC000_0000, // HPS address of master address 0
    parameter logic [7:0]  FB_RESET_HI    = 8'hC0          // buffer shown after reset
) (
    input  wire logic        clk_50,             // 50 MHz system clock
    input  wire logic        reset_n,            // active-low synchronous reset
    // Avalon-MM burst master (framebuffer reads)
    output      logic [31:0] avm_address,        // byte address, 32-byte aligned
    output      logic        avm_read,           // burst read request
    output      logic [3:0]  avm_burstcount,     // words per burst: always 8
    input  wire logic [31:0] avm_readdata,       // two RGB565 pixels, lower x in [15:0]
    input  wire logic        avm_readdatavalid,  // one word of a burst
    input  wire logic        avm_waitrequest,    // slave not ready for the request
    // control from go_peripheral's registers
    input  wire logic [7:0]  fb_addr_hi,         // FB_ADDR_HI: buffer to show after a swap
    input  wire logic        swap_request,       // one-clock pulse: swap at next vblank
    output      logic        swap_pending,       // request not yet taken
    output      logic [7:0]  fb_shown_hi,        // upper 8 bits of the buffer on screen
    output      logic        vsync_flag,         // in vertical blanking (lines 480-524)
    output      logic [15:0] frame_count,        // +1 at every start of vertical blanking
    output      logic        underrun,           // sticky: a line fetch was still running when the next was due
    // VGA pins
    output      logic [3:0]  vga_r,              // red, top 4 bits of R5
    output      logic [3:0]  vga_g,              // green, top 4 bits of G6
    output      logic [3:0]  vga_b,              // blue, top 4 bits of B5
    output      logic        vga_hs,             // horizontal sync, active low
    output      logic        vga_vs,             // vertical sync, active low
    output      logic        vga_blank_n,        // high in the visible area
    output      logic        vga_sync_n,         // sync-on-green off: tied low
    output      logic        vga_clk             // 25 MHz DAC clock
);
    // 640x480 at 60 Hz (VESA DMT), in pixels and lines.
    localparam int H_RES = 640, H_FP = 16, H_SYNC = 96, H_BP = 48;
    localparam int V_RES = 480, V_FP = 10, V_SYNC = 2, V_BP = 33;
    localparam int H_TOTAL = H_RES + H_FP + H_SYNC + H_BP;  // 800
    localparam int V_TOTAL = V_RES + V_FP + V_SYNC + V_BP;  // 525
    localparam int HS_STA = H_RES + H_FP, HS_END = HS_STA + H_SYNC;  // 656, 752
    localparam int VS_STA = V_RES + V_FP, VS_END = VS_STA + V_SYNC;  // 490, 492

    localparam int LINE_WORDS  = H_RES / 2;               // 320 words of 2 pixels
    localparam int BURST_WORDS = 8;                       // 16 pixels per burst
    localparam int LINE_BURSTS = LINE_WORDS / BURST_WORDS; // 40
    localparam logic [31:0] LINE_BYTES = 32'(H_RES * 2);  // 1280

    // ---- pixel enable and timing counters --------------------------------
    logic pix_ce;
    pix_clk_en pix_clk_en_inst (
        .clk_50  (clk_50),
        .reset_n (reset_n),
        .pix_ce  (pix_ce),
        .pix_clk (vga_clk)
    );

    logic [9:0] h;  // pixel in line, 0..799
    logic [9:0] v;  // line in frame, 0..524
    wire line_end  = pix_ce && (h == 10'(H_TOTAL - 1));
    wire vblank_go = line_end && (v == 10'(V_RES - 1));  // next clock is line 480

    always_ff @(posedge clk_50) begin
        if (!reset_n) begin
            h <= '0;
            v <= '0;
        end else if (pix_ce) begin
            if (line_end) begin
                h <= '0;
                v <= (v == 10'(V_TOTAL - 1)) ? '0 : v + 10'd1;
            end else begin
                h <= h + 10'd1;
            end
        end
    end

    assign vsync_flag = (v >= 10'(V_RES));

    // ---- double buffering -------------------------------------------------
    always_ff @(posedge clk_50) begin
        if (!reset_n) begin
            swap_pending <= 1'b0;
            fb_shown_hi  <= FB_RESET_HI;
            frame_count  <= '0;
        end else if (vblank_go) begin
            if (swap_pending)
                fb_shown_hi <= fb_addr_hi;
            // A request arriving on this very clock waits for the next vblank.
            swap_pending <= swap_request;
            frame_count  <= frame_count + 16'd1;
        end else if (swap_request) begin
            swap_pending <= 1'b1;
        end
    end

    // ---- line fetch: Avalon-MM burst master -------------------------------
    // At pixel 0 of line L, fetch line L+1 (or line 0 during line 524).
    wire       fetch_due  = pix_ce && (h == 10'd0) &&
                            ((v < 10'(V_RES - 1)) || (v == 10'(V_TOTAL - 1)));
    wire [9:0] fetch_line = (v == 10'(V_TOTAL - 1)) ? 10'd0 : v + 10'd1;

    logic       fetching;      // a line fetch is in progress
    logic [5:0] bursts_left;   // burst requests still to issue
    logic [8:0] words_got;     // words of this line received so far
    logic       fetch_bank;    // line buffer half being filled

    wire [31:0] fb_base = {fb_shown_hi, 24'b0} - SDRAM_HPS_BASE;
    wire        req_taken = avm_read && !avm_waitrequest;

    always_ff @(posedge clk_50) begin
        if (!reset_n) begin
            fetching       <= 1'b0;
            bursts_left    <= '0;
            words_got      <= '0;
            fetch_bank     <= 1'b0;
            avm_read       <= 1'b0;
            avm_address    <= '0;
            underrun       <= 1'b0;
        end else begin
            if (fetch_due && fetching) begin
                // The slave is too slow for the line rate: keep finishing the
                // late line rather than abandoning words already requested.
                underrun <= 1'b1;
            end else if (fetch_due) begin
                fetching    <= 1'b1;
                fetch_bank  <= fetch_line[0];
                words_got   <= '0;
                bursts_left <= 6'(LINE_BURSTS);
                avm_read    <= 1'b1;
                avm_address <= fb_base + 32'(fetch_line) * LINE_BYTES;
            end else begin
                if (req_taken) begin
                    // Bursts are pipelined: the next request goes out at once.
                    bursts_left <= bursts_left - 6'd1;
                    avm_address <= avm_address + 32'(BURST_WORDS * 4);
                    if (bursts_left == 6'd1)
                        avm_read <= 1'b0;
                end
                if (avm_readdatavalid && fetching) begin
                    words_got <= words_got + 9'd1;
                    if (words_got == 9'(LINE_WORDS - 1))
                        fetching <= 1'b0;
                end
            end
        end
    end

    assign avm_burstcount = 4'(BURST_WORDS);

    // ---- line buffer ------------------------------------------------------
    wire [9:0] wr_addr = (fetch_bank ? 10'(LINE_WORDS) : 10'd0) + {1'b0, words_got};
    wire [9:0] rd_addr = (v[0] ? 10'(LINE_WORDS) : 10'd0) + {1'b0, h[9:1]};
    logic [31:0] rd_data;

    line_buffer #(.WORDS(2 * LINE_WORDS)) line_buffer_inst (
        .clk     (clk_50),
        .wr_en   (avm_readdatavalid && fetching),
        .wr_addr (wr_addr),
        .wr_data (avm_readdata),
        .rd_addr (rd_addr),
        .rd_data (rd_data)
    );

    // ---- pixel output -----------------------------------------------------
    // rd_addr follows (h, v) and the RAM answers one clock later, i.e. in
    // time for the next pix_ce edge, where the pixel and its syncs are
    // registered together: the pins lag the counters by one pixel.
    wire        visible = (h < 10'(H_RES)) && (v < 10'(V_RES));
    wire [15:0] pixel   = h[0] ? rd_data[31:16] : rd_data[15:0];

    always_ff @(posedge clk_50) begin
        if (!reset_n) begin
            vga_hs      <= 1'b1;
            vga_vs      <= 1'b1;
            vga_blank_n <= 1'b0;
            vga_r       <= '0;
            vga_g       <= '0;
            vga_b       <= '0;
        end else if (pix_ce) begin
            vga_hs      <= !((h >= 10'(HS_STA)) && (h < 10'(HS_END)));
            vga_vs      <= !((v >= 10'(VS_STA)) && (v < 10'(VS_END)));
            vga_blank_n <= visible;
            vga_r       <= visible ? pixel[15:12] : 4'd0;
            vga_g       <= visible ? pixel[10:7]  : 4'd0;
            vga_b       <= visible ? pixel[4:1]   : 4'd0;
        end
    end

    assign vga_sync_n = 1'b0;

    // RGB444 keeps the top four bits of each RGB565 channel.
    wire unused_ok = &{1'b0, pixel[11], pixel[6:5], pixel[0]};
endmodule

`default_nettype wire
