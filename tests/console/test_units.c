/*
 * test_units.c - the console's parts on their own: the go_peripheral C
 * model against docs/registers.md, the WAV writer, the script parser, the
 * renderer's primitives and the PNG round trip.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "console/frame_png.h"
#include "console/render.h"
#include "console/script.h"
#include "models/go_peripheral_model.h"
#include "hal.h"
#include "wav.h"

/* ---- gp_model ---- */

typedef struct {
    int16_t samples[20000];
    size_t n;
} sink_t;

static void sink_sample(void *user, int16_t s)
{
    sink_t *k = user;
    if (k->n < sizeof k->samples / sizeof k->samples[0])
        k->samples[k->n] = s;
    k->n++;
}

Test(gp_model, reset_state)
{
    gp_model_t m;
    gp_model_init(&m, NULL, NULL);
    cr_assert_eq(gp_model_read(&m, GP_REG_FB_ADDR_HI), 0xC0C0u);
    cr_assert_eq(gp_model_read(&m, GP_REG_VGA_CTRL), 0);
    cr_assert_eq(gp_model_read(&m, GP_REG_AUDIO_STATUS), 0);
    cr_assert_eq(gp_model_read(&m, GP_REG_AUDIO_CMD), 0);
    cr_assert_eq(gp_model_read(&m, GP_REG_VGA_STATUS), 0, "line 0 is visible, no frame yet");
    cr_assert_eq(gp_model_read(&m, GP_REG_RESERVED), 0);
    cr_assert_eq(gp_model_read(&m, 0x18), 0);
}

Test(gp_model, vblank_and_frame_counter)
{
    gp_model_t m;
    gp_model_init(&m, NULL, NULL);
    gp_model_advance(&m, GP_VBLANK_START - 1); /* last clock of line 479 */
    cr_assert_eq(gp_model_read(&m, GP_REG_VGA_STATUS), 0);
    gp_model_advance(&m, 1); /* first clock of line 480 */
    cr_assert_eq(gp_model_read(&m, GP_REG_VGA_STATUS), 0x00010001u);
    gp_model_advance(&m, GP_CLOCKS_PER_FRAME - GP_VBLANK_START - 1); /* last clock of line 524 */
    cr_assert_eq(gp_model_read(&m, GP_REG_VGA_STATUS), 0x00010001u);
    gp_model_advance(&m, 1); /* line 0 of the next frame */
    cr_assert_eq(gp_model_read(&m, GP_REG_VGA_STATUS), 0x00010000u);
    /* 60 Hz at 50 MHz: 840,000 clocks a frame. */
    gp_model_advance(&m, 10 * (uint64_t)GP_CLOCKS_PER_FRAME);
    cr_assert_eq(gp_model_read(&m, GP_REG_VGA_STATUS) >> 16, 11);
}

Test(gp_model, swap_taken_at_start_of_vblank)
{
    gp_model_t m;
    gp_model_init(&m, NULL, NULL);
    gp_model_advance(&m, 1000);
    gp_model_write(&m, GP_REG_FB_ADDR_HI, 0xC1);
    cr_assert_eq(gp_model_read(&m, GP_REG_FB_ADDR_HI), 0xC0C1u, "written, not yet shown");
    gp_model_write(&m, GP_REG_VGA_CTRL, 1);
    cr_assert_eq(gp_model_read(&m, GP_REG_VGA_CTRL), 1);
    gp_model_advance(&m, GP_VBLANK_START - 1000 - 1);
    cr_assert_eq(gp_model_read(&m, GP_REG_VGA_CTRL), 1, "still pending on line 479");
    cr_assert_eq(m.displayed_hi, 0xC0);
    gp_model_advance(&m, 1);
    cr_assert_eq(gp_model_read(&m, GP_REG_VGA_CTRL), 0);
    cr_assert_eq(gp_model_read(&m, GP_REG_FB_ADDR_HI), 0xC1C1u);
}

Test(gp_model, request_during_vblank_waits_a_frame)
{
    gp_model_t m;
    gp_model_init(&m, NULL, NULL);
    gp_model_advance(&m, GP_VBLANK_START + 5000);
    gp_model_write(&m, GP_REG_FB_ADDR_HI, 0xC1);
    gp_model_write(&m, GP_REG_VGA_CTRL, 1);
    gp_model_advance(&m, GP_CLOCKS_PER_FRAME - 5000 - 1);
    cr_assert_eq(gp_model_read(&m, GP_REG_VGA_CTRL), 1);
    gp_model_advance(&m, 1);
    cr_assert_eq(gp_model_read(&m, GP_REG_VGA_CTRL), 0);
    cr_assert_eq(m.displayed_hi, 0xC1);
    /* VGA_CTRL = 0 does nothing. */
    gp_model_write(&m, GP_REG_VGA_CTRL, 0);
    cr_assert_eq(gp_model_read(&m, GP_REG_VGA_CTRL), 0);
}

Test(gp_model, audio_clip_timing_and_busy)
{
    static sink_t sink;
    sink.n = 0;
    gp_model_t m;
    gp_model_init(&m, sink_sample, &sink);
    gp_model_advance(&m, 123);
    gp_model_write(&m, GP_REG_AUDIO_CMD, AUDIO_ILLEGAL);
    cr_assert_eq(gp_model_read(&m, GP_REG_AUDIO_STATUS), 1);
    cr_assert_eq(gp_model_read(&m, GP_REG_AUDIO_CMD), AUDIO_ILLEGAL);
    gp_model_advance(&m, GP_SAMPLE_PERIOD - 1);
    cr_assert_eq(sink.n, 0, "the first sample leaves one period after the write");
    gp_model_advance(&m, 1);
    cr_assert_eq(sink.n, 1);
    const gp_clip_t *clip = &gp_sound_clips[AUDIO_ILLEGAL - 1];
    cr_assert_eq(clip->length, 1200);
    gp_model_advance(&m, (uint64_t)GP_SAMPLE_PERIOD * (clip->length - 1) - 1);
    cr_assert_eq(sink.n, clip->length - 1);
    cr_assert_eq(gp_model_read(&m, GP_REG_AUDIO_STATUS), 1, "busy until the last sample is taken");
    gp_model_advance(&m, 1);
    cr_assert_eq(sink.n, clip->length);
    cr_assert_eq(gp_model_read(&m, GP_REG_AUDIO_STATUS), 0);
    cr_assert_eq(gp_model_read(&m, GP_REG_AUDIO_CMD), 0);
    cr_assert_eq(memcmp(sink.samples, clip->samples, clip->length * 2), 0);
    /* Idle: nothing more, ever. */
    gp_model_advance(&m, 50000000);
    cr_assert_eq(sink.n, clip->length);
}

Test(gp_model, clip_lengths_are_the_seeds)
{
    const size_t want[4] = {1600, 2400, 1200, 12000};
    for (int i = 0; i < 4; i++)
        cr_assert_eq(gp_sound_clips[i].length, want[i], "clip %d", i + 1);
}

Test(gp_model, restart_stop_and_ignored_commands)
{
    static sink_t sink;
    sink.n = 0;
    gp_model_t m;
    gp_model_init(&m, sink_sample, &sink);
    gp_model_write(&m, GP_REG_AUDIO_CMD, AUDIO_GAME_OVER);
    gp_model_advance(&m, GP_SAMPLE_PERIOD * 10);
    cr_assert_eq(sink.n, 10);
    gp_model_write(&m, GP_REG_AUDIO_CMD, 5); /* ignored */
    gp_model_write(&m, GP_REG_AUDIO_CMD, 7); /* ignored */
    cr_assert_eq(gp_model_read(&m, GP_REG_AUDIO_CMD), AUDIO_GAME_OVER);
    gp_model_write(&m, GP_REG_AUDIO_CMD, AUDIO_PLACE); /* cuts the clip short, restarts */
    gp_model_advance(&m, GP_SAMPLE_PERIOD * 3);
    cr_assert_eq(sink.n, 13);
    cr_assert_eq(sink.samples[10], gp_sound_clips[0].samples[0]);
    cr_assert_eq(sink.samples[12], gp_sound_clips[0].samples[2]);
    gp_model_write(&m, GP_REG_AUDIO_CMD, AUDIO_NONE); /* stops at once */
    cr_assert_eq(gp_model_read(&m, GP_REG_AUDIO_STATUS), 0);
    gp_model_advance(&m, GP_SAMPLE_PERIOD * 100);
    cr_assert_eq(sink.n, 13);
}

Test(gp_model, rgb565_to_rgb444)
{
    cr_assert_eq(gp_rgb565_to_444(0xFFFF), 0x0FFF);
    cr_assert_eq(gp_rgb565_to_444(0x0000), 0x0000);
    cr_assert_eq(gp_rgb565_to_444(0xF800), 0x0F00);
    cr_assert_eq(gp_rgb565_to_444(0x07E0), 0x00F0);
    cr_assert_eq(gp_rgb565_to_444(0x001F), 0x000F);
    cr_assert_eq(gp_rgb565_to_444(0x0821), 0x0000, "the lowest bit of each channel is lost");
    cr_assert_eq(gp_rgb565_to_444(0xDEA0), 0x0DD0); /* the board colour */
}

/* ---- WAV writer ---- */

Test(wav, header_and_samples)
{
    char path[] = "/tmp/tabletop-wav-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    close(fd);
    wav_writer_t w;
    char err[256];
    cr_assert_eq(wav_writer_open(&w, path, 8000, err, sizeof err), 0, "%s", err);
    int16_t s[3] = {1, -2, 32767};
    wav_writer_append(&w, s, 3);
    cr_assert_eq(wav_writer_close(&w), 0);
    unsigned char buf[64];
    FILE *f = fopen(path, "rb");
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    unlink(path);
    cr_assert_eq(n, 50);
    cr_assert_eq(memcmp(buf, "RIFF", 4), 0);
    cr_assert_eq(buf[4], 42); /* 36 + 6 */
    cr_assert_eq(memcmp(buf + 8, "WAVEfmt ", 8), 0);
    cr_assert_eq(buf[22], 1);                 /* mono */
    cr_assert_eq(buf[24] | buf[25] << 8, 8000); /* rate */
    cr_assert_eq(buf[34], 16);
    cr_assert_eq(buf[40], 6);
    cr_assert_eq(buf[44], 1);
    cr_assert_eq(buf[46], 0xFE);
    cr_assert_eq(buf[47], 0xFF);
    cr_assert_eq(buf[49], 0x7F);
}

Test(wav, unwritable_path_is_an_error)
{
    wav_writer_t w;
    char err[256];
    cr_assert_eq(wav_writer_open(&w, "/nonexistent-dir/x.wav", 8000, err, sizeof err), -1);
    cr_assert(strstr(err, "/nonexistent-dir/x.wav"), "%s", err);
}

/* ---- script parser ---- */

static int parse(const char *line, script_step_t *st, char *err)
{
    return script_parse_line(line, 7, st, err, 256);
}

Test(script, steps)
{
    script_step_t st;
    char err[256];
    cr_assert_eq(parse("up", &st, err), 1);
    cr_assert_eq(st.op, SCRIPT_KEY);
    cr_assert_eq(st.key, HID_KEY_UP);
    cr_assert_eq(parse("  Enter  # place", &st, err), 1);
    cr_assert_eq(st.key, HID_KEY_ENTER);
    cr_assert_eq(parse("escape", &st, err), 1);
    cr_assert_eq(st.key, 0x29);
    cr_assert_eq(parse("space", &st, err), 1);
    cr_assert_eq(st.key, 0x2C);
    cr_assert_eq(parse("a", &st, err), 1);
    cr_assert_eq(st.key, 0x04);
    cr_assert_eq(parse("z", &st, err), 1);
    cr_assert_eq(st.key, 0x1D);
    cr_assert_eq(parse("1", &st, err), 1);
    cr_assert_eq(st.key, 0x1E);
    cr_assert_eq(parse("0", &st, err), 1);
    cr_assert_eq(st.key, 0x27);
    cr_assert_eq(parse("key 0x4F", &st, err), 1);
    cr_assert_eq(st.key, HID_KEY_RIGHT);
    cr_assert_eq(parse("wait 250", &st, err), 1);
    cr_assert_eq(st.op, SCRIPT_WAIT);
    cr_assert_eq(st.wait_ms, 250);
    cr_assert_eq(parse("snap board-1_a", &st, err), 1);
    cr_assert_eq(st.op, SCRIPT_SNAP);
    cr_assert_str_eq(st.name, "board-1_a");
    cr_assert_eq(parse("   # only a comment", &st, err), 0);
    cr_assert_eq(parse("", &st, err), 0);
}

Test(script, malformed_lines_name_their_line)
{
    script_step_t st;
    char err[256];
    const char *bad[] = {"jump", "key", "key 0x100", "key zz", "wait", "wait -5", "wait 5ms",
                         "snap ../etc", "snap a/b", "snap", "up up", "snap .hidden"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = 0;
        cr_assert_eq(parse(bad[i], &st, err), -1, "'%s' accepted", bad[i]);
        cr_assert(!strncmp(err, "line 7: ", 8), "'%s' -> '%s'", bad[i], err);
    }
}

Test(script, regular_file_checked_at_open)
{
    char path[] = "/tmp/tabletop-script-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    const char text[] = "enter\n# fine\nwait 10\nbogus step\n";
    cr_assert_eq(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
    close(fd);
    char err[256];
    script_t *s = script_open(path, err, sizeof err);
    unlink(path);
    cr_assert_null(s);
    cr_assert(strstr(err, "line 4"), "%s", err);
}

/* The file reader takes every line the line parser takes: the longest
 * (511 characters) followed by its newline, and refuses one character more. */
Test(script, file_reader_takes_the_longest_line_the_parser_takes)
{
    for (int extra = 0; extra <= 1; extra++) {
        char path[] = "/tmp/tabletop-script-XXXXXX";
        int fd = mkstemp(path);
        cr_assert(fd >= 0);
        char text[600];
        int n = snprintf(text, sizeof text, "wait 10%*s\nenter\n", 504 + extra, "");
        cr_assert_eq(write(fd, text, (size_t)n), (ssize_t)n);
        close(fd);
        script_step_t st;
        char err[256];
        text[511 + extra] = 0;
        cr_assert_eq(parse(text, &st, err), extra ? -1 : 1);
        script_t *s = script_open(path, err, sizeof err);
        unlink(path);
        if (extra) {
            cr_assert_null(s, "a 512-character line was taken");
            cr_assert(strstr(err, "line 1: line too long"), "%s", err);
            continue;
        }
        cr_assert_not_null(s, "%s", err);
        cr_assert_eq(script_next(s, &st, err, sizeof err), 1, "%s", err);
        cr_assert_eq(st.op, SCRIPT_WAIT);
        cr_assert_eq(script_next(s, &st, err, sizeof err), 1, "%s", err);
        cr_assert_eq(st.key, HID_KEY_ENTER);
        cr_assert_eq(st.line, 2);
        cr_assert_eq(script_next(s, &st, err, sizeof err), 0);
        script_close(s);
    }
}

/* ---- renderer ---- */

static uint16_t fb[RENDER_WIDTH * RENDER_HEIGHT];

Test(render, circle_is_symmetric_and_has_the_right_radius)
{
    render_init(fb);
    render_fill_rect(0, 0, RENDER_WIDTH, RENDER_HEIGHT, 0);
    render_circle(100, 100, STONE_RADIUS, 0xFFFF, 1);
    int count = 0;
    for (int y = 0; y < RENDER_HEIGHT; y++)
        for (int x = 0; x < RENDER_WIDTH; x++)
            if (fb[y * RENDER_WIDTH + x]) {
                count++;
                cr_assert(fb[(200 - y) * RENDER_WIDTH + (200 - x)], "not point-symmetric");
                cr_assert(fb[x * RENDER_WIDTH + y], "not diagonal-symmetric");
            }
    cr_assert(fb[100 * RENDER_WIDTH + 120] && !fb[100 * RENDER_WIDTH + 121]);
    cr_assert(fb[80 * RENDER_WIDTH + 100] && !fb[79 * RENDER_WIDTH + 100]);
    /* pi r^2 = 1257 for r = 20; the midpoint disc is within a few percent. */
    cr_assert(count > 1200 && count < 1340, "area %d", count);
}

Test(render, clipping_never_writes_outside)
{
    static uint16_t big[RENDER_WIDTH * RENDER_HEIGHT + 2 * RENDER_WIDTH];
    uint16_t *inner = big + RENDER_WIDTH;
    render_init(inner);
    render_fill_rect(-50, -50, 2000, 2000, 0x1234);
    render_circle(0, 0, 60, 0xFFFF, 1);
    render_circle(639, 479, 60, 0xFFFF, 0);
    render_string_scaled(600, 470, "clipped text", 0xFFFF, 4);
    for (int i = 0; i < RENDER_WIDTH; i++) {
        cr_assert_eq(big[i], 0);
        cr_assert_eq(big[RENDER_WIDTH * (RENDER_HEIGHT + 1) + i], 0);
    }
}

Test(render, text_uses_the_5x7_font)
{
    render_init(fb);
    render_fill_rect(0, 0, RENDER_WIDTH, RENDER_HEIGHT, 0);
    render_string(10, 10, "I", 0xFFFF);
    /* 'I' is a 3-wide bar at columns 1..3 on rows 0 and 6 and column 2 between. */
    cr_assert(fb[10 * RENDER_WIDTH + 11] && fb[10 * RENDER_WIDTH + 13] && !fb[10 * RENDER_WIDTH + 10]);
    cr_assert(fb[13 * RENDER_WIDTH + 12] && !fb[13 * RENDER_WIDTH + 11]);
    cr_assert(fb[16 * RENDER_WIDTH + 11] && !fb[17 * RENDER_WIDTH + 11]);
    cr_assert_eq(render_text_width("abc", 1), 17);
    cr_assert_eq(render_text_width("abc", 2), 34);
}

/* ---- PNG round trip ---- */

Test(frame_png, round_trip_is_exact)
{
    static uint16_t px[HAL_FB_WIDTH * HAL_FB_HEIGHT];
    for (int i = 0; i < HAL_FB_WIDTH * HAL_FB_HEIGHT; i++)
        px[i] = (uint16_t)((i * 2654435761u) >> 20) & 0x0FFF;
    char path[] = "/tmp/tabletop-png-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    close(fd);
    char err[256];
    cr_assert_eq(frame_png_write(path, px, HAL_FB_WIDTH, HAL_FB_HEIGHT, err, sizeof err), 0,
                 "%s", err);
    uint16_t *back = NULL;
    int w = 0, h = 0;
    cr_assert_eq(frame_png_read(path, &back, &w, &h, err, sizeof err), 0, "%s", err);
    unlink(path);
    cr_assert_eq(w, HAL_FB_WIDTH);
    cr_assert_eq(h, HAL_FB_HEIGHT);
    cr_assert_eq(memcmp(back, px, sizeof px), 0);
    free(back);
}
