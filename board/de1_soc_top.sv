// de1_soc_top.sv - DE1-SoC (5CSEMA5F31C6) top level for tabletop: the pins
// of the board, wired to the Platform Designer system soc_system that
// docs/board.md builds (HPS + SDRAM controller + go_peripheral + audio core
// + connect4_mailbox, the Connect Four AI of seed 004 at LW 0x1000
// + link_uart, the serial link of seed 001 at LW 0x3000, pins on GPIO_0
// + othello_machine, seed 003's Othello machine at LW 0x2000
// + seven_seg, the six digits HEX5..HEX0 at LW 0x5000
// + tile_display, seed 002's tile display at LW 0x6000: it has the VGA pins
// while its CTRL.ENABLE bit (vga_drive) is set, go_peripheral otherwise).
//
// Pin names are those of the DE1-SoC User Manual and board/tabletop.qsf.
// The board's VGA DAC (ADV7123) has 8-bit channels; go_peripheral drives
// RGB444, and each 4-bit value v reaches its DAC channel as v*17, the
// nibble repeated ({v, v}: 0x0 -> 0x00, 0x8 -> 0x88, 0xF -> 0xFF), as the
// PNGs of every backend store it (seed 000, ARCHITECTURE.md "Frames"), so
// full white is the DAC's full scale.  (A low nibble of 0 would leave
// white at 0xF0, 94% of the range.)
//
// Seed 004's reset PIO: an Altera PIO (1 bit, output) at LW 0x1020,
// exported as c4_reset, drives connect4_mailbox's ai_rst through the
// connect4 conduit; the HPS pulses it before each game (docs/connect4.md).
//
// The soc_system port names follow the export names of docs/board.md
// ("Platform Designer system"); Platform Designer makes them
// <export>_<signal role>.  Not synthesised here: Quartus does not run in CI.
`default_nettype none

module de1_soc_top (
    // ---- FPGA side ---------------------------------------------------------
    input  wire logic        CLOCK_50,          // 50 MHz oscillator
    input  wire logic [3:0]  KEY,               // push buttons, active low; KEY[0] resets the FPGA logic
    output      logic [9:0]  LEDR,              // LEDR[0]: VGA heartbeat; LEDR[1]: toggles per Connect Four answer
    output      logic [6:0]  HEX0,              // seven-segment digits, [k] = segment a..g,
    output      logic [6:0]  HEX1,              //   active low (0 = lit); seven_seg at LW 0x5000
    output      logic [6:0]  HEX2,
    output      logic [6:0]  HEX3,
    output      logic [6:0]  HEX4,
    output      logic [6:0]  HEX5,              // the leftmost digit

    // Serial link to an HC-05 Bluetooth module on the GPIO_0 header (seed 001;
    // wiring in docs/board.md): GPIO_0[0] -> HC-05 RXD, GPIO_0[1] <- HC-05 TXD.
    output      logic        GPIO_0_LINK_TX,    // GPIO_0[0], header pin 1
    input  wire logic        GPIO_0_LINK_RX,    // GPIO_0[1], header pin 2

    output      logic [7:0]  VGA_R,             // ADV7123 DAC inputs
    output      logic [7:0]  VGA_G,
    output      logic [7:0]  VGA_B,
    output      logic        VGA_HS,            // active low
    output      logic        VGA_VS,            // active low
    output      logic        VGA_BLANK_N,       // low outside the visible area
    output      logic        VGA_SYNC_N,        // sync on green: off (low)
    output      logic        VGA_CLK,           // 25 MHz DAC clock

    input  wire logic        AUD_ADCDAT,        // WM8731 (codec in master mode)
    inout  wire logic        AUD_ADCLRCK,
    inout  wire logic        AUD_BCLK,
    output      logic        AUD_DACDAT,
    inout  wire logic        AUD_DACLRCK,
    output      logic        AUD_XCK,           // 12.288 MHz codec master clock
    output      logic        FPGA_I2C_SCLK,     // codec configuration
    inout  wire logic        FPGA_I2C_SDAT,

    output      logic [12:0] DRAM_ADDR,         // 64 MB SDRAM: the framebuffers
    output      logic [1:0]  DRAM_BA,
    output      logic        DRAM_CAS_N,
    output      logic        DRAM_CKE,
    output      logic        DRAM_CLK,
    output      logic        DRAM_CS_N,
    inout  wire logic [15:0] DRAM_DQ,
    output      logic        DRAM_LDQM,
    output      logic        DRAM_RAS_N,
    output      logic        DRAM_UDQM,
    output      logic        DRAM_WE_N,

    // ---- HPS side (locations fixed by the HPS; see tabletop.qsf) ------------
    output      logic [14:0] HPS_DDR3_ADDR,
    output      logic [2:0]  HPS_DDR3_BA,
    output      logic        HPS_DDR3_CAS_N,
    output      logic        HPS_DDR3_CKE,
    output      logic        HPS_DDR3_CK_N,
    output      logic        HPS_DDR3_CK_P,
    output      logic        HPS_DDR3_CS_N,
    output      logic [3:0]  HPS_DDR3_DM,
    inout  wire logic [31:0] HPS_DDR3_DQ,
    inout  wire logic [3:0]  HPS_DDR3_DQS_N,
    inout  wire logic [3:0]  HPS_DDR3_DQS_P,
    output      logic        HPS_DDR3_ODT,
    output      logic        HPS_DDR3_RAS_N,
    output      logic        HPS_DDR3_RESET_N,
    input  wire logic        HPS_DDR3_RZQ,
    output      logic        HPS_DDR3_WE_N,

    output      logic        HPS_ENET_GTX_CLK,  // Ethernet: scp the binary over it
    inout  wire logic        HPS_ENET_INT_N,
    output      logic        HPS_ENET_MDC,
    inout  wire logic        HPS_ENET_MDIO,
    input  wire logic        HPS_ENET_RX_CLK,
    input  wire logic [3:0]  HPS_ENET_RX_DATA,
    input  wire logic        HPS_ENET_RX_DV,
    output      logic [3:0]  HPS_ENET_TX_DATA,
    output      logic        HPS_ENET_TX_EN,

    output      logic        HPS_SD_CLK,        // the SD card Linux boots from
    inout  wire logic        HPS_SD_CMD,
    inout  wire logic [3:0]  HPS_SD_DATA,

    input  wire logic        HPS_USB_CLKOUT,    // USB host (ULPI): the keyboard
    inout  wire logic [7:0]  HPS_USB_DATA,
    input  wire logic        HPS_USB_DIR,
    input  wire logic        HPS_USB_NXT,
    output      logic        HPS_USB_STP,
    inout  wire logic        HPS_CONV_USB_N,

    input  wire logic        HPS_UART_RX,       // serial console (USB-UART)
    output      logic        HPS_UART_TX,

    inout  wire logic        HPS_I2C1_SCLK,
    inout  wire logic        HPS_I2C1_SDAT,
    inout  wire logic        HPS_I2C2_SCLK,
    inout  wire logic        HPS_I2C2_SDAT,
    inout  wire logic        HPS_I2C_CONTROL,
    inout  wire logic        HPS_GSENSOR_INT,
    inout  wire logic        HPS_KEY,
    inout  wire logic        HPS_LED,
    inout  wire logic        HPS_LTC_GPIO,
    output      logic        HPS_SPIM_CLK,
    input  wire logic        HPS_SPIM_MISO,
    output      logic        HPS_SPIM_MOSI,
    inout  wire logic        HPS_SPIM_SS
);
    // The VGA pins: go_peripheral's, or the tile display's (seed 002, issue
    // 19) while its CTRL.ENABLE (tile_drive) is set.  Both scan 640x480@60
    // with the same timing from the same 50 MHz clock (docs/tile_display.md);
    // a monitor resyncs within a frame when the choice changes.
    logic [3:0] gp_r4, gp_g4, gp_b4, td_r4, td_g4, td_b4;
    logic       gp_hs, gp_vs, gp_blank_n, gp_sync_n, gp_clk;
    logic       td_hs, td_vs, td_blank_n, td_sync_n, td_clk, tile_drive;
    logic [3:0] vga_r4, vga_g4, vga_b4;
    assign vga_r4      = tile_drive ? td_r4 : gp_r4;
    assign vga_g4      = tile_drive ? td_g4 : gp_g4;
    assign vga_b4      = tile_drive ? td_b4 : gp_b4;
    assign VGA_HS      = tile_drive ? td_hs : gp_hs;
    assign VGA_VS      = tile_drive ? td_vs : gp_vs;
    assign VGA_BLANK_N = tile_drive ? td_blank_n : gp_blank_n;
    assign VGA_SYNC_N  = tile_drive ? td_sync_n : gp_sync_n;
    assign VGA_CLK     = tile_drive ? td_clk : gp_clk;

    // The chosen RGB444, widened for the DAC.
    assign VGA_R = {vga_r4, vga_r4};
    assign VGA_G = {vga_g4, vga_g4};
    assign VGA_B = {vga_b4, vga_b4};

    // The reset PIO's output, into the Connect Four mailbox.
    logic c4_ai_rst;

    // LEDR[0] toggles every 32 frames while the VGA controller scans.
    logic       vs_prev;
    logic [5:0] vs_count;
    always_ff @(posedge CLOCK_50) begin
        vs_prev <= VGA_VS;
        if (vs_prev && !VGA_VS)
            vs_count <= vs_count + 6'd1;
    end

    // LEDR[1] toggles each time the Connect Four mailbox finishes an answer
    // (its busy falls): a move computed by the FPGA is visible on the board.
    logic c4_busy, c4_busy_prev, c4_led;
    always_ff @(posedge CLOCK_50) begin
        c4_busy_prev <= c4_busy;
        if (c4_busy_prev && !c4_busy)
            c4_led <= !c4_led;
    end
    // LEDR[2] toggles each time the go_rules peripheral finishes a decision
    // or a territory count (its busy falls).
    logic gr_busy, gr_busy_prev, gr_led;
    always_ff @(posedge CLOCK_50) begin
        gr_busy_prev <= gr_busy;
        if (gr_busy_prev && !gr_busy)
            gr_led <= !gr_led;
    end
    // LEDR[3] toggles each time the Othello machine (seed 003) settles: an
    // answer on the Black port (its active falls).
    logic oth_active, oth_active_prev, oth_led;
    always_ff @(posedge CLOCK_50) begin
        oth_active_prev <= oth_active;
        if (oth_active_prev && !oth_active)
            oth_led <= !oth_led;
    end
    assign LEDR = {6'b0, oth_led, gr_led, c4_led, vs_count[5]};

    logic [1:0] dram_dqm;
    assign DRAM_LDQM = dram_dqm[0];
    assign DRAM_UDQM = dram_dqm[1];

    soc_system soc_inst (
        .clk_clk                               (CLOCK_50),
        .reset_reset_n                         (KEY[0]),

        // go_peripheral's vga conduit
        .vga_r                                 (gp_r4),
        .vga_g                                 (gp_g4),
        .vga_b                                 (gp_b4),
        .vga_hs                                (gp_hs),
        .vga_vs                                (gp_vs),
        .vga_blank_n                           (gp_blank_n),
        .vga_sync_n                            (gp_sync_n),
        .vga_clk                               (gp_clk),

        // tile_display's vga conduit (exported as tile)
        .tile_vga_r                            (td_r4),
        .tile_vga_g                            (td_g4),
        .tile_vga_b                            (td_b4),
        .tile_vga_hs                           (td_hs),
        .tile_vga_vs                           (td_vs),
        .tile_vga_blank_n                      (td_blank_n),
        .tile_vga_sync_n                       (td_sync_n),
        .tile_vga_clk                          (td_clk),
        .tile_vga_drive                        (tile_drive),

        // connect4_mailbox's status conduit (exported as connect4)
        .connect4_busy                         (c4_busy),
        .connect4_ai_rst                       (c4_ai_rst),

        // seed 004's reset PIO (c4_reset_pio, LW 0x1020), exported as c4_reset
        .c4_reset_export                       (c4_ai_rst),

        // go_rules's status conduit (exported as go_rules)
        .go_rules_busy                         (gr_busy),

        // othello_machine's status conduit (exported as othello)
        .othello_active                        (oth_active),

        // link_uart's serial conduit (exported as link_uart)
        .link_uart_uart_rx                     (GPIO_0_LINK_RX),
        .link_uart_uart_tx                     (GPIO_0_LINK_TX),

        // seven_seg's pins conduit (exported as seven_seg)
        .seven_seg_hex0_n                      (HEX0),
        .seven_seg_hex1_n                      (HEX1),
        .seven_seg_hex2_n                      (HEX2),
        .seven_seg_hex3_n                      (HEX3),
        .seven_seg_hex4_n                      (HEX4),
        .seven_seg_hex5_n                      (HEX5),

        // University Program audio core, its clock and the codec configuration
        .audio_ADCDAT                          (AUD_ADCDAT),
        .audio_ADCLRCK                         (AUD_ADCLRCK),
        .audio_BCLK                            (AUD_BCLK),
        .audio_DACDAT                          (AUD_DACDAT),
        .audio_DACLRCK                         (AUD_DACLRCK),
        .audio_clk_clk                         (AUD_XCK),
        .av_config_SDAT                        (FPGA_I2C_SDAT),
        .av_config_SCLK                        (FPGA_I2C_SCLK),

        // SDRAM controller and its phase-shifted clock
        .sdram_addr                            (DRAM_ADDR),
        .sdram_ba                              (DRAM_BA),
        .sdram_cas_n                           (DRAM_CAS_N),
        .sdram_cke                             (DRAM_CKE),
        .sdram_cs_n                            (DRAM_CS_N),
        .sdram_dq                              (DRAM_DQ),
        .sdram_dqm                             (dram_dqm),
        .sdram_ras_n                           (DRAM_RAS_N),
        .sdram_we_n                            (DRAM_WE_N),
        .sdram_clk_clk                         (DRAM_CLK),

        // HPS DDR3
        .memory_mem_a                          (HPS_DDR3_ADDR),
        .memory_mem_ba                         (HPS_DDR3_BA),
        .memory_mem_ck                         (HPS_DDR3_CK_P),
        .memory_mem_ck_n                       (HPS_DDR3_CK_N),
        .memory_mem_cke                        (HPS_DDR3_CKE),
        .memory_mem_cs_n                       (HPS_DDR3_CS_N),
        .memory_mem_ras_n                      (HPS_DDR3_RAS_N),
        .memory_mem_cas_n                      (HPS_DDR3_CAS_N),
        .memory_mem_we_n                       (HPS_DDR3_WE_N),
        .memory_mem_reset_n                    (HPS_DDR3_RESET_N),
        .memory_mem_dq                         (HPS_DDR3_DQ),
        .memory_mem_dqs                        (HPS_DDR3_DQS_P),
        .memory_mem_dqs_n                      (HPS_DDR3_DQS_N),
        .memory_mem_odt                        (HPS_DDR3_ODT),
        .memory_mem_dm                         (HPS_DDR3_DM),
        .memory_oct_rzqin                      (HPS_DDR3_RZQ),

        // HPS peripherals, pin-muxed as on the board's SD card image
        .hps_io_hps_io_emac1_inst_TX_CLK       (HPS_ENET_GTX_CLK),
        .hps_io_hps_io_emac1_inst_TXD0         (HPS_ENET_TX_DATA[0]),
        .hps_io_hps_io_emac1_inst_TXD1         (HPS_ENET_TX_DATA[1]),
        .hps_io_hps_io_emac1_inst_TXD2         (HPS_ENET_TX_DATA[2]),
        .hps_io_hps_io_emac1_inst_TXD3         (HPS_ENET_TX_DATA[3]),
        .hps_io_hps_io_emac1_inst_RXD0         (HPS_ENET_RX_DATA[0]),
        .hps_io_hps_io_emac1_inst_MDIO         (HPS_ENET_MDIO),
        .hps_io_hps_io_emac1_inst_MDC          (HPS_ENET_MDC),
        .hps_io_hps_io_emac1_inst_RX_CTL       (HPS_ENET_RX_DV),
        .hps_io_hps_io_emac1_inst_TX_CTL       (HPS_ENET_TX_EN),
        .hps_io_hps_io_emac1_inst_RX_CLK       (HPS_ENET_RX_CLK),
        .hps_io_hps_io_emac1_inst_RXD1         (HPS_ENET_RX_DATA[1]),
        .hps_io_hps_io_emac1_inst_RXD2         (HPS_ENET_RX_DATA[2]),
        .hps_io_hps_io_emac1_inst_RXD3         (HPS_ENET_RX_DATA[3]),
        .hps_io_hps_io_sdio_inst_CMD           (HPS_SD_CMD),
        .hps_io_hps_io_sdio_inst_D0            (HPS_SD_DATA[0]),
        .hps_io_hps_io_sdio_inst_D1            (HPS_SD_DATA[1]),
        .hps_io_hps_io_sdio_inst_CLK           (HPS_SD_CLK),
        .hps_io_hps_io_sdio_inst_D2            (HPS_SD_DATA[2]),
        .hps_io_hps_io_sdio_inst_D3            (HPS_SD_DATA[3]),
        .hps_io_hps_io_usb1_inst_D0            (HPS_USB_DATA[0]),
        .hps_io_hps_io_usb1_inst_D1            (HPS_USB_DATA[1]),
        .hps_io_hps_io_usb1_inst_D2            (HPS_USB_DATA[2]),
        .hps_io_hps_io_usb1_inst_D3            (HPS_USB_DATA[3]),
        .hps_io_hps_io_usb1_inst_D4            (HPS_USB_DATA[4]),
        .hps_io_hps_io_usb1_inst_D5            (HPS_USB_DATA[5]),
        .hps_io_hps_io_usb1_inst_D6            (HPS_USB_DATA[6]),
        .hps_io_hps_io_usb1_inst_D7            (HPS_USB_DATA[7]),
        .hps_io_hps_io_usb1_inst_CLK           (HPS_USB_CLKOUT),
        .hps_io_hps_io_usb1_inst_STP           (HPS_USB_STP),
        .hps_io_hps_io_usb1_inst_DIR           (HPS_USB_DIR),
        .hps_io_hps_io_usb1_inst_NXT           (HPS_USB_NXT),
        .hps_io_hps_io_spim1_inst_CLK          (HPS_SPIM_CLK),
        .hps_io_hps_io_spim1_inst_MOSI         (HPS_SPIM_MOSI),
        .hps_io_hps_io_spim1_inst_MISO         (HPS_SPIM_MISO),
        .hps_io_hps_io_spim1_inst_SS0          (HPS_SPIM_SS),
        .hps_io_hps_io_uart0_inst_RX           (HPS_UART_RX),
        .hps_io_hps_io_uart0_inst_TX           (HPS_UART_TX),
        .hps_io_hps_io_i2c0_inst_SDA           (HPS_I2C1_SDAT),
        .hps_io_hps_io_i2c0_inst_SCL           (HPS_I2C1_SCLK),
        .hps_io_hps_io_i2c1_inst_SDA           (HPS_I2C2_SDAT),
        .hps_io_hps_io_i2c1_inst_SCL           (HPS_I2C2_SCLK),
        .hps_io_hps_io_gpio_inst_GPIO09        (HPS_CONV_USB_N),
        .hps_io_hps_io_gpio_inst_GPIO35        (HPS_ENET_INT_N),
        .hps_io_hps_io_gpio_inst_GPIO40        (HPS_LTC_GPIO),
        .hps_io_hps_io_gpio_inst_GPIO48        (HPS_I2C_CONTROL),
        .hps_io_hps_io_gpio_inst_GPIO53        (HPS_LED),
        .hps_io_hps_io_gpio_inst_GPIO54        (HPS_KEY),
        .hps_io_hps_io_gpio_inst_GPIO61        (HPS_GSENSOR_INT)
    );
endmodule

`default_nettype wire
