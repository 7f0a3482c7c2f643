// connect4_parity_top.sv - Verilator top for the parity test: the AI compute
// module on its own (driven with any state, clocked with the mailbox) next to
// a mailbox, so one Verilated model checks both against the C models.
`default_nettype none

module connect4_parity_top
(
    input  wire logic        clk,            // mailbox clock
    input  wire logic        rst,            // mailbox synchronous reset
    input  wire logic        ai_rst,         // seed 004's reset PIO (bit 0), synchronous, active high
    input  wire logic [2:0]  avs_address,    // mailbox word
    input  wire logic        avs_read,       // read strobe
    input  wire logic        avs_write,      // write strobe
    input  wire logic [31:0] avs_writedata,  // word written
    output logic      [31:0] avs_readdata,   // word read (latency 1)
    output logic             busy,           // mailbox FSM working
    input  wire logic        start,          // the AI: read `state` now
    input  wire connect4_pkg::state_t state, // the AI's input (answered AI_LATENCY edges after start)
    output logic      [7:0]  move,           // the AI's move word
    output logic      [6:0]  dbg_legal,
    output logic      [5:0]  dbg_ai_discs,
    output logic      [4:0]  dbg_now_value,
    output logic      [2:0]  dbg_now_col,
    output logic      [34:0] dbg_human_max,
    output logic      [6:0]  dbg_human_win,
    output logic      [6:0]  dbg_trap,
    output logic      [2:0]  dbg_min_col
);
    connect4_ai ai_inst (
        .clk,
        .rst,
        .start,
        .state,
        .move,
        .dbg_legal,
        .dbg_ai_discs,
        .dbg_now_value,
        .dbg_now_col,
        .dbg_human_max,
        .dbg_human_win,
        .dbg_trap,
        .dbg_min_col
    );

    connect4_mailbox mailbox_inst (
        .clk,
        .rst,
        .ai_rst,
        .avs_address,
        .avs_read,
        .avs_write,
        .avs_writedata,
        .avs_readdata,
        .busy
    );
endmodule

`default_nettype wire
