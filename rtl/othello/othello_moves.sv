// othello_moves.sv - the legal moves of the side with discs p against o on
// an 8x8 bitboard (bit row*8+col, row 0 at the top, seed 003's numbering):
// for each of the eight directions, the runs of o that start next to a disc
// of p (six steps: a run is at most six long), and the empty square past
// their end.  Pure logic; hal/models/othello.c's oth_hw_moves is the same.
`default_nettype none

module othello_moves
(
    input  wire logic [63:0] p,     // discs of the side to move
    input  wire logic [63:0] o,     // discs of the other side
    output logic      [63:0] moves  // squares p may play
);
    localparam logic [63:0] FILE_A = 64'h0101010101010101;  // column 0
    localparam logic [63:0] FILE_H = 64'h8080808080808080;  // column 7

    // One step in direction d: 0 E, 1 W, 2 S, 3 N, 4 SE, 5 SW, 6 NE, 7 NW.
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

    logic [63:0] empty;
    assign empty = ~(p | o);

    always_comb begin
        logic [63:0] t;
        moves = 64'd0;
        for (int d = 0; d < 8; d++) begin
            t = step(p, 3'(d)) & o;
            for (int i = 0; i < 5; i++)
                t = t | (step(t, 3'(d)) & o);
            moves = moves | (step(t, 3'(d)) & empty);
        end
    end
endmodule

`default_nettype wire
