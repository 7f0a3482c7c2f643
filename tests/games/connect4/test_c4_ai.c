/* test_c4_ai.c - the seed 004 AI (C model), the mailbox model and the
 * driver: scenarios from the seed's results, properties over random play,
 * the handshake on the sdl backend, and hardware that misbehaves. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/connect4/c4_ai.h"
#include "drivers/connect4_mailbox.h"
#include "games/connect4/c4_game.h"
#include "hal.h"
#include "models/connect4_model.h"

/* ---- scenarios (tests/data/connect4/scenarios.txt) ---------------------- */

typedef struct scenario {
    uint16_t rows[6];
    int expect_col;       /* 1-7, 0 if none */
    unsigned expect_why;  /* C4_AI_WHY_* */
    int avoid[8];         /* columns 1-7 */
    int navoid;
} scenario_t;

static unsigned why_from_name(const char *w)
{
    static const char *names[] = {"none", "defensive", "now", "only", "trap", "minimax"};
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(w, names[i]))
            return i;
    cr_assert_fail("unknown reason '%s' in scenarios.txt", w);
    return 0;
}

/* Loads scenario `name`; board rows are checked to obey gravity. */
static scenario_t load_scenario(const char *name)
{
    const char *dir = getenv("TABLETOP_TEST_DATA");
    cr_assert(dir, "TABLETOP_TEST_DATA is not set");
    char path[512];
    snprintf(path, sizeof path, "%s/connect4/scenarios.txt", dir);
    FILE *f = fopen(path, "r");
    cr_assert(f, "cannot open %s", path);
    scenario_t s;
    memset(&s, 0, sizeof s);
    char line[256];
    int in = 0, row = 5, found = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (line[0] == '#')
            continue;
        char word[64];
        if (!strncmp(line, "scenario ", 9)) {
            if (in)
                break;
            in = !strcmp(line + 9, name);
            continue;
        }
        if (!in || !line[0])
            continue;
        found = 1;
        if (row >= 0 && strlen(line) == 7 && strspn(line, ".XO") == 7) {
            for (int c = 0; c < 7; c++)
                if (line[c] != '.')
                    s.rows[row] |= (uint16_t)((line[c] == 'X' ? 1u : 2u) << (2 * c));
            row--;
        } else if (sscanf(line, "expect %d %63s", &s.expect_col, word) == 2) {
            s.expect_why = why_from_name(word);
        } else if (!strncmp(line, "avoid", 5)) {
            char *p = line + 5, *end;
            for (long v; (v = strtol(p, &end, 10)), end != p; p = end)
                s.avoid[s.navoid++] = (int)v;
        } else {
            cr_assert_fail("scenario %s: cannot read '%s'", name, line);
        }
    }
    fclose(f);
    cr_assert(found && row == -1, "scenario %s missing or without six board rows", name);
    for (int c = 0; c < 7; c++)
        for (int r = 1; r < 6; r++)
            cr_assert(((s.rows[r] >> (2 * c)) & 3) == 0 || ((s.rows[r - 1] >> (2 * c)) & 3) != 0,
                      "scenario %s: floating disc in column %d", name, c + 1);
    return s;
}

static void run_scenario(const char *name)
{
    scenario_t s = load_scenario(name);
    c4_ai_detail_t d;
    uint32_t move = c4_ai_decide(s.rows, &d);
    int col = (int)(move & 7u) + 1;
    unsigned why = (move >> 4) & 7u;
    for (int i = 0; i < s.navoid; i++)
        cr_expect_neq(col, s.avoid[i], "%s: the AI played %d, which it must avoid", name, col);
    if (s.expect_col)
        cr_expect(col == s.expect_col && why == s.expect_why,
                  "%s: the AI played %d (why %u), expected %d (why %u); human_max "
                  "%u %u %u %u %u %u %u trap %02x",
                  name, col, why, s.expect_col, s.expect_why, d.human_max[0], d.human_max[1],
                  d.human_max[2], d.human_max[3], d.human_max[4], d.human_max[5], d.human_max[6],
                  d.trap);
}

Test(c4_ai_scenario, immediate_win) { run_scenario("immediate-win"); }
Test(c4_ai_scenario, block) { run_scenario("block"); }
Test(c4_ai_scenario, no_self_destruct) { run_scenario("no-self-destruct"); }
Test(c4_ai_scenario, trap_column_6) { run_scenario("trap-column-6"); }
Test(c4_ai_scenario, block_before_trap) { run_scenario("block-before-trap"); }
Test(c4_ai_scenario, opening_centre) { run_scenario("opening-centre"); }
Test(c4_ai_scenario, opening_reply) { run_scenario("opening-reply"); }
Test(c4_ai_scenario, only_column) { run_scenario("only-column"); }

/* ---- modules ------------------------------------------------------------ */

Test(c4_ai_module, max_connect_values)
{
    /* Human (10) discs at columns 1-2 of the bottom row; AI at column 7. */
    uint16_t rows[6] = {(2u << 0) | (2u << 2) | (1u << 12), 0, 0, 0, 0, 0};
    int legal;
    /* Column 3 for the AI: next to two human discs in a row -> weight 4. */
    cr_assert_eq(c4_ai_max_connect(rows, 2, C4_AI_CELL_AI, &legal), 4);
    cr_assert(legal);
    /* Column 1 (above a human disc): vertical 1 + diagonal to (0,1) 1 = 2. */
    cr_assert_eq(c4_ai_max_connect(rows, 0, C4_AI_CELL_AI, &legal), 2);
    /* The gap rule: a human disc either side counts as two in a row. */
    uint16_t gap[6] = {(2u << 0) | (2u << 4), 0, 0, 0, 0, 0};
    cr_assert_eq(c4_ai_max_connect(gap, 1, C4_AI_CELL_AI, &legal), 4 + 0 + 0 + 0);
    /* Three human discs: the AI must block there; the human would win. */
    uint16_t three[6] = {(2u << 0) | (2u << 2) | (2u << 4), 0, 0, 0, 0, 0};
    cr_assert_eq(c4_ai_max_connect(three, 3, C4_AI_CELL_AI, &legal), C4_AI_VALUE_BLOCK);
    cr_assert_eq(c4_ai_max_connect(three, 3, C4_AI_CELL_HUMAN, &legal), C4_AI_VALUE_WIN);
    /* A full column is not legal. */
    uint16_t full[6];
    for (int r = 0; r < 6; r++)
        full[r] = (uint16_t)((r & 1 ? 1u : 2u) << 6);
    cr_assert_eq(c4_ai_max_connect(full, 3, C4_AI_CELL_AI, &legal), 0);
    cr_assert_not(legal);
}

Test(c4_ai_module, gen_state_and_win_finder)
{
    uint16_t rows[6] = {(1u << 0) | (1u << 2) | (1u << 4), 0, 0, 0, 0, 0}, out[6];
    cr_assert_eq(c4_ai_win_finder(rows, C4_AI_CELL_AI), 1u << 3);
    cr_assert_eq(c4_ai_win_finder(rows, C4_AI_CELL_HUMAN), 0);
    c4_ai_gen_state(rows, 3, C4_AI_CELL_HUMAN, out);
    cr_assert_eq(out[0], rows[0] | (2u << 6));
    cr_assert_eq(c4_ai_win_finder(out, C4_AI_CELL_AI), 0);
    c4_ai_gen_state(out, 3, C4_AI_CELL_AI, rows);
    cr_assert_eq(rows[1], 1u << 6);
}

Test(c4_ai_module, tie_order_is_centre_out)
{
    static const uint8_t want[7] = {3, 2, 4, 1, 5, 0, 6};
    cr_assert_arr_eq(c4_ai_tie_order, want, 7);
}

/* ---- properties over random play, checked with the game's own rules ----- */

static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

/* Columns where the player to move in g would connect four. */
static unsigned winning_columns(const c4_game_t *g, int player)
{
    unsigned mask = 0;
    for (int c = 0; c < 7; c++) {
        if (!c4_game_can_play(g, c))
            continue;
        c4_game_t t = *g;
        t.to_move = player;
        c4_game_play(&t, c);
        if (t.winner == player)
            mask |= 1u << c;
    }
    return mask;
}

Test(c4_ai_property, legal_wins_and_blocks_in_random_play)
{
    uint32_t seed = 12345;
    int positions = 0, wins = 0, blocks = 0;
    for (int game = 0; game < 600; game++) {
        c4_game_t g;
        c4_game_init(&g);
        while (!c4_game_is_over(&g)) {
            uint16_t rows[6];
            c4_game_state_rows(&g, g.to_move, rows);
            uint32_t move = c4_ai_decide(rows, NULL);
            int col = (int)(move & 7u);
            cr_assert(c4_game_can_play(&g, col), "illegal AI move %d", col + 1);
            unsigned mine = winning_columns(&g, g.to_move);
            unsigned theirs = winning_columns(&g, 3 - g.to_move);
            if (mine) {
                cr_assert(mine & (1u << col), "missed a win (move %d)", g.moves);
                wins++;
            } else if (theirs) {
                cr_assert(theirs & (1u << col), "missed a block (move %d)", g.moves);
                blocks++;
            }
            positions++;
            /* Half the moves random, half the AI's own. */
            if (lcg(&seed) & 1) {
                do
                    col = (int)(lcg(&seed) % 7);
                while (!c4_game_can_play(&g, col));
            }
            c4_game_play(&g, col);
        }
    }
    cr_assert_gt(wins, 100);
    cr_assert_gt(blocks, 100);
    cr_log_info("%d positions, %d wins, %d blocks", positions, wins, blocks);
}

Test(c4_ai_property, never_hands_the_human_a_win_when_avoidable)
{
    /* Generation two: after the full module's move the human has no
     * immediate win unless every column gave one (or it was a block/win). */
    uint32_t seed = 777;
    int checked = 0;
    for (int game = 0; game < 400; game++) {
        c4_game_t g;
        c4_game_init(&g);
        while (!c4_game_is_over(&g)) {
            uint16_t rows[6];
            c4_game_state_rows(&g, g.to_move, rows);
            c4_ai_detail_t d;
            uint32_t move = c4_ai_decide(rows, &d);
            unsigned why = (move >> 4) & 7u;
            int col = (int)(move & 7u);
            if (why == C4_AI_WHY_MINIMAX || why == C4_AI_WHY_TRAP) {
                int safe_exists = 0;
                for (int c = 0; c < 7; c++) {
                    if (!c4_game_can_play(&g, c))
                        continue;
                    c4_game_t t = g;
                    c4_game_play(&t, c);
                    if (!winning_columns(&t, t.to_move))
                        safe_exists = 1;
                }
                c4_game_t t = g;
                c4_game_play(&t, col);
                if (safe_exists)
                    cr_assert_eq(winning_columns(&t, t.to_move), 0,
                                 "move %d hands the human a win", col + 1);
                checked++;
            }
            do
                col = (int)(lcg(&seed) % 7);
            while (!c4_game_can_play(&g, col));
            c4_game_play(&g, col);
        }
    }
    cr_assert_gt(checked, 1000);
}

/* ---- the mailbox model -------------------------------------------------- */

Test(c4_model, handshake_and_cycle_count)
{
    c4_model_t m;
    c4_model_reset(&m);
    c4_game_t g;
    char err[64];
    cr_assert_eq(c4_game_parse(&g, "44536", err, sizeof err), C4_OK);
    uint16_t rows[6];
    c4_game_state_rows(&g, g.to_move, rows);
    for (int r = 0; r < 6; r++)
        c4_model_reg_write(&m, 4u * (1u + (unsigned)r), rows[r]);
    cr_assert_eq(c4_model_reg_read(&m, 0x1C), 0, "no answer before the flag");
    c4_model_reg_write(&m, 0, C4_FLAG_NEW);
    int n = 1;
    while (c4_model_reg_read(&m, 0) != C4_FLAG_DONE && n < 100)
        n++;
    /* A flag read and six row reads of 3 clocks, 13 compute clocks (the
     * AI's start clock and its 12-clock latency: one shared evaluator takes
     * the eight positions in turn, docs/connect4.md), then word 7 and the
     * flag are written: 3 + 18 + 13 + 2 = 36, plus up to 2 clocks until the
     * poll comes round and the read that sees it. */
    cr_assert(n >= 36 && n <= 38, "answer after %d clocks", n);
    cr_assert_eq(c4_model_reg_read(&m, 0x1C), c4_ai_decide(rows, NULL));
    cr_assert_not(c4_model_busy(&m));
    /* Unmapped offsets read 0 and writes there change nothing. */
    c4_model_reg_write(&m, 0x40, 5);
    cr_assert_eq(c4_model_reg_read(&m, 0x40), 0);
    cr_assert_eq(c4_model_reg_read(&m, 0x1C), c4_ai_decide(rows, NULL));
}

Test(c4_model, idle_skip_is_exact)
{
    /* tick(n) with its shortcut must equal n single ticks. */
    for (unsigned pre = 0; pre < 7; pre++) {
        for (uint64_t n = 0; n < 40; n++) {
            c4_model_t a, b;
            c4_model_reset(&a);
            c4_model_tick(&a, pre);
            c4_model_reg_write(&a, 0, 2);
            b = a;
            c4_model_tick(&a, n);
            for (uint64_t i = 0; i < n; i++)
                c4_model_tick(&b, 1);
            cr_assert_eq(memcmp(&a, &b, sizeof a), 0, "pre %u n %llu", pre,
                         (unsigned long long)n);
            c4_model_reg_write(&a, 0, 1);
            c4_model_reg_write(&b, 0, 1);
            c4_model_tick(&a, 30);
            for (int i = 0; i < 30; i++)
                c4_model_tick(&b, 1);
            cr_assert_eq(memcmp(&a, &b, sizeof a), 0);
        }
    }
}

/* ---- the driver --------------------------------------------------------- */

Test(c4_driver, sdl_backend_answers_with_the_model)
{
    hal_t h;
    hal_config_t cfg = {0};
    cfg.backend = "sdl";
    cfg.headless = 1;
    char err[256];
    cr_assert_eq(hal_open(&h, &cfg, err, sizeof err), 0, "%s", err);
    uint32_t seed = 99;
    for (int game = 0; game < 20; game++) {
        c4_game_t g;
        c4_game_init(&g);
        while (!c4_game_is_over(&g)) {
            c4_game_t before = g;
            int col = -1;
            uint32_t word = 0;
            cr_assert_eq(c4_driver_request_move(&h, &g, 0, &col, &word, err, sizeof err),
                         C4_DRIVER_OK, "%s", err);
            cr_assert_eq(memcmp(&g, &before, sizeof g), 0, "the driver changed the game");
            uint16_t rows[6];
            c4_game_state_rows(&g, g.to_move, rows);
            cr_assert_eq(word, c4_ai_decide(rows, NULL));
            cr_assert_eq(col, (int)(word & 7u));
            if (lcg(&seed) & 1) {
                do
                    col = (int)(lcg(&seed) % 7);
                while (!c4_game_can_play(&g, col));
            }
            c4_game_play(&g, col);
        }
    }
    hal_close(&h);
}

/* An in-memory backend playing broken hardware: `answer` is what it puts
 * in word 7, and with silent set it never raises the flag. */
typedef struct fake_hw {
    uint32_t mem[8];
    uint32_t answer;
    int silent;
    uint64_t now_us;
    int writes;
} fake_hw_t;

static uint32_t fake_read(void *ctx, uint32_t off)
{
    fake_hw_t *f = ctx;
    return off >= C4_BASE && off < C4_BASE + 32 ? f->mem[(off - C4_BASE) / 4] : 0;
}

static void fake_write(void *ctx, uint32_t off, uint32_t v)
{
    fake_hw_t *f = ctx;
    f->writes++;
    if (off < C4_BASE || off >= C4_BASE + 32)
        return;
    f->mem[(off - C4_BASE) / 4] = v;
    if (off == C4_BASE && v == 1 && !f->silent) {
        f->mem[7] = f->answer;
        f->mem[0] = 2;
    }
}

static void fake_advance(void *ctx, uint32_t us) { ((fake_hw_t *)ctx)->now_us += us; }
static uint64_t fake_time(void *ctx) { return ((fake_hw_t *)ctx)->now_us; }

static const hal_ops_t fake_ops = {
    .name = "fake",
    .reg_read = fake_read,
    .reg_write = fake_write,
    .advance = fake_advance,
    .time_us = fake_time,
};

Test(c4_driver, a_mailbox_that_never_answers_times_out)
{
    fake_hw_t f = {.silent = 1};
    hal_t h = {&fake_ops, &f};
    c4_game_t g;
    c4_game_init(&g);
    int col = 42;
    char err[256] = "";
    cr_assert_eq(c4_driver_request_move(&h, &g, 5000, &col, NULL, err, sizeof err),
                 C4_DRIVER_TIMEOUT);
    cr_assert(strstr(err, "did not answer within 5 ms"), "%s", err);
    cr_assert(strstr(err, "0xFF201000"), "%s", err);
    cr_assert_eq(col, 42, "no column on a timeout");
    cr_assert_geq(f.now_us, 5000);
    cr_assert_lt(f.now_us, 5100, "gave up late: %llu us", (unsigned long long)f.now_us);
    cr_assert_eq(f.mem[0], 0, "the flag is withdrawn after a timeout");
}

Test(c4_driver, illegal_moves_from_hardware_are_rejected)
{
    char err[256];
    c4_game_t g;
    cr_assert_eq(c4_game_parse(&g, "444444", err, sizeof err), C4_OK);
    /* Column 4 full, column 8 (7: "no move"), bits above the move byte. */
    static const uint32_t answers[] = {3u, 7u, 0x100u | 2u, (5u << 4) | 3u};
    for (size_t i = 0; i < sizeof answers / sizeof answers[0]; i++) {
        fake_hw_t f = {.answer = answers[i]};
        hal_t h = {&fake_ops, &f};
        c4_game_t before = g;
        int col = 42;
        uint32_t word = 0;
        err[0] = 0;
        cr_assert_eq(c4_driver_request_move(&h, &g, 0, &col, &word, err, sizeof err),
                     C4_DRIVER_ILLEGAL, "answer %#x", answers[i]);
        cr_assert(strstr(err, "rejected an illegal move"), "%s", err);
        cr_assert_eq(col, 42);
        cr_assert_eq(word, answers[i]);
        cr_assert_eq(memcmp(&g, &before, sizeof g), 0);
    }
    /* A sane answer passes. */
    fake_hw_t f = {.answer = (5u << 4) | 2u};
    hal_t h = {&fake_ops, &f};
    int col = -1;
    cr_assert_eq(c4_driver_request_move(&h, &g, 0, &col, NULL, err, sizeof err), C4_DRIVER_OK);
    cr_assert_eq(col, 2);
}

Test(c4_driver, no_question_when_the_game_is_over)
{
    char err[256];
    c4_game_t g;
    cr_assert_eq(c4_game_parse(&g, "1212121", err, sizeof err), C4_OK);
    fake_hw_t f = {.answer = 0};
    hal_t h = {&fake_ops, &f};
    int col = 42;
    cr_assert_eq(c4_driver_request_move(&h, &g, 0, &col, NULL, err, sizeof err),
                 C4_DRIVER_NO_MOVE);
    cr_assert_eq(f.writes, 0, "nothing written to the hardware");
}
