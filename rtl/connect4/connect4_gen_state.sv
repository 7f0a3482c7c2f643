// connect4_gen_state.sv - genStateFromColumn (seed 004): the state after
// player `who` drops a disc in column `col`; a full column changes nothing.
`default_nettype none

module connect4_gen_state
    import connect4_pkg::*;
(
    input  state_t     state_in,   // current state
    input  logic [2:0] col,        // column 0-6
    input  logic [1:0] who,        // CELL_AI or CELL_HUMAN
    output state_t     state_out   // state with the disc dropped
);
    always_comb begin
        logic [2:0] row;
        state_out = state_in;
        row = landing_row(state_in, col);
        if (row < 3'd6 && col < 3'd7) state_out[7'(14 * int'(row) + 2 * int'(col))+:2] = who;
    end
endmodule

`default_nettype wire
