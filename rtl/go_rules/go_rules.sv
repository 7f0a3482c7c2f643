// go_rules.sv - the Go rules peripheral of seed 001 at LW bridge offset
// 0x4000 (span 0x100): the board updater (apply, prune the opponent, ko,
// prune the mover) and the territory counter behind an Avalon-MM slave.
// hal/models/go_rules.c is the bit-exact C model; docs/go_rules.md has the
// register map:
//
//   0x00 ID        R   0x474F5231 ("GOR1")
//   0x04 CTRL      W   [0] start a move decision, [1] start a territory count
//   0x08 STATUS    R   [0] move busy, [1] move done, [2] legal, [6:4] reason
//                      (0 legal, 1 occupied, 2 suicide, 3 ko, 4 bad move),
//                      [8] territory busy, [9] territory done
//   0x0C MOVE      RW  [6:0] point row*9+col, [8] pass, [17:16] colour 1 black 2 white
//   0x10 CAPTURED  R   [6:0] stones the last legal move removed
//   0x14 CYCLES    R   clocks from start to done of the last decision
//   0x18 TERRITORY R   [6:0] Black's count, [22:16] White's
//   0x1C TCYCLES   R   clocks from start to done of the last count
//   0x40..0x54 BOARD   RW  six words, 16 points a word, 2 bits a point
//   0x60..0x74 KO      RW  the position the move may not recreate, same layout
//   0x80..0x94 RESULT  R   the position after the move (BOARD when refused)
// A point written as 3 is stored as 0 (empty).  While either FSM is busy,
// writes to BOARD, KO and MOVE are ignored and a start of a busy FSM is
// ignored, so an answer always belongs to the inputs it was started with.
`default_nettype none
`include "go_rules_regs.svh" // the register map, made from go_rules_regs.def

module go_rules
(
    input  wire logic        clk,            // 50 MHz
    input  wire logic        rst,            // synchronous, active high
    // Avalon-MM slave (HPS side), word addressed, read latency 1.
    input  wire logic [5:0]  avs_address,    // word 0-63
    input  wire logic        avs_read,       // read strobe
    input  wire logic        avs_write,      // write strobe
    input  wire logic [31:0] avs_writedata,  // word written
    output logic      [31:0] avs_readdata,   // the word one clock after avs_read
    output logic             busy            // 1 while a decision or a count runs
);
    localparam logic [31:0] ID = `GO_RULES_ID_VALUE;
    localparam logic [5:0] A_ID = `GO_RULES_REG_ID, A_CTRL = `GO_RULES_REG_CTRL,
                           A_STATUS = `GO_RULES_REG_STATUS, A_MOVE = `GO_RULES_REG_MOVE,
                           A_CAPTURED = `GO_RULES_REG_CAPTURED, A_CYCLES = `GO_RULES_REG_CYCLES,
                           A_TERRITORY = `GO_RULES_REG_TERRITORY, A_TCYCLES = `GO_RULES_REG_TCYCLES,
                           A_BOARD = `GO_RULES_REG_BOARD, A_KO = `GO_RULES_REG_KO,
                           A_RESULT = `GO_RULES_REG_RESULT;

    logic [161:0] board_q, ko_q;
    logic [6:0]   point_q;
    logic         pass_q;
    logic [1:0]   colour_q;

    logic         u_busy, u_done, u_legal;
    logic [2:0]   u_reason;
    logic [161:0] u_result;
    logic [6:0]   u_captured;
    logic [31:0]  u_cycles;
    logic         t_busy, t_done;
    logic [6:0]   t_black, t_white;
    logic [31:0]  t_cycles;

    logic start_move, start_terr, locked;
    assign start_move = avs_write && avs_address == A_CTRL && avs_writedata[0];
    assign start_terr = avs_write && avs_address == A_CTRL && avs_writedata[1];
    assign locked = u_busy || t_busy;
    assign busy = locked;

    go_board_updater updater_inst (
        .clk     (clk),
        .rst     (rst),
        .start   (start_move),
        .board   (board_q),
        .ko_board(ko_q),
        .colour  (colour_q),
        .point   (point_q),
        .pass    (pass_q),
        .busy    (u_busy),
        .done    (u_done),
        .legal   (u_legal),
        .reason  (u_reason),
        .result  (u_result),
        .captured(u_captured),
        .cycles  (u_cycles)
    );

    go_territory territory_inst (
        .clk   (clk),
        .rst   (rst),
        .start (start_terr),
        .board (board_q),
        .busy  (t_busy),
        .done  (t_done),
        .black (t_black),
        .white (t_white),
        .cycles(t_cycles)
    );

    // Word k of a board: points 16k..16k+15 (word 5: point 80 alone).
    function automatic logic [31:0] board_word(input logic [161:0] b, input logic [2:0] k);
        logic [31:0] w;
        w = 32'd0;
        for (int i = 0; i < 16; i++)
            if (16 * k + i < 81) w[2*i +: 2] = b[2*(16*k+i) +: 2];
        board_word = w;
    endfunction

    logic [31:0] rdata;
    always_comb begin
        rdata = 32'd0;
        case (avs_address)
            A_ID:        rdata = ID;
            A_STATUS:    rdata = {22'd0, t_done, t_busy, 1'b0, u_reason, 1'b0, u_legal, u_done,
                                  u_busy};
            A_MOVE:      rdata = {14'd0, colour_q, 7'd0, pass_q, 1'b0, point_q};
            A_CAPTURED:  rdata = {25'd0, u_captured};
            A_CYCLES:    rdata = u_cycles;
            A_TERRITORY: rdata = {9'd0, t_white, 9'd0, t_black};
            A_TCYCLES:   rdata = t_cycles;
            default: begin
                if (avs_address >= A_BOARD && avs_address < A_BOARD + 6'd6)
                    rdata = board_word(board_q, avs_address[2:0]);
                else if (avs_address >= A_KO && avs_address < A_KO + 6'd6)
                    rdata = board_word(ko_q, avs_address[2:0]);
                else if (avs_address >= A_RESULT && avs_address < A_RESULT + 6'd6)
                    rdata = board_word(u_result, avs_address[2:0]);
            end
        endcase
    end

    always_ff @(posedge clk) begin
        if (rst) begin
            board_q <= '0;
            ko_q <= '0;
            point_q <= 7'd0;
            pass_q <= 1'b0;
            colour_q <= 2'd0;
            avs_readdata <= 32'd0;
        end else begin
            if (avs_read) avs_readdata <= rdata;
            if (avs_write && !locked) begin
                if (avs_address == A_MOVE) begin
                    point_q <= avs_writedata[6:0];
                    pass_q <= avs_writedata[8];
                    colour_q <= avs_writedata[17:16];
                end
                for (int k = 0; k < 6; k++)
                    for (int i = 0; i < 16; i++)
                        if (16 * k + i < 81) begin
                            if (avs_address == A_BOARD + 6'(k))
                                board_q[2*(16*k+i) +: 2] <= avs_writedata[2*i +: 2] == 2'd3 ?
                                                            2'd0 : avs_writedata[2*i +: 2];
                            if (avs_address == A_KO + 6'(k))
                                ko_q[2*(16*k+i) +: 2] <= avs_writedata[2*i +: 2] == 2'd3 ?
                                                         2'd0 : avs_writedata[2*i +: 2];
                        end
            end
        end
    end

endmodule

`default_nettype wire
