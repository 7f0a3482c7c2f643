/*
 * test_pboard.c - the playout board (src/games/go/internal/pboard.h) against two references of
 * its own: a recount of every structure from scratch after every move
 * (pboard_check), and the full rules engine (board.c, exact liberties,
 * checked against GNU Go in tests/protocols), stepped alongside: same
 * stones, same legal moves, same eyes, same MoGo shapes, same score.  And
 * the reference policy's statistics against Don Dailey's reference bot.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "games/go/board.h"
#include "games/go/internal/board_private.h"
#include "games/go/internal/pattern3.h"
#include "games/go/internal/pboard.h"
#include "games/go/internal/playout.h"

/* Every point agrees between the playout board and the rules engine. */
static void expect_same(const pboard_t *pb, const BoardState *bs, int ply)
{
    char err[160];
    cr_assert_eq(pboard_check(pb, err, sizeof err), 0, "ply %d: %s", ply, err);
    cr_assert_eq(pb->turn, bs->turn, "ply %d: side to move", ply);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            int p = pb_point(r, c), q = board_point(r, c);
            cr_assert_eq(pb->color[p], bs->color[q], "ply %d: (%d,%d) colour", ply, r, c);
            if (pb->color[p] != EMPTY)
                continue;
            cr_assert_eq(pb->shape[p], pattern3_match(bs->color, q),
                         "ply %d: (%d,%d) a MoGo shape: playout board %d, rules board %d", ply, r,
                         c, pb->shape[p], pattern3_match(bs->color, q));
            for (int col = BLACK; col <= WHITE; col++) {
                int legal = board_check_point(bs, (Stone)col, q) == MOVE_OK;
                cr_assert_eq(pboard_legal(pb, col, p), legal,
                             "ply %d: (%d,%d) legal for %d: playout board %d, rules %d", ply, r,
                             c, col, pboard_legal(pb, col, p), legal);
                cr_assert_eq(pboard_is_eye(pb, col, p), board_is_eye(bs, (Stone)col, q),
                             "ply %d: (%d,%d) eye for %d", ply, r, c, col);
            }
        }
}

/* Plays color's picked point p on both boards: legal by the rules engine,
 * and the same captures on each.  Returns the stones captured. */
static int play_both(pboard_t *pb, BoardState *bs, int color, int p, int game, int ply)
{
    int q = board_point(pb_row(p), pb_col(p));
    cr_assert_eq(board_check_point(bs, (Stone)color, q), MOVE_OK,
                 "game %d ply %d: picked an illegal move", game, ply);
    int got = pboard_play(pb, color, p);
    cr_assert_eq(got, board_play_point(bs, (Stone)color, q), "game %d ply %d: captures", game, ply);
    return got;
}

/* Thousands of reference playouts; after every ply, the recount and the
 * rules engine (which plays the same move) agree on everything. */
Test(pboard, every_move_of_3000_playouts_checked)
{
    rng_t rng;
    rng_seed(&rng, 2026);
    long plies = 0, captures = 0, kos = 0;
    for (int game = 0; game < 3000; game++) {
        pboard_t pb;
        BoardState bs;
        pboard_init(&pb, BOARD_DEFAULT_KOMI2);
        board_init(&bs);
        expect_same(&pb, &bs, 0);
        for (int ply = 1; ply <= 3 * 81 && pb.passes < 2; ply++) {
            int color = pb.turn;
            int p = pboard_pick(&pb, color, &rng);
            if (p == PB_PASS) {
                /* No legal non-eye move: the rules engine finds none either. */
                for (int q = 0; q < BOARD_POINTS; q++)
                    if (bs.color[q] == EMPTY)
                        cr_assert(board_is_eye(&bs, (Stone)color, q) ||
                                      board_check_point(&bs, (Stone)color, q) != MOVE_OK,
                                  "game %d ply %d: passed with a move left", game, ply);
                pboard_pass(&pb);
                board_pass_color(&bs, (Stone)color);
            } else {
                cr_assert(!board_is_eye(&bs, (Stone)color, board_point(pb_row(p), pb_col(p))),
                          "game %d ply %d: filled an eye", game, ply);
                int got = play_both(&pb, &bs, color, p, game, ply);
                captures += got;
                kos += pb.ko != 0;
            }
            plies++;
            expect_same(&pb, &bs, ply);
        }
        cr_assert_eq(pboard_score(&pb), board_score_playout(&bs), "game %d: score", game);
    }
    /* The run exercised what it claims to check. */
    cr_assert_gt(captures, 10000);
    cr_assert_gt(kos, 100);
    cr_assert_gt(plies, 3000L * 100);
}

/* A BoardState in the middle of a game reads into the same position. */
Test(pboard, from_board_matches_the_rules_engine)
{
    rng_t rng;
    rng_seed(&rng, 7);
    for (int game = 0; game < 300; game++) {
        BoardState bs;
        board_init(&bs);
        int stop = rng_below(&rng, 160);
        for (int ply = 0; ply < stop && !bs.game_over; ply++) {
            int p = playout_pick_reference(&bs, bs.turn, &rng);
            if (p == BOARD_PASS_POINT)
                board_pass(&bs);
            else
                board_play_point(&bs, bs.turn, p);
        }
        pboard_t pb;
        cr_assert_eq(pboard_from_board(&pb, &bs), 0);
        expect_same(&pb, &bs, stop);
        if (bs.ko_point)
            cr_assert_eq(pb.ko, pb_point(board_point_row(bs.ko_point), board_point_col(bs.ko_point)));
    }
    BoardState big;
    board_reset(&big, 13, BOARD_DEFAULT_KOMI2);
    pboard_t pb;
    cr_assert_eq(pboard_from_board(&pb, &big), -1, "only 9x9 has a playout board");
}

/* Don Dailey's reference bot (computer-go mailing list, 2008) under this
 * policy at komi 5.5 over 10^6 playouts: 111.03 plies a game (passes
 * included) and Black wins 0.4457.  40,000 playouts here; the tolerance is
 * five standard errors of each mean, measured on the run itself. */
Test(pboard, reference_policy_matches_dailey, .timeout = 120)
{
    const int n = 40000;
    rng_t rng;
    rng_seed(&rng, 1);
    pboard_t start;
    pboard_init(&start, 11);
    double sum = 0, sumsq = 0;
    int black = 0;
    for (int i = 0; i < n; i++) {
        pboard_t b = start;
        int plies = 0;
        int margin = pboard_playout(&b, 3 * 81, &rng, &plies);
        sum += plies;
        sumsq += (double)plies * plies;
        black += margin > 0;
    }
    double mean = sum / n;
    double sd = sqrt(sumsq / n - mean * mean);
    double win = (double)black / n;
    double se_plies = sd / sqrt(n), se_win = sqrt(0.4457 * (1 - 0.4457) / n);
    cr_log_info("plies %.3f (sd %.2f), Black %.4f\n", mean, sd, win);
    cr_assert(fabs(mean - 111.03) < 5 * se_plies, "plies a playout %.3f, Dailey 111.03 (+-%.3f)",
              mean, 5 * se_plies);
    cr_assert(fabs(win - 0.4457) < 5 * se_win, "Black wins %.4f, Dailey 0.4457 (+-%.4f)", win,
              5 * se_win);
}

/* ---- the heuristic policy (pboard_playout_heuristic) ------------------ */

/* The one liberty of the group at q by a walk over its stones, on the rules
 * engine (exact liberties), or 0 when it has more. */
static int rules_atari_lib(const BoardState *bs, int q)
{
    if (board_group_libs(bs, q) != 1)
        return 0;
    int g = bs->group[q], s = g;
    static const int d[4] = {-1, 1, -BOARD_STRIDE, BOARD_STRIDE};
    do {
        for (int i = 0; i < 4; i++)
            if (bs->color[s + d[i]] == EMPTY)
                return s + d[i];
        s = bs->next_stone[s];
    } while (s != g);
    return 0;
}

/* Every point: the liberties after a move (board_libs_after: 0, 1, or 2
 * for two or more or a capture, and the stones when fewer than two) and
 * every stone's atari liberty, from the pseudo-liberties, equal the rules
 * engine's exact count. */
static void expect_same_liberties(const pboard_t *pb, const BoardState *bs, int ply, long *seen)
{
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            int p = pb_point(r, c), q = board_point(r, c);
            if (pb->color[p] != EMPTY) {
                int want = rules_atari_lib(bs, q);
                int got = pboard_atari_lib(pb, p);
                cr_assert_eq(got ? board_point(pb_row(got), pb_col(got)) : 0, want,
                             "ply %d: (%d,%d) atari liberty", ply, r, c);
                seen[0] += want != 0;
                continue;
            }
            for (int col = BLACK; col <= WHITE; col++) {
                if (board_check_point(bs, (Stone)col, q) != MOVE_OK)
                    continue;
                int ws = 1, gs = 1;
                int want = board_libs_after(bs, (Stone)col, q, &ws);
                int got = pboard_libs_after(pb, col, p, &gs);
                cr_assert_eq(got, want > 2 ? 2 : want, "ply %d: (%d,%d) liberties after %d", ply,
                             r, c, col);
                if (want < 2)
                    cr_assert_eq(gs, ws, "ply %d: (%d,%d) stones after %d", ply, r, c, col);
                seen[1 + (want < 2 ? want : 2)]++;
            }
        }
}

/* 600 playouts of the heuristic policy on the playout board, the rules
 * engine playing the same moves: after every ply every structure recounts,
 * both boards agree on every point (expect_same), on the liberties after
 * every legal move and on every atari; each move is legal by the rules
 * engine, and a pass leaves no legal move that is neither an eye nor a
 * self-atari of two or more stones there. */
Test(pboard, heuristic_policy_checked_against_the_rules_engine, .timeout = 240)
{
    rng_t rng;
    rng_seed(&rng, 31);
    long seen[4] = {0}, plies = 0, captures = 0;
    for (int game = 0; game < 600; game++) {
        pboard_t pb;
        BoardState bs;
        pboard_init(&pb, BOARD_DEFAULT_KOMI2);
        board_init(&bs);
        int last = 0, mine = 0;
        for (int ply = 1; ply <= 3 * 81 && pb.passes < 2; ply++) {
            int color = pb.turn;
            int p = pboard_pick_heuristic(&pb, color, last, mine, ply <= 2, &rng);
            mine = last;
            last = p;
            if (p == PB_PASS) {
                for (int q = 0; q < BOARD_POINTS; q++)
                    if (bs.color[q] == EMPTY && board_check_point(&bs, (Stone)color, q) == MOVE_OK &&
                        !board_is_eye(&bs, (Stone)color, q)) {
                        int st = 1;
                        cr_assert(board_libs_after(&bs, (Stone)color, q, &st) < 2 && st >= 2,
                                  "game %d ply %d: passed with a safe move left", game, ply);
                    }
                pboard_pass(&pb);
                board_pass_color(&bs, (Stone)color);
            } else {
                captures += play_both(&pb, &bs, color, p, game, ply);
            }
            plies++;
            expect_same(&pb, &bs, ply);
            expect_same_liberties(&pb, &bs, ply, seen);
        }
    }
    /* Every answer was met many times (no legal move leaves none: that is
     * suicide, or a capture, which counts as two). */
    cr_log_info("ataris %ld, after a move 1: %ld, 2+: %ld; plies %ld, captures %ld\n", seen[0],
                seen[2], seen[3], plies, captures);
    cr_assert_eq(seen[1], 0);
    cr_assert_gt(seen[0], 10000);
    cr_assert_gt(seen[2], 10000);
    cr_assert_gt(seen[3], 100000);
    cr_assert_gt(captures, 1000);
}

/* Sets up a 9x9 position from rows of '.', 'X' (Black), 'O' (White) on
 * both boards (stones placed one by one, none captured), `turn` to move. */
static void setup(pboard_t *pb, BoardState *bs, const char *const rows[9], Stone turn)
{
    board_init(bs);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            if (rows[r][c] != '.')
                cr_assert_eq(board_play_point(bs, rows[r][c] == 'X' ? BLACK : WHITE, board_point(r, c)),
                             0);
    bs->turn = turn;
    bs->ko_point = 0;
    cr_assert_eq(pboard_from_board(pb, bs), 0);
}

/* Positions with one right answer to the last stone, worked out by hand. */
static const struct {
    const char *rows[9];
    Stone turn;
    int last_r, last_c, want_r, want_c;
    const char *what;
} cases[] = {
    /* White's last stone (4,5) leaves Black's (4,4) with one liberty,
     * (3,4); extending there gives three. */
    {{".........", ".........", ".........", ".........", "...OXO...", "....O....",
      ".........", ".........", "........."},
     BLACK, 4, 5, 3, 4, "extend the stone in atari"},
    /* Black's last stone (4,4) is in atari at (3,4): White captures. */
    {{".........", ".........", ".........", ".........", "...OXO...", "....O....",
      ".........", ".........", "........."},
     WHITE, 4, 4, 3, 4, "capture the last stone"},
    /* Black's last stone (1,1) leaves White's (0,1) in atari at (0,2),
     * where running gives no liberty (Black at (0,3) and (1,2)); Black's
     * corner stone (0,0) is in atari at (1,0): White captures it there. */
    {{"XO.X.....", ".XX......", ".........", ".........", ".........", ".........",
      ".........", ".........", "........."},
     WHITE, 1, 1, 1, 0, "capture an attacker in atari"},
};

/* Every seed picks the answer. */
Test(pboard, heuristic_policy_answers_the_last_stone)
{
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        pboard_t pb;
        BoardState bs;
        setup(&pb, &bs, cases[k].rows, cases[k].turn);
        for (uint64_t seed = 1; seed <= 64; seed++) {
            rng_t rng;
            rng_seed(&rng, seed);
            pboard_t b = pb;
            int got = pboard_pick_heuristic(&b, cases[k].turn, pb_point(cases[k].last_r, cases[k].last_c),
                                            0, 0, &rng);
            cr_assert_eq(got, pb_point(cases[k].want_r, cases[k].want_c),
                         "%s: seed %llu picked (%d,%d)", cases[k].what, (unsigned long long)seed,
                         pb_row(got), pb_col(got));
        }
    }
}

/* A MoGo shape next to the mover's own previous stone is played when none
 * is next to the last stone (Pachi's moggy looks at both).  White's last
 * stone (6,6) stands alone: no 3x3 window around it holds two stones.
 * Black's previous stone (2,5) is beside White's (2,4), which stands
 * between two Black stones: the enclosing hane at (1,4) and (3,4) and the
 * non-cutting hane at (1,5) and (3,5) (the MoGo report's figure, worked out
 * by hand); the other neighbours of (2,5) see one stone only.  No chain is
 * in atari.  Every seed plays one of the four, and each is played; told of
 * no previous stone the policy plays elsewhere (a random move). */
Test(pboard, a_shape_next_to_the_movers_previous_stone_is_played)
{
    static const char *const rows[9] = {".........", ".........", "...XOX...", ".........",
                                        ".........", ".........", ".........", ".........",
                                        "........."};
    static const int want[4][2] = {{1, 4}, {3, 4}, {1, 5}, {3, 5}};
    pboard_t pb;
    BoardState bs;
    setup(&pb, &bs, rows, BLACK);
    int hits[4] = {0}, elsewhere = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        rng_t rng;
        rng_seed(&rng, seed);
        pboard_t b = pb;
        int got = pboard_pick_heuristic(&b, BLACK, pb_point(6, 6), pb_point(2, 5), 0, &rng);
        int k = 0;
        while (k < 4 && got != pb_point(want[k][0], want[k][1]))
            k++;
        cr_assert(k < 4, "seed %llu picked (%d,%d)", (unsigned long long)seed, pb_row(got),
                  pb_col(got));
        hits[k]++;
        b = pb;
        rng_seed(&rng, seed);
        got = pboard_pick_heuristic(&b, BLACK, pb_point(6, 6), 0, 0, &rng);
        k = 0;
        while (k < 4 && got != pb_point(want[k][0], want[k][1]))
            k++;
        elsewhere += k == 4;
    }
    for (int k = 0; k < 4; k++)
        cr_expect_gt(hits[k], 20, "(%d,%d) picked %d times", want[k][0], want[k][1], hits[k]);
    cr_expect_gt(elsewhere, 150);
}

/* The same positions reached on the full board by playing the last stone
 * there, as level 3's tree hands them to a playout: pboard_last_stone reads
 * the stone, and the playout's first ply answers it for every seed (a
 * playout told of no last stone would look for a shape or a random move);
 * after a pass there is no last stone. */
Test(pboard, a_playout_answers_the_last_stone_of_the_position_it_starts_from)
{
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char rows[9][10];
        const char *rp[9];
        for (int r = 0; r < 9; r++) {
            memcpy(rows[r], cases[k].rows[r], 10);
            rp[r] = rows[r];
        }
        char stone = rows[cases[k].last_r][cases[k].last_c];
        rows[cases[k].last_r][cases[k].last_c] = '.';
        pboard_t pb;
        BoardState bs;
        setup(&pb, &bs, rp, cases[k].turn);
        cr_assert_eq(board_play_point(&bs, stone == 'X' ? BLACK : WHITE,
                                      board_point(cases[k].last_r, cases[k].last_c)),
                     0);
        bs.turn = cases[k].turn;
        cr_assert_eq(pboard_from_board(&pb, &bs), 0);
        int last = pboard_last_stone(&bs);
        cr_assert_eq(last, pb_point(cases[k].last_r, cases[k].last_c), "%s", cases[k].what);
        for (uint64_t seed = 1; seed <= 64; seed++) {
            rng_t rng;
            rng_seed(&rng, seed);
            pboard_t b = pb;
            uint16_t moves[4];
            int n = 0;
            pboard_playout_heuristic(&b, last, 1, &rng, moves, &n);
            cr_assert_eq(n, 1);
            cr_assert_eq(moves[0] & 0x7FFF, board_point(cases[k].want_r, cases[k].want_c),
                         "%s: seed %llu", cases[k].what, (unsigned long long)seed);
            cr_assert_eq(!!(moves[0] & 0x8000), cases[k].turn == WHITE, "the mover's colour");
        }
        board_pass(&bs);
        cr_assert_eq(pboard_last_stone(&bs), 0, "after a pass");
    }
}

/* The policy on the playout board plays the same games as on the full
 * board (playout.c) in distribution: from the empty board at komi 5.5, the
 * mean plies a playout and Black's share of wins of 20,000 playouts each
 * agree within five standard errors of their difference. */
Test(pboard, heuristic_policy_plays_as_the_full_board, .timeout = 120)
{
    const int n = 20000;
    double sum[2] = {0}, sumsq[2] = {0};
    int black[2] = {0};
    rng_t rng;
    rng_seed(&rng, 5);
    for (int i = 0; i < n; i++) {
        pboard_t pb;
        pboard_init(&pb, 11);
        int plies = 0;
        uint16_t moves[3 * 81];
        black[0] += pboard_playout_heuristic(&pb, 0, 3 * 81, &rng, moves, &plies) > 0;
        sum[0] += plies;
        sumsq[0] += (double)plies * plies;
        BoardState bs;
        board_init(&bs);
        bs.komi2 = 11;
        int nm = 0;
        black[1] += playout_run(&bs, PLAYOUT_HEURISTIC, 3 * 81, &rng, moves, &nm) > 0;
        sum[1] += nm;
        sumsq[1] += (double)nm * nm;
    }
    double m0 = sum[0] / n, m1 = sum[1] / n;
    double v0 = sumsq[0] / n - m0 * m0, v1 = sumsq[1] / n - m1 * m1;
    double w0 = (double)black[0] / n, w1 = (double)black[1] / n;
    double se_m = sqrt((v0 + v1) / n), se_w = sqrt((w0 * (1 - w0) + w1 * (1 - w1)) / n);
    cr_log_info("stones a playout %.2f / %.2f, Black %.4f / %.4f\n", m0, m1, w0, w1);
    cr_assert(fabs(m0 - m1) < 5 * se_m, "stones a playout: playout board %.2f, full board %.2f", m0,
              m1);
    cr_assert(fabs(w0 - w1) < 5 * se_w, "Black wins: playout board %.4f, full board %.4f", w0, w1);
}

/* Ladders, each answer GNU Go's (`defend E5` on the position before the
 * extension: 0 when the ladder works, `1 E4` when it does not).  The
 * stone at E5 (4,4) is in atari at E4 (5,4); extended there it has two
 * liberties and the ladder runs diagonally towards a corner, where a stone
 * of the defender's on its path breaks it and one elsewhere does not. */
static const struct {
    const char *rows[9];
    Stone defender;
    int laddered;
    const char *what;
} ladders[] = {
    {{".........", ".........", ".........", "....O....", "...OXO...", ".....O...",
      ".........", ".........", "........."},
     BLACK, 1, "a ladder towards the lower left"},
    {{".........", ".........", ".........", "....O....", "...OXO...", ".....O...",
      "..X......", ".........", "........."},
     BLACK, 0, "broken by Black at C3"},
    {{".........", ".........", ".........", "....O....", "...OXO...", ".....O...",
      ".........", ".X.......", "........."},
     BLACK, 0, "broken by Black at B2"},
    {{".........", ".........", ".........", "....X....", "...XOX...", "...X.....",
      ".........", ".........", "........."},
     WHITE, 1, "mirrored, colours swapped: towards the lower right"},
    {{".........", ".........", ".........", "....X....", "...XOX...", "...X.....",
      "......O..", ".........", "........."},
     WHITE, 0, "mirrored, broken by White at G3"},
    {{".........", ".........", "......O..", "....X....", "...XOX...", "...X.....",
      ".........", ".........", "........."},
     WHITE, 1, "mirrored, a White stone at G7 is off the path"},
};

Test(pboard, an_extension_into_a_ladder_is_read_as_gnu_go_reads_it)
{
    for (size_t k = 0; k < sizeof ladders / sizeof ladders[0]; k++) {
        pboard_t pb;
        BoardState bs;
        setup(&pb, &bs, ladders[k].rows, ladders[k].defender);
        int stone = pb_point(4, 4), ext = pb_point(5, 4);
        cr_assert_eq(pboard_atari_lib(&pb, stone), ext, "%s: in atari at E4", ladders[k].what);
        cr_expect_eq(pboard_extension_laddered(&pb, ladders[k].defender, stone, ext),
                     ladders[k].laddered, "%s", ladders[k].what);
        /* The policy's tactical answer: it extends out of atari only where
         * the ladder does not work (a shape or a random move may still
         * land on E4, so only the broken ladders are checked for every
         * seed). */
        if (!ladders[k].laddered)
            for (uint64_t seed = 1; seed <= 16; seed++) {
                rng_t rng;
                rng_seed(&rng, seed);
                pboard_t b = pb;
                cr_expect_eq(pboard_pick_heuristic(&b, ladders[k].defender, pb_point(4, 5), 0, 0,
                                                   &rng),
                             ext, "%s: seed %llu", ladders[k].what, (unsigned long long)seed);
            }
    }
}

/* Nakade.  A White group in the upper left, walled in by a Black group
 * with nine eyes, its only space the pyramid B8 C8 D8 C7; Black has played
 * its vital point C8.  GNU Go (`dragon_status A9` before C8: critical, C8
 * kills and C8 lives; `final_status_list dead` after it: the whole group)
 * reads it dead with White to move.  At komi 45.5 the group decides the
 * game: dead, Black wins by 81 points less komi; alive, White wins.  To
 * kill it Black must later throw in a second stone beside C8, a self-atari
 * of two stones that the policy refuses unless it reads the shape. */
static const char *const nakade_pyramid[9] = {
    "OOOOOX.X.", "O.X.OXXXX", "OO.OOX.XX", "OOOOOXXXX", "XXXXXXX.X",
    "X.XXXXXXX", "XXXX.XXXX", "XXXXXXXXX", "X.XXX.XX.",
};

Test(pboard, playouts_kill_a_group_by_nakade, .timeout = 60)
{
    pboard_t pb;
    BoardState bs;
    setup(&pb, &bs, nakade_pyramid, WHITE);
    bs.komi2 = 91;
    pb.komi2 = 91;
    const int n = 1000;
    int black[2] = {0};
    rng_t rng;
    rng_seed(&rng, 3);
    for (int i = 0; i < n; i++) {
        pboard_t b = pb;
        int plies = 0;
        uint16_t moves[3 * 81];
        black[0] += pboard_playout_heuristic(&b, pb_point(1, 2), 3 * 81, &rng, moves, &plies) > 0;
        BoardState s;
        board_copy(&s, &bs);
        int nm = 0;
        black[1] += playout_run(&s, PLAYOUT_HEURISTIC, 3 * 81, &rng, moves, &nm) > 0;
    }
    cr_log_info("Black wins: playout board %d, full board %d of %d\n", black[0], black[1], n);
    cr_expect_gt(black[0], 9 * n / 10, "playout board: Black wins %d of %d", black[0], n);
    cr_expect_gt(black[1], 9 * n / 10, "full board: Black wins %d of %d", black[1], n);
}

/* The rule itself, on both boards, at points where the answer is Go's:
 * in the pyramid above, once White has filled B8, Black's second stone at
 * D8 or C7 (two stones whose one liberty is walled in) kills and is
 * played; in a straight four (B8-E8, Black already at B8) a second stone at
 * C8 leaves its liberty D8 open to E8, White's capture there leaves two
 * eyes, and it is refused; a lone throw-in at E8 is always played. */
static const char *const pyramid_filled[9] = {
    "OOOOOX.X.", "OOX.OXXXX", "OO.OOX.XX", "OOOOOXXXX", "XXXXXXX.X",
    "X.XXXXXXX", "XXXX.XXXX", "XXXXXXXXX", "X.XXX.XX.",
};
static const char *const straight_four[9] = {
    "OOOOOOX.X", "OX...OXXX", "OOOOOOX.X", "XXXXXXXXX", "X.XXXX.XX",
    "XXXXXXXXX", "XX.XXXX.X", "XXXXXXXXX", "X.XX.XXX.",
};

Test(pboard, a_throw_in_is_played_where_it_kills)
{
    static const struct {
        const char *const *rows;
        int row, col, safe;
        const char *what;
    } cases[] = {
        {pyramid_filled, 1, 3, 1, "pyramid: D8 beside C8"},
        {pyramid_filled, 2, 2, 1, "pyramid: C7 beside C8"},
        {straight_four, 1, 2, 0, "straight four: C8 beside B8"},
        {straight_four, 1, 4, 1, "straight four: a lone stone at E8"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        pboard_t pb;
        BoardState bs;
        setup(&pb, &bs, cases[k].rows, BLACK);
        int p = pb_point(cases[k].row, cases[k].col), q = board_point(cases[k].row, cases[k].col);
        cr_assert(pboard_legal(&pb, BLACK, p), "%s: legal", cases[k].what);
        cr_expect_eq(pboard_safe(&pb, BLACK, p), cases[k].safe, "%s: playout board",
                     cases[k].what);
        cr_expect_eq(playout_safe(&bs, BLACK, q), cases[k].safe, "%s: full board", cases[k].what);
    }
}

/* The shapes of eye space that a throw-in kills (the killable shapes of Go
 * teaching: every space of two or three points, the square and the
 * pyramid four, the bulky and the crossed five) and those that live (the
 * straight, bent and zigzag fours, the other fives), each in all eight
 * turns and mirrorings; drawn as (row, col) cells. */
static const struct {
    int k;
    int cells[5][2];
    int killable;
    const char *what;
} eye_shapes[] = {
    {2, {{0, 0}, {0, 1}}, 1, "two"},
    {3, {{0, 0}, {0, 1}, {0, 2}}, 1, "straight three"},
    {3, {{0, 0}, {0, 1}, {1, 1}}, 1, "bent three"},
    {4, {{0, 0}, {0, 1}, {1, 0}, {1, 1}}, 1, "square four"},
    {4, {{0, 0}, {0, 1}, {0, 2}, {1, 1}}, 1, "pyramid four"},
    {4, {{0, 0}, {0, 1}, {0, 2}, {0, 3}}, 0, "straight four"},
    {4, {{0, 0}, {0, 1}, {0, 2}, {1, 2}}, 0, "bent four"},
    {4, {{0, 0}, {0, 1}, {1, 1}, {1, 2}}, 0, "zigzag four"},
    {5, {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}}, 1, "bulky five"},
    {5, {{0, 1}, {1, 0}, {1, 1}, {1, 2}, {2, 1}}, 1, "crossed five"},
    {5, {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}}, 0, "straight five"},
    {5, {{0, 0}, {0, 1}, {0, 2}, {1, 1}, {2, 1}}, 0, "T five"},
    {5, {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 1}}, 0, "Y five"},
    {5, {{0, 0}, {1, 0}, {1, 1}, {1, 2}, {2, 2}}, 0, "S five"},
};

Test(pboard, nakade_shapes_are_the_killable_eye_spaces)
{
    for (size_t k = 0; k < sizeof eye_shapes / sizeof eye_shapes[0]; k++)
        for (int sym = 0; sym < 8; sym++) {
            int r[5], c[5];
            for (int i = 0; i < eye_shapes[k].k; i++) {
                int a = eye_shapes[k].cells[i][0], b = eye_shapes[k].cells[i][1];
                if (sym & 4) {
                    int t = a;
                    a = b;
                    b = t;
                }
                r[i] = 4 + (sym & 1 ? -a : a);
                c[i] = 4 + (sym & 2 ? -b : b);
            }
            cr_expect_eq(board_nakade_shape(r, c, eye_shapes[k].k), eye_shapes[k].killable,
                         "%s, turned %d", eye_shapes[k].what, sym);
        }
}
