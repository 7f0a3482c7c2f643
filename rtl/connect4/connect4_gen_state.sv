// connect4_gen_state.sv - genStateFromColumn (seed 004): the state after
// player `who` drops a disc in column `col`; a full column (or col 7)
// changes nothing.  Each cell compares against fixed indices, so a variable
// column costs a decoder, not a shifter.
`default_nettype none

module connect4_gen_state
(
    input  connect4_pkg::state_t state_in,   // current state
    input  logic [2:0]           col,        // column 0-6
    input  logic [1:0]           who,        // CELL_AI or CELL_HUMAN
    output connect4_pkg::state_t state_out   // state with the disc dropped
);
    always_comb begin
        logic [2:0] row;
        state_out = state_in;
        for (int c = 0; c < connect4_pkg::COLS; c++) begin
            row = connect4_pkg::landing_row(state_in, 3'(c));
            for (int r = 0; r < connect4_pkg::ROWS; r++)
                if (col == 3'(c) && row == 3'(r)) state_out[14*r+2*c+:2] = who;
        end
    end
endmodule

`default_nettype wire
