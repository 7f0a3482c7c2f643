// td_parity.cpp - seed 002's tile display (docs/tile_display.md):
//
//  1. a testbench of the RTL (rtl/tile_display, Verilated) through the sim
//     binding's pin sampler: reset, the register map, the VGA timing;
//  2. the picture against the seed's text, read here on its own (§3.4 and
//     its appendix's VHDL): the four colours of table 3.2 from their RGB332
//     bytes, the cell word's field order from the seed's C
//     ((x << 24) + (y << 16) + (page << 8) + colour), board lines where
//     x or y is 16 mod 32 and at x = 480, round stones of radius under 14,
//     16-pixel menu cells right of x = 480, 4x4-pixel welcome cells;
//  3. the C model (hal/models/tile_display_model.c) against the RTL in lockstep
//     over random write sequences (cells on every page, bad words, page
//     selects, enable toggles, clears, idle time): every read, the
//     vga_drive pin after every access, and whole sampled frames pixel for
//     pixel;
//  4. the two backends' bindings (sdl's model, sim's RTL) given the same
//     accesses: the same reads and the same scanned frames.
// Prints TAP.  usage: td_parity [STEPS] [SEED]
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "bindings/tile_display_bind.h"

extern "C" {
#include "models/tile_display_model.h"
}

static int n_test, n_fail;

static void ok(int cond, const char *what)
{
    n_test++;
    if (!cond)
        n_fail++;
    printf("%s %d - %s\n", cond ? "ok" : "not ok", n_test, what);
}

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint32_t rnd()
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}
static uint32_t rnd_below(uint32_t n) { return rnd() % n; }

static const int W = 640, H = 480;

// Table 3.2, read from the seed: white 8'b11111111, black 8'b00000000,
// blue 8'b11011011, red 8'b11100000 (RGB332).  The pins carry 4 bits a
// channel: each channel scaled to 0-15 and rounded.
static uint16_t seed_colour(int c)
{
    static const unsigned bytes[4] = {0xFF, 0x00, 0xDB, 0xE0};
    unsigned v = bytes[c];
    unsigned r = (unsigned)std::lround((v >> 5) * 15.0 / 7.0);
    unsigned g = (unsigned)std::lround(((v >> 2) & 7) * 15.0 / 7.0);
    unsigned b = (unsigned)std::lround((v & 3) * 15.0 / 3.0);
    return (uint16_t)(r << 8 | g << 4 | b);
}

// The seed's own C (appendix 3, drawPixel): vga_input = (x << 24) + (y << 16) + (page << 8) + turn.
static uint32_t seed_word(unsigned x, unsigned y, unsigned page, unsigned colour)
{
    return (x << 24) + (y << 16) + (page << 8) + colour;
}

static int frame_rtl(sim_td_t *t, std::vector<uint16_t> &f, sim_td_timing_t *tm = nullptr)
{
    f.assign(W * H, 0xFFFF);
    return sim_td_sample_frame(t, f.data(), tm);
}

// ---- 1 and 2: the RTL on its own ------------------------------------------

static void testbench()
{
    sim_td_t *t = sim_td_new_raw();
    uint32_t st = sim_td_reg_read(t, TILE_DISPLAY_REG_STATUS);
    ok((st & 1) == 1, "after reset the reset clear runs (STATUS.BUSY)");
    sim_td_reg_write(t, TILE_DISPLAY_REG_CELL, seed_word(1, 1, 0, 1));
    ok(sim_td_reg_read(t, TILE_DISPLAY_REG_STATUS) >> 16 == 1, "a cell word during the clear is refused");
    sim_td_tick(t, TD_RESET_CLEAR_CLOCKS);
    st = sim_td_reg_read(t, TILE_DISPLAY_REG_STATUS);
    ok((st & 1) == 0, "the reset clear ends within 19,200 clocks");
    ok(sim_td_reg_read(t, TILE_DISPLAY_REG_ID) == 0x54494C45u, "ID reads \"TILE\"");
    ok(sim_td_reg_read(t, TILE_DISPLAY_REG_CTRL) == 0 && !sim_td_drives(t),
       "after reset CTRL is 0: go_peripheral drives VGA");
    sim_td_reg_write(t, TILE_DISPLAY_REG_STATUS, 0);
    ok(sim_td_reg_read(t, TILE_DISPLAY_REG_STATUS) == 0, "a STATUS write zeroes REFUSED");

    std::vector<uint16_t> f;
    sim_td_timing_t tm;
    int r = frame_rtl(t, f, &tm);
    ok(r == 0 && tm.lines == 480 && tm.bad_lines == 0, "a frame is 480 lines of 640 pixels");
    printf("# h_total %u h_sync %u v_total %u v_sync %u\n", tm.h_total, tm.h_sync, tm.v_total,
           tm.v_sync);
    ok(tm.h_total == 800 && tm.h_sync == 96, "lines of 800 pixels, hsync 96 (640x480@60)");
    ok(tm.v_total == 525 && tm.v_sync == 2, "frames of 525 lines, vsync 2 lines");
    ok(tm.rgb_in_blank == 0, "RGB is 0 while blanked");

    // The reset picture, board page: blue, lines at 16 mod 32 and x = 480,
    // the menu blue.
    const uint16_t white = seed_colour(0), black = seed_colour(1), blue = seed_colour(2),
                   red = seed_colour(3);
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool line = x < 480 ? (x % 32 == 16 || y % 32 == 16) : x == 480;
            bad += f[y * W + x] != (line ? black : blue);
        }
    ok(bad == 0, "empty board page: lines where x or y is 16 mod 32 and at x = 480, else blue");

    // Table 3.2 on the welcome page, and the field order of the seed's word.
    for (int c = 0; c < 4; c++)
        sim_td_reg_write(t, TILE_DISPLAY_REG_CELL, seed_word(10 + 2 * (unsigned)c, 3, 2, (unsigned)c));
    sim_td_reg_write(t, TILE_DISPLAY_REG_CELL, seed_word(5, 2, 2, 3));
    sim_td_reg_write(t, TILE_DISPLAY_REG_CTRL, 3);
    ok(sim_td_reg_read(t, TILE_DISPLAY_REG_CTRL) == 3 && sim_td_drives(t), "CTRL = 3: welcome page, drives VGA");
    frame_rtl(t, f);
    bad = 0;
    for (int c = 0; c < 4; c++)
        for (int dy = 0; dy < 4; dy++)
            for (int dx = 0; dx < 4; dx++)
                bad += f[(12 + dy) * W + 4 * (10 + 2 * c) + dx] != seed_colour(c);
    ok(bad == 0, "the four colours exact: white FFF, black 000, blue DDF, red F00");
    printf("# colours %03X %03X %03X %03X\n", white, black, blue, red);
    bad = 0;
    for (int dy = 0; dy < 4; dy++)
        for (int dx = 0; dx < 4; dx++)
            bad += f[(8 + dy) * W + 20 + dx] != red || f[(20 + dy) * W + 8 + dx] != white;
    ok(bad == 0, "x is the word's top byte, y the next: cell (5, 2) is the 4x4 block at (20, 8)");
    int others = 0;
    for (int i = 0; i < W * H; i++)
        others += f[i] != white;
    ok(others == 4 * 16, "the rest of the welcome page is white (its reset colour)");

    // Stones on the board page: a cell word of page 0 shows the board page.
    sim_td_reg_write(t, TILE_DISPLAY_REG_CELL, seed_word(7, 7, 0, 0));
    sim_td_reg_write(t, TILE_DISPLAY_REG_CELL, seed_word(14, 14, 0, 3));
    sim_td_reg_write(t, TILE_DISPLAY_REG_CELL, seed_word(0, 0, 0, 1));
    ok(sim_td_reg_read(t, TILE_DISPLAY_REG_CTRL) == 1, "a board cell word shows the board page (the seed's page = 0)");
    sim_td_reg_write(t, TILE_DISPLAY_REG_CELL, seed_word(0, 0, 1, 3));
    sim_td_reg_write(t, TILE_DISPLAY_REG_CELL, seed_word(9, 29, 1, 0));
    frame_rtl(t, f);
    const int cx = 7 * 32 + 16, cy = 7 * 32 + 16;
    int area = 0, asym = 0, max_dx = 0, outside = 0;
    for (int y = cy - 20; y <= cy + 20; y++)
        for (int x = cx - 20; x <= cx + 20; x++) {
            if (f[y * W + x] != white)
                continue;
            int dx = x - cx, dy = y - cy;
            area++;
            if (std::abs(dx) > max_dx)
                max_dx = std::abs(dx);
            if (dx * dx + dy * dy >= 14 * 14)
                outside++;
            // Mirror and transpose: a disc has the square's eight symmetries.
            const int mx[8] = {dx, -dx, dx, -dx, dy, -dy, dy, -dy};
            const int my[8] = {dy, dy, -dy, -dy, dx, dx, -dx, -dx};
            for (int k = 0; k < 8; k++) {
                uint16_t p = f[(cy + my[k]) * W + cx + mx[k]];
                bool on_line = (mx[k] == 0 || my[k] == 0);
                asym += p != white && !on_line;
            }
        }
    printf("# white stone: %d pixels, radius %d, pi*14^2 = %.1f\n", area, max_dx, M_PI * 196);
    ok(area > 0 && asym == 0, "a stone has the eight symmetries of a disc about its point");
    ok(max_dx == 13 && outside == 0, "a stone's radius is under 14 pixels (d^2 < 196)");
    ok(std::fabs(area - M_PI * 196) < 0.05 * M_PI * 196, "a stone's area is a disc's, within 5%");
    ok(f[cy * W + cx] == white, "the stone covers the lines crossing at its point");
    ok(f[(14 * 32 + 16 + 5) * W + 14 * 32 + 16 + 10] == red &&
           f[(16 - 5) * W + 16 + 10] == black,
       "red and black stones in their colours");
    ok(f[(cy + 15) * W + cx] == black && f[(cy + 16) * W + cx + 15] == blue,
       "outside the disc, the line and the blue ground again");
    bad = 0;
    for (int y = 0; y < 16; y++)
        for (int x = 481; x < 496; x++)
            bad += f[y * W + x] != red;
    for (int y = 464; y < 480; y++)
        for (int x = 624; x < 640; x++)
            bad += f[y * W + x] != white;
    for (int y = 0; y < H; y++)
        bad += f[y * W + 480] != black;
    ok(bad == 0, "menu cells are 16-pixel squares right of the line at x = 480");

    // Bad words change nothing.
    std::vector<uint16_t> g;
    sim_td_reg_write(t, TILE_DISPLAY_REG_STATUS, 0);
    const uint32_t bad_words[] = {seed_word(15, 0, 0, 1), seed_word(0, 15, 0, 1),
                                  seed_word(10, 0, 1, 1), seed_word(0, 30, 1, 1),
                                  seed_word(160, 0, 2, 1), seed_word(0, 120, 2, 1),
                                  seed_word(1, 1, 3, 1), seed_word(1, 1, 0, 4)};
    for (uint32_t w : bad_words)
        sim_td_reg_write(t, TILE_DISPLAY_REG_CELL, w);
    sim_td_reg_write(t, TILE_DISPLAY_REG_CLEAR, 0x0301);
    sim_td_reg_write(t, TILE_DISPLAY_REG_CLEAR, 0x0004);
    frame_rtl(t, g);
    ok(g == f && sim_td_reg_read(t, TILE_DISPLAY_REG_STATUS) >> 16 == 10 &&
           sim_td_reg_read(t, TILE_DISPLAY_REG_CTRL) == 1,
       "out-of-range words are refused, counted, and change nothing");

    // CLEAR fills a page.
    sim_td_reg_write(t, TILE_DISPLAY_REG_CLEAR, 0x0002);
    ok((sim_td_reg_read(t, TILE_DISPLAY_REG_STATUS) & 1) == 1, "CLEAR runs (BUSY)");
    sim_td_tick(t, 300);
    ok((sim_td_reg_read(t, TILE_DISPLAY_REG_STATUS) & 1) == 0, "a board clear takes 225 clocks");
    frame_rtl(t, g);
    ok(g[cy * W + cx] == black && g[(cy + 5) * W + cx + 10] == blue,
       "after CLEAR of the board the stones are gone");
    sim_td_free(t);
}

// ---- 3: the C model against the RTL ------------------------------------------

static uint32_t random_word(int *kind)
{
    uint32_t r = rnd_below(100);
    if (r < 70) {
        unsigned page = rnd_below(3);
        unsigned w = page == 0 ? 15 : page == 1 ? 10 : 160;
        unsigned h = page == 0 ? 15 : page == 1 ? 30 : 120;
        *kind = 0;
        return td_cell_word(rnd_below(w), rnd_below(h), page, rnd_below(4));
    }
    *kind = 1;
    if (r < 85) // one field just out of range
        return td_cell_word(rnd_below(170), rnd_below(130), rnd_below(4), rnd_below(6));
    return rnd();
}

static void parity(int steps)
{
    sim_td_t *t = sim_td_new_raw();
    td_model_t m;
    td_model_reset(&m);
    std::vector<uint16_t> fr, fm(W * H);
    int read_bad = 0, pin_bad = 0, frame_bad = 0, frames = 0, reads = 0, writes = 0;
    int enables = 0, welcome_frames = 0, board_frames = 0;
    for (int i = 0; i < steps; i++) {
        uint32_t op = rnd_below(1000);
        if (op < 600) {
            int kind;
            uint32_t w = random_word(&kind);
            sim_td_reg_write(t, TILE_DISPLAY_REG_CELL, w);
            td_model_write(&m, TILE_DISPLAY_REG_CELL, w);
            writes++;
        } else if (op < 640) {
            uint32_t v = rnd();
            sim_td_reg_write(t, TILE_DISPLAY_REG_CTRL, v);
            td_model_write(&m, TILE_DISPLAY_REG_CTRL, v);
            enables += (v & 1);
        } else if (op < 650) {
            uint32_t v = rnd_below(4) ? (rnd_below(3) << 8 | rnd_below(4)) : rnd();
            sim_td_reg_write(t, TILE_DISPLAY_REG_CLEAR, v);
            td_model_write(&m, TILE_DISPLAY_REG_CLEAR, v);
        } else if (op < 670) {
            uint32_t word = 3 + rnd_below(61), v = rnd();
            sim_td_reg_write(t, 4 * word, v);
            td_model_write(&m, 4 * word, v);
        } else if (op < 970) {
            uint32_t word = rnd_below(4) ? rnd_below(5) : rnd_below(64);
            uint32_t a = sim_td_reg_read(t, 4 * word), b = td_model_read(&m, 4 * word);
            reads++;
            if (a != b && read_bad++ < 5)
                printf("# step %d: word %u reads %08X on the RTL, %08X in the model\n", i, word, a, b);
        } else if (op < 995) {
            uint64_t n = rnd_below(4) ? rnd_below(40) : rnd_below(30000);
            sim_td_tick(t, n);
            td_model_tick(&m, n);
        } else {
            // A whole frame from the pins, after any clear has ended.
            sim_td_tick(t, TD_RESET_CLEAR_CLOCKS + 4);
            td_model_tick(&m, TD_RESET_CLEAR_CLOCKS + 4);
            uint64_t before = sim_td_clocks(t);
            int r = frame_rtl(t, fr);
            td_model_tick(&m, sim_td_clocks(t) - before);
            td_model_frame(&m, fm.data());
            frames++;
            (m.ctrl & TILE_DISPLAY_CTRL_WELCOME ? welcome_frames : board_frames)++;
            int diff = 0, first = -1;
            for (int p = 0; p < W * H; p++)
                if (fr[p] != fm[p]) {
                    if (first < 0)
                        first = p;
                    diff++;
                }
            if (r != 0 || diff) {
                frame_bad++;
                printf("# step %d: frame differs in %d pixels (first at %d,%d: RTL %03X, model %03X)\n",
                       i, diff, first % W, first / W, first >= 0 ? fr[first] : 0,
                       first >= 0 ? fm[first] : 0);
            }
        }
        if (sim_td_drives(t) != (int)(m.ctrl & TILE_DISPLAY_CTRL_ENABLE))
            pin_bad++;
    }
    printf("# %d steps: %d cell writes, %d reads, %d frames (%d welcome, %d board), %d enables\n",
           steps, writes, reads, frames, welcome_frames, board_frames, enables);
    ok(read_bad == 0, "every read: the model answers as the RTL");
    ok(pin_bad == 0, "vga_drive (CTRL.ENABLE) the same after every access");
    ok(frames >= 2 && frame_bad == 0, "every sampled frame equals the model's, pixel for pixel");
    ok(welcome_frames > 0 && board_frames > 0, "both pages were compared");
    sim_td_free(t);
}

// ---- 4: the two bindings -------------------------------------------------------

static void bindings()
{
    char err[128];
    void *a = td_model_binding.open(err, sizeof err);
    void *b = sim_td_binding.open(err, sizeof err);
    std::vector<uint16_t> fa(W * H), fb(W * H);
    uint64_t now = 1000;
    int same = 1;
    same &= td_model_vga_source.scan_frame(a, now, fa.data()) == 0 &&
            sim_td_vga_source.scan_frame(b, now, fb.data()) == 0;
    ok(same, "disabled, neither binding drives VGA");
    for (int i = 0; i < 400; i++) {
        int kind;
        uint32_t w = random_word(&kind);
        td_model_binding.write(a, now, TILE_DISPLAY_REG_CELL, w);
        sim_td_binding.write(b, now, TILE_DISPLAY_REG_CELL, w);
        now += rnd_below(50);
    }
    td_model_binding.write(a, now, TILE_DISPLAY_REG_CTRL, 1);
    sim_td_binding.write(b, now, TILE_DISPLAY_REG_CTRL, 1);
    td_model_binding.write(a, now, TILE_DISPLAY_REG_CLEAR, 0x0103);
    sim_td_binding.write(b, now, TILE_DISPLAY_REG_CLEAR, 0x0103);
    uint32_t ca = td_model_vga_source.changes(a), cb = sim_td_vga_source.changes(b);
    int ra = td_model_vga_source.scan_frame(a, now + 10, fa.data());
    int rb = sim_td_vga_source.scan_frame(b, now + 10, fb.data());
    ok(ra == 1 && rb == 1 && fa == fb, "enabled, both scan the same frame (a clear in progress ends first)");
    ok(td_model_vga_source.changes(a) != ca && sim_td_vga_source.changes(b) != cb,
       "their change counts moved");
    now += 100000;
    uint32_t sa = td_model_binding.read(a, now, TILE_DISPLAY_REG_STATUS);
    uint32_t sb = sim_td_binding.read(b, now, TILE_DISPLAY_REG_STATUS);
    ok(sa == sb, "the same STATUS through both bindings");
    // Time passes on the caller's clock: a clear started after a scan ends.
    td_model_binding.write(a, now, TILE_DISPLAY_REG_CLEAR, 0x0200);
    sim_td_binding.write(b, now, TILE_DISPLAY_REG_CLEAR, 0x0200);
    now += 100;
    ok((td_model_binding.read(a, now, TILE_DISPLAY_REG_STATUS) & 1) == 1 &&
           (sim_td_binding.read(b, now, TILE_DISPLAY_REG_STATUS) & 1) == 1,
       "a welcome clear is busy 100 clocks later on both");
    now += 20000;
    ok((td_model_binding.read(a, now, TILE_DISPLAY_REG_STATUS) & 1) == 0 &&
           (sim_td_binding.read(b, now, TILE_DISPLAY_REG_STATUS) & 1) == 0,
       "and over 20,000 clocks later on both");
    td_model_binding.write(a, now, TILE_DISPLAY_REG_CTRL, 3);
    sim_td_binding.write(b, now, TILE_DISPLAY_REG_CTRL, 3);
    ra = td_model_vga_source.scan_frame(a, now, fa.data());
    rb = sim_td_vga_source.scan_frame(b, now, fb.data());
    ok(ra == 1 && rb == 1 && fa == fb, "the cleared welcome page: the same frame");
    td_model_binding.close(a);
    sim_td_binding.close(b);
}

// ---- 5: the binding's skip of repeating frames ----------------------------------
//
// Two sim bindings, one passing over frames whose whole state repeats
// (Verilator's save, docs/sim.md), one clocking every cycle: the same random
// writes, gaps from a few clocks to four frames, scans and reads at random
// times must give the same frames, the same register answers and the same
// change counts; and the skip must have passed over frames.
static void skip_is_exact()
{
    char err[128];
    void *a = sim_td_binding.open(err, sizeof err);
    void *b = sim_td_binding.open(err, sizeof err);
    sim_td_set_skip(static_cast<sim_td_t *>(b), 0);
    std::vector<uint16_t> fa(W * H), fb(W * H);
    const uint64_t frame = 800ull * 525 * 2;
    uint64_t now = 1000;
    int frames_bad = 0, reads_bad = 0, counts_bad = 0, scans = 0;
    for (int i = 0; i < 60; i++) {
        const uint32_t r = rnd_below(10);
        if (r < 4) {
            int kind;
            const uint32_t w = random_word(&kind);
            sim_td_binding.write(a, now, TILE_DISPLAY_REG_CELL, w);
            sim_td_binding.write(b, now, TILE_DISPLAY_REG_CELL, w);
        } else if (r < 5) {
            const uint32_t c = rnd_below(4) ? 1 : 3;
            sim_td_binding.write(a, now, TILE_DISPLAY_REG_CTRL, c);
            sim_td_binding.write(b, now, TILE_DISPLAY_REG_CTRL, c);
        } else if (r < 6) {
            reads_bad += sim_td_binding.read(a, now, TILE_DISPLAY_REG_STATUS) !=
                         sim_td_binding.read(b, now, TILE_DISPLAY_REG_STATUS);
        }
        now += rnd_below(3) ? rnd_below((uint32_t)(4 * frame)) : rnd_below(5000);
        const int ra = sim_td_vga_source.scan_frame(a, now, fa.data());
        const int rb = sim_td_vga_source.scan_frame(b, now, fb.data());
        frames_bad += ra != rb || (ra && fa != fb);
        scans += ra;
        counts_bad += sim_td_vga_source.changes(a) != sim_td_vga_source.changes(b);
    }
    const uint64_t skipped = sim_td_skipped_frames(static_cast<sim_td_t *>(a));
    printf("# %d frames scanned, %llu passed over by the skip\n", scans,
           (unsigned long long)skipped);
    ok(frames_bad == 0 && scans > 20, "skip on and off: the same frames");
    ok(reads_bad == 0, "skip on and off: the same STATUS");
    ok(counts_bad == 0, "skip on and off: the same change counts");
    ok(skipped > 10 && sim_td_skipped_frames(static_cast<sim_td_t *>(b)) == 0,
       "the skip passed over frames, and only where it is on");
    sim_td_binding.close(a);
    sim_td_binding.close(b);
}

int main(int argc, char **argv)
{
    int steps = argc > 1 ? atoi(argv[1]) : 4000;
    if (argc > 2)
        rng_state = strtoull(argv[2], nullptr, 0) | 1;
    testbench();
    parity(steps);
    bindings();
    skip_is_exact();
    printf("1..%d\n", n_test);
    return n_fail ? 1 : 0;
}
