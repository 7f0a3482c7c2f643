// connect4_mailbox.sv - the seed 004 mailbox at LW bridge offset 0x1000:
// eight 32-bit words of "shared SRAM" and the FPGA-side FSM that polls the
// flag, reads the six rows (3 clocks a read, as the seed's on-chip SRAM),
// lets the AI compute the move (1 + AI_LATENCY clocks: the seed's single
// clock does not meet 50 MHz, docs/connect4.md) and writes it back.  hal/c4_model.c is the
// cycle-exact C model; docs/connect4.md has the protocol.
//
//   word 0  flag   HPS writes 1 after the rows: "new position"; the FSM
//                  writes 2 when word 7 holds the answer
//   words 1-6      the six 14-bit rows, bottom row first
//   word 7  move   [2:0] column 0-6 (7: none), [6:4] why (connect4_ai.sv)
`default_nettype none
`include "connect4_regs.svh" // the register map, made from connect4_regs.def

module connect4_mailbox
(
    input  wire logic        clk,            // 50 MHz
    input  wire logic        rst,            // synchronous, active high
    input  wire logic        ai_rst,         // the HPS's reset PIO (seed 004, LW 0x1020 bit 0): synchronous, active high
    // Avalon-MM slave (HPS side), word addressed, read latency 1.
    input  wire logic [2:0]  avs_address,    // word 0-7
    input  wire logic        avs_read,       // read strobe
    input  wire logic        avs_write,      // write strobe
    input  wire logic [31:0] avs_writedata,  // word written
    output logic      [31:0] avs_readdata,   // mem[avs_address] one clock after avs_read
    output logic             busy            // 1 from the flag being seen until the answer is written
);
    localparam logic [31:0] FLAG_NEW = `C4_FLAG_NEW;
    localparam logic [31:0] FLAG_DONE = `C4_FLAG_DONE;

    typedef enum logic [2:0] {
        S_ADDR,        // present the SRAM address
        S_WAIT,        // SRAM read cycle
        S_DATA,        // use the word read
        S_COMPUTE,     // 1 + AI_LATENCY clocks: the AI is started, its move is registered
        S_WRITE_MOVE,  // word 7 <= move
        S_WRITE_FLAG   // word 0 <= 2
    } state_e;

    logic [31:0] mem[8];
    state_e fsm;
    logic [2:0] idx;  // word being read: 0 flag, 1-6 rows
    logic [2:0] ram_addr;
    logic [31:0] ram_q;
    logic [13:0] rows[connect4_pkg::ROWS];
    logic [7:0] move_q;
    logic [3:0] wait_q;  // clocks spent in S_COMPUTE

    connect4_pkg::state_t ai_state;
    logic [7:0] ai_move;
    always_comb begin
        for (int r = 0; r < connect4_pkg::ROWS; r++) ai_state[14*r+:14] = rows[r];
    end

    /* verilator lint_off PINCONNECTEMPTY */
    logic ai_start;
    assign ai_start = fsm == S_COMPUTE && wait_q == 4'd0;

    connect4_ai ai_inst (
        .clk          (clk),
        .rst          (rst || ai_rst),
        .start        (ai_start),
        .state        (ai_state),
        .move         (ai_move),
        .dbg_legal    (),
        .dbg_ai_discs (),
        .dbg_now_value(),
        .dbg_now_col  (),
        .dbg_human_max(),
        .dbg_human_win(),
        .dbg_trap     (),
        .dbg_min_col  ()
    );
    /* verilator lint_on PINCONNECTEMPTY */

    assign busy = idx != 3'd0 || fsm == S_COMPUTE || fsm == S_WRITE_MOVE || fsm == S_WRITE_FLAG;

    always_ff @(posedge clk) begin
        if (rst || ai_rst) begin
            fsm <= S_ADDR;
            idx <= 3'd0;
            ram_addr <= 3'd0;
            ram_q <= 32'd0;
            move_q <= 8'd0;
            wait_q <= 4'd0;
            for (int i = 0; i < 8; i++) mem[i] <= 32'd0;
            for (int r = 0; r < connect4_pkg::ROWS; r++) rows[r] <= 14'd0;
            avs_readdata <= 32'd0;
        end else begin
            // The word as it was before this clock's writes.
            if (avs_read) avs_readdata <= mem[avs_address];
            case (fsm)
                S_ADDR: begin
                    ram_addr <= idx;
                    fsm <= S_WAIT;
                end
                S_WAIT: begin
                    ram_q <= mem[ram_addr];
                    fsm <= S_DATA;
                end
                S_DATA: begin
                    fsm <= S_ADDR;
                    if (idx == 3'd0) begin
                        if (ram_q == FLAG_NEW) idx <= 3'd1;
                    end else begin
                        rows[idx-3'd1] <= ram_q[13:0];
                        if (idx == 3'd6) fsm <= S_COMPUTE;
                        else idx <= idx + 3'd1;
                    end
                end
                S_COMPUTE: begin
                    // The rows have been stable since S_DATA; the AI reads
                    // them at the first clock here (ai_start) and its move
                    // answers them AI_LATENCY edges later, counting that one.
                    // edges the AI's output answers them.
                    if (wait_q == 4'(connect4_pkg::AI_LATENCY)) begin
                        move_q <= ai_move;
                        wait_q <= 4'd0;
                        fsm <= S_WRITE_MOVE;
                    end else begin
                        wait_q <= wait_q + 4'd1;
                    end
                end
                S_WRITE_MOVE: begin
                    mem[7] <= {24'd0, move_q};
                    fsm <= S_WRITE_FLAG;
                end
                S_WRITE_FLAG: begin
                    mem[0] <= FLAG_DONE;
                    idx <= 3'd0;
                    fsm <= S_ADDR;
                end
                default: fsm <= S_ADDR;
            endcase
            // The HPS wins a write to the same word in the same clock.
            if (avs_write) mem[avs_address] <= avs_writedata;
        end
    end

endmodule

`default_nettype wire
