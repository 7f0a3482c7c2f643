// sim_go_peripheral.sv - the top the sim backend Verilates: go_peripheral
// as the board has it, with a clock input that costs one model evaluation a
// clock (docs/sim.md "The clock").  Simulation only; the board's top level
// (board/) instantiates go_peripheral itself.
//
// A Verilated model finds a rising edge by comparing a clock with its value at the
// previous eval(), so a plain clock costs two evals a cycle: one with clk
// low (nothing happens but the comparison) and one with it high.  Here each
// change of `tick` is one whole clock: it raises clk_dut, go_peripheral's
// flip-flops take their edge, `seen` follows `tick`, and clk_dut falls again
// within the same eval.  The edge is go_peripheral's own posedge logic;
// nothing of its behaviour is restated.  With `tick` held, `clk` is a plain
// clock (two evals a cycle), which a traced run uses so the waveform shows
// the clock.  tests/rtl/go_peripheral holds the two to the same pins.
`default_nettype none

module sim_go_peripheral #(
    parameter logic [31:0] SDRAM_HPS_BASE = 32'hC000_0000  // HPS address of master address 0
) (
    input  wire logic        clk,                // plain 50 MHz clock (tick held)
    input  wire logic        tick,               // or: each change is one 50 MHz clock (clk held low)
    input  wire logic        reset_n,            // active-low synchronous reset
    input  wire logic [4:0]  avs_address,        // the go_peripheral ports, unchanged
    input  wire logic        avs_read,
    input  wire logic        avs_write,
    input  wire logic [31:0] avs_writedata,
    output      logic [31:0] avs_readdata,
    output      logic [3:0]  vga_r,
    output      logic [3:0]  vga_g,
    output      logic [3:0]  vga_b,
    output      logic        vga_hs,
    output      logic        vga_vs,
    output      logic        vga_blank_n,
    output      logic        vga_sync_n,
    output      logic        vga_clk,
    output      logic [31:0] avm_address,
    output      logic        avm_read,
    output      logic [3:0]  avm_burstcount,
    input  wire logic [31:0] avm_readdata,
    input  wire logic        avm_readdatavalid,
    input  wire logic        avm_waitrequest,
    output      logic [15:0] aso_left_data,
    output      logic        aso_left_valid,
    input  wire logic        aso_left_ready,
    output      logic [15:0] aso_right_data,
    output      logic        aso_right_valid,
    input  wire logic        aso_right_ready,
    output      logic        vga_underrun        // debug: go_peripheral's sticky underrun flag
);
    logic seen;  // the value of tick at the last clock it gave (0 before the first)
    wire  clk_dut = clk | (tick != seen);

    initial seen = 1'b0;
    always @(posedge clk_dut)
        seen <= tick;

    // Every port passes through by name (.*) but the clock.
    go_peripheral #(
        .SDRAM_HPS_BASE (SDRAM_HPS_BASE)
    ) go_peripheral_inst (
        .clk (clk_dut),
        .*
    );

    assign vga_underrun = go_peripheral_inst.vga_underrun;
endmodule

`default_nettype wire
