/*
 * test_othello_engine.c - the engine against an independent model: a plain
 * exhaustive minimax written here over the rules API (no pruning, no
 * table, no ordering), on positions from seeded random games; and hand-built
 * tactics whose answer the minimax confirms.
 */
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>

#include "games/othello/othello.h"
#include "games/othello/othello_engine.h"

/* The final disc difference for the side to move, empties to the winner. */
static int final_score(const othello_board_t *b)
{
    int me = othello_count(b, b->to_move), them = othello_count(b, !b->to_move);
    int empties = 64 - me - them, d = me - them;
    return d > 0 ? d + empties : d < 0 ? d - empties : 0;
}

/* Exhaustive minimax: every line to the end of the game. */
static int minimax(const othello_board_t *b)
{
    if (othello_game_over(b))
        return final_score(b);
    uint64_t moves = othello_legal_moves(b);
    if (!moves) {
        othello_board_t c = *b;
        cr_assert_eq(othello_play(&c, OTHELLO_PASS), 0);
        return -minimax(&c);
    }
    int best = -1000;
    for (int sq = 0; sq < 64; sq++)
        if (moves >> sq & 1) {
            othello_board_t c = *b;
            cr_assert_eq(othello_play(&c, sq), 0);
            int s = -minimax(&c);
            if (s > best)
                best = s;
        }
    return best;
}

/* The minimax value of playing move in b (for the side to move in b). */
static int minimax_after(const othello_board_t *b, int move)
{
    othello_board_t c = *b;
    cr_assert_eq(othello_play(&c, move), 0);
    return -minimax(&c);
}

static uint64_t rng = 0x2545F4914F6CDD1DULL;
static uint64_t rng_next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* A random game from the start stopped at `empties` empty squares (or at
 * its end).  Returns 0 if the game ended first. */
static int random_position(othello_board_t *b, int empties)
{
    othello_board_start(b);
    while (64 - othello_count(b, 0) - othello_count(b, 1) > empties) {
        if (othello_game_over(b))
            return 0;
        uint64_t m = othello_legal_moves(b);
        int move = OTHELLO_PASS;
        if (m) {
            int pick = (int)(rng_next() % (uint64_t)__builtin_popcountll(m));
            while (pick--)
                m &= m - 1;
            move = __builtin_ctzll(m);
        }
        cr_assert_eq(othello_play(b, move), 0);
    }
    return !othello_game_over(b);
}

Test(othello_engine, solver_equals_exhaustive_minimax, .timeout = 300)
{
    othello_engine_t *e = othello_engine_new();
    cr_assert_not_null(e);
    int checked = 0;
    for (int i = 0; i < 400; i++) {
        int empties = 2 + i % 8; /* 2..9 */
        othello_board_t b;
        if (!random_position(&b, empties))
            continue;
        int want = minimax(&b);
        int best = OTHELLO_NO_MOVE;
        int got = othello_engine_solve(e, &b, &best, NULL);
        cr_assert_eq(got, want, "position %d (%d empties): solver %d, minimax %d", i, empties,
                     got, want);
        if (best != OTHELLO_PASS)
            cr_assert_eq(minimax_after(&b, best), want, "position %d: best move is not best", i);
        checked++;
    }
    cr_assert_gt(checked, 300);
    othello_engine_free(e);
}

Test(othello_engine, solver_at_ten_empties, .timeout = 300)
{
    othello_engine_t *e = othello_engine_new();
    for (int i = 0; i < 6; i++) {
        othello_board_t b;
        if (!random_position(&b, 10))
            continue;
        int want = minimax(&b);
        int got = othello_engine_solve(e, &b, NULL, NULL);
        cr_assert_eq(got, want, "position %d: solver %d, minimax %d", i, got, want);
    }
    othello_engine_free(e);
}

/* A solver table of 2^10 entries (512 buckets): entries are replaced all
 * the time, the enhanced transposition cut-off (from 10 empties) reads
 * children's bounds that may be gone; the exact score must not change. */
Test(othello_engine, solver_with_a_tiny_table_equals_minimax, .timeout = 300)
{
    cr_assert_null(othello_engine_new_sized(9), "a table below 2^10 entries is refused");
    cr_assert_null(othello_engine_new_sized(29), "a table above 2^28 entries is refused");
    othello_engine_t *e = othello_engine_new_sized(10);
    cr_assert_not_null(e);
    for (int i = 0; i < 8; i++) {
        othello_board_t b;
        if (!random_position(&b, 10 + (i & 1)))
            continue;
        int want = minimax(&b);
        int best = OTHELLO_NO_MOVE;
        int got = othello_engine_solve(e, &b, &best, NULL);
        cr_assert_eq(got, want, "position %d: solver %d, minimax %d", i, got, want);
        if (best != OTHELLO_PASS)
            cr_assert_eq(minimax_after(&b, best), want, "position %d: best move is not best", i);
    }
    othello_engine_free(e);
}

Test(othello_engine, every_level_plays_a_legal_move_and_solves_when_it_should, .timeout = 300)
{
    othello_engine_t *e = othello_engine_new();
    for (int level = OTHELLO_LEVEL_MIN; level <= OTHELLO_LEVEL_MAX; level++) {
        othello_level_t cfg = othello_level_config(level);
        for (int i = 0; i < (level >= 6 ? 5 : 12); i++) {
            othello_board_t b;
            int empties = 6 + (int)(rng_next() % 40);
            if (!random_position(&b, empties))
                continue;
            othello_result_t r;
            cr_assert_eq(othello_engine_think(e, &b, cfg, &r), 0);
            cr_assert(othello_is_legal(&b, r.move), "level %d: move %d illegal", level, r.move);
            int n = 64 - othello_count(&b, 0) - othello_count(&b, 1);
            if (n <= cfg.exact_empties && n <= 9 && r.move != OTHELLO_PASS) {
                cr_assert(r.exact);
                int want = minimax(&b);
                cr_assert_eq(r.score, 100 * want, "level %d: exact score", level);
                cr_assert_eq(minimax_after(&b, r.move), want, "level %d: not a best move", level);
            }
        }
    }
    othello_board_t over;
    cr_assert_eq(othello_board_from_text(&over, "XXXXXXXX XXXXXXXX XXXXXXXX XXXXXXXX "
                                                "XXXXXXXX XXXXXXXX XXXXXXXX XXXXXXXX",
                                         OTHELLO_WHITE),
                 0);
    othello_result_t r;
    cr_assert_eq(othello_engine_think(e, &over, othello_level_config(3), &r), -1);
    cr_assert_eq(r.move, OTHELLO_NO_MOVE);
    othello_engine_free(e);
}

Test(othello_engine, takes_the_corner)
{
    /* Black to move.  a1 takes the corner (flipping b1, c1's X closes the
     * line); Black's other moves flip centre discs.  With 53 empties the
     * minimax is out of reach, so the source of truth is the textbook
     * corner rule: a free corner that costs nothing is taken, at every level. */
    othello_board_t b;
    cr_assert_eq(othello_board_from_text(&b,
                                         ".OX..... ..O..... ...XO... ...OX... "
                                         "...XO... ........ ........ ........",
                                         OTHELLO_BLACK),
                 0);
    cr_assert(othello_is_legal(&b, othello_parse_move("a1")));
    othello_engine_t *e = othello_engine_new();
    for (int level = OTHELLO_LEVEL_MIN; level <= OTHELLO_LEVEL_MAX; level++) {
        othello_result_t r;
        othello_engine_clear(e);
        othello_engine_think(e, &b, othello_level_config(level), &r);
        char mv[8];
        cr_assert_str_eq(othello_format_move(r.move, mv), "a1", "level %d", level);
    }
    othello_engine_free(e);
}

Test(othello_engine, takes_a_corner_that_wins_the_endgame)
{
    /* Few empties: here the minimax itself says which move is best, and a
     * corner move is among Black's choices; every level plays a move of the
     * minimax's best value. */
    othello_engine_t *e = othello_engine_new();
    int found = 0;
    for (int i = 0; i < 300 && found < 10; i++) {
        othello_board_t b;
        if (!random_position(&b, 8))
            continue;
        uint64_t corners = othello_legal_moves(&b) & 0x8100000000000081ULL;
        if (!corners)
            continue;
        int want = minimax(&b);
        int corner_best = 0;
        for (int sq = 0; sq < 64; sq++)
            if ((corners >> sq & 1) && minimax_after(&b, sq) == want)
                corner_best = 1;
        if (!corner_best)
            continue;
        found++;
        for (int level = OTHELLO_LEVEL_MIN + 1; level <= OTHELLO_LEVEL_MAX; level++) {
            othello_result_t r;
            othello_engine_think(e, &b, othello_level_config(level), &r);
            cr_assert_eq(minimax_after(&b, r.move), want, "position %d level %d", i, level);
        }
    }
    cr_assert_gt(found, 3);
    othello_engine_free(e);
}
