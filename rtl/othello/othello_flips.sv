// othello_flips.sv - the discs of o that a disc of p placed on the one-hot
// square sq turns over: in each direction the run of o starting next to sq,
// kept when a disc of p closes it.  Pure logic; hal/models/othello.c's
// oth_hw_flips is the same.
`default_nettype none

module othello_flips
(
    input  wire logic [63:0] p,     // discs of the side moving
    input  wire logic [63:0] o,     // discs of the other side
    input  wire logic [63:0] sq,    // the square played, one-hot
    output logic      [63:0] flips  // discs of o that become p's
);
    localparam logic [63:0] FILE_A = 64'h0101010101010101;
    localparam logic [63:0] FILE_H = 64'h8080808080808080;

    function automatic logic [63:0] step(input logic [63:0] x, input logic [2:0] d);
        case (d)
            3'd0:    step = (x << 1) & ~FILE_A;
            3'd1:    step = (x >> 1) & ~FILE_H;
            3'd2:    step = x << 8;
            3'd3:    step = x >> 8;
            3'd4:    step = (x << 9) & ~FILE_A;
            3'd5:    step = (x << 7) & ~FILE_H;
            3'd6:    step = (x >> 7) & ~FILE_A;
            default: step = (x >> 9) & ~FILE_H;
        endcase
    endfunction

    always_comb begin
        logic [63:0] t;
        flips = 64'd0;
        for (int d = 0; d < 8; d++) begin
            t = step(sq, 3'(d)) & o;
            for (int i = 0; i < 5; i++)
                t = t | (step(t, 3'(d)) & o);
            if ((step(t, 3'(d)) & p) != 64'd0)
                flips = flips | t;
        end
    end
endmodule

`default_nettype wire
