/*
 * bench_gomoku.c - `tabletop bench gomoku [--quick] [--games N] [--nodes N]`:
 * the Gomoku AI (seed 002).
 *
 *   gomoku_l3_nodes_per_s        level 3 positions visited a CPU second
 *   gomoku_l3_ms_per_move        CPU time of one level-3 move at the match budget
 *   gomoku_seed_l2_ms_per_move   CPU time of one level-2 move (the seed's
 *                                3-ply alpha-beta)
 *   gomoku_l3_vs_l2_*            a renju match, level 3 against the seed's
 *                                level 2, colours alternating, each game
 *                                from its own random two-stone opening
 *                                near the centre (the seed's AI is
 *                                deterministic, the opening makes the games
 *                                differ); goal: >= 90% wins
 *   gomoku_l3_vs_l1_win_rate     the same against level 1
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "games/gomoku/gomoku.h"
#include "games/gomoku/gomoku_ai.h"

static uint32_t bench_gomoku_rand(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

/* Black h8, then one random stone of White and one of Black within the
 * centre 5x5. */
static void bench_gomoku_opening(gomoku_t *g, uint32_t *seed)
{
    gomoku_init(g, GOMOKU_RULE_RENJU);
    gomoku_play(g, 7 * GOMOKU_SIZE + 7);
    while (g->moves < 3) {
        int r = 5 + (int)(bench_gomoku_rand(seed) % 5), c = 5 + (int)(bench_gomoku_rand(seed) % 5);
        int p = r * GOMOKU_SIZE + c;
        if (gomoku_can_play(g, p) && gomoku_forbidden(g, p) == GOMOKU_FORBID_NONE)
            gomoku_play(g, p);
    }
}

typedef struct match {
    int wins, losses, draws;
    long l3_nodes;
    double l3_cpu, other_cpu;
    int l3_moves, other_moves;
} match_t;

/* One game: level 3 plays colour l3 (BLACK or WHITE) against level other. */
static void bench_gomoku_game(match_t *m, int other, int l3, uint32_t *seed, long nodes)
{
    gomoku_t g;
    bench_gomoku_opening(&g, seed);
    while (!g.winner) {
        gomoku_ai_info_t info;
        int level = g.to_move == l3 ? 3 : other;
        gomoku_budget_t budget = {.max_nodes = level == 3 ? nodes : 0, .max_ms = 0};
        double t0 = bench_cpu_now();
        int p = gomoku_ai_move(&g, level, *seed + (uint32_t)g.moves, &budget, &info);
        double dt = bench_cpu_now() - t0;
        if (level == 3) {
            m->l3_cpu += dt;
            m->l3_nodes += info.nodes;
            m->l3_moves++;
        } else {
            m->other_cpu += dt;
            m->other_moves++;
        }
        if (p < 0 || gomoku_play(&g, p) != GOMOKU_OK)
            break;
    }
    if (g.winner == l3)
        m->wins++;
    else if (g.winner == GOMOKU_BLACK || g.winner == GOMOKU_WHITE)
        m->losses++;
    else
        m->draws++;
}

static match_t bench_gomoku_match(int other, int games, long nodes)
{
    match_t m;
    memset(&m, 0, sizeof m);
    uint32_t seed = 17;
    for (int i = 0; i < games; i++)
        bench_gomoku_game(&m, other, i % 2 ? GOMOKU_WHITE : GOMOKU_BLACK, &seed, nodes);
    return m;
}

int bench_gomoku_run(int argc, char **argv)
{
    int quick = 0, games = 20;
    long nodes = 30000;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick"))
            quick = 1;
        else if (!strcmp(argv[i], "--games") && i + 1 < argc)
            games = (int)strtol(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--nodes") && i + 1 < argc)
            nodes = strtol(argv[++i], NULL, 10);
        else {
            fprintf(stderr, "usage: tabletop bench gomoku [--quick] [--games N] [--nodes N]\n");
            return 2;
        }
    }
    if (quick)
        games = 4;
    if (games < 1)
        games = 1;
    if (games > 10000)
        games = 10000;
    if (nodes < 100)
        nodes = 100;

    match_t m2 = bench_gomoku_match(2, games, nodes);
    bench_report("gomoku_l3_nodes_per_s", m2.l3_cpu > 0 ? (double)m2.l3_nodes / m2.l3_cpu : 0, "nodes/s");
    bench_report("gomoku_l3_nodes_budget", (double)nodes, "nodes");
    bench_report("gomoku_l3_ms_per_move", m2.l3_moves ? 1000.0 * m2.l3_cpu / m2.l3_moves : 0, "ms");
    bench_report("gomoku_seed_l2_ms_per_move", m2.other_moves ? 1000.0 * m2.other_cpu / m2.other_moves : 0, "ms");
    bench_report("gomoku_l3_vs_l2_games", games, "games");
    bench_report("gomoku_l3_vs_l2_wins", m2.wins, "games");
    bench_report("gomoku_l3_vs_l2_losses", m2.losses, "games");
    bench_report("gomoku_l3_vs_l2_draws", m2.draws, "games");
    bench_report("gomoku_l3_vs_l2_win_rate", 100.0 * m2.wins / games, "%");
    match_t m1 = bench_gomoku_match(1, games, nodes);
    bench_report("gomoku_l3_vs_l1_win_rate", 100.0 * m1.wins / games, "%");
    bench_report("gomoku_seed_l1_ms_per_move", m1.other_moves ? 1000.0 * m1.other_cpu / m1.other_moves : 0, "ms");
    return 0;
}
