/*
 * test_play.c - the real `tabletop` program, headless, driven by the
 * scripts in tests/data/console: golden frames compared pixel for pixel,
 * every menu transition, the sounds in the --wav stream, game over with
 * the right score, PvC games at each level, autosave, resume after
 * SIGKILL, corrupt and discarded saves, and the no-display message.
 *
 * Regenerate the golden frames (then LOOK at them):
 *   TABLETOP_UPDATE_GOLDEN=1 meson test -C BUILD console-play
 */
#include "test_go_util.h"

/* ---- golden frames and transitions ---- */

Test(console_play, title_screen)
{
    char *dir = scratch("go");
    char *script = data_file("title.txt");
    run_t r = play(dir, script, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "title", "title");
}

Test(console_play, menu_transitions)
{
    char *dir = scratch("go");
    run_t r = play(dir, data_file("menus.txt"), NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "title", "title");
    check_golden(dir, "mode_menu", "mode_menu");      /* title -> mode */
    check_golden(dir, "title_again", "title");        /* mode -> Escape -> title */
    check_golden(dir, "mode_menu_pvc", "mode_menu_pvc");
    check_golden(dir, "level_menu", "level_menu");    /* mode -> PvC -> level */
    check_golden(dir, "level_menu_3", "level_menu_3");
    check_golden(dir, "mode_menu_back", "mode_menu_pvc"); /* level -> Escape -> mode */
    check_golden(dir, "game_start", "game_start");    /* mode -> PvP -> empty board */
}

Test(console_play, board_capture_illegal_and_cursor)
{
    char *dir = scratch("go");
    run_t r = play(dir, data_file("board.txt"), NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "board_capture", "board_capture");
    check_golden(dir, "board_illegal", "board_illegal");
    check_golden(dir, "board_cursor", "board_cursor");
    /* The illegal move was the last sound: the stream ends with that clip. */
    cr_assert(ends_with(read_wav(out_wav(dir)), clip("illegal")));
    char moves[512];
    sgf_moves(path_join(dir, "save/go.sgf"), moves, sizeof moves);
    cr_assert_str_eq(moves, ";B[ee];W[ed];B[dd];W[da];B[fd];W[fa];B[ec]");
}

Test(console_play, ko_and_suicide_are_refused_with_their_reason)
{
    char *dir = scratch("go");
    run_t r = play(dir, data_file("ko.txt"), NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "board_ko", "board_ko");
    check_golden(dir, "board_suicide", "board_suicide");
    cr_assert(ends_with(read_wav(out_wav(dir)), clip("illegal")));
    /* Refused moves change nothing: not in the record either. */
    char moves[512];
    sgf_moves(path_join(dir, "save/go.sgf"), moves, sizeof moves);
    cr_assert_str_eq(moves, ";B[ba];W[ca];B[ab];W[bb];B[bc];W[cc];B[ii];W[db];B[cb]");
}

Test(console_play, game_over_after_two_passes_with_the_right_score)
{
    char *dir = scratch("go");
    run_t r = play(dir, data_file("gameover.txt"), NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "one_pass", "one_pass");
    check_golden(dir, "gameover", "gameover"); /* two passes, review, Space accepts */
    check_golden(dir, "after_gameover", "mode_menu"); /* game over -> Enter -> mode menu */
    cr_assert(ends_with(read_wav(out_wav(dir)), clip("gameover")));
    /* The finished game is kept as a record and the autosave is cleared. */
    cr_assert(!file_exists(path_join(dir, "save/go.sgf")));
    char *rec = read_all(path_join(dir, "save/go-last.sgf"), NULL);
    cr_assert(rec, "no go-last.sgf");
    cr_assert(strstr(rec, "RE[B+3.5]"), "%s", rec);
    cr_assert(strstr(rec, ";B[];W[]\nTB["), "%s", rec);
}

Test(console_play, chooser_lists_go_first)
{
    char *dir = scratch("go");
    char *save = path_join(dir, "save");
    const char *args[] = {"play",   "--headless", "--script",   data_file("chooser.txt"),
                          "--frames", dir,        "--save-dir", save, NULL};
    run_t r = run_tabletop(args, NULL, NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "chooser", "chooser");
    check_golden(dir, "chooser_go_title", "title"); /* chooser -> Enter -> Go title */
    check_golden(dir, "chooser_back", "chooser");   /* Go title -> Escape -> chooser */
}

/* ---- sounds (seed §4.6) ---- */

Test(console_play, a_stone_plays_the_place_clip)
{
    char *dir = scratch("go");
    run_t r = play_text(dir, "enter\nenter\nenter\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    pcm_t got = read_wav(out_wav(dir)), want = clip("place");
    cr_assert_eq(got.n, want.n, "exactly one place clip, got %zu samples", got.n);
    cr_assert(ends_with(got, want));
}

Test(console_play, a_capture_plays_the_capture_clip)
{
    char *dir = scratch("go");
    run_t r = play_text(dir,
                        "enter\nenter\nenter\nup\nenter\nleft\nenter\nup\nup\nup\nenter\n"
                        "down\ndown\ndown\nright\nright\nenter\nup\nup\nup\nenter\n"
                        "down\ndown\nleft\nenter\n",
                        NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    pcm_t got = read_wav(out_wav(dir));
    cr_assert(ends_with(got, clip("capture")));
    /* Seven stones, seven clips started: six cut short by the next one. */
    cr_assert(got.n > clip("capture").n);
}

Test(console_play, a_pass_is_silent_and_menus_are_silent)
{
    char *dir = scratch("go");
    run_t r = play_text(dir, "enter\ndown\nup\nenter\nspace\nright\nescape\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert_eq(read_wav(out_wav(dir)).n, 0);
}

/* ---- the computer ---- */

/* The human tries a fixed walk of points (an occupied one is refused and
 * changes nothing), then passes until the game ends; returns the record's
 * moves. */
static void pvc_game(const char *dir, int level, const char *seed, char *moves, size_t len)
{
    static const char walk[] = "enter\nup\nup\nenter\nleft\nleft\nenter\ndown\ndown\ndown\n"
                               "enter\nright\nright\nright\nright\nenter\nup\nenter\n"
                               "left\nenter\ndown\ndown\nenter\nleft\nleft\nleft\nenter\n";
    char text[8192];
    int n = snprintf(text, sizeof text, "enter\n2\n%d\n%s", level, walk);
    for (int i = 0; i < 300; i++)
        n += snprintf(text + n, sizeof text - (size_t)n, "space\n");
    run_t r = play_text(dir, text, seed);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char *last = path_join(dir, "save/go-last.sgf");
    cr_assert(file_exists(last), "level %d: the game did not finish", level);
    char *rec = read_all(last, NULL);
    char gc[64];
    snprintf(gc, sizeof gc, "GC[tabletop mode=pvc level=%d]", level);
    cr_assert(strstr(rec, gc), "%s", rec);
    cr_assert(strstr(rec, "RE["), "%s", rec);
    sgf_moves(last, moves, len);
    /* The human's first stone, the computer's answers, and the end by passes. */
    cr_assert(!strncmp(moves, ";B[ee];W[", 9), "%s", moves);
    size_t m = strlen(moves);
    cr_assert(m >= 8 && (!strcmp(moves + m - 8, ";B[];W[]") || !strcmp(moves + m - 8, ";W[];B[]")),
              "the game did not end with two passes: %s", moves);
    /* The human placed more than the first stone before passing. */
    cr_assert(strstr(moves + 6, ";B[") && strstr(moves + 6, ";B[")[3] != ']', "%s", moves);
    free(rec);
}

Test(console_play, full_pvc_games_at_each_level, .timeout = 240)
{
    static char moves[3][16384];
    for (int level = 1; level <= 3; level++) {
        char *dir = scratch("go");
        pvc_game(dir, level, "5", moves[level - 1], sizeof moves[0]);
        cr_assert(strstr(moves[level - 1], ";W[") != NULL);
        cr_assert(ends_with(read_wav(out_wav(dir)), clip("gameover")));
    }
}

Test(console_play, same_seed_same_game)
{
    char a[16384], b[16384];
    char *d1 = scratch("go"), *d2 = scratch("go");
    pvc_game(d1, 2, "42", a, sizeof a);
    pvc_game(d2, 2, "42", b, sizeof b);
    cr_assert_str_eq(a, b);
}

/* ---- never lose a game ---- */

Test(console_play, killed_mid_game_resumes_with_no_move_lost, .timeout = 60)
{
    char *dir = scratch("go");
    char *save = path_join(dir, "save");
    char *saved = path_join(save, "go.sgf");
    int pipefd[2];
    cr_assert_eq(pipe(pipefd), 0);
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        dup2(pipefd[0], 0);
        close(pipefd[1]);
        int devnull = open("/dev/null", O_WRONLY);
        dup2(devnull, 1);
        execl(bin(), bin(), "play", "--game", "go", "--headless", "--script", "-", "--save-dir",
              save, (char *)NULL);
        _exit(127);
    }
    close(pipefd[0]);
    const char keys[] = "enter\nenter\nenter\nup\nenter\nleft\nenter\n";
    cr_assert_eq(write(pipefd[1], keys, sizeof keys - 1), (ssize_t)(sizeof keys - 1));
    /* Wait until the third move is on disk, then pull the plug. */
    char moves[512] = "";
    for (int i = 0; i < 1000; i++) {
        if (file_exists(saved)) {
            sgf_moves(saved, moves, sizeof moves);
            if (!strcmp(moves, ";B[ee];W[ed];B[dd]"))
                break;
        }
        usleep(10000);
    }
    kill(pid, SIGKILL);
    int st;
    waitpid(pid, &st, 0);
    close(pipefd[1]);
    cr_assert(WIFSIGNALED(st), "the program was not killed");
    cr_assert_str_eq(moves, ";B[ee];W[ed];B[dd]");

    /* Start again: the resume prompt, then the same position, then play on. */
    run_t r = play_text(dir, "enter\nsnap resume_prompt\nenter\nsnap resumed\nspace\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "resume_prompt", "resume_prompt");
    check_golden(dir, "resumed", "resumed");
    sgf_moves(saved, moves, sizeof moves);
    cr_assert_str_eq(moves, ";B[ee];W[ed];B[dd];W[]");
}

Test(console_play, escape_keeps_the_game_and_the_menu_resumes_it)
{
    char *dir = scratch("go");
    run_t r = play_text(dir, "enter\nenter\nenter\nescape\nsnap mode_menu_saved\n3\nspace\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "mode_menu_saved", "mode_menu_saved");
    char moves[256];
    sgf_moves(path_join(dir, "save/go.sgf"), moves, sizeof moves);
    cr_assert_str_eq(moves, ";B[ee];W[]");
}

Test(console_play, a_new_game_puts_the_old_save_aside)
{
    char *dir = scratch("go");
    run_t r = play_text(dir, "enter\nenter\nenter\nescape\n1\nup\nenter\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    char moves[256];
    sgf_moves(path_join(dir, "save/go.sgf.bak"), moves, sizeof moves);
    cr_assert_str_eq(moves, ";B[ee]");
    sgf_moves(path_join(dir, "save/go.sgf"), moves, sizeof moves);
    cr_assert_str_eq(moves, ";B[ed]");
}

Test(console_play, discarding_a_save_keeps_it_as_bak)
{
    char *dir = scratch("go");
    run_t r = play_text(dir, "enter\nenter\nenter\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    r = play_text(dir, "enter\nescape\nsnap after_discard\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(!file_exists(path_join(dir, "save/go.sgf")));
    char moves[256];
    sgf_moves(path_join(dir, "save/go.sgf.bak"), moves, sizeof moves);
    cr_assert_str_eq(moves, ";B[ee]");
    /* A second discard does not overwrite the first. */
    r = play_text(dir, "enter\nenter\nup\nenter\n", NULL);
    r = play_text(dir, "enter\nescape\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    sgf_moves(path_join(dir, "save/go.sgf.1.bak"), moves, sizeof moves);
    cr_assert_str_eq(moves, ";B[ed]");
}

Test(console_play, corrupt_save_is_reported_and_kept_aside)
{
    char *dir = scratch("go");
    char *save = path_join(dir, "save");
    mkdir(save, 0755);
    write_text(path_join(save, "go.sgf"), "(;GM[1]FF[4]SZ[9];B[ee];W[ee");
    run_t r = play_text(dir, "enter\nsnap corrupt_notice\nenter\nenter\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(strstr(r.err, "unreadable"), "%s", r.err);
    cr_assert(file_exists(path_join(save, "go.sgf.corrupt")));
    char *kept = read_all(path_join(save, "go.sgf.corrupt"), NULL);
    cr_assert_str_eq(kept, "(;GM[1]FF[4]SZ[9];B[ee];W[ee");
    check_golden(dir, "corrupt_notice", "corrupt_notice");
    /* And a new game went on normally. */
    char moves[256];
    sgf_moves(path_join(save, "go.sgf"), moves, sizeof moves);
    cr_assert_str_eq(moves, ";B[ee]");
}

/* The windowed path (SDL's dummy video driver, real time, the window's
 * event loop) shows the same frames as headless, and quits cleanly when
 * the window is closed (SIGTERM becomes SDL_QUIT). */
Test(console_play, windowed_run_gives_the_same_frames, .timeout = 60)
{
    char *dir = scratch("go");
    char *save = path_join(dir, "save");
    char *script = path_join(dir, "script.txt");
    write_text(script, "snap title\nenter\nsnap mode_menu\n");
    const char *args[] = {"play",       "--game", "go",   "--script", script, "--frames", dir,
                          "--save-dir", save,     NULL};
    const char *env[] = {"SDL_VIDEODRIVER=dummy", "SDL_AUDIODRIVER=dummy", NULL};
    pid_t pid = spawn_tabletop(args, env, -1, path_join(dir, "stderr.txt"));
    char *last = path_join(dir, "mode_menu.png");
    for (int i = 0; i < 1000 && !file_exists(last); i++)
        usleep(10000);
    usleep(100000);
    kill(pid, SIGTERM);
    int status = reap(pid);
    cr_assert_eq(status, 0, "windowed run did not quit cleanly (%d)", status);
    check_golden(dir, "title", "title");
    check_golden(dir, "mode_menu", "mode_menu");
}

/* ---- bad input ---- */

Test(console_play, malformed_script_line_changes_nothing)
{
    char *dir = scratch("go");
    run_t r = play_text(dir, "enter\nenter\nenter\nsnap ok\nfly away\n", NULL);
    cr_assert_eq(r.status, 2);
    cr_assert(strstr(r.err, "line 5"), "%s", r.err);
    cr_assert(!file_exists(path_join(dir, "ok.png")), "a step ran before the error");
    cr_assert(!file_exists(path_join(dir, "save/go.sgf")));
    /* One line of message. */
    cr_assert(strchr(r.err, '\n') == r.err + strlen(r.err) - 1, "%s", r.err);
}

Test(console_play, no_display_says_how_to_run_headless)
{
    char *dir = scratch("go");
    char *save = path_join(dir, "save");
    const char *args[] = {"play", "--game", "go", "--save-dir", save, NULL};
    const char *env[] = {"DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", NULL};
    run_t r = run_tabletop(args, env, NULL);
    cr_assert_eq(r.status, 1, "%s", r.err);
    cr_assert(strstr(r.err, "no display found: run `tabletop play --headless --script FILE "
                            "--frames DIR`, or set DISPLAY"),
              "%s", r.err);
}

Test(console_play, unknown_backend_is_a_clear_error)
{
    const char *args[] = {"play", "--backend", "fpga", "--headless", NULL};
    run_t r = run_tabletop(args, NULL, NULL);
    cr_assert_eq(r.status, 2);
    cr_assert(strstr(r.err, "unknown backend"), "%s", r.err);
}
