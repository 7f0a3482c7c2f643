// connect4_win_finder.sv - winFinder (seed 004): the columns where `who`
// connects four with the next disc.  As in connect4_max_connect.sv, every
// cell is tested at fixed indices and the landing row selects.
`default_nettype none

module connect4_win_finder
(
    input  connect4_pkg::state_t state,  // position
    input  logic [1:0]           who,    // player
    output logic [6:0]           wins    // bit c: dropping in c connects four
);
    always_comb begin
        logic [2:0] row;
        for (int c = 0; c < connect4_pkg::COLS; c++) begin
            row = connect4_pkg::landing_row(state, 3'(c));
            wins[c] = 1'b0;
            for (int r = 0; r < connect4_pkg::ROWS; r++)
                if (row == 3'(r) && connect4_pkg::connects(connect4_pkg::line_totals(state, r, c, who)))
                    wins[c] = 1'b1;
        end
    end
endmodule

`default_nettype wire
