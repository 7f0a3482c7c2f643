// link_uart_regs.svh - made by tools/regmap.py from link_uart_regs.def: edit
// that file and run `tools/regmap.py sv` (the test regmap-current compares).
// seed 001: the serial link UART, 8N1, 16-byte FIFOs each way, LW 0x3000
`ifndef LINK_UART_REGS_SVH
`define LINK_UART_REGS_SVH

// Word addresses (byte offset / 4), 3 bits as avs_address.
`define LINK_UART_REG_DATA 3'd0
`define LINK_UART_REG_STATUS 3'd1
`define LINK_UART_REG_DIVISOR 3'd2
`define LINK_UART_REG_CONTROL 3'd3
// Field bit positions.
`define LINK_UART_DATA_BYTE_LSB 0
`define LINK_UART_DATA_BYTE_MSB 7
`define LINK_UART_DATA_VALID 8
`define LINK_UART_STATUS_RX 0
`define LINK_UART_STATUS_TX_FULL 1
`define LINK_UART_STATUS_TX_IDLE 2
`define LINK_UART_STATUS_OVERRUN 3
`define LINK_UART_STATUS_FRAMING 4
`define LINK_UART_STATUS_RX_COUNT_LSB 8
`define LINK_UART_STATUS_RX_COUNT_MSB 12
`define LINK_UART_STATUS_TX_COUNT_LSB 16
`define LINK_UART_STATUS_TX_COUNT_MSB 20
`define LINK_UART_DIVISOR_CLOCKS_LSB 0
`define LINK_UART_DIVISOR_CLOCKS_MSB 15
`define LINK_UART_CONTROL_LOOPBACK 0
// Values.
`define LINK_UART_DEPTH 32'h00000010
`define LINK_UART_DIV_9600 32'h00000146

`endif
