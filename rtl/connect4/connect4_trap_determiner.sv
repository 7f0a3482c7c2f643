// connect4_trap_determiner.sv - trapDeterminer (seed 004): after the AI's
// move (`state`), if the AI threatens a four, the human blocks the first
// threat in tie order, and the AI can still connect four: a winning trap.
`default_nettype none

module connect4_trap_determiner
    import connect4_pkg::*;
(
    input  state_t state,  // position just after the AI's move
    output logic   trap    // 1: the AI wins whatever single block the human makes
);
    logic [6:0] wins1, wins2;
    logic [2:0] block_col;
    state_t blocked;

    connect4_win_finder wf1_inst (
        .state(state),
        .who  (CELL_AI),
        .wins (wins1)
    );

    always_comb begin
        block_col = 3'd7;
        for (int k = COLS - 1; k >= 0; k--)
            if (wins1[tie_col(k)]) block_col = tie_col(k);
    end

    connect4_gen_state gen_inst (
        .state_in (state),
        .col      (block_col),
        .who      (CELL_HUMAN),
        .state_out(blocked)
    );

    connect4_win_finder wf2_inst (
        .state(blocked),
        .who  (CELL_AI),
        .wins (wins2)
    );

    assign trap = (wins1 != 7'd0) && (wins2 != 7'd0);
endmodule

`default_nettype wire
