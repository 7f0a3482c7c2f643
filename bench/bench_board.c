/*
 * bench_board.c - `tabletop bench board`: the board backend's costs that do
 * not need a board: HID report decoding, and in file mode (a sparse file
 * standing in for /dev/mem) register writes and reading a frame back.
 * On the DE1-SoC the same figures come from the uncached /dev/mem mapping
 * with `tabletop bench board --devmem /dev/mem`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench/bench.h"
#include "hal.h"
#include "input/hid.h"

int bench_board_run(int argc, char **argv);

static void bench_hid(void)
{
    /* A typing pattern: press, roll over to a second key, release both. */
    static const uint8_t reports[4][8] = {
        {0, 0, 0x4F, 0, 0, 0, 0, 0},
        {0, 0, 0x4F, 0x51, 0, 0, 0, 0},
        {0, 0, 0x51, 0, 0, 0, 0, 0},
        {0, 0, 0, 0, 0, 0, 0, 0},
    };
    hid_decoder_t d;
    hid_decoder_init(&d);
    int keys[HID_MAX_EDGES];
    long edges = 0;
    const long n = 4000000;
    double t0 = bench_cpu_now();
    for (long i = 0; i < n; i++) {
        edges += hid_decoder_feed(&d, reports[i & 3], 8, (uint64_t)i * 1000, keys, HID_MAX_EDGES);
        edges += hid_decoder_repeat(&d, (uint64_t)i * 1000, keys, HID_MAX_EDGES);
    }
    double t = bench_cpu_now() - t0;
    if (edges < n / 2)
        fprintf(stderr, "bench board: decoder produced too few edges\n");
    bench_report("board.hid_decode", t / n * 1e9, "ns/report");
}

static int bench_file_mode(const char *devmem)
{
    char path[] = "/tmp/tabletop-bench-board-XXXXXX";
    int made = 0;
    if (!devmem) {
        int fd = mkstemp(path);
        if (fd < 0 || ftruncate(fd, 4ll << 30) != 0) {
            fprintf(stderr, "bench board: cannot make a sparse file in /tmp\n");
            if (fd >= 0) {
                close(fd);
                unlink(path);
            }
            return 1;
        }
        close(fd);
        devmem = path;
        made = 1;
    }
    hal_config_t cfg = {.backend = "board", .devmem = devmem, .headless = 1};
    hal_t h;
    char err[256];
    if (hal_open(&h, &cfg, err, sizeof err) != 0) {
        fprintf(stderr, "bench board: %s\n", err);
        if (made)
            unlink(path);
        return 1;
    }
    /* Register writes: AUDIO_CMD 0 (stop) is harmless on a real board too. */
    const long writes = 200000;
    double t0 = bench_now();
    for (long i = 0; i < writes; i++)
        hal_write(&h, GP_REG_AUDIO_CMD, AUDIO_NONE);
    double t = bench_now() - t0;
    bench_report("board.reg_write", t / writes * 1e9, "ns");

    /* Reading the displayed frame back as RGB444 (parity, snapshots). */
    uint16_t *fb = h.ops->map(h.ctx, HAL_FB0_PHYS, HAL_FB_BYTES);
    static uint16_t frame[HAL_FB_WIDTH * HAL_FB_HEIGHT];
    if (made)
        for (size_t i = 0; i < HAL_FB_WIDTH * HAL_FB_HEIGHT; i++)
            fb[i] = (uint16_t)(i * 2654435761u >> 16); /* touch every page first */
    const int frames = 20;
    t0 = bench_now();
    for (int i = 0; i < frames; i++)
        hal_read_frame(&h, frame);
    t = bench_now() - t0;
    bench_report("board.read_frame", t / frames * 1e3, "ms");
    hal_close(&h);
    if (made)
        unlink(path);
    return 0;
}

int bench_board_run(int argc, char **argv)
{
    const char *devmem = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--devmem") && i + 1 < argc)
            devmem = argv[++i];
        else {
            fprintf(stderr, "tabletop bench board: unknown option '%s' or its value missing "
                            "(try tabletop bench board --help)\n",
                    argv[i]);
            return 2;
        }
    }
    bench_hid();
    return bench_file_mode(devmem);
}
