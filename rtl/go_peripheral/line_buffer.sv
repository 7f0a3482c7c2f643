// line_buffer.sv - the 2x640-pixel ping-pong line buffer (one M10K-style
// simple dual-port RAM).
//
// Stored as 2 x 320 words of 32 bits, each word two RGB565 pixels exactly as
// they arrive from the framebuffer (lower pixel in [15:0]); bank b holds the
// words at b*320 .. b*320+319.  Same 2,560 bytes as 2x640x16.
`default_nettype none

module line_buffer #(
    parameter int WORDS = 640,              // 2 banks x 320 words
    parameter int AW    = $clog2(WORDS)     // address width
) (
    input  wire logic          clk,      // 50 MHz system clock
    input  wire logic          wr_en,    // write wr_data at wr_addr
    input  wire logic [AW-1:0] wr_addr,  // word address
    input  wire logic [31:0]   wr_data,  // two RGB565 pixels
    input  wire logic [AW-1:0] rd_addr,  // word address
    output      logic [31:0]   rd_data   // mem[rd_addr] one clock later
);
    logic [31:0] mem [0:WORDS-1];

    always_ff @(posedge clk) begin
        if (wr_en)
            mem[wr_addr] <= wr_data;
        rd_data <= mem[rd_addr];
    end
endmodule

`default_nettype wire
