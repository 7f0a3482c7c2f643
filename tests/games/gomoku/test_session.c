/*
 * test_session.c - Gomoku's console session (games/gomoku/session.h) as
 * whole games without a frame: fives, renju's forbidden points, undo, the
 * 30 s clock, what the farm gains (seed 002 §5's numbers), and farm.txt's
 * record (docs/farm.md's example, byte for byte) through the console's
 * key/value reader and writer.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "console/save.h"
#include "games/gomoku/session.h"

#define SEC 1000000ull

static int pt(const char *name)
{
    int p;
    cr_assert_eq(gomoku_point_parse(name, &p), GOMOKU_OK, "bad point %s", name);
    return p;
}

/* The player's stone at name; must be played. */
static void play(gomoku_session_t *s, const char *name, gomoku_session_end_t *end)
{
    gomoku_session_status_t st = gomoku_session_play(s, pt(name), 0, NULL, end);
    cr_assert_eq(st, GOMOKU_SESSION_OK, "%s refused (%d)", name, st);
}

/* The computer's stone at name; must be played. */
static void play_ai(gomoku_session_t *s, const char *name, gomoku_session_end_t *end)
{
    gomoku_session_status_t st = gomoku_session_play_ai(s, pt(name), 0, end);
    cr_assert_eq(st, GOMOKU_SESSION_OK, "computer's %s refused (%d)", name, st);
}

/* Two players: Black's five on the bottom row wins; the farm does not count
 * a game without the computer. */
Test(gomoku_session, a_five_wins_in_pvp_and_the_farm_stays)
{
    gomoku_session_t s;
    gomoku_session_init(&s);
    cr_assert_eq(gomoku_session_set_mode(&s, GOMOKU_MODE_PVP, 0), GOMOKU_SESSION_OK);
    farm_t before = s.farm;
    static const char *const moves[] = {"a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2"};
    gomoku_session_end_t end;
    for (int i = 0; i < 8; i++) {
        play(&s, moves[i], &end);
        cr_expect_eq(end.winner, 0, "over after %s", moves[i]);
    }
    cr_expect_eq(gomoku_session_play(&s, pt("a1"), 0, NULL, NULL), GOMOKU_SESSION_TAKEN);
    play(&s, "e1", &end);
    cr_expect_eq(end.winner, GOMOKU_BLACK);
    cr_expect_eq(end.counted, 0);
    cr_expect(gomoku_session_over(&s));
    cr_expect_eq(s.game.end, GOMOKU_END_FIVE);
    cr_expect_eq(memcmp(&s.farm, &before, sizeof before), 0, "a PVP game changed the farm");
    cr_expect_eq(gomoku_session_play(&s, pt("o15"), 0, NULL, NULL), GOMOKU_SESSION_OVER);
}

/* Seed 002 §5, figs 5.4-5.5: a game won against the computer (stamina 5 -> 3,
 * money 0 -> 5), then one lost (stamina 1, money 4). */
Test(gomoku_session, the_farm_counts_a_win_then_a_loss)
{
    gomoku_session_t s;
    gomoku_session_init(&s);
    cr_assert_eq(s.mode, GOMOKU_MODE_PVC, "the console starts against the computer");
    cr_assert_eq(gomoku_session_ai_color(&s), GOMOKU_WHITE);
    gomoku_session_end_t end;
    static const char *const me[] = {"a1", "b1", "c1", "d1"}, *const ai[] = {"a3", "b3", "c3", "d3"};
    for (int i = 0; i < 4; i++) {
        play(&s, me[i], &end);
        cr_assert(gomoku_session_ai_turn(&s));
        play_ai(&s, ai[i], &end);
    }
    play(&s, "e1", &end);
    cr_expect_eq(end.winner, GOMOKU_BLACK);
    cr_expect_eq(end.counted, 1);
    cr_expect_eq(end.outcome, FARM_GAME_WON);
    cr_expect_eq(s.farm.stamina, 3);
    cr_expect_eq(s.farm.money, 5);
    cr_expect_eq(s.farm.games, 1);
    /* A counted game cannot be taken back. */
    cr_expect_eq(gomoku_session_undo(&s, 0, NULL, NULL), GOMOKU_SESSION_COUNTED);

    /* The computer plays Black now and makes five down the a file. */
    cr_assert_eq(gomoku_session_set_mode(&s, GOMOKU_MODE_CVP, 0), GOMOKU_SESSION_OK);
    cr_expect_eq(s.game.moves, 0, "a new mode is a new game");
    static const char *const ai2[] = {"a1", "a2", "a3", "a4"}, *const me2[] = {"o1", "o2", "o3", "o4"};
    for (int i = 0; i < 4; i++) {
        cr_assert(gomoku_session_ai_turn(&s));
        play_ai(&s, ai2[i], &end);
        play(&s, me2[i], &end);
    }
    play_ai(&s, "a5", &end);
    cr_expect_eq(end.winner, GOMOKU_BLACK);
    cr_expect_eq(end.outcome, FARM_GAME_LOST);
    cr_expect_eq(s.farm.stamina, 1);
    cr_expect_eq(s.farm.money, 4);
    cr_expect_eq(s.farm.state, FARM_PLAYING);
}

/* Renju: h8 would make two open threes for Black (h8-h9-h10 up the h file,
 * h8-i8-j8 along row 8): refused with the shape named, nothing changed. */
Test(gomoku_session, a_double_three_is_refused_to_black)
{
    gomoku_session_t s;
    gomoku_session_init(&s);
    gomoku_session_set_mode(&s, GOMOKU_MODE_PVP, 0);
    static const char *const moves[] = {"h9", "a1", "h10", "a3", "i8", "a5", "j8", "a7"};
    for (int i = 0; i < 8; i++)
        play(&s, moves[i], NULL);
    gomoku_t before = s.game;
    gomoku_forbid_t why = GOMOKU_FORBID_NONE;
    cr_expect_eq(gomoku_session_play(&s, pt("h8"), 0, &why, NULL), GOMOKU_SESSION_FORBIDDEN);
    cr_expect_eq(why, GOMOKU_FORBID_DOUBLE_THREE);
    cr_expect_eq(memcmp(&s.game, &before, sizeof before), 0, "a refused stone changed the game");
    /* White may take the point; Black plays elsewhere first. */
    play(&s, "o15", NULL);
    play(&s, "h8", NULL);
    cr_expect_eq(gomoku_at(&s.game, pt("h8")), GOMOKU_WHITE);
}

/* Undo: one stone between two players, two against the computer (its
 * answer and the player's stone), none when the player has no stone. */
Test(gomoku_session, undo_takes_back_the_players_last_stone)
{
    gomoku_session_t s;
    gomoku_session_init(&s);
    int taken = 0, point = -1;
    cr_expect_eq(gomoku_session_undo(&s, 0, &taken, &point), GOMOKU_SESSION_NOTHING);
    play(&s, "h8", NULL);
    play_ai(&s, "h9", NULL);
    play(&s, "i9", NULL);
    play_ai(&s, "g7", NULL);
    cr_assert_eq(gomoku_session_undo(&s, 0, &taken, &point), GOMOKU_SESSION_OK);
    cr_expect_eq(taken, 2);
    cr_expect_eq(point, pt("i9"), "the cursor goes to the player's stone");
    cr_expect_eq(s.game.moves, 2);
    cr_expect_eq(s.game.to_move, GOMOKU_BLACK);
    /* The computer has not answered yet: one stone. */
    play(&s, "j10", NULL);
    cr_assert_eq(gomoku_session_undo(&s, 0, &taken, &point), GOMOKU_SESSION_OK);
    cr_expect_eq(taken, 1);
    cr_expect_eq(point, pt("j10"));

    gomoku_session_set_mode(&s, GOMOKU_MODE_PVP, 0);
    play(&s, "h8", NULL);
    play(&s, "h9", NULL);
    cr_assert_eq(gomoku_session_undo(&s, 0, &taken, &point), GOMOKU_SESSION_OK);
    cr_expect_eq(taken, 1);
    cr_expect_eq(s.game.to_move, GOMOKU_WHITE);

    /* The computer opened as Black: the player has nothing to take back. */
    gomoku_session_set_mode(&s, GOMOKU_MODE_CVP, 0);
    play_ai(&s, "h8", NULL);
    cr_expect_eq(gomoku_session_undo(&s, 0, &taken, &point), GOMOKU_SESSION_NOTHING);
    cr_expect_eq(s.game.moves, 1);
}

/* Seed 002 §3.4.2: 30 seconds a move, shown rounded up; at 30 s the turn
 * passes to the other side without a stone, and its 30 s begin. */
Test(gomoku_session, the_clock_passes_the_turn_after_30_seconds)
{
    gomoku_session_t s;
    gomoku_session_init(&s);
    gomoku_session_set_mode(&s, GOMOKU_MODE_PVP, 0);
    int secs = 0;
    cr_expect_eq(gomoku_session_clock(&s, 5 * SEC, &secs), 0);
    cr_expect_eq(secs, 25);
    gomoku_session_new_game(&s, 100 * SEC);
    cr_expect_eq(gomoku_session_clock(&s, 100 * SEC, &secs), 0);
    cr_expect_eq(secs, 30);
    cr_expect_eq(gomoku_session_clock(&s, 100 * SEC + SEC / 2, &secs), 0);
    cr_expect_eq(secs, 30);
    cr_expect_eq(gomoku_session_clock(&s, 101 * SEC, &secs), 0);
    cr_expect_eq(secs, 29);
    cr_expect_eq(gomoku_session_clock(&s, 130 * SEC - 1, &secs), 0);
    cr_expect_eq(secs, 1);
    cr_expect_eq(s.game.to_move, GOMOKU_BLACK);
    cr_expect_eq(gomoku_session_clock(&s, 130 * SEC, &secs), 1, "Black's 30 s are up");
    cr_expect_eq(s.game.to_move, GOMOKU_WHITE);
    cr_expect_eq(s.game.moves, 0, "a lost turn plays no stone");
    cr_expect_eq(gomoku_session_clock(&s, 131 * SEC, &secs), 0);
    cr_expect_eq(secs, 29, "White's clock started when Black's ran out");
    /* A stone restarts the clock for the other side. */
    cr_assert_eq(gomoku_session_play(&s, pt("h8"), 140 * SEC, NULL, NULL), GOMOKU_SESSION_OK);
    cr_expect_eq(gomoku_session_clock(&s, 169 * SEC, &secs), 0);
    cr_expect_eq(secs, 1);
    /* No clock before a start, nor after the end. */
    gomoku_session_init(&s);
    cr_expect_eq(gomoku_session_clock(&s, 500 * SEC, &secs), 0);
    cr_expect_eq(secs, -1);
}

/* Out-of-range settings are refused and change nothing. */
Test(gomoku_session, bad_settings_change_nothing)
{
    gomoku_session_t s;
    gomoku_session_init(&s);
    play(&s, "h8", NULL);
    cr_expect_eq(gomoku_session_set_level(&s, 0), GOMOKU_SESSION_RANGE);
    cr_expect_eq(gomoku_session_set_level(&s, 4), GOMOKU_SESSION_RANGE);
    cr_expect_eq(gomoku_session_set_mode(&s, GOMOKU_MODES, 0), GOMOKU_SESSION_RANGE);
    cr_expect_eq(gomoku_session_set_skin(&s, -1), GOMOKU_SESSION_RANGE);
    cr_expect_eq(s.level, 1);
    cr_expect_eq(s.mode, GOMOKU_MODE_PVC);
    cr_expect_eq(s.game.moves, 1, "a refused mode started a new game");
    cr_expect_eq(gomoku_session_play(&s, -1, 0, NULL, NULL), GOMOKU_SESSION_RANGE);
    cr_expect_eq(gomoku_session_play(&s, GOMOKU_CELLS, 0, NULL, NULL), GOMOKU_SESSION_RANGE);
    cr_expect_eq(gomoku_session_set_level(&s, 3), GOMOKU_SESSION_OK);
    cr_expect_eq(s.level, 3);
}

/* ---- the record ---- */

/* docs/farm.md's example of farm.txt, as the console writes it. */
static const char farm_doc_example[] =
    "# tabletop farm (docs/farm.md), saved after every action.\n"
    "# pigs counts the grown ones too; ages: games each pig has lived,\n"
    "# oldest first (grown at 3).\n"
    "money 12\n"
    "stamina 3\n"
    "feed 4\n"
    "pigs 2\n"
    "grown 1\n"
    "ages 3 1\n"
    "games 5\n"
    "starved 0\n"
    "state playing\n"
    "# the Gomoku board: b:/w: the stones in the order played\n"
    "skin classic\n"
    "mode pvc\n"
    "level 1\n"
    "to-move white\n"
    "moves b:h8 w:g7 b:j9\n";

static int read_record(gomoku_session_t *s, const char *text, char *err, size_t errlen)
{
    static gomoku_session_reader_t r;
    gomoku_session_read_begin(&r);
    if (save_kv_parse(text, gomoku_session_take, &r, err, errlen) != 0)
        return -1;
    return gomoku_session_read_end(&r, s, err, errlen);
}

Test(gomoku_record, the_docs_example_byte_for_byte_and_back)
{
    gomoku_session_t s;
    gomoku_session_init(&s);
    s.farm.money = 12;
    s.farm.stamina = 3;
    s.farm.feed = 4;
    s.farm.pigs = 2;
    s.farm.age[0] = 3;
    s.farm.age[1] = 1;
    s.farm.games = 5;
    gomoku_session_set_skin(&s, GOMOKU_SKIN_CLASSIC);
    play(&s, "h8", NULL);
    play_ai(&s, "g7", NULL);
    play(&s, "j9", NULL);
    char *text = save_kv_format(GOMOKU_SESSION_RECORD_HEADER, gomoku_session_emit, &s);
    cr_assert(text);
    cr_expect_str_eq(text, farm_doc_example);
    free(text);

    gomoku_session_t back;
    gomoku_session_init(&back);
    char err[160] = "";
    cr_assert_eq(read_record(&back, farm_doc_example, err, sizeof err), 0, "%s", err);
    cr_expect_eq(memcmp(&back.farm, &s.farm, sizeof s.farm), 0);
    cr_expect_eq(back.game.moves, 3);
    cr_expect_eq(back.game.to_move, GOMOKU_WHITE);
    cr_expect_eq(gomoku_at(&back.game, pt("g7")), GOMOKU_WHITE);
    cr_expect_eq(back.skin, GOMOKU_SKIN_CLASSIC);
    cr_expect_eq(back.mode, GOMOKU_MODE_PVC);
    cr_expect_eq(back.level, 1);
    cr_expect_eq(back.clock_running, 0, "a resumed game's clock waits for the board");
}

/* A turn lost on the clock shows as two stones of one colour and comes
 * back as a pass; an empty board is "moves none". */
Test(gomoku_record, a_lost_turn_and_an_empty_board)
{
    gomoku_session_t s;
    gomoku_session_init(&s);
    gomoku_session_set_mode(&s, GOMOKU_MODE_PVP, 0);
    int secs;
    play(&s, "h8", NULL);
    cr_assert_eq(gomoku_session_clock(&s, 30 * SEC, &secs), 1);
    play(&s, "h9", NULL);
    char *text = save_kv_format(NULL, gomoku_session_emit, &s);
    cr_assert(text);
    cr_expect(strstr(text, "\nmode pvp\nlevel 1\nto-move white\nmoves b:h8 b:h9\n"), "%s", text);
    gomoku_session_t back;
    gomoku_session_init(&back);
    char err[160] = "";
    cr_assert_eq(read_record(&back, text, err, sizeof err), 0, "%s", err);
    free(text);
    cr_expect_eq(back.game.moves, 2);
    cr_expect_eq(back.game.to_move, GOMOKU_WHITE);
    cr_expect_eq(gomoku_at(&back.game, pt("h9")), GOMOKU_BLACK);

    gomoku_session_new_game(&s, 0);
    text = save_kv_format(NULL, gomoku_session_emit, &s);
    cr_expect(strstr(text, "\nto-move black\nmoves none\n"), "%s", text);
    free(text);
}

/* A damaged record is refused with the reason the console logs, and the
 * session is left as it was.  The farm's faults come first, with their line. */
Test(gomoku_record, damaged_records_are_refused_with_their_reason)
{
    static const char farm_ok[] = "money 1\nstamina 5\nfeed 0\npigs 0\ngrown 0\nages none\n"
                                  "games 0\nstarved 0\nstate playing\n";
    static const struct {
        const char *board; /* after farm_ok */
        const char *why;
    } cases[] = {
        {"skin tiles\nmode pvc\nlevel 1\nto-move black\n", "no 'moves' line"},
        {"skin plaid\nmode pvc\nlevel 1\nto-move black\nmoves none\n", "unknown skin 'plaid'"},
        {"skin tiles\nmode pvp\nlevel 4\nto-move black\nmoves none\n",
         "level must be 1, 2 or 3, not '4'"},
        {"skin tiles\nmode pvp\nlevel 1\nto-move red\nmoves none\n",
         "to-move must be black or white"},
        {"skin tiles\nmode pvp\nlevel 1\nto-move black\nmoves b:h8 x:h9\n",
         "bad move 'x:h9' (b:h8 or w:h8)"},
        /* h8 is Black's double three once h9, h10, i8, j8 are Black's. */
        {"skin tiles\nmode pvp\nlevel 1\nto-move white\n"
         "moves b:h9 w:a1 b:h10 w:a3 b:i8 w:a5 b:j8 w:a7 b:h8\n",
         "move 'b:h8' is forbidden to Black"},
        {"skin tiles\nmode pvp\nlevel 1\nto-move black\nmoves b:h8 w:h8\n",
         "move 'w:h8' cannot be played"},
        /* Black's five on the bottom row ends the game: White is to move. */
        {"skin tiles\nmode pvp\nlevel 1\nto-move white\n"
         "moves b:a1 w:a2 b:b1 w:b2 b:c1 w:c2 b:d1 w:d2 b:e1 b:o15\n",
         "move 'b:o15' after the end of the game"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[1024], err[160] = "";
        snprintf(text, sizeof text, "%s%s", farm_ok, cases[i].board);
        gomoku_session_t s, before;
        gomoku_session_init(&s);
        s.farm.money = 77;
        before = s;
        cr_expect_eq(read_record(&s, text, err, sizeof err), -1, "case %zu accepted", i);
        cr_expect_str_eq(err, cases[i].why, "case %zu", i);
        cr_expect_eq(memcmp(&s, &before, sizeof s), 0, "case %zu changed the session", i);
    }
    /* The board's fault on line 1, the farm's on line 3: the farm's is told. */
    char err[160] = "";
    gomoku_session_t s;
    gomoku_session_init(&s);
    cr_expect_eq(read_record(&s,
                             "skin plaid\nmoney 1\nmoney 2\nstamina 5\nfeed 0\npigs 0\ngrown 0\n"
                             "ages none\ngames 0\nstarved 0\nstate playing\n",
                             err, sizeof err),
                 -1);
    cr_expect_str_eq(err, "line 3: 'money' again");
    cr_expect_eq(read_record(&s, "money 1\nstamina 5\nfeed 0\npigs 1\ngrown 0\nages 0 x\n", err,
                             sizeof err),
                 -1);
    cr_expect_str_eq(err, "line 6: bad ages '0'", "a bad list of ages is named by its first");
}
