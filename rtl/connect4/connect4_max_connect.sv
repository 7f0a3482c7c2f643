// connect4_max_connect.sv - maxConnectFinder (seed 004): the value of column
// `col` for player `who` to drop a disc into: VALUE_WIN if `who` connects
// four there, VALUE_BLOCK if the other player would, otherwise the weighted
// count (0..16) of the other player's discs around the landing cell.
`default_nettype none

module connect4_max_connect
    import connect4_pkg::*;
(
    input  state_t     state,  // position
    input  logic [2:0] col,    // column 0-6
    input  logic [1:0] who,    // player to move: CELL_AI or CELL_HUMAN
    output logic       legal,  // 1: the column is not full
    output logic [4:0] value   // 0 when not legal
);
    always_comb begin
        logic [2:0] row;
        logic [1:0] opp;
        logic [11:0] mine, theirs;
        row = landing_row(state, col);
        opp = ~who;
        mine = line_totals(state, int'(row), int'(col), who);
        theirs = line_totals(state, int'(row), int'(col), opp);
        legal = row < 3'd6;
        if (!legal) value = 5'd0;
        else if (connects(mine)) value = VALUE_WIN;
        else if (connects(theirs)) value = VALUE_BLOCK;
        else value = profit(theirs);
    end
endmodule

`default_nettype wire
