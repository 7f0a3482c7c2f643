/*
 * test_hal_sim.cpp - the sim backend through the HAL ops table, headless:
 * mapping, register routing, read_frame semantics (a fresh frame after
 * any swap, with the sampler switched on and off around it), time, the
 * WAV file, and bad input.
 */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <algorithm>
#include <string>
#include <vector>

extern "C" {
#include "hal.h"
#include "hal_sim.h"
}

namespace {

hal_t open_sim(const char *wav)
{
    hal_config_t cfg = {};
    cfg.backend = "sim";
    cfg.headless = 1;
    cfg.wav = wav;
    hal_t h;
    char err[256] = "";
    cr_assert_eq(hal_sim_open(&h, &cfg, err, sizeof err), 0, "hal_sim_open: %s", err);
    cr_assert_str_eq(h.ops->name, "sim");
    return h;
}

uint16_t to444(uint16_t p)
{
    return (uint16_t)(((p >> 12) & 0xF) << 8 | ((p >> 7) & 0xF) << 4 | ((p >> 1) & 0xF));
}

void fill(uint16_t *px, uint32_t seed)
{
    for (int i = 0; i < HAL_FB_WIDTH * HAL_FB_HEIGHT; i++) {
        seed = seed * 1664525u + 1013904223u;
        px[i] = (uint16_t)(seed >> 12);
    }
}

int diff(const uint16_t *frame, const uint16_t *mem)
{
    int bad = 0;
    for (int i = 0; i < HAL_FB_WIDTH * HAL_FB_HEIGHT; i++)
        bad += frame[i] != to444(mem[i]);
    return bad;
}

} // namespace

Test(hal_sim, map_covers_the_two_framebuffers_only)
{
    hal_t h = open_sim(nullptr);
    uint8_t *a = (uint8_t *)h.ops->map(h.ctx, HAL_FB0_PHYS, HAL_FB_BYTES);
    uint8_t *b = (uint8_t *)h.ops->map(h.ctx, HAL_FB1_PHYS, HAL_FB_BYTES);
    cr_assert_not_null(a);
    cr_assert_not_null(b);
    cr_expect_eq(b - a, 0x01000000, "0xC1 is 16 MB above 0xC0 in the FPGA's SDRAM");
    cr_expect_null(h.ops->map(h.ctx, 0x80000000u, 16));
    cr_expect_null(h.ops->map(h.ctx, 0xC2000000u, 16));
    cr_expect_null(h.ops->map(h.ctx, 0xC1FFFFFFu, 2));
    h.ops->close(h.ctx);
}

Test(hal_sim, read_frame_shows_the_swapped_buffer_and_later_writes)
{
    hal_t h = open_sim(nullptr);
    uint16_t *fb0 = (uint16_t *)h.ops->map(h.ctx, HAL_FB0_PHYS, HAL_FB_BYTES);
    uint16_t *fb1 = (uint16_t *)h.ops->map(h.ctx, HAL_FB1_PHYS, HAL_FB_BYTES);
    std::vector<uint16_t> frame(HAL_FB_WIDTH * HAL_FB_HEIGHT);
    fill(fb0, 1);
    fill(fb1, 2);
    cr_assert_eq(hal_read_frame(&h, frame.data()), 0);
    cr_expect_eq(diff(frame.data(), fb0), 0, "after reset buffer 0xC0 is shown");
    /* The console's present: FB_ADDR_HI, then VGA_CTRL; no waiting. */
    hal_write(&h, GP_REG_FB_ADDR_HI, HAL_FB1_PHYS >> 24);
    hal_write(&h, GP_REG_VGA_CTRL, 1);
    cr_assert_eq(hal_read_frame(&h, frame.data()), 0);
    cr_expect_eq(diff(frame.data(), fb1), 0, "read_frame waits for the swap");
    /* Writes to the shown buffer appear on the next read, even after the
     * sampler has been off for a while mid-frame. */
    fill(fb1, 3);
    hal_advance(&h, 7777);
    cr_assert_eq(hal_read_frame(&h, frame.data()), 0);
    cr_expect_eq(diff(frame.data(), fb1), 0);
    h.ops->close(h.ctx);
}

Test(hal_sim, time_is_the_model_clock)
{
    hal_t h = open_sim(nullptr);
    const uint64_t t0 = hal_time_us(&h);
    hal_advance(&h, 1000);
    cr_expect_eq(hal_time_us(&h) - t0, 1000u);
    /* 16.8 ms per frame: three advances of 17 ms see three vblanks. */
    const uint32_t f0 = hal_read(&h, GP_REG_VGA_STATUS) >> 16;
    hal_advance(&h, 3 * 16800);
    const uint32_t f1 = hal_read(&h, GP_REG_VGA_STATUS) >> 16;
    cr_expect_eq(f1 - f0, 3u);
    cr_expect_eq(h.ops->poll_key(h.ctx), 0, "headless: no keys from the backend");
    h.ops->close(h.ctx);
}

namespace {

/* The samples of a clip's ROM image, as the model loaded it. */
std::vector<int16_t> rom_clip(const char *name)
{
    std::vector<int16_t> v;
    FILE *vh = fopen((std::string(getenv("TABLETOP_ROM_DIR")) + "/" + name + ".vh").c_str(), "r");
    cr_assert_not_null(vh);
    unsigned x;
    while (fscanf(vh, "%x", &x) == 1)
        v.push_back((int16_t)x);
    fclose(vh);
    return v;
}

} // namespace

Test(hal_sim, wav_gets_the_streamed_clip)
{
    char path[] = "/tmp/tabletop_halsim_XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    close(fd);
    hal_t h = open_sim(path);
    hal_write(&h, GP_REG_AUDIO_CMD, AUDIO_PLACE);
    cr_expect_eq(hal_read(&h, GP_REG_AUDIO_STATUS), 1u);
    hal_advance(&h, 250000); /* the 0.2 s clip plays out */
    cr_expect_eq(hal_read(&h, GP_REG_AUDIO_STATUS), 0u);
    h.ops->close(h.ctx);

    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f);
    std::vector<unsigned char> buf(1 << 16);
    size_t n = fread(buf.data(), 1, buf.size(), f);
    fclose(f);
    unlink(path);
    cr_assert_eq(n, 44u + 2 * 1600, "WAV of %zu bytes, want one place clip", n);
    /* Compare with the ROM image the model loaded. */
    const std::vector<int16_t> rom = rom_clip("place");
    cr_assert_eq(rom.size(), 1600u);
    for (int i = 0; i < 1600; i++) {
        const int16_t got = (int16_t)(buf[44 + 2 * i] | buf[45 + 2 * i] << 8);
        cr_assert_eq(got, rom[i], "sample %d", i);
    }
}

namespace {

/* The samples of a raw S16 file (skip bytes of header) that are not silence. */
std::vector<int16_t> sounding(const std::string &path, size_t skip)
{
    std::vector<int16_t> v;
    FILE *f = fopen(path.c_str(), "rb");
    cr_assert_not_null(f, "no %s", path.c_str());
    fseek(f, (long)skip, SEEK_SET);
    unsigned char b[2];
    while (fread(b, 1, 2, f) == 2)
        if (b[0] | b[1])
            v.push_back((int16_t)(b[0] | b[1] << 8));
    fclose(f);
    return v;
}

/* The backend in a window (SDL's dummy video driver), its speaker SDL's
 * disk audio driver recording what it plays to raw. */
hal_t open_windowed(const std::string &raw, const char *wav)
{
    setenv("SDL_VIDEODRIVER", "dummy", 1);
    setenv("SDL_AUDIODRIVER", "disk", 1);
    setenv("SDL_DISKAUDIOFILE", raw.c_str(), 1);
    unsetenv("SDL_DISKAUDIODELAY");
    hal_config_t cfg = {};
    cfg.backend = "sim";
    cfg.wav = wav;
    hal_t h;
    char err[256] = "";
    cr_assert_eq(hal_sim_open(&h, &cfg, err, sizeof err), 0, "hal_sim_open: %s", err);
    return h;
}

} // namespace

/* Windowed, the speaker plays what the model's sinks took, and nothing
 * else (docs/sim.md): the game-over clip (1.5 s) started, the place clip
 * 20 ms later, in real time (the window paces the model).  The model takes
 * a prefix of the game-over clip and then the place clip whole (checked
 * against the ROM images); the speaker must play exactly those samples, in
 * order, and no more of the game-over clip than the model took. */
Test(hal_sim, windowed_speaker_plays_what_the_model_took, .timeout = 60)
{
    char dir[] = "/tmp/tabletop_halsim_XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    const std::string raw = std::string(dir) + "/device.raw", wav = std::string(dir) + "/out.wav";
    hal_t h = open_windowed(raw, wav.c_str());
    hal_write(&h, GP_REG_AUDIO_CMD, AUDIO_GAME_OVER);
    hal_advance(&h, 20000);
    hal_write(&h, GP_REG_AUDIO_CMD, AUDIO_PLACE);
    for (int i = 0; i < 63; i++) /* 252 ms in the console's 4 ms steps */
        hal_advance(&h, 4000);
    const std::vector<int16_t> over = rom_clip("gameover"), place = rom_clip("place");
    std::vector<int16_t> over_s, place_s;
    for (int16_t v : over)
        if (v)
            over_s.push_back(v);
    for (int16_t v : place)
        if (v)
            place_s.push_back(v);
    /* Until the device has played the place clip's last sample (or 10 s). */
    std::vector<int16_t> heard;
    for (int i = 0; i < 100; i++) {
        heard = sounding(raw, 0);
        if (heard.size() >= place_s.size() &&
            std::equal(place_s.end() - 8, place_s.end(), heard.end() - 8))
            break;
        usleep(100000);
    }
    h.ops->close(h.ctx);
    const std::vector<int16_t> model = sounding(wav, 44);
    /* The model: a prefix of the game-over clip, then the place clip whole. */
    cr_assert_gt(model.size(), place_s.size());
    const size_t took = model.size() - place_s.size();
    cr_assert(std::equal(place_s.begin(), place_s.end(), model.begin() + (long)took));
    cr_assert(std::equal(model.begin(), model.begin() + (long)took, over_s.begin()));
    cr_expect_lt(took, over_s.size() / 2, "the model took %zu of the game-over clip", took);
    /* The speaker: the same samples. */
    cr_expect(heard == model, "the speaker played %zu samples, the model took %zu",
              heard.size(), model.size());
    unlink(raw.c_str());
    unlink(wav.c_str());
    rmdir(dir);
}

Test(hal_sim, offsets_outside_the_peripheral_change_nothing)
{
    hal_t h = open_sim(nullptr);
    hal_write(&h, GP_REG_FB_ADDR_HI, 0xC1);
    /* In no peripheral (past the Othello machine's span), a read-only
     * register, past the mailbox, unaligned. */
    hal_write(&h, OTH_BASE + 0x20, 0xFFFFFFFFu);
    hal_write(&h, LINK_UART_BASE + 4, 0x12345678u);
    hal_write(&h, C4_BASE + 0x30, 0x12345678u); /* past the mailbox and its reset PIO */
    hal_write(&h, C4_BASE + 2, 0x12345678u);
    hal_write(&h, GP_REG_FB_ADDR_HI + 2, 0xC0);
    cr_expect_eq(hal_read(&h, GP_REG_FB_ADDR_HI), 0xC0C1u);
    cr_expect_eq(hal_read(&h, OTH_BASE + 0x20), 0u);
    cr_expect_eq(hal_read(&h, C4_BASE + 0x30), 0u);
    cr_expect_eq(hal_read(&h, C4_BASE), 0u, "the mailbox flag was not touched");
    cr_expect_eq(hal_read(&h, GP_REG_FB_ADDR_HI + 1), 0u);
    cr_expect_eq(hal_read(&h, GP_REG_VGA_CTRL), 0u);
    h.ops->close(h.ctx);
}

Test(hal_sim, bad_trace_path_is_a_clear_error)
{
    hal_config_t cfg = {};
    cfg.backend = "sim";
    cfg.headless = 1;
    cfg.trace = "/nonexistent-dir/t.fst";
    hal_t h;
    char err[256] = "";
    cr_expect_eq(hal_sim_open(&h, &cfg, err, sizeof err), -1);
    cr_expect(strstr(err, "/nonexistent-dir/t.fst") != nullptr, "message: %s", err);
    cr_expect(strchr(err, '\n') == nullptr, "one line");
}

/* The Connect Four mailbox at C4_BASE is the Verilated RTL on sim and
 * the C model on sdl: the same positions, after idle gaps of every
 * length modulo the mailbox's 3-clock polling loop, get the same answer
 * word in the same number of 1 us polls. */
Test(hal_sim, connect4_mailbox_answers_like_the_c_model)
{
    hal_config_t cfg = {};
    cfg.headless = 1;
    cfg.backend = "sdl";
    hal_t sdl, sim = open_sim(nullptr);
    char err[256];
    cr_assert_eq(hal_open(&sdl, &cfg, err, sizeof err), 0, "%s", err);
    uint32_t seed = 99;
    for (int trial = 0; trial < 24; trial++) {
        uint32_t rows[6];
        for (int r = 0; r < 6; r++) {
            seed = seed * 1664525u + 1013904223u;
            /* Any 14-bit rows are inputs the RTL and the model must agree on. */
            rows[r] = (seed >> 10) & 0x3FFF;
        }
        const uint32_t idle_us = 1000 + 7u * (uint32_t)trial; /* 50k + 350*trial clocks */
        uint32_t word[2] = {0, 0};
        int polls[2] = {0, 0};
        hal_t *hs[2] = {&sim, &sdl};
        for (int b = 0; b < 2; b++) {
            hal_t *h = hs[b];
            hal_advance(h, idle_us);
            for (int r = 0; r < 6; r++)
                hal_write(h, C4_BASE + 4 * (1 + r), rows[r]);
            hal_write(h, C4_BASE, 1);
            while (hal_read(h, C4_BASE) != 2u && polls[b] < 1000) {
                hal_advance(h, 1);
                polls[b]++;
            }
            word[b] = hal_read(h, C4_BASE + 0x1C);
            hal_write(h, C4_BASE, 0);
        }
        cr_expect_lt(polls[0], 1000, "trial %d: the RTL mailbox never answered", trial);
        cr_expect_eq(word[0], word[1], "trial %d: RTL answered %08x, C model %08x", trial,
                     word[0], word[1]);
        cr_expect_eq(polls[0], polls[1], "trial %d: %d polls on sim, %d on sdl", trial, polls[0],
                     polls[1]);
    }
    hal_close(&sdl);
    sim.ops->close(sim.ctx);
}

#include "bindings/connect4_bind.h"

/* Clocks the mailbox at now with a harmless read, then runs the request
 * protocol from clock t; returns the clock at which the flag read 2. */
static uint64_t c4_answer_clock(sim_c4_t *c, uint64_t t, uint32_t *move)
{
    for (uint32_t r = 0; r < 6; r++)
        sim_c4_reg_write(c, t++, C4_REG_ROW + 4 * r, (0x155u << r) & 0x3FFF);
    sim_c4_reg_write(c, t++, C4_REG_FLAG, C4_FLAG_NEW);
    for (int i = 0; i < 200; i++, t++)
        if (sim_c4_reg_read(c, t, C4_REG_FLAG) == C4_FLAG_DONE) {
            *move = sim_c4_reg_read(c, t + 1, C4_REG_MOVE);
            return t;
        }
    return 0;
}

/* The idle shortcut (64 clocks, then the gap modulo 3) leaves the mailbox
 * exactly where clocking through the whole gap would. */
Test(hal_sim, connect4_idle_shortcut_is_exact)
{
    for (uint64_t gap = 100000; gap < 100006; gap++) {
        sim_c4_t *fast = sim_c4_new(), *slow = sim_c4_new();
        /* slow: a read every 50 clocks, so it never takes the shortcut. */
        for (uint64_t t = 50; t < gap; t += 50)
            sim_c4_reg_read(slow, t, C4_REG_ROW + 8);
        uint32_t mf = 0, ms = 0;
        const uint64_t tf = c4_answer_clock(fast, gap, &mf);
        const uint64_t ts = c4_answer_clock(slow, gap, &ms);
        cr_expect_neq(tf, 0u, "no answer");
        cr_expect_eq(tf, ts, "gap %llu: answered at %llu after the shortcut, %llu without",
                     (unsigned long long)gap, (unsigned long long)tf, (unsigned long long)ts);
        cr_expect_eq(mf, ms);
        cr_expect_lt(sim_c4_clocks_run(fast), 1000u, "the shortcut was not taken");
        sim_c4_free(fast);
        sim_c4_free(slow);
    }
}
