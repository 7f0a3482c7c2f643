/*
 * bench_sim.c - `tabletop bench sim`: how fast the sim backend runs the
 * whole simulated system (go_peripheral and every peripheral of the table)
 * on this machine, beside the real board's 60 frames a second.  Every clock
 * is simulated (docs/sim.md): these are the model's own speed.
 *
 *   sim.frames_per_s          a Go game being played, a sound playing all
 *                             along: a move every 0.2 s (a stone drawn, the
 *                             place sound, 0.2 s long, the digits, a swap
 *                             and the wait for it), VGA frames of board
 *                             time per wall second
 *   sim.realtime_ratio        the same as board time / wall time (1 = the board)
 *   sim.cycles_per_cpu_s      the same in 50 MHz clocks per CPU second
 *                             (steadier on a busy machine)
 *   sim.idle_frames_per_s     a still screen (a game waiting for a key)
 *   sim.clocked_frames_per_s  a still screen while the game-over clip plays
 *                             all along (the figure the builds before this
 *                             one printed under the same name)
 *   sim.clocked_cycles_per_cpu_s  the same in clocks per CPU second
 *   sim.present_to_frame_ms   wall time from a swap request to the first
 *                             frame sampled with it, a sound playing
 *   sim.traced_frames_per_s   every clock written to an FST trace
 *   sim.traced_realtime_ratio the same as board time / wall time
 *   sim.board_frames_per_s    the DE1-SoC's own rate, for comparison
 *   sim.windowed_clip_gaps    windowed (SDL's dummy video driver, its disk
 *                             audio driver recording what the speaker
 *                             played), 12 moves half a second apart in real
 *                             time: breaks of silence the speaker played
 *                             inside the clips (0 = every clip whole)
 *   sim.windowed_gap_ms       the silence those breaks added, in all
 *
 * Options: --quick (shorter runs, for smoke tests).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/bench.h"
#include "config.h"
#include "hal.h"
#if HAVE_SIM
#include "sim/hal_sim.h"
#endif

int bench_sim_run(int argc, char **argv);

#if HAVE_SIM
/* 800 x 525 pixels at 25 MHz. */
#define BOARD_FRAMES_PER_S (25e6 / (800.0 * 525.0))

static int open_sim(hal_t *h, const char *trace)
{
    char err[256];
    hal_config_t cfg = {0};
    cfg.backend = "sim";
    cfg.headless = 1;
    cfg.trace = trace;
    if (hal_sim_open(h, &cfg, err, sizeof err) != 0) {
        fprintf(stderr, "tabletop bench sim: %s\n", err);
        return -1;
    }
    return 0;
}

/* A picture, in both buffers. */
static uint16_t *fill_screen(hal_t *h)
{
    uint16_t *fb0 = h->ops->map(h->ctx, HAL_FB0_PHYS, HAL_FB_BYTES);
    uint16_t *fb1 = h->ops->map(h->ctx, HAL_FB1_PHYS, HAL_FB_BYTES);
    for (int i = 0; fb0 && fb1 && i < HAL_FB_WIDTH * HAL_FB_HEIGHT; i++)
        fb0[i] = fb1[i] = (uint16_t)(i * 2654435761u >> 16);
    return fb1;
}

/* One move as the console makes it: a stone drawn in the back buffer, the
 * place sound, the digits, a swap, and the wait for it (go_peripheral.c). */
static void present_move(hal_t *h, int move)
{
    const uint32_t back = (move & 1) ? HAL_FB1_PHYS : HAL_FB0_PHYS;
    uint16_t *fb = h->ops->map(h->ctx, back, HAL_FB_BYTES);
    const int x0 = 100 + (move * 37) % 400, y0 = 60 + (move * 53) % 360;
    for (int y = y0; fb && y < y0 + 40; y++)
        for (int x = x0; x < x0 + 40; x++)
            fb[y * HAL_FB_WIDTH + x] = (uint16_t)(move * 0x1111);
    hal_write(h, GP_REG_AUDIO_CMD, AUDIO_PLACE);
    hal_write(h, SEVEN_SEG_BASE, (uint32_t)move & 0x7F);
    hal_write(h, GP_REG_FB_ADDR_HI, back >> 24);
    hal_write(h, GP_REG_VGA_CTRL, 1);
    for (int i = 0; i < 200 && (hal_read(h, GP_REG_VGA_CTRL) & 1); i++)
        hal_advance(h, 1000);
}

/* Board time per wall second over usec of board time in the console's
 * steps (hal_advance of 4 ms while idle), a move every move_us (0: none). */
static double play(hal_t *h, uint32_t usec, uint32_t move_us, double *cpu)
{
    const double t0 = bench_now(), c0 = bench_cpu_now();
    const uint64_t start = hal_time_us(h);
    uint64_t next_move = start + move_us;
    int move = 0;
    while (hal_time_us(h) - start < usec) {
        if (move_us && hal_time_us(h) >= next_move) {
            present_move(h, ++move);
            next_move += move_us;
        }
        hal_advance(h, 4000);
    }
    const double wall = bench_now() - t0;
    if (cpu)
        *cpu = bench_cpu_now() - c0;
    return (double)(hal_time_us(h) - start) / 1e6 / wall;
}

#if HAVE_SDL
/* The samples of a raw S16 file after skip bytes; *n gets their count. */
static int16_t *read_s16(const char *path, long skip, size_t *n)
{
    *n = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    long bytes = fseek(f, 0, SEEK_END) == 0 ? ftell(f) - skip : -1;
    int16_t *v = bytes > 0 ? malloc((size_t)bytes + 2) : NULL;
    if (v && fseek(f, skip, SEEK_SET) == 0) {
        unsigned char b[2];
        while (fread(b, 1, 2, f) == 2)
            v[(*n)++] = (int16_t)(b[0] | b[1] << 8);
    }
    fclose(f);
    return v;
}

/* Windowed, n moves (stone, place sound, swap) half a second apart in
 * real time, as a player meets them; SDL's disk driver records what the
 * speaker played, the WAV what the model took.  A break is silence the
 * speaker played between two samples that follow each other in one clip
 * of the WAV (the place clip, 1,600 samples: the WAV holds the clips back
 * to back). */
static void windowed_gaps(int n)
{
    char dir[] = "/tmp/tabletop_bench_sim_XXXXXX";
    if (!mkdtemp(dir))
        return;
    char raw[sizeof dir + 16], wav[sizeof dir + 16];
    snprintf(raw, sizeof raw, "%s/device.raw", dir);
    snprintf(wav, sizeof wav, "%s/model.wav", dir);
    const char *names[3] = {"SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "SDL_DISKAUDIOFILE"};
    const char *values[3] = {"dummy", "disk", raw};
    char *saved[3];
    for (int i = 0; i < 3; i++) {
        const char *v = getenv(names[i]);
        saved[i] = v ? strdup(v) : NULL;
        setenv(names[i], values[i], 1);
    }
    hal_t h;
    char err[256];
    hal_config_t cfg = {0};
    cfg.backend = "sim";
    cfg.wav = wav;
    cfg.scale = 1;
    if (hal_sim_open(&h, &cfg, err, sizeof err) == 0) {
        fill_screen(&h);
        for (int move = 1; move <= n; move++) {
            const uint64_t start = hal_time_us(&h);
            present_move(&h, move);
            while (hal_time_us(&h) - start < 500000)
                hal_advance(&h, 4000);
        }
        usleep(400000); /* the lead and the last clip's end */
        h.ops->close(h.ctx);
        size_t nd, nw;
        int16_t *d = read_s16(raw, 0, &nd), *w = read_s16(wav, 44, &nw);
        /* The i-th sample other than silence of one is the i-th of the other. */
        size_t i = 0, k = 0, pd = 0, pw = 0;
        int started = 0, breaks = 0;
        uint64_t extra = 0;
        while (d && w && i < nd && k < nw) {
            if (!d[i]) {
                i++;
                continue;
            }
            if (!w[k]) {
                k++;
                continue;
            }
            if (started && pw / 1600 == k / 1600 && i - pd > k - pw) {
                breaks++;
                extra += (i - pd) - (k - pw);
            }
            started = 1;
            pd = i++;
            pw = k++;
        }
        if (!d || !w || !nd || !nw) {
            printf("# sim.windowed_clip_gaps: nothing recorded (no sound device: SDL's disk "
                   "driver missing?)\n");
        } else {
            bench_report("sim.windowed_clip_gaps", breaks, "breaks");
            bench_report("sim.windowed_gap_ms", (double)extra * 1000.0 / HAL_AUDIO_RATE, "ms");
        }
        free(d);
        free(w);
    } else {
        printf("# sim.windowed_clip_gaps: no window (%s)\n", err);
    }
    for (int i = 0; i < 3; i++) {
        if (saved[i])
            setenv(names[i], saved[i], 1);
        else
            unsetenv(names[i]);
        free(saved[i]);
    }
    unlink(raw);
    unlink(wav);
    rmdir(dir);
}
#else
static void windowed_gaps(int n)
{
    (void)n;
    printf("# sim.windowed_clip_gaps: no SDL\n");
}
#endif
#endif

int bench_sim_run(int argc, char **argv)
{
    int quick = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick")) {
            quick = 1;
        } else {
            fprintf(stderr, "tabletop bench sim: unknown option '%s' (try --quick)\n", argv[i]);
            return 2;
        }
    }
#if !HAVE_SIM
    (void)quick;
    printf("sim: sim backend not built (install verilator and g++, then reconfigure)\n");
    return 0;
#else
    hal_t h;
    double cpu = 0;
    const uint32_t span = quick ? 200000 : 2000000;

    /* A game: a move every 0.2 s, each with its sound (0.2 s) and a swap,
     * so a sound plays all along. */
    if (open_sim(&h, NULL) != 0)
        return 1;
    fill_screen(&h);
    const double game = play(&h, span, 200000, &cpu);
    h.ops->close(h.ctx);
    bench_report("sim.frames_per_s", game * BOARD_FRAMES_PER_S, "frames/s");
    bench_report("sim.realtime_ratio", game, "x");
    bench_report("sim.cycles_per_cpu_s", span / 1e6 * 50e6 / cpu, "cycles/s");

    /* A still screen: the console waiting for a key. */
    if (open_sim(&h, NULL) != 0)
        return 1;
    fill_screen(&h);
    bench_report("sim.idle_frames_per_s", play(&h, span / 2, 0, NULL) * BOARD_FRAMES_PER_S,
                 "frames/s");
    h.ops->close(h.ctx);

    /* A still screen, the game-over clip (1.5 s) playing all along. */
    if (open_sim(&h, NULL) != 0)
        return 1;
    fill_screen(&h);
    hal_write(&h, GP_REG_AUDIO_CMD, AUDIO_GAME_OVER);
    bench_report("sim.clocked_frames_per_s", play(&h, span / 2, 0, &cpu) * BOARD_FRAMES_PER_S,
                 "frames/s");
    bench_report("sim.clocked_cycles_per_cpu_s", span / 2 / 1e6 * 50e6 / cpu, "cycles/s");

    /* From a swap request to the frame that shows it, while a sound plays
     * : the latency a key press sees on top of the game's own work. */
    uint16_t *frame = malloc(sizeof(uint16_t) * HAL_FB_WIDTH * HAL_FB_HEIGHT);
    if (frame) {
        const int n = quick ? 2 : 10;
        double total = 0;
        for (int i = 0; i < n; i++) {
            hal_write(&h, GP_REG_AUDIO_CMD, AUDIO_PLACE);
            const double t0 = bench_now();
            hal_write(&h, GP_REG_FB_ADDR_HI, (i & 1) ? 0xC0 : 0xC1);
            hal_write(&h, GP_REG_VGA_CTRL, 1);
            hal_read_frame(&h, frame);
            total += bench_now() - t0;
        }
        bench_report("sim.present_to_frame_ms", total * 1000.0 / n, "ms");
        free(frame);
    }
    h.ops->close(h.ctx);

    /* Tracing: every signal of every clock goes to an FST file, in a
     * scratch folder of our own. */
    char dir[] = "/tmp/tabletop_bench_sim_XXXXXX";
    if (mkdtemp(dir)) {
        char path[sizeof dir + 16];
        snprintf(path, sizeof path, "%s/trace.fst", dir);
        if (open_sim(&h, path) == 0) {
            fill_screen(&h);
            const double traced = play(&h, quick ? 10000 : 50000, 0, NULL);
            bench_report("sim.traced_frames_per_s", traced * BOARD_FRAMES_PER_S, "frames/s");
            bench_report("sim.traced_realtime_ratio", traced, "x");
            bench_report("sim.traced_cycles_per_s", traced * 50e6, "cycles/s");
            h.ops->close(h.ctx);
        }
        unlink(path);
        rmdir(dir);
    }
    bench_report("sim.board_frames_per_s", BOARD_FRAMES_PER_S, "frames/s");
    windowed_gaps(quick ? 3 : 12);
    return 0;
#endif
}
