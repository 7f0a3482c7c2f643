/*
 * bench_sim.c - `tabletop bench sim`: how fast the sim backend runs the
 * Verilated go_peripheral on this machine, beside the real board.
 *
 *   sim.cycles_per_s         simulated 50 MHz clocks per wall second
 *   sim.cycles_per_cpu_s     the same per CPU second (steady on a busy machine)
 *   sim.frames_per_s         VGA frames scanned (and sampled) per wall second
 *   sim.realtime_ratio       simulated time / wall time (1 = as fast as the board)
 *   sim.board_frames_per_s   the DE1-SoC's own rate, for comparison
 *   sim.traced_cycles_per_s  the same with an FST trace being written
 *   sim.read_frame_ms        wall time of one hal read_frame after a swap
 *
 * Options: --quick (a shorter run, for smoke tests).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/bench.h"
#include "config.h"
#include "hal.h"
#if HAVE_SIM
#include "hal_backends.h"
#endif

int bench_sim_run(int argc, char **argv);

#if HAVE_SIM
/* Clocks usec of simulated time through the HAL; returns wall seconds and
 * the VGA frames counted by VGA_STATUS[31:16] meanwhile. */
static double run_for(hal_t *h, uint32_t usec, uint32_t *frames, double *cpu)
{
    const uint32_t f0 = hal_read(h, REG_VGA_STATUS) >> 16;
    const double t0 = bench_now(), c0 = bench_cpu_now();
    for (uint32_t done = 0; done < usec; done += 1000)
        hal_advance(h, 1000);
    const double dt = bench_now() - t0;
    *cpu = bench_cpu_now() - c0;
    *frames = ((hal_read(h, REG_VGA_STATUS) >> 16) - f0) & 0xFFFF;
    return dt;
}
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
    char err[256];
    hal_config_t cfg = {0};
    cfg.backend = "sim";
    cfg.headless = 1;
    hal_t h;
    if (hal_sim_open(&h, &cfg, err, sizeof err) != 0) {
        fprintf(stderr, "tabletop bench sim: %s\n", err);
        return 1;
    }
    /* Something to show and something to play, as in a game. */
    uint16_t *fb = h.ops->map(h.ctx, HAL_FB0_PHYS, HAL_FB_BYTES);
    for (int i = 0; fb && i < HAL_FB_WIDTH * HAL_FB_HEIGHT; i++)
        fb[i] = (uint16_t)(i * 2654435761u >> 16);
    hal_write(&h, REG_AUDIO_CMD, AUDIO_GAME_OVER);

    const uint32_t usec = quick ? 100000 : 1000000; /* 0.1 s or 1 s of board time */
    uint32_t frames = 0;
    double cpu = 0;
    const double dt = run_for(&h, usec, &frames, &cpu);
    const double cycles = (double)usec * 50.0;
    bench_report("sim.cycles_per_s", cycles / dt, "cycles/s");
    /* CPU time: the same figure unaffected by other loads on the machine. */
    bench_report("sim.cycles_per_cpu_s", cycles / cpu, "cycles/s");
    bench_report("sim.frames_per_s", frames / dt, "frames/s");
    bench_report("sim.realtime_ratio", cycles / dt / 50e6, "x");
    bench_report("sim.board_frames_per_s", 60, "frames/s");

    uint16_t *frame = malloc(sizeof(uint16_t) * HAL_FB_WIDTH * HAL_FB_HEIGHT);
    if (frame) {
        const int n = quick ? 2 : 10;
        const double t0 = bench_now();
        for (int i = 0; i < n; i++) {
            hal_write(&h, REG_FB_ADDR_HI, (i & 1) ? 0xC0 : 0xC1);
            hal_write(&h, REG_VGA_CTRL, 1);
            hal_read_frame(&h, frame);
        }
        bench_report("sim.read_frame_ms", (bench_now() - t0) * 1000.0 / n, "ms");
        free(frame);
    }
    h.ops->close(h.ctx);

    /* Tracing: every signal of every clock goes to an FST file. */
    char path[] = "/tmp/tabletop_bench_XXXXXX";
    int fd = mkstemp(path);
    if (fd >= 0) {
        close(fd);
        cfg.trace = path;
        if (hal_sim_open(&h, &cfg, err, sizeof err) == 0) {
            const uint32_t tusec = quick ? 10000 : 50000;
            const double tdt = run_for(&h, tusec, &frames, &cpu);
            bench_report("sim.traced_cycles_per_s", tusec * 50.0 / tdt, "cycles/s");
            h.ops->close(h.ctx);
        }
        unlink(path);
    }
    return 0;
#endif
}
