/*
 * test_c4_solver.c - the perfect level (games/connect4/solver.h) against
 * sources of truth of its own:
 *   - Pascal Pons' public test sets (tests/data/connect4/pons, from
 *     http://blog.gamesolver.org/solving-connect-four/02-test-protocol/):
 *     a sample of five sets, every score exact (Test_L1_R3, about 5 s a
 *     position, is left to `tabletop bench connect4`);
 *   - the two worked examples of his test-protocol page (4455 scores 18,
 *     44455554221 scores -15);
 *   - a plain minimax written here without any of the solver's pruning,
 *     on positions with at most 10 empty cells;
 *   - consistency: the best move's score is the position's, and a column's
 *     score is minus the score after it.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/connect4/c4_game.h"
#include "games/connect4/solver.h"

static c4_solver_t *solver;

static void setup(void)
{
    solver = c4_solver_new(C4_SOLVER_TABLE_LOG2);
    cr_assert_not_null(solver);
}

static void teardown(void) { c4_solver_free(solver); }

static void pos_of(const char *moves, c4_solver_pos_t *p, c4_game_t *g)
{
    char err[128];
    cr_assert_eq(c4_game_parse(g, moves, err, sizeof err), C4_OK, "%s: %s", moves, err);
    cr_assert(!c4_game_is_over(g), "%s is over", moves);
    c4_solver_pos_from_game(p, g);
}

/* Solves every step-th line of a set (at most limit lines) and expects
 * the published score of each. */
static void check_set(const char *file, int step, int limit)
{
    const char *dir = getenv("TABLETOP_TEST_DATA");
    cr_assert_not_null(dir, "TABLETOP_TEST_DATA is not set");
    char path[4096];
    snprintf(path, sizeof path, "%s/connect4/pons/%s", dir, file);
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "cannot open %s", path);
    char line[256], moves[128];
    int expected, n = 0, checked = 0;
    while (checked < limit && fgets(line, sizeof line, f)) {
        cr_assert_eq(sscanf(line, "%127s %d", moves, &expected), 2, "%s: bad line '%s'", file,
                     line);
        if (n++ % step)
            continue;
        c4_game_t g;
        c4_solver_pos_t p;
        pos_of(moves, &p, &g);
        c4_solver_reset(solver);
        int score = c4_solver_solve(solver, &p);
        cr_expect_eq(score, expected, "%s line %d (%s): score %d, published %d", file, n, moves,
                     score, expected);
        int weak = c4_solver_solve_weak(solver, &p);
        cr_expect_eq(weak, (expected > 0) - (expected < 0), "%s (%s): weak %d", file, moves,
                     weak);
        checked++;
    }
    fclose(f);
    cr_assert_eq(checked, limit, "%s: only %d positions", file, checked);
}

TestSuite(c4_solver, .init = setup, .fini = teardown, .timeout = 120);

Test(c4_solver, pons_end_easy) { check_set("Test_L3_R1", 5, 200); }
Test(c4_solver, pons_middle_easy) { check_set("Test_L2_R1", 5, 200); }
Test(c4_solver, pons_middle_medium) { check_set("Test_L2_R2", 50, 20); }
Test(c4_solver, pons_begin_easy) { check_set("Test_L1_R1", 10, 100); }
Test(c4_solver, pons_begin_medium) { check_set("Test_L1_R2", 250, 4); }

Test(c4_solver, protocol_page_examples)
{
    c4_game_t g;
    c4_solver_pos_t p;
    pos_of("4455", &p, &g);
    cr_expect_eq(c4_solver_solve(solver, &p), 18);
    pos_of("44455554221", &p, &g);
    cr_expect_eq(c4_solver_solve(solver, &p), -15);
}

/* Plain minimax by the rules of c4_game (no bitboards, no bounds, no
 * table): the score in Pons' convention for the side to move. */
static int plain_minimax(c4_game_t *g)
{
    int best = -100;
    for (int c = 0; c < C4_COLS; c++) {
        if (!c4_game_can_play(g, c))
            continue;
        int mover = g->to_move;
        c4_game_play(g, c);
        int v;
        if (g->winner == mover) {
            int stones = (g->moves + 1) / 2; /* the mover's stones incl. this one */
            v = 22 - stones;
        } else if (g->moves == C4_CELLS) {
            v = 0;
        } else {
            v = -plain_minimax(g);
        }
        c4_game_undo(g);
        if (v > best)
            best = v;
    }
    return best;
}

Test(c4_solver, agrees_with_plain_minimax)
{
    /* Random games stopped with 10 empty cells left, from a fixed seed. */
    unsigned seed = 19;
    int tried = 0;
    while (tried < 40) {
        c4_game_t g;
        c4_game_init(&g);
        while (!c4_game_is_over(&g) && g.moves < C4_CELLS - 10) {
            seed = seed * 1103515245u + 12345u;
            int c = (int)((seed >> 16) % 7);
            if (c4_game_can_play(&g, c))
                c4_game_play(&g, c);
        }
        if (c4_game_is_over(&g))
            continue;
        c4_solver_pos_t p;
        c4_solver_pos_from_game(&p, &g);
        c4_solver_reset(solver);
        int want = plain_minimax(&g);
        cr_expect_eq(c4_solver_solve(solver, &p), want, "position %d: minimax %d", tried, want);
        tried++;
    }
}

Test(c4_solver, best_move_keeps_the_score)
{
    const char *positions[] = {"4455", "44455554221", "274552224131661", "5455174361263362",
                               "2252576253462244111563365343671351441", "32164625"};
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        c4_game_t g;
        c4_solver_pos_t p;
        pos_of(positions[i], &p, &g);
        int whole = c4_solver_solve(solver, &p);
        int scores[C4_COLS], score;
        c4_solver_column_scores(solver, &p, scores);
        int best = -100, first = -1;
        static const int order[C4_COLS] = {3, 2, 4, 1, 5, 0, 6};
        for (int k = 0; k < C4_COLS; k++) {
            int c = order[k];
            if (scores[c] > best) {
                best = scores[c];
                first = c;
            }
        }
        cr_expect_eq(best, whole, "%s: best column score %d, position %d", positions[i], best,
                     whole);
        int col = c4_solver_best_move(solver, &p, &score);
        cr_expect_eq(score, whole, "%s", positions[i]);
        cr_expect_eq(col, first, "%s: column %d, the first best is %d", positions[i], col + 1,
                     first + 1);
    }
}

Test(c4_solver, rejects_table_sizes_that_break_the_keys)
{
    cr_expect_null(c4_solver_new(10));
    cr_expect_null(c4_solver_new(40));
}

Test(c4_solver, budget_gives_up_and_leaves_the_table_exact)
{
    /* A Begin-Medium position takes far more than 1000 positions. */
    c4_game_t g;
    c4_solver_pos_t p;
    pos_of("32751571231557", &p, &g); /* Test_L1_R2, published score -3 */
    c4_solver_set_budget(solver, 1000);
    cr_expect_eq(c4_solver_best_move(solver, &p, NULL), -1);
    cr_expect(c4_solver_aborted(solver));
    c4_solver_set_budget(solver, 0);
    int score;
    int col = c4_solver_best_move(solver, &p, &score);
    cr_expect(!c4_solver_aborted(solver));
    cr_expect_eq(score, -3);
    cr_expect(col >= 0 && col < C4_COLS);
}
