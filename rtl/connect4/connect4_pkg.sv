// connect4_pkg.sv - shared types and cell functions of the seed 004 Connect
// Four AI.  The C model src/games/connect4/c4_ai.c mirrors every function here.
//
// Written in the subset Yosys 0.23 reads as well as Verilator (tools/board_fit.py
// synthesises it): functions assign their name instead of `return`, and the
// modules name everything here as connect4_pkg::NAME (no `import`).
//
// State: 84 bits, six 14-bit rows, row 0 (the bottom row, mailbox word 1) in
// bits [13:0]; cell (r, c) at bits [14r + 2c +: 2]: 00 empty, 01 AI,
// 10 human, 11 a disc of nobody (also what off-board cells read as).
`default_nettype none

package connect4_pkg;
    localparam int ROWS = 6;
    localparam int COLS = 7;

    typedef logic [83:0] state_t;

    localparam logic [1:0] CELL_EMPTY = 2'b00;
    localparam logic [1:0] CELL_AI = 2'b01;
    localparam logic [1:0] CELL_HUMAN = 2'b10;

    localparam logic [4:0] VALUE_BLOCK = 5'd30;  // the other player connects here
    localparam logic [4:0] VALUE_WIN = 5'd31;  // the player to move connects here

    localparam logic [2:0] WHY_NONE = 3'd0;
    localparam logic [2:0] WHY_DEFENSIVE = 3'd1;
    localparam logic [2:0] WHY_NOW = 3'd2;
    localparam logic [2:0] WHY_ONLY = 3'd3;
    localparam logic [2:0] WHY_TRAP = 3'd4;
    localparam logic [2:0] WHY_MINIMAX = 3'd5;

    localparam int OPENING_DISCS = 4;  // defensive module while AI discs < this

    // connect4_ai's move answers the state present at its `start` edge once
    // AI_LATENCY edges have passed, counting that one (one shared evaluator
    // takes the eight positions a clock each, connect4_ai.sv); the mailbox
    // waits that long.
    localparam int AI_LATENCY = 12;

    // Tie order: centre first, then alternating outwards, left first.
    function automatic logic [2:0] tie_col(input int k);
        case (k)
            0: tie_col = 3'd3;
            1: tie_col = 3'd2;
            2: tie_col = 3'd4;
            3: tie_col = 3'd1;
            4: tie_col = 3'd5;
            5: tie_col = 3'd0;
            default: tie_col = 3'd6;
        endcase
    endfunction

    // Position of column c in the tie order (0 = first, the centre): the
    // inverse of tie_col.
    function automatic logic [2:0] tie_index(input int c);
        case (c)
            3: tie_index = 3'd0;
            2: tie_index = 3'd1;
            4: tie_index = 3'd2;
            1: tie_index = 3'd3;
            5: tie_index = 3'd4;
            0: tie_index = 3'd5;
            default: tie_index = 3'd6;
        endcase
    endfunction

    // Reductions over seven columns as a tree of three compares, not a
    // chain of seven: a key is {rank bits, column}, the rank bits unique per
    // column (they end with the tie position), so the larger of two keys is
    // well defined and the column travels with it.
    function automatic logic [11:0] key_max(input logic [11:0] a, input logic [11:0] b);
        key_max = (a[11:3] > b[11:3]) ? a : b;
    endfunction

    function automatic logic [11:0] key_min(input logic [11:0] a, input logic [11:0] b);
        key_min = (a[11:3] < b[11:3]) ? a : b;
    endfunction

    // A cell; off the board reads as 11 so runs stop at the edges.
    function automatic logic [1:0] cell_at(input state_t s, input int r, input int c);
        logic [6:0] idx;
        idx = 7'(14 * r + 2 * c);
        if (r < 0 || r >= ROWS || c < 0 || c >= COLS) cell_at = 2'b11;
        else cell_at = s[idx+:2];
    endfunction

    // The lowest empty row of column col; 6 when the column is full.
    function automatic logic [2:0] landing_row(input state_t s, input logic [2:0] col);
        logic [2:0] row;
        row = 3'd6;
        for (int r = ROWS - 1; r >= 0; r--)
            if (cell_at(s, r, 32'(col)) == CELL_EMPTY) row = 3'(r);
        landing_row = row;
    endfunction

    // Discs of p in a row from (r, c) in direction (dr, dc), excluding (r, c), up to 3.
    function automatic logic [2:0] run_len(input state_t s, input int r, input int c,
                                           input int dr, input int dc, input logic [1:0] p);
        logic [2:0] n;
        logic going;
        n = 3'd0;
        going = 1'b1;
        for (int k = 1; k <= 3; k++) begin
            if (going && cell_at(s, r + k * dr, c + k * dc) == p) n = n + 3'd1;
            else going = 1'b0;
        end
        run_len = n;
    endfunction

    // Line totals through (r, c) for p: {vertical (down), diag \, diag /, horizontal}.
    function automatic logic [11:0] line_totals(input state_t s, input int r, input int c,
                                                input logic [1:0] p);
        logic [2:0] h, d1, d2, v;
        h = run_len(s, r, c, 0, -1, p) + run_len(s, r, c, 0, 1, p);
        d1 = run_len(s, r, c, -1, -1, p) + run_len(s, r, c, 1, 1, p);
        d2 = run_len(s, r, c, 1, -1, p) + run_len(s, r, c, -1, 1, p);
        v = run_len(s, r, c, -1, 0, p);
        line_totals = {v, d2, d1, h};
    endfunction

    function automatic logic connects(input logic [11:0] t);
        connects = t[2:0] >= 3'd3 || t[5:3] >= 3'd3 || t[8:6] >= 3'd3 || t[11:9] >= 3'd3;
    endfunction

    // Profit weight of a line total: 1 disc 1, 2 discs (in a row or split) 4.
    function automatic logic [4:0] weight(input logic [2:0] total);
        weight = total == 3'd0 ? 5'd0 : total == 3'd1 ? 5'd1 : 5'd4;
    endfunction

    function automatic logic [4:0] profit(input logic [11:0] t);
        profit = weight(t[2:0]) + weight(t[5:3]) + weight(t[8:6]) + weight(t[11:9]);
    endfunction
endpackage

`default_nettype wire
