// go_board_updater.sv - seed 001's board updater (its figure 12): apply
// the move, prune the opponent, compare with the ko board, prune the mover
// (anything pruned then means suicide).  One go_pruner, used twice.
//
// States and their clocks (docs/go_rules.md):
//   U_IDLE      waiting for start
//   U_LOAD      1   a pass is valid at once; a bad move or an occupied
//                   point is refused at once (the seed's cursor never
//                   offers one; a console over a bus can)
//   U_APPLY     1   work <= board + the stone; pruner started (opponent)
//   U_PRUNE_OPP d1 + 2  until the pruner is ready: work <= pruned,
//                   captured <= stones removed
//   U_KO        1   work == ko board: ko; else pruner started (mover)
//   U_PRUNE_OWN d2 + 2  anything removed: suicide; else legal
// A legal stone takes 7 + d1 + d2 clocks (d: the pruner's propagation
// clocks), a pass, occupied point or bad move 1, a ko 5 + d1.
`default_nettype none

module go_board_updater
(
    input  wire logic         clk,       // 50 MHz
    input  wire logic         rst,       // synchronous, active high
    input  wire logic         start,     // one clock; ignored while busy
    input  wire logic [161:0] board,     // position before the move; held while busy
    input  wire logic [161:0] ko_board,  // the move may not recreate this position
    input  wire logic [1:0]   colour,    // mover: 1 black, 2 white
    input  wire logic [6:0]   point,     // row * 9 + col
    input  wire logic         pass,      // 1: a pass (point ignored)
    output logic              busy,      // 1 from the clock after start until done
    output logic              done,      // 1 once an answer is held (cleared by start)
    output logic              legal,     // the answer: 1 legal
    output logic      [2:0]   reason,    // 0 legal, 1 occupied, 2 suicide, 3 ko, 4 bad move
    output logic      [161:0] result,    // position after a legal move; board when refused
    output logic      [6:0]   captured,  // stones removed by a legal move
    output logic      [31:0]  cycles     // clocks from start to done of the last answer
);
    localparam logic [2:0] U_IDLE = 3'd0, U_LOAD = 3'd1, U_APPLY = 3'd2, U_PRUNE_OPP = 3'd3,
                           U_KO = 3'd4, U_PRUNE_OWN = 3'd5;
    localparam logic [2:0] R_LEGAL = 3'd0, R_OCCUPIED = 3'd1, R_SUICIDE = 3'd2, R_KO = 3'd3,
                           R_BAD = 3'd4;

    logic [2:0]   state;
    logic [161:0] work;
    logic [1:0]   opp;
    logic         pr_start, pr_ready;
    logic [1:0]   pr_target;
    logic [161:0] pr_pruned;
    logic [80:0]  pr_removed;
    logic [6:0]   pr_count;

    assign opp = colour ^ 2'd3;
    assign pr_start = state == U_APPLY || (state == U_KO && work != ko_board);
    assign pr_target = (state == U_APPLY || state == U_PRUNE_OPP) ? opp : colour;
    assign busy = state != U_IDLE;

    always_comb begin
        pr_count = 7'd0;
        for (int i = 0; i < 81; i++) pr_count = pr_count + {6'd0, pr_removed[i]};
    end

    /* verilator lint_off PINCONNECTEMPTY */
    go_pruner pruner_inst (
        .clk    (clk),
        .rst    (rst),
        .start  (pr_start),
        .board  (work),
        .target (pr_target),
        .busy   (),
        .ready  (pr_ready),
        .pruned (pr_pruned),
        .removed(pr_removed)
    );
    /* verilator lint_on PINCONNECTEMPTY */

    // The answer of this clock, if the FSM gives one (registered on the
    // clock that returns to U_IDLE).
    logic         fin;
    logic [2:0]   fin_why;
    logic [161:0] fin_board;
    always_comb begin
        fin = 1'b0;
        fin_why = R_LEGAL;
        fin_board = board;
        case (state)
            U_LOAD:
                if (colour == 2'd0 || colour == 2'd3 || (!pass && point > 7'd80)) begin
                    fin = 1'b1;
                    fin_why = R_BAD;
                end else if (pass) begin
                    fin = 1'b1;
                end else if (board[2*point +: 2] != 2'd0) begin
                    fin = 1'b1;
                    fin_why = R_OCCUPIED;
                end
            U_KO:
                if (work == ko_board) begin
                    fin = 1'b1;
                    fin_why = R_KO;
                end
            U_PRUNE_OWN:
                if (pr_ready) begin
                    fin = 1'b1;
                    if (pr_removed != '0) fin_why = R_SUICIDE;
                    else fin_board = work;
                end
            default: ;
        endcase
    end

    always_ff @(posedge clk) begin
        if (rst) begin
            state <= U_IDLE;
            work <= '0;
            done <= 1'b0;
            legal <= 1'b0;
            reason <= R_LEGAL;
            result <= '0;
            captured <= 7'd0;
            cycles <= 32'd0;
        end else begin
            if (state != U_IDLE) cycles <= cycles + 32'd1;
            if (fin) begin
                state <= U_IDLE;
                done <= 1'b1;
                legal <= fin_why == R_LEGAL;
                reason <= fin_why;
                result <= fin_board;
                if (fin_why != R_LEGAL || state == U_LOAD) captured <= 7'd0;
            end else begin
                case (state)
                    U_IDLE:
                        if (start) begin
                            state <= U_LOAD;
                            done <= 1'b0;
                            cycles <= 32'd0;
                        end
                    U_LOAD: begin
                        work <= board;
                        work[2*point +: 2] <= colour;
                        state <= U_APPLY;
                    end
                    U_APPLY:
                        state <= U_PRUNE_OPP;
                    U_PRUNE_OPP:
                        if (pr_ready) begin
                            work <= pr_pruned;
                            captured <= pr_count;
                            state <= U_KO;
                        end
                    U_KO:
                        state <= U_PRUNE_OWN;
                    U_PRUNE_OWN: ;
                    default:
                        state <= U_IDLE;
                endcase
            end
        end
    end

endmodule

`default_nettype wire
