/*
 * test_sdl_host.c - the laptop window (hal/sdl_host.c): the scale
 * it opens at, the settings file that remembers it, F11 and resizing
 * through real SDL with the dummy video driver (a 1024x768 desktop).
 *
 * Every test points XDG_STATE_HOME at its own mkdtemp folder, so nothing is
 * read from or written to the real state folder.
 */
#define _GNU_SOURCE /* nftw */
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <SDL.h>
#include <criterion/criterion.h>

#include "hal.h"
#include "sdl_host.h"

static char scratch[64];
static char conf[128];

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path);
}

static void scratch_setup(void)
{
    snprintf(scratch, sizeof scratch, "/tmp/tabletop-sdlhost-XXXXXX");
    cr_assert(mkdtemp(scratch), "mkdtemp: %s", strerror(errno));
    char state[96];
    snprintf(state, sizeof state, "%s/state", scratch);
    cr_assert_eq(mkdir(state, 0755), 0);
    setenv("XDG_STATE_HOME", state, 1);
    snprintf(conf, sizeof conf, "%s/tabletop/window.conf", state);
}

static void scratch_teardown(void)
{
    nftw(scratch, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

TestSuite(sdl_host, .init = scratch_setup, .fini = scratch_teardown);

static void write_text(const char *path, const char *text, size_t n)
{
    char dir[160];
    snprintf(dir, sizeof dir, "%s", path);
    *strrchr(dir, '/') = 0;
    mkdir(dir, 0755);
    FILE *f = fopen(path, "wb");
    cr_assert(f, "%s: %s", path, strerror(errno));
    cr_assert_eq(fwrite(text, 1, n, f), n);
    fclose(f);
}

/* ---- the scale: a pure function of the usable area ---------------------- */

/* The window on a desktop: the picture at the largest whole factor that
 * leaves a digit strip of at least SDL_HOST_STRIP_MIN (16) below it; the
 * strip is 48 * factor high, or what is left.  docs/play.md promises 2x on
 * 1920x1080 and on 1280x1024, where 2x with a full 96-pixel strip (1280x1056)
 * is taller than the desktop: there the strip gets the 64 pixels left. */
static void expect_window(int uw, int uh, int dw, int dh, int want_scale, int want_w,
                          int want_h)
{
    int w = 0, h = 0;
    cr_expect_eq(sdl_host_fit_scale(uw, uh, dw, dh), want_scale, "%dx%d (decorations %dx%d)",
                 uw, uh, dw, dh);
    sdl_host_fit_window(uw, uh, dw, dh, &w, &h);
    cr_expect(w == want_w && h == want_h, "%dx%d (decorations %dx%d): window %dx%d, want %dx%d",
              uw, uh, dw, dh, w, h, want_w, want_h);
}

Test(sdl_host, fit_scale_on_common_desktops)
{
    expect_window(1920, 1080, 0, 0, 2, 1280, 1056);
    expect_window(1280, 1024, 0, 0, 2, 1280, 1024); /* it opened at 640x528 */
    expect_window(800, 600, 0, 0, 1, 640, 528);
    /* With a panel (usable area) and a title bar. */
    expect_window(1920, 1053, 2, 30, 2, 1280, 1023);
    expect_window(1280, 1000, 0, 24, 2, 1280, 976);  /* 16 pixels left for the digits */
    expect_window(1280, 999, 0, 24, 1, 640, 528);    /* 15: one factor less */
    expect_window(1279, 1024, 0, 0, 1, 640, 528);
    /* Larger desktops get more than the old cap of 3. */
    expect_window(2560, 1440, 0, 0, 2, 1280, 1056); /* 3x leaves no room for the digits */
    expect_window(2560, 1600, 0, 0, 3, 1920, 1584);
    expect_window(3840, 2160, 0, 40, 4, 2560, 2112);
    /* Smaller than 1x still opens at 1x, the window's minimum. */
    expect_window(640, 480, 0, 0, 1, 640, 528);
    expect_window(320, 200, 0, 0, 1, 640, 528);
    expect_window(0, 0, 0, 0, 1, 640, 528);
}

/* Where a drawable of any size puts the picture and the strip. */
static void expect_layout(int ow, int oh, int scale, int x, int y, int w, int h, int strip)
{
    sdl_host_layout_t l;
    sdl_host_layout(ow, oh, &l);
    cr_expect(l.scale == scale && l.x == x && l.y == y && l.width == w && l.height == h &&
                  l.strip_height == strip,
              "%dx%d: scale %d at %d,%d %dx%d strip %d; want scale %d at %d,%d %dx%d strip %d",
              ow, oh, l.scale, l.x, l.y, l.width, l.height, l.strip_height, scale, x, y, w, h,
              strip);
    cr_expect_leq(l.y + l.height + l.strip_height, oh, "%dx%d: the strip is cut", ow, oh);
}

Test(sdl_host, layout_of_the_picture_and_the_digit_strip)
{
    expect_layout(640, 528, 1, 0, 0, 640, 480, 48);
    expect_layout(1280, 1056, 2, 0, 0, 1280, 960, 96);
    /* Fullscreen or a window filling 1280x1024: 2x, not 1x. */
    expect_layout(1280, 1024, 2, 0, 0, 1280, 960, 64);
    expect_layout(1920, 1080, 2, 320, 12, 1280, 960, 96);
    expect_layout(1024, 768, 1, 192, 120, 640, 480, 48);
    expect_layout(1000, 700, 1, 180, 86, 640, 480, 48);
    expect_layout(1280, 975, 1, 320, 223, 640, 480, 48); /* 2x would leave 15 */
    expect_layout(3840, 2160, 4, 640, 24, 2560, 1920, 192);
    /* Smaller than 1x (a tiny display): shrunk, whole, in proportion. */
    expect_layout(320, 264, 0, 0, 0, 320, 240, 24);
    expect_layout(640, 480, 0, 29, 1, 581, 435, 43);
    expect_layout(0, 0, 0, 0, 0, 0, 0, 0);
}

/* ---- the settings file ---------------------------------------------------- */

/* The pacing both hosts share (host.h): sleep until real time reaches
 * backend time, at most a second at once; fallen far behind, start again
 * from now instead of racing to catch up. */
Test(sdl_host, pacer_sleeps_ahead_and_re_anchors_behind)
{
    host_pacer_t p = {.anchor_real_us = 1000000, .anchor_backend_us = 0};
    cr_expect_eq(host_pacer_wait_us(&p, 1000000, 16000), 16000, "16 ms of backend time ahead");
    cr_expect_eq(host_pacer_wait_us(&p, 1000000, 5000000), 1000000, "at most a second at once");
    cr_expect_eq(host_pacer_wait_us(&p, 1050000, 0), 0, "50 ms behind: no sleep");
    cr_expect_eq(p.anchor_real_us, 1000000, "50 ms behind is within the slack: no re-anchoring");
    cr_expect_eq(host_pacer_wait_us(&p, 3000000, 1000000), 0, "a second behind: no sleep");
    cr_expect_eq(p.anchor_real_us, 3000000, "re-anchored at now");
    cr_expect_eq(p.anchor_backend_us, 1000000, "at the backend's time");
    cr_expect_eq(host_pacer_wait_us(&p, 3000000, 1010000), 10000, "paced from the new anchor");
}

Test(sdl_host, settings_path_follows_xdg_then_home)
{
    char p[256];
    setenv("XDG_STATE_HOME", "/x/state", 1);
    cr_assert_eq(sdl_host_settings_path(p, sizeof p), 0);
    cr_assert_str_eq(p, "/x/state/tabletop/window.conf");
    setenv("XDG_STATE_HOME", "relative", 1); /* the spec says: ignore it */
    setenv("HOME", "/home/u", 1);
    cr_assert_eq(sdl_host_settings_path(p, sizeof p), 0);
    cr_assert_str_eq(p, "/home/u/.local/state/tabletop/window.conf");
    unsetenv("XDG_STATE_HOME");
    unsetenv("HOME");
    cr_assert_eq(sdl_host_settings_path(p, sizeof p), -1);
}

Test(sdl_host, settings_round_trip_creates_the_folder)
{
    char err[512];
    sdl_host_window_t w = {1280, 960, 1}, r = {0};
    cr_assert_eq(sdl_host_settings_save(conf, &w, err, sizeof err), 0, "%s", err);
    cr_assert_eq(sdl_host_settings_load(conf, &r), 0);
    cr_assert_eq(r.width, 1280);
    cr_assert_eq(r.height, 960);
    cr_assert_eq(r.fullscreen, 1);
    struct stat st;
    cr_assert_eq(stat(conf, &st), 0);
    cr_assert_eq(st.st_mode & 0777, 0644);
    /* Overwritten in place, atomically: no temporary file is left. */
    w = (sdl_host_window_t){700, 500, 0};
    cr_assert_eq(sdl_host_settings_save(conf, &w, err, sizeof err), 0, "%s", err);
    cr_assert_eq(sdl_host_settings_load(conf, &r), 0);
    cr_assert_eq(r.width, 700);
    cr_assert_eq(r.fullscreen, 0);
    char dir[160];
    snprintf(dir, sizeof dir, "%s/state/tabletop", scratch);
    int entries = 0;
    char cmd[256];
    snprintf(cmd, sizeof cmd, "ls -A '%s' | wc -l", dir);
    FILE *p = popen(cmd, "r");
    cr_assert(p);
    cr_assert_eq(fscanf(p, "%d", &entries), 1);
    pclose(p);
    cr_assert_eq(entries, 1, "only window.conf in %s", dir);
}

Test(sdl_host, settings_save_keeps_mode_and_refuses_other_files)
{
    char err[512];
    sdl_host_window_t w = {800, 600, 0};
    write_text(conf, "x", 1);
    chmod(conf, 0600);
    cr_assert_eq(sdl_host_settings_save(conf, &w, err, sizeof err), 0, "%s", err);
    struct stat st;
    cr_assert_eq(stat(conf, &st), 0);
    cr_assert_eq(st.st_mode & 0777, 0600, "mode %o", st.st_mode & 0777);

    /* A link is not followed nor replaced, a FIFO is not replaced. */
    char target[160], link[160], fifo[160];
    snprintf(target, sizeof target, "%s/target", scratch);
    write_text(target, "mine\n", 5);
    snprintf(link, sizeof link, "%s/link.conf", scratch);
    cr_assert_eq(symlink(target, link), 0);
    cr_assert_eq(sdl_host_settings_save(link, &w, err, sizeof err), -1);
    cr_assert(strstr(err, "not a regular file"), "%s", err);
    cr_assert_eq(lstat(link, &st), 0);
    cr_assert(S_ISLNK(st.st_mode));
    cr_assert_eq(stat(target, &st), 0);
    cr_assert_eq(st.st_size, 5);
    snprintf(fifo, sizeof fifo, "%s/fifo.conf", scratch);
    cr_assert_eq(mkfifo(fifo, 0644), 0);
    cr_assert_eq(sdl_host_settings_save(fifo, &w, err, sizeof err), -1);
    cr_assert_eq(lstat(fifo, &st), 0);
    cr_assert(S_ISFIFO(st.st_mode));
    /* A file where the folder should be: a message, nothing else. */
    char bad[200];
    snprintf(bad, sizeof bad, "%s/target/window.conf", scratch);
    cr_assert_eq(sdl_host_settings_save(bad, &w, err, sizeof err), -1);
    cr_assert(strstr(err, "target"), "%s", err);
}

Test(sdl_host, corrupt_settings_are_ignored)
{
    static const char *const bad[] = {
        "",
        "garbage\n",
        "size 800 600\n",                          /* fullscreen missing */
        "fullscreen 1\n",                          /* size missing */
        "size 800 600\nfullscreen 2\n",            /* not 0 or 1 */
        "size 100 100\nfullscreen 0\n",            /* smaller than 1x */
        "size 800 -600\nfullscreen 0\n",
        "size 99999999999 600\nfullscreen 0\n",
        "size 800 600 7\nfullscreen 0\n",          /* trailing junk */
        "size 800 600\nfullscreen 0\nsize 900 700\n", /* said twice */
        "size 800 600\nfullscreen 0\nvolume 3\n",  /* unknown key */
        "size 800x600\nfullscreen 0\n",
        "size  800 600\nfullscreen 0\n",         /* not what save writes */
        "size +800 600\nfullscreen 0\n",
        "size 800 600 \nfullscreen 0\n",
        "size 800 600\r\nfullscreen 0\r\n",
    };
    sdl_host_window_t r = {1, 2, 3};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        write_text(conf, bad[i], strlen(bad[i]));
        cr_assert_eq(sdl_host_settings_load(conf, &r), -1, "accepted: %s", bad[i]);
        cr_assert(r.width == 1 && r.height == 2 && r.fullscreen == 3, "out touched: %s", bad[i]);
    }
    /* A NUL byte, and a file too big to be ours. */
    write_text(conf, "size 800 600\n\0fullscreen 0\n", 27);
    cr_assert_eq(sdl_host_settings_load(conf, &r), -1);
    char big[5000];
    memset(big, '#', sizeof big);
    memcpy(big, "size 800 600\nfullscreen 0\n#", 27);
    write_text(conf, big, sizeof big);
    cr_assert_eq(sdl_host_settings_load(conf, &r), -1);
    /* A directory where the file should be, and no file at all. */
    remove(conf);
    mkdir(conf, 0755);
    cr_assert_eq(sdl_host_settings_load(conf, &r), -1);
    rmdir(conf);
    cr_assert_eq(sdl_host_settings_load(conf, &r), -1);
    /* What save writes, with comments, is fine. */
    write_text(conf, "# hi\nsize 800 600\nfullscreen 0\n", 31);
    cr_assert_eq(sdl_host_settings_load(conf, &r), 0);
    cr_assert(r.width == 800 && r.height == 600 && r.fullscreen == 0);
}

/* ---- the real window (SDL dummy video driver: a 1024x768 desktop) -------- */

static host_t *open_host(int scale)
{
    char err[512];
    host_t *h = host_open("test", scale, err, sizeof err);
    cr_assert(h, "host_open: %s", err);
    return h;
}

static void window_size(host_t *h, int *w, int *ht)
{
    SDL_GetWindowSize(sdl_host_sdl_window(h), w, ht);
}

static int is_fullscreen(host_t *h)
{
    return (SDL_GetWindowFlags(sdl_host_sdl_window(h)) & SDL_WINDOW_FULLSCREEN) != 0;
}

static int press(host_t *h, SDL_Scancode sc)
{
    SDL_Event ev = {0};
    ev.type = SDL_KEYDOWN;
    ev.key.windowID = SDL_GetWindowID(sdl_host_sdl_window(h));
    ev.key.state = SDL_PRESSED;
    ev.key.keysym.scancode = sc;
    cr_assert_eq(SDL_PushEvent(&ev), 1, "%s", SDL_GetError());
    return host_poll_key(h);
}

/* Where the 640x480 picture lands in the window after a frame is shown,
 * read back from the pixels: a frame of one colour no other part of the
 * window has (the strip is black with red digits), and the box of the
 * pixels of that colour. */
static SDL_Rect picture(host_t *h)
{
    static uint16_t frame[HAL_FB_WIDTH * HAL_FB_HEIGHT];
    for (size_t i = 0; i < sizeof frame / sizeof frame[0]; i++)
        frame[i] = 0x00F0; /* green */
    host_show_frame(h, frame);
    SDL_Renderer *r = SDL_GetRenderer(sdl_host_sdl_window(h));
    int w, ht;
    cr_assert_eq(SDL_GetRendererOutputSize(r, &w, &ht), 0, "%s", SDL_GetError());
    uint32_t *px = malloc((size_t)w * (size_t)ht * 4);
    cr_assert(px);
    cr_assert_eq(SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_RGB888, px, w * 4), 0, "%s",
                 SDL_GetError());
    int x0 = w, y0 = ht, x1 = -1, y1 = -1;
    long green = 0;
    for (int y = 0; y < ht; y++)
        for (int x = 0; x < w; x++)
            if ((px[(size_t)y * (size_t)w + (size_t)x] & 0xFFFFFFu) == 0x00FF00u) {
                green++;
                x0 = x < x0 ? x : x0;
                x1 = x > x1 ? x : x1;
                y0 = y < y0 ? y : y0;
                y1 = y > y1 ? y : y1;
            }
    free(px);
    SDL_Rect box = {x0, y0, x1 - x0 + 1, y1 - y0 + 1};
    cr_assert_eq(green, (long)box.w * box.h, "the picture is not one whole rectangle");
    return box;
}

Test(sdl_host, opens_at_the_fitted_scale_and_writes_nothing_unchanged)
{
    host_t *h = open_host(0);
    int w, ht;
    window_size(h, &w, &ht);
    cr_assert_eq(w, 640); /* 1024x768 fits only 1x */
    cr_assert_eq(ht, 480 + SDL_HOST_STRIP_HEIGHT); /* the picture and the digit strip */
    cr_assert_not(is_fullscreen(h));
    host_close(h);
    cr_assert_eq(access(conf, F_OK), -1, "an unchanged window must not write %s", conf);
}

Test(sdl_host, f11_toggles_fullscreen_and_is_remembered)
{
    host_t *h = open_host(0);
    cr_assert_eq(press(h, SDL_SCANCODE_F11), 0, "F11 must not reach the console");
    cr_assert(is_fullscreen(h));
    int w, ht;
    window_size(h, &w, &ht);
    cr_assert_eq(w, 1024);
    cr_assert_eq(ht, 768);
    /* Letterboxed at a whole factor: 1x (with the strip) in the middle of 1024x768. */
    SDL_Rect p = picture(h);
    cr_assert(p.x == 192 && p.y == 120 && p.w == 640 && p.h == 480, "picture %d,%d %dx%d", p.x,
              p.y, p.w, p.h);
    /* Other keys still go through. */
    cr_assert_eq(press(h, SDL_SCANCODE_RETURN), HID_KEY_ENTER);
    host_close(h);

    sdl_host_window_t r;
    cr_assert_eq(sdl_host_settings_load(conf, &r), 0, "F11 was not remembered");
    cr_assert(r.fullscreen == 1 && r.width == 640 && r.height == 528, "%dx%d fs %d", r.width,
              r.height, r.fullscreen);

    /* The next run opens fullscreen; F11 brings back the windowed size. */
    h = open_host(0);
    cr_assert(is_fullscreen(h));
    cr_assert_eq(press(h, SDL_SCANCODE_F11), 0);
    cr_assert_not(is_fullscreen(h));
    window_size(h, &w, &ht);
    cr_assert(w == 640 && ht == 528, "%dx%d", w, ht);
    host_close(h);
    cr_assert_eq(sdl_host_settings_load(conf, &r), 0);
    cr_assert_eq(r.fullscreen, 0);
}

Test(sdl_host, a_resized_window_is_remembered_and_scale_wins)
{
    host_t *h = open_host(0);
    SDL_SetWindowSize(sdl_host_sdl_window(h), 1000, 700);
    cr_assert_eq(host_poll_key(h), 0);
    SDL_Rect p = picture(h); /* 1x centred: no stretching to 1000x700 */
    cr_assert(p.x == 180 && p.y == 86 && p.w == 640 && p.h == 480, "picture %d,%d %dx%d", p.x,
              p.y, p.w, p.h);
    host_close(h);

    h = open_host(0);
    int w, ht;
    window_size(h, &w, &ht);
    cr_assert(w == 1000 && ht == 700, "remembered size not used: %dx%d", w, ht);
    host_close(h);

    h = open_host(1); /* an explicit scale comes first */
    window_size(h, &w, &ht);
    cr_assert(w == 640 && ht == 528, "%dx%d", w, ht);
    host_close(h);
}

Test(sdl_host, bad_or_oversized_settings_open_the_default_window)
{
    static const char *const files[] = {
        "size 3000 2000\nfullscreen 0\n", /* larger than this desktop now */
        "\x7f" "ELF garbage",
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        write_text(conf, files[i], strlen(files[i]));
        host_t *h = open_host(0);
        int w, ht;
        window_size(h, &w, &ht);
        cr_assert(w == 640 && ht == 528, "%dx%d for %s", w, ht, files[i]);
        host_close(h);
    }
}

/* The digit strip (docs/seven_seg.md): below the picture, never in it.
 * HEX5 leftmost; "8" on HEX5 lights all seven bars, "1" on HEX0 only b and c
 * (DE1-SoC numbering: a top, b upper right, c lower right ... g middle). */
static uint32_t pixel_at(SDL_Renderer *r, int x, int y)
{
    uint32_t px = 0;
    SDL_Rect one = {x, y, 1, 1};
    cr_assert_eq(SDL_RenderReadPixels(r, &one, SDL_PIXELFORMAT_RGB888, &px, 4), 0, "%s",
                 SDL_GetError());
    return px & 0xFFFFFFu;
}

Test(sdl_host, the_digit_strip_shows_the_segments_below_the_picture)
{
    host_t *h = open_host(1);
    const uint8_t lit[6] = {0x06, 0, 0, 0, 0, 0x7F}; /* HEX0 "1", HEX5 "8" */
    host_show_segments(h, lit);
    cr_assert(host_needs_redraw(h) == 0, "no frame yet: nothing to redraw");
    static uint16_t frame[HAL_FB_WIDTH * HAL_FB_HEIGHT];
    for (size_t i = 0; i < sizeof frame / sizeof frame[0]; i++)
        frame[i] = 0x0FFF; /* a white picture */
    host_show_frame(h, frame);
    SDL_Renderer *r = SDL_GetRenderer(sdl_host_sdl_window(h));
    /* Digits 20x36 on a 28-pixel pitch from x = 240, y = 486; bars 4 thick. */
    const int x5 = 240, x0 = 240 + 5 * 28, y = 486;
    const int mid[7][2] = {{10, 1}, {18, 10}, {18, 26}, {10, 33}, {1, 26}, {1, 10}, {10, 17}};
    for (int k = 0; k < 7; k++) {
        uint32_t on = pixel_at(r, x5 + mid[k][0], y + mid[k][1]);
        cr_expect_gt(on >> 16, 0xC0u, "HEX5 segment %d should be lit: %06x", k, on);
        uint32_t p0 = pixel_at(r, x0 + mid[k][0], y + mid[k][1]);
        int want = k == 1 || k == 2;
        cr_expect_eq((p0 >> 16) > 0xC0u, want, "HEX0 segment %d: %06x", k, p0);
    }
    /* The picture itself is untouched above the strip. */
    cr_expect_eq(pixel_at(r, 320, 479), 0xFFFFFFu);
    /* A change asks for a redraw; the same segments again do not. */
    host_show_segments(h, lit);
    cr_expect_eq(host_needs_redraw(h), 0);
    const uint8_t dark[6] = {0};
    host_show_segments(h, dark);
    cr_expect_eq(host_needs_redraw(h), 1);
    host_close(h);
}

/* ---- the speaker ------------------------------------------------------- */

/* Thread-local storage larger than the 64 KB stack SDL gives the thread
 * that plays its own queue (SDL_QueueAudio): glibc carves every thread's
 * copy out of its stack, and with the queue SDL could not create that
 * thread at all (docs/hal.md, "The audio thread and thread-local
 * storage").  The speaker plays from a callback of ours, whose thread gets
 * the default stack. */
_Thread_local volatile char tls_ballast[96 * 1024];

/* The samples SDL's disk audio driver wrote (everything the device played,
 * silence included). */
static size_t read_played(const char *path, int16_t *out, size_t max)
{
    FILE *f = fopen(path, "rb");
    cr_assert(f, "%s: %s", path, strerror(errno));
    size_t n = fread(out, sizeof *out, max, f);
    fclose(f);
    return n;
}

/* Waits until the device has played `samples` samples after the lead: the
 * disk driver paces itself as a sound card would, and its file grows as it
 * plays (silence after the clip), behind a stdio buffer of a few KB.  At
 * most 10 s, for a loaded machine. */
static void wait_played(const char *path, size_t samples)
{
    const long want = (long)(samples + 800) * 2 + 16384;
    for (int waited = 0; waited < 10000; waited += 50) {
        struct stat st;
        if (stat(path, &st) == 0 && st.st_size >= want)
            return;
        SDL_Delay(50);
    }
}

Test(sdl_host, the_speaker_plays_beside_large_thread_local_storage)
{
    tls_ballast[0] = 1;
    char raw[160];
    snprintf(raw, sizeof raw, "%s/device.raw", scratch);
    setenv("SDL_AUDIODRIVER", "disk", 1);
    setenv("SDL_DISKAUDIOFILE", raw, 1);
    host_t *h = open_host(1);
    cr_assert(host_has_audio(h), "no audio device: SDL could not start the speaker's thread");

    /* A ramp of 2000 samples, then the last 1000 of 3000 taken back before
     * they could play (the 100 ms lead and the first 2000 come first). */
    static int16_t clip[3000];
    for (int i = 0; i < 3000; i++)
        clip[i] = (int16_t)(100 + i);
    host_queue_audio(h, clip, 3000);
    cr_assert_eq(sdl_host_unqueue_audio(h, 1000), 1000u);
    wait_played(raw, 2000);
    /* Once played, nothing is left to take back. */
    cr_assert_eq(sdl_host_unqueue_audio(h, 500), 0u);
    host_close(h);
    setenv("SDL_AUDIODRIVER", "dummy", 1);

    static int16_t got[4 * HAL_AUDIO_RATE];
    size_t n = read_played(raw, got, sizeof got / sizeof got[0]);
    size_t first = 0;
    while (first < n && got[first] == 0)
        first++;
    cr_assert_geq(first, 800u, "the clip must follow at least the 100 ms lead, at %zu", first);
    size_t k = 0;
    while (first + k < n && got[first + k] != 0) {
        cr_assert_eq(got[first + k], clip[k], "sample %zu of the clip", k);
        k++;
    }
    cr_assert_eq(k, 2000u, "the device played %zu samples of the clip, want the 2000 kept", k);
    for (size_t i = first + k; i < n; i++)
        cr_assert_eq(got[i], 0, "only silence after the clip (sample %zu)", i);
}
