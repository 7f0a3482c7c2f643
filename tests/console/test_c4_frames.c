/* test_c4_frames.c - golden frames of the Connect Four screens: the real
 * program driven by scripts (tests/data/connect4/NAME.script), compared pixel
 * for pixel with tests/data/connect4/golden/NAME.png on the sdl and sim
 * backends; and the Connect Four saves (autosave after every move, resume
 * from the title, Escape keeping the game, undo, a corrupt save kept aside).
 * TABLETOP_UPDATE_GOLDEN=1 rewrites the goldens (sdl only). */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
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
    /* A fresh scratch folder; "_sdl_" in its name marks frames that may
     * rewrite the goldens. */
    snprintf(out, outlen, "/tmp/c4_frames_%s_%s_XXXXXX", script, backend);
    cr_assert(mkdtemp(out), "mkdtemp: %s", strerror(errno));
    char cmd[2048];
    snprintf(cmd, sizeof cmd,
             "'%s' play --headless --backend %s --game connect4 --script "
             "'%s/connect4/%s.script' --frames '%s' --save-dir '%s/save'",
             bin, backend, data_dir(), script, out, out);
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

/* ---- saves ---- */

/* A scratch folder for one test: frames, saves and scripts go inside. */
static char *scratch(void)
{
    /* "_sdl_" in the name: goldens may be rewritten from these frames. */
    char *d = strdup("/tmp/tabletop-c4_sdl_XXXXXX");
    cr_assert(mkdtemp(d), "mkdtemp: %s", strerror(errno));
    return d;
}

static char *join(const char *a, const char *b)
{
    char *p = malloc(strlen(a) + strlen(b) + 2);
    sprintf(p, "%s/%s", a, b);
    return p;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = calloc(1, 65536);
    size_t n = fread(buf, 1, 65535, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

static void put_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    cr_assert(f, "cannot write %s", path);
    fputs(text, f);
    fclose(f);
}

static int exists(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0;
}

/* Runs `tabletop play --game connect4` headless on dir/save with the
 * script text; frames go to dir; stderr is returned (caller frees). */
static char *c4_play(const char *dir, const char *script_text)
{
    const char *bin = getenv("TABLETOP_BIN");
    cr_assert(bin, "TABLETOP_BIN is not set");
    char *script = join(dir, "steps.txt"), *err = join(dir, "stderr.txt");
    put_file(script, script_text);
    char cmd[4096];
    snprintf(cmd, sizeof cmd,
             "'%s' play --headless --game connect4 --script '%s' --frames '%s' --save-dir "
             "'%s/save' 2>'%s'",
             bin, script, dir, dir, err);
    int rc = system(cmd);
    char *text = slurp(err);
    cr_assert_eq(rc, 0, "'%s' failed (%d): %s", cmd, rc, text ? text : "");
    free(script);
    free(err);
    return text ? text : strdup("");
}

/* The "moves" line of a save, or "" if there is none. */
static void save_moves(const char *path, char *out, size_t len)
{
    char *t = slurp(path);
    out[0] = 0;
    cr_assert(t, "no save at %s", path);
    char *m = strstr(t, "\nmoves ");
    cr_assert(m, "no moves line in %s: %s", path, t);
    m += 7;
    size_t n = strcspn(m, "\n");
    snprintf(out, len, "%.*s", (int)n, m);
    free(t);
}

static void compare_frames(const char *a, const char *b)
{
    char err[256];
    uint16_t *pa = NULL, *pb = NULL;
    int wa, ha, wb, hb;
    cr_assert_eq(frame_png_read(a, &pa, &wa, &ha, err, sizeof err), 0, "%s", err);
    cr_assert_eq(frame_png_read(b, &pb, &wb, &hb, err, sizeof err), 0, "%s", err);
    cr_assert(wa == wb && ha == hb);
    cr_assert(!memcmp(pa, pb, (size_t)wa * ha * sizeof *pa), "%s and %s differ", a, b);
    free(pa);
    free(pb);
}

/* Two players: 4 3 4, Escape.  The save holds the three columns, the title
 * offers Resume (selected) and says the game is saved; a new process
 * resumes it with Enter and the board is the one an uninterrupted game
 * shows. */
Test(c4_saves, escape_keeps_the_game_and_a_new_run_resumes_it)
{
    char *dir = scratch();
    free(c4_play(dir, "down\ndown\nenter\n4\n3\n4\nescape\nsnap title_resume\n"));
    compare(dir, "title_resume");
    char *save = join(dir, "save/connect4.txt");
    char *text = slurp(save);
    cr_assert(text, "no connect4.txt after three moves");
    cr_assert(strstr(text, "\nmode two-players\nmoves 434\n"), "%s", text);
    free(c4_play(dir, "enter\n3\nsnap resumed\n"));
    char *ref = scratch();
    free(c4_play(ref, "down\ndown\nenter\n4\n3\n4\n3\nsnap uninterrupted\n"));
    compare_frames(join(dir, "resumed.png"), join(ref, "uninterrupted.png"));
    char moves[64];
    save_moves(save, moves, sizeof moves);
    cr_assert_str_eq(moves, "4343");
}

/* Every landed disc is on disk: killed with SIGKILL after the third move,
 * the save has all three. */
Test(c4_saves, killed_mid_game_loses_no_move, .timeout = 60)
{
    char *dir = scratch();
    char *save = join(dir, "save"), *file = join(dir, "save/connect4.txt");
    int pipefd[2];
    cr_assert_eq(pipe(pipefd), 0);
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        dup2(pipefd[0], 0);
        close(pipefd[1]);
        int devnull = open("/dev/null", O_WRONLY);
        dup2(devnull, 1);
        dup2(devnull, 2);
        execl(getenv("TABLETOP_BIN"), "tabletop", "play", "--game", "connect4", "--headless",
              "--script", "-", "--save-dir", save, (char *)NULL);
        _exit(127);
    }
    close(pipefd[0]);
    const char keys[] = "down\ndown\nenter\n1\n7\n2\n";
    cr_assert_eq(write(pipefd[1], keys, sizeof keys - 1), (ssize_t)(sizeof keys - 1));
    char moves[64] = "";
    for (int i = 0; i < 1000 && strcmp(moves, "172"); i++) {
        if (exists(file))
            save_moves(file, moves, sizeof moves);
        usleep(10000);
    }
    kill(pid, SIGKILL);
    int st;
    waitpid(pid, &st, 0);
    close(pipefd[1]);
    cr_assert_str_eq(moves, "172");
}

/* Against the AI, undo takes back the AI's answer and the human's move. */
Test(c4_saves, undo_against_the_ai_takes_back_two_plies)
{
    char *a = scratch(), *b = scratch();
    free(c4_play(a, "enter\n1\n1\n"));
    free(c4_play(b, "enter\n1\n1\nu\nsnap undone\n"));
    char four[64], two[64];
    save_moves(join(a, "save/connect4.txt"), four, sizeof four);
    save_moves(join(b, "save/connect4.txt"), two, sizeof two);
    cr_assert_eq(strlen(four), 4, "%s", four);
    cr_assert_eq(strlen(two), 2, "%s", two);
    cr_assert(!strncmp(four, two, 2), "%s is not the start of %s", two, four);
    compare(b, "undone");
    /* Backspace too; and with nothing of the human's left, nothing happens. */
    free(c4_play(b, "enter\nbackspace\nbackspace\n"));
    cr_assert(!exists(join(b, "save/connect4.txt")), "an empty board is not a save");
}

/* Two players: undo takes back one move, also after the game ended. */
Test(c4_saves, undo_with_two_players_takes_back_one_move)
{
    char *dir = scratch();
    free(c4_play(dir, "down\ndown\nenter\n4\n3\n4\n3\n4\n3\n4\nbackspace\n"));
    char moves[64];
    save_moves(join(dir, "save/connect4.txt"), moves, sizeof moves);
    cr_assert_str_eq(moves, "434343");
}

/* A finished game is kept as connect4-last.txt with its result; nothing is
 * left to resume. */
Test(c4_saves, a_finished_game_becomes_the_last_game)
{
    char *dir = scratch();
    free(c4_play(dir, "down\ndown\nenter\n4\n3\n4\n3\n4\n3\n4\n"));
    cr_assert(!exists(join(dir, "save/connect4.txt")));
    char *last = slurp(join(dir, "save/connect4-last.txt"));
    cr_assert(last && strstr(last, "\nmoves 4343434\nresult red wins\n"), "%s", last);
}

/* A new game does not overwrite a resumable one: it becomes connect4.txt.bak. */
Test(c4_saves, a_new_game_puts_the_old_save_aside)
{
    char *dir = scratch();
    free(c4_play(dir, "down\ndown\nenter\n4\n3\n"));
    free(c4_play(dir, "up\nup\nup\nenter\n6\n")); /* Resume, then up to Two players */
    char moves[64];
    save_moves(join(dir, "save/connect4.txt.bak"), moves, sizeof moves);
    cr_assert_str_eq(moves, "43");
    save_moves(join(dir, "save/connect4.txt"), moves, sizeof moves);
    cr_assert_str_eq(moves, "6");
}

/* An unreadable save: one line on stderr, a notice on the title, the bytes
 * kept as connect4.txt.corrupt, and a new game plays normally. */
Test(c4_saves, a_corrupt_save_is_kept_aside)
{
    static const char *const bad[] = {
        "mode two-players\nmoves 4444444\n", /* a seventh disc in a full column */
        "mode sideways\nmoves 4\n",
        "moves 4\n",
        "mode two-players\nmoves 48\n",
        "\x01\x02garbage",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *dir = scratch(), *save = join(dir, "save");
        mkdir(save, 0755);
        put_file(join(save, "connect4.txt"), bad[i]);
        char *err = c4_play(dir, "snap title_corrupt\ndown\ndown\nenter\n5\n");
        cr_assert(strstr(err, "unreadable"), "case %zu: %s", i, err);
        cr_assert(strstr(err, "connect4.txt.corrupt"), "case %zu: %s", i, err);
        char *kept = slurp(join(save, "connect4.txt.corrupt"));
        cr_assert(kept && !strcmp(kept, bad[i]), "case %zu: the bytes were not kept", i);
        if (i == 0)
            compare(dir, "title_corrupt");
        char moves[64];
        save_moves(join(save, "connect4.txt"), moves, sizeof moves);
        cr_assert_str_eq(moves, "5");
    }
}

/* When the autosave cannot be written (connect4.txt is a folder here), the
 * board says so and Escape does not claim the game was saved. */
Test(c4_saves, a_failed_autosave_is_shown_and_not_called_saved)
{
    char *dir = scratch(), *save = join(dir, "save");
    mkdir(save, 0755);
    mkdir(join(save, "connect4.txt"), 0755);
    char *err = c4_play(dir, "down\ndown\nenter\n4\nsnap save_failed\nescape\n"
                             "snap title_not_saved\nenter\n3\n");
    cr_assert(strstr(err, "autosave failed"), "%s", err);
    compare(dir, "save_failed");
    compare(dir, "title_not_saved");
}
