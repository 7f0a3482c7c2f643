// connect4_ai.sv - the seed 004 AI compute module, purely combinational:
// the move is ready one clock after the state is registered.  Mirrors
// src/connect4/c4_ai.c (c4_ai_decide); docs/connect4.md explains the choices.
//
//   AI discs < 4     the defensive module: moveDeterminer(state, AI)
//   otherwise        win/block now (foundMax), the only legal column (AllFull),
//                    a trap unless the human could then win, else the column
//                    minimising the human's maximum value one move ahead.
`default_nettype none

module connect4_ai
    import connect4_pkg::*;
(
    input  state_t     state,             // the six 14-bit rows, row 0 in [13:0]
    output logic [7:0] move,              // [2:0] column (7: none), [6:4] why, [7] 0
    // The intermediate results, for the parity test and SignalTap.
    output logic [6:0] dbg_legal,         // bit c: column c is not full
    output logic [5:0] dbg_ai_discs,      // AI discs on the board
    output logic [4:0] dbg_now_value,     // moveDeterminer(state, AI) value
    output logic [2:0] dbg_now_col,       // ... and column
    output logic [34:0] dbg_human_max,    // 5 bits a column: human's best value after AI plays c
    output logic [6:0] dbg_human_win,     // bit c: the human could then connect four
    output logic [6:0] dbg_trap,          // bit c: playing c sets a winning trap
    output logic [2:0] dbg_min_col        // findMinimum's column
);
    // Current state: immediate win / block (the seed's "rightmost" moveDeterminer).
    logic now_found;
    logic [4:0] now_value;
    logic [2:0] now_col;

    connect4_move_determiner now_inst (
        .state(state),
        .who  (CELL_AI),
        .found(now_found),
        .value(now_value),
        .col  (now_col)
    );

    // One move ahead: seven generated states, a moveDeterminer for the
    // human and a trapDeterminer on each.
    logic [6:0] legal;
    logic [4:0] human_max[COLS];
    logic [6:0] human_win;
    logic [6:0] trap;

    for (genvar c = 0; c < COLS; c++) begin : g_ahead
        state_t next_state;
        logic h_found;
        logic [4:0] h_value;
        logic [2:0] h_col;

        connect4_gen_state gen_inst (
            .state_in (state),
            .col      (3'(c)),
            .who      (CELL_AI),
            .state_out(next_state)
        );

        connect4_move_determiner md_inst (
            .state(next_state),
            .who  (CELL_HUMAN),
            .found(h_found),
            .value(h_value),
            .col  (h_col)
        );

        connect4_trap_determiner trap_inst (
            .state(next_state),
            .trap (trap[c])
        );

        assign legal[c] = landing_row(state, 3'(c)) < 3'd6;
        assign human_max[c] = (legal[c] && h_found) ? h_value : 5'd0;
        assign human_win[c] = legal[c] && h_found && h_value == VALUE_WIN;

        logic unused_h;
        assign unused_h = ^h_col;
    end

    logic [2:0] min_col;

    connect4_find_minimum fm_inst (
        .legal (legal),
        .values(human_max),
        .col   (min_col)
    );

    // AI discs on the board.
    logic [5:0] ai_discs;
    always_comb begin
        ai_discs = 6'd0;
        for (int i = 0; i < 42; i++) ai_discs = ai_discs + 6'(state[2*i+:2] == CELL_AI);
    end

    // AI out.
    logic [6:0] trap_ok;
    logic [2:0] nlegal;
    logic [2:0] col_out, why;
    logic [2:0] only_col, trap_col;
    always_comb begin
        trap_ok = trap & ~human_win & legal;
        nlegal = 3'd0;
        for (int c = 0; c < COLS; c++) nlegal = nlegal + 3'(legal[c]);
        only_col = 3'd7;
        trap_col = 3'd7;
        for (int k = COLS - 1; k >= 0; k--) begin
            if (legal[tie_col(k)]) only_col = tie_col(k);
            if (trap_ok[tie_col(k)]) trap_col = tie_col(k);
        end
        if (nlegal == 3'd0) begin
            col_out = 3'd7;
            why = WHY_NONE;
        end else if (int'(ai_discs) < OPENING_DISCS) begin
            col_out = now_col;
            why = WHY_DEFENSIVE;
        end else if (now_value >= VALUE_BLOCK) begin
            col_out = now_col;
            why = WHY_NOW;
        end else if (nlegal == 3'd1) begin
            col_out = only_col;
            why = WHY_ONLY;
        end else if (trap_ok != 7'd0) begin
            col_out = trap_col;
            why = WHY_TRAP;
        end else begin
            col_out = min_col;
            why = WHY_MINIMAX;
        end
    end

    assign move = {1'b0, why, 1'b0, col_out};

    assign dbg_legal = legal;
    assign dbg_ai_discs = ai_discs;
    assign dbg_now_value = now_value;
    assign dbg_now_col = now_col;
    for (genvar c = 0; c < COLS; c++) begin : g_dbg
        assign dbg_human_max[5*c+:5] = human_max[c];
    end
    assign dbg_human_win = human_win;
    assign dbg_trap = trap & legal;
    assign dbg_min_col = min_col;

    logic unused_found;
    assign unused_found = now_found;
endmodule

`default_nettype wire
