/* test_c4_frames.c - golden frames of the Connect Four screens: the real
 * program driven by scripts (tests/data/connect4/NAME.script), compared pixel
 * for pixel with tests/data/connect4/golden/NAME.png on the sdl and sim
 * backends; and the Connect Four saves (autosave after every move, resume
 * from the title, Escape keeping the game, undo, a corrupt save kept aside);
 * and Perfect saying on the board when the seed's AI moved for it (issue 54:
 * its text read back off the frame).  TABLETOP_UPDATE_GOLDEN=1 rewrites the
 * goldens (sdl only). */
#include "console_test_util.h"
#include "test_gomoku_text.h" /* text_in_frame: the 5x7 font read back */

/* Runs tests/data/connect4/SCRIPT.script on backend; frames land in a fresh
 * scratch folder, returned. */
static char *run_script(const char *script, const char *backend)
{
    /* "_sdl_" in the folder's name marks frames that may rewrite the goldens. */
    char tag[128], path[4096];
    snprintf(tag, sizeof tag, "c4_frames_%s_%s_", script, backend);
    snprintf(path, sizeof path, "%s/connect4/%s.script", data_dir(), script);
    char *dir = scratch(tag), *save = path_join(dir, "save"),
         *errpath = path_join(dir, "stderr.txt");
    const char *args[] = {"play",     "--headless", "--backend", backend, "--game", "connect4",
                          "--script", path,         "--frames",  dir,     "--save-dir", save,
                          NULL};
    run_t r = run_tabletop(args, NULL, errpath);
    cr_assert_eq(r.status, 0, "%s on %s failed (%d): %s", path, backend, r.status, r.err);
    free(save);
    free(errpath);
    return dir;
}

/* dir/NAME.png against tests/data/connect4/golden/NAME.png. */
static void compare(const char *dir, const char *name)
{
    char got_path[4096], want_path[4096];
    snprintf(got_path, sizeof got_path, "%s/%s.png", dir, name);
    snprintf(want_path, sizeof want_path, "%s/connect4/golden/%s.png", data_dir(), name);
    check_golden_file(got_path, want_path, update_golden() && strstr(dir, "_sdl_"), name);
}

static void check_script(const char *script, const char *backend, const char *const *frames)
{
    char *dir = run_script(script, backend);
    for (int i = 0; frames[i]; i++)
        compare(dir, frames[i]);
    cleanup(dir);
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

/* Runs `tabletop play --game connect4` headless on dir/save with the
 * script text; frames go to dir; stderr is returned (caller frees). */
static char *c4_play_status(const char *dir, const char *script_text, int status)
{
    static const char *const c4[] = {"--game", "connect4", NULL};
    run_t r = play_in(dir, script_text, c4);
    cr_assert_eq(r.status, status, "connect4 script ended with %d, not %d: %s", r.status, status,
                 r.err);
    return strdup(r.err);
}

static char *c4_play(const char *dir, const char *script_text)
{
    return c4_play_status(dir, script_text, 0);
}

/* The "moves" line of a save, or "" if there is none. */
static void save_moves(const char *path, char *out, size_t len)
{
    char *t = read_all(path, NULL);
    out[0] = 0;
    cr_assert(t, "no save at %s", path);
    char *m = strstr(t, "\nmoves ");
    cr_assert(m, "no moves line in %s: %s", path, t);
    m += 7;
    size_t n = strcspn(m, "\n");
    snprintf(out, len, "%.*s", (int)n, m);
    free(t);
}

/* Two players: 4 3 4, Escape.  The save holds the three columns, the title
 * offers Resume (selected) and says the game is saved; a new process
 * resumes it with Enter and the board is the one an uninterrupted game
 * shows. */
Test(c4_saves, escape_keeps_the_game_and_a_new_run_resumes_it)
{
    char *dir = scratch("c4_sdl_");
    free(c4_play(dir, "down\ndown\nenter\n4\n3\n4\nescape\nsnap title_resume\n"));
    compare(dir, "title_resume");
    char *save = path_join(dir, "save/connect4.txt");
    char *text = read_all(save, NULL);
    cr_assert(text, "no connect4.txt after three moves");
    cr_assert(strstr(text, "\nmode two-players\nmoves 434\n"), "%s", text);
    free(c4_play(dir, "enter\n3\nsnap resumed\n"));
    char *ref = scratch("c4_sdl_");
    free(c4_play(ref, "down\ndown\nenter\n4\n3\n4\n3\nsnap uninterrupted\n"));
    same_frames(path_join(dir, "resumed.png"), path_join(ref, "uninterrupted.png"));
    char moves[64];
    save_moves(save, moves, sizeof moves);
    cr_assert_str_eq(moves, "4343");
}

/* Every landed disc is on disk: killed with SIGKILL after the third move,
 * the save has all three. */
Test(c4_saves, killed_mid_game_loses_no_move, .timeout = 60)
{
    char *dir = scratch("c4_sdl_");
    char *save = path_join(dir, "save"), *file = path_join(dir, "save/connect4.txt");
    int pipefd[2];
    cr_assert_eq(pipe(pipefd), 0);
    /* Only this test holds the write end. */
    cr_assert_eq(fcntl(pipefd[1], F_SETFD, FD_CLOEXEC), 0);
    const char *args[] = {"play",     "--game", "connect4", "--headless", "--script", "-",
                          "--save-dir", save,   NULL};
    pid_t pid = spawn_tabletop(args, NULL, pipefd[0], path_join(dir, "stderr.txt"));
    close(pipefd[0]);
    const char keys[] = "down\ndown\nenter\n1\n7\n2\n";
    cr_assert_eq(write(pipefd[1], keys, sizeof keys - 1), (ssize_t)(sizeof keys - 1));
    char moves[64] = "";
    for (int i = 0; i < 1000 && strcmp(moves, "172"); i++) {
        if (file_exists(file))
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
    char *a = scratch("c4_sdl_"), *b = scratch("c4_sdl_");
    free(c4_play(a, "enter\n1\n1\n"));
    free(c4_play(b, "enter\n1\n1\nu\nsnap undone\n"));
    char four[64], two[64];
    save_moves(path_join(a, "save/connect4.txt"), four, sizeof four);
    save_moves(path_join(b, "save/connect4.txt"), two, sizeof two);
    cr_assert_eq(strlen(four), 4, "%s", four);
    cr_assert_eq(strlen(two), 2, "%s", two);
    cr_assert(!strncmp(four, two, 2), "%s is not the start of %s", two, four);
    compare(b, "undone");
    /* Backspace too; and with nothing of the human's left, nothing happens. */
    free(c4_play(b, "enter\nbackspace\nbackspace\n"));
    cr_assert(!file_exists(path_join(b, "save/connect4.txt")), "an empty board is not a save");
}

/* Two players: undo takes back one move, also after the game ended. */
Test(c4_saves, undo_with_two_players_takes_back_one_move)
{
    char *dir = scratch("c4_sdl_");
    free(c4_play(dir, "down\ndown\nenter\n4\n3\n4\n3\n4\n3\n4\nbackspace\n"));
    char moves[64];
    save_moves(path_join(dir, "save/connect4.txt"), moves, sizeof moves);
    cr_assert_str_eq(moves, "434343");
}

/* A finished game is kept as connect4-last.txt with its result; nothing is
 * left to resume. */
Test(c4_saves, a_finished_game_becomes_the_last_game)
{
    char *dir = scratch("c4_sdl_");
    free(c4_play(dir, "down\ndown\nenter\n4\n3\n4\n3\n4\n3\n4\n"));
    cr_assert(!file_exists(path_join(dir, "save/connect4.txt")));
    char *last = read_all(path_join(dir, "save/connect4-last.txt"), NULL);
    cr_assert(last && strstr(last, "\nmoves 4343434\nresult red wins\n"), "%s", last);
}

/* A new game does not overwrite a resumable one: it becomes connect4.txt.bak. */
Test(c4_saves, a_new_game_puts_the_old_save_aside)
{
    char *dir = scratch("c4_sdl_");
    free(c4_play(dir, "down\ndown\nenter\n4\n3\n"));
    free(c4_play(dir, "up\nup\nup\nenter\n6\n")); /* Resume, then up to Two players */
    char moves[64];
    save_moves(path_join(dir, "save/connect4.txt.bak"), moves, sizeof moves);
    cr_assert_str_eq(moves, "43");
    save_moves(path_join(dir, "save/connect4.txt"), moves, sizeof moves);
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
        char *dir = scratch("c4_sdl_"), *save = path_join(dir, "save");
        mkdir(save, 0755);
        write_text(path_join(save, "connect4.txt"), bad[i]);
        char *err = c4_play(dir, "snap title_corrupt\ndown\ndown\nenter\n5\n");
        cr_assert(strstr(err, "unreadable"), "case %zu: %s", i, err);
        cr_assert(strstr(err, "connect4.txt.corrupt"), "case %zu: %s", i, err);
        char *kept = read_all(path_join(save, "connect4.txt.corrupt"), NULL);
        cr_assert(kept && !strcmp(kept, bad[i]), "case %zu: the bytes were not kept", i);
        if (i == 0)
            compare(dir, "title_corrupt");
        char moves[64];
        save_moves(path_join(save, "connect4.txt"), moves, sizeof moves);
        cr_assert_str_eq(moves, "5");
    }
}

/* When the autosave cannot be written (connect4.txt is a folder here), the
 * board says so and Escape does not claim the game was saved. */
Test(c4_saves, a_failed_autosave_is_shown_and_not_called_saved)
{
    char *dir = scratch("c4_sdl_"), *save = path_join(dir, "save");
    mkdir(save, 0755);
    mkdir(path_join(save, "connect4.txt"), 0755);
    /* The script ends with the game in progress and not on disk: exit 1,
     * said in a last line (docs/play.md, "Saves"). */
    char *err = c4_play_status(dir, "down\ndown\nenter\n4\nsnap save_failed\nescape\n"
                                    "snap title_not_saved\nenter\n3\n", 1);
    cr_assert(strstr(err, "autosave to ") && strstr(err, "connect4.txt failed"), "%s", err);
    cr_assert(strstr(err, "not saved"), "%s", err);
    compare(dir, "save_failed");
    compare(dir, "title_not_saved");
}

/* ---- Perfect says when it was not exact (issue 54) ---- */

/* 1 when text is drawn anywhere in the frame dir/NAME.png at scale. */
static int frame_says(const char *dir, const char *name, const char *text, int scale)
{
    char path[4096], err[512];
    snprintf(path, sizeof path, "%s/%s.png", dir, name);
    uint16_t *px = NULL;
    int w, h;
    cr_assert_eq(frame_png_read(path, &px, &w, &h, err, sizeof err), 0, "%s", err);
    int found = text_in_frame(px, w, h, text, scale);
    free(px);
    return found;
}

/* You open in column 1: a position Perfect's book does not hold, and one
 * disc is far beyond what the solver answers within its budget
 * (docs/connect4.md, "The opening book").  What must be shown, stated here
 * and not taken from the program: the menu item does not claim "(exact)"
 * and names the stand-in; after the seed's AI answered for Perfect, the line
 * under the board says so and names its column (read from the save), and
 * the title says the game is not exact.  Goldens of both frames as well. */
Test(c4_perfect, a_move_the_seed_s_ai_made_for_perfect_is_said_on_the_board, .timeout = 120)
{
    char *dir = scratch("c4_sdl_");
    char *err = c4_play(dir, "down\ndown\ndown\nsnap perfect_menu\nenter\n1\nsnap perfect_fallback\n");
    cr_assert(strstr(err, "the seed's AI moves instead"), "%s", err);
    cr_expect(frame_says(dir, "perfect_menu", "You first vs Perfect (or FPGA)", 3));
    cr_expect_not(frame_says(dir, "perfect_menu", "You first vs Perfect (exact)", 3));
    char moves[64];
    save_moves(path_join(dir, "save/connect4.txt"), moves, sizeof moves);
    cr_assert_eq(strlen(moves), 2, "%s", moves);
    cr_assert_eq(moves[0], '1', "%s", moves);
    char *save = read_all(path_join(dir, "save/connect4.txt"), NULL);
    cr_expect(save && strstr(save, "\nfallbacks 2\n"), "%s", save);
    char notice[128];
    snprintf(notice, sizeof notice,
             "Perfect had no exact answer in time: the FPGA's AI played column %c", moves[1]);
    cr_expect(frame_says(dir, "perfect_fallback", notice, 1), "no '%s' under the board", notice);
    cr_expect(frame_says(dir, "perfect_fallback", "vs PERFECT (NOT EXACT THIS GAME)", 2));
    cr_expect_not(frame_says(dir, "perfect_fallback", "CONNECT FOUR vs PERFECT", 2));
    compare(dir, "perfect_menu");
    compare(dir, "perfect_fallback");
    free(save);
    free(err);
}

/* You open in the centre: Perfect answers from its book, its own move, and
 * nothing on the board says otherwise. */
Test(c4_perfect, a_book_move_shows_no_fallback)
{
    char *dir = scratch("c4_sdl_");
    char *err = c4_play(dir, "down\ndown\ndown\nenter\n4\nsnap perfect_book\n");
    cr_assert_null(strstr(err, "instead"), "%s", err);
    char *save = read_all(path_join(dir, "save/connect4.txt"), NULL);
    cr_assert(save && !strstr(save, "fallbacks"), "%s", save);
    cr_expect(frame_says(dir, "perfect_book", "CONNECT FOUR vs PERFECT", 2));
    cr_expect_not(frame_says(dir, "perfect_book", "NOT EXACT", 2));
    cr_expect_not(frame_says(dir, "perfect_book", "Perfect had no exact answer", 1));
    cr_expect_not(frame_says(dir, "perfect_book", "The FPGA's AI made", 1));
    compare(dir, "perfect_book");
    free(save);
    free(err);
}
