/*
 * test_console_basics.c - the console-wide parts, on the real program run
 * headless: one console per save folder (two real tabletop processes on one
 * folder), and the global keys (quit, help, sound on/off) and the chooser's
 * Quit item.
 *
 * Regenerate the golden frames (then LOOK at them):
 *   TABLETOP_UPDATE_GOLDEN=1 meson test -C BUILD console-basics
 */
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

#define MAX_ARGS 32

static const char *env_or_die(const char *name)
{
    const char *v = getenv(name);
    cr_assert(v && *v, "%s is not set (run through meson test)", name);
    return v;
}

static const char *bin(void) { return env_or_die("TABLETOP_BIN"); }
static const char *data_dir(void) { return env_or_die("TABLETOP_TEST_DATA"); }

/* A scratch folder for one test; everything the test writes goes inside. */
static char *scratch(void)
{
    char *d = strdup("/tmp/tabletop-basics-XXXXXX");
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
    char *buf = calloc(1, 1 << 20);
    size_t n = fread(buf, 1, (1 << 20) - 1, f);
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
    return stat(path, &st) == 0;
}

typedef struct {
    int status; /* exit status, or 128 + signal */
    char *err;  /* stderr */
} run_t;

/* Starts `tabletop ARGS...` (NULL-terminated) with stdin from fd_in (-1:
 * /dev/null) and stderr into errpath; returns the pid. */
static pid_t spawn(const char *const *args, int fd_in, const char *errpath)
{
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        int devnull = open("/dev/null", O_RDWR);
        dup2(fd_in >= 0 ? fd_in : devnull, 0);
        dup2(devnull, 1);
        int fd = open(errpath, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0)
            dup2(fd, 2);
        char *argv[MAX_ARGS];
        int n = 0;
        argv[n++] = (char *)bin();
        for (int i = 0; args[i] && n < MAX_ARGS - 1; i++)
            argv[n++] = (char *)args[i];
        argv[n] = NULL;
        execv(argv[0], argv);
        _exit(127);
    }
    return pid;
}

static int reap(pid_t pid)
{
    int st;
    cr_assert_eq(waitpid(pid, &st, 0), pid);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static run_t run(const char *dir, const char *const *args)
{
    char *errpath = join(dir, "stderr.txt");
    run_t r;
    r.status = reap(spawn(args, -1, errpath));
    r.err = slurp(errpath);
    if (!r.err)
        r.err = strdup("");
    free(errpath);
    return r;
}

/* Plays script_text headless (--game GAME unless NULL) on dir/save, frames
 * into dir, samples into dir/out.wav. */
static run_t play(const char *dir, const char *game, const char *script_text)
{
    char *script = join(dir, "steps.txt"), *save = join(dir, "save"),
         *wav = join(dir, "out.wav");
    put_file(script, script_text);
    const char *args[MAX_ARGS] = {"play", "--headless", "--script", script, "--frames", dir,
                                  "--save-dir", save, "--wav", wav};
    int n = 10;
    if (game) {
        args[n++] = "--game";
        args[n++] = game;
    }
    args[n] = NULL;
    return run(dir, args);
}

/* Compares dir/snap.png with tests/data/console/golden/golden.png
 * (TABLETOP_UPDATE_GOLDEN=1 rewrites the golden first). */
static void check_golden(const char *dir, const char *snap, const char *golden)
{
    char got_path[4096], want_path[4096], err[256];
    snprintf(got_path, sizeof got_path, "%s/%s.png", dir, snap);
    snprintf(want_path, sizeof want_path, "%s/golden/%s.png", data_dir(), golden);
    uint16_t *got = NULL, *want = NULL;
    int gw, gh, ww, wh;
    cr_assert_eq(frame_png_read(got_path, &got, &gw, &gh, err, sizeof err), 0, "%s", err);
    const char *update = getenv("TABLETOP_UPDATE_GOLDEN");
    if (update && *update) {
        cr_assert_eq(frame_png_write(want_path, got, gw, gh, err, sizeof err), 0, "%s", err);
        cr_log_warn("rewrote %s", want_path);
    }
    cr_assert_eq(frame_png_read(want_path, &want, &ww, &wh, err, sizeof err), 0, "%s", err);
    cr_assert(gw == ww && gh == wh);
    long diff = 0;
    for (long i = 0; i < (long)gw * gh; i++)
        diff += got[i] != want[i];
    cr_expect_eq(diff, 0, "%s: %ld pixels differ from %s", snap, diff, want_path);
    free(got);
    free(want);
}

/* ---- one console per save folder ---- */

/* Starts a console on dir/save reading its script from a pipe; returns
 * once it has drawn its first frame (so it holds the folder). */
static pid_t start_holder(const char *dir, int *pipe_out)
{
    int p[2];
    cr_assert_eq(pipe(p), 0);
    /* Only this test may hold the write end: the console sees EOF when it closes. */
    cr_assert_eq(fcntl(p[1], F_SETFD, FD_CLOEXEC), 0);
    char *save = join(dir, "save"), *frames = join(dir, "holder");
    const char *args[] = {"play",   "--headless", "--game",     "connect4", "--script", "-",
                          "--frames", frames,     "--save-dir", save,       NULL};
    pid_t pid = spawn(args, p[0], join(dir, "holder.err"));
    close(p[0]);
    const char ready[] = "snap ready\n";
    cr_assert_eq(write(p[1], ready, sizeof ready - 1), (ssize_t)(sizeof ready - 1));
    char *png = join(frames, "ready.png");
    for (int i = 0; i < 3000 && !exists(png); i++)
        usleep(10000);
    cr_assert(exists(png), "the first console never drew its first frame");
    *pipe_out = p[1];
    return pid;
}

Test(console_lock, a_second_console_on_the_same_folder_is_refused, .timeout = 60)
{
    char *dir = scratch();
    int feed;
    pid_t holder = start_holder(dir, &feed);
    /* The first one plays a disc: connect4.txt is its save. */
    const char move[] = "down\ndown\nenter\n4\nsnap moved\n";
    cr_assert_eq(write(feed, move, sizeof move - 1), (ssize_t)(sizeof move - 1));
    char *moved = join(dir, "holder/moved.png");
    for (int i = 0; i < 3000 && !exists(moved); i++)
        usleep(10000);
    char *save_file = join(dir, "save/connect4.txt");
    char *before = slurp(save_file);
    cr_assert(before, "the first console did not save");

    /* The second one, on the same folder, says why and stops, touching nothing. */
    char *other = join(dir, "second");
    mkdir(other, 0755);
    char *script = join(other, "steps.txt"), *save = join(dir, "save");
    put_file(script, "down\ndown\nenter\n1\n");
    const char *args[] = {"play",       "--headless", "--game", "connect4", "--script", script,
                          "--save-dir", save,         NULL};
    run_t r = run(other, args);
    cr_assert_eq(r.status, 1, "status %d: %s", r.status, r.err);
    char pid_text[32];
    snprintf(pid_text, sizeof pid_text, "(process %d)", (int)holder);
    cr_assert(strstr(r.err, "in use by another tabletop") && strstr(r.err, pid_text) &&
                  strstr(r.err, "--save-dir"),
              "%s", r.err);
    cr_assert_eq(strchr(r.err, '\n') - r.err + 1, (long)strlen(r.err), "one line: %s", r.err);
    char *after = slurp(save_file);
    cr_assert_str_eq(after, before, "the refused console changed the save");

    /* The first one goes on, ends normally, and the folder is free again. */
    close(feed);
    cr_assert_eq(reap(holder), 0);
    r = run(other, args);
    cr_assert_eq(r.status, 0, "%s", r.err);
}

Test(console_lock, a_killed_console_leaves_the_folder_free, .timeout = 60)
{
    char *dir = scratch();
    int feed;
    pid_t holder = start_holder(dir, &feed);
    kill(holder, SIGKILL);
    cr_assert_eq(reap(holder), 128 + SIGKILL);
    close(feed);
    cr_assert(exists(join(dir, "save/tabletop.lock")), "no lock file");
    run_t r = play(dir, "connect4", "down\ndown\nenter\n4\n");
    cr_assert_eq(r.status, 0, "a stale lock file blocked the next console: %s", r.err);
    cr_assert(exists(join(dir, "save/connect4.txt")));
}

Test(console_lock, different_folders_run_side_by_side, .timeout = 60)
{
    char *a = scratch(), *b = scratch();
    int feed;
    pid_t holder = start_holder(a, &feed);
    run_t r = play(b, "connect4", "down\ndown\nenter\n4\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    close(feed);
    cr_assert_eq(reap(holder), 0);
}

/* ---- the chooser's Quit item and the q key ---- */

/* The number of samples in a WAV written by --wav (0 if none). */
static long wav_samples(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert(f, "no WAV at %s", path);
    unsigned char h[44];
    cr_assert_eq(fread(h, 1, 44, f), 44, "short WAV %s", path);
    fclose(f);
    cr_assert(!memcmp(h + 36, "data", 4), "%s: no data chunk where expected", path);
    long bytes = h[40] | h[41] << 8 | h[42] << 16 | (long)h[43] << 24;
    return bytes / 2;
}

static int has_snap(const char *dir, const char *name)
{
    char *png = malloc(strlen(dir) + strlen(name) + 8);
    sprintf(png, "%s/%s.png", dir, name);
    int r = exists(png);
    free(png);
    return r;
}

/* Quit is the chooser's last item (after the games, so that scripts that
 * count games from the top keep working); Enter on it ends the program. */
Test(console_quit, the_chooser_ends_with_quit)
{
    char *dir = scratch();
    run_t r = play(dir, NULL, "down\ndown\ndown\ndown\nsnap chooser_quit\nenter\nsnap after\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "chooser_quit", "chooser_quit");
    cr_assert(!has_snap(dir, "after"), "the program went on after Quit");
    /* Up from Quit is Gomoku (issue 17), then Othello (issue 16), then
     * Connect Four: the games keep their places. */
    r = play(dir, NULL, "down\ndown\ndown\ndown\nup\nenter\nsnap farm\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(has_snap(dir, "farm"));
    char *farm_save = slurp(join(dir, "save/farm.txt"));
    cr_assert_null(farm_save, "opening the farm wrote a save before any action");
    r = play(dir, NULL, "down\ndown\ndown\ndown\nup\nup\nenter\nsnap othello_title\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "othello_title", "othello_title");
    r = play(dir, NULL, "down\ndown\ndown\ndown\nup\nup\nup\nenter\nsnap c4_title\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(has_snap(dir, "c4_title"));
}

/* q quits at once from the chooser and from a game's menus. */
Test(console_quit, q_quits_from_the_chooser_and_the_menus)
{
    static const struct {
        const char *game, *script;
    } cases[] = {
        {NULL, "q\nsnap after\n"},
        {"connect4", "q\nsnap after\n"},
        {"go", "enter\nsnap mode_menu\nq\nsnap after\n"},
        {NULL, "down\nenter\ndown\nq\nsnap after\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *dir = scratch();
        run_t r = play(dir, cases[i].game, cases[i].script);
        cr_assert_eq(r.status, 0, "case %zu: %s", i, r.err);
        cr_assert(!has_snap(dir, "after"), "case %zu: q did not quit", i);
    }
}

/* q on the Connect Four board: the game is on disk, and the next start
 * offers it. */
Test(console_quit, q_during_a_game_keeps_it)
{
    char *dir = scratch();
    run_t r = play(dir, "connect4", "down\ndown\nenter\n4\n3\nq\nsnap after\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(!has_snap(dir, "after"));
    char *save = slurp(join(dir, "save/connect4.txt"));
    cr_assert(save && strstr(save, "\nmoves 43\n"), "%s", save ? save : "no save");
}

/* A game that is not on disk (its autosave failed) is not thrown away by
 * one key: q asks, any other key goes back, q again quits. */
Test(console_quit, q_with_an_unsaved_game_asks_first)
{
    char *dir = scratch(), *save = join(dir, "save");
    mkdir(save, 0755);
    mkdir(join(save, "connect4.txt"), 0755); /* the autosave cannot be written */
    run_t r = play(dir, "connect4",
                   "down\ndown\nenter\n4\nq\nsnap quit_confirm\nescape\nsnap kept\n3\nq\nq\n"
                   "snap after\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "quit_confirm", "quit_confirm");
    cr_assert(has_snap(dir, "kept"), "the first q quit");
    cr_assert(!has_snap(dir, "after"), "q q did not quit");

    /* The same from the chooser, with the game left (Escape) in Connect Four. */
    char *other = scratch(), *other_save = join(other, "save");
    mkdir(other_save, 0755);
    mkdir(join(other_save, "connect4.txt"), 0755);
    r = play(other, NULL,
             "down\nenter\ndown\ndown\nenter\n4\nescape\nescape\nq\nsnap asked\nq\nsnap after\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(has_snap(other, "asked"), "q in the chooser threw the unsaved game away");
    cr_assert(!has_snap(other, "after"), "q q did not quit");
}

/* Go asks the same way: a stone on the board whose autosave failed (go.sgf
 * is a folder) is not thrown away by one q. */
Test(console_quit, q_with_an_unsaved_go_game_asks_first)
{
    char *dir = scratch(), *save = join(dir, "save");
    mkdir(save, 0755);
    mkdir(join(save, "go.sgf"), 0755); /* the autosave cannot be written */
    run_t r = play(dir, "go", "enter\n1\nenter\nq\nsnap asked\nescape\nq\nq\nsnap after\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(has_snap(dir, "asked"), "q threw the unsaved Go game away");
    cr_assert(!has_snap(dir, "after"), "q q did not quit");

    /* With the game on disk, one q quits at once. */
    char *saved = scratch();
    r = play(saved, "go", "enter\n1\nenter\nq\nsnap after\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(!has_snap(saved, "after"), "q asked although the game is saved");
}

/* ---- help ---- */

static void same_frames(const char *a, const char *b)
{
    char err[256];
    uint16_t *pa = NULL, *pb = NULL;
    int wa, ha, wb, hb;
    cr_assert_eq(frame_png_read(a, &pa, &wa, &ha, err, sizeof err), 0, "%s", err);
    cr_assert_eq(frame_png_read(b, &pb, &wb, &hb, err, sizeof err), 0, "%s", err);
    cr_assert(wa == wb && ha == hb && !memcmp(pa, pb, (size_t)wa * ha * sizeof *pa),
              "%s and %s differ", a, b);
    free(pa);
    free(pb);
}

/* h and F1 show the keys of the screen's game; any key goes back to the
 * same screen, and the game's keys work again. */
Test(console_help, h_and_f1_list_the_keys_of_the_active_game)
{
    char *dir = scratch();
    run_t r = play(dir, NULL,
                   "snap chooser\nh\nsnap help_chooser\nescape\nsnap chooser_again\n"
                   "down\nenter\ndown\ndown\nenter\n4\nsnap board\nf1\nsnap help_connect4\n"
                   "enter\nsnap board_again\nh\nsnap help_again\nspace\n3\nsnap moved\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "help_chooser", "help_chooser");
    check_golden(dir, "help_connect4", "help_connect4");
    same_frames(join(dir, "chooser.png"), join(dir, "chooser_again.png"));
    same_frames(join(dir, "board.png"), join(dir, "board_again.png"));
    same_frames(join(dir, "help_connect4.png"), join(dir, "help_again.png"));
    char *save = slurp(join(dir, "save/connect4.txt"));
    cr_assert(save && strstr(save, "\nmoves 43\n"), "the keys after help: %s", save);
    /* Go has a help screen too. */
    char *go = scratch();
    r = play(go, "go", "h\nsnap help_go\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(go, "help_go", "help_go");
}

/* ---- sound on/off ---- */

/* m turns the sound off: no cue reaches the audio controller (the WAV of
 * everything streamed stays empty), the screen says so, and the setting
 * is remembered in the save folder; m again turns it back on. */
Test(console_sound, m_turns_the_sound_off_and_it_is_remembered)
{
    char *on = scratch();
    run_t r = play(on, "connect4", "down\ndown\nenter\n4\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_gt(wav_samples(join(on, "out.wav")), 0, "a disc is not silent");

    char *dir = scratch();
    r = play(dir, "connect4", "m\nsnap title_sound_off\ndown\ndown\nenter\n4\n3\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "title_sound_off", "title_sound_off");
    cr_assert_eq(wav_samples(join(dir, "out.wav")), 0, "sound off, yet samples were streamed");
    char *settings = slurp(join(dir, "save/settings.txt"));
    cr_assert(settings && strstr(settings, "sound off\n"), "%s", settings ? settings : "none");

    /* The next start is silent too, until m. */
    r = play(dir, "connect4", "enter\n4\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_eq(wav_samples(join(dir, "out.wav")), 0, "the setting was forgotten");
    r = play(dir, "connect4", "enter\nm\n3\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_gt(wav_samples(join(dir, "out.wav")), 0, "m did not turn the sound back on");
    settings = slurp(join(dir, "save/settings.txt"));
    cr_assert(settings && strstr(settings, "sound on\n"), "%s", settings);
}

/* A settings file that is not ours: one line, and the sound stays on. */
Test(console_sound, a_bad_settings_file_is_reported_and_ignored)
{
    char *dir = scratch(), *save = join(dir, "save");
    mkdir(save, 0755);
    put_file(join(save, "settings.txt"), "volume 11\n");
    run_t r = play(dir, "connect4", "down\ndown\nenter\n4\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(strstr(r.err, "settings.txt") && strstr(r.err, "ignored"), "%s", r.err);
    cr_assert_gt(wav_samples(join(dir, "out.wav")), 0);
}
