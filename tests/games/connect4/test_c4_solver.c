/*
 * test_c4_solver.c - the perfect level (games/connect4/solver.h, book.h)
 * against sources of truth of its own:
 *   (a) positions of Pascal Pons' public test sets with their published
 *       scores, quoted below as facts (the sets: Test_L3_R1 ... Test_L1_R3,
 *       "MOVES SCORE" lines, published with his benchmark protocol,
 *       http://blog.gamesolver.org/solving-connect-four/02-test-protocol/;
 *       the whole sets run in `tabletop bench connect4 --sets DIR`), and the
 *       two worked examples of that page (4455 scores 18, 44455554221
 *       scores -15);
 *   (b) a plain negamax written here on an array board (no bitboards, no
 *       table, no move ordering, no solver code), on 300 random positions
 *       with 8 to 14 empty cells;
 *   (c) the empty board: a first-player win with the last stone (score 1)
 *       and column 4 the only winning first move (Allis 1988), against the
 *       opening book: after 4 and every reply the book's scores, and the
 *       empty board itself once the book reaches it;
 *   (e) Perfect never loses against the seed's AI (c4_ai.h, the project's
 *       top level before this one) from openings it is not lost in, playing
 *       each side, through the game API (c4_game.h);
 *   (f) a sample of the opening book solved again by the solver;
 *   and consistency: the best columns keep the score, a column's score is
 *   minus the score after it, the budget gives up cleanly.
 * (d), the command line, is in tests/protocols/test_c4_solve_cli.py.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/connect4/book.h"
#include "games/connect4/c4_ai.h"
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

TestSuite(c4_solver, .init = setup, .fini = teardown, .timeout = 120);

/* (a) Lines of Pons' sets, each "MOVES SCORE" as published. */
static const struct {
    const char *set, *moves;
    int score;
} pons_sample[] = {
    {"Test_L3_R1", "2252576253462244111563365343671351441", -1},
    {"Test_L3_R1", "7422341735647741166133573473242566", 1},
    {"Test_L3_R1", "23163416124767223154467471272416755633", 0},
    {"Test_L3_R1", "65214673556155731566316327373221417", -1},
    {"Test_L3_R1", "52677675164321472411331752454", 0},
    {"Test_L2_R1", "5554224333234511764415115", 4},
    {"Test_L2_R1", "52753311433677442422121", 8},
    {"Test_L2_R1", "1233722555341451114725221333", -1},
    {"Test_L2_R1", "271713432331713132", -11},
    {"Test_L2_R1", "763452543756455357732314", -8},
    {"Test_L2_R2", "775423655217723322774542556", 0},
    {"Test_L2_R2", "27222774542216557563711", -1},
    {"Test_L2_R2", "1767235667232175621774455", 2},
    {"Test_L1_R1", "32164625", 11},
    {"Test_L1_R1", "6146", 18},
    {"Test_L1_R1", "243335424257", 12},
    {"Test_L1_R1", "265756512", -12},
    {"Test_L1_R1", "17516442226766", 8},
    {"Test_L1_R2", "577117746741", 8},
    {"Test_L1_R2", "67331624326767", -5},
    {"Test_L1_R2", "32751571231557", -3},
    {"Test_L1_R3", "13234664", -3},
};

Test(c4_solver, pons_sets_sample)
{
    for (size_t i = 0; i < sizeof pons_sample / sizeof pons_sample[0]; i++) {
        c4_game_t g;
        c4_solver_pos_t p;
        pos_of(pons_sample[i].moves, &p, &g);
        c4_solver_reset(solver);
        int want = pons_sample[i].score;
        int score = c4_solver_solve(solver, &p);
        cr_expect_eq(score, want, "%s %s: score %d, published %d", pons_sample[i].set,
                     pons_sample[i].moves, score, want);
        int weak = c4_solver_solve_weak(solver, &p);
        cr_expect_eq(weak, (want > 0) - (want < 0), "%s %s: weak %d", pons_sample[i].set,
                     pons_sample[i].moves, weak);
    }
}

Test(c4_solver, protocol_page_examples)
{
    c4_game_t g;
    c4_solver_pos_t p;
    pos_of("4455", &p, &g);
    cr_expect_eq(c4_solver_solve(solver, &p), 18);
    pos_of("44455554221", &p, &g);
    cr_expect_eq(c4_solver_solve(solver, &p), -15);
}

/* (b) A plain negamax on its own board: cells[c][r], 0 empty, 1 or 2. */
typedef struct {
    int cells[7][6];
    int height[7];
    int moves;
} plain_t;

static int plain_in(int c, int r) { return c >= 0 && c < 7 && r >= 0 && r < 6; }

/* 1 if the disc just dropped at (c, r) makes four for its owner. */
static int plain_four(const plain_t *b, int c, int r)
{
    static const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    int who = b->cells[c][r];
    for (int d = 0; d < 4; d++) {
        int n = 1;
        for (int s = -1; s <= 1; s += 2)
            for (int k = 1; k < 4; k++) {
                int cc = c + s * k * dirs[d][0], rr = r + s * k * dirs[d][1];
                if (!plain_in(cc, rr) || b->cells[cc][rr] != who)
                    break;
                n++;
            }
        if (n >= 4)
            return 1;
    }
    return 0;
}

/* The exact score for the side to move, Pons' convention: a win with the
 * mover's k-th stone is worth 22 - k.  Alpha-beta on the full window, the
 * columns left to right. */
static long plain_nodes;
static int plain_negamax(plain_t *b, int alpha, int beta)
{
    plain_nodes++;
    if (b->moves == 42)
        return 0;
    int best = -100;
    int who = 1 + b->moves % 2;
    for (int c = 0; c < 7; c++) {
        if (b->height[c] == 6)
            continue;
        int r = b->height[c]++;
        b->cells[c][r] = who;
        b->moves++;
        int v;
        if (plain_four(b, c, r))
            v = 22 - (b->moves + 1) / 2; /* the mover's stones, this one included */
        else
            v = -plain_negamax(b, -beta, -(alpha > best ? alpha : best));
        b->moves--;
        b->cells[c][r] = 0;
        b->height[c]--;
        if (v > best)
            best = v;
        if (best >= beta)
            break;
    }
    return best;
}

Test(c4_solver, agrees_with_a_plain_negamax)
{
    unsigned seed = 19;
    int tried = 0;
    long nodes = 0;
    while (tried < 300) {
        /* Random play on the plain board until 8-14 cells are left, no
         * four made on the way. */
        plain_t b;
        memset(&b, 0, sizeof b);
        seed = seed * 1103515245u + 12345u;
        int empties = 8 + (int)((seed >> 16) % 7);
        char moves[43] = "";
        int over = 0;
        while (!over && b.moves < 42 - empties) {
            seed = seed * 1103515245u + 12345u;
            int c = (int)((seed >> 16) % 7);
            if (b.height[c] == 6)
                continue;
            int r = b.height[c]++;
            b.cells[c][r] = 1 + b.moves % 2;
            moves[b.moves++] = (char)('1' + c);
            over = plain_four(&b, c, r);
        }
        if (over)
            continue;
        c4_solver_pos_t p;
        c4_solver_pos_init(&p);
        for (int i = 0; i < b.moves; i++)
            c4_solver_play(&p, moves[i] - '1');
        plain_nodes = 0;
        int want = plain_negamax(&b, -100, 100);
        nodes += plain_nodes;
        c4_solver_reset(solver);
        int got = c4_solver_solve(solver, &p);
        cr_expect_eq(got, want, "%s: solver %d, plain negamax %d", moves, got, want);
        int best;
        unsigned cols = c4_solver_best_columns(solver, &p, &best);
        cr_expect_eq(best, want, "%s", moves);
        /* Every best column keeps the score by the plain negamax too. */
        for (int c = 0; c < 7; c++) {
            if (!(cols & (1u << c)))
                continue;
            int r = b.height[c]++;
            b.cells[c][r] = 1 + b.moves % 2;
            b.moves++;
            int v = plain_four(&b, c, r) ? 22 - (b.moves + 1) / 2 : -plain_negamax(&b, -100, 100);
            b.moves--;
            b.cells[c][r] = 0;
            b.height[c]--;
            cr_expect_eq(v, want, "%s: column %d scores %d, not %d", moves, c + 1, v, want);
        }
        tried++;
    }
    cr_log_info("plain negamax: %ld positions for 300 solves", nodes);
}

Test(c4_solver, best_move_keeps_the_score)
{
    const char *positions[] = {"4455", "44455554221", "274552224131661", "5455174361263362",
                               "2252576253462244111563365343671351441"};
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
        unsigned cols = c4_solver_best_columns(solver, &p, &score);
        for (int c = 0; c < C4_COLS; c++)
            cr_expect_eq(!!(cols & (1u << c)), scores[c] == whole, "%s: column %d",
                         positions[i], c + 1);
    }
}

/* (c) The published facts on the empty board (score 1: the first player
 * wins with its last stone; column 4 the only winning first move), against
 * what the book, generated by the solver, holds: after 4 and any reply the
 * first player still wins, at best with its last stone (score 1 for it);
 * and, when the book reaches the empty board, its score and best column
 * and the first moves' scores. */
Test(c4_solver, empty_board_from_the_book)
{
    c4_solver_pos_t p;
    c4_solver_pos_init(&p);
    c4_solver_play(&p, 3);
    int lowest = 100;
    for (int r = 0; r < C4_COLS; r++) {
        c4_solver_pos_t q = p;
        c4_solver_play(&q, r);
        int sc;
        unsigned cols;
        cr_assert(c4_book_lookup(&q, &sc, &cols), "the book lacks 4%d", r + 1);
        cr_expect_gt(sc, 0, "after 4%d the first player scores %d", r + 1, sc);
        lowest = sc < lowest ? sc : lowest;
    }
    cr_expect_eq(lowest, 1, "after 4, the best reply leaves the first player %d", lowest);
    /* And 4 itself, from the second player's side: lost, to the first
     * player's last stone (-1). */
    int sc4;
    unsigned cols4;
    cr_assert(c4_book_lookup(&p, &sc4, &cols4), "the book lacks 4");
    cr_expect_eq(sc4, -1, "after 4 the second player scores %d", sc4);

    c4_solver_pos_init(&p);
    int score;
    unsigned cols;
    if (c4_book_lookup(&p, &score, &cols)) {
        cr_expect_eq(score, 1, "the empty board scores %d", score);
        cr_expect_eq(cols, 1u << 3, "best first columns %#x", cols);
        for (int c = 0; c < C4_COLS; c++) {
            c4_solver_pos_t q = p;
            c4_solver_play(&q, c);
            int sc;
            unsigned qc;
            cr_assert(c4_book_lookup(&q, &sc, &qc), "first move %d missing", c + 1);
            cr_expect_eq(sc < 0, c == 3, "after %d the second player scores %d", c + 1, sc);
        }
    }
}

/* (f) Book entries with the most discs (the quickest to solve again),
 * and the perfect move taken from the book. */
Test(c4_solver, book_sample_matches_the_solver)
{
    cr_assert_geq(c4_book_count, 1, "the book is empty");
    size_t checked = 0;
    for (int d = c4_book_depth; d >= 0 && checked < 8; d--) {
        for (size_t i = 0; i < c4_book_count && checked < 8; i += 1 + c4_book_count / 40) {
            c4_solver_pos_t p;
            int score;
            unsigned cols;
            c4_book_entry(i, &p, &score, &cols);
            if (p.moves != d)
                continue;
            cr_assert_eq(__builtin_popcountll(p.mask), p.moves);
            c4_solver_reset(solver);
            int s2;
            unsigned c2 = c4_solver_best_columns(solver, &p, &s2);
            cr_expect_eq(s2, score, "book entry %zu: score %d, solver %d", i, score, s2);
            cr_expect_eq(c2, cols, "book entry %zu: columns %#x, solver %#x", i, cols, c2);
            int bs;
            unsigned bc;
            cr_expect(c4_book_lookup(&p, &bs, &bc) && bs == score && bc == cols);
            int ms;
            int col = c4_perfect_move(solver, &p, &ms);
            cr_expect_eq(col, c4_book_first_col(cols));
            cr_expect_eq(ms, score);
            checked++;
        }
    }
    cr_expect_geq(checked, 8, "only %zu book entries checked", checked);
}

/* A mirrored position finds its mirror's entry, columns mirrored. */
Test(c4_solver, book_mirror_lookup)
{
    cr_assert_geq(c4_book_count, 1);
    c4_solver_pos_t p;
    int score;
    unsigned cols;
    c4_book_entry(c4_book_count / 2, &p, &score, &cols);
    c4_solver_pos_t m = {0, 0, p.moves};
    for (int c = 0; c < C4_COLS; c++) {
        m.current |= ((p.current >> (7 * c)) & 0x7Full) << (7 * (6 - c));
        m.mask |= ((p.mask >> (7 * c)) & 0x7Full) << (7 * (6 - c));
    }
    int ms;
    unsigned mc;
    cr_assert(c4_book_lookup(&m, &ms, &mc));
    cr_expect_eq(ms, score);
    for (int c = 0; c < C4_COLS; c++)
        cr_expect_eq(!!(mc & (1u << c)), !!(cols & (1u << (6 - c))));
}

/* (e) Perfect against the seed's AI, from openings of 12 random plies,
 * at least once as each player. */
Test(c4_solver, perfect_never_loses_to_the_seed_ai)
{
    unsigned seed = 2024;
    int games = 0, perfect_wins = 0, as_first = 0;
    while (games < 6 || !as_first || as_first == games) {
        c4_game_t g;
        c4_game_init(&g);
        int ok = 1;
        for (int i = 0; i < 12 && ok; i++) {
            seed = seed * 1103515245u + 12345u;
            int c = (int)((seed >> 16) % 7);
            if (!c4_game_can_play(&g, c)) {
                i--;
                continue;
            }
            c4_game_play(&g, c);
            ok = !c4_game_is_over(&g);
        }
        if (!ok)
            continue;
        c4_solver_pos_t p;
        c4_solver_pos_from_game(&p, &g);
        int start = c4_solver_solve(solver, &p); /* for the side to move */
        /* Perfect plays the side that is not lost (the side to move when
         * the position is drawn, and alternately otherwise both ways). */
        int perfect = start >= 0 ? g.to_move : 3 - g.to_move;
        int perfect_score = perfect == g.to_move ? start : -start;
        while (!c4_game_is_over(&g)) {
            int col;
            if (g.to_move == perfect) {
                c4_solver_pos_from_game(&p, &g);
                col = c4_perfect_move(solver, &p, NULL);
            } else {
                uint16_t rows[C4_ROWS];
                c4_game_state_rows(&g, g.to_move, rows);
                col = (int)(c4_ai_decide(rows, NULL) & 7u);
            }
            cr_assert_eq(c4_game_play(&g, col), C4_OK, "illegal column %d", col + 1);
        }
        cr_expect(g.winner == 0 || g.winner == perfect, "game %d: Perfect (player %d) lost",
                  games, perfect);
        if (perfect_score > 0)
            cr_expect_eq(g.winner, perfect, "game %d: a won start not won", games);
        perfect_wins += g.winner == perfect;
        as_first += perfect == C4_P1;
        games++;
        cr_assert_lt(games, 20, "no opening for one of the sides");
    }
    cr_log_info("Perfect won %d of %d games against the seed's AI", perfect_wins, games);
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
    cr_expect_eq(c4_solver_best_columns(solver, &p, NULL), 0u);
    c4_solver_set_budget(solver, 0);
    int score;
    int col = c4_solver_best_move(solver, &p, &score);
    cr_expect(!c4_solver_aborted(solver));
    cr_expect_eq(score, -3);
    cr_expect(col >= 0 && col < C4_COLS);
}
