// go_territory.sv - seed 001's territory counter (its figure 11): for each
// colour, a board with the OPPOSITE colour's stones and the empties swapped
// is pruned; the swapped empties the pruner removes (XOR of the pruned and
// the unpruned board) are the empty points that reach no opposite stone,
// and the colour's count is those plus its stones (the board with the
// opposite colour removed, tallied).  Both colours are pruned at once by
// two pruners.  The seed's first mention swaps "blacks" for Black's count;
// its second (swap the opposite colour) is the one that counts territory,
// and is what is built (docs/go_rules.md).
//
// An empty region touching no stone at all (only the empty board has one)
// counts for both colours, as the seed's method gives; area scoring in
// src/games/go/board.c calls it neutral.
//
// Clocks: the start edge, then max(db, dw) + 2 in T_PRUNE (d: each
// pruner's propagation clocks); `done` from the clock after.
`default_nettype none

module go_territory
(
    input  wire logic         clk,     // 50 MHz
    input  wire logic         rst,     // synchronous, active high
    input  wire logic         start,   // one clock; ignored while busy
    input  wire logic [161:0] board,   // 2 bits a point; held while busy
    output logic              busy,    // 1 from the clock after start until done
    output logic              done,    // 1 once counts are held (cleared by start)
    output logic      [6:0]   black,   // Black's stones + points only Black reaches
    output logic      [6:0]   white,   // White's stones + points only White reaches
    output logic      [31:0]  cycles   // clocks from start to done of the last count
);
    logic [161:0] swap_b, swap_w;   // Black's and White's boards to prune
    logic [80:0]  stones_b, stones_w;
    logic         pb_ready, pw_ready, got_b, got_w;
    logic [161:0] pb_pruned, pw_pruned;
    logic [80:0]  terr_b, terr_w;
    logic [6:0]   count_b, count_w;
    logic         running;

    // Black's board: White's stones -> empty, empties -> white (the colour
    // pruned), Black's stones kept.  White's board is the mirror image.
    always_comb begin
        for (int p = 0; p < 81; p++) begin
            stones_b[p] = board[2*p +: 2] == 2'd1;
            stones_w[p] = board[2*p +: 2] == 2'd2;
            swap_b[2*p +: 2] = stones_b[p] ? 2'd1 : stones_w[p] ? 2'd0 : 2'd2;
            swap_w[2*p +: 2] = stones_w[p] ? 2'd2 : stones_b[p] ? 2'd0 : 2'd1;
        end
    end

    /* verilator lint_off PINCONNECTEMPTY */
    go_pruner pruner_b_inst (
        .clk(clk), .rst(rst), .start(start && !running), .board(swap_b), .target(2'd2),
        .busy(), .ready(pb_ready), .pruned(pb_pruned), .removed());
    go_pruner pruner_w_inst (
        .clk(clk), .rst(rst), .start(start && !running), .board(swap_w), .target(2'd1),
        .busy(), .ready(pw_ready), .pruned(pw_pruned), .removed());
    /* verilator lint_on PINCONNECTEMPTY */

    // The XOR of pruned and unpruned boards, one bit a point, tallied with
    // the colour's stones.
    always_comb begin
        count_b = 7'd0;
        count_w = 7'd0;
        for (int p = 0; p < 81; p++) begin
            terr_b[p] = (pb_pruned[2*p +: 2] ^ swap_b[2*p +: 2]) != 2'd0;
            terr_w[p] = (pw_pruned[2*p +: 2] ^ swap_w[2*p +: 2]) != 2'd0;
            count_b = count_b + {6'd0, terr_b[p]} + {6'd0, stones_b[p]};
            count_w = count_w + {6'd0, terr_w[p]} + {6'd0, stones_w[p]};
        end
    end

    assign busy = running;

    always_ff @(posedge clk) begin
        if (rst) begin
            running <= 1'b0;
            got_b <= 1'b0;
            got_w <= 1'b0;
            done <= 1'b0;
            black <= 7'd0;
            white <= 7'd0;
            cycles <= 32'd0;
        end else if (!running) begin
            if (start) begin
                running <= 1'b1;
                done <= 1'b0;
                got_b <= 1'b0;
                got_w <= 1'b0;
                cycles <= 32'd0;
            end
        end else begin
            cycles <= cycles + 32'd1;
            if (pb_ready) got_b <= 1'b1;
            if (pw_ready) got_w <= 1'b1;
            // Both pruners settled (this clock's ready pulses included):
            // their outputs hold while the board does.
            if ((got_b || pb_ready) && (got_w || pw_ready)) begin
                running <= 1'b0;
                done <= 1'b1;
                black <= count_b;
                white <= count_w;
            end
        end
    end

endmodule

`default_nettype wire
