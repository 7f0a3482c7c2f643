// sample_rom.sv - one sound clip: DEPTH signed 16-bit samples in on-chip
// ROM, loaded with $readmemh from a .vh file (one 4-digit hex value per
// line, made by tools/wav2vh.py).  Registered read, so it maps to M10K.
//
// The sim backend (TABLETOP_SIM_ROM defined) takes the same images from
// the program itself through DPI, so that a Verilated console runs away
// from its build folder: tabletop_sim_rom_word(FILE, i) answers word i of
// the image named FILE, as sim/rom_images.py embedded it (docs/sim.md).
`default_nettype none

module sample_rom #(
    parameter int DEPTH = 1600,           // samples in the clip
    parameter     FILE  = "place.vh",     // $readmemh image
    parameter int AW    = $clog2(DEPTH)   // address width
) (
    input  wire logic          clk,   // 50 MHz system clock
    input  wire logic [AW-1:0] addr,  // sample index, < DEPTH
    output      logic [15:0]   q      // sample at addr, one clock later
);
    logic [15:0] mem [0:DEPTH-1];

`ifdef TABLETOP_SIM_ROM
    import "DPI-C" function int tabletop_sim_rom_word(input string file, input int index);
    initial
        for (int i = 0; i < DEPTH; i++)
            mem[i] = 16'(tabletop_sim_rom_word(FILE, i));
`else
    initial $readmemh(FILE, mem);
`endif

    always_ff @(posedge clk)
        q <= mem[addr];
endmodule

`default_nettype wire
