/*
 * test_console_basics.c - the console-wide parts, on the real program run
 * headless: one console per save folder (two real tabletop processes on one
 * folder), and the global keys (quit, help, sound on/off) and the chooser's
 * Quit item.
 *
 * Regenerate the golden frames (then LOOK at them):
 *   TABLETOP_UPDATE_GOLDEN=1 meson test -C BUILD console-basics
 */
#include "console_test_util.h"
#include "test_gomoku_text.h"

/* Runs tabletop ARGS to its end, stderr into dir/stderr.txt. */
static run_t run(const char *dir, const char *const *args)
{
    char *errpath = path_join(dir, "stderr.txt");
    run_t r = run_tabletop(args, NULL, errpath);
    free(errpath);
    return r;
}

/* Plays script_text headless (--game GAME unless NULL) on dir/save, frames
 * into dir, samples into dir/out.wav. */
static run_t play(const char *dir, const char *game, const char *script_text)
{
    char *wav = path_join(dir, "out.wav");
    const char *extra[] = {"--wav", wav, game ? "--game" : NULL, game, NULL};
    run_t r = play_in(dir, script_text, extra);
    free(wav);
    return r;
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
    char *save = path_join(dir, "save"), *frames = path_join(dir, "holder");
    const char *args[] = {"play",   "--headless", "--game",     "connect4", "--script", "-",
                          "--frames", frames,     "--save-dir", save,       NULL};
    pid_t pid = spawn_tabletop(args, NULL, p[0], path_join(dir, "holder.err"));
    close(p[0]);
    const char ready[] = "snap ready\n";
    cr_assert_eq(write(p[1], ready, sizeof ready - 1), (ssize_t)(sizeof ready - 1));
    char *png = path_join(frames, "ready.png");
    for (int i = 0; i < 3000 && !file_exists(png); i++)
        usleep(10000);
    cr_assert(file_exists(png), "the first console never drew its first frame");
    *pipe_out = p[1];
    return pid;
}

Test(console_lock, a_second_console_on_the_same_folder_is_refused, .timeout = 60)
{
    char *dir = scratch("basics");
    int feed;
    pid_t holder = start_holder(dir, &feed);
    /* The first one plays a disc: connect4.txt is its save. */
    const char move[] = "down\ndown\nenter\n4\nsnap moved\n";
    cr_assert_eq(write(feed, move, sizeof move - 1), (ssize_t)(sizeof move - 1));
    char *moved = path_join(dir, "holder/moved.png");
    for (int i = 0; i < 3000 && !file_exists(moved); i++)
        usleep(10000);
    char *save_file = path_join(dir, "save/connect4.txt");
    char *before = read_all(save_file, NULL);
    cr_assert(before, "the first console did not save");

    /* The second one, on the same folder, says why and stops, touching nothing. */
    char *other = path_join(dir, "second");
    mkdir(other, 0755);
    char *script = path_join(other, "steps.txt"), *save = path_join(dir, "save");
    write_text(script, "down\ndown\nenter\n1\n");
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
    char *after = read_all(save_file, NULL);
    cr_assert_str_eq(after, before, "the refused console changed the save");

    /* The first one goes on, ends normally, and the folder is free again. */
    close(feed);
    cr_assert_eq(reap(holder), 0);
    r = run(other, args);
    cr_assert_eq(r.status, 0, "%s", r.err);
}

Test(console_lock, a_killed_console_leaves_the_folder_free, .timeout = 60)
{
    char *dir = scratch("basics");
    int feed;
    pid_t holder = start_holder(dir, &feed);
    kill(holder, SIGKILL);
    cr_assert_eq(reap(holder), 128 + SIGKILL);
    close(feed);
    cr_assert(file_exists(path_join(dir, "save/tabletop.lock")), "no lock file");
    run_t r = play(dir, "connect4", "down\ndown\nenter\n4\n");
    cr_assert_eq(r.status, 0, "a stale lock file blocked the next console: %s", r.err);
    cr_assert(file_exists(path_join(dir, "save/connect4.txt")));
}

Test(console_lock, different_folders_run_side_by_side, .timeout = 60)
{
    char *a = scratch("basics"), *b = scratch("basics");
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
    int r = file_exists(png);
    free(png);
    return r;
}

/* Quit is the chooser's last item (after the games, so that scripts that
 * count games from the top keep working); Enter on it ends the program. */
Test(console_quit, the_chooser_ends_with_quit)
{
    char *dir = scratch("basics");
    run_t r = play(dir, NULL, "down\ndown\ndown\ndown\nsnap chooser_quit\nenter\nsnap after\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "chooser_quit", "chooser_quit");
    cr_assert(!has_snap(dir, "after"), "the program went on after Quit");
    /* Up from Quit is Gomoku, then Othello, then
     * Connect Four: the games keep their places. */
    r = play(dir, NULL, "down\ndown\ndown\ndown\nup\nenter\nsnap farm\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(has_snap(dir, "farm"));
    char *farm_save = read_all(path_join(dir, "save/farm.txt"), NULL);
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
        char *dir = scratch("basics");
        run_t r = play(dir, cases[i].game, cases[i].script);
        cr_assert_eq(r.status, 0, "case %zu: %s", i, r.err);
        cr_assert(!has_snap(dir, "after"), "case %zu: q did not quit", i);
    }
}

/* q on the Connect Four board: the game is on disk, and the next start
 * offers it. */
Test(console_quit, q_during_a_game_keeps_it)
{
    char *dir = scratch("basics");
    run_t r = play(dir, "connect4", "down\ndown\nenter\n4\n3\nq\nsnap after\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(!has_snap(dir, "after"));
    char *save = read_all(path_join(dir, "save/connect4.txt"), NULL);
    cr_assert(save && strstr(save, "\nmoves 43\n"), "%s", save ? save : "no save");
}

/* A game that is not on disk (its autosave failed) is not thrown away by
 * one key: q asks, any other key goes back, q again quits. */
Test(console_quit, q_with_an_unsaved_game_asks_first)
{
    char *dir = scratch("basics"), *save = path_join(dir, "save");
    mkdir(save, 0755);
    mkdir(path_join(save, "connect4.txt"), 0755); /* the autosave cannot be written */
    run_t r = play(dir, "connect4",
                   "down\ndown\nenter\n4\nq\nsnap quit_confirm\nescape\nsnap kept\n3\nq\nq\n"
                   "snap after\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "quit_confirm", "quit_confirm");
    cr_assert(has_snap(dir, "kept"), "the first q quit");
    cr_assert(!has_snap(dir, "after"), "q q did not quit");

    /* The same from the chooser, with the game left (Escape) in Connect Four. */
    char *other = scratch("basics"), *other_save = path_join(other, "save");
    mkdir(other_save, 0755);
    mkdir(path_join(other_save, "connect4.txt"), 0755);
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
    char *dir = scratch("basics"), *save = path_join(dir, "save");
    mkdir(save, 0755);
    mkdir(path_join(save, "go.sgf"), 0755); /* the autosave cannot be written */
    run_t r = play(dir, "go", "enter\n1\nenter\nq\nsnap asked\nescape\nq\nq\nsnap after\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(has_snap(dir, "asked"), "q threw the unsaved Go game away");
    cr_assert(!has_snap(dir, "after"), "q q did not quit");

    /* With the game on disk, one q quits at once. */
    char *saved = scratch("basics");
    r = play(saved, "go", "enter\n1\nenter\nq\nsnap after\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(!has_snap(saved, "after"), "q asked although the game is saved");
}

/* ---- help ---- */

/* h and F1 show the keys of the screen's game; any key goes back to the
 * same screen, and the game's keys work again. */
Test(console_help, h_and_f1_list_the_keys_of_the_active_game)
{
    char *dir = scratch("basics");
    run_t r = play(dir, NULL,
                   "snap chooser\nh\nsnap help_chooser\nescape\nsnap chooser_again\n"
                   "down\nenter\ndown\ndown\nenter\n4\nsnap board\nf1\nsnap help_connect4\n"
                   "enter\nsnap board_again\nh\nsnap help_again\nspace\n3\nsnap moved\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "help_chooser", "help_chooser");
    check_golden(dir, "help_connect4", "help_connect4");
    assert_right_edge_clear(path_join(dir, "help_connect4.png"), 70, 440);
    same_frames(path_join(dir, "chooser.png"), path_join(dir, "chooser_again.png"));
    same_frames(path_join(dir, "board.png"), path_join(dir, "board_again.png"));
    same_frames(path_join(dir, "help_connect4.png"), path_join(dir, "help_again.png"));
    char *save = read_all(path_join(dir, "save/connect4.txt"), NULL);
    cr_assert(save && strstr(save, "\nmoves 43\n"), "the keys after help: %s", save);
    /* Go has a help screen too. */
    char *go = scratch("basics");
    r = play(go, "go", "h\nsnap help_go\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(go, "help_go", "help_go");
    /* Every help names F11 (the window's full screen), in the chooser and
     * in the game with the most lines (Go's ten) alike. */
    const char *shots[][2] = {{dir, "help_chooser.png"}, {go, "help_go.png"}};
    for (int i = 0; i < 2; i++) {
        uint16_t *px;
        int w, h;
        char err[256];
        cr_assert_eq(frame_png_read(path_join(shots[i][0], shots[i][1]), &px, &w, &h, err,
                                    sizeof err),
                     0, "%s", err);
        cr_assert(text_in_frame(px, w, h, "full screen (remembered)", 2), "%s", shots[i][1]);
        free(px);
        assert_right_edge_clear(path_join(shots[i][0], shots[i][1]), 70, 440);
    }
}

/* ---- sound on/off ---- */

/* m turns the sound off: no cue reaches the audio controller (the WAV of
 * everything streamed stays empty), the screen says so, and the setting
 * is remembered in the save folder; m again turns it back on. */
Test(console_sound, m_turns_the_sound_off_and_it_is_remembered)
{
    char *on = scratch("basics");
    run_t r = play(on, "connect4", "down\ndown\nenter\n4\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_gt(wav_samples(path_join(on, "out.wav")), 0, "a disc is not silent");

    char *dir = scratch("basics");
    r = play(dir, "connect4", "m\nsnap title_sound_off\ndown\ndown\nenter\n4\n3\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "title_sound_off", "title_sound_off");
    cr_assert_eq(wav_samples(path_join(dir, "out.wav")), 0, "sound off, yet samples were streamed");
    char *settings = read_all(path_join(dir, "save/settings.txt"), NULL);
    cr_assert(settings && strstr(settings, "sound off\n"), "%s", settings ? settings : "none");

    /* The next start is silent too, until m. */
    r = play(dir, "connect4", "enter\n4\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_eq(wav_samples(path_join(dir, "out.wav")), 0, "the setting was forgotten");
    r = play(dir, "connect4", "enter\nm\n3\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_gt(wav_samples(path_join(dir, "out.wav")), 0, "m did not turn the sound back on");
    settings = read_all(path_join(dir, "save/settings.txt"), NULL);
    cr_assert(settings && strstr(settings, "sound on\n"), "%s", settings);
}

/* A settings file that is not ours: one line, and the sound stays on. */
Test(console_sound, a_bad_settings_file_is_reported_and_ignored)
{
    char *dir = scratch("basics"), *save = path_join(dir, "save");
    mkdir(save, 0755);
    write_text(path_join(save, "settings.txt"), "volume 11\n");
    run_t r = play(dir, "connect4", "down\ndown\nenter\n4\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(strstr(r.err, "settings.txt") && strstr(r.err, "ignored"), "%s", r.err);
    cr_assert_gt(wav_samples(path_join(dir, "out.wav")), 0);
}

/* ---- the command line's help ---- */

/* Runs `tabletop ARG` and returns what it printed on stdout. */
static char *stdout_of(const char *dir, const char *arg)
{
    char *out = path_join(dir, "stdout.txt");
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0 || dup2(fd, 1) < 0)
            _exit(126);
        execl(bin(), bin(), arg, (char *)NULL);
        _exit(127);
    }
    cr_assert_eq(reap(pid), 0, "tabletop %s failed", arg);
    char *text = read_all(out, NULL);
    cr_assert(text, "no output from tabletop %s", arg);
    return text;
}

/* `tabletop --help` names each option of `play` once (it printed
 * "[--seed N] [--save-dir DIR]" twice).  The list is the command line of
 * ARCHITECTURE.md and docs/play.md, not the program's own table. */
Test(console_cli, help_names_each_play_option_once)
{
    static const char *const options[] = {
        "--game",  "--backend", "--headless", "--script", "--frames", "--wav",
        "--seed",  "--save-dir", "--devmem",  "--trace",  "--rules",  "--link",
    };
    char *dir = scratch("basics");
    char *help = stdout_of(dir, "--help");
    /* The play block: from "usage: tabletop [play]" to the next command. */
    char *start = strstr(help, "usage: tabletop [play]");
    cr_assert(start, "%s", help);
    char *end = strstr(start, "tabletop gtp");
    cr_assert(end, "%s", help);
    *end = 0;
    for (size_t i = 0; i < sizeof options / sizeof options[0]; i++) {
        int count = 0;
        size_t n = strlen(options[i]);
        for (const char *p = strstr(start, options[i]); p; p = strstr(p + n, options[i]))
            if (p[n] == ' ' || p[n] == ']') /* --save-dir is not --save-dirs */
                count++;
        cr_expect_eq(count, 1, "%s appears %d times in:\n%s", options[i], count, start);
    }
}

/* ---- saves off: no save folder, or one that cannot be written ---- */

/* The number of lines in text. */
static int line_count(const char *text)
{
    int n = 0;
    for (const char *p = text; *p; p++)
        n += *p == '\n';
    return n;
}

/* The frame at got and the golden of that name are the same outside rows
 * [skip_from, skip_to), and those rows of got are not blank (they hold a
 * path that changes from run to run). */
static void golden_but_rows(const char *dir, const char *name, int skip_from, int skip_to)
{
    char err[512], got_path[4096], want_path[4096];
    snprintf(got_path, sizeof got_path, "%s/%s.png", dir, name);
    snprintf(want_path, sizeof want_path, "%s/golden/%s.png", data_dir(), name);
    uint16_t *got = NULL, *want = NULL;
    int gw, gh, ww, wh;
    cr_assert_eq(frame_png_read(got_path, &got, &gw, &gh, err, sizeof err), 0, "%s", err);
    if (update_golden()) {
        cr_assert_eq(frame_png_write(want_path, got, gw, gh, err, sizeof err), 0, "%s", err);
        cr_log_warn("rewrote %s", want_path);
    }
    cr_assert_eq(frame_png_read(want_path, &want, &ww, &wh, err, sizeof err), 0, "%s", err);
    cr_assert(gw == ww && gh == wh);
    long diff = 0, ink = 0;
    for (int y = 0; y < gh; y++)
        for (int x = 0; x < gw; x++) {
            long i = (long)y * gw + x;
            if (y >= skip_from && y < skip_to)
                ink += got[i] != got[(long)y * gw]; /* not the row's background */
            else
                diff += got[i] != want[i];
        }
    cr_expect_eq(diff, 0, "%s: %ld pixels differ from %s", name, diff, want_path);
    cr_expect_gt(ink, 0, "%s: rows %d-%d hold no text", name, skip_from, skip_to);
    free(got);
    free(want);
}

/* No save folder at all (no HOME, no XDG_STATE_HOME, no --save-dir): the
 * console plays on and says so at once, on stderr and on its first screen,
 * the chooser (it said nothing until a game's Escape). */
Test(console_saves, no_save_folder_is_said_on_the_first_screen)
{
    char *dir = scratch("basics"), *script = path_join(dir, "steps.txt");
    write_text(script, "snap chooser_no_saves\ndown\nenter\ndown\ndown\nenter\n4\nsnap board\n");
    const char *args[] = {"play", "--headless", "--script", script, "--frames", dir, NULL};
    const char *env[] = {"HOME", "XDG_STATE_HOME", NULL};
    run_t r = run_tabletop(args, env, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(strstr(r.err, "no place for autosaves") && strstr(r.err, "games are not saved") &&
                  strstr(r.err, "--save-dir"),
              "%s", r.err);
    cr_assert_eq(line_count(r.err), 1, "one line: %s", r.err);
    check_golden(dir, "chooser_no_saves", "chooser_no_saves");
    cr_assert(has_snap(dir, "board"), "the console did not play on");
}

/* Runs tabletop ARGS with the folder ro made read-only for it, in a way
 * root cannot write either (CI runs as root, and root ignores permission
 * bits): a read-only bind mount of ro onto itself, in a user and mount
 * namespace of its own (`unshare -rm`, no privilege needed), so nothing
 * outside the child sees it.  Without user namespaces a non-root user gets
 * chmod 0555 instead.  Returns 0 after skipping the test if neither works. */
static int run_read_only(const char *ro, const char *const *args, const char *errpath, run_t *r)
{
    char probe[4200];
    snprintf(probe, sizeof probe, "touch '%s/x' 2>/dev/null && exit 1; exit 0", ro);
    const char *shell = "mount --bind -o ro \"$1\" \"$1\" || exit 99; shift; exec \"$@\"";
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        int devnull = open("/dev/null", O_RDWR);
        dup2(devnull, 0);
        dup2(devnull, 1);
        dup2(devnull, 2);
        execlp("unshare", "unshare", "-rm", "sh", "-c", shell, "sh", ro, "sh", "-c", probe,
               (char *)NULL);
        _exit(99);
    }
    int userns = reap(pid) == 0; /* a write under the bind failed, as wanted */
    if (!userns) {
        if (geteuid() == 0) {
            cr_skip_test("no user namespaces (unshare -rm) and running as root: no folder "
                         "root cannot write");
            return 0;
        }
        cr_assert_eq(chmod(ro, 0555), 0);
    }
    pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        int devnull = open("/dev/null", O_RDWR);
        dup2(devnull, 0);
        dup2(devnull, 1);
        int fd = open(errpath, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd >= 0)
            dup2(fd, 2);
        const char *argv[MAX_ARGS + 8];
        int n = 0;
        if (userns) {
            argv[n++] = "unshare";
            argv[n++] = "-rm";
            argv[n++] = "sh";
            argv[n++] = "-c";
            argv[n++] = shell;
            argv[n++] = "sh";
            argv[n++] = ro;
        }
        argv[n++] = bin();
        for (int i = 0; args[i] && n < MAX_ARGS + 7; i++)
            argv[n++] = args[i];
        argv[n] = NULL;
        execvp(argv[0], (char *const *)argv);
        _exit(127);
    }
    r->status = reap(pid);
    if (!userns)
        chmod(ro, 0755);
    char *e = read_all(errpath, NULL);
    snprintf(r->err, sizeof r->err, "%s", e ? e : "");
    free(e);
    return 1;
}

/* A save folder that cannot be written: the console plays on with saves
 * off and says so on stderr and on the chooser (it was refused at start,
 * where docs/play.md said it plays on), and writes nothing there. */
Test(console_saves, a_read_only_save_folder_plays_on_without_saves, .timeout = 60)
{
    char *dir = scratch("basics"), *save = path_join(dir, "save");
    char *script = path_join(dir, "steps.txt"), *errpath = path_join(dir, "stderr.txt");
    mkdir(save, 0755);
    write_text(script, "snap chooser_read_only\ndown\nenter\ndown\ndown\nenter\n4\nsnap board\n"
                       "escape\nsnap left\n");
    const char *args[] = {"play", "--headless", "--script", script, "--frames", dir,
                          "--save-dir", save, NULL};
    run_t r;
    if (!run_read_only(save, args, errpath, &r))
        return;
    cr_assert_eq(r.status, 0, "refused: %s", r.err);
    cr_assert(strstr(r.err, save) && strstr(r.err, "cannot be written") &&
                  strstr(r.err, "games are not saved") && strstr(r.err, "--save-dir"),
              "%s", r.err);
    cr_assert_eq(line_count(r.err), 1, "one line: %s", r.err);
    /* The notice's first line as without a folder; its second names the
     * folder (a scratch path: rows 134-147 are not compared). */
    golden_but_rows(dir, "chooser_read_only", 134, 148);
    cr_assert(has_snap(dir, "board") && has_snap(dir, "left"), "the console did not play on");
    DIR *d = opendir(save);
    cr_assert(d);
    int entries = 0;
    for (struct dirent *e = readdir(d); e; e = readdir(d))
        entries += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    closedir(d);
    cr_assert_eq(entries, 0, "something was written into the read-only folder");
}
