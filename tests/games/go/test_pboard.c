/*
 * test_pboard.c - the playout board (src/games/go/pboard.h) against two references of
 * its own: a recount of every structure from scratch after every move
 * (pboard_check), and the full rules engine (board.c, exact liberties,
 * checked against GNU Go in tests/protocols), stepped alongside: same
 * stones, same legal moves, same eyes, same score.  And the reference
 * policy's statistics against Don Dailey's reference bot.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>

#include "games/go/board.h"
#include "games/go/board_private.h"
#include "games/go/pboard.h"
#include "games/go/playout.h"

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
                int q = board_point(pb_row(p), pb_col(p));
                cr_assert_eq(board_check_point(&bs, (Stone)color, q), MOVE_OK,
                             "game %d ply %d: picked an illegal move", game, ply);
                cr_assert(!board_is_eye(&bs, (Stone)color, q), "game %d ply %d: filled an eye",
                          game, ply);
                int got = pboard_play(&pb, color, p);
                int want = board_play_point(&bs, (Stone)color, q);
                cr_assert_eq(got, want, "game %d ply %d: captures", game, ply);
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
