// tile_display.sv - seed 002's VGA peripheral (§3.4): screen arrays of
// cells written one 32-bit word each, the board lines and round stones drawn
// in logic, behind an Avalon-MM slave at LW 0x6000 (docs/tile_display.md).
//
// Three cell arrays, two colour bits a cell (the seed's table of four:
// 0 white, 1 black, 2 "blue", 3 red):
//   board    15 x 15  cells of 32x32 px, x 0..479 (the board page, left)
//   menu     10 x 30  cells of 16x16 px, x 481..639 (the board page, right)
//   welcome 160 x 120 cells of 4x4 px (the welcome / farm page)
// The board page draws, per pixel (x, y) with cx = x % 32, cy = y % 32:
// a stone (the cell's colour) where the cell is not 2 and
// (cx-16)^2 + (cy-16)^2 < 196, else a black line where cx == 16, cy == 16 or
// x == 480, else blue; right of x = 480 the menu cell's colour.
//
// Registers (word offsets; read latency 1, the slave never waits):
//   0 CELL    W  the seed's word: [31:24] x, [23:16] y, [15:8] page
//                (0 board, 1 menu, 2 welcome), [7:0] colour 0-3.  A word with
//                a field out of range, or written during a clear, is refused
//                (nothing changes but REFUSED).  A taken word shows its page
//                (CTRL[1] = page == 2), as the seed's `page = ...` does.
//             R  the last word written to CELL
//   1 CTRL    RW [0] ENABLE: this peripheral drives the VGA pins (the board's
//                mux, vga_drive); [1] WELCOME: the page shown (0 board, 1 welcome)
//   2 CLEAR   W  [15:8] page, [7:0] colour: fills the page, one cell a clock
//                (refused like CELL); R 0
//   3 STATUS  R  [0] BUSY (a clear runs), [31:16] REFUSED (words refused since
//                reset, wraps); W: any write zeroes REFUSED
//   4 ID      R  0x54494C45 ("TILE")
//   others    R 0, writes ignored
// Reset: CTRL 0 (go_peripheral shows), then a clear of all three arrays to
// the seed's reset values (board and menu 2, welcome 0): 19,200 clocks busy.
//
// VGA: 640x480@60, 25 MHz pixel enable from the 50 MHz clock, the timing
// and pin alignment of rtl/go_peripheral/vga_controller.sv (pins registered
// one pixel after the counters).  Colours are RGB332 (white 8'hFF, black
// 8'h00, blue 8'hDB, red 8'hE0) expanded to RGB444: R and G {c[2:0], c[2]},
// B {c[1:0], c[1:0]}: white FFF, black 000, blue DDF, red F00.
`default_nettype none
`include "tile_display_regs.svh" // the register map, made from tile_display_regs.def

module tile_display (
    input  wire logic        clk,            // 50 MHz system clock
    input  wire logic        rst,            // synchronous, active high
    input  wire logic [5:0]  avs_address,    // word 0-63 (span 0x100)
    input  wire logic        avs_read,
    input  wire logic        avs_write,
    input  wire logic [31:0] avs_writedata,
    output logic      [31:0] avs_readdata,   // one clock after avs_read
    output logic      [3:0]  vga_r,          // RGB444, 0 while blanked
    output logic      [3:0]  vga_g,
    output logic      [3:0]  vga_b,
    output logic             vga_hs,         // negative sync pulses
    output logic             vga_vs,
    output logic             vga_blank_n,    // high in the visible 640x480
    output logic             vga_sync_n,     // tied low (no sync on green)
    output logic             vga_clk,        // 25 MHz, rises between pixel changes
    output logic             vga_drive       // CTRL[0]: the top level's VGA mux select
);
    localparam logic [31:0] ID_WORD = `TILE_DISPLAY_ID_VALUE;
    localparam int H_RES = 640, H_FP = 16, H_SYNC = 96, H_BP = 48;
    localparam int V_RES = 480, V_FP = 10, V_SYNC = 2, V_BP = 33;
    localparam int H_TOTAL = H_RES + H_FP + H_SYNC + H_BP;  // 800
    localparam int V_TOTAL = V_RES + V_FP + V_SYNC + V_BP;  // 525
    localparam int HS_STA = H_RES + H_FP, HS_END = HS_STA + H_SYNC;
    localparam int VS_STA = V_RES + V_FP, VS_END = VS_STA + V_SYNC;
    localparam int WELCOME_CELLS = 160 * 120;  // 19200
    localparam int BOARD_CELLS = 15 * 15;      // 225
    localparam int MENU_CELLS = 10 * 30;       // 300

    // ---- registers --------------------------------------------------------
    logic [31:0] last_cell;
    logic        enable, welcome_shown;
    logic [15:0] refused;
    logic        busy;              // a clear is running
    logic [14:0] clr_addr;          // cell index of the clear
    logic [14:0] clr_last;          // its last index
    logic [2:0]  clr_pages;         // {welcome, menu, board} being cleared
    logic [1:0]  clr_col_board, clr_col_menu, clr_col_welcome;

    // ---- the cell word ----------------------------------------------------
    wire [7:0] w_x = avs_writedata[31:24];
    wire [7:0] w_y = avs_writedata[23:16];
    wire [7:0] w_page = avs_writedata[15:8];
    wire [7:0] w_col = avs_writedata[7:0];
    wire col_ok = (w_col < 8'd4);
    wire cell_ok = col_ok &&
        (((w_page == 8'd0) && (w_x < 8'd15) && (w_y < 8'd15)) ||
         ((w_page == 8'd1) && (w_x < 8'd10) && (w_y < 8'd30)) ||
         ((w_page == 8'd2) && (w_x < 8'd160) && (w_y < 8'd120)));
    wire clear_ok = col_ok && (w_page < 8'd3);
    wire wr_cell = avs_write && (avs_address == `TILE_DISPLAY_REG_CELL);
    wire wr_clear = avs_write && (avs_address == `TILE_DISPLAY_REG_CLEAR);
    wire take_cell = wr_cell && cell_ok && !busy;
    wire take_clear = wr_clear && clear_ok && !busy;
    wire refuse = (wr_cell && !(cell_ok && !busy)) || (wr_clear && !(clear_ok && !busy));

    // Cell indices: x + y * width, as the seed's arrays.
    wire [7:0]  idx_board = 8'(w_x) + 8'(w_y) * 8'd15;    // < 225 when taken
    wire [8:0]  idx_menu = 9'(w_x) + 9'(w_y) * 9'd10;     // < 300 when taken
    wire [14:0] idx_welcome = 15'(w_x) + 15'(w_y) * 15'd160;

    // ---- RAM write ports: the clear or the bus (never both: a clear
    // refuses bus writes) ------------------------------------------------------
    logic        we_board, we_menu, we_welcome;
    logic [7:0]  wa_board;
    logic [8:0]  wa_menu;
    logic [14:0] wa_welcome;
    logic [1:0]  wd_board, wd_menu, wd_welcome;

    always_comb begin
        we_board = 1'b0;
        we_menu = 1'b0;
        we_welcome = 1'b0;
        wa_board = clr_addr[7:0];
        wa_menu = clr_addr[8:0];
        wa_welcome = clr_addr;
        wd_board = clr_col_board;
        wd_menu = clr_col_menu;
        wd_welcome = clr_col_welcome;
        if (busy) begin
            we_board = clr_pages[0] && (clr_addr < 15'(BOARD_CELLS));
            we_menu = clr_pages[1] && (clr_addr < 15'(MENU_CELLS));
            we_welcome = clr_pages[2];
        end else if (take_cell) begin
            we_board = (w_page == 8'd0);
            we_menu = (w_page == 8'd1);
            we_welcome = (w_page == 8'd2);
            wa_board = idx_board;
            wa_menu = idx_menu;
            wa_welcome = idx_welcome;
            wd_board = w_col[1:0];
            wd_menu = w_col[1:0];
            wd_welcome = w_col[1:0];
        end
    end

    always_ff @(posedge clk) begin
        if (rst) begin
            last_cell <= 32'd0;
            enable <= 1'b0;
            welcome_shown <= 1'b0;
            refused <= 16'd0;
            busy <= 1'b1;
            clr_addr <= 15'd0;
            clr_last <= 15'(WELCOME_CELLS - 1);
            clr_pages <= 3'b111;
            clr_col_board <= 2'd2;
            clr_col_menu <= 2'd2;
            clr_col_welcome <= 2'd0;
            avs_readdata <= 32'd0;
        end else begin
            if (busy) begin
                clr_addr <= clr_addr + 15'd1;
                if (clr_addr == clr_last)
                    busy <= 1'b0;
            end
            if (wr_cell)
                last_cell <= avs_writedata;
            if (take_cell)
                welcome_shown <= (w_page == 8'd2);
            if (avs_write && (avs_address == `TILE_DISPLAY_REG_CTRL)) begin
                enable <= avs_writedata[0];
                welcome_shown <= avs_writedata[1];
            end
            if (take_clear) begin
                busy <= 1'b1;
                clr_addr <= 15'd0;
                clr_pages <= (w_page == 8'd0) ? 3'b001 : (w_page == 8'd1) ? 3'b010 : 3'b100;
                clr_last <= (w_page == 8'd0) ? 15'(BOARD_CELLS - 1) :
                            (w_page == 8'd1) ? 15'(MENU_CELLS - 1) : 15'(WELCOME_CELLS - 1);
                clr_col_board <= w_col[1:0];
                clr_col_menu <= w_col[1:0];
                clr_col_welcome <= w_col[1:0];
            end
            if (avs_write && (avs_address == `TILE_DISPLAY_REG_STATUS))
                refused <= 16'd0;
            else if (refuse)
                refused <= refused + 16'd1;
            if (avs_read) begin
                case (avs_address)
                `TILE_DISPLAY_REG_CELL:   avs_readdata <= last_cell;
                `TILE_DISPLAY_REG_CTRL:   avs_readdata <= {30'd0, welcome_shown, enable};
                `TILE_DISPLAY_REG_STATUS: avs_readdata <= {refused, 15'd0, busy};
                `TILE_DISPLAY_REG_ID:     avs_readdata <= ID_WORD;
                default: avs_readdata <= 32'd0;
                endcase
            end
        end
    end

    assign vga_drive = enable;

    // ---- VGA timing ---------------------------------------------------------
    logic pix_ce;
    logic [9:0] h, v;  // pixel in line 0..799, line in frame 0..524
    always_ff @(posedge clk) begin
        if (rst) begin
            pix_ce <= 1'b0;
            vga_clk <= 1'b0;
            h <= 10'd0;
            v <= 10'd0;
        end else begin
            pix_ce <= ~pix_ce;
            vga_clk <= pix_ce;
            if (pix_ce) begin
                if (h == 10'(H_TOTAL - 1)) begin
                    h <= 10'd0;
                    v <= (v == 10'(V_TOTAL - 1)) ? 10'd0 : v + 10'd1;
                end else begin
                    h <= h + 10'd1;
                end
            end
        end
    end

    wire visible = (h < 10'(H_RES)) && (v < 10'(V_RES));
    wire in_board = visible && (h < 10'd480);
    wire in_menu = visible && (h > 10'd480);

    // Read addresses follow (h, v); each RAM answers on the next clock, in
    // time for the pixel edge (the counters hold still in between).
    wire [14:0] ra_welcome = visible ? (15'(h[9:2]) + 15'(v[8:2]) * 15'd160) : 15'd0;
    wire [7:0]  ra_board = in_board ? (8'(h[8:5]) + 8'(v[8:5]) * 8'd15) : 8'd0;
    wire [3:0]  menu_col = 4'((h - 10'd480) >> 4);          // 0..9 right of x = 480
    wire [8:0]  ra_menu = in_menu ? (9'(menu_col) + 9'(v[8:4]) * 9'd10) : 9'd0;

    logic [1:0] rd_board, rd_menu, rd_welcome;

    tile_ram #(.WORDS(BOARD_CELLS), .AW(8)) board_ram (
        .clk(clk), .we(we_board), .wa(wa_board), .wd(wd_board), .ra(ra_board), .rd(rd_board));
    tile_ram #(.WORDS(MENU_CELLS), .AW(9)) menu_ram (
        .clk(clk), .we(we_menu), .wa(wa_menu), .wd(wd_menu), .ra(ra_menu), .rd(rd_menu));
    tile_ram #(.WORDS(WELCOME_CELLS), .AW(15)) welcome_ram (
        .clk(clk), .we(we_welcome), .wa(wa_welcome), .wd(wd_welcome), .ra(ra_welcome),
        .rd(rd_welcome));

    // ---- the board page's drawing -------------------------------------------
    // (cx - 16) and (cy - 16), -16..15, widened before squaring (up to 256).
    wire signed [10:0] dx = $signed({6'd0, h[4:0]}) - 11'sd16;
    wire signed [10:0] dy = $signed({6'd0, v[4:0]}) - 11'sd16;
    wire signed [10:0] dx2 = dx * dx;
    wire signed [10:0] dy2 = dy * dy;
    wire [10:0] dist2 = $unsigned(dx2) + $unsigned(dy2);
    wire stone = (rd_board != 2'd2) && (dist2 < 11'd196);
    wire line_px = (h[4:0] == 5'd16) || (v[4:0] == 5'd16);

    logic [1:0] colour;
    always_comb begin
        if (welcome_shown)
            colour = rd_welcome;
        else if (in_board)
            colour = stone ? rd_board : line_px ? 2'd1 : 2'd2;
        else if (h == 10'd480)
            colour = 2'd1;
        else
            colour = rd_menu;
    end

    // The seed's colour table (RGB332), expanded to 4 bits a channel.
    logic [7:0] rgb332;
    always_comb begin
        case (colour)
        2'd0: rgb332 = 8'hFF;
        2'd1: rgb332 = 8'h00;
        2'd2: rgb332 = 8'hDB;
        default: rgb332 = 8'hE0;
        endcase
    end

    always_ff @(posedge clk) begin
        if (rst) begin
            vga_hs <= 1'b1;
            vga_vs <= 1'b1;
            vga_blank_n <= 1'b0;
            vga_r <= 4'd0;
            vga_g <= 4'd0;
            vga_b <= 4'd0;
        end else if (pix_ce) begin
            vga_hs <= !((h >= 10'(HS_STA)) && (h < 10'(HS_END)));
            vga_vs <= !((v >= 10'(VS_STA)) && (v < 10'(VS_END)));
            vga_blank_n <= visible;
            vga_r <= visible ? {rgb332[7:5], rgb332[7]} : 4'd0;
            vga_g <= visible ? {rgb332[4:2], rgb332[4]} : 4'd0;
            vga_b <= visible ? {rgb332[1:0], rgb332[1:0]} : 4'd0;
        end
    end

    assign vga_sync_n = 1'b0;
endmodule

`default_nettype wire
