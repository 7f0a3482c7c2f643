// connect4_find_minimum.sv - findMinimum (seed 004): the legal column with
// the smallest value, ties to the centre first.
`default_nettype none

module connect4_find_minimum
    import connect4_pkg::*;
(
    input  logic [6:0] legal,        // bit c: column c may be played
    input  logic [4:0] values[COLS], // the human's best value after each AI move
    output logic [2:0] col           // 7 when no column is legal
);
    always_comb begin
        logic [4:0] best;
        col = 3'd7;
        best = 5'd0;
        for (int k = 0; k < COLS; k++) begin
            if (legal[tie_col(k)] && (col == 3'd7 || values[tie_col(k)] < best)) begin
                col = tie_col(k);
                best = values[tie_col(k)];
            end
        end
    end
endmodule

`default_nettype wire
