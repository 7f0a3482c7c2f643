// othello_pick.sv - the move the search tries next out of the set m: the
// lowest square of the first non-empty ordering class (corners; the A and B
// edge squares and the centre; the squares beside the X squares; the rest,
// C and X squares), one-hot and as its index row*8+col.  A prefix OR of six
// levels isolates the lowest bit (no 64-bit carry chain).
`default_nettype none

module othello_pick
(
    input  wire logic [63:0] m,       // moves not tried yet
    output logic      [63:0] onehot,  // the move to try, one-hot (0 when m is 0)
    output logic      [5:0]  square   // its index
);
    localparam logic [63:0] Q0 = 64'h8100000000000081;  // corners
    localparam logic [63:0] Q1 = 64'h3C00BDBDBDBD003C;  // A, B squares and the centre
    localparam logic [63:0] Q2 = 64'h003C424242423C00;  // beside the X squares

    logic [63:0] c, pre;
    always_comb begin
        if ((m & Q0) != 64'd0)      c = m & Q0;
        else if ((m & Q1) != 64'd0) c = m & Q1;
        else if ((m & Q2) != 64'd0) c = m & Q2;
        else                        c = m;
        pre = c;
        pre = pre | (pre << 1);
        pre = pre | (pre << 2);
        pre = pre | (pre << 4);
        pre = pre | (pre << 8);
        pre = pre | (pre << 16);
        pre = pre | (pre << 32);
        onehot = c & ~(pre << 1);
        for (int b = 0; b < 6; b++) begin
            square[b] = 1'b0;
            for (int i = 0; i < 64; i++)
                if (((i >> b) & 1) == 1) square[b] = square[b] | onehot[i];
        end
    end
endmodule

`default_nettype wire
