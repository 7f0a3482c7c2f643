/*
 * test_l3_budget.c - seed 000's level-3 budget on the board (§3.7, §5.3:
 * "MCTS tree (200 simulations) ~400 KB", "Total HPS memory < 1 MB").
 * The board build's pool (MCTS_BOARD_POOL_NODES, the default on
 * 32-bit ARM) must be under 1 MB, must hold every node a 200-simulation move
 * takes, and must not change the move: the same seed gives the same move as
 * with the PC's 400,000-node pool, over a game of level-3 moves.
 */
#include <criterion/criterion.h>

#include "games/go/ai.h"
#include "games/go/board.h"
#include "games/go/internal/mcts.h"

Test(go_l3_budget, the_board_pool_is_under_one_megabyte)
{
    size_t bytes = (size_t)MCTS_BOARD_POOL_NODES * sizeof(mcts_node_t);
    cr_expect_lt(bytes, 1000000u, "the pool alone takes %zu bytes", bytes);
    cr_expect_geq(MCTS_BOARD_POOL_NODES, MCTS_SIMULATIONS * 82,
                  "200 expansions of up to 82 children must fit");
    AiConfig cfg = {.level = AI_MCTS, .pool_nodes = MCTS_BOARD_POOL_NODES, .seed = 3};
    ai_t *ai = ai_create(&cfg);
    cr_assert_not_null(ai);
    cr_expect_eq(ai_pool_bytes(ai), bytes);
    ai_destroy(ai);
}

Test(go_l3_budget, two_hundred_simulations_fit_and_play_the_same_moves, .timeout = 120)
{
    AiConfig small_cfg = {.level = AI_MCTS, .pool_nodes = MCTS_BOARD_POOL_NODES, .seed = 11};
    AiConfig big_cfg = {.level = AI_MCTS, .pool_nodes = 400000, .seed = 11};
    ai_t *small = ai_create(&small_cfg), *big = ai_create(&big_cfg);
    cr_assert(small && big);
    BoardState b;
    board_init(&b);
    for (int ply = 0; ply < 40 && !b.game_over; ply++) {
        Move a = ai_choose(small, &b), c = ai_choose(big, &b);
        AiStats st;
        ai_last_stats(small, &st);
        cr_expect_eq(st.simulations, MCTS_SIMULATIONS);
        cr_expect_leq(st.nodes_used, MCTS_BOARD_POOL_NODES, "ply %d", ply);
        cr_expect(a.pass == c.pass && (a.pass || (a.row == c.row && a.col == c.col)),
                  "ply %d: the board pool changed the move", ply);
        cr_assert_eq(board_apply(&b, a), MOVE_OK, "ply %d", ply);
    }
    ai_destroy(small);
    ai_destroy(big);
}
