// link_uart.sv - the serial link UART of seed 001 at LW 0x3000 (docs/link.md,
// "UART registers"): 9600 baud 8N1 from the 50 MHz clock, 16-byte FIFOs each
// way, polled registers, no interrupt.
//
//   word 0 DATA    W: [7:0] pushed into the TX FIFO (dropped when full, counted)
//                  R: [7:0] the oldest received byte, [8] 1 if there was one;
//                     the read pops it
//   word 1 STATUS  R: [0] RX not empty, [1] TX full, [2] TX idle (FIFO empty and
//                     the line idle), [3] RX overrun (sticky), [4] framing error
//                     (sticky), [12:8] RX count, [20:16] TX count
//                  W: 1s in [4:3] clear those sticky bits
//   word 2 DIVISOR R/W: [15:0] clocks per 1/16 bit (default 326: 50 MHz /
//                     (16 x 326) = 9585.9 baud, -0.15%); 0 is taken as 1
//   word 3 CONTROL R/W: [0] loopback (TX drives RX inside, the pin stays idle)
//   words 4-7      read 0
`default_nettype none
`include "link_uart_regs.svh" // the register map, made from link_uart_regs.def

module link_uart #(
    parameter int DEFAULT_DIV = 326
) (
    input  wire logic        clk,
    input  wire logic        rst,            // synchronous, active high
    input  wire logic [2:0]  avs_address,    // word 0-7
    input  wire logic        avs_read,
    input  wire logic        avs_write,
    /* verilator lint_off UNUSEDSIGNAL */
    input  wire logic [31:0] avs_writedata,  // [31:16] unused
    /* verilator lint_on UNUSEDSIGNAL */
    output logic      [31:0] avs_readdata,   // one clock after avs_read
    input  wire logic        uart_rx,        // pin from the HC-05's TXD
    output logic             uart_tx         // pin to the HC-05's RXD
);
    localparam int DEPTH = 16;

    // ---- baud: one tick16 strobe every div clocks
    logic [15:0] div, cnt;
    logic        tick16;
    always_ff @(posedge clk) begin
        if (rst) begin
            cnt    <= 16'd0;
            tick16 <= 1'b0;
        end else if (cnt + 16'd1 >= div) begin
            cnt    <= 16'd0;
            tick16 <= 1'b1;
        end else begin
            cnt    <= cnt + 16'd1;
            tick16 <= 1'b0;
        end
    end

    // ---- FIFOs (registers; 16 x 8 bits each way)
    logic [7:0] txq [DEPTH];
    logic [7:0] rxq [DEPTH];
    logic [3:0] tx_head, rx_head;
    logic [4:0] tx_count, rx_count;
    logic       overrun, ferr, loopback;

    logic       tx_busy, tx_line, tx_start;
    logic [7:0] rx_data;
    logic       rx_valid, rx_ferr;

    logic tx_start_q;  // the shifter is busy one clock after start: no double start
    assign tx_start = !tx_busy && tx_count != 5'd0 && !tx_start_q;

    uart_tx u_tx (.clk(clk), .rst(rst), .tick16(tick16), .data(txq[tx_head]), .start(tx_start),
                  .busy(tx_busy), .tx(tx_line));
    uart_rx u_rx (.clk(clk), .rst(rst), .tick16(tick16), .rx(loopback ? tx_line : uart_rx),
                  .data(rx_data), .valid(rx_valid), .frame_err(rx_ferr));

    assign uart_tx = loopback ? 1'b1 : tx_line;

    wire push_tx = avs_write && avs_address == `LINK_UART_REG_DATA && tx_count != 5'(DEPTH);
    wire pop_rx  = avs_read && avs_address == `LINK_UART_REG_DATA && rx_count != 5'd0;
    wire push_rx = rx_valid && rx_count != 5'(DEPTH);

    always_ff @(posedge clk) begin
        if (rst) begin
            tx_head    <= 4'd0;
            rx_head    <= 4'd0;
            tx_count   <= 5'd0;
            rx_count   <= 5'd0;
            overrun    <= 1'b0;
            ferr       <= 1'b0;
            loopback   <= 1'b0;
            div        <= 16'(DEFAULT_DIV);
            tx_start_q <= 1'b0;
            avs_readdata <= 32'd0;
        end else begin
            tx_start_q <= tx_start;
            // TX FIFO: push from the bus, pop when the shifter starts a byte.
            if (push_tx) txq[4'(tx_head + tx_count[3:0])] <= avs_writedata[7:0];
            if (tx_start) tx_head <= tx_head + 4'd1;
            tx_count <= tx_count + {4'd0, push_tx} - {4'd0, tx_start};
            // RX FIFO: push from the receiver, pop by reading DATA.
            if (push_rx) rxq[4'(rx_head + rx_count[3:0])] <= rx_data;
            if (pop_rx) rx_head <= rx_head + 4'd1;
            rx_count <= rx_count + {4'd0, push_rx} - {4'd0, pop_rx};
            if (rx_valid && rx_count == 5'(DEPTH)) overrun <= 1'b1;
            if (rx_ferr) ferr <= 1'b1;
            if (avs_write) begin
                case (avs_address)
                `LINK_UART_REG_STATUS: begin
                    if (avs_writedata[3]) overrun <= 1'b0;
                    if (avs_writedata[4]) ferr <= 1'b0;
                end
                `LINK_UART_REG_DIVISOR: div <= avs_writedata[15:0] == 16'd0 ? 16'd1 : avs_writedata[15:0];
                `LINK_UART_REG_CONTROL: loopback <= avs_writedata[0];
                default: ;
                endcase
            end
            if (avs_read) begin
                case (avs_address)
                `LINK_UART_REG_DATA: avs_readdata <= {23'd0, rx_count != 5'd0, rx_count != 5'd0 ? rxq[rx_head] : 8'd0};
                `LINK_UART_REG_STATUS: avs_readdata <= {11'd0, tx_count, 3'd0, rx_count, 3'd0, ferr, overrun,
                                       tx_count == 5'd0 && !tx_busy && !tx_start_q,
                                       tx_count == 5'(DEPTH), rx_count != 5'd0};
                `LINK_UART_REG_DIVISOR: avs_readdata <= {16'd0, div};
                `LINK_UART_REG_CONTROL: avs_readdata <= {31'd0, loopback};
                default: avs_readdata <= 32'd0;
                endcase
            end
        end
    end
endmodule

`default_nettype wire
