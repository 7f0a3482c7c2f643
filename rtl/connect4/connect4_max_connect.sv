// connect4_max_connect.sv - maxConnectFinder (seed 004): the value of column
// COL for player `who` to drop a disc into: VALUE_WIN if `who` connects
// four there, VALUE_BLOCK if the other player would, otherwise the weighted
// count (0..16) of the other player's discs around the landing cell.
//
// The line totals are computed at all six cells of the column (fixed
// indices: wiring and small adders) and the landing row then selects one:
// shallower and far smaller in logic than indexing the state by the
// landing row.
`default_nettype none

module connect4_max_connect #(
    parameter int COL = 0  // column 0-6
) (
    input  connect4_pkg::state_t state,  // position
    input  logic [1:0]           who,    // player to move: CELL_AI or CELL_HUMAN
    output logic                 legal,  // 1: the column is not full
    output logic [4:0]           value   // 0 when not legal
);
    always_comb begin
        logic [2:0] row;
        logic [1:0] opp;
        logic [71:0] mine_at, theirs_at;  // 12 bits of line totals a row
        logic [11:0] mine, theirs;
        opp = ~who;
        for (int r = 0; r < connect4_pkg::ROWS; r++) begin
            mine_at[12*r+:12] = connect4_pkg::line_totals(state, r, COL, who);
            theirs_at[12*r+:12] = connect4_pkg::line_totals(state, r, COL, opp);
        end
        row = connect4_pkg::landing_row(state, 3'(COL));
        legal = row < 3'd6;
        mine = 12'd0;
        theirs = 12'd0;
        for (int r = 0; r < connect4_pkg::ROWS; r++) begin
            if (row == 3'(r)) begin
                mine = mine_at[12*r+:12];
                theirs = theirs_at[12*r+:12];
            end
        end
        if (!legal) value = 5'd0;
        else if (connect4_pkg::connects(mine)) value = connect4_pkg::VALUE_WIN;
        else if (connect4_pkg::connects(theirs)) value = connect4_pkg::VALUE_BLOCK;
        else value = connect4_pkg::profit(theirs);
    end
endmodule

`default_nettype wire
