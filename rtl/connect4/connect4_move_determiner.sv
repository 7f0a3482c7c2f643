// connect4_move_determiner.sv - moveDeterminer (seed 004): seven
// maxConnectFinders and the best column for `who`, ties to the centre first.
`default_nettype none

module connect4_move_determiner
    import connect4_pkg::*;
(
    input  state_t     state,   // position
    input  logic [1:0] who,     // player to move
    output logic       found,   // 0 when every column is full
    output logic [4:0] value,   // best value (0 when none)
    output logic [2:0] col      // its column (7 when none)
);
    logic [6:0] legal;
    logic [4:0] values[COLS];

    for (genvar c = 0; c < COLS; c++) begin : g_col
        connect4_max_connect mcf_inst (
            .state(state),
            .col  (3'(c)),
            .who  (who),
            .legal(legal[c]),
            .value(values[c])
        );
    end

    always_comb begin
        found = 1'b0;
        value = 5'd0;
        col = 3'd7;
        for (int k = 0; k < COLS; k++) begin
            if (legal[tie_col(k)] && (!found || values[tie_col(k)] > value)) begin
                found = 1'b1;
                value = values[tie_col(k)];
                col = tie_col(k);
            end
        end
    end
endmodule

`default_nettype wire
