// uart_rx.sv - 8N1 receiver with 16x oversampling (seed 001 "RX").
//
// The line is synchronised by two flops.  A falling edge starts a start
// bit; at its middle (the majority of ticks 7, 8, 9) the line must still be
// low, else it was a glitch and the receiver goes back to idle (the false-start guard).  Each
// data bit and the stop bit is the majority of ticks 7, 8 and 9 of the bit,
// so a one-tick glitch does not flip a bit.  After reset and after a bad
// stop bit the receiver waits for a whole bit time of idle line before it
// looks for a start bit again (seed 001: "wait after reset ... to prevent
// sampling after a spurious low value on the transmission line").
module uart_rx (
    input  wire logic       clk,
    input  wire logic       rst,       // synchronous, active high
    input  wire logic       tick16,    // one clock per 1/16 bit
    input  wire logic       rx,        // the line (asynchronous)
    output logic [7:0]      data,      // the byte, valid with valid
    output logic            valid,     // one clock per byte received
    output logic            frame_err  // one clock when a stop bit was low
);
    typedef enum logic [2:0] {S_SETTLE, S_IDLE, S_START, S_DATA, S_STOP} state_t;
    state_t      state;
    logic [1:0]  sync;
    logic        line;
    logic [3:0]  sub;
    logic [2:0]  bitnum;
    logic [1:0]  votes;  // samples at ticks 7, 8, 9 that were high (0..3)
    logic [7:0]  shift;

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
        end else if (tick16) begin
            case (state)
            S_SETTLE: begin  // a whole bit of idle line
                if (!line) sub <= 4'd0;
                else if (sub == 4'd15) begin
                    sub   <= 4'd0;
                    state <= S_IDLE;
                end else sub <= sub + 4'd1;
            end
            S_IDLE: begin
                sub <= 4'd0;
                if (!line) begin
                    state <= S_START;
                    sub   <= 4'd1;
                    votes <= 2'd0;
                end
            end
            S_START: begin
                if ((sub == 4'd7 || sub == 4'd8) && line) votes <= votes + 2'd1;
                if (sub == 4'd9 && bit_high) begin
                    state <= S_IDLE;  // a glitch, not a start bit
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
                        // Stop bit: judged at its middle, so the next start
                        // bit may come as early as the transmitter likes.
                        if (bit_high) begin
                            data  <= shift;
                            valid <= 1'b1;
                            state <= S_IDLE;
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
