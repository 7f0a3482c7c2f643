// connect4_move_determiner.sv - moveDeterminer (seed 004), its reduction:
// the best of the seven maxConnectFinder values (connect4_column_values.sv),
// ties to the centre first.
`default_nettype none

module connect4_move_determiner
(
    input  logic [6:0]  legal,   // bit c: column c is not full
    input  logic [34:0] values,  // 5 bits a column
    output logic        found,   // 0 when every column is full
    output logic [4:0]  value,   // best value (0 when none)
    output logic [2:0]  col      // its column (7 when none)
);
    always_comb begin
        found = 1'b0;
        value = 5'd0;
        col = 3'd7;
        for (int k = 0; k < connect4_pkg::COLS; k++) begin
            if (legal[connect4_pkg::tie_col(k)] &&
                (!found || values[5*connect4_pkg::tie_col(k)+:5] > value)) begin
                found = 1'b1;
                value = values[5*connect4_pkg::tie_col(k)+:5];
                col = connect4_pkg::tie_col(k);
            end
        end
    end
endmodule

`default_nettype wire
