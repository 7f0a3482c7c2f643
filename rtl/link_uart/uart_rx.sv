// uart_rx.sv - 8N1 receiver with 16x oversampling (seed 001 "RX").
//
// Seed 001: "An FSM is used to wait after reset or completion of receiving
// a packet to prevent sampling after a spurious low value on the
// transmission line."  The FSM here waits three times (docs/link.md, "UART
// registers"):
//   - after reset and after a low stop bit, for 16 ticks (a whole bit) of
//     high line;
//   - after each byte, from the middle of its stop bit, for WAIT_BYTE ticks
//     of high line: a low there starts no start bit however long it lasts.
//     2 ticks is as long as the wait may be: a sender 2% fast begins its
//     next start bit 3.2 ticks early, i.e. 2.8 to 3.8 ticks after the stop
//     bit's middle as the receiver sees it;
//   - after a spurious low: a start bit whose line is high at two ticks in a
//     row before its middle was a glitch, and those two high ticks are the
//     wait; the next start bit is timed from its own falling edge.
// The line is synchronised by two flops.  A start bit whose majority of
// ticks 7, 8 and 9 is high was a glitch too (the false-start guard).  Each
// data bit and the stop bit is the majority of ticks 7, 8 and 9 of the bit,
// so a one-tick glitch does not flip a bit.
`default_nettype none
module uart_rx #(
    parameter int WAIT_BYTE = 2    // ticks of high line after a stop bit's middle
) (
    input  wire logic       clk,
    input  wire logic       rst,       // synchronous, active high
    input  wire logic       tick16,    // one clock per 1/16 bit
    input  wire logic       rx,        // the line (asynchronous)
    output logic [7:0]      data,      // the byte, valid with valid
    output logic            valid,     // one clock per byte received
    output logic            frame_err  // one clock when a stop bit was low
);
    typedef enum logic [2:0] {S_SETTLE, S_WAIT, S_IDLE, S_START, S_DATA, S_STOP} state_t;
    state_t      state;
    logic [1:0]  sync;
    logic        line;
    logic [3:0]  sub;
    logic [2:0]  bitnum;
    logic [1:0]  votes;  // samples at ticks 7, 8, 9 that were high (0..3)
    logic [7:0]  shift;
    logic        was_high;  // S_START: the previous tick's line was high

    assign line = sync[1];

    always_ff @(posedge clk) begin
        if (rst) sync <= 2'b11;
        else     sync <= {sync[0], rx};
    end

    wire bit_high = (votes + {1'b0, (sub == 4'd9) & line}) >= 2'd2;

    always_ff @(posedge clk) begin
        valid     <= 1'b0;
        frame_err <= 1'b0;
        if (rst) begin
            state  <= S_SETTLE;
            sub    <= 4'd0;
            bitnum <= 3'd0;
            votes  <= 2'd0;
            shift  <= 8'd0;
            data   <= 8'd0;
            was_high <= 1'b0;
        end else if (tick16) begin
            case (state)
            S_SETTLE: begin  // a whole bit of idle line
                if (!line) sub <= 4'd0;
                else if (sub == 4'd15) begin
                    sub   <= 4'd0;
                    state <= S_IDLE;
                end else sub <= sub + 4'd1;
            end
            S_WAIT: begin  // WAIT_BYTE ticks of idle line after a byte
                if (!line) sub <= 4'd0;
                else if (sub == 4'(WAIT_BYTE - 1)) begin
                    sub   <= 4'd0;
                    state <= S_IDLE;
                end else sub <= sub + 4'd1;
            end
            S_IDLE: begin
                sub <= 4'd0;
                if (!line) begin
                    state    <= S_START;
                    sub      <= 4'd1;
                    votes    <= 2'd0;
                    was_high <= 1'b0;
                end
            end
            S_START: begin
                was_high <= line;
                if ((sub == 4'd7 || sub == 4'd8) && line) votes <= votes + 2'd1;
                if (sub <= 4'd9 && line && was_high) begin
                    state <= S_IDLE;  // a spurious low, and two ticks of idle line after it
                    sub   <= 4'd0;
                    votes <= 2'd0;
                end else if (sub == 4'd9 && bit_high) begin
                    state <= S_WAIT;  // a glitch, not a start bit: wait for idle line
                    sub   <= 4'd0;
                    votes <= 2'd0;
                end else if (sub == 4'd15) begin
                    sub    <= 4'd0;
                    bitnum <= 3'd0;
                    votes  <= 2'd0;
                    state  <= S_DATA;
                end else sub <= sub + 4'd1;
            end
            S_DATA, S_STOP: begin
                if ((sub == 4'd7 || sub == 4'd8) && line) votes <= votes + 2'd1;
                if (sub == 4'd9) begin
                    if (state == S_DATA) begin
                        shift <= {bit_high, shift[7:1]};
                        sub   <= sub + 4'd1;
                    end else begin
                        // Stop bit: judged at its middle; then the wait, no
                        // longer than a fast sender's next start bit allows.
                        if (bit_high) begin
                            data  <= shift;
                            valid <= 1'b1;
                            state <= S_WAIT;
                        end else begin
                            frame_err <= 1'b1;
                            state     <= S_SETTLE;
                        end
                        sub <= 4'd0;
                    end
                end else if (sub == 4'd15) begin
                    sub   <= 4'd0;
                    votes <= 2'd0;
                    if (bitnum == 3'd7) state <= S_STOP;
                    else bitnum <= bitnum + 3'd1;
                end else sub <= sub + 4'd1;
            end
            default: state <= S_SETTLE;
            endcase
        end
    end
endmodule

`default_nettype wire
