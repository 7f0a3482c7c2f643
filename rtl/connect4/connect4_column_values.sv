// connect4_column_values.sv - the seven maxConnectFinders of a moveDeterminer
// (seed 004): the value of each column for `who`.  The pipelined AI registers
// these values and reduces them (connect4_move_determiner.sv) a clock later.
`default_nettype none

module connect4_column_values
(
    input  connect4_pkg::state_t state,   // position
    input  logic [1:0]           who,     // player to move
    output logic [6:0]           legal,   // bit c: column c is not full
    output logic [34:0]          values   // 5 bits a column, 0 when not legal
);
    for (genvar c = 0; c < connect4_pkg::COLS; c++) begin : g_col
        connect4_max_connect #(.COL(c)) mcf_inst (
            .state(state),
            .who  (who),
            .legal(legal[c]),
            .value(values[5*c+:5])
        );
    end
endmodule

`default_nettype wire
