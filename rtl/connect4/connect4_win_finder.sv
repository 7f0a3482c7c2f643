// connect4_win_finder.sv - winFinder (seed 004): the columns where `who`
// connects four with the next disc.
`default_nettype none

module connect4_win_finder
    import connect4_pkg::*;
(
    input  state_t     state,  // position
    input  logic [1:0] who,    // player
    output logic [6:0] wins    // bit c: dropping in c connects four
);
    always_comb begin
        logic [2:0] row;
        for (int c = 0; c < COLS; c++) begin
            row = landing_row(state, 3'(c));
            wins[c] = row < 3'd6 && connects(line_totals(state, int'(row), c, who));
        end
    end
endmodule

`default_nettype wire
