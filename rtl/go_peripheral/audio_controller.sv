// audio_controller.sv - the four sound clips, streamed at 8 kHz over two
// Avalon-ST sources (seed 000 §3.4, §6; docs/registers.md "Audio stream").
//
// A command 1-4 starts that clip from its first sample, cutting short any
// clip playing; 0 stops at once; 5-7 change nothing.  One sample is offered
// every PERIOD clocks (6,250 at 50 MHz = 8 kHz), the same value on both
// channels; each channel holds it with valid high until ready takes it, and
// the next sample waits until both channels have taken theirs, so a clip of
// N samples puts exactly N samples on each channel.  busy stays high until
// the last sample has been accepted on both.
`default_nettype none

module audio_controller #(
    parameter int PERIOD       = 6250,            // clocks per sample: 50 MHz / 8 kHz
    parameter int PLACE_LEN    = 1600,            // samples per clip (seed §5.1)
    parameter int CAPTURE_LEN  = 2400,
    parameter int ILLEGAL_LEN  = 1200,
    parameter int GAMEOVER_LEN = 12000,
    parameter     PLACE_FILE    = "place.vh",     // $readmemh images (tools/wav2vh.py)
    parameter     CAPTURE_FILE  = "capture.vh",
    parameter     ILLEGAL_FILE  = "illegal.vh",
    parameter     GAMEOVER_FILE = "gameover.vh"
) (
    input  wire logic        clk_50,           // 50 MHz system clock
    input  wire logic        reset_n,          // active-low synchronous reset
    input  wire logic        cmd_valid,        // one-clock pulse: AUDIO_CMD written
    input  wire logic [2:0]  cmd,              // 0 stop, 1 place, 2 capture, 3 illegal, 4 game over
    output      logic        busy,             // a clip is playing (AUDIO_STATUS[0])
    output      logic [2:0]  playing,          // the clip playing, 0 when idle
    output      logic [15:0] aso_left_data,    // signed PCM sample
    output      logic        aso_left_valid,
    input  wire logic        aso_left_ready,
    output      logic [15:0] aso_right_data,   // same sample as the left channel
    output      logic        aso_right_valid,
    input  wire logic        aso_right_ready
);
    localparam int TW = $clog2(PERIOD);     // sample timer width
    localparam int IW = 14;                 // sample index width
    localparam int PLACE_AW    = $clog2(PLACE_LEN);
    localparam int CAPTURE_AW  = $clog2(CAPTURE_LEN);
    localparam int ILLEGAL_AW  = $clog2(ILLEGAL_LEN);
    localparam int GAMEOVER_AW = $clog2(GAMEOVER_LEN);

    logic [IW-1:0] index;       // next sample of the clip to offer
    logic [TW-1:0] timer;       // clocks since the last sample was offered
    logic          all_sent;    // the clip's last sample has been offered

    // ---- ROMs ---------------------------------------------------------------
    // Only the active clip's ROM follows index, so no ROM is read past its end.
    logic [15:0] q_place, q_capture, q_illegal, q_gameover;

    sample_rom #(.DEPTH(PLACE_LEN), .FILE(PLACE_FILE)) place_rom_inst (
        .clk(clk_50), .addr(playing == 3'd1 ? index[PLACE_AW-1:0] : '0), .q(q_place));
    sample_rom #(.DEPTH(CAPTURE_LEN), .FILE(CAPTURE_FILE)) capture_rom_inst (
        .clk(clk_50), .addr(playing == 3'd2 ? index[CAPTURE_AW-1:0] : '0), .q(q_capture));
    sample_rom #(.DEPTH(ILLEGAL_LEN), .FILE(ILLEGAL_FILE)) illegal_rom_inst (
        .clk(clk_50), .addr(playing == 3'd3 ? index[ILLEGAL_AW-1:0] : '0), .q(q_illegal));
    sample_rom #(.DEPTH(GAMEOVER_LEN), .FILE(GAMEOVER_FILE)) gameover_rom_inst (
        .clk(clk_50), .addr(playing == 3'd4 ? index[GAMEOVER_AW-1:0] : '0), .q(q_gameover));

    logic [15:0]   sample;     // ROM word at index (valid two clocks after index moves)
    logic [IW-1:0] clip_len;
    always_comb begin
        case (playing)
            3'd1:    begin sample = q_place;    clip_len = IW'(PLACE_LEN);    end
            3'd2:    begin sample = q_capture;  clip_len = IW'(CAPTURE_LEN);  end
            3'd3:    begin sample = q_illegal;  clip_len = IW'(ILLEGAL_LEN);  end
            3'd4:    begin sample = q_gameover; clip_len = IW'(GAMEOVER_LEN); end
            default: begin sample = 16'd0;      clip_len = '0;                end
        endcase
    end

    // ---- streaming ----------------------------------------------------------
    // A channel is free when it holds nothing or its sample is taken now.
    wire left_free  = !aso_left_valid  || aso_left_ready;
    wire right_free = !aso_right_valid || aso_right_ready;
    wire due        = (timer == TW'(PERIOD - 1));
    wire offer      = (playing != 3'd0) && !all_sent && due && left_free && right_free;
    wire start      = cmd_valid && (cmd >= 3'd1) && (cmd <= 3'd4);
    wire stop       = cmd_valid && (cmd == 3'd0);

    always_ff @(posedge clk_50) begin
        if (!reset_n) begin
            playing         <= 3'd0;
            index           <= '0;
            timer           <= '0;
            all_sent        <= 1'b0;
            aso_left_valid  <= 1'b0;
            aso_right_valid <= 1'b0;
            aso_left_data   <= '0;
            aso_right_data  <= '0;
        end else if (start || stop) begin
            // A sample still on offer is withdrawn: the new clip starts clean.
            playing         <= start ? cmd : 3'd0;
            index           <= '0;
            // Sample 0 falls due one period after the command, like every
            // later one: it is taken PERIOD clocks after the write (with
            // ready high), as in the C model.  The ROM has long answered.
            timer           <= TW'(1);
            all_sent        <= 1'b0;
            aso_left_valid  <= 1'b0;
            aso_right_valid <= 1'b0;
        end else if (playing != 3'd0) begin
            if (aso_left_valid && aso_left_ready)
                aso_left_valid <= 1'b0;
            if (aso_right_valid && aso_right_ready)
                aso_right_valid <= 1'b0;
            if (offer) begin
                aso_left_data   <= sample;
                aso_right_data  <= sample;
                aso_left_valid  <= 1'b1;
                aso_right_valid <= 1'b1;
                timer           <= '0;
                index           <= index + IW'(1);
                if (index == clip_len - IW'(1))
                    all_sent <= 1'b1;
            end else if (!due) begin
                timer <= timer + TW'(1);
            end
            // Idle once the last sample has left both channels.
            if (all_sent && left_free && right_free)
                playing <= 3'd0;
        end
    end

    assign busy = (playing != 3'd0);
endmodule

`default_nettype wire
