/*
 * test_session.c - Go's session (games/go/session.h) without a frame:
 * whole games between two players and against a stand-in computer, the
 * dead-stone review and its count, handicap stones, undo, resignation,
 * and the settings a record keeps in its game comment.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/go/ai.h"
#include "games/go/session.h"

static go_session_t *session_new(void)
{
    go_session_t *s = calloc(1, sizeof *s);
    cr_assert_not_null(s);
    go_session_init(s, NULL);
    return s;
}

static Move at(int row, int col)
{
    return (Move){.row = row, .col = col, .pass = 0};
}

static const Move pass = {.row = -1, .col = -1, .pass = 1};

/* A move given as a GTP vertex ("C3", "pass") on a board of size n. */
static Move vertex(int n, const char *text)
{
    Move m;
    cr_assert_eq(board_vertex_parse(n, text, &m), 0, "bad vertex %s", text);
    return m;
}

static void play_ok(go_session_t *s, Move m)
{
    char err[256] = "";
    go_move_outcome_t o = go_session_play(s, m, err, sizeof err);
    cr_assert(o == GO_MOVE_PLACED || o == GO_MOVE_CAPTURED || o == GO_MOVE_PASSED ||
                  o == GO_MOVE_ENDED,
              "move (%d,%d,%d) refused: outcome %d, %s, %s", m.row, m.col, m.pass, o, err,
              s->status);
}

static go_session_settings_t pvp(int size)
{
    return (go_session_settings_t){.mode = GO_SESSION_PVP, .size = size, .human = BLACK};
}

static go_session_settings_t pvc(int level, Stone human, int handicap)
{
    return (go_session_settings_t){
        .mode = GO_SESSION_PVC, .level = level, .human = human, .handicap = handicap};
}

static void start(go_session_t *s, go_session_settings_t set)
{
    char err[256];
    cr_assert_eq(go_session_new(s, &set, "tabletop:test", "2026-11-26", err, sizeof err), 0,
                 "%s", err);
}

/* The session's record as the console saves it: written as SGF text and
 * parsed back (the caller frees it). */
static sgf_game_t *record_round_trip(const go_session_t *s)
{
    static char text[65536];
    size_t n = sgf_write(&s->record, text, sizeof text);
    cr_assert(n < sizeof text);
    sgf_game_t *rec = calloc(1, sizeof *rec);
    char err[256];
    cr_assert_eq(sgf_parse(text, n, rec, err, sizeof err), 0, "%s", err);
    return rec;
}

/*
 * The walls position of 9x9, komi 5.5, reached by moves:
 *
 *     A B C D E F G H J
 *   9 . . . . X O . . .
 *   8 . . . . X O . . .
 *   7 . . . . X O . . .
 *   6 . . . . X O . . .
 *   5 . O O . X O . . .      White's B5-C5 is a dead chain in Black's area
 *   4 . . . . X O . . .
 *   3 . . . . X O . . .
 *   2 . . . . X O . . .
 *   1 . . . . X O . . .
 *
 * Counted by hand (Chinese area): with B5-C5 dead, Black owns columns A-E
 * (45 points), White F-J (36): B+3.5.  With them alive, A-D touch both
 * colours and are no one's: Black 9, White 36 + 2 = 38: W+34.5.
 */
static void play_walls(go_session_t *s)
{
    for (int r = 0; r < 9; r++) {
        play_ok(s, at(r, 4));
        play_ok(s, at(r, 5));
    }
    play_ok(s, pass);
    play_ok(s, at(4, 1));
    play_ok(s, pass);
    play_ok(s, at(4, 2));
    play_ok(s, pass);
}

Test(go_session, a_game_between_two_players_ends_after_two_passes_in_the_review)
{
    go_session_t *s = session_new();
    start(s, pvp(9));
    cr_assert_eq(s->phase, GO_PHASE_PLAY);
    cr_assert_str_eq(go_session_status(s, NULL), "Black to play");
    cr_assert_eq(go_session_ai_turn(s), 0, "no computer between two players");
    play_walls(s);
    cr_assert_eq(s->phase, GO_PHASE_PLAY, "one pass does not end the game");
    cr_assert_str_eq(go_session_status(s, NULL), "Black passed - pass again to end the game");
    char err[256];
    cr_assert_eq(go_session_play(s, pass, err, sizeof err), GO_MOVE_ENDED);
    cr_assert_eq(s->phase, GO_PHASE_REVIEW);
    cr_assert_eq(s->record.n_moves, 9 * 2 + 6);
    cr_assert(strstr(go_session_status(s, NULL), "Mark dead stones"), "%s", s->status);
    /* No more moves in the review. */
    cr_assert_eq(go_session_play(s, at(0, 0), err, sizeof err), GO_MOVE_NOT_NOW);
    cr_assert_eq(s->record.n_moves, 24);
    free(s);
}

Test(go_session, the_review_marks_a_dead_chain_and_counts_the_area)
{
    go_session_t *s = session_new();
    start(s, pvp(9));
    play_walls(s);
    char err[256];
    cr_assert_eq(go_session_play(s, pass, err, sizeof err), GO_MOVE_ENDED);
    /* Whatever the estimate proposed, make B5-C5 alive first. */
    if (s->dead[4][1])
        cr_assert_eq(go_session_toggle_dead(s, 4, 1), 0);
    cr_assert_eq(s->dead[4][1], 0);
    cr_assert_eq(s->dead[4][2], 0, "the chain is marked as one");
    cr_assert_eq(s->score_black, 9);
    cr_assert_eq(s->score_white, 38);
    cr_assert_str_eq(s->result, "W+34.5");
    /* Enter on C5 marks the whole chain, B5 too. */
    cr_assert_eq(go_session_toggle_dead(s, 4, 2), 0);
    cr_assert_eq(s->dead[4][1], 1);
    cr_assert_eq(s->dead[4][2], 1);
    cr_assert_eq(s->dead[4][4], 0, "Black's wall is another chain");
    cr_assert_eq(s->score_black, 45);
    cr_assert_eq(s->score_white, 36);
    cr_assert_str_eq(s->result, "B+3.5");
    cr_assert_str_eq(go_session_status(s, NULL),
                     "Mark dead stones (Enter) - B+3.5 if accepted (Space)");
    /* An empty point is not a chain. */
    cr_assert_eq(go_session_toggle_dead(s, 0, 0), -1);
    cr_assert_eq(s->dead[4][1], 1);
    cr_assert_eq(go_session_accept(s), 0);
    cr_assert_eq(s->phase, GO_PHASE_OVER);
    cr_assert_eq(go_session_winner(s), BLACK);
    cr_assert_str_eq(s->record.result, "B+3.5");
    /* TB: A-D (36, the dead stones' points included); TW: G-J (27). */
    int tb = 0, tw = 0;
    for (int i = 0; i < s->record.n_territory; i++)
        *(s->record.territory[i].color == BLACK ? &tb : &tw) += 1;
    cr_assert_eq(tb, 36);
    cr_assert_eq(tw, 27);
    static char text[65536];
    sgf_write(&s->record, text, sizeof text);
    cr_assert(strstr(text, "RE[B+3.5]"), "%s", text);
    cr_assert_eq(go_session_toggle_dead(s, 4, 1), -1, "the count is over");
    free(s);
}

/* A decider that fails, and a territory counter with its own answer:
 * the session goes through the seam it was given. */
static int failing_decide(void *ctx, const uint8_t board[GO_RULES_NPOINTS],
                          const uint8_t ko[GO_RULES_NPOINTS], Stone colour, Move m,
                          go_rules_decision_t *d, char *err, size_t errlen)
{
    (void)ctx, (void)board, (void)ko, (void)colour, (void)m, (void)d;
    snprintf(err, errlen, "%s", "no answer from the rules");
    return -1;
}

static int fixed_territory(void *ctx, const uint8_t board[GO_RULES_NPOINTS], int *black,
                           int *white, char *err, size_t errlen)
{
    (void)ctx, (void)board, (void)err, (void)errlen;
    *black = 50;
    *white = 31;
    return 0;
}

Test(go_session, moves_and_counts_go_through_the_rules_seam)
{
    go_session_t *s = session_new();
    go_rules_t broken = {.name = "test", .decide = failing_decide};
    go_session_init(s, &broken);
    start(s, pvp(9));
    uint64_t hash = s->board.hash;
    char err[256] = "";
    cr_assert_eq(go_session_play(s, at(4, 4), err, sizeof err), GO_MOVE_FAILED);
    cr_assert(strstr(err, "no answer from the rules"), "%s", err);
    cr_assert_eq(s->board.hash, hash, "the board is unchanged");
    cr_assert_eq(s->record.n_moves, 0);

    go_rules_t counter = {.name = "test", .decide = go_rules_sw_decide,
                          .territory = fixed_territory};
    go_session_init(s, &counter);
    start(s, pvp(9));
    play_walls(s);
    cr_assert_eq(go_session_play(s, pass, err, sizeof err), GO_MOVE_ENDED);
    cr_assert_eq(s->score_black, 50);
    cr_assert_eq(s->score_white, 31);
    free(s);
}

Test(go_session, an_illegal_move_is_refused_and_changes_nothing)
{
    go_session_t *s = session_new();
    start(s, pvp(9));
    play_ok(s, at(4, 4));
    uint64_t hash = s->board.hash;
    char err[256];
    cr_assert_eq(go_session_play(s, at(4, 4), err, sizeof err), GO_MOVE_ILLEGAL);
    int warn = 0;
    cr_assert_str_eq(go_session_status(s, &warn), "Illegal move: point occupied");
    cr_assert_eq(warn, 1);
    cr_assert_eq(s->board.hash, hash);
    cr_assert_eq(s->board.turn, WHITE);
    cr_assert_eq(s->record.n_moves, 1);
    free(s);
}

/* GTP v2's fixed_handicap points (the GTP specification, 4.1.1), in the
 * order of the table; the session may place them in any order. */
static const char *const gtp_fixed_9[8] = {
    "C3 G7", "C3 G7 C7", "C3 G7 C7 G3", "C3 G7 C7 G3 E5", "C3 G7 C7 G3 C5 G5",
    "C3 G7 C7 G3 C5 G5 E5", "C3 G7 C7 G3 C5 G5 E3 E7", "C3 G7 C7 G3 C5 G5 E3 E7 E5",
};
static const char *const gtp_fixed_19[8] = {
    "D4 Q16", "D4 Q16 D16", "D4 Q16 D16 Q4", "D4 Q16 D16 Q4 K10", "D4 Q16 D16 Q4 D10 Q10",
    "D4 Q16 D16 Q4 D10 Q10 K10", "D4 Q16 D16 Q4 D10 Q10 K4 K16",
    "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10",
};

static void check_points(int size, int n, const char *want)
{
    Move got[9];
    cr_assert_eq(go_session_handicap_points(size, n, got), n, "%dx%d, %d stones", size, size, n);
    char copy[64];
    snprintf(copy, sizeof copy, "%s", want);
    int found = 0;
    for (char *tok = strtok(copy, " "); tok; tok = strtok(NULL, " ")) {
        Move m = vertex(size, tok);
        int hits = 0;
        for (int i = 0; i < n; i++)
            hits += got[i].row == m.row && got[i].col == m.col && !got[i].pass;
        cr_assert_eq(hits, 1, "%dx%d, %d stones: %s placed %d times", size, size, n, tok, hits);
        found++;
    }
    cr_assert_eq(found, n);
}

Test(go_session, handicap_stones_stand_on_the_usual_points)
{
    for (int n = 2; n <= 9; n++) {
        check_points(9, n, gtp_fixed_9[n - 2]);
        check_points(19, n, gtp_fixed_19[n - 2]);
    }
    Move out[9];
    cr_assert_eq(go_session_handicap_points(9, 1, out), -1);
    cr_assert_eq(go_session_handicap_points(9, 10, out), -1);
    cr_assert_eq(go_session_handicap_points(8, 4, out), -1, "no centre on an even board");
}

Test(go_session, a_handicap_game_starts_with_the_stones_and_white_to_move)
{
    go_session_t *s = session_new();
    start(s, pvc(2, BLACK, 4));
    cr_assert_eq(s->record.n_setup, 4);
    cr_assert_eq(go_session_handicap(s), 4);
    cr_assert_eq(s->record.komi2, 1, "komi 0.5");
    cr_assert_eq(s->board.komi2, 1);
    cr_assert_eq(s->board.turn, WHITE, "White moves first after handicap stones");
    cr_assert_eq(go_session_ai_turn(s), 1, "the computer (White) is to move");
    cr_assert_str_eq(go_session_status(s, NULL), "Computer is thinking...");
    const char *pts[4] = {"C3", "G7", "C7", "G3"};
    for (int i = 0; i < 4; i++) {
        Move m = vertex(9, pts[i]);
        cr_assert_eq(board_get(&s->board, m.row, m.col), BLACK, "%s", pts[i]);
    }
    cr_assert_str_eq(s->record.comment, "tabletop mode=pvc level=2 handicap=4");
    cr_assert_str_eq(s->record.black, "Human");
    cr_assert_str_eq(s->record.white, "tabletop level 2");
    free(s);
}

Test(go_session, two_players_choose_the_board_and_get_its_komi)
{
    static const int size[3] = {9, 13, 19}, komi2[3] = {11, 15, 15};
    go_session_t *s = session_new();
    for (int i = 0; i < 3; i++) {
        start(s, pvp(size[i]));
        cr_assert_eq(s->board.size, size[i]);
        cr_assert_eq(s->record.size, size[i]);
        cr_assert_eq(s->record.komi2, komi2[i]);
        cr_assert_str_eq(s->record.comment, "tabletop mode=pvp level=0");
        cr_assert_str_eq(s->record.black, "Human");
        cr_assert_str_eq(s->record.white, "Human");
        cr_assert_str_eq(s->record.date, "2026-11-26");
        cr_assert_str_eq(s->record.application, "tabletop:test");
    }
    free(s);
}

Test(go_session, settings_out_of_range_are_refused_and_change_nothing)
{
    go_session_t *s = session_new();
    start(s, pvp(9));
    play_ok(s, at(2, 2));
    const go_session_settings_t bad[] = {
        pvp(11), pvc(0, BLACK, 0), pvc(5, BLACK, 0), pvc(1, EMPTY, 0), pvc(1, BLACK, 1),
        pvc(1, BLACK, 10),
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[256] = "";
        cr_assert_eq(go_session_new(s, &bad[i], "x", "", err, sizeof err), -1, "case %zu", i);
        cr_assert(err[0], "case %zu: no message", i);
        cr_assert_eq(s->record.n_moves, 1, "case %zu: the game was replaced", i);
        cr_assert_eq(board_get(&s->board, 2, 2), BLACK);
    }
    free(s);
}

Test(go_session, undo_against_the_computer_takes_back_its_answer_too)
{
    go_session_t *s = session_new();
    start(s, pvc(1, BLACK, 0));
    char err[256];
    cr_assert_eq(go_session_undo(s, err, sizeof err), 0);
    cr_assert_str_eq(go_session_status(s, NULL), "Nothing to undo");
    play_ok(s, at(4, 4));
    cr_assert_eq(go_session_ai_turn(s), 1);
    play_ok(s, at(2, 2)); /* the computer's answer */
    cr_assert_str_eq(go_session_status(s, NULL), "Computer played C7 - your move");
    play_ok(s, at(6, 6));
    play_ok(s, at(2, 6));
    cr_assert_eq(go_session_undo(s, err, sizeof err), 2);
    cr_assert_eq(s->record.n_moves, 2);
    cr_assert_eq(board_get(&s->board, 6, 6), EMPTY);
    cr_assert_eq(board_get(&s->board, 2, 6), EMPTY);
    cr_assert_eq(board_get(&s->board, 2, 2), WHITE, "the earlier moves stay");
    cr_assert_eq(s->board.turn, BLACK);
    cr_assert_str_eq(go_session_status(s, NULL), "Took back 2 moves - your move");
    /* While the computer thinks, only the human's move goes. */
    play_ok(s, at(6, 6));
    cr_assert_eq(go_session_undo(s, err, sizeof err), 1);
    cr_assert_eq(s->record.n_moves, 2);
    cr_assert_str_eq(go_session_status(s, NULL), "Took back 1 move - your move");
    free(s);
}

Test(go_session, undo_leaves_the_computers_opening_alone_when_the_human_is_white)
{
    go_session_t *s = session_new();
    start(s, pvc(1, WHITE, 0));
    cr_assert_eq(go_session_ai_turn(s), 1, "the computer opens as Black");
    cr_assert_str_eq(s->record.black, "tabletop level 1");
    cr_assert_str_eq(s->record.comment, "tabletop mode=pvc level=1 human=white");
    play_ok(s, at(4, 4));
    cr_assert_str_eq(go_session_status(s, NULL), "Your move (White)");
    char err[256];
    cr_assert_eq(go_session_undo(s, err, sizeof err), 0);
    cr_assert_eq(s->record.n_moves, 1);
    free(s);
}

Test(go_session, undo_between_two_players_takes_one_move_and_leaves_the_review)
{
    go_session_t *s = session_new();
    start(s, pvp(9));
    play_walls(s);
    char err[256];
    cr_assert_eq(go_session_play(s, pass, err, sizeof err), GO_MOVE_ENDED);
    cr_assert_eq(go_session_undo(s, err, sizeof err), 1);
    cr_assert_eq(s->phase, GO_PHASE_PLAY);
    cr_assert_eq(s->board.game_over, 0);
    cr_assert_eq(s->record.n_moves, 23);
    cr_assert_str_eq(go_session_status(s, NULL), "Took back 1 move - White to play");
    free(s);
}

Test(go_session, resigning_gives_the_game_to_the_other_side)
{
    go_session_t *s = session_new();
    start(s, pvp(9));
    play_ok(s, at(4, 4));
    cr_assert_eq(go_session_resigner(s), WHITE, "the side to move resigns");
    go_session_resign(s, go_session_resigner(s));
    cr_assert_eq(s->phase, GO_PHASE_OVER);
    cr_assert_str_eq(s->result, "B+R");
    cr_assert_str_eq(s->record.result, "B+R");
    cr_assert_eq(go_session_winner(s), BLACK);

    start(s, pvc(3, BLACK, 0));
    cr_assert_eq(s->phase, GO_PHASE_PLAY);
    cr_assert_str_eq(s->result, "");
    play_ok(s, at(4, 4));
    cr_assert_eq(go_session_resigner(s), BLACK, "against the computer, the human resigns");
    go_session_resign(s, BLACK);
    cr_assert_str_eq(s->record.result, "W+R");
    cr_assert_eq(s->resigned, BLACK);
    free(s);
}

Test(go_session, settings_saved_in_the_record_resume_the_same_game)
{
    go_session_t *s = session_new();
    start(s, pvc(2, WHITE, 3));
    cr_assert_str_eq(s->record.comment, "tabletop mode=pvc level=2 human=white handicap=3");
    play_ok(s, at(4, 6)); /* White, the human: handicap games start with White */
    play_ok(s, at(2, 4));
    play_ok(s, at(6, 4));
    sgf_game_t *rec = record_round_trip(s);
    char err[256];

    go_session_info_t info;
    cr_assert_eq(go_session_inspect(rec, &info, err, sizeof err), 0, "%s", err);
    cr_assert_eq(info.set.mode, GO_SESSION_PVC);
    cr_assert_eq(info.set.level, 2);
    cr_assert_eq(info.set.human, WHITE);
    cr_assert_eq(info.set.handicap, 3);
    cr_assert_eq(info.set.size, 9);
    cr_assert_eq(info.moves, 3);
    cr_assert_eq(info.game_over, 0);

    go_session_t *back = session_new();
    cr_assert_eq(go_session_resume(back, rec, err, sizeof err), 0, "%s", err);
    cr_assert_eq(back->set.mode, GO_SESSION_PVC);
    cr_assert_eq(back->set.level, 2);
    cr_assert_eq(back->set.human, WHITE);
    cr_assert_eq(back->board.hash, s->board.hash);
    cr_assert_eq(back->board.turn, BLACK);
    cr_assert_eq(back->board.komi2, 1);
    cr_assert_eq(go_session_handicap(back), 3);
    cr_assert_eq(go_session_ai_turn(back), 1, "the computer (Black) is to move");
    cr_assert_eq(back->phase, GO_PHASE_PLAY);
    free(rec);
    free(back);
    free(s);
}

Test(go_session, a_record_saved_after_two_passes_resumes_in_the_review)
{
    go_session_t *s = session_new();
    start(s, pvp(9));
    play_walls(s);
    char err[256];
    cr_assert_eq(go_session_play(s, pass, err, sizeof err), GO_MOVE_ENDED);
    go_session_t *back = session_new();
    cr_assert_eq(go_session_resume(back, &s->record, err, sizeof err), 0, "%s", err);
    cr_assert_eq(back->phase, GO_PHASE_REVIEW);
    free(back);
    free(s);
}

Test(go_session, the_settings_text_reads_back_as_written)
{
    const go_session_settings_t all[] = {
        pvp(0), pvc(1, BLACK, 0), pvc(3, WHITE, 0), pvc(2, BLACK, 9), pvc(1, WHITE, 2),
    };
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        char text[128], err[256];
        go_session_settings_format(&all[i], text, sizeof text);
        go_session_settings_t back;
        cr_assert_eq(go_session_settings_parse(text, &back, err, sizeof err), 0, "%s: %s", text,
                     err);
        cr_assert_eq(back.mode, all[i].mode, "%s", text);
        cr_assert_eq(back.level, all[i].level, "%s", text);
        cr_assert_eq(back.human, all[i].human, "%s", text);
        cr_assert_eq(back.handicap, all[i].handicap, "%s", text);
    }
}

Test(go_session, a_foreign_or_corrupt_game_comment_is_refused_with_a_reason)
{
    static const struct {
        const char *comment;
        const char *why;
    } bad[] = {
        {"", "not the console's"},
        {"Game played at the club on Sunday", "not the console's"},
        {"tabletopper mode=pvp level=0", "not the console's"},
        {"tabletop", "no mode="},
        {"tabletop mode=pvx level=0", "mode=pvx"},
        {"tabletop mode=pvc level=7", "level=7"},
        {"tabletop mode=pvc", "level=1..4"},
        {"tabletop mode=pvc level=5", "level=5"},
        {"tabletop mode=pvc level=2 colour=red", "unknown setting \"colour\""},
        {"tabletop mode=pvc level=2 human=green", "human=green"},
        {"tabletop mode=pvc level=2 handicap=1", "handicap=1"},
        {"tabletop mode=pvc mode=pvp level=2", "given twice"},
        {"tabletop mode=pvp level=2", "against the computer"},
        {"tabletop mode=pvc level", "not KEY=VALUE"},
    };
    go_session_t *s = session_new();
    start(s, pvp(9));
    play_ok(s, at(4, 4));
    sgf_game_t *rec = calloc(1, sizeof *rec);
    sgf_game_init(rec);
    sgf_add_move(rec, BLACK, at(0, 0));
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(rec->comment, sizeof rec->comment, "%s", bad[i].comment);
        char err[256] = "";
        go_session_info_t info;
        cr_assert_eq(go_session_inspect(rec, &info, err, sizeof err), -1, "\"%s\" accepted",
                     bad[i].comment);
        cr_assert(strstr(err, bad[i].why), "\"%s\": %s", bad[i].comment, err);
        err[0] = 0;
        cr_assert_eq(go_session_resume(s, rec, err, sizeof err), -1);
        cr_assert(strstr(err, bad[i].why), "\"%s\": %s", bad[i].comment, err);
        cr_assert_eq(s->record.n_moves, 1, "the game in play was replaced");
        cr_assert_eq(board_get(&s->board, 4, 4), BLACK);
        cr_assert_eq(board_get(&s->board, 0, 0), EMPTY);
    }
    /* A record whose moves do not replay is refused too. */
    snprintf(rec->comment, sizeof rec->comment, "%s", "tabletop mode=pvp level=0");
    sgf_add_move(rec, WHITE, at(0, 0));
    char err[256] = "";
    cr_assert_eq(go_session_resume(s, rec, err, sizeof err), -1);
    cr_assert(strstr(err, "occupied"), "%s", err);
    cr_assert_eq(s->record.n_moves, 1);
    free(rec);
    free(s);
}

/* Level 4 (the strongest: level 3's search by time) is a level the
 * session starts, names in the record and reads back from it; records of
 * the seed's levels 1-3, written before level 4 existed, still resume. */
Test(go_session, level_4_is_kept_in_the_record_and_resumes)
{
    go_session_t *s = session_new();
    start(s, pvc(4, BLACK, 0));
    cr_assert_str_eq(s->record.comment, "tabletop mode=pvc level=4");
    cr_assert_str_eq(s->record.white, "tabletop level 4");
    play_ok(s, at(4, 4));
    play_ok(s, at(2, 2)); /* the computer's reply, as the screen would play it */
    sgf_game_t *rec = record_round_trip(s);
    char err[256];
    go_session_info_t info;
    cr_assert_eq(go_session_inspect(rec, &info, err, sizeof err), 0, "%s", err);
    cr_assert_eq(info.set.level, 4);
    go_session_t *back = session_new();
    cr_assert_eq(go_session_resume(back, rec, err, sizeof err), 0, "%s", err);
    cr_assert_eq(back->set.mode, GO_SESSION_PVC);
    cr_assert_eq(back->set.level, 4);
    cr_assert_eq(back->board.hash, s->board.hash);
    cr_assert_eq(go_session_ai_turn(back), 0, "the human (Black) is to move");
    /* Saves written by the console before level 4, one a level. */
    static const char *const old[] = {
        "(;GM[1]FF[4]SZ[9]KM[5.5]PB[Human]PW[tabletop level 1]"
        "GC[tabletop mode=pvc level=1];B[ee];W[cc])",
        "(;GM[1]FF[4]SZ[9]KM[5.5]PB[Human]PW[tabletop level 2]"
        "GC[tabletop mode=pvc level=2];B[ee];W[cc])",
        "(;GM[1]FF[4]SZ[9]KM[5.5]PB[tabletop level 3]PW[Human]"
        "GC[tabletop mode=pvc level=3 human=white];B[ee];W[cc])",
    };
    for (int i = 0; i < 3; i++) {
        cr_assert_eq(sgf_parse(old[i], strlen(old[i]), rec, err, sizeof err), 0, "%s", err);
        cr_assert_eq(go_session_resume(back, rec, err, sizeof err), 0, "%s: %s", old[i], err);
        cr_assert_eq(back->set.level, i + 1);
        cr_assert_eq(back->record.n_moves, 2);
    }
    /* Level 5 does not exist. */
    go_session_settings_t five = pvc(5, BLACK, 0);
    cr_assert_eq(go_session_new(s, &five, "tabletop:test", "", err, sizeof err), -1);
    cr_assert(strstr(err, "level 5"), "%s", err);
    free(rec);
    free(back);
    free(s);
}

/* The test's own idea of a one-point eye of color at (r, c), written
 * apart from the engine: an empty point whose four neighbours on the
 * board are all color, and whose diagonal points on the board hold no
 * stone of the other colour (the game below has none anyway). */
static int test_own_eye(const BoardState *b, Stone color, int r, int c)
{
    if (board_get(b, r, c) != EMPTY)
        return 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            int nr = r + dr, nc = c + dc;
            if ((dr == 0 && dc == 0) || nr < 0 || nc < 0 || nr >= b->size || nc >= b->size)
                continue;
            Stone there = board_get(b, nr, nc);
            if ((dr == 0 || dc == 0) && there != color)
                return 0;
            if (dr != 0 && dc != 0 && there == stone_opponent(color))
                return 0;
        }
    return 1;
}

/* Issue 26: a beginner against level 1 who passes every move saw level 1
 * fill its own eyes until it had captured all its own stones, and the game
 * never ended.  Level 1 (the computer, Black) against a human White who
 * passes every move: every move of level 1 is legal and fills none of its
 * own eyes, and the game ends with two passes in a row long before the
 * bound (level 1 can place at most 81 stones: nothing ever captures them). */
Test(go_session, level_1_ends_a_game_against_a_player_who_only_passes)
{
    for (uint64_t seed = 1; seed <= 5; seed++) {
        go_session_t *s = session_new();
        start(s, pvc(1, WHITE, 0));
        AiConfig cfg = {.level = AI_RANDOM, .seed = seed};
        ai_t *ai = ai_create(&cfg);
        cr_assert_not_null(ai);
        int plies = 0;
        while (s->phase == GO_PHASE_PLAY && plies < 400) {
            Move m = pass;
            if (go_session_ai_turn(s)) {
                m = ai_choose(ai, &s->board);
                if (!m.pass) {
                    cr_assert_eq(board_get(&s->board, m.row, m.col), EMPTY);
                    cr_assert(!test_own_eye(&s->board, BLACK, m.row, m.col),
                              "seed %llu, ply %d: level 1 fills its own eye at (%d,%d)",
                              (unsigned long long)seed, plies, m.row, m.col);
                }
            }
            play_ok(s, m);
            plies++;
        }
        cr_assert_eq(s->phase, GO_PHASE_REVIEW, "seed %llu: no end after %d plies",
                     (unsigned long long)seed, plies);
        cr_assert(plies <= 2 * 81 + 2, "seed %llu: %d plies", (unsigned long long)seed, plies);
        int n = s->record.n_moves;
        cr_assert(n >= 2 && s->record.moves[n - 1].move.pass && s->record.moves[n - 2].move.pass);
        cr_assert_eq(s->record.moves[n - 1].color, BLACK, "level 1's pass ends the game");
        /* Its stones all stand: none was ever captured. */
        int black = 0;
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++)
                black += board_get(&s->board, r, c) == BLACK;
        cr_assert_eq(black, (n - 1) / 2, "seed %llu: every stone of level 1 stands",
                     (unsigned long long)seed);
        ai_destroy(ai);
        free(s);
    }
}
