/* test_c4_frames.c - golden frames of the Connect Four screens: the real
 * program driven by scripts (tests/data/connect4/NAME.script), compared pixel
 * for pixel with tests/data/connect4/golden/NAME.png on the sdl and sim
 * backends.  TABLETOP_UPDATE_GOLDEN=1 rewrites the goldens (sdl only). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "console/frame_png.h"

static const char *data_dir(void)
{
    const char *d = getenv("TABLETOP_TEST_DATA");
    cr_assert(d, "TABLETOP_TEST_DATA is not set");
    return d;
}

/* Runs the script on backend; frames land in a fresh directory (out). */
static void run_script(const char *script, const char *backend, char *out, size_t outlen)
{
    const char *bin = getenv("TABLETOP_BIN");
    cr_assert(bin, "TABLETOP_BIN is not set");
    snprintf(out, outlen, "/tmp/c4_frames_%s_%s_%d", script, backend, (int)getpid());
    char cmd[2048];
    snprintf(cmd, sizeof cmd,
             "rm -rf '%s' && '%s' play --headless --backend %s --game connect4 --script "
             "'%s/connect4/%s.script' --frames '%s' --save-dir '%s/save'",
             out, bin, backend, data_dir(), script, out, out);
    int rc = system(cmd);
    cr_assert_eq(rc, 0, "'%s' failed (%d)", cmd, rc);
}

static void compare(const char *dir, const char *name)
{
    char got_path[1024], want_path[1024], err[256];
    snprintf(got_path, sizeof got_path, "%s/%s.png", dir, name);
    snprintf(want_path, sizeof want_path, "%s/connect4/golden/%s.png", data_dir(), name);
    uint16_t *got = NULL, *want = NULL;
    int gw, gh, ww, wh;
    cr_assert_eq(frame_png_read(got_path, &got, &gw, &gh, err, sizeof err), 0, "%s", err);
    const char *update = getenv("TABLETOP_UPDATE_GOLDEN");
    if (update && *update && strstr(dir, "_sdl_")) {
        cr_assert_eq(frame_png_write(want_path, got, gw, gh, err, sizeof err), 0, "%s", err);
        cr_log_warn("rewrote %s", want_path);
    }
    cr_assert_eq(frame_png_read(want_path, &want, &ww, &wh, err, sizeof err), 0, "%s", err);
    cr_assert(gw == ww && gh == wh, "%s: size %dx%d, golden %dx%d", name, gw, gh, ww, wh);
    long diff = 0, first = -1;
    for (long i = 0; i < (long)gw * gh; i++)
        if (got[i] != want[i]) {
            if (first < 0)
                first = i;
            diff++;
        }
    cr_expect_eq(diff, 0, "%s: %ld pixels differ from the golden, first at (%ld,%ld)", name,
                 diff, first % (gw ? gw : 1), first / (gw ? gw : 1));
    free(got);
    free(want);
}

static void check_script(const char *script, const char *backend, const char *const *frames)
{
    char dir[512];
    run_script(script, backend, dir, sizeof dir);
    for (int i = 0; frames[i]; i++)
        compare(dir, frames[i]);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        cr_log_warn("could not remove %s", dir);
}

static const char *const pvp_frames[] = {"pvp_mid", "pvp_win", NULL};
static const char *const ai_frames[] = {"ai_mid", "ai_win", NULL};

Test(c4_frames, two_players_sdl) { check_script("pvp", "sdl", pvp_frames); }
Test(c4_frames, against_the_ai_sdl) { check_script("vs_ai", "sdl", ai_frames); }

#if C4_TEST_SIM
Test(c4_frames, two_players_sim, .timeout = 240) { check_script("pvp", "sim", pvp_frames); }
/* The AI answers from the Verilated mailbox (sim/sim_c4.cpp). */
Test(c4_frames, against_the_ai_sim, .timeout = 240) { check_script("vs_ai", "sim", ai_frames); }
#endif
