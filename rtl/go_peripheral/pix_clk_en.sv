// pix_clk_en.sv - 25 MHz pixel enable from the 50 MHz system clock.
//
// Stand-in for the seed's pll_25MHz (ALTPLL): the whole peripheral runs on
// clk_50 and advances the VGA pixel pipeline on every other clock, so the
// design needs no vendor primitive to lint, simulate or synthesise.  The
// result is a 25.000 MHz pixel rate (59.52 Hz frames) instead of
// 25.175 MHz (59.94 Hz), which every VGA monitor accepts.
`default_nettype none

module pix_clk_en (
    input  wire logic clk_50,   // 50 MHz system clock
    input  wire logic reset_n,  // active-low synchronous reset
    output      logic pix_ce,   // high on every second clk_50 cycle
    output      logic pix_clk   // 25 MHz clock for the DAC: rises between pix_ce edges
);
    always_ff @(posedge clk_50) begin
        if (!reset_n) begin
            pix_ce  <= 1'b0;
            pix_clk <= 1'b0;
        end else begin
            pix_ce  <= ~pix_ce;
            // Pixel outputs change on pix_ce edges; the DAC latches on the
            // rising pix_clk edge half a pixel later, when they are stable.
            pix_clk <= pix_ce;
        end
    end
endmodule

`default_nettype wire
