/*
 * test_session.c - the Connect Four session without a frame: whole games
 * (a vertical and a diagonal four, a draw on a full board), the disc's fall
 * at 40 ms a row (docs/connect4.md), undo against the computer and between
 * two players, suspend and resume, Perfect's moves that the seed's AI made
 * (issue 54), and the connect4.txt record through the
 * console's key/value reader and writer: its exact text (docs/connect4.md)
 * and each corrupt record refused with the message players have seen.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "console/save.h"
#include "games/connect4/session.h"

/* Game time of the test's clock; every drop lands before the next. */
static uint64_t now_us;

/* Drops a disc in column (1-7) and lets it fall until it lands. */
static void play_col(c4_session_t *s, int column)
{
    cr_assert_eq(c4_session_drop(s, column - 1, now_us), C4_OK, "column %d", column);
    for (int step = 0; step <= C4_ROWS; step++) {
        now_us += C4_SESSION_ROW_US;
        if (c4_session_fall(s, now_us) == C4_FALL_LANDED)
            return;
    }
    cr_assert_fail("the disc in column %d never landed", column);
}

/* Plays moves ("4453": columns 1-7) one disc at a time; every disc but the
 * last leaves the game going on. */
static void play_all(c4_session_t *s, const char *moves)
{
    for (const char *m = moves; *m; m++) {
        cr_assert_eq(c4_session_result(s), C4_RESULT_NONE, "over before move %d of %s",
                     (int)(m - moves) + 1, moves);
        play_col(s, *m - '0');
    }
}

/* The columns played, as the record writes them. */
static void moves_of(const c4_session_t *s, char *out)
{
    for (int i = 0; i < s->game.moves; i++)
        out[i] = (char)('1' + s->game.history[i]);
    out[s->game.moves] = 0;
}

Test(c4_session, a_vertical_four_ends_the_game)
{
    c4_session_t s;
    c4_session_init(&s);
    c4_session_new_game(&s, C4_MODE_TWO_PLAYERS);
    cr_assert_eq(s.phase, C4_PHASE_PLAY);
    cr_assert(c4_session_human_to_move(&s));
    play_all(&s, "1212121");
    cr_assert_eq(s.phase, C4_PHASE_OVER);
    cr_assert_eq(c4_session_result(&s), C4_RESULT_RED_WINS);
    /* Column 1, rows 1-4 from the bottom. */
    for (int k = 0; k < 4; k++) {
        int r = s.game.win_cells[k][0], c = s.game.win_cells[k][1];
        cr_assert_eq(c, 0, "cell %d at column %d", k, c + 1);
        cr_assert(r >= 0 && r <= 3, "cell %d at row %d", k, r + 1);
    }
    cr_assert_not(c4_session_human_to_move(&s), "nobody moves after a four");
    cr_assert_neq(c4_session_drop(&s, 3, now_us), C4_OK);
    c4_session_free(&s);
}

/* Red on (1,1) (2,2) (3,3) (4,4), columns and rows from 1 at the bottom
 * left; the computer (yellow) answers with the test's columns. */
Test(c4_session, a_diagonal_four_wins_against_the_computer)
{
    static const char moves[] = "12233434474";
    c4_session_t s;
    c4_session_init(&s);
    c4_session_new_game(&s, C4_MODE_YOU_FIRST);
    cr_assert_eq(s.ai_side, C4_P2);
    for (int i = 0; moves[i]; i++) {
        if (i % 2) {
            cr_assert(s.ai_pending, "the computer's turn at move %d", i + 1);
            cr_assert_not(c4_session_human_to_move(&s));
        } else {
            cr_assert_not(s.ai_pending, "the player's turn at move %d", i + 1);
            cr_assert(c4_session_human_to_move(&s));
        }
        play_col(&s, moves[i] - '0');
    }
    cr_assert_eq(c4_session_result(&s), C4_RESULT_YOU_WIN);
    cr_assert_not(s.ai_pending);
    int seen[4] = {0};
    for (int k = 0; k < 4; k++) {
        int r = s.game.win_cells[k][0], c = s.game.win_cells[k][1];
        cr_assert_eq(r, c, "cell (%d, %d) is off the diagonal", r + 1, c + 1);
        cr_assert(r >= 0 && r < 4);
        seen[r] = 1;
    }
    cr_assert(seen[0] && seen[1] && seen[2] && seen[3]);
    c4_session_free(&s);
}

Test(c4_session, the_computer_can_win_and_moves_first_when_asked)
{
    c4_session_t s;
    c4_session_init(&s);
    c4_session_new_game(&s, C4_MODE_AI_FIRST);
    cr_assert_eq(s.ai_side, C4_P1);
    cr_assert(s.ai_pending, "the computer opens");
    play_all(&s, "1212121");
    cr_assert_eq(c4_session_result(&s), C4_RESULT_AI_WINS);
    c4_session_free(&s);
}

/* 42 discs and no four anywhere: checked disc by disc by play_all. */
Test(c4_session, a_full_board_without_a_four_is_a_draw)
{
    static const char moves[] = "257771314744647214154617633623313656555222";
    cr_assert_eq(strlen(moves), C4_CELLS);
    c4_session_t s;
    c4_session_init(&s);
    c4_session_new_game(&s, C4_MODE_TWO_PLAYERS);
    play_all(&s, moves);
    cr_assert_eq(s.game.moves, C4_CELLS);
    cr_assert_eq(s.game.winner, 0);
    cr_assert_eq(c4_session_result(&s), C4_RESULT_DRAW);
    cr_assert_eq(s.phase, C4_PHASE_OVER);
    c4_session_free(&s);
}

/* 40 ms of game time a row: dropped into an empty column the disc shows
 * above the board, then rows 6..1, and is played after six rows. */
Test(c4_session, a_disc_falls_one_row_every_40_ms)
{
    c4_session_t s;
    c4_session_init(&s);
    c4_session_new_game(&s, C4_MODE_TWO_PLAYERS);
    cr_assert_eq(c4_session_drop(&s, 2, 1000), C4_OK);
    cr_assert(s.falling);
    cr_assert_eq(s.fall_shown, C4_ROWS);
    cr_assert_eq(c4_session_fall(&s, 1000 + 39999), C4_FALL_NONE);
    cr_assert_eq(c4_session_fall(&s, 1000 + 40000), C4_FALL_MOVED);
    cr_assert_eq(s.fall_shown, 5);
    cr_assert_eq(c4_session_fall(&s, 1000 + 200000), C4_FALL_MOVED);
    cr_assert_eq(s.fall_shown, 1);
    cr_assert_eq(s.game.moves, 0, "not played before it lands");
    cr_assert_eq(c4_session_fall(&s, 1000 + 239999), C4_FALL_NONE);
    cr_assert_eq(c4_session_fall(&s, 1000 + 240000), C4_FALL_LANDED);
    cr_assert_not(s.falling);
    cr_assert_eq(s.game.moves, 1);
    cr_assert_eq(s.game.cell[0][2], C4_P1);
    /* On a disc, one row less to fall: lands after five. */
    cr_assert_eq(c4_session_drop(&s, 2, 500000), C4_OK);
    cr_assert_eq(s.fall_row, 1);
    cr_assert_eq(c4_session_fall(&s, 500000 + 199999), C4_FALL_MOVED);
    cr_assert_eq(c4_session_fall(&s, 500000 + 200000), C4_FALL_LANDED);
    cr_assert_eq(s.game.cell[1][2], C4_P2);
    /* A full column is refused and nothing changes. */
    play_all(&s, "3333");
    cr_assert_eq(c4_session_drop(&s, 2, now_us), C4_ERR_FULL);
    cr_assert_not(s.falling);
    cr_assert_eq(c4_session_drop(&s, 7, now_us), C4_ERR_RANGE);
    c4_session_free(&s);
}

Test(c4_session, undo_against_the_computer_takes_two_plies)
{
    c4_session_t s;
    c4_session_init(&s);
    c4_session_new_game(&s, C4_MODE_YOU_FIRST);
    cr_assert_eq(c4_session_undo(&s), 0, "nothing to take back on an empty board");
    play_all(&s, "4315");
    cr_assert_eq(c4_session_undoable(&s), 2);
    cr_assert_eq(c4_session_undo(&s), 2);
    char moves[C4_CELLS + 1];
    moves_of(&s, moves);
    cr_assert_str_eq(moves, "43");
    cr_assert(c4_session_human_to_move(&s));
    cr_assert_eq(c4_session_undo(&s), 2);
    cr_assert_eq(s.game.moves, 0);
    /* The player's four ended the game: only that disc comes back. */
    play_all(&s, "1212121");
    cr_assert_eq(s.phase, C4_PHASE_OVER);
    cr_assert_eq(c4_session_undo(&s), 1);
    cr_assert_eq(s.phase, C4_PHASE_PLAY);
    cr_assert_eq(s.game.moves, 6);
    cr_assert(c4_session_human_to_move(&s));
    c4_session_free(&s);
}

Test(c4_session, undo_when_the_computer_opened_keeps_its_first_disc)
{
    c4_session_t s;
    c4_session_init(&s);
    c4_session_new_game(&s, C4_MODE_AI_FIRST);
    play_col(&s, 4);
    cr_assert_eq(c4_session_undoable(&s), 0);
    cr_assert_eq(c4_session_undo(&s), 0);
    cr_assert_eq(s.game.moves, 1);
    play_all(&s, "33");
    cr_assert_eq(c4_session_undo(&s), 2);
    cr_assert_eq(s.game.moves, 1);
    c4_session_free(&s);
}

Test(c4_session, undo_with_two_players_takes_one_move_also_after_the_end)
{
    c4_session_t s;
    c4_session_init(&s);
    c4_session_new_game(&s, C4_MODE_TWO_PLAYERS);
    play_all(&s, "4343434");
    cr_assert_eq(c4_session_result(&s), C4_RESULT_RED_WINS);
    cr_assert_not(c4_session_in_progress(&s), "a finished game is not lost");
    cr_assert_eq(c4_session_undo(&s), 1);
    char moves[C4_CELLS + 1];
    moves_of(&s, moves);
    cr_assert_str_eq(moves, "434343");
    cr_assert_eq(c4_session_result(&s), C4_RESULT_NONE);
    cr_assert_eq(s.game.to_move, C4_P1);
    c4_session_free(&s);
}

Test(c4_session, suspend_keeps_a_game_in_progress_only)
{
    c4_session_t s;
    c4_session_init(&s);
    c4_session_new_game(&s, C4_MODE_PERFECT_FIRST);
    cr_assert_not(c4_session_in_progress(&s), "nothing to lose on an empty board");
    cr_assert_eq(c4_session_suspend(&s), 0, "an empty board is not kept");
    cr_assert_eq(s.phase, C4_PHASE_TITLE);
    c4_session_new_game(&s, C4_MODE_YOU_FIRST);
    play_all(&s, "43");
    cr_assert(c4_session_in_progress(&s));
    cr_assert_eq(c4_session_suspend(&s), 1);
    cr_assert(s.suspended);
    cr_assert(c4_session_in_progress(&s), "a suspended game is still unfinished");
    cr_assert_eq(s.phase, C4_PHASE_TITLE);
    c4_session_resume(&s, NULL, 0);
    cr_assert_eq(s.phase, C4_PHASE_PLAY);
    cr_assert_eq(s.mode, C4_MODE_YOU_FIRST);
    cr_assert_not(s.suspended);
    cr_assert_eq(s.game.moves, 2);
    cr_assert(c4_session_human_to_move(&s));
    /* A record read back: the computer (red) is to move. */
    c4_game_t g;
    char why[128];
    cr_assert_eq(c4_game_parse(&g, "445", why, sizeof why), C4_OK);
    c4_session_resume(&s, &g, C4_MODE_PERFECT_FIRST);
    cr_assert_eq(s.ai_side, C4_P1);
    cr_assert(!s.ai_pending, "yellow (the player) is to move after three discs");
    cr_assert_eq(c4_session_suspend(&s), 1);
    c4_session_free(&s);
}

Test(c4_session, perfect_opens_in_the_centre)
{
    c4_session_t s;
    c4_session_init(&s);
    c4_session_new_game(&s, C4_MODE_PERFECT_FIRST);
    cr_assert(s.ai_pending);
    int no_memory = 1;
    cr_assert_eq(c4_session_perfect_move(&s, &no_memory), 3);
    cr_assert_eq(no_memory, 0);
    c4_session_free(&s);
}

/* ---- the record ---- */

static const char header[] =
    "# tabletop Connect Four game (docs/connect4.md): the columns played,\n"
    "# 1-7 from the left, from the empty board; red moves first.\n";

/* The record's text for s (caller frees). */
static char *record_of(c4_session_t *s)
{
    char *text = save_kv_format(c4_record_header, c4_record_emit, s);
    cr_assert(text);
    return text;
}

/* Reads text back as the screen does; returns 0 or -1 with err. */
static int read_record(const char *text, c4_record_t *r, char *err, size_t errlen)
{
    c4_record_begin(r);
    int rc = save_kv_parse_lines(text, C4_RECORD_LINE_MAX, c4_record_take, r, err, errlen);
    if (rc == 0)
        rc = c4_record_end(r, err, errlen);
    return rc;
}

/* Perfect in its book (you open 4) answers at once, and its move is its
 * own: nothing is marked as the seed's AI's. */
Test(c4_session, a_book_move_is_perfect_s_own)
{
    c4_session_t s;
    c4_session_init(&s);
    c4_session_new_game(&s, C4_MODE_PERFECT_YOU_FIRST);
    play_all(&s, "4");
    int no_memory = 1;
    int col = c4_session_perfect_move(&s, &no_memory);
    cr_assert(col >= 0 && col < C4_COLS, "the book answers 4: %d", col);
    play_col(&s, col + 1);
    cr_assert_eq(c4_session_fallbacks(&s), 0);
    cr_assert_not(c4_session_last_was_fallback(&s));
    c4_session_free(&s);
}

/* Perfect second after you open 1: not in the book, and the solver needs
 * more than its budget (docs/connect4.md: 1-disc positions take minutes).
 * The seed's AI's drop that follows is marked as such, through a record
 * read back and until undo takes it back. */
Test(c4_session, a_move_the_seed_s_ai_made_for_perfect_is_marked, .timeout = 60)
{
    c4_session_t s;
    c4_session_init(&s);
    c4_session_new_game(&s, C4_MODE_PERFECT_YOU_FIRST);
    play_all(&s, "1");
    int no_memory = 1;
    cr_assert_eq(c4_session_perfect_move(&s, &no_memory), -1, "1 is solved within the budget?");
    cr_assert_eq(no_memory, 0);
    cr_assert(s.fallback_next);
    play_col(&s, 2); /* the seed's AI's column, whatever it is */
    cr_assert_eq(c4_session_fallbacks(&s), 1);
    cr_assert(c4_session_last_was_fallback(&s));
    cr_assert_eq(s.fallback_plies, 0x2);
    play_all(&s, "4");
    cr_assert_not(c4_session_last_was_fallback(&s), "the last disc is the player's");
    cr_assert_eq(c4_session_fallbacks(&s), 1);

    char *text = record_of(&s);
    char want[512];
    snprintf(want, sizeof want, "%smode you-first-perfect\nmoves 124\nfallbacks 2\n", header);
    cr_assert_str_eq(text, want);
    c4_record_t r;
    char err[256] = "";
    cr_assert_eq(read_record(text, &r, err, sizeof err), 0, "%s", err);
    c4_session_t back;
    c4_session_init(&back);
    c4_session_resume_record(&back, &r);
    cr_assert_eq(back.fallback_plies, 0x2);
    cr_assert(back.ai_pending);
    cr_assert_not(back.fallback_next, "asked afresh after a resume");
    free(text);

    /* Undo: the player's 4 alone, then the seed's 2 with the player's 1. */
    cr_assert_eq(c4_session_undo(&s), 1);
    cr_assert(c4_session_last_was_fallback(&s));
    cr_assert_eq(c4_session_undo(&s), 2);
    cr_assert_eq(c4_session_fallbacks(&s), 0);
    text = record_of(&s);
    cr_assert_null(strstr(text, "fallbacks"), "%s", text);
    free(text);
    /* A new game starts exact. */
    play_all(&s, "1");
    c4_session_new_game(&s, C4_MODE_PERFECT_YOU_FIRST);
    cr_assert_eq(s.fallback_plies, 0);
    c4_session_free(&s);
}

Test(c4_record, a_game_in_progress_round_trips)
{
    c4_session_t s;
    c4_session_init(&s);
    c4_session_new_game(&s, C4_MODE_PERFECT_YOU_FIRST);
    play_all(&s, "4453");
    char *text = record_of(&s);
    char want[512];
    snprintf(want, sizeof want, "%smode you-first-perfect\nmoves 4453\n", header);
    cr_assert_str_eq(text, want);
    c4_record_t r;
    char err[256] = "";
    cr_assert_eq(read_record(text, &r, err, sizeof err), 0, "%s", err);
    cr_assert_eq(r.mode, C4_MODE_PERFECT_YOU_FIRST);
    cr_assert_eq(r.game.moves, 4);
    cr_assert_eq(memcmp(r.game.cell, s.game.cell, sizeof r.game.cell), 0);
    cr_assert_eq(r.game.to_move, C4_P1);
    free(text);
    c4_session_free(&s);
}

Test(c4_record, every_mode_has_its_name)
{
    static const char *const names[C4_MODE_COUNT] = {
        "you-first", "ai-first", "two-players", "you-first-perfect", "perfect-first"};
    for (int m = 0; m < C4_MODE_COUNT; m++) {
        cr_assert_str_eq(c4_mode_name(m), names[m]);
        char text[128], err[256] = "";
        snprintf(text, sizeof text, "mode %s\nmoves 1\n", names[m]);
        c4_record_t r;
        cr_assert_eq(read_record(text, &r, err, sizeof err), 0, "%s", err);
        cr_assert_eq(r.mode, m);
    }
    cr_assert_null(c4_mode_name(C4_MODE_COUNT));
}

Test(c4_record, a_finished_game_carries_its_result)
{
    static const struct {
        const char *moves, *result;
    } games[] = {
        {"4343434", "red wins"},
        {"14343434", "yellow wins"},
        {"257771314744647214154617633623313656555222", "draw"},
    };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        c4_session_t s;
        c4_session_init(&s);
        c4_session_new_game(&s, C4_MODE_TWO_PLAYERS);
        play_all(&s, games[i].moves);
        char *text = record_of(&s);
        char want[512];
        snprintf(want, sizeof want, "%smode two-players\nmoves %s\nresult %s\n", header,
                 games[i].moves, games[i].result);
        cr_assert_str_eq(text, want);
        /* Read back: the result line is informative and accepted. */
        c4_record_t r;
        char err[256] = "";
        cr_assert_eq(read_record(text, &r, err, sizeof err), 0, "%s", err);
        cr_assert(c4_game_is_over(&r.game));
        free(text);
        c4_session_free(&s);
    }
}

Test(c4_record, blank_lines_comments_and_crlf_are_read)
{
    c4_record_t r;
    char err[256] = "";
    cr_assert_eq(read_record("\r\n# a note\nmode ai-first \r\nmoves 44\t\r\n", &r, err,
                             sizeof err),
                 0, "%s", err);
    cr_assert_eq(r.mode, C4_MODE_AI_FIRST);
    cr_assert_eq(r.game.moves, 2);
}

/* Each corrupt record and the one line that says why (the screen logs it
 * and keeps the file aside as connect4.txt.corrupt). */
Test(c4_record, each_corrupt_record_is_refused_with_its_reason)
{
    char long_comment[200];
    memset(long_comment, '#', sizeof long_comment - 1);
    long_comment[sizeof long_comment - 1] = 0;
    char too_long[512], error_first[512], just_fits[512];
    snprintf(too_long, sizeof too_long, "mode two-players\n%s\nmoves 4\n", long_comment);
    snprintf(error_first, sizeof error_first, "mode sideways\n%s\n", long_comment);
    /* 127 characters and the newline fit; the 128th does not. */
    snprintf(just_fits, sizeof just_fits, "mode two-players\nmoves 4\n%.127s\n", long_comment);
    static char fits_one_more[512];
    snprintf(fits_one_more, sizeof fits_one_more, "mode two-players\nmoves 4\n%.128s\n",
             long_comment);
    const struct {
        const char *text, *why;
    } bad[] = {
        {"mode two-players\nmoves 4444444\n", "line 2: move 7: column 4 is already full"},
        {"mode sideways\nmoves 4\n", "line 1: unknown mode 'sideways'"},
        {"moves 4\n", "no 'mode' line"},
        {"mode two-players\n", "no 'moves' line"},
        {"", "no 'mode' line"},
        {"mode two-players\nmoves 48\n",
         "line 2: bad character '8' at 2: a position is digits 1-7"},
        {"\x01\x02garbage", "line 1: unexpected '\x01\x02garbage'"},
        {"mode two-players\nmode ai-first\nmoves 4\n", "line 2: unexpected 'mode'"},
        {"mode two-players\nmoves 4\nmoves 5\n", "line 3: unexpected 'moves'"},
        {"mode two-players\nmoves 4343434 4\n",
         "line 2: bad character ' ' at 8: a position is digits 1-7"},
        {"mode two-players\nmoves 43434343\n",
         "line 2: move 8: the game was already over (a four or a full board)"},
        {"mode\nmoves 4\n", "line 1: unknown mode ''"},
        {"level 3\n", "line 1: unexpected 'level'"},
        {too_long, "line 2 is too long"},
        {error_first, "line 1: unknown mode 'sideways'"},
        {fits_one_more, "line 3 is too long"},
        {"mode you-first-perfect\nmoves 124\nfallbacks 1\n",
         "fallbacks: move 1 is not one of Perfect's"},
        {"mode perfect-first\nmoves 412\nfallbacks 2\n",
         "fallbacks: move 2 is not one of Perfect's"},
        {"mode you-first-perfect\nmoves 124\nfallbacks 4\n",
         "fallbacks: move 4 is not one of Perfect's"},
        {"mode you-first\nmoves 12\nfallbacks 2\n",
         "fallbacks: move 2 is not one of Perfect's"},
        {"mode you-first-perfect\nmoves 12\nfallbacks two\n",
         "line 3: bad fallbacks 'two'"},
        {"mode you-first-perfect\nmoves 12\nfallbacks 2,4\n",
         "line 3: bad fallbacks '2,4'"},
        {"mode you-first-perfect\nmoves 12\nfallbacks 2\nfallbacks 2\n",
         "line 4: unexpected 'fallbacks'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        c4_record_t r;
        char err[256] = "";
        cr_assert_eq(read_record(bad[i].text, &r, err, sizeof err), -1, "case %zu accepted", i);
        cr_assert_str_eq(err, bad[i].why, "case %zu", i);
    }
    c4_record_t r;
    char err[256] = "";
    cr_assert_eq(read_record(just_fits, &r, err, sizeof err), 0, "%s", err);
    /* Perfect's moves 1 and 3 (it opened) were the seed's AI's. */
    cr_assert_eq(read_record("mode perfect-first\nmoves 4123\nfallbacks 1 3\n", &r, err,
                             sizeof err),
                 0, "%s", err);
    cr_assert_eq(r.fallback_plies, 0x5);
}
