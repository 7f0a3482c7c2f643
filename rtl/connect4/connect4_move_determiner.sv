// connect4_move_determiner.sv - moveDeterminer (seed 004), its reduction:
// the best of the seven maxConnectFinder values (connect4_column_values.sv),
// ties to the centre first.
//
// As a tree (connect4_pkg::key_max): key = {legal, value, 6 - tie position,
// column}, so the largest key is a legal column first, then the largest
// value, then the earliest in the tie order - what a scan in tie order
// keeping the first strictly larger value gives (c4_ai.c), in 3 compares
// deep instead of 7.
`default_nettype none

module connect4_move_determiner
(
    input  logic [6:0]  legal,   // bit c: column c is not full
    input  logic [34:0] values,  // 5 bits a column
    output logic        found,   // 0 when every column is full
    output logic [4:0]  value,   // best value (0 when none)
    output logic [2:0]  col      // its column (7 when none)
);
    logic [11:0] best;  // the winning key

    always_comb begin
        logic [83:0] keys;  // 12 bits a column
        logic [11:0] m01, m23, m45, m0123, m456;
        for (int c = 0; c < connect4_pkg::COLS; c++)
            keys[12*c+:12] = {legal[c], values[5*c+:5], 3'd6 - connect4_pkg::tie_index(c), 3'(c)};
        m01 = connect4_pkg::key_max(keys[0+:12], keys[12+:12]);
        m23 = connect4_pkg::key_max(keys[24+:12], keys[36+:12]);
        m45 = connect4_pkg::key_max(keys[48+:12], keys[60+:12]);
        m0123 = connect4_pkg::key_max(m01, m23);
        m456 = connect4_pkg::key_max(m45, keys[72+:12]);
        best = connect4_pkg::key_max(m0123, m456);
        found = best[11];
        value = found ? best[10:6] : 5'd0;
        col = found ? best[2:0] : 3'd7;
    end

    logic unused_key;  // the rank bits only order the keys
    assign unused_key = ^best[5:3];
endmodule

`default_nettype wire
