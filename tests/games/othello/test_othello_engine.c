/*
 * test_othello_engine.c - the engine against an independent model: a plain
 * exhaustive minimax written here over the rules API (no pruning, no
 * table, no ordering), on positions from seeded random games; and hand-built
 * tactics whose answer the minimax confirms.
 */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "games/othello/othello.h"
#include "games/othello/othello_engine.h"
/* The solver's table, for a test that plants entries in it (below). */
#include "games/othello/internal/othello_engine_internal.h"
#include "tests/test_data.h"

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

Test(othello_engine, a_time_limit_deepens_only_the_strongest_level, .timeout = 120)
{
    /* Under a time limit the strongest level searches past its depth while
     * the time lasts (it stops starting iterations after 30% of it), and the
     * weaker levels keep theirs.  A stop at the level's own depth is
     * allowed only when a quarter of the time had gone: the old cap (11
     * plies in 0.1-0.8 s on these positions here) fails.  Deadline-bound,
     * so the test takes up to 12 s. */
    othello_engine_t *e = othello_engine_new();
    for (int i = 0; i < 2; i++) {
        othello_board_t b;
        cr_assert(random_position(&b, 24 + 2 * i));
        othello_level_t top = othello_level_config(OTHELLO_LEVEL_MAX);
        top.time_limit = 6.0;
        othello_result_t r;
        othello_engine_clear(e);
        cr_assert_eq(othello_engine_think(e, &b, top, &r), 0);
        cr_assert(othello_is_legal(&b, r.move));
        cr_assert(r.depth > top.depth || r.seconds >= 0.25 * top.time_limit,
                  "stopped at %d plies after %.3f s of %.1f", r.depth, r.seconds, top.time_limit);
        othello_level_t weak = othello_level_config(4);
        weak.time_limit = 1.0;
        cr_assert_eq(othello_engine_think(e, &b, weak, &r), 0);
        cr_assert(othello_is_legal(&b, r.move));
        cr_assert_leq(r.depth, weak.depth);
    }
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

/* ---- the solver on several threads ----------------------------------- */

/* One line of an FFO .obf file: the position, its published best score and
 * every move's published score (Edax's files list them all). */
typedef struct obf_line {
    othello_board_t b;
    int best;
    int n;
    int sq[40], score[40];
} obf_line_t;

static int read_obf(const char *name, obf_line_t *out, int max)
{
    FILE *f = test_data_open("othello", name, "r");
    char line[512];
    int n = 0;
    while (n < max && fgets(line, sizeof line, f)) {
        obf_line_t *l = &out[n];
        memset(l, 0, sizeof *l);
        line[64] = 0;
        cr_assert_eq(othello_board_from_text(&l->b, line, line[65] == 'X' ? OTHELLO_BLACK
                                                                           : OTHELLO_WHITE), 0);
        l->best = -100;
        for (char *c = strchr(line + 66, ';'); c && l->n < 40; c = strchr(c + 1, ';')) {
            char col, row;
            int score;
            if (sscanf(c, "; %c%c:%d", &col, &row, &score) != 3)
                break;
            l->sq[l->n] = (row - '1') * 8 + (col - 'A');
            l->score[l->n++] = score;
            if (score > l->best)
                l->best = score;
        }
        cr_assert_gt(l->n, 0, "%s line %d lists no move", name, n + 1);
        n++;
    }
    fclose(f);
    return n;
}

/* The published score of move sq in l (-100 when it is not listed). */
static int obf_move_score(const obf_line_t *l, int sq)
{
    for (int i = 0; i < l->n; i++)
        if (l->sq[i] == sq)
            return l->score[i];
    return -100;
}

Test(othello_engine, set_threads_refuses_out_of_range)
{
    othello_engine_t *e = othello_engine_new();
    cr_assert_eq(othello_engine_set_threads(e, 0), -1);
    cr_assert_eq(othello_engine_set_threads(e, 9), -1);
    cr_assert_eq(othello_engine_set_threads(e, 2), 0);
    cr_assert_eq(othello_engine_set_threads(e, 1), 0);
    othello_engine_free(e);
}

/* FFO #20-#29 (6 to 20 empties; the split points open from 12) on 2 and 4
 * threads, with the default table and with 2^10 entries (replaced all the
 * time, written by several threads at once): every score is the published
 * one, and every chosen move is one the FFO list gives that score. */
Test(othello_engine, threads_solve_ffo_20_29_as_published, .timeout = 600)
{
    static obf_line_t ffo[10];
    int n = read_obf("ffo-20-39.obf", ffo, 10);
    cr_assert_eq(n, 10);
    const int config[][2] = {{2, OTHELLO_TABLE_BITS_DEFAULT}, {4, 10}};
    for (int c = 0; c < 2; c++) {
        othello_engine_t *e = othello_engine_new_sized(config[c][1]);
        cr_assert_not_null(e);
        cr_assert_eq(othello_engine_set_threads(e, config[c][0]), 0);
        for (int i = 0; i < n; i++) {
            int best = OTHELLO_NO_MOVE;
            int got = othello_engine_solve(e, &ffo[i].b, &best, NULL);
            cr_assert_eq(got, ffo[i].best, "FFO #%d on %d threads (2^%d table): %+d, published %+d",
                         20 + i, config[c][0], config[c][1], got, ffo[i].best);
            cr_assert_eq(obf_move_score(&ffo[i], best), ffo[i].best,
                         "FFO #%d on %d threads: move %d is not a best move", 20 + i,
                         config[c][0], best);
        }
        othello_engine_free(e);
    }
}

/* FFO #number (40-59) from tests/data/othello/ffo-40-59.obf, whose lines
 * give the position and only the best score: the position in *b, the
 * score returned. */
static int read_ffo_40_59(int number, othello_board_t *b)
{
    FILE *f = test_data_open("othello", "ffo-40-59.obf", "r");
    char line[512];
    int score = 0, found = 0;
    while (!found && fgets(line, sizeof line, f)) {
        int k = 0;
        if (sscanf(line + 66, "; %d; #%d", &score, &k) != 2 || k != number)
            continue;
        line[64] = 0;
        cr_assert_eq(othello_board_from_text(b, line, line[65] == 'X' ? OTHELLO_BLACK
                                                                     : OTHELLO_WHITE), 0);
        found = 1;
    }
    fclose(f);
    cr_assert(found, "FFO #%d is not in ffo-40-59.obf", number);
    return score;
}

/* FFO #46 and #47 (24 and 25 empties): from 24 the solver searches twice
 * with ProbCut's cuts before the exact search, and their bounds, which are
 * not proved, must never decide the exact one.  On 2 threads with the
 * default table, and on one with 2^12 entries, where the passes' entries
 * and the exact ones replace each other all the time: the published score
 * (tests/data/othello/ffo-40-59.obf gives only the best), and the chosen
 * move, played, leaves the opponent exactly its negation. */
Test(othello_engine, selective_passes_leave_ffo_46_47_exact, .timeout = 600)
{
    othello_board_t pos[2];
    const int published[2] = {read_ffo_40_59(46, &pos[0]), read_ffo_40_59(47, &pos[1])};
    const int config[][2] = {{2, OTHELLO_TABLE_BITS_DEFAULT}, {1, 12}};
    othello_engine_t *check = othello_engine_new(); /* the moves' own table */
    cr_assert_not_null(check);
    for (int c = 0; c < 2; c++) {
        othello_engine_t *e = othello_engine_new_sized(config[c][1]);
        cr_assert_not_null(e);
        cr_assert_eq(othello_engine_set_threads(e, config[c][0]), 0);
        for (int i = 0; i < 2; i++) {
            cr_assert_geq(64 - othello_count(&pos[i], OTHELLO_BLACK) -
                              othello_count(&pos[i], OTHELLO_WHITE),
                          24, "FFO #%d has fewer empties than the passes start from", 46 + i);
            int best = OTHELLO_NO_MOVE;
            int got = othello_engine_solve(e, &pos[i], &best, NULL);
            cr_assert_eq(got, published[i],
                         "FFO #%d on %d threads (2^%d table): %+d, published %+d", 46 + i,
                         config[c][0], config[c][1], got, published[i]);
            othello_board_t child = pos[i];
            cr_assert_eq(othello_play(&child, best), 0, "FFO #%d: move %d is illegal", 46 + i,
                         best);
            othello_engine_clear(check);
            cr_assert_eq(-othello_engine_solve(check, &child, NULL, NULL), published[i],
                         "FFO #%d on %d threads: move %d is not a best move", 46 + i,
                         config[c][0], best);
        }
        othello_engine_free(e);
    }
    othello_engine_free(check);
}

/* The table's marks, by a planted lie: every child of FFO #40 (19 empties,
 * where a pass may cut) given a stored score of -64 for its mover, which
 * would make every move of #40 worth +64.  Marked with a pass's
 * selectivity the lie must change nothing (+38, the published score);
 * marked exact it must be believed (+64), so the test sees the table. */
Test(othello_engine, a_pass_bound_never_decides_an_exact_search, .timeout = 120)
{
    othello_board_t b;
    cr_assert_eq(read_ffo_40_59(40, &b), 38);
    const int sel[2] = {1, SEL_EXACT}, want[2] = {38, 64};
    for (int k = 0; k < 2; k++) {
        othello_engine_t *e = othello_engine_new();
        cr_assert_not_null(e);
        int planted = 0;
        for (uint64_t m = othello_legal_moves(&b); m; m &= m - 1) {
            othello_board_t c = b;
            cr_assert_eq(othello_play(&c, __builtin_ctzll(m)), 0);
            /* The child as the solver looks it up: the opponent to move. */
            uint64_t cp = c.disc[!b.to_move], co = c.disc[b.to_move];
            int empties = 64 - othello_popcount(cp | co);
            cr_assert_geq(empties, SOLVE_PROBCUT_MIN_EMPTIES);
            tt_store(e->end, e->end_bits, cp, co, SOLVE_DEPTH(empties, sel[k]), -65, 65, -64, -1);
            planted++;
        }
        cr_assert_gt(planted, 1);
        int got = othello_engine_solve(e, &b, NULL, NULL);
        cr_assert_eq(got, want[k], "FFO #40 with its children's entries at selectivity %d: %+d",
                     sel[k], got);
        othello_engine_free(e);
    }
}

/* Positions of random games at 13-16 empties: 2 threads give the one-thread
 * score, and the chosen move, played, is worth it (solved on one thread). */
Test(othello_engine, threads_equal_one_thread_on_random_positions, .timeout = 600)
{
    othello_engine_t *one = othello_engine_new();
    othello_engine_t *two = othello_engine_new_sized(12);
    cr_assert_not_null(one);
    cr_assert_not_null(two);
    cr_assert_eq(othello_engine_set_threads(two, 2), 0);
    int checked = 0;
    for (int i = 0; i < 24; i++) {
        othello_board_t b;
        if (!random_position(&b, 13 + i % 4))
            continue;
        int want = othello_engine_solve(one, &b, NULL, NULL);
        int best = OTHELLO_NO_MOVE;
        int got = othello_engine_solve(two, &b, &best, NULL);
        cr_assert_eq(got, want, "position %d: 2 threads %d, 1 thread %d", i, got, want);
        if (best != OTHELLO_PASS) {
            othello_board_t c = b;
            cr_assert_eq(othello_play(&c, best), 0, "position %d: move %d is illegal", i, best);
            cr_assert_eq(-othello_engine_solve(one, &c, NULL, NULL), want,
                         "position %d: the 2-thread move %d is not best", i, best);
        }
        checked++;
    }
    cr_assert_gt(checked, 16);
    othello_engine_free(one);
    othello_engine_free(two);
}
