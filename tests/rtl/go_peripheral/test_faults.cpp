/*
 * test_faults.cpp - faults planted in a scratch copy of go_peripheral's RTL
 * reach the player (docs/sim.md "Planted faults").
 *
 * This program is the sim backend (sim/hal_sim.cpp and the bindings, as in
 * tabletop) linked with a harness around a model Verilated from
 * plant_faults.py's copies of the RTL: the red channel inverted on every
 * 64th frame (frame_count[5:0] == 37), bit 10 flipped in every 64th sample
 * of a clip (index[5:0] == 21).  In the backend's default mode, in a window
 * (SDL's dummy video driver), each frame the window shows is watched
 * (hal_config_t.on_frame), and the WAV holds what the speaker got.  The
 * source of truth is the framebuffer in memory and the ROM image Quartus
 * loads (rtl/go_peripheral/sounds), not the model.
 */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <string>
#include <vector>

extern "C" {
#include "hal.h"
#include "hal_sim.h"
}
#include "tb_util.h"

namespace {

uint16_t to444(uint16_t p)
{
    return (uint16_t)(((p >> 12) & 0xF) << 8 | ((p >> 7) & 0xF) << 4 | ((p >> 1) & 0xF));
}

/* What the window showed: for each frame, how many pixels differ from the
 * picture in memory, and how many differ only by an inverted red channel. */
struct watch_t {
    const uint16_t *mem = nullptr;
    std::vector<uint64_t> frames;     /* frame numbers shown */
    std::vector<int> bad, red_flipped; /* per frame shown */
};

void on_frame(void *ctx, const uint16_t *rgb444, uint64_t frame)
{
    watch_t *w = static_cast<watch_t *>(ctx);
    int bad = 0, red = 0;
    for (int i = 0; i < HAL_FB_WIDTH * HAL_FB_HEIGHT; i++) {
        const uint16_t want = to444(w->mem[i]);
        if (rgb444[i] != want) {
            bad++;
            red += rgb444[i] == (want ^ 0xF00);
        }
    }
    w->frames.push_back(frame);
    w->bad.push_back(bad);
    w->red_flipped.push_back(red);
}

std::vector<int16_t> load_wav(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot open %s", path);
    std::vector<int16_t> v;
    unsigned char b[2];
    cr_assert_eq(fseek(f, 44, SEEK_SET), 0);
    while (fread(b, 1, 2, f) == 2)
        v.push_back((int16_t)(b[0] | b[1] << 8));
    fclose(f);
    return v;
}

} // namespace

Test(faults, picture_fault_every_64th_frame_shows_in_the_window, .timeout = 200)
{
    watch_t w;
    hal_config_t cfg = {};
    cfg.backend = "sim";
    cfg.scale = 1;
    cfg.on_frame = on_frame;
    cfg.on_frame_ctx = &w;
    hal_t h;
    char err[256] = "";
    cr_assert_eq(hal_sim_open(&h, &cfg, err, sizeof err), 0, "hal_sim_open: %s", err);
    uint16_t *fb = static_cast<uint16_t *>(h.ops->map(h.ctx, HAL_FB0_PHYS, HAL_FB_BYTES));
    cr_assert_not_null(fb);
    /* Every pixel with some red, so an inverted red channel always shows. */
    uint32_t seed = 99;
    for (int i = 0; i < HAL_FB_WIDTH * HAL_FB_HEIGHT; i++) {
        seed = seed * 1664525u + 1013904223u;
        fb[i] = (uint16_t)(seed >> 12);
    }
    w.mem = fb;
    /* 140 frames in the console's 4 ms steps. */
    while (w.frames.empty() || w.frames.back() < 140)
        hal_advance(&h, 4000);
    h.ops->close(h.ctx);

    std::vector<uint64_t> faulty;
    for (size_t i = 0; i < w.frames.size(); i++) {
        if (w.bad[i] == 0)
            continue;
        cr_expect_eq(w.bad[i], w.red_flipped[i], "frame %llu: %d pixels differ, %d by red only",
                     (unsigned long long)w.frames[i], w.bad[i], w.red_flipped[i]);
        faulty.push_back(w.frames[i]);
    }
    /* Every frame was shown, and exactly those 64 apart carried the fault. */
    cr_expect_geq(w.frames.size(), 139u, "only %zu frames shown", w.frames.size());
    cr_assert_geq(faulty.size(), 2u, "the planted fault never reached the window");
    for (size_t i = 1; i < faulty.size(); i++)
        cr_expect_eq(faulty[i] - faulty[i - 1], 64u, "faulty frames %llu and %llu",
                     (unsigned long long)faulty[i - 1], (unsigned long long)faulty[i]);
    cr_expect_leq(faulty.size(), 3u);
}

Test(faults, sound_fault_every_64th_sample_is_in_the_wav, .timeout = 200)
{
    char dir[] = "/tmp/tabletop_faults_XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    const std::string wav = std::string(dir) + "/run.wav";
    hal_config_t cfg = {};
    cfg.backend = "sim";
    cfg.scale = 1;
    cfg.wav = wav.c_str();
    hal_t h;
    char err[256] = "";
    cr_assert_eq(hal_sim_open(&h, &cfg, err, sizeof err), 0, "hal_sim_open: %s", err);
    hal_write(&h, GP_REG_AUDIO_CMD, AUDIO_CAPTURE);
    for (int i = 0; i < 80; i++) /* 0.32 s: the capture clip is 0.3 s */
        hal_advance(&h, 4000);
    cr_assert_eq(h.ops->close(h.ctx), 0);

    const std::vector<int16_t> rom = load_clip("capture"), got = load_wav(wav.c_str());
    cr_assert_eq(got.size(), rom.size(), "%zu samples in the WAV, the clip has %zu", got.size(),
                 rom.size());
    int faulty = 0;
    for (size_t i = 0; i < rom.size(); i++) {
        const int16_t want = (i % 64 == 21) ? (int16_t)(rom[i] ^ 0x400) : rom[i];
        cr_expect_eq(got[i], want, "sample %zu: %d, want %d (the ROM has %d)", i, got[i], want,
                     rom[i]);
        faulty += got[i] != rom[i];
        if (got[i] != want)
            break;
    }
    cr_expect_eq(faulty, (int)((rom.size() + 64 - 22) / 64), "%d samples carried the fault",
                 faulty);
    unlink(wav.c_str());
    rmdir(dir);
}
