// connect4_trap_determiner.sv - trapDeterminer (seed 004), its second half:
// after the AI's move (`state`), given the AI's threats there (`wins1`, the
// first winFinder, computed a clock earlier in the pipelined AI), the human
// blocks the first threat in tie order, and the AI can still connect four:
// a winning trap.
`default_nettype none

module connect4_trap_determiner
(
    input  connect4_pkg::state_t state,  // position just after the AI's move
    input  logic [6:0]           wins1,  // winFinder(state, AI)
    output logic                 trap    // 1: the AI wins whatever single block the human makes
);
    logic [6:0] wins2;
    logic [2:0] block_col;
    connect4_pkg::state_t blocked;

    always_comb begin
        block_col = 3'd7;
        for (int k = connect4_pkg::COLS - 1; k >= 0; k--)
            if (wins1[connect4_pkg::tie_col(k)]) block_col = connect4_pkg::tie_col(k);
    end

    connect4_gen_state gen_inst (
        .state_in (state),
        .col      (block_col),
        .who      (connect4_pkg::CELL_HUMAN),
        .state_out(blocked)
    );

    connect4_win_finder wf2_inst (
        .state(blocked),
        .who  (connect4_pkg::CELL_AI),
        .wins (wins2)
    );

    assign trap = (wins1 != 7'd0) && (wins2 != 7'd0);
endmodule

`default_nettype wire
