/*
 * bench_render.c - `tabletop bench render`: what a frame costs on the sdl
 * backend, headless: drawing a mid-game board into the back buffer,
 * presenting it (seed §4.6 sequence against the C model), reading the
 * VGA output back, and writing it as a PNG (--frames).
 *
 *   render_frame: microseconds to draw a full game screen
 *   render_present: host microseconds for the present sequence
 *   render_read_frame: microseconds to read the frame back as RGB444
 *   render_frame_total: the three together: one scripted frame
 *   render_png_write: milliseconds to write one frame as PNG
 *   render_png_bytes: its size
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/bench.h"
#include "console/frame_png.h"
#include "console/render.h"
#include "games/go/board.h"
#include "hal.h"
#include "drivers/go_peripheral.h"

static const char position[] =
    ". . . . . . . . .\n"
    ". . O O X . . . .\n"
    ". O X X X O . . .\n"
    ". . O X O O X . .\n"
    ". . O X X O X . .\n"
    ". O X . X O . X .\n"
    ". . X X O . . . .\n"
    ". . . . O . . . .\n"
    ". . . . . . . . .\n";

static void draw_game_screen(const BoardState *b, uint16_t *fb)
{
    render_init(fb);
    render_board(b, 4, 4);
    render_board_coordinates();
    render_last_move(b);
    render_score_panel(-1, -1, b->captured_black, b->captured_white, b->turn);
    render_string_centered(460, "Black to play", COLOR_TEXT, 1);
}

int bench_render_run(int argc, char **argv)
{
    int quick = argc > 1 && !strcmp(argv[1], "--quick");
    int frames = quick ? 50 : 500;
    char err[512];
    BoardState b;
    if (board_from_ascii(&b, position, err, sizeof err) != 0) {
        fprintf(stderr, "bench render: %s\n", err);
        return 1;
    }
    hal_t hal;
    hal_config_t cfg = {.backend = "sdl", .headless = 1};
    if (hal_open(&hal, &cfg, err, sizeof err) != 0) {
        fprintf(stderr, "bench render: %s\n", err);
        return 1;
    }
    gp_driver_t gp;
    if (gp_driver_init(&gp, &hal, err, sizeof err) != 0) {
        fprintf(stderr, "bench render: %s\n", err);
        hal_close(&hal);
        return 1;
    }
    uint16_t *frame = malloc(HAL_FB_BYTES);
    if (!frame) {
        hal_close(&hal);
        return 1;
    }
    double t_render = 0, t_present = 0, t_read = 0;
    for (int i = 0; i < frames; i++) {
        double t0 = bench_now();
        draw_game_screen(&b, gp_driver_back(&gp));
        double t1 = bench_now();
        gp_driver_present(&gp, i % 10 == 0 ? AUDIO_PLACE : AUDIO_NONE);
        double t2 = bench_now();
        hal_read_frame(&hal, frame);
        double t3 = bench_now();
        t_render += t1 - t0;
        t_present += t2 - t1;
        t_read += t3 - t2;
    }
    bench_report("render_frame", t_render / frames * 1e6, "us");
    bench_report("render_present", t_present / frames * 1e6, "us");
    bench_report("render_read_frame", t_read / frames * 1e6, "us");
    bench_report("render_frame_total", (t_render + t_present + t_read) / frames * 1e6, "us");
    bench_report("render_frames_per_second", frames / (t_render + t_present + t_read), "fps");

    char path[] = "/tmp/tabletop-bench-XXXXXX";
    int fd = mkstemp(path);
    int status = 0;
    if (fd >= 0) {
        close(fd);
        int pngs = quick ? 5 : 30;
        double t0 = bench_now();
        for (int i = 0; i < pngs && status == 0; i++)
            if (frame_png_write(path, frame, HAL_FB_WIDTH, HAL_FB_HEIGHT, err, sizeof err) != 0) {
                fprintf(stderr, "bench render: %s\n", err);
                status = 1;
            }
        double t = bench_now() - t0;
        FILE *f = fopen(path, "rb");
        long size = 0;
        if (f) {
            fseek(f, 0, SEEK_END);
            size = ftell(f);
            fclose(f);
        }
        unlink(path);
        if (status == 0) {
            bench_report("render_png_write", t / pngs * 1e3, "ms");
            bench_report("render_png_bytes", (double)size, "bytes");
        }
    }
    free(frame);
    hal_close(&hal);
    return status;
}
