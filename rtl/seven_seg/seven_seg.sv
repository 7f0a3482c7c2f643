// seven_seg.sv - the DE1-SoC's six seven-segment digits HEX5..HEX0 behind an
// Avalon-MM slave at LW 0x5000 (docs/seven_seg.md).  Software writes which
// segments are lit; the module holds them and drives the board's pins.
//
// Segment bits, in every register: bit 0 = a (top), 1 = b (upper right),
// 2 = c (lower right), 3 = d (bottom), 4 = e (lower left), 5 = f (upper
// left), 6 = g (middle); 1 = lit.  That is the DE1-SoC User Manual's
// numbering of each display's segments 0..6 (HEXn[0] is segment a).  The
// board's displays are common anode: a segment lights when its pin is LOW,
// so each pin is the inverse of its register bit.
//
//   words 0-5  DIGIT0..DIGIT5  R/W [6:0] the segments of HEX0..HEX5
//   word 6     HEX3_HEX0       R/W [6:0] HEX0, [14:8] HEX1, [22:16] HEX2,
//                                  [30:24] HEX3 (four digits in one write)
//   word 7     HEX5_HEX4       R/W [6:0] HEX4, [14:8] HEX5
//   Bits not listed read 0 and ignore writes.  Reset: all six blank.
`default_nettype none
`include "seven_seg_regs.svh" // the register map, made from seven_seg_regs.def

module seven_seg (
    input  wire logic        clk,            // 50 MHz system clock
    input  wire logic        rst,            // synchronous, active high
    input  wire logic [2:0]  avs_address,    // word 0-7
    input  wire logic        avs_read,
    input  wire logic        avs_write,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire logic [31:0] avs_writedata,  // bit 7 of each byte unused
    /* verilator lint_on UNUSEDSIGNAL */
    output logic      [31:0] avs_readdata,   // one clock after avs_read
    output logic      [6:0]  hex0_n,         // HEX0[6:0] pins, active low (0 = lit)
    output logic      [6:0]  hex1_n,
    output logic      [6:0]  hex2_n,
    output logic      [6:0]  hex3_n,
    output logic      [6:0]  hex4_n,
    output logic      [6:0]  hex5_n
);
    logic [6:0] seg [6];  // lit segments of HEX0..HEX5

    always_ff @(posedge clk) begin
        if (rst) begin
            for (int i = 0; i < 6; i++)
                seg[i] <= 7'd0;
            avs_readdata <= 32'd0;
        end else begin
            if (avs_write) begin
                case (avs_address)
                `SEVEN_SEG_REG_HEX3_HEX0: begin
                    seg[0] <= avs_writedata[6:0];
                    seg[1] <= avs_writedata[14:8];
                    seg[2] <= avs_writedata[22:16];
                    seg[3] <= avs_writedata[30:24];
                end
                `SEVEN_SEG_REG_HEX5_HEX4: begin
                    seg[4] <= avs_writedata[6:0];
                    seg[5] <= avs_writedata[14:8];
                end
                default: seg[avs_address] <= avs_writedata[6:0];
                endcase
            end
            if (avs_read) begin
                case (avs_address)
                `SEVEN_SEG_REG_HEX3_HEX0: avs_readdata <= {1'b0, seg[3], 1'b0, seg[2], 1'b0, seg[1], 1'b0, seg[0]};
                `SEVEN_SEG_REG_HEX5_HEX4: avs_readdata <= {17'd0, seg[5], 1'b0, seg[4]};
                default: avs_readdata <= {25'd0, seg[avs_address]};
                endcase
            end
        end
    end

    assign hex0_n = ~seg[0];
    assign hex1_n = ~seg[1];
    assign hex2_n = ~seg[2];
    assign hex3_n = ~seg[3];
    assign hex4_n = ~seg[4];
    assign hex5_n = ~seg[5];
endmodule

`default_nettype wire
