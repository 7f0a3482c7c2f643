// uart_tx.sv - 8N1 transmitter (seed 001 "TX": a shift buffer sends the
// 8-bit move one bit at a time at 9600 baud).  One bit lasts 16 ticks of the
// shared 16x oversampling strobe, so TX and RX run from one baud divisor.
`default_nettype none
module uart_tx (
    input  wire logic       clk,
    input  wire logic       rst,     // synchronous, active high
    input  wire logic       tick16,  // one clock per 1/16 bit
    input  wire logic [7:0] data,    // byte to send, taken when start && !busy
    input  wire logic       start,
    output logic            busy,    // 1 from start until the stop bit ends
    output logic            tx       // the line: idle high
);
    logic [9:0] shift;   // stop, data[7:0], start; LSB goes out first
    logic [3:0] bitnum;  // 0..9
    logic [3:0] sub;     // 0..15 ticks inside a bit

    always_ff @(posedge clk) begin
        if (rst) begin
            shift  <= 10'h3FF;
            bitnum <= 4'd0;
            sub    <= 4'd0;
            busy   <= 1'b0;
            tx     <= 1'b1;
        end else if (!busy) begin
            tx <= 1'b1;
            if (start) begin
                shift  <= {1'b1, data, 1'b0};
                bitnum <= 4'd0;
                sub    <= 4'd0;
                busy   <= 1'b1;
            end
        end else if (tick16) begin
            tx <= shift[0];
            if (sub == 4'd15) begin
                sub   <= 4'd0;
                shift <= {1'b1, shift[9:1]};
                if (bitnum == 4'd9) busy <= 1'b0;
                else bitnum <= bitnum + 4'd1;
            end else begin
                sub <= sub + 4'd1;
            end
        end
    end
endmodule

`default_nettype wire
