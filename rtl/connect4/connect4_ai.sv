// connect4_ai.sv - the seed 004 AI compute module: one shared evaluator
// stepped over the eight positions the AI looks at, one a clock.
// Mirrors src/games/connect4/c4_ai.c (c4_ai_decide); docs/connect4.md
// explains the choices, and why this departs from the seed's single clock.
//
//   AI discs < 4     the defensive module: moveDeterminer(state, AI)
//   otherwise        win/block now (foundMax), the only legal column (AllFull),
//                    a trap unless the human could then win, else the column
//                    minimising the human's maximum value one move ahead.
//
// The eight evaluations are the same function of a position and a player:
// slot c = 0..6 the state after the AI drops in column c, evaluated for the
// human (seven maxConnectFinders and their moveDeterminer maximum) and for
// the AI's threats there (the trapDeterminer: winFinder, the human's block,
// winFinder again); slot 7 the state itself, evaluated for the AI.  Earlier
// versions built all eight side by side (56 maxConnectFinders, 14
// winFinders: about 15,000 ALUTs and 9,500 adder bits in the Cyclone V
// flow, 30.8 ALUT levels from the rows to the human's maxima).  Here one
// evaluator takes a slot a clock through a three-register pipeline:
//
//   edge 0          `start`: the state is registered (state_q)
//   edges 1-8       P0: slot k's position (genStateFromColumn of state_q)
//   edges 2-9       P1: its seven column values for the slot's player, and
//                   the AI's winFinder there
//   edges 3-10      P2: the moveDeterminer maximum (the human's best value,
//                   or the AI's move now) and the trap, into slot k's registers
//   edge 11         findMinimum over the seven human maxima
//
// so `move` and the dbg_* outputs answer the state present at the `start`
// edge once connect4_pkg::AI_LATENCY (12) edges have passed, counting that
// one, and hold until the next `start`.  The mailbox waits exactly that long;
// hal/models/connect4.c waits the same clocks.
`default_nettype none

module connect4_ai
(
    input  wire logic                 clk,          // 50 MHz
    input  wire logic                 rst,          // synchronous, active high: stops a computation
    input  wire logic                 start,        // 1 for one clock: compute the move for `state`
    input  connect4_pkg::state_t      state,        // the six 14-bit rows, row 0 in [13:0]; read at `start`
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
    localparam logic [2:0] SLOT_NOW = 3'd7;  // the state itself, for the AI

    // ---- the state, and what is read from it directly ---------------------
    connect4_pkg::state_t state_q;
    logic run;         // slots still to issue
    logic [2:0] slot;  // next slot to issue
    logic [6:0] legal;
    logic [5:0] ai_discs;

    always_ff @(posedge clk) begin
        if (rst) begin
            run <= 1'b0;
            slot <= 3'd0;
        end else if (start) begin
            state_q <= state;
            run <= 1'b1;
            slot <= 3'd0;
        end else if (run) begin
            slot <= slot + 3'd1;
            if (slot == SLOT_NOW) run <= 1'b0;
        end
    end

    // Free-running registers of state_q: valid from edge 1.
    logic [6:0] legal_d;
    logic [5:0] ai_discs_d;
    always_comb begin
        ai_discs_d = 6'd0;
        for (int i = 0; i < 42; i++) ai_discs_d = ai_discs_d + 6'(state_q[2*i+:2] == connect4_pkg::CELL_AI);
        for (int c = 0; c < connect4_pkg::COLS; c++)
            legal_d[c] = connect4_pkg::landing_row(state_q, 3'(c)) < 3'd6;
    end

    always_ff @(posedge clk) begin
        ai_discs <= ai_discs_d;
        legal <= legal_d;
    end

    // ---- P0: the slot's position --------------------------------------------
    connect4_pkg::state_t gen_d, p0_state;
    logic p0_valid;
    logic [2:0] p0_slot;

    // Column 7 changes nothing: slot 7 is the state itself.
    connect4_gen_state gen_inst (
        .state_in (state_q),
        .col      (slot),
        .who      (connect4_pkg::CELL_AI),
        .state_out(gen_d)
    );

    always_ff @(posedge clk) begin
        p0_valid <= run && !rst && !start;
        p0_slot <= slot;
        p0_state <= gen_d;
    end

    // ---- P1: its column values, and the AI's threats there -----------------
    logic [6:0] values_legal_d;
    logic [34:0] values_d;
    logic [6:0] wins1_d;

    connect4_column_values cv_inst (
        .state (p0_state),
        .who   (p0_slot == SLOT_NOW ? connect4_pkg::CELL_AI : connect4_pkg::CELL_HUMAN),
        .legal (values_legal_d),
        .values(values_d)
    );

    connect4_win_finder wf1_inst (
        .state(p0_state),
        .who  (connect4_pkg::CELL_AI),
        .wins (wins1_d)
    );

    logic p1_valid;
    logic [2:0] p1_slot;
    connect4_pkg::state_t p1_state;
    logic [6:0] p1_legal;
    logic [34:0] p1_values;
    logic [6:0] p1_wins1;

    always_ff @(posedge clk) begin
        p1_valid <= p0_valid && !rst;
        p1_slot <= p0_slot;
        p1_state <= p0_state;
        p1_legal <= values_legal_d;
        p1_values <= values_d;
        p1_wins1 <= wins1_d;
    end

    // ---- P2: the best value, and the trap, into the slot's registers -------
    logic found_d;
    logic [4:0] value_d;
    logic [2:0] col_d;
    logic trap_d;

    connect4_move_determiner md_inst (
        .legal (p1_legal),
        .values(p1_values),
        .found (found_d),
        .value (value_d),
        .col   (col_d)
    );

    connect4_trap_determiner trap_inst (
        .state(p1_state),
        .wins1(p1_wins1),
        .trap (trap_d)
    );

    logic [4:0] now_value;
    logic [2:0] now_col;
    logic [34:0] human_max;
    logic [6:0] human_win;
    logic [6:0] trap;

    always_ff @(posedge clk) begin
        if (p1_valid && !rst) begin
            if (p1_slot == SLOT_NOW) begin
                now_value <= value_d;
                now_col <= col_d;
            end else begin
                for (int c = 0; c < connect4_pkg::COLS; c++) begin
                    if (p1_slot == 3'(c)) begin
                        human_max[5*c+:5] <= (legal[c] && found_d) ? value_d : 5'd0;
                        human_win[c] <= legal[c] && found_d && value_d == connect4_pkg::VALUE_WIN;
                        trap[c] <= trap_d;
                    end
                end
            end
        end
    end

    // ---- findMinimum (free running, from the slot registers) ---------------
    logic [2:0] min_col_d, min_col;

    connect4_find_minimum fm_inst (
        .legal (legal),
        .values(human_max),
        .col   (min_col_d)
    );

    always_ff @(posedge clk) min_col <= min_col_d;

    // ---- AI out --------------------------------------------------------------
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
        end else if (ai_discs < 6'(connect4_pkg::OPENING_DISCS)) begin
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
    assign dbg_ai_discs = ai_discs;
    assign dbg_now_value = now_value;
    assign dbg_now_col = now_col;
    assign dbg_human_max = human_max;
    assign dbg_human_win = human_win;
    assign dbg_trap = trap & legal;
    assign dbg_min_col = min_col;

endmodule

`default_nettype wire
