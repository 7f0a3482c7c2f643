// go_pruner.sv - seed 001's board pruner: liberty propagated from every
// empty point through the "wires" between neighbouring points, all at once
// (docs/go_rules.md).
//
// A wire joins two orthogonal neighbours a and b.  Its next value is
//   hot (1)   if a or b is empty (a stone touching an empty has a liberty),
//   cold (0)  if a and b hold stones of opposite colours,
//   the OR of its up-to-six neighbouring wire latches (three at a, three at
//             b; a missing neighbour at the edge is cold) if a and b hold
//             stones of the same colour.
// The latches sample those values: on start every latch is pulsed low
// (this breaks the combinational loop of a closed group holding itself
// hot, seed 001 figure 6b); on each following clock every latch takes its
// computed value, so the hot front moves one wire further into each group
// per clock.  The pruner stops on the first clock on which no latch would
// change (the least fixed point: exactly the wires reached from an empty)
// and pulses `ready`.  A stone of colour `target` none of whose wires is
// hot has no liberty and is removed in `pruned`.
//
// Clocks: the start edge, then d + 1 clocks propagating (d = the clocks
// the hot front needs to reach its farthest wire, which grows with the
// length of the longest chain), then `ready` for one clock.  Nothing here
// is a sequential flood fill: every wire decides in parallel each clock.
//
// Points are p = row * 9 + col; board[2p+1:2p] is 0 empty, 1 black,
// 2 white (3 never reaches here: go_rules.sv stores it as 0).
`default_nettype none

module go_pruner
(
    input  wire logic         clk,      // 50 MHz
    input  wire logic         rst,      // synchronous, active high
    input  wire logic         start,    // one clock: pulse the latches low, then propagate
    input  wire logic [161:0] board,    // 2 bits a point; held from start to ready
    input  wire logic [1:0]   target,   // colour whose stones without liberty are removed
    output logic              busy,     // 1 while propagating
    output logic              ready,    // one clock after the latches settled: outputs valid
    output logic      [161:0] pruned,   // board without the removed stones (valid from ready on)
    output logic      [80:0]  removed   // 1 for each stone removed
);
    // Wire latches.  h[r*8+c] joins (r,c)-(r,c+1); v[r*9+c] joins (r,c)-(r+1,c).
    logic [71:0] h_q, v_q, h_d, v_d;
    // The latches with a cold frame around them, so that every wire finds
    // its six neighbours without edge cases:
    //   hpad[r*10 + c + 1] = h(r,c), columns -1 and 8 cold;
    //   vpad[(r+1)*9 + c]  = v(r,c), rows -1 and 8 cold.
    logic [89:0] hpad, vpad;
    logic [80:0] lib;
    logic        prop;  // the state: 0 idle, 1 propagating

    always_comb begin
        hpad = '0;
        vpad = '0;
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 8; c++) hpad[r*10+c+1] = h_q[r*8+c];
        for (int r = 0; r < 8; r++)
            for (int c = 0; c < 9; c++) vpad[(r+1)*9+c] = v_q[r*9+c];
    end

    // Each wire's computed value (seed 001 figures 4 and 5).
    for (genvar r = 0; r < 9; r++) begin : g_hr
        for (genvar c = 0; c < 8; c++) begin : g_hc
            wire logic [1:0] ca = board[2*(r*9+c) +: 2];
            wire logic [1:0] cb = board[2*(r*9+c+1) +: 2];
            // h(r,c-1), h(r,c+1), v(r-1,c), v(r,c), v(r-1,c+1), v(r,c+1)
            wire logic any_nb = hpad[r*10+c] | hpad[r*10+c+2] | vpad[r*9+c] |
                                vpad[(r+1)*9+c] | vpad[r*9+c+1] | vpad[(r+1)*9+c+1];
            assign h_d[r*8+c] = (ca == 2'd0 || cb == 2'd0) ? 1'b1 :
                                (ca != cb) ? 1'b0 : any_nb;
        end
    end
    for (genvar r = 0; r < 8; r++) begin : g_vr
        for (genvar c = 0; c < 9; c++) begin : g_vc
            wire logic [1:0] ca = board[2*(r*9+c) +: 2];
            wire logic [1:0] cb = board[2*((r+1)*9+c) +: 2];
            // v(r-1,c), v(r+1,c), h(r,c-1), h(r,c), h(r+1,c-1), h(r+1,c)
            wire logic any_nb = vpad[r*9+c] | vpad[(r+2)*9+c] | hpad[r*10+c] |
                                hpad[r*10+c+1] | hpad[(r+1)*10+c] | hpad[(r+1)*10+c+1];
            assign v_d[r*9+c] = (ca == 2'd0 || cb == 2'd0) ? 1'b1 :
                                (ca != cb) ? 1'b0 : any_nb;
        end
    end

    // A point's liberty: the OR of its (up to four) wire latches.
    always_comb begin
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++) begin
                lib[r*9+c] = hpad[r*10+c] | hpad[r*10+c+1] | vpad[r*9+c] | vpad[(r+1)*9+c];
                removed[r*9+c] = board[2*(r*9+c) +: 2] == target && target != 2'd0 &&
                                 !lib[r*9+c];
                pruned[2*(r*9+c) +: 2] = removed[r*9+c] ? 2'd0 : board[2*(r*9+c) +: 2];
            end
    end

    assign busy = prop;

    always_ff @(posedge clk) begin
        ready <= 1'b0;
        if (rst) begin
            prop <= 1'b0;
            h_q <= '0;
            v_q <= '0;
        end else if (!prop) begin
            if (start) begin
                h_q <= '0;  // every wire latch pulsed low
                v_q <= '0;
                prop <= 1'b1;
            end
        end else if (h_d == h_q && v_d == v_q) begin
            prop <= 1'b0;  // stable: no latch would change
            ready <= 1'b1;
        end else begin
            h_q <= h_d;
            v_q <= v_d;
        end
    end

endmodule

`default_nettype wire
