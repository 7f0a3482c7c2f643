/*
 * test_session.c - the Othello game as the console plays it, without a
 * frame (games/othello/session.h): whole games to their result, forced
 * passes, undo, the othello.txt record through the console's key/value
 * reader and writer, corrupt records refused, the replay into a machine.
 *
 * Sources of truth: an array-based model written apart from the rules
 * (eight-direction scans on an 8x8 char array) that replays every game and
 * counts the discs; games found by exhaustive search and checked by that
 * model (the shortest game, the shortest forced pass); the record's format
 * as docs/othello.md gives it.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "console/save.h"
#include "games/othello/othello.h"
#include "games/othello/othello_engine.h"
#include "games/othello/session.h"
#include "tests/games/othello/array_model.h"

/* ---- the model ---- */

/* Replays plies (0..63, 64 a pass) by the model, failing the test at the
 * first the model does not allow; *black and *white get the counts. */
static void arr_replay(const int *plies, int n, int *black, int *white, int *passes)
{
    arr_t a;
    arr_start(&a);
    char me = 'X';
    *passes = 0;
    for (int i = 0; i < n; i++) {
        if (plies[i] == 64) {
            cr_assert(!arr_has_move(&a, me), "ply %d: a pass with a move left", i + 1);
            (*passes)++;
        } else {
            cr_assert(arr_flips(&a, me, plies[i] / 8, plies[i] % 8, 1) > 0,
                      "ply %d turns nothing", i + 1);
        }
        me = me == 'X' ? 'O' : 'X';
    }
    *black = *white = 0;
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++) {
            *black += a.c[r][c] == 'X';
            *white += a.c[r][c] == 'O';
        }
}

/* ---- helpers ---- */

static int sq(const char *name) { return (name[1] - '1') * 8 + (name[0] - 'a'); }

static void play_names(othello_session_t *s, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        cr_assert_eq(othello_session_play(s, sq(names[i])), 0, "%s refused", names[i]);
}

/* The session's record as the console writes it. */
static char *record_text(othello_session_t *s)
{
    char *text = save_kv_format(othello_record_header, othello_record_emit, s);
    cr_assert(text);
    return text;
}

/* Reads a record back as the console does; 0 or -1 with err. */
static int record_read(const char *text, othello_record_t *r, char *err, size_t errlen)
{
    othello_record_begin(r);
    int rc = save_kv_parse_lines(text, OTHELLO_RECORD_LINE_MAX, othello_record_take, r, err,
                                 errlen);
    return rc != 0 ? -1 : othello_record_end(r, err, errlen);
}

/* Plays a whole game in mode, every computer's and person's move chosen by
 * a level-1 engine, the forced passes played when the session says so. */
static void engine_game(othello_session_t *s, int mode)
{
    othello_engine_t *e = othello_engine_new_sized(12);
    cr_assert(e);
    othello_session_new_game(s, mode);
    for (int guard = 0; guard < 200; guard++) {
        othello_next_t next = othello_session_next(s);
        if (next == OTHELLO_NEXT_OVER)
            break;
        int move = OTHELLO_PASS;
        if (next != OTHELLO_NEXT_PASS) {
            othello_result_t r;
            cr_assert_eq(othello_engine_think(e, &s->board, othello_level_config(1), &r), 0);
            move = r.move;
        }
        cr_assert_eq(othello_session_play(s, move), 0, "ply %d refused", s->n_plies + 1);
    }
    othello_engine_free(e);
    cr_assert(othello_session_over(s), "the game did not end");
}

static void expect_result(const othello_session_t *s, const char *black_wins,
                          const char *white_wins)
{
    int b, w, passes;
    arr_replay(s->plies, s->n_plies, &b, &w, &passes);
    char want[64], got[64];
    if (b == w)
        snprintf(want, sizeof want, "A draw %d-%d", b, w);
    else
        snprintf(want, sizeof want, "%s %d-%d", b > w ? black_wins : white_wins, b > w ? b : w,
                 b > w ? w : b);
    cr_assert_str_eq(othello_session_result_text(s, got, sizeof got), want);
}

/* ---- whole games ---- */

/* One of the shortest games (nine plies; exhaustive search, the model
 * agrees): Black turns every white disc and wins 13-0. */
static const char *const shortest[] = {"d3", "c3", "b3", "d2", "e1", "d6", "d7", "e3", "f4"};

Test(othello_session, two_players_play_the_shortest_game_to_its_result)
{
    othello_session_t s;
    othello_session_new_game(&s, OTHELLO_MODE_TWO);
    cr_assert_eq(othello_session_next(&s), OTHELLO_NEXT_HUMAN);
    char text[64];
    cr_assert_str_eq(othello_session_turn_text(&s, text, sizeof text), "Black to move");
    play_names(&s, shortest, 9);
    cr_assert_eq(othello_session_next(&s), OTHELLO_NEXT_OVER);
    cr_assert_str_eq(othello_session_result_text(&s, text, sizeof text), "Black wins 13-0");
    cr_assert_eq(s.last, sq("f4"));
}

Test(othello_session, the_engine_plays_itself_to_the_end_with_two_players, .timeout = 120)
{
    othello_session_t s;
    engine_game(&s, OTHELLO_MODE_TWO);
    expect_result(&s, "Black wins", "White wins");
}

Test(othello_session, against_the_engine_the_result_says_who_won, .timeout = 120)
{
    othello_session_t s;
    engine_game(&s, OTHELLO_MODE_YOU_BLACK);
    expect_result(&s, "You win", "The computer wins");
    engine_game(&s, OTHELLO_MODE_YOU_WHITE);
    expect_result(&s, "The computer wins", "You win");
    engine_game(&s, OTHELLO_MODE_ENGINE_MACHINE);
    expect_result(&s, "The machine wins", "The computer wins");
}

Test(othello_session, the_modes_name_their_players)
{
    struct {
        int mode;
        othello_player_t black, white;
        const char *name;
    } const want[] = {
        {OTHELLO_MODE_MACHINE, OTHELLO_PLAYER_MACHINE, OTHELLO_PLAYER_HUMAN, "machine"},
        {OTHELLO_MODE_YOU_BLACK, OTHELLO_PLAYER_HUMAN, OTHELLO_PLAYER_ENGINE, "you-black"},
        {OTHELLO_MODE_YOU_WHITE, OTHELLO_PLAYER_ENGINE, OTHELLO_PLAYER_HUMAN, "you-white"},
        {OTHELLO_MODE_TWO, OTHELLO_PLAYER_HUMAN, OTHELLO_PLAYER_HUMAN, "two-players"},
        {OTHELLO_MODE_ENGINE_MACHINE, OTHELLO_PLAYER_MACHINE, OTHELLO_PLAYER_ENGINE,
         "computer-vs-machine"},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        cr_assert_eq(othello_mode_player(want[i].mode, OTHELLO_BLACK), want[i].black);
        cr_assert_eq(othello_mode_player(want[i].mode, OTHELLO_WHITE), want[i].white);
        cr_assert_str_eq(othello_mode_name(want[i].mode), want[i].name);
    }
    cr_assert_null(othello_mode_name(OTHELLO_MODE_COUNT));
    othello_session_t s;
    char text[64];
    othello_session_new_game(&s, OTHELLO_MODE_MACHINE);
    cr_assert_eq(othello_session_next(&s), OTHELLO_NEXT_MACHINE);
    cr_assert_str_eq(othello_session_turn_text(&s, text, sizeof text),
                     "The machine is thinking...");
    othello_session_new_game(&s, OTHELLO_MODE_YOU_WHITE);
    cr_assert_eq(othello_session_next(&s), OTHELLO_NEXT_ENGINE);
    cr_assert_str_eq(othello_session_turn_text(&s, text, sizeof text),
                     "The computer is thinking...");
    othello_session_new_game(&s, OTHELLO_MODE_YOU_BLACK);
    cr_assert_str_eq(othello_session_turn_text(&s, text, sizeof text), "Your move (Black)");
}

/* ---- passes ---- */

/* The shortest game with a pass (exhaustive search; the model checks that
 * Black has no move after it and White has): Black must pass at ply 9. */
static const char *const to_pass[] = {"d3", "c3", "b3", "b2", "f5", "a3", "a1", "c1"};

Test(othello_session, a_side_without_a_move_must_pass)
{
    othello_session_t s;
    othello_session_new_game(&s, OTHELLO_MODE_TWO);
    play_names(&s, to_pass, 8);
    cr_assert_eq(othello_session_next(&s), OTHELLO_NEXT_PASS);
    /* A disc where Black has no move is refused and changes nothing. */
    othello_session_t before = s;
    cr_assert_eq(othello_session_play(&s, sq("h8")), -1);
    cr_assert_eq(memcmp(&s, &before, sizeof s), 0);
    cr_assert_eq(othello_session_play(&s, OTHELLO_PASS), 0);
    cr_assert_eq(s.flipped, 0);
    cr_assert_eq(s.last, -1);
    cr_assert_eq(othello_session_next(&s), OTHELLO_NEXT_HUMAN);
    cr_assert_eq(s.board.to_move, OTHELLO_WHITE);
    int b, w, passes;
    arr_replay(s.plies, s.n_plies, &b, &w, &passes);
    cr_assert_eq(passes, 1);
    /* A pass with a move left is refused. */
    before = s;
    cr_assert_eq(othello_session_play(&s, OTHELLO_PASS), -1);
    cr_assert_eq(memcmp(&s, &before, sizeof s), 0);
}

Test(othello_session, the_machine_says_its_own_passes)
{
    othello_session_t s;
    othello_session_new_game(&s, OTHELLO_MODE_MACHINE);
    play_names(&s, to_pass, 8);
    cr_assert_eq(othello_session_next(&s), OTHELLO_NEXT_MACHINE);
    othello_session_new_game(&s, OTHELLO_MODE_YOU_WHITE);
    play_names(&s, to_pass, 8);
    cr_assert_eq(othello_session_next(&s), OTHELLO_NEXT_PASS, "the engine's pass is forced");
}

/* ---- undo ---- */

Test(othello_session, undo_takes_a_move_with_two_players_and_the_passes_after_it)
{
    othello_session_t s;
    othello_session_new_game(&s, OTHELLO_MODE_TWO);
    play_names(&s, to_pass, 8);
    othello_session_play(&s, OTHELLO_PASS);
    cr_assert_eq(othello_session_undo(&s), 2, "c1 and Black's pass");
    cr_assert_eq(s.n_plies, 7);
    cr_assert_eq(s.board.to_move, OTHELLO_WHITE);
    cr_assert_eq(s.last, -1);
    cr_assert_eq(othello_session_undo(&s), 1);
    cr_assert_eq(s.n_plies, 6);
    othello_session_t start;
    othello_session_new_game(&start, OTHELLO_MODE_TWO);
    while (othello_session_undo(&s) > 0)
        ;
    cr_assert_eq(s.n_plies, 0);
    cr_assert_eq(memcmp(&s.board, &start.board, sizeof s.board), 0);
}

Test(othello_session, undo_against_a_computer_takes_its_answer_too)
{
    othello_session_t s;
    othello_session_new_game(&s, OTHELLO_MODE_YOU_BLACK);
    cr_assert_eq(othello_session_undo(&s), 0, "nothing to take back");
    play_names(&s, (const char *const[]){"d3", "c3", "b3"}, 3);
    cr_assert_eq(othello_session_undo(&s), 1, "your b3: the computer has not answered");
    cr_assert_eq(othello_session_undo(&s), 2, "d3 and c3");
    cr_assert_eq(s.n_plies, 0);
    /* Against the machine the person is White: its opening is not theirs. */
    othello_session_new_game(&s, OTHELLO_MODE_MACHINE);
    play_names(&s, (const char *const[]){"d3"}, 1);
    cr_assert_eq(othello_session_undo(&s), 0);
    cr_assert_eq(s.n_plies, 1);
    play_names(&s, (const char *const[]){"c3", "b3"}, 2);
    cr_assert_eq(othello_session_undo(&s), 2);
    cr_assert_eq(s.n_plies, 1);
    /* Nobody plays in computer-vs-machine: nothing is ever taken back. */
    othello_session_new_game(&s, OTHELLO_MODE_ENGINE_MACHINE);
    play_names(&s, (const char *const[]){"d3", "c3"}, 2);
    cr_assert_eq(othello_session_undo(&s), 0);
}

Test(othello_session, undo_clears_a_stop)
{
    othello_session_t s;
    othello_session_new_game(&s, OTHELLO_MODE_MACHINE);
    play_names(&s, (const char *const[]){"d3", "c3", "b3"}, 3);
    othello_session_stop(&s, "The machine did not answer: timeout");
    cr_assert_eq(othello_session_next(&s), OTHELLO_NEXT_OVER);
    cr_assert_eq(othello_session_play(&s, sq("b2")), -1, "a stopped game takes no move");
    cr_assert_eq(othello_session_undo(&s), 2, "your c3 and the machine's b3");
    cr_assert_not(s.stopped);
    cr_assert_eq(s.n_plies, 1);
    cr_assert_eq(othello_session_next(&s), OTHELLO_NEXT_HUMAN);
}

/* ---- the record ---- */

#define HEADER                                                                  \
    "# tabletop Othello game (docs/othello.md): the moves from the start,\n"    \
    "# a1..h8 with row 1 at the top, 'pass' where a side had no move;\n"        \
    "# Black moves first.\n"

Test(othello_session, a_finished_game_s_record_round_trips)
{
    othello_session_t s;
    othello_session_new_game(&s, OTHELLO_MODE_TWO);
    play_names(&s, shortest, 9);
    char *text = record_text(&s);
    cr_assert_str_eq(text, HEADER "mode two-players\nmoves d3 c3 b3 d2 e1 d6 d7 e3 f4\n"
                           "result black wins 13-0\n");
    othello_record_t r;
    char err[256];
    cr_assert_eq(record_read(text, &r, err, sizeof err), 0, "%s", err);
    cr_assert_eq(r.mode, OTHELLO_MODE_TWO);
    cr_assert_eq(r.n_plies, 9);
    cr_assert_eq(memcmp(r.plies, s.plies, sizeof(int) * 9), 0);
    cr_assert(othello_record_over(&r));
    free(text);
}

/* One of the shortest games White wins (ten plies; exhaustive search with
 * the model): the screen's result and the record's name the winner and
 * give its count first, both the model's count; a record written before
 * (Black's count first) still reads and is over. */
static const char *const white_wins[] = {"d3", "c3", "b3", "e3", "f5",
                                          "a3", "c4", "e6", "f4", "g4"};

Test(othello_session, screen_and_record_give_the_score_the_same_way)
{
    othello_session_t s;
    othello_session_new_game(&s, OTHELLO_MODE_TWO);
    play_names(&s, white_wins, 10);
    cr_assert_eq(othello_session_next(&s), OTHELLO_NEXT_OVER);
    int b, w, passes;
    arr_replay(s.plies, s.n_plies, &b, &w, &passes);
    cr_assert_gt(w, b, "White wins this game");
    char screen[64], want[64];
    snprintf(want, sizeof want, "White wins %d-%d", w, b);
    cr_assert_str_eq(othello_session_result_text(&s, screen, sizeof screen), want);
    char *text = record_text(&s);
    char line[80];
    snprintf(line, sizeof line, "\nresult white wins %d-%d\n", w, b);
    cr_assert(strstr(text, line), "the record says the score as the screen: %s", text);
    free(text);

    /* The same game against the computer: "The computer wins" on the
     * screen, the colour in the record, the counts in the same order. */
    othello_session_new_game(&s, OTHELLO_MODE_YOU_BLACK);
    play_names(&s, white_wins, 10);
    snprintf(want, sizeof want, "The computer wins %d-%d", w, b);
    cr_assert_str_eq(othello_session_result_text(&s, screen, sizeof screen), want);
    text = record_text(&s);
    cr_assert(strstr(text, line), "%s", text);
    free(text);

    /* Written before: "white wins 0-14" (Black's count first). */
    othello_record_t r;
    char err[256];
    cr_assert_eq(record_read(HEADER "mode two-players\nmoves d3 c3 b3 e3 f5 a3 c4 e6 f4 g4\n"
                                    "result white wins 0-14\n",
                             &r, err, sizeof err),
                 0, "%s", err);
    cr_assert_eq(r.n_plies, 10);
    cr_assert(othello_record_over(&r));
}

Test(othello_session, a_game_in_progress_resumes_where_it_was)
{
    othello_session_t s;
    othello_session_new_game(&s, OTHELLO_MODE_YOU_WHITE);
    play_names(&s, to_pass, 8);
    othello_session_play(&s, OTHELLO_PASS);
    char *text = record_text(&s);
    cr_assert_str_eq(text, HEADER "mode you-white\nmoves d3 c3 b3 b2 f5 a3 a1 c1 pass\n");
    othello_record_t r;
    char err[256];
    cr_assert_eq(record_read(text, &r, err, sizeof err), 0, "%s", err);
    cr_assert_not(othello_record_over(&r));
    othello_session_t back;
    othello_session_resume(&back, &r);
    cr_assert_eq(back.mode, OTHELLO_MODE_YOU_WHITE);
    cr_assert_eq(back.n_plies, 9);
    cr_assert_eq(memcmp(&back.board, &s.board, sizeof s.board), 0);
    cr_assert_eq(othello_session_next(&back), OTHELLO_NEXT_HUMAN);
    free(text);
}

Test(othello_session, a_stopped_game_keeps_why)
{
    othello_session_t s;
    othello_session_new_game(&s, OTHELLO_MODE_MACHINE);
    othello_session_stop(&s, "No Othello machine: othello machine: no backend");
    char *text = record_text(&s);
    cr_assert_str_eq(text, HEADER "mode machine\nmoves\n"
                           "stopped No Othello machine: othello machine: no backend\n");
    othello_record_t r;
    char err[256];
    cr_assert_eq(record_read(text, &r, err, sizeof err), 0, "%s", err);
    cr_assert_eq(r.n_plies, 0);
    free(text);
    char why[200];
    memset(why, 'x', sizeof why - 1);
    why[sizeof why - 1] = 0;
    othello_session_stop(&s, why);
    cr_assert_eq(strlen(s.stop_reason), 100, "the reason is cut at 100 characters");
}

Test(othello_session, a_corrupt_record_is_refused_with_its_reason)
{
    static const struct {
        const char *text, *err;
    } bad[] = {
        {HEADER "mode chess\nmoves d3\n", "line 4: unknown mode 'chess'"},
        {HEADER "mode machine\nmoves d3 z9\n", "line 5: 'z9' is not a move"},
        {HEADER "mode machine\nmoves d3 a1\n", "line 5: move 2 (a1) is not legal"},
        {HEADER "mode machine\nmoves pass\n", "line 5: move 1 (pass) is not legal"},
        {HEADER "mode machine\n", "no 'moves' line"},
        {"moves d3\n", "no 'mode' line"},
        {"mode machine\nmode two-players\nmoves\n", "line 2: unexpected 'mode'"},
        {"mode machine\nmoves d3\nmoves d3\n", "line 3: unexpected 'moves'"},
        {"mode machine\nwinner black\n", "line 2: unexpected 'winner'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        othello_record_t r;
        char err[256] = "";
        cr_assert_eq(record_read(bad[i].text, &r, err, sizeof err), -1, "%s", bad[i].text);
        cr_assert_str_eq(err, bad[i].err);
    }
    /* A line of 1024 characters is not ours; the lines before it are read
     * first, so their errors come first. */
    char text[1200];
    snprintf(text, sizeof text, "mode machine\n# %01022d\nmoves d3\n", 0);
    othello_record_t r;
    char err[256];
    cr_assert_eq(record_read(text, &r, err, sizeof err), -1);
    cr_assert_str_eq(err, "line 2 is too long");
    snprintf(text, sizeof text, "mode chess\n# %01022d\n", 0);
    cr_assert_eq(record_read(text, &r, err, sizeof err), -1);
    cr_assert_str_eq(err, "line 1: unknown mode 'chess'");
    /* 1023 characters are still a line. */
    snprintf(text, sizeof text, "mode machine\n# %01021d\nmoves d3\n", 0);
    cr_assert_eq(record_read(text, &r, err, sizeof err), 0, "%s", err);
    /* Comments, blank lines, '\r' and the informative lines are ignored. */
    cr_assert_eq(record_read("\r\n# x\nmode you-black \r\nresult draw\nstopped x\nmoves d3 \t c3\n",
                             &r, err, sizeof err),
                 0, "%s", err);
    cr_assert_eq(r.mode, OTHELLO_MODE_YOU_BLACK);
    cr_assert_eq(r.n_plies, 2);
}

/* ---- the replay into a machine ---- */

typedef struct {
    const int *answers; /* what the fake machine answers, in turn */
    int n_answers, next_answer;
    int heard[OTHELLO_SESSION_MAX_PLIES];
    int n_heard;
    int fail_hear;
} fake_machine_t;

static int fake_hear(void *ctx, const othello_board_t *before, int move, char *err, size_t errlen)
{
    fake_machine_t *m = ctx;
    cr_assert_eq(before->to_move, OTHELLO_WHITE, "the machine hears White only");
    if (m->fail_hear) {
        snprintf(err, errlen, "Cannot send White's move to the machine: gone");
        return -1;
    }
    m->heard[m->n_heard++] = move;
    return 0;
}

static int fake_answer(void *ctx, const othello_board_t *before, int *move, char *err,
                       size_t errlen)
{
    fake_machine_t *m = ctx;
    cr_assert_eq(before->to_move, OTHELLO_BLACK);
    if (m->next_answer >= m->n_answers) {
        snprintf(err, errlen, "The machine did not answer: timeout");
        return -1;
    }
    *move = m->answers[m->next_answer++];
    return 0;
}

Test(othello_session, a_record_replays_into_a_machine_that_answers_as_recorded)
{
    othello_session_t s;
    othello_session_new_game(&s, OTHELLO_MODE_MACHINE);
    play_names(&s, to_pass, 8);
    othello_session_play(&s, OTHELLO_PASS); /* the machine's (Black's) pass */
    play_names(&s, (const char *const[]){"e3"}, 1);
    int black[] = {sq("d3"), sq("b3"), sq("f5"), sq("a1"), OTHELLO_PASS};
    fake_machine_t m = {.answers = black, .n_answers = 5};
    char err[160];
    cr_assert_eq(othello_session_replay(&s, OTHELLO_BLACK, fake_hear, fake_answer, &m, err,
                                        sizeof err),
                 0, "%s", err);
    int white[] = {sq("c3"), sq("b2"), sq("a3"), sq("c1"), sq("e3")};
    cr_assert_eq(m.n_heard, 5);
    cr_assert_eq(memcmp(m.heard, white, sizeof white), 0);
    cr_assert_eq(m.next_answer, 5);

    int other[] = {sq("d3"), sq("c4")};
    fake_machine_t wrong = {.answers = other, .n_answers = 2};
    cr_assert_eq(othello_session_replay(&s, OTHELLO_BLACK, fake_hear, fake_answer, &wrong, err,
                                        sizeof err),
                 -1);
    cr_assert_str_eq(err, "The machine answered c4 where the record has b3 (move 3)");

    fake_machine_t mute = {.answers = black, .n_answers = 1};
    cr_assert_eq(othello_session_replay(&s, OTHELLO_BLACK, fake_hear, fake_answer, &mute, err,
                                        sizeof err),
                 -1);
    cr_assert_str_eq(err, "The machine did not answer: timeout");

    fake_machine_t deaf = {.answers = black, .n_answers = 5, .fail_hear = 1};
    cr_assert_eq(othello_session_replay(&s, OTHELLO_BLACK, fake_hear, fake_answer, &deaf, err,
                                        sizeof err),
                 -1);
    cr_assert_str_eq(err, "Cannot send White's move to the machine: gone");
}
