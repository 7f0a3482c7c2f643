/*
 * test_gomoku_ai.c - the Gomoku AI: seed 002's table and value function
 * (numbers from the seed's text, table 3.1, and worked by hand), its
 * first-move rule, the levels' tactics, threat search (VCF) and renju.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "games/gomoku/gomoku.h"
#include "games/gomoku/gomoku_ai.h"

static int pt(const char *s)
{
    int p = -1;
    cr_assert_eq(gomoku_point_parse(s, &p), GOMOKU_OK, "bad point %s", s);
    return p;
}

static void put(gomoku_t *g, int colour, const char *list)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
        cr_assert_eq(gomoku_set_stone(g, pt(t), colour), GOMOKU_OK);
}

static gomoku_t position(int rule, const char *black, const char *white, int to_move)
{
    gomoku_t g;
    gomoku_init(&g, rule);
    put(&g, GOMOKU_BLACK, black);
    put(&g, GOMOKU_WHITE, white);
    gomoku_set_to_move(&g, to_move);
    return g;
}

static const char *name(int p)
{
    static char buf[4][4];
    static int i;
    i = (i + 1) % 4;
    gomoku_point_format(p, buf[i]);
    return buf[i];
}

/* ---- the seed's evaluation ---- */

Test(gomoku_seed, table_3_1_has_the_seeds_fifteen_values)
{
    /* Seed 002 table 3.1: rows five/four/three/two/one, columns open,
     * one end blocked, both ends blocked. */
    static const int want[5][3] = {
        {1000000, 1000000, 1000000},
        {300000, 2500, 100},
        {3000, 500, 100},
        {700, 200, 0},
        {200, 50, 0},
    };
    for (int count = 5; count >= 1; count--)
        for (int open = 2; open >= 0; open--)
            cr_assert_eq(gomoku_seed_table(count, open), want[5 - count][2 - open],
                         "count %d open ends %d", count, open);
    cr_assert_eq(gomoku_seed_table(7, 2), 1000000, "an overline counts as five");
}

Test(gomoku_seed, calculate_value_worked_by_hand)
{
    gomoku_t g;
    gomoku_init(&g, GOMOKU_RULE_RENJU);
    /* Alone in the middle: four lines of one stone, both ends open: 4 x 200. */
    cr_assert_eq(gomoku_seed_value(&g, pt("h8"), GOMOKU_WHITE), 800);
    /* The corner a1: row and column and the diagonal have one end on the
     * edge (50 each); the anti-diagonal has both (0). */
    cr_assert_eq(gomoku_seed_value(&g, pt("a1"), GOMOKU_BLACK), 150);
    /* f8 g8 [h8]: an open three (3000) + three lone lines (600). */
    put(&g, GOMOKU_BLACK, "f8 g8");
    cr_assert_eq(gomoku_seed_value(&g, pt("h8"), GOMOKU_BLACK), 3600);
    /* White e8 closes one end: 500 + 600. */
    put(&g, GOMOKU_WHITE, "e8");
    cr_assert_eq(gomoku_seed_value(&g, pt("h8"), GOMOKU_BLACK), 1100);
    /* For White, h8's row holds no white stone but ends on Black's g8 on
     * the left: one stone, one end blocked (50) + 3 x 200. */
    cr_assert_eq(gomoku_seed_value(&g, pt("h8"), GOMOKU_WHITE), 650);
}

Test(gomoku_seed, first_stone_goes_beside_the_cursor)
{
    /* Seed 002's main loop: the computer's first move is x_cur - 1 on the
     * cursor's row (x_cur + 1 at the left edge); the cursor starts at the
     * centre and stands on the last move played. */
    gomoku_t g;
    gomoku_init(&g, GOMOKU_RULE_RENJU);
    for (int level = 1; level <= 2; level++)
        cr_assert_str_eq(name(gomoku_ai_move(&g, level, 0, NULL, NULL)), "g8");
    gomoku_play(&g, pt("k5"));
    cr_assert_str_eq(name(gomoku_ai_move(&g, 1, 0, NULL, NULL)), "j5");
    gomoku_init(&g, GOMOKU_RULE_RENJU);
    gomoku_play(&g, pt("a5"));
    cr_assert_str_eq(name(gomoku_ai_move(&g, 2, 0, NULL, NULL)), "b5");
}

/* ---- tactics every level gets right ---- */

Test(gomoku_ai, every_level_completes_its_five)
{
    /* White's open four-in-waiting e8 f8 g8 h8: i8 or d8 wins.  Black has
     * four stones of its own that need one more move to be dangerous. */
    for (int level = 1; level <= 3; level++) {
        gomoku_t g = position(GOMOKU_RULE_RENJU, "e7 f7 g7 h9 c3", "e8 f8 g8 h8", GOMOKU_WHITE);
        int p = gomoku_ai_move(&g, level, 1, NULL, NULL);
        cr_assert(p == pt("i8") || p == pt("d8"), "level %d played %s", level, name(p));
        gomoku_play(&g, p);
        cr_assert_eq(g.winner, GOMOKU_WHITE);
    }
}

Test(gomoku_ai, every_level_blocks_a_four)
{
    /* Black threatens d8-h8 at d8 only (White i8 holds the other end); White
     * has nothing that wins first. */
    for (int level = 1; level <= 3; level++) {
        gomoku_t g = position(GOMOKU_RULE_RENJU, "e8 f8 g8 h8 c3", "i8 h9 j10", GOMOKU_WHITE);
        int p = gomoku_ai_move(&g, level, 1, NULL, NULL);
        cr_assert_str_eq(name(p), "d8", "level %d", level);
    }
}

Test(gomoku_ai, no_level_plays_a_forbidden_point_for_black)
{
    /* h8 is a double three for Black (f8 g8 + h6 h7), the point every
     * level's attack values most; under renju it would lose at once. */
    for (int level = 1; level <= 3; level++) {
        gomoku_t g = position(GOMOKU_RULE_RENJU, "f8 g8 h6 h7", "a15 b15 o1 n1", GOMOKU_BLACK);
        cr_assert_eq(gomoku_forbidden(&g, pt("h8")), GOMOKU_FORBID_DOUBLE_THREE);
        int p = gomoku_ai_move(&g, level, 1, NULL, NULL);
        cr_assert(p >= 0);
        cr_assert_eq(gomoku_forbidden(&g, p), GOMOKU_FORBID_NONE, "level %d played %s", level, name(p));
        gomoku_play(&g, p);
        cr_assert_neq(g.end, GOMOKU_END_FORBIDDEN);
    }
}

/* ---- threat-space search ---- */

/*
 * A VCF for Black, two fours deep.  Column i: i6 i7 i8 (White i5), so i9
 * is a four (five point i10).  Column j: j11 j12 j13 (White j14), so j10 is
 * a four (five point j9).  Diagonal g7 h8 (White f6): with i9 and j10 both
 * black it becomes g7-j10, a four.  Nothing wins at once: no open four and
 * no double four is on the board, and i9 and j10 are each one four.  But
 * i9 (White must take i10), then j10 makes two fours (j9 and k11): White
 * can stop only one.  j10 first then i9 works the same way.
 */
static gomoku_t vcf_position(int rule)
{
    return position(rule, "i6 i7 i8 j11 j12 j13 g7 h8", "i5 j14 f6 a1 a3 c1", GOMOKU_BLACK);
}

Test(gomoku_ai, level3_finds_a_vcf_and_wins_it)
{
    /* Freestyle: Black's VCF ends in a double four. */
    gomoku_t g = vcf_position(GOMOKU_RULE_FREESTYLE);
    gomoku_ai_info_t info;
    int p = gomoku_ai_move(&g, 3, 1, NULL, &info);
    cr_assert(p == pt("i9") || p == pt("j10"), "played %s", name(p));
    cr_assert_str_eq(info.why, "vcf");
    /* Whatever White does, Black wins within three more of its moves. */
    gomoku_play(&g, p);
    for (int ply = 0; ply < 6 && !g.winner; ply++) {
        int q = gomoku_ai_move(&g, 3, 7, NULL, NULL);
        cr_assert(q >= 0);
        gomoku_play(&g, q);
    }
    cr_assert_eq(g.winner, GOMOKU_BLACK);
}

Test(gomoku_ai, renju_black_has_no_vcf_through_a_double_four)
{
    /* Under renju the same sequence ends on a double four, forbidden for
     * Black: after i9 and White i10, j10 is forbidden (and so is i9 after
     * j10, j9), so it is no VCF and level 3 must not claim one. */
    gomoku_t g = vcf_position(GOMOKU_RULE_RENJU);
    gomoku_ai_info_t info;
    gomoku_ai_move(&g, 3, 1, NULL, &info);
    cr_assert_str_neq(info.why, "vcf");
    put(&g, GOMOKU_BLACK, "i9");
    put(&g, GOMOKU_WHITE, "i10");
    cr_assert_eq(gomoku_forbidden(&g, pt("j10")), GOMOKU_FORBID_DOUBLE_FOUR);
}

Test(gomoku_ai, renju_white_vcf_through_a_forbidden_defence)
{
    /* White h10 h11 h12 (Black h13 above): h9 makes a four whose only five
     * point is h8.  For Black h8 is a double three (f8 g8 [h8] and f6 g7
     * [h8], both open), forbidden: Black cannot defend, White's h9 wins. */
    gomoku_t g = position(GOMOKU_RULE_RENJU, "f8 g8 f6 g7 h13 a14", "h10 h11 h12 a1 c1", GOMOKU_WHITE);
    gomoku_ai_info_t info;
    int p = gomoku_ai_move(&g, 3, 1, NULL, &info);
    cr_assert_str_eq(name(p), "h9");
    cr_assert_str_eq(info.why, "vcf");
    gomoku_play(&g, p);
    cr_assert_eq(gomoku_forbidden(&g, pt("h8")), GOMOKU_FORBID_DOUBLE_THREE);
    for (int ply = 0; ply < 4 && !g.winner; ply++) {
        int q = gomoku_ai_move(&g, 3, 7, NULL, NULL);
        cr_assert(q >= 0);
        gomoku_play(&g, q);
    }
    cr_assert_eq(g.winner, GOMOKU_WHITE);
}

Test(gomoku_ai, level3_defends_against_a_vcf)
{
    /* The same shape with White to move: White has no win of its own, so it
     * must take one of the points that break Black's VCF (after it, Black
     * has no VCF left). */
    gomoku_t g = vcf_position(GOMOKU_RULE_FREESTYLE);
    gomoku_set_to_move(&g, GOMOKU_WHITE);
    gomoku_ai_info_t info;
    int p = gomoku_ai_move(&g, 3, 1, NULL, &info);
    cr_assert(p >= 0);
    gomoku_play(&g, p);
    gomoku_ai_info_t after;
    int q = gomoku_ai_move(&g, 3, 1, NULL, &after);
    cr_assert(q >= 0);
    cr_assert_str_neq(after.why, "vcf", "White's %s left Black the VCF %s", name(p), name(q));
}

Test(gomoku_ai, level3_sees_a_vct_on_both_sides)
{
    /* Freestyle: Black's h8 would make two open threes (f8 g8 [h8] and
     * h6 h7 [h8]) and win by threats.  Black to move finds it; White to
     * move sees the threat and answers on one of its two lines (the
     * position is still lost for White: four black stones against four in
     * the corners, so no single move saves it and the test asks no more). */
    gomoku_t g = position(GOMOKU_RULE_FREESTYLE, "f8 g8 h6 h7", "a1 o1 a15 o15", GOMOKU_BLACK);
    gomoku_ai_info_t info;
    int p = gomoku_ai_move(&g, 3, 1, NULL, &info);
    cr_assert_str_eq(info.why, "vct", "Black played %s", name(p));
    gomoku_set_to_move(&g, GOMOKU_WHITE);
    p = gomoku_ai_move(&g, 3, 1, NULL, &info);
    cr_assert_str_eq(info.why, "defend", "White played %s", name(p));
    int row = p / GOMOKU_SIZE + 1, col = p % GOMOKU_SIZE;
    cr_assert(row == 8 || col == 7, "White's %s is on neither threat line", name(p));
}

Test(gomoku_ai, budget_bounds_the_search)
{
    gomoku_t g;
    gomoku_init(&g, GOMOKU_RULE_RENJU);
    const char *moves[] = {"h8", "i9", "i8", "g8", "j7", "h7", "j9", "j8"};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
        gomoku_play(&g, pt(moves[i]));
    gomoku_budget_t budget = {.max_nodes = 2000, .max_ms = 0};
    gomoku_ai_info_t info;
    int p = gomoku_ai_move(&g, 3, 1, &budget, &info);
    cr_assert(gomoku_can_play(&g, p));
    /* Each phase stops at the first check past its share. */
    cr_assert_leq(info.nodes, 2000 + 64, "visited %ld", info.nodes);
    budget.max_nodes = 400;
    p = gomoku_ai_move(&g, 1, 1, &budget, &info);
    cr_assert(gomoku_can_play(&g, p));
    cr_assert_leq(info.nodes, 401);
}

Test(gomoku_ai, level3_updates_match_a_fresh_state)
{
    /* Each stone refreshes only the points within five of it on its four
     * lines (and Black's possibly forbidden points, wherever they are):
     * after every stone of 600 random steps (a stone set, or one lifted),
     * the kept state equals one built from the board alone, under each
     * rule. */
    const int rules[] = {GOMOKU_RULE_FREESTYLE, GOMOKU_RULE_STANDARD, GOMOKU_RULE_RENJU};
    for (int i = 0; i < 3; i++)
        for (uint64_t seed = 1; seed <= 3; seed++) {
            long d = gomoku_ai_selfcheck(rules[i], seed * 0x9E3779B97F4A7C15ULL, 600);
            cr_assert_eq(d, 0, "rule %d seed %d: %ld differences", rules[i], (int)seed, d);
        }
}

Test(gomoku_ai, finished_games_get_no_move)
{
    gomoku_t g;
    gomoku_init(&g, GOMOKU_RULE_FREESTYLE);
    const char *moves[] = {"a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "e1"};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
        gomoku_play(&g, pt(moves[i]));
    cr_assert_eq(g.winner, GOMOKU_BLACK);
    for (int level = 1; level <= 3; level++)
        cr_assert_eq(gomoku_ai_move(&g, level, 1, NULL, NULL), GOMOKU_NO_POINT);
}

Test(gomoku_ai, level3_beats_the_seed_level2_from_two_openings)
{
    /* A smoke match (the full one is `tabletop bench gomoku`): level 3 with
     * a small budget against level 2, once with each colour. */
    for (int l3 = GOMOKU_BLACK; l3 <= GOMOKU_WHITE; l3++) {
        gomoku_t g;
        gomoku_init(&g, GOMOKU_RULE_RENJU);
        gomoku_play(&g, pt("h8"));
        gomoku_play(&g, pt("i9"));
        while (!g.winner) {
            gomoku_budget_t budget = {.max_nodes = 20000, .max_ms = 0};
            int level = g.to_move == l3 ? 3 : 2;
            int p = gomoku_ai_move(&g, level, 3, &budget, NULL);
            cr_assert(p >= 0);
            cr_assert_eq(gomoku_play(&g, p), GOMOKU_OK);
        }
        cr_assert_eq(g.winner, l3, "level 3 as %s lost", l3 == GOMOKU_BLACK ? "Black" : "White");
    }
}

/* ---- the seed's alpha-beta against a plain minimax ---- */

/*
 * An independent minimax over the same rules as gomoku_ai_seed.c's text
 * (docs/gomoku.md): candidates are the empty points of the stones' bounding
 * box grown by 2, scanned column by column from the left and, in a column,
 * from the top row down; a line scores the sum of its moves' table-3.1
 * values (the mover's sign: + for the AI, - for the other side); a five ends
 * the line; the first of equal moves wins.  No pruning: alpha-beta must
 * give the same move.
 */
typedef struct mm {
    int cell[15][15]; /* [col][row from the bottom] */
    int cand_c[225], cand_r[225], n;
} mm_t;

static int mm_line(const mm_t *m, int c, int r, int dc, int dr, int who, int *open)
{
    int n = 0;
    for (int x = c + dc, y = r + dr;; x += dc, y += dr) {
        if (x < 0 || x > 14 || y < 0 || y > 14)
            return n; /* the edge blocks */
        if (m->cell[x][y] == who) {
            n++;
            continue;
        }
        if (m->cell[x][y] == 0)
            (*open)++;
        return n;
    }
}

static int mm_value(const mm_t *m, int c, int r, int who)
{
    static const int dirs[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    int total = 0;
    for (int k = 0; k < 4; k++) {
        int open = 0;
        int count = 1 + mm_line(m, c, r, dirs[k][0], dirs[k][1], who, &open) +
                    mm_line(m, c, r, -dirs[k][0], -dirs[k][1], who, &open);
        total += gomoku_seed_table(count, open);
    }
    return total;
}

static long mm_search(mm_t *m, int side, int ai, int plies)
{
    long best = 0;
    int any = 0;
    for (int i = 0; i < m->n; i++) {
        int c = m->cand_c[i], r = m->cand_r[i];
        if (m->cell[c][r])
            continue;
        long v = mm_value(m, c, r, side);
        long total = side == ai ? v : -v;
        if (v < 1000000 && plies > 1) {
            m->cell[c][r] = side;
            total += mm_search(m, 3 - side, ai, plies - 1);
            m->cell[c][r] = 0;
        }
        if (!any || (side == ai ? total > best : total < best))
            best = total;
        any = 1;
    }
    return best;
}

static int mm_move(const gomoku_t *g, int plies)
{
    mm_t m;
    memset(&m, 0, sizeof m);
    int lo_c = 14, hi_c = 0, lo_r = 14, hi_r = 0;
    for (int p = 0; p < 225; p++) {
        int s = gomoku_at(g, p);
        m.cell[p % 15][p / 15] = s;
        if (s) {
            lo_c = p % 15 < lo_c ? p % 15 : lo_c;
            hi_c = p % 15 > hi_c ? p % 15 : hi_c;
            lo_r = p / 15 < lo_r ? p / 15 : lo_r;
            hi_r = p / 15 > hi_r ? p / 15 : hi_r;
        }
    }
    lo_c = lo_c >= 2 ? lo_c - 2 : 0;
    lo_r = lo_r >= 2 ? lo_r - 2 : 0;
    hi_c = hi_c <= 12 ? hi_c + 2 : 14;
    hi_r = hi_r <= 12 ? hi_r + 2 : 14;
    for (int c = lo_c; c <= hi_c; c++)
        for (int r = hi_r; r >= lo_r; r--)
            if (!m.cell[c][r]) {
                m.cand_c[m.n] = c;
                m.cand_r[m.n++] = r;
            }
    int ai = g->to_move, best = -1;
    long best_v = 0;
    for (int i = 0; i < m.n; i++) {
        int c = m.cand_c[i], r = m.cand_r[i];
        long v = mm_value(&m, c, r, ai), total = v;
        if (v < 1000000 && plies > 1) {
            m.cell[c][r] = ai;
            total += mm_search(&m, 3 - ai, ai, plies - 1);
            m.cell[c][r] = 0;
        }
        if (best < 0 || total > best_v) {
            best_v = total;
            best = r * 15 + c;
        }
    }
    return best;
}

Test(gomoku_seed, alpha_beta_plays_what_plain_minimax_plays)
{
    /* Random positions of 4-12 stones in the centre, both colours to move
     * (freestyle: no forbidden filter), each AI stone already placed so the
     * first-move rule stays out of it. */
    uint32_t seed = 12345;
    int compared = 0;
    for (int n = 0; n < 30; n++) {
        gomoku_t g;
        gomoku_init(&g, GOMOKU_RULE_FREESTYLE);
        int stones = 4 + n % 9;
        for (int i = 0; i < stones; i++) {
            seed = seed * 1664525u + 1013904223u;
            int p = (int)(4 + (seed >> 10) % 7) * 15 + (int)(4 + (seed >> 20) % 7);
            if (gomoku_at(&g, p) == GOMOKU_EMPTY)
                gomoku_set_stone(&g, p, i % 2 ? GOMOKU_WHITE : GOMOKU_BLACK);
        }
        gomoku_set_to_move(&g, n % 2 ? GOMOKU_WHITE : GOMOKU_BLACK);
        for (int level = 1; level <= 2; level++) {
            int want = mm_move(&g, level == 1 ? 2 : 3);
            int got = gomoku_ai_move(&g, level, 0, NULL, NULL);
            cr_assert_eq(got, want, "position %d level %d: alpha-beta %s, minimax %s", n, level, name(got),
                         name(want));
            compared++;
        }
    }
    cr_assert_eq(compared, 60);
}
