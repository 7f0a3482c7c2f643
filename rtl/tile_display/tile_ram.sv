// tile_ram.sv - one cell array of the tile display: a simple dual-port RAM
// of 2-bit cells (one write port for the bus and the clear, one registered
// read port for the VGA scan), the shape Quartus and Yosys map to M10K.
`default_nettype none

module tile_ram #(
    parameter int WORDS = 225,
    parameter int AW = 8
) (
    input  wire logic          clk,
    input  wire logic          we,
    input  wire logic [AW-1:0] wa,
    input  wire logic [1:0]    wd,
    input  wire logic [AW-1:0] ra,
    output logic      [1:0]    rd   // mem[ra] of the previous clock
);
    logic [1:0] mem [0:WORDS-1];

    always_ff @(posedge clk) begin
        if (we)
            mem[wa] <= wd;
        rd <= mem[ra];
    end
endmodule

`default_nettype wire
