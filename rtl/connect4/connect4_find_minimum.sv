// connect4_find_minimum.sv - findMinimum (seed 004): the legal column with
// the smallest value, ties to the centre first.
`default_nettype none

module connect4_find_minimum
(
    input  logic [6:0] legal,        // bit c: column c may be played
    input  logic [34:0] values,      // 5 bits a column: the human's best value after each AI move
    output logic [2:0] col           // 7 when no column is legal
);
    always_comb begin
        logic [4:0] best;
        col = 3'd7;
        best = 5'd0;
        for (int k = 0; k < connect4_pkg::COLS; k++) begin
            if (legal[connect4_pkg::tie_col(k)] && (col == 3'd7 || values[5*connect4_pkg::tie_col(k)+:5] < best)) begin
                col = connect4_pkg::tie_col(k);
                best = values[5*connect4_pkg::tie_col(k)+:5];
            end
        end
    end
endmodule

`default_nettype wire
