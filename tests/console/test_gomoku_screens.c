/*
 * test_gomoku_screens.c - "Chess Club Dream" on the console: the
 * real program run headless with key scripts (`--game gomoku`), checked
 * through its save file (farm.txt, docs/farm.md) after every action, and
 * golden frames of the main screens (tests/data/gomoku/golden).  The
 * numbers expected are seed 002's (§5), not read back from the code.
 *
 * Regenerate the goldens (then LOOK at them):
 *   TABLETOP_UPDATE_GOLDEN=1 meson test -C BUILD console-gomoku
 */
#include "test_gomoku_util.h"
#include "test_gomoku_text.h"

/* The frame dir/snap.png (the caller frees it). */
static uint16_t *snap_frame(const char *dir, const char *snap, int *w, int *h)
{
    char path[4200], err[256];
    snprintf(path, sizeof path, "%s/%s.png", dir, snap);
    uint16_t *f = NULL;
    cr_assert_eq(frame_png_read(path, &f, w, h, err, sizeof err), 0, "%s", err);
    return f;
}

#define BOARD_PVC_EMPTY "skin classic\nmode pvc\nlevel 1\nto-move black\nmoves none\n"

/* The farm's five choices, one run each, the save read after each: seed
 * §5's numbers (eat: 1 coin, +5 stamina; feed: 1 coin, +5; a pig: 2 coins;
 * a grown pig sells for 12), every run resuming the last one's file. */
Test(gomoku_farm, every_action_is_saved)
{
    char *dir = scratch("gomoku");
    /* Feed for the pigs bought: a pig with none is asked about first
     * (test_farm_warnings.c). */
    put_save(dir, 20, 5, 5, "3", 1, 1, BOARD_PVC_EMPTY);
    static const struct {
        const char *script, *step;
        const char *money, *stamina, *feed, *pigs, *grown;
    } steps[] = {
        /* The cursor starts on BUY A PIG; the order is the seed's switch. */
        {"enter\n", "buy a pig", "18", "5", "5", "2", "1"},
        {"down\nenter\n", "sell a pig", "30", "5", "5", "1", "0"},
        {"down\nenter\n", "sell with no grown pig (refused)", "30", "5", "5", "1", "0"},
        {"down\ndown\nenter\n", "eat", "29", "10", "5", "1", "0"},
        {"s\ns\ns\nspace\n", "buy feed (wasd and space, the seed's keys)", "28", "10", "10", "1",
         "0"},
        {"w\nw\nw\nw\nw\nenter\n", "buy a pig after wrapping round", "26", "10", "10", "2",
         "0"},
    };
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        cr_assert_eq(play(dir, steps[i].script), 0, "step %zu", i);
        char *t = save_text(dir);
        expect_field(t, "money", steps[i].money, steps[i].step);
        expect_field(t, "stamina", steps[i].stamina, steps[i].step);
        expect_field(t, "feed", steps[i].feed, steps[i].step);
        expect_field(t, "pigs", steps[i].pigs, steps[i].step);
        expect_field(t, "grown", steps[i].grown, steps[i].step);
        expect_field(t, "state", "playing", steps[i].step);
        free(t);
    }
    /* End the game with 26 coins: not more than 30, YOU DIE (§2.2, fig 5.6),
     * on the second Enter (the first asks). */
    cr_assert_eq(play(dir, "up\nenter\nenter\nsnap die\n"), 0);
    char *t = save_text(dir);
    expect_field(t, "state", "lost-poor", "end game");
    free(t);
    int w, h;
    uint16_t *f = snap_frame(dir, "die", &w, &h);
    cr_expect(text_in_frame(f, w, h, "You ended the game with 30 coins or fewer.", 2) &&
                  text_in_frame(f, w, h, "You needed more than 30", 2),
              "YOU DIE says why and what was needed");
    free(f);
    check_golden(dir, "die", "farm_die");
    /* Any key: a new farm (stamina 5, the rest 0). */
    cr_assert_eq(play(dir, "x\nsnap fresh\n"), 0);
    t = save_text(dir);
    expect_field(t, "money", "0", "a new farm");
    expect_field(t, "stamina", "5", "a new farm");
    expect_field(t, "pigs", "0", "a new farm");
    expect_field(t, "ages", "none", "a new farm");
    expect_field(t, "state", "playing", "a new farm");
    free(t);
    cleanup(dir);
}

/* §5 fig 5.11: more than 30 coins, END GAME: YOU WIN, WIN in stones. */
Test(gomoku_farm, ending_rich_wins)
{
    char *dir = scratch("gomoku");
    put_save(dir, 31, 5, 0, "none", 0, 0, BOARD_PVC_EMPTY);
    cr_assert_eq(play(dir, "up\nenter\nsnap won\n"), 0);
    char *t = save_text(dir);
    expect_field(t, "state", "won", "end game with 31");
    free(t);
    check_golden(dir, "won", "farm_win");
    cleanup(dir);
}

/* §2.2: money below zero at any moment loses: eating with no coin (the
 * first Enter asks, the second eats). */
Test(gomoku_farm, spending_what_you_do_not_have_dies)
{
    char *dir = scratch("gomoku");
    cr_assert_eq(play(dir, "snap start\ndown\ndown\nenter\nsnap ask\nenter\nsnap dead\n"), 0);
    char *t = save_text(dir);
    expect_field(t, "money", "-1", "eat with 0 coins");
    expect_field(t, "state", "lost-money", "eat with 0 coins");
    free(t);
    check_golden(dir, "start", "farm_start");
    check_golden(dir, "ask", "farm_ask_credit");
    int w, h;
    uint16_t *f = snap_frame(dir, "ask", &w, &h);
    cr_expect(text_in_frame(f, w, h, "Enter: buy", 4), "the question on the tile page");
    free(f);
    cleanup(dir);
}

/* A won game against the computer: +5 coins, -2 stamina (§5, fig 5.4),
 * and the board shows WIN in the winner's (Black's) stones (fig 5.3). */
Test(gomoku_board, a_won_game_pays_5)
{
    char *dir = scratch("gomoku");
    /* Black has h8-h11 and plays h12 (the cursor starts on the last stone,
     * a15: right 7, down 3). */
    put_save(dir, 2, 5, 3, "0", 1, 0,
             "skin classic\nmode pvc\nlevel 1\nto-move black\n"
             "moves b:h8 w:a1 b:h9 w:a2 b:h10 w:a3 b:h11 w:a15\n");
    cr_assert_eq(play(dir, "c\nsnap before\nd\nd\nd\nd\nd\nd\nright\ns\ns\ndown\nenter\n"
                           "snap won\nv\nsnap position\n"),
                 0);
    char *t = save_text(dir);
    expect_field(t, "money", "7", "a won game");
    expect_field(t, "stamina", "3", "a won game");
    expect_field(t, "feed", "2", "a won game (the pig ate one)");
    expect_field(t, "ages", "1", "a won game (the pig is a game older)");
    expect_field(t, "games", "1", "a won game");
    cr_expect(strstr(field(t, "moves"), "b:h12"), "moves %s", field(t, "moves"));
    free(t);
    check_golden(dir, "before", "board_pvc");
    check_golden(dir, "won", "board_win");
    check_golden(dir, "position", "board_won_position");
    /* The farm has counted it: undo is refused, the save unchanged. */
    char *before = save_text(dir);
    cr_assert_eq(play(dir, "c\nkey 0x2d\n"), 0);
    char *after = save_text(dir);
    cr_expect_str_eq(after, before, "undo after a counted game changed the save");
    cleanup(dir);
}

/* A lost game: the computer (White, level 1) completes its four on
 * entering the board: -1 coin, -2 stamina (§5, fig 5.5). */
Test(gomoku_board, a_lost_game_costs_1)
{
    char *dir = scratch("gomoku");
    put_save(dir, 3, 5, 0, "none", 0, 0,
             "skin classic\nmode pvc\nlevel 1\nto-move white\n"
             "moves b:a1 w:h8 b:a3 w:h9 b:a5 w:h10 b:a7 w:h11 b:o15\n");
    cr_assert_eq(play(dir, "c\nsnap lost\nc\nsnap farm_after\n"), 0);
    char *t = save_text(dir);
    expect_field(t, "money", "2", "a lost game");
    /* The farm page says what the game cost (§5's numbers). */
    int w, h;
    uint16_t *f = snap_frame(dir, "farm_after", &w, &h);
    cr_expect(text_in_frame(f, w, h, "Game lost: coins -1, stamina -2", 2),
              "the farm's notice after a lost game");
    free(f);
    expect_field(t, "stamina", "3", "a lost game");
    expect_field(t, "games", "1", "a lost game");
    const char *moves = field(t, "moves");
    cr_expect(strstr(moves, "w:h12") || strstr(moves, "w:h7"), "moves %s", moves);
    free(t);
    f = snap_frame(dir, "lost", &w, &h);
    cr_expect(text_in_frame(f, w, h, "You lose: the computer has five.", 1),
              "the status line says the player lost");
    free(f);
    check_golden(dir, "lost", "board_lost");
    cleanup(dir);

    /* With no coin the same loss is "YOU DIE" (money below zero). */
    dir = scratch("gomoku");
    put_save(dir, 0, 5, 0, "none", 0, 0,
             "skin classic\nmode pvc\nlevel 1\nto-move white\n"
             "moves b:a1 w:h8 b:a3 w:h9 b:a5 w:h10 b:a7 w:h11 b:o15\n");
    cr_assert_eq(play(dir, "c\nenter\nsnap dead\n"), 0);
    t = save_text(dir);
    expect_field(t, "money", "-1", "a lost game with 0 coins");
    expect_field(t, "state", "lost-money", "a lost game with 0 coins");
    free(t);
    f = snap_frame(dir, "dead", &w, &h);
    cr_expect(text_in_frame(f, w, h, "Your money fell below zero.", 2) &&
                  text_in_frame(f, w, h, "The lost game cost 1 coin", 2),
              "YOU DIE says why and what did it");
    free(f);
    check_golden(dir, "dead", "farm_die_money");
    cleanup(dir);
}

/* Two players do not touch the farm (the seed calls afterGame only in PVC
 * and CVP). */
Test(gomoku_board, two_player_games_leave_the_farm_alone)
{
    char *dir = scratch("gomoku");
    put_save(dir, 2, 5, 0, "none", 0, 0,
             "skin classic\nmode pvp\nlevel 1\nto-move black\n"
             "moves b:h8 w:a1 b:h9 w:a2 b:h10 w:a3 b:h11 w:a15\n");
    cr_assert_eq(play(dir, "c\nd\nd\nd\nd\nd\nd\nd\ns\ns\ns\nenter\n"), 0);
    char *t = save_text(dir);
    cr_expect(strstr(field(t, "moves"), "b:h12"), "moves %s", field(t, "moves"));
    expect_field(t, "money", "2", "a PVP game");
    expect_field(t, "stamina", "5", "a PVP game");
    expect_field(t, "games", "0", "a PVP game");
    free(t);
    cleanup(dir);
}

/* §3.4.2, §5: 30 s a move; at 0 the turn passes to the other side.  The
 * script's wait lets game time run (and nothing else does). */
Test(gomoku_board, the_clock_passes_the_turn)
{
    char *dir = scratch("gomoku");
    put_save(dir, 5, 5, 0, "none", 0, 0,
             "skin classic\nmode pvp\nlevel 1\nto-move black\nmoves none\n");
    /* Presenting a frame waits for the vertical blank (up to 16.8 ms of game
     * time), so the clock runs a little ahead of the waits: 29 s leaves it. */
    cr_assert_eq(play(dir, "c\nenter\nwait 10000\nsnap clock_20\nwait 19000\n"), 0);
    char *t = save_text(dir);
    expect_field(t, "to-move", "white", "29 s of White's 30");
    expect_field(t, "moves", "b:h8", "29 s");
    free(t);
    check_golden(dir, "clock_20", "board_clock_20");
    cr_assert_eq(play(dir, "c\nwait 30000\nsnap timed_out\n"), 0);
    t = save_text(dir);
    expect_field(t, "to-move", "black", "White's 30 s ran out");
    expect_field(t, "moves", "b:h8", "White's 30 s ran out");
    free(t);
    check_golden(dir, "timed_out", "board_timed_out");
    /* Black plays again: two black stones in a row in the record. */
    cr_assert_eq(play(dir, "c\nright\nenter\n"), 0);
    t = save_text(dir);
    expect_field(t, "moves", "b:h8 b:i8", "Black's stone after the time-out");
    free(t);
    /* Against the computer the time-out makes it move. */
    cleanup(dir);
    dir = scratch("gomoku");
    /* The status line says so through the computer's reply (our skin). */
    put_save(dir, 0, 5, 0, "none", 0, 0, BOARD_PVC_EMPTY);
    cr_assert_eq(play(dir, "c\nwait 30000\nsnap timed_out_pvc\n"), 0);
    t = save_text(dir);
    const char *moves = field(t, "moves");
    cr_expect(!strncmp(moves, "w:", 2) && !strchr(moves, ' '), "moves '%s'", moves);
    expect_field(t, "to-move", "black", "the computer moved after the time-out");
    free(t);
    int w, h;
    uint16_t *f = snap_frame(dir, "timed_out_pvc", &w, &h);
    cr_expect(text_in_frame(f, w, h, "Time! Black lost a turn.", 1),
              "the status line says the turn was lost");
    free(f);
    check_golden(dir, "timed_out_pvc", "board_timed_out_pvc");
    cleanup(dir);
}

/* Undo ('-', the seed's key): two plies against the computer, one with
 * two players. */
Test(gomoku_board, undo_takes_back_two_plies_against_the_computer)
{
    char *dir = scratch("gomoku");
    cr_assert_eq(play(dir, "c\nenter\nenter\n"), 0);
    char *t = save_text(dir);
    const char *moves = field(t, "moves");
    cr_expect(!strncmp(moves, "b:h8 w:", 7) && strlen(moves) <= 11, "moves '%s'", moves);
    free(t);
    cr_assert_eq(play(dir, "c\nkey 0x2d\nsnap undone\n"), 0);
    t = save_text(dir);
    expect_field(t, "moves", "none", "undo against the computer");
    expect_field(t, "to-move", "black", "undo against the computer");
    expect_field(t, "money", "0", "undo");
    expect_field(t, "stamina", "5", "undo");
    free(t);
    cr_assert_eq(play(dir, "c\nkey 0x2d\nsnap nothing\n"), 0);
    check_golden(dir, "nothing", "board_nothing_to_undo");
    /* Two players: one stone. */
    cr_assert_eq(play(dir, "c\nspace\nspace\nsnap pvp\nenter\nright\nenter\nu\n"), 0);
    t = save_text(dir);
    expect_field(t, "mode", "pvp", "two spaces from PVC");
    expect_field(t, "moves", "b:h8", "undo with two players");
    expect_field(t, "to-move", "white", "undo with two players");
    free(t);
    cleanup(dir);
}

/* CVP: the computer is Black and opens (§1.5). */
Test(gomoku_board, cvp_the_computer_opens)
{
    char *dir = scratch("gomoku");
    cr_assert_eq(play(dir, "c\nspace\nsnap cvp\n"), 0);
    char *t = save_text(dir);
    expect_field(t, "mode", "cvp", "space from PVC");
    const char *moves = field(t, "moves");
    cr_expect(!strncmp(moves, "b:", 2) && !strchr(moves, ' '), "moves '%s'", moves);
    expect_field(t, "to-move", "white", "the computer opened");
    free(t);
    check_golden(dir, "cvp", "board_cvp");
    cleanup(dir);
}

/* Renju: Black's double three at h8 (f8 g8 h6 h7, docs/gomoku.md) is
 * refused with a notice; nothing is played or saved. */
Test(gomoku_board, a_forbidden_point_is_refused)
{
    char *dir = scratch("gomoku");
    put_save(dir, 0, 5, 0, "none", 0, 0,
             "skin classic\nmode pvp\nlevel 1\nto-move black\n"
             "moves b:f8 w:a1 b:g8 w:a3 b:h6 w:a5 b:h7 w:a7\n");
    char *before = save_text(dir);
    cr_assert_eq(play(dir, "c\nright\nright\nright\nright\nright\nright\nright\nup\nenter\n"
                           "snap forbidden\n"),
                 0);
    char *after = save_text(dir);
    cr_expect_str_eq(field(after, "moves"), "b:f8 w:a1 b:g8 w:a3 b:h6 w:a5 b:h7 w:a7");
    (void)before;
    check_golden(dir, "forbidden", "board_forbidden");
    cleanup(dir);
}

/* The seed's four tile colours (t) on both pages, remembered in the save. */
Test(gomoku_board, the_tile_skin)
{
    char *dir = scratch("gomoku");
    put_save(dir, 4, 5, 3, "0", 1, 0,
             "skin classic\nmode pvc\nlevel 2\nto-move black\n"
             "moves b:h8 w:g7 b:i9 w:g9\n");
    cr_assert_eq(play(dir, "t\nsnap farm_tiles\nc\nsnap board_tiles\n"), 0);
    char *t = save_text(dir);
    expect_field(t, "skin", "tiles", "t");
    free(t);
    check_golden(dir, "farm_tiles", "farm_tiles");
    check_golden(dir, "board_tiles", "board_tiles");
    cleanup(dir);
}

/* A save that does not parse is kept aside, never deleted, and a new farm
 * starts with a notice. */
Test(gomoku_farm, an_unreadable_save_is_kept_aside)
{
    char *dir = scratch("gomoku");
    put_save(dir, 4, 5, 3, "0 1", 1, 0, BOARD_PVC_EMPTY); /* pigs 1 but two ages */
    cr_assert_eq(play(dir, "snap notice\n"), 0);
    char *aside = path_join(dir, "save/farm.txt.corrupt");
    cr_expect(file_exists(aside), "no farm.txt.corrupt");
    char *kept = read_all(aside, NULL);
    cr_expect(kept && strstr(kept, "ages 0 1"), "the corrupt file was changed");
    char *err = read_all(path_join(dir, "stderr.txt"), NULL);
    cr_expect(err && strstr(err, "unreadable"), "stderr: %s", err ? err : "");
    cr_expect(err && strstr(err, "farm.txt.corrupt; a new farm starts"), "stderr: %s",
              err ? err : "");
    /* The notice on the tile page (the new farm's skin), whole, the file's
     * name as it is spelt (the font has lower case): 4 px a font pixel. */
    int w, h;
    uint16_t *f = snap_frame(dir, "notice", &w, &h);
    cr_expect(text_in_frame(f, w, h, "Unreadable save, kept as", 4), "the notice's first line");
    cr_expect(text_in_frame(f, w, h, "farm.txt.corrupt", 4), "the file's name, lower case");
    free(f);
    check_golden(dir, "notice", "farm_corrupt_notice");
    cleanup(dir);
}

/* Level 3 (the threat search, docs/gomoku.md) answers on the console too,
 * and h lists the module's keys. */
Test(gomoku_board, level_3_answers_and_help_lists_the_keys)
{
    char *dir = scratch("gomoku");
    cr_assert_eq(play(dir, "c\n3\nenter\nenter\nh\nsnap help\n"), 0);
    char *t = save_text(dir);
    expect_field(t, "level", "3", "key 3");
    const char *moves = field(t, "moves");
    cr_expect(!strncmp(moves, "b:h8 w:", 7) && strlen(moves) <= 11, "moves '%s'", moves);
    free(t);
    check_golden(dir, "help", "help_gomoku");
    assert_right_edge_clear(path_join(dir, "help.png"), 70, 440);
    cleanup(dir);
}

/* When farm.txt cannot be written (here it is a folder) the farm page says
 * so and q asks before quitting, since the farm is not on disk. */
Test(gomoku_farm, a_failed_autosave_is_shown_and_q_asks)
{
    char *dir = scratch("gomoku"), *save = path_join(dir, "save"),
         *blocker = path_join(save, "farm.txt");
    mkdir(save, 0755);
    mkdir(blocker, 0755);
    cr_assert_eq(play(dir, "c\nenter\nenter\nc\nsnap failed\nq\nsnap asked\nq\nsnap after\n"), 0);
    struct stat st;
    cr_expect(stat(blocker, &st) == 0 && S_ISDIR(st.st_mode), "the folder was replaced");
    cr_expect(file_exists(path_join(dir, "failed.png")));
    cr_expect(file_exists(path_join(dir, "asked.png")), "the first q quit without asking");
    cr_expect(!file_exists(path_join(dir, "after.png")), "q q did not quit");
    char *err = read_all(path_join(dir, "stderr.txt"), NULL);
    cr_expect(err && strstr(err, "farm autosave to ") && strstr(err, "farm.txt failed: "), "stderr: %s",
              err ? err : "");
    check_golden(dir, "failed", "farm_autosave_failed");
    cleanup(dir);
}
