// connect4_ai.sv - the seed 004 AI compute module, pipelined in two stages.
// Mirrors src/games/connect4/c4_ai.c (c4_ai_decide); docs/connect4.md
// explains the choices, and why this departs from the seed's single clock.
//
//   AI discs < 4     the defensive module: moveDeterminer(state, AI)
//   otherwise        win/block now (foundMax), the only legal column (AllFull),
//                    a trap unless the human could then win, else the column
//                    minimising the human's maximum value one move ahead.
//
// Stage 1 (combinational from `state`, registered at the clock edge): the
// seven generated states, every maxConnectFinder value and the moveDeterminer
// maxima (the AI's on the current state, the human's on each generated
// state), the first winFinder of each trapDeterminer, the legal columns and
// the AI's disc count.  Stage 2 (combinational from the stage-1 registers,
// onto the outputs): the second half of each trapDeterminer, findMinimum and
// the AI-out priority.  So `move` and the dbg_* outputs
// answer the `state` present before the last clock edge: the mailbox
// registers them one clock later (connect4_pkg::AI_STAGES).
`default_nettype none

module connect4_ai
(
    input  wire logic                 clk,          // 50 MHz; stage-1 registers
    input  connect4_pkg::state_t      state,        // the six 14-bit rows, row 0 in [13:0]
    output logic [7:0]  move,              // [2:0] column (7: none), [6:4] why, [7] 0
    // The intermediate results, for the parity test and SignalTap.
    output logic [6:0]  dbg_legal,         // bit c: column c is not full
    output logic [5:0]  dbg_ai_discs,      // AI discs on the board
    output logic [4:0]  dbg_now_value,     // moveDeterminer(state, AI) value
    output logic [2:0]  dbg_now_col,       // ... and column
    output logic [34:0] dbg_human_max,     // 5 bits a column: human's best value after AI plays c
    output logic [6:0]  dbg_human_win,     // bit c: the human could then connect four
    output logic [6:0]  dbg_trap,          // bit c: playing c sets a winning trap
    output logic [2:0]  dbg_min_col        // findMinimum's column
);
    // ---- stage 1 ----------------------------------------------------------
    logic [6:0] legal_d;
    logic [34:0] now_values_d;
    logic now_found_d;
    logic [4:0] now_value_d;
    logic [2:0] now_col_d;
    // Packed 5 (or 7) bits a generated state: Yosys reads no unpacked ports.
    logic [34:0] human_max_d;
    logic [6:0] human_win_d;
    logic [48:0] wins1_d;
    logic [5:0] ai_discs_d;

    // Current state: immediate win / block (the seed's "rightmost" moveDeterminer).
    connect4_column_values now_inst (
        .state (state),
        .who   (connect4_pkg::CELL_AI),
        .legal (legal_d),
        .values(now_values_d)
    );

    connect4_move_determiner now_md_inst (
        .legal (legal_d),
        .values(now_values_d),
        .found (now_found_d),
        .value (now_value_d),
        .col   (now_col_d)
    );

    // One move ahead: seven generated states, the human's best value on each
    // and the AI's threats there (the trapDeterminer's first winFinder).
    for (genvar c = 0; c < connect4_pkg::COLS; c++) begin : g_ahead1
        connect4_pkg::state_t next_state;
        logic [6:0] h_legal;
        logic [34:0] h_values;
        logic h_found;
        logic [4:0] h_value;
        logic [2:0] h_col;

        connect4_gen_state gen_inst (
            .state_in (state),
            .col      (3'(c)),
            .who      (connect4_pkg::CELL_AI),
            .state_out(next_state)
        );

        connect4_column_values hv_inst (
            .state (next_state),
            .who   (connect4_pkg::CELL_HUMAN),
            .legal (h_legal),
            .values(h_values)
        );

        connect4_move_determiner md_inst (
            .legal (h_legal),
            .values(h_values),
            .found (h_found),
            .value (h_value),
            .col   (h_col)
        );

        connect4_win_finder wf1_inst (
            .state(next_state),
            .who  (connect4_pkg::CELL_AI),
            .wins (wins1_d[7*c+:7])
        );

        assign human_max_d[5*c+:5] = (legal_d[c] && h_found) ? h_value : 5'd0;
        assign human_win_d[c] = legal_d[c] && h_found && h_value == connect4_pkg::VALUE_WIN;

        logic unused_h;
        assign unused_h = ^h_col;
    end

    // AI discs on the board.
    always_comb begin
        ai_discs_d = 6'd0;
        for (int i = 0; i < 42; i++) ai_discs_d = ai_discs_d + 6'(state[2*i+:2] == connect4_pkg::CELL_AI);
    end

    // ---- stage-1 registers -------------------------------------------------
    connect4_pkg::state_t state_q;
    logic [6:0] legal;
    logic [4:0] now_value;
    logic [2:0] now_col;
    logic [34:0] human_max;
    logic [6:0] human_win;
    logic [48:0] wins1_q;
    logic [5:0] ai_discs_q;

    always_ff @(posedge clk) begin
        state_q <= state;
        legal <= legal_d;
        now_value <= now_value_d;
        now_col <= now_col_d;
        human_max <= human_max_d;
        human_win <= human_win_d;
        wins1_q <= wins1_d;
        ai_discs_q <= ai_discs_d;
    end

    // ---- stage 2 ----------------------------------------------------------
    logic [6:0] trap;

    for (genvar c = 0; c < connect4_pkg::COLS; c++) begin : g_ahead2
        connect4_pkg::state_t next_state;

        // The generated state again, from the registered state: a few LUTs
        // instead of 84 registers a column.
        connect4_gen_state gen_inst (
            .state_in (state_q),
            .col      (3'(c)),
            .who      (connect4_pkg::CELL_AI),
            .state_out(next_state)
        );

        connect4_trap_determiner trap_inst (
            .state(next_state),
            .wins1(wins1_q[7*c+:7]),
            .trap (trap[c])
        );
    end

    logic [2:0] min_col;

    connect4_find_minimum fm_inst (
        .legal (legal),
        .values(human_max),
        .col   (min_col)
    );

    // AI out.
    logic [6:0] trap_ok;
    logic [2:0] nlegal;
    logic [2:0] col_out, why;
    logic [2:0] only_col, trap_col;
    always_comb begin
        trap_ok = trap & ~human_win & legal;
        nlegal = 3'd0;
        for (int c = 0; c < connect4_pkg::COLS; c++) nlegal = nlegal + 3'(legal[c]);
        only_col = 3'd7;
        trap_col = 3'd7;
        for (int k = connect4_pkg::COLS - 1; k >= 0; k--) begin
            if (legal[connect4_pkg::tie_col(k)]) only_col = connect4_pkg::tie_col(k);
            if (trap_ok[connect4_pkg::tie_col(k)]) trap_col = connect4_pkg::tie_col(k);
        end
        if (nlegal == 3'd0) begin
            col_out = 3'd7;
            why = connect4_pkg::WHY_NONE;
        end else if (ai_discs_q < 6'(connect4_pkg::OPENING_DISCS)) begin
            col_out = now_col;
            why = connect4_pkg::WHY_DEFENSIVE;
        end else if (now_value >= connect4_pkg::VALUE_BLOCK) begin
            col_out = now_col;
            why = connect4_pkg::WHY_NOW;
        end else if (nlegal == 3'd1) begin
            col_out = only_col;
            why = connect4_pkg::WHY_ONLY;
        end else if (trap_ok != 7'd0) begin
            col_out = trap_col;
            why = connect4_pkg::WHY_TRAP;
        end else begin
            col_out = min_col;
            why = connect4_pkg::WHY_MINIMAX;
        end
    end

    assign move = {1'b0, why, 1'b0, col_out};

    assign dbg_legal = legal;
    assign dbg_ai_discs = ai_discs_q;
    assign dbg_now_value = now_value;
    assign dbg_now_col = now_col;
    assign dbg_human_max = human_max;
    assign dbg_human_win = human_win;
    assign dbg_trap = trap & legal;
    assign dbg_min_col = min_col;

    logic unused_found;
    assign unused_found = now_found_d;
endmodule

`default_nettype wire
