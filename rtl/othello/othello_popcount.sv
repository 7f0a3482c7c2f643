// othello_popcount.sv - the number of ones in 64 bits as a balanced adder
// tree (six levels), so the count costs a few LUTs of depth, not a chain.
// Each level is one packed vector (Yosys reads no arrays in always_comb).
`default_nettype none

module othello_popcount
(
    input  wire logic [63:0] x,     // the bits
    output logic      [6:0]  count  // 0..64
);
    logic [63:0] l1;  // 32 x 2 bits
    logic [47:0] l2;  // 16 x 3
    logic [31:0] l3;  //  8 x 4
    logic [19:0] l4;  //  4 x 5
    logic [11:0] l5;  //  2 x 6

    always_comb begin
        for (int i = 0; i < 32; i++) l1[2*i +: 2] = {1'b0, x[2*i]} + {1'b0, x[2*i+1]};
        for (int i = 0; i < 16; i++) l2[3*i +: 3] = {1'b0, l1[4*i +: 2]} + {1'b0, l1[4*i+2 +: 2]};
        for (int i = 0; i < 8; i++)  l3[4*i +: 4] = {1'b0, l2[6*i +: 3]} + {1'b0, l2[6*i+3 +: 3]};
        for (int i = 0; i < 4; i++)  l4[5*i +: 5] = {1'b0, l3[8*i +: 4]} + {1'b0, l3[8*i+4 +: 4]};
        for (int i = 0; i < 2; i++)  l5[6*i +: 6] = {1'b0, l4[10*i +: 5]} + {1'b0, l4[10*i+5 +: 5]};
        count = {1'b0, l5[5:0]} + {1'b0, l5[11:6]};
    end
endmodule

`default_nettype wire
