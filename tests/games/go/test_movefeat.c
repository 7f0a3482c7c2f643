/*
 * test_movefeat.c - the features of a candidate move (movefeat.h) and the
 * learned strengths the tree's priors use.
 *
 * Sources of truth: the board's own geometry (a position turned or
 * mirrored on the board must give every point the same shape class),
 * diagrams whose tactics are read off by hand, and what any Go player
 * knows of the fitted strengths (a capture beats a quiet move, a
 * self-atari loses to it).
 */
#include <criterion/criterion.h>
#include <string.h>

#include "games/go/board.h"
#include "games/go/internal/board_private.h"
#include "games/go/internal/movefeat.h"
#include "tests/games/go/test_util.h"

static uint64_t rng = 0x9E3779B97F4A7C15ULL;
static unsigned rnd(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

/* (r, c) under symmetry k of an n x n board: k & 4 mirrors, k & 3 turns. */
static void sym(int k, int n, int r, int c, int *rr, int *cc)
{
    if (k & 4)
        c = n - 1 - c;
    for (int t = 0; t < (k & 3); t++) {
        int r2 = c, c2 = n - 1 - r; /* a quarter turn clockwise */
        r = r2;
        c = c2;
    }
    *rr = r;
    *cc = c;
}

Test(movefeat, a_shape_class_is_the_same_on_the_board_turned_and_mirrored)
{
    movefeat_init();
    int raw_differs = 0, big_differs = 0, checked = 0;
    for (int game = 0; game < 40; game++) {
        BoardState b;
        board_reset(&b, 9, 11);
        int moves = 10 + (int)rnd(50);
        for (int i = 0; i < moves; i++) {
            int p = b.empty_list[rnd((unsigned)b.n_empty)];
            if (board_check_point(&b, b.turn, p) == MOVE_OK && !board_is_eye(&b, b.turn, p))
                board_play_point(&b, b.turn, p);
            else
                board_pass(&b);
        }
        for (int k = 1; k < 8; k++) {
            BoardState t;
            board_reset(&t, 9, 11);
            for (int r = 0; r < 9; r++)
                for (int c = 0; c < 9; c++) {
                    int rr, cc;
                    sym(k, 9, r, c, &rr, &cc);
                    if (board_get(&b, r, c) != EMPTY)
                        cr_assert_eq(board_setup_any(&t, board_get(&b, r, c), rr, cc), 0);
                }
            for (int r = 0; r < 9; r++)
                for (int c = 0; c < 9; c++) {
                    int p = board_point(r, c), rr, cc;
                    if (b.color[p] != EMPTY || board_check_point(&b, BLACK, p) != MOVE_OK)
                        continue;
                    sym(k, 9, r, c, &rr, &cc);
                    movefeat_t f, g;
                    movefeat_of(&b, BLACK, p, NULL, &f);
                    movefeat_of(&t, BLACK, board_point(rr, cc), NULL, &g);
                    cr_assert_eq(movefeat_canonical(f.shape), movefeat_canonical(g.shape),
                                 "symmetry %d, point %d,%d", k, r, c);
                    cr_assert_float_eq(movefeat_log_gamma(&f), movefeat_log_gamma(&g), 1e-6,
                                       "the strength follows the class");
                    cr_assert_eq(f.tactic, g.tactic);
                    cr_assert_eq(f.line, g.line);
                    cr_assert_eq(movefeat_canonical(g.shape),
                                 movefeat_canonical(movefeat_canonical(g.shape)));
                    cr_assert_leq(movefeat_canonical(g.shape), g.shape);
                    cr_assert_eq(movefeat_big_canonical(f.big), movefeat_big_canonical(g.big),
                                 "big pattern, symmetry %d, point %d,%d", k, r, c);
                    cr_assert_leq(movefeat_big_canonical(g.big), g.big);
                    raw_differs += f.shape != g.shape;
                    big_differs += f.big != g.big;
                    checked++;
                }
        }
    }
    /* The raw codes do move with the board: the classes are doing work. */
    cr_assert_gt(raw_differs, checked / 2, "%d of %d", raw_differs, checked);
    cr_assert_gt(big_differs, checked / 2, "%d of %d", big_differs, checked);
}

/* The big pattern's digits, read off a diagram by hand in the order
 * movefeat.h gives: the 5x5 square round the move without its centre and
 * corners, row by row from the top, each empty 0, off the board 1, own 2,
 * enemy 3. */
static uint64_t big_of_digits(const int d[MOVEFEAT_BIG_POINTS])
{
    uint64_t code = 0;
    for (int i = 0; i < MOVEFEAT_BIG_POINTS; i++)
        code |= (uint64_t)d[i] << (2 * i);
    return code;
}

Test(movefeat, the_big_pattern_read_off_a_diagram)
{
    movefeat_init();
    BoardState b;
    char err[128];
    cr_assert_eq(board_from_ascii(&b,
                                  ". X . . . . . . .\n. O . . . . . . .\nX . . . . . . . .\n"
                                  ". . . . . . . . .\n. . . O . X . . .\n. . . . . . . . .\n"
                                  ". . . . X . . . .\n. . . . . . . . .\n. . . . . . . . .\n",
                                  err, sizeof err),
                 0, "%s", err);
    /* Black at the top left corner: the two rows above and the two
     * columns to the left are off the board. */
    const int corner[MOVEFEAT_BIG_POINTS] = {
        1, 1, 1,       /* row -2: columns -1, 0, 1 */
        1, 1, 1, 1, 1, /* row -1 */
        1, 1, 2, 0,    /* row 0: columns -2, -1, then X at 1, empty at 2 */
        1, 1, 0, 3, 0, /* row 1: O at column 1 */
        1, 2, 0,       /* row 2: X at column 0 */
    };
    movefeat_t f;
    movefeat_of(&b, BLACK, board_point(0, 0), NULL, &f);
    cr_expect_eq(f.big, big_of_digits(corner), "corner: %llx", (unsigned long long)f.big);
    /* The same point for White: own and enemy swap. */
    const int corner_w[MOVEFEAT_BIG_POINTS] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                               3, 0, 1, 1, 0, 2, 0, 1, 3, 0};
    movefeat_of(&b, WHITE, board_point(0, 0), NULL, &f);
    cr_expect_eq(f.big, big_of_digits(corner_w));
    /* Black at the centre (row 4, column 4): O next to it on the left, X
     * next to it on the right, X two rows below; the rest empty. */
    int centre[MOVEFEAT_BIG_POINTS] = {0};
    centre[9] = 3;  /* (0, -1) */
    centre[10] = 2; /* (0, +1) */
    centre[18] = 2; /* (+2, 0) */
    movefeat_of(&b, BLACK, board_point(4, 4), NULL, &f);
    cr_expect_eq(f.big, big_of_digits(centre));
    /* Its class is the least code of its turns and mirrors. */
    cr_expect_leq(movefeat_big_canonical(f.big), f.big);
    cr_expect_eq(movefeat_big_canonical(f.big),
                 movefeat_big_canonical(movefeat_big_canonical(f.big)));
}

Test(movefeat, tactics_lines_and_distances_in_a_diagram)
{
    movefeat_init();
    BoardState b;
    char err[128];
    /* Black to move; (row, column) from the top left of the diagram. */
    const char *text = ". . . . . . . O .\n"
                       ". X O X . . . . .\n"
                       ". . X . . . . . .\n"
                       ". . . . . . . . .\n"
                       ". . . . . O O . .\n"
                       ". . . . O X X O .\n"
                       ". . . . . O . . .\n"
                       ". . . . . . . X X\n"
                       "O . . . . . . O O\n";
    cr_assert_eq(board_from_ascii(&b, text, err, sizeof err), 0, "%s", err);
    cr_assert_eq(board_get(&b, 1, 2), WHITE, "row 0 is the top line of the diagram");
    struct {
        int r, c, tactic, line;
    } cases[] = {
        {0, 2, MOVEFEAT_TACTIC_CAPTURE_ONE, 0},  /* the white stone at row 1 has only this */
        {8, 6, MOVEFEAT_TACTIC_CAPTURE_MANY, 0}, /* the white pair in the corner */
        {6, 6, MOVEFEAT_TACTIC_ESCAPE, 2},       /* the black pair in atari gets two */
        {0, 8, MOVEFEAT_TACTIC_SELF_ATARI, 0},   /* next to the white stone: one liberty */
        {7, 0, MOVEFEAT_TACTIC_ATARI, 0},        /* the corner stone has two */
        {3, 6, MOVEFEAT_TACTIC_NONE, 2},         /* next to a white group of four */
        {4, 4, MOVEFEAT_TACTIC_NONE, 4},         /* the centre */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int p = board_point(cases[i].r, cases[i].c);
        cr_assert_eq(board_check_point(&b, BLACK, p), MOVE_OK, "case %zu", i);
        movefeat_t f;
        movefeat_of(&b, BLACK, p, NULL, &f);
        cr_expect_eq(f.tactic, cases[i].tactic, "case %zu: tactic %d", i, f.tactic);
        cr_expect_eq(f.line, cases[i].line, "case %zu: line %d", i, f.line);
        cr_expect_eq(f.dist, 0, "no last move");
    }

    /* Distances in the common-fate graph: a step along one's own group
     * is free.  Black E5 then White A1 then Black F5: the last move's
     * group is E5-F5, so D5 is one step from it as G5 is. */
    board_reset(&b, 9, 11);
    cr_assert_eq(test_play(&b, "E5"), MOVE_OK);
    cr_assert_eq(test_play(&b, "A1"), MOVE_OK);
    cr_assert_eq(test_play(&b, "F5"), MOVE_OK);
    uint8_t cfg[BOARD_POINTS];
    movefeat_cfg_distance(&b, cfg);
    const char *v[] = {"D5", "G5", "C5", "H5", "J5", "E7", "E9"};
    const int want[] = {1, 1, 2, 2, 3, 2, 4};
    for (int i = 0; i < 7; i++) {
        Move m;
        cr_assert_eq(board_vertex_parse(9, v[i], &m), 0);
        movefeat_t f;
        movefeat_of(&b, WHITE, board_point(m.row, m.col), cfg, &f);
        cr_expect_eq(f.dist, want[i], "%s: %d", v[i], f.dist);
    }
}

Test(movefeat, the_fitted_strengths_rank_as_a_player_would)
{
    movefeat_init();
    cr_assert_gt(go_move_shape_count, 100u, "go_move_weights.c holds a fit, not the bootstrap");
    for (unsigned i = 1; i < go_move_shape_count; i++)
        cr_assert_lt(go_move_shape_code[i - 1], go_move_shape_code[i], "sorted for the lookup");
    cr_assert_gt(go_move_big_count, 1000u, "the big patterns were fitted too");
    for (unsigned i = 0; i < go_move_big_count; i++) {
        cr_assert(i == 0 || go_move_big_code[i - 1] < go_move_big_code[i], "sorted, no repeats");
        cr_assert_eq(movefeat_big_canonical(go_move_big_code[i]), go_move_big_code[i],
                     "listed by their canonical code");
    }
    const float *t = go_move_tactic_weight;
    cr_expect_gt(t[MOVEFEAT_TACTIC_CAPTURE_ONE], t[MOVEFEAT_TACTIC_NONE] + 1.0f);
    cr_expect_gt(t[MOVEFEAT_TACTIC_ESCAPE], t[MOVEFEAT_TACTIC_NONE] + 1.0f);
    cr_expect_lt(t[MOVEFEAT_TACTIC_SELF_ATARI], t[MOVEFEAT_TACTIC_NONE] - 1.0f);
    cr_expect_gt(go_move_dist_weight[1], go_move_dist_weight[4] + 1.0f, "play near the last move");
    cr_expect_lt(go_move_line_weight[0], go_move_line_weight[2], "the first line is rarely played");
    /* In the diagram above, the capture outranks a quiet move in the
     * centre, which outranks the self-atari. */
    BoardState b;
    char err[128];
    cr_assert_eq(board_from_ascii(&b,
                                  ". . . . . . . O .\n. X O X . . . . .\n. . X . . . . . .\n"
                                  ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n"
                                  ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n",
                                  err, sizeof err),
                 0, "%s", err);
    movefeat_t cap, centre, self;
    movefeat_of(&b, BLACK, board_point(0, 2), NULL, &cap);
    movefeat_of(&b, BLACK, board_point(4, 4), NULL, &centre);
    movefeat_of(&b, BLACK, board_point(0, 8), NULL, &self);
    cr_expect_gt(movefeat_log_gamma(&cap), movefeat_log_gamma(&centre));
    cr_expect_gt(movefeat_log_gamma(&centre), movefeat_log_gamma(&self));
}
