// connect4_find_minimum.sv - findMinimum (seed 004): the legal column with
// the smallest value, ties to the centre first.
//
// As a tree (connect4_pkg::key_min): key = {not legal, value, tie position,
// column}: the smallest key is a legal column first, then the smallest
// value, then the earliest in the tie order, in 3 compares deep.
`default_nettype none

module connect4_find_minimum
(
    input  logic [6:0]  legal,   // bit c: column c may be played
    input  logic [34:0] values,  // 5 bits a column: the human's best value after each AI move
    output logic [2:0]  col      // 7 when no column is legal
);
    logic [11:0] best;  // the winning key

    always_comb begin
        logic [83:0] keys;  // 12 bits a column
        logic [11:0] m01, m23, m45, m0123, m456;
        for (int c = 0; c < connect4_pkg::COLS; c++)
            keys[12*c+:12] = {!legal[c], values[5*c+:5], connect4_pkg::tie_index(c), 3'(c)};
        m01 = connect4_pkg::key_min(keys[0+:12], keys[12+:12]);
        m23 = connect4_pkg::key_min(keys[24+:12], keys[36+:12]);
        m45 = connect4_pkg::key_min(keys[48+:12], keys[60+:12]);
        m0123 = connect4_pkg::key_min(m01, m23);
        m456 = connect4_pkg::key_min(m45, keys[72+:12]);
        best = connect4_pkg::key_min(m0123, m456);
        col = best[11] ? 3'd7 : best[2:0];
    end

    logic unused_key;  // the rank bits only order the keys
    assign unused_key = ^best[10:3];
endmodule

`default_nettype wire
