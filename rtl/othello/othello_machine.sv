// othello_machine.sv - seed 003's "Othello machine" at LW bridge offset
// 0x2000 (span 0x20): the PC (the HPS) plays White through the White port,
// the machine keeps the board in its own RAM and answers Black's move on the
// Black port.  Port 0x30N of the seed is the word at 0x2000 + 4*N:
//
//   0x00 ID      R   0x4F544831 ("OTH1"; the seed's 0x300 belongs to X0)
//   0x0C RESET   RW  [0] the global reset line (seed port 0x303): 1 holds
//                    every flip-flop of the machine in reset; RAM keeps
//   0x10 WHITE   RW  [7:0] the White port 0x304: WR PA R2 R1 R0 C2 C1 C0
//   0x14 BLACK   R   [7:0] the Black port 0x305: BR PA R2 R1 R0 C2 C1 C0
//   0x18 CONFIG  RW  [3:0] depth (0: DEFAULT_DEPTH), [31:16] budget in
//                    1024-clock units (0: DEFAULT_BUDGET_K)   (an extension)
//   0x1C CYCLES  R   clocks from taking White's move to BR low (an extension)
//
// Protocol (seed 003): the PC writes White's move with D7 (WR) = 0, then the
// same bits with D7 = 1; that positive edge on D7 latches D6..D0 into the
// bank of 7 registers.  The machine then applies the move to its board,
// searches, puts Black's move on D6..D0 (PA = 1: a pass) and one clock
// later pulls BR low.  Both hold until WR is asserted (D7 = 0) again; BR
// reads high from that very clock (the port ORs in ~WR) and its flip-flop
// follows one clock later.  A WR edge while the machine thinks is ignored.
// After the global reset the machine first writes the starting position
// (d4 e5 White, e4 d5 Black) into its board RAM, which the reset does not
// clear, then waits for White's first move (the protocol opens with White;
// a first byte with PA = 1 lets Black open as in tournament Othello).
//
// The search: negamax with alpha-beta to DEPTH plies over a stack RAM of
// frames, bitboard move generation (othello_moves) and flips
// (othello_flips), moves ordered by square class (othello_pick), a leaf
// evaluation of square-class weights and mobility in three clocks, passes
// as plies, finished games scored +-8192 + 64 x disc difference.  When
// BUDGET clocks have gone by, the root's best move so far is played.
// hal/models/othello.c is the clock-exact C model; docs/othello.md has the
// numbers.
`default_nettype none
`include "othello_regs.svh" // the register map, made from othello_regs.def

module othello_machine
(
    input  wire logic        clk,            // 50 MHz
    input  wire logic        rst,            // synchronous, active high (system reset)
    // Avalon-MM slave (HPS side), word addressed, read latency 1.
    input  wire logic [2:0]  avs_address,    // word 0-7
    input  wire logic        avs_read,       // read strobe
    input  wire logic        avs_write,      // write strobe
    input  wire logic [31:0] avs_writedata,  // word written
    output logic      [31:0] avs_readdata,   // the word one clock after avs_read
    output logic             active          // 1 while the machine has clocks to spend
);
    localparam logic [31:0] ID = `OTH_ID_VALUE;
    localparam int MAX_DEPTH = 10;            // frames in the stack RAM
    localparam logic [3:0] DEFAULT_DEPTH = 4'd6;
    localparam logic [15:0] DEFAULT_BUDGET_K = 16'd1024;
    localparam logic signed [15:0] INF = 16'sd30000;
    localparam logic signed [15:0] WIN = 16'sd8192;
    localparam logic [63:0] START_WHITE = 64'h0000001008000000; // d4 (27), e5 (36)
    localparam logic [63:0] START_BLACK = 64'h0000000810000000; // e4 (28), d5 (35)
    // The ten square classes (a square folded into the triangle a <= b <= 3
    // of its quadrant), class k at [64k +: 64], and their weights at [16k +: 16]:
    // corner 100, C -20, A 10, B 5, X -50, (1,2) -2, (1,3) -2, (2,2) 1, (2,3) 0, (3,3) 0.
    localparam logic [639:0] CLASS = {
        64'h0000001818000000, 64'h0000182424180000, 64'h0000240000240000,
        64'h0018004242001800, 64'h0024420000422400, 64'h0042000000004200,
        64'h1800008181000018, 64'h2400810000810024, 64'h4281000000008142,
        64'h8100000000000081};
    localparam logic [159:0] WEIGHT = {
        16'd0, 16'd0, 16'd1, 16'hFFFE, 16'hFFFE, 16'hFFCE, 16'd5, 16'd10, 16'hFFEC, 16'd100};

    localparam logic [3:0] S_INIT = 4'd0, S_WAIT = 4'd1, S_APPLYW = 4'd2, S_ROOT = 4'd3,
                           S_NODE = 4'd4, S_PICK = 4'd5, S_MAKE = 4'd6, S_PASS = 4'd7,
                           S_EVAL1 = 4'd8, S_EVAL2 = 4'd9, S_EVAL3 = 4'd10, S_RET = 4'd11,
                           S_PRESENT = 4'd12, S_ASSERT = 4'd13;

    // ---- the bus side: the PC's port latches, system reset only ----
    logic       grst_q;        // the global reset line
    logic [7:0] white_port_q;  // the White port as the PC last wrote it
    logic       mrst;          // the machine's reset
    assign mrst = rst | grst_q;

    // ---- RAM: the game board and the search stack, never reset ----
    localparam int FW = 64 * 3 + 16 * 3 + 1 + 6;  // one frame, 247 bits
    logic [63:0]   board_black, board_white;       // the game board
    logic [FW-1:0] stack_mem [MAX_DEPTH];

    // ---- the machine's flip-flops ----
    logic [3:0]  state;
    logic        in_reset_q, wr_prev, pending, br_q, result_pass;
    logic [6:0]  white_q, black_q;
    logic [5:0]  root_mv;
    logic [3:0]  sp;
    logic [31:0] config_q, cnt, cycles_q;
    logic [63:0] cur_p, cur_o, cur_m, pick_m, mobp, mobo;
    logic signed [15:0] cur_alpha, cur_beta, cur_best, ret;
    logic        cur_pass, term;
    logic [5:0]  cur_mv;
    logic [49:0] dk;  // class k's disc difference at [5k +: 5], signed
    logic signed [7:0] md, dd;

    logic wr;
    assign wr = white_port_q[7];

    // Settings.
    logic [3:0]  depth;
    logic [31:0] budget;
    always_comb begin
        depth = config_q[3:0] == 4'd0 ? DEFAULT_DEPTH :
                config_q[3:0] > 4'(MAX_DEPTH) ? 4'(MAX_DEPTH) : config_q[3:0];
        budget = {6'd0, (config_q[31:16] == 16'd0 ? DEFAULT_BUDGET_K : config_q[31:16]), 10'd0};
    end

    // ---- shared logic blocks ----
    logic [63:0] mp, mo;
    othello_moves moves_p_inst (.p(cur_p), .o(cur_o), .moves(mp));
    othello_moves moves_o_inst (.p(cur_o), .o(cur_p), .moves(mo));

    logic [63:0] white_sq, black_sq, fl_p, fl_o, fl_sq, fl;
    assign white_sq = 64'd1 << white_q[5:0];
    assign black_sq = 64'd1 << root_mv;
    always_comb begin
        case (state)
            S_APPLYW:  begin fl_p = board_white; fl_o = board_black; fl_sq = white_sq; end
            S_PRESENT: begin fl_p = board_black; fl_o = board_white; fl_sq = black_sq; end
            default:   begin fl_p = cur_p;        fl_o = cur_o;        fl_sq = pick_m;   end
        endcase
    end
    othello_flips flips_inst (.p(fl_p), .o(fl_o), .sq(fl_sq), .flips(fl));

    logic [63:0] pick_onehot;
    logic [5:0]  pick_square;
    othello_pick pick_inst (.m(cur_m), .onehot(pick_onehot), .square(pick_square));

    logic [6:0] pc_p, pc_o, pc_mobp, pc_mobo;
    othello_popcount pc_p_inst (.x(cur_p), .count(pc_p));
    othello_popcount pc_o_inst (.x(cur_o), .count(pc_o));
    othello_popcount pc_mobp_inst (.x(mobp), .count(pc_mobp));
    othello_popcount pc_mobo_inst (.x(mobo), .count(pc_mobo));
    logic [69:0] pc_cp, pc_co;  // class k's counts at [7k +: 7]
    for (genvar k = 0; k < 10; k++) begin : g_class
        othello_popcount pc_cp_inst (.x(cur_p & CLASS[64*k +: 64]), .count(pc_cp[7*k +: 7]));
        othello_popcount pc_co_inst (.x(cur_o & CLASS[64*k +: 64]), .count(pc_co[7*k +: 7]));
    end

    // A finished game from the mover's side: +-WIN + 64 x disc difference.
    logic signed [7:0]  dd_now;
    logic signed [15:0] term_now, term_reg, eval_sum;
    assign dd_now = 8'(pc_p) - 8'(pc_o);
    always_comb begin
        term_now = dd_now > 8'sd0 ? WIN + 16'(dd_now) * 16'sd64 :
                   dd_now < 8'sd0 ? -WIN + 16'(dd_now) * 16'sd64 : 16'sd0;
        term_reg = dd > 8'sd0 ? WIN + 16'(dd) * 16'sd64 :
                   dd < 8'sd0 ? -WIN + 16'(dd) * 16'sd64 : 16'sd0;
        eval_sum = 16'(md) * 16'sd8;
        for (int k = 0; k < 10; k++)
            eval_sum = eval_sum + $signed(WEIGHT[16*k +: 16]) * 16'($signed(dk[5*k +: 5]));
    end

    // The suspended parent on top of the stack.
    logic [FW-1:0] top;
    logic [63:0]   f_p, f_o, f_m;
    logic signed [15:0] f_alpha, f_beta, f_best;
    logic          f_pass;
    logic [5:0]    f_mv;
    assign top = stack_mem[sp - 4'd1];
    assign {f_p, f_o, f_m, f_alpha, f_beta, f_best, f_pass, f_mv} = top;

    logic signed [15:0] s_neg, na, nb;
    logic better;
    always_comb begin
        s_neg = -ret;
        better = s_neg > f_best;
        nb = better ? s_neg : f_best;
        na = s_neg > f_alpha ? s_neg : f_alpha;
    end

    logic edge_wr;
    assign edge_wr = (state == S_INIT || state == S_WAIT) && !pending && wr && !wr_prev;

    // ---- the FSM ----
    always_ff @(posedge clk) begin
        in_reset_q <= mrst;
        if (mrst) begin
            state <= S_INIT;
            wr_prev <= 1'b1;
            pending <= 1'b0;
            white_q <= 7'd0;
            black_q <= 7'd0;
            br_q <= 1'b1;
            result_pass <= 1'b0;
            root_mv <= 6'd0;
            sp <= 4'd0;
            config_q <= 32'd0;
            cnt <= 32'd0;
            cycles_q <= 32'd0;
            cur_p <= 64'd0; cur_o <= 64'd0; cur_m <= 64'd0;
            cur_alpha <= 16'sd0; cur_beta <= 16'sd0; cur_best <= 16'sd0;
            cur_pass <= 1'b0; cur_mv <= 6'd0;
            ret <= 16'sd0;
            pick_m <= 64'd0; mobp <= 64'd0; mobo <= 64'd0;
            dk <= 50'd0;
            md <= 8'sd0; dd <= 8'sd0; term <= 1'b0;
        end else begin
            wr_prev <= wr;
            if (edge_wr) begin
                white_q <= white_port_q[6:0];
                pending <= 1'b1;
            end
            if (state == S_ASSERT) br_q <= 1'b0;
            else if (!wr) br_q <= 1'b1;
            if (state != S_INIT && state != S_WAIT && state != S_ASSERT) cnt <= cnt + 32'd1;
            if (avs_write && avs_address == `OTH_REG_CONFIG) config_q <= avs_writedata;

            case (state)
                S_INIT: state <= S_WAIT;
                S_WAIT:
                    if (pending) begin
                        pending <= 1'b0;
                        cnt <= 32'd0;
                        state <= white_q[6] ? S_ROOT : S_APPLYW;
                    end
                S_APPLYW: state <= S_ROOT;
                S_ROOT: begin
                    cur_p <= board_black;
                    cur_o <= board_white;
                    cur_alpha <= -INF;
                    cur_beta <= INF;
                    sp <= 4'd0;
                    result_pass <= 1'b0;
                    state <= S_NODE;
                end
                S_NODE:
                    if (sp != 4'd0 && cnt >= budget) state <= S_PRESENT;
                    else if (sp == depth) state <= S_EVAL1;
                    else if (mp != 64'd0) begin
                        cur_m <= mp;
                        cur_best <= -INF;
                        cur_pass <= 1'b0;
                        state <= S_PICK;
                    end else if (sp == 4'd0) begin
                        result_pass <= 1'b1;
                        state <= S_PRESENT;
                    end else if (mo == 64'd0) begin
                        ret <= term_now;
                        state <= S_RET;
                    end else begin
                        cur_pass <= 1'b1;
                        cur_m <= 64'd0;
                        cur_best <= -INF;
                        state <= S_PASS;
                    end
                S_PICK:
                    if (cur_m == 64'd0) begin
                        ret <= cur_best;
                        state <= S_RET;
                    end else begin
                        cur_m <= cur_m & ~pick_onehot;
                        pick_m <= pick_onehot;
                        cur_mv <= pick_square;
                        if (sp == 4'd0 && cur_best == -INF) root_mv <= pick_square;
                        state <= S_MAKE;
                    end
                S_MAKE: begin
                    cur_p <= cur_o & ~fl;
                    cur_o <= cur_p | fl | pick_m;
                    cur_alpha <= -cur_beta;
                    cur_beta <= -cur_alpha;
                    sp <= sp + 4'd1;
                    state <= S_NODE;
                end
                S_PASS: begin
                    cur_p <= cur_o;
                    cur_o <= cur_p;
                    cur_alpha <= -cur_beta;
                    cur_beta <= -cur_alpha;
                    sp <= sp + 4'd1;
                    state <= S_NODE;
                end
                S_EVAL1: begin
                    mobp <= mp;
                    mobo <= mo;
                    state <= S_EVAL2;
                end
                S_EVAL2: begin
                    for (int k = 0; k < 10; k++)
                        dk[5*k +: 5] <= 5'(pc_cp[7*k +: 7]) - 5'(pc_co[7*k +: 7]);
                    md <= 8'(pc_mobp) - 8'(pc_mobo);
                    dd <= dd_now;
                    term <= mobp == 64'd0 && mobo == 64'd0;
                    state <= S_EVAL3;
                end
                S_EVAL3: begin
                    ret <= term ? term_reg : eval_sum;
                    state <= S_RET;
                end
                S_RET:
                    if (sp == 4'd0) state <= S_PRESENT;
                    else begin
                        sp <= sp - 4'd1;
                        cur_p <= f_p; cur_o <= f_o; cur_m <= f_m;
                        cur_alpha <= f_alpha; cur_beta <= f_beta; cur_best <= f_best;
                        cur_pass <= f_pass; cur_mv <= f_mv;
                        if (f_pass) begin
                            ret <= s_neg;
                            state <= S_RET;
                        end else begin
                            if (better && sp == 4'd1) root_mv <= f_mv;
                            cur_best <= nb;
                            cur_alpha <= na;
                            if (na >= f_beta) begin
                                ret <= nb;
                                state <= S_RET;
                            end else state <= S_PICK;
                        end
                    end
                S_PRESENT: begin
                    black_q <= result_pass ? 7'h40 : {1'b0, root_mv};
                    state <= S_ASSERT;
                end
                S_ASSERT: begin
                    cycles_q <= cnt + 32'd2;
                    state <= S_WAIT;
                end
                default: state <= S_INIT;
            endcase
        end
    end

    // The RAM: written by the machine, never reset.
    always_ff @(posedge clk) begin
        if (!mrst) begin
            case (state)
                S_INIT: begin
                    board_black <= START_BLACK;
                    board_white <= START_WHITE;
                end
                S_APPLYW: begin
                    board_white <= board_white | white_sq | fl;
                    board_black <= board_black & ~(white_sq | fl);
                end
                S_PRESENT:
                    if (!result_pass) begin
                        board_black <= board_black | black_sq | fl;
                        board_white <= board_white & ~fl;
                    end
                S_MAKE, S_PASS:
                    stack_mem[sp] <= {cur_p, cur_o, cur_m, cur_alpha, cur_beta, cur_best,
                                      cur_pass, cur_mv};
                default: ;
            endcase
        end
    end

    // ---- the bus ----
    logic [31:0] rdata;
    always_comb begin
        case (avs_address)
            `OTH_REG_ID:     rdata = ID;
            `OTH_REG_RESET:  rdata = {31'd0, grst_q};
            `OTH_REG_WHITE:  rdata = {24'd0, white_port_q};
            `OTH_REG_BLACK:  rdata = {24'd0, br_q | ~wr, black_q};
            `OTH_REG_CONFIG: rdata = config_q;
            `OTH_REG_CYCLES: rdata = cycles_q;
            default: rdata = 32'd0;
        endcase
    end

    always_ff @(posedge clk) begin
        if (rst) begin
            grst_q <= 1'b0;
            white_port_q <= 8'h80;
            avs_readdata <= 32'd0;
        end else begin
            if (avs_read) avs_readdata <= rdata;
            if (avs_write && avs_address == `OTH_REG_RESET) grst_q <= avs_writedata[0];
            if (avs_write && avs_address == `OTH_REG_WHITE) white_port_q <= avs_writedata[7:0];
        end
    end

    assign active = grst_q ? !in_reset_q :
                    state != S_WAIT || pending || wr_prev != wr || (!wr && !br_q);
endmodule

`default_nettype wire
