/*
 * gomoku.c - the board, five in a row and renju's forbidden points.
 *
 * The forbidden test follows the RIF renju rules' definitions (docs/gomoku.md
 * quotes them):
 *   five         exactly five in a row (for Black); six or more is an overline;
 *   four         a line that one more stone turns into a five; a straight four
 *                is a line with two such points (_XXXX_);
 *   three        a line that one more stone turns into a straight four, where
 *                that stone is itself not forbidden;
 *   forbidden    for Black: overline, two or more fours, two or more threes
 *                (each line counted once) - unless the same move makes a five.
 * Everything is tested on a scratch copy of the padded board, placing and
 * lifting hypothetical stones.
 */
#include "gomoku.h"
#include "internal/gomoku_private.h"

#include <string.h>

const int gomoku_dirs[4] = {1, GOMOKU_STRIDE, GOMOKU_STRIDE + 1, GOMOKU_STRIDE - 1};

void gomoku_init(gomoku_t *g, int rule)
{
    memset(g, 0, sizeof *g);
    for (int i = 0; i < GOMOKU_PADDED; i++) {
        int r = i / GOMOKU_STRIDE - GOMOKU_PAD, c = i % GOMOKU_STRIDE - GOMOKU_PAD;
        g->b[i] = (r < 0 || r >= GOMOKU_SIZE || c < 0 || c >= GOMOKU_SIZE) ? GOMOKU_WALL : GOMOKU_EMPTY;
    }
    if (rule != GOMOKU_RULE_STANDARD && rule != GOMOKU_RULE_RENJU)
        rule = GOMOKU_RULE_FREESTYLE;
    g->rule = rule;
    g->to_move = GOMOKU_BLACK;
}

/* Stones of idx's colour in an unbroken run through idx along d (idx counts). */
static int run_length(const uint8_t *b, int idx, int d)
{
    int who = b[idx], n = 1;
    for (int i = idx + d; b[i] == who; i += d)
        n++;
    for (int i = idx - d; b[i] == who; i -= d)
        n++;
    return n;
}

/*
 * Black's five points along d for the stone at idx: empty points within four
 * steps that would give an unbroken run of exactly five through idx.  Writes
 * up to 8 padded indices to out and returns how many.
 */
static int five_points(uint8_t *b, int idx, int d, int out[8])
{
    int n = 0;
    for (int k = -4; k <= 4; k++) {
        int e = idx + k * d;
        if (k == 0 || b[e] != GOMOKU_EMPTY)
            continue;
        b[e] = GOMOKU_BLACK;
        if (run_length(b, idx, d) == 5)
            out[n++] = e;
        b[e] = GOMOKU_EMPTY;
    }
    return n;
}

/* The number of fours a line counts for: a straight four (two five points
 * five apart, the four stones between them) is one four; otherwise each five
 * point is a four of its own (B_BBB_B is two fours in one line). */
static int fours_in_line(uint8_t *b, int idx, int d)
{
    int pts[8];
    int n = five_points(b, idx, d, pts);
    if (n == 2 && (pts[1] - pts[0]) == 5 * d)
        return 1;
    return n;
}

static int is_straight_four(uint8_t *b, int idx, int d)
{
    int pts[8];
    int n = five_points(b, idx, d, pts);
    return n == 2 && (pts[1] - pts[0]) == 5 * d;
}

static gomoku_forbid_t forbid_at(uint8_t *b, int idx);

/* 1 if a black stone at the empty idx makes exactly five in some line. */
static int makes_black_five(uint8_t *b, int idx)
{
    int five = 0;
    b[idx] = GOMOKU_BLACK;
    for (int k = 0; k < 4; k++)
        if (run_length(b, idx, gomoku_dirs[k]) == 5)
            five = 1;
    b[idx] = GOMOKU_EMPTY;
    return five;
}

/* 1 if the black stone at idx forms a three along d: some empty point within
 * four steps makes a straight four through idx there and is not forbidden
 * itself. */
static int is_three(uint8_t *b, int idx, int d)
{
    for (int k = -4; k <= 4; k++) {
        int e = idx + k * d;
        if (k == 0 || b[e] != GOMOKU_EMPTY)
            continue;
        b[e] = GOMOKU_BLACK;
        int straight = is_straight_four(b, idx, d);
        b[e] = GOMOKU_EMPTY;
        /* RIF: the stone that makes the straight four must not make a five
         * at the same time, and must itself be allowed (judged with the
         * stone at idx on the board). */
        if (straight && !makes_black_five(b, e) && forbid_at(b, e) == GOMOKU_FORBID_NONE)
            return 1;
    }
    return 0;
}

/* Black's forbidden shape at the empty padded index idx; b is restored. */
static gomoku_forbid_t forbid_at(uint8_t *b, int idx)
{
    gomoku_forbid_t kind = GOMOKU_FORBID_NONE;
    int runs[4];
    b[idx] = GOMOKU_BLACK;
    for (int k = 0; k < 4; k++) {
        runs[k] = run_length(b, idx, gomoku_dirs[k]);
        if (runs[k] == 5) { /* a five wins whatever else the move makes */
            b[idx] = GOMOKU_EMPTY;
            return GOMOKU_FORBID_NONE;
        }
    }
    for (int k = 0; k < 4; k++)
        if (runs[k] > 5)
            kind = GOMOKU_FORBID_OVERLINE;
    if (kind == GOMOKU_FORBID_NONE) {
        int fours = 0, four_line[4];
        for (int k = 0; k < 4; k++) {
            four_line[k] = fours_in_line(b, idx, gomoku_dirs[k]);
            fours += four_line[k];
        }
        if (fours >= 2) {
            kind = GOMOKU_FORBID_DOUBLE_FOUR;
        } else {
            int threes = 0;
            for (int k = 0; k < 4 && threes < 2; k++)
                if (!four_line[k] && is_three(b, idx, gomoku_dirs[k]))
                    threes++;
            if (threes >= 2)
                kind = GOMOKU_FORBID_DOUBLE_THREE;
        }
    }
    b[idx] = GOMOKU_EMPTY;
    return kind;
}

gomoku_forbid_t gomoku_forbid_padded(uint8_t *b, int idx)
{
    return forbid_at(b, idx);
}

gomoku_forbid_t gomoku_forbidden(const gomoku_t *g, int point)
{
    if (point < 0 || point >= GOMOKU_CELLS)
        return GOMOKU_FORBID_NONE;
    int idx = gomoku_pad(point);
    if (g->b[idx] != GOMOKU_EMPTY)
        return GOMOKU_FORBID_NONE;
    uint8_t scratch[GOMOKU_PADDED];
    memcpy(scratch, g->b, sizeof scratch);
    return forbid_at(scratch, idx);
}

const char *gomoku_forbid_name(gomoku_forbid_t kind)
{
    switch (kind) {
    case GOMOKU_FORBID_DOUBLE_THREE: return "double-three";
    case GOMOKU_FORBID_DOUBLE_FOUR: return "double-four";
    case GOMOKU_FORBID_OVERLINE: return "overline";
    default: return "none";
    }
}

/* 1 if a run of n stones wins for player under rule. */
static int run_wins(int rule, int player, int n)
{
    if (rule == GOMOKU_RULE_FREESTYLE)
        return n >= 5;
    if (rule == GOMOKU_RULE_STANDARD)
        return n == 5;
    return player == GOMOKU_BLACK ? n == 5 : n >= 5;
}

int gomoku_makes_five(const gomoku_t *g, int point, int player)
{
    if (point < 0 || point >= GOMOKU_CELLS)
        return 0;
    int idx = gomoku_pad(point);
    uint8_t scratch[GOMOKU_PADDED];
    memcpy(scratch, g->b, sizeof scratch);
    scratch[idx] = (uint8_t)player;
    int wins = 0;
    /* Renju: Black's exact five in any line wins even beside an overline. */
    for (int k = 0; k < 4; k++)
        if (run_wins(g->rule, player, run_length(scratch, idx, gomoku_dirs[k])))
            wins = 1;
    return wins;
}

int gomoku_at(const gomoku_t *g, int point)
{
    if (point < 0 || point >= GOMOKU_CELLS)
        return GOMOKU_WALL;
    return g->b[gomoku_pad(point)];
}

int gomoku_can_play(const gomoku_t *g, int point)
{
    return !g->winner && point >= 0 && point < GOMOKU_CELLS &&
           g->b[gomoku_pad(point)] == GOMOKU_EMPTY;
}

gomoku_status_t gomoku_play(gomoku_t *g, int point)
{
    if (point < 0 || point >= GOMOKU_CELLS)
        return GOMOKU_ERR_RANGE;
    if (g->winner)
        return GOMOKU_ERR_OVER;
    int idx = gomoku_pad(point);
    if (g->b[idx] != GOMOKU_EMPTY)
        return GOMOKU_ERR_OCCUPIED;
    int me = g->to_move;
    gomoku_forbid_t kind = GOMOKU_FORBID_NONE;
    if (g->rule == GOMOKU_RULE_RENJU && me == GOMOKU_BLACK)
        kind = gomoku_forbidden(g, point);
    int five = gomoku_makes_five(g, point, me);
    g->b[idx] = (uint8_t)me;
    g->history[g->moves++] = (int16_t)point;
    g->stones++;
    g->to_move = GOMOKU_BLACK + GOMOKU_WHITE - me;
    if (five) {
        g->winner = me;
        g->end = GOMOKU_END_FIVE;
    } else if (kind != GOMOKU_FORBID_NONE) {
        g->winner = GOMOKU_WHITE;
        g->end = GOMOKU_END_FORBIDDEN;
        g->forbid = kind;
    } else if (g->stones >= GOMOKU_CELLS) {
        g->winner = GOMOKU_DRAW;
        g->end = GOMOKU_END_FULL;
    }
    return GOMOKU_OK;
}

gomoku_status_t gomoku_pass(gomoku_t *g)
{
    if (g->winner)
        return GOMOKU_ERR_OVER;
    g->to_move = GOMOKU_BLACK + GOMOKU_WHITE - g->to_move;
    return GOMOKU_OK;
}

int gomoku_undo(gomoku_t *g)
{
    if (g->moves <= 0)
        return -1;
    int point = g->history[--g->moves];
    int idx = gomoku_pad(point);
    g->to_move = g->b[idx];
    g->b[idx] = GOMOKU_EMPTY;
    g->stones--;
    g->winner = 0;
    g->end = GOMOKU_END_NONE;
    g->forbid = GOMOKU_FORBID_NONE;
    return 0;
}

gomoku_status_t gomoku_set_stone(gomoku_t *g, int point, int stone)
{
    if (point < 0 || point >= GOMOKU_CELLS || stone < GOMOKU_EMPTY || stone > GOMOKU_WHITE)
        return GOMOKU_ERR_RANGE;
    int idx = gomoku_pad(point);
    if (g->b[idx] != GOMOKU_EMPTY)
        g->stones--;
    g->b[idx] = (uint8_t)stone;
    if (stone != GOMOKU_EMPTY)
        g->stones++;
    return GOMOKU_OK;
}

void gomoku_set_rule(gomoku_t *g, int rule)
{
    if (rule != GOMOKU_RULE_STANDARD && rule != GOMOKU_RULE_RENJU)
        rule = GOMOKU_RULE_FREESTYLE;
    g->rule = rule;
}

void gomoku_set_to_move(gomoku_t *g, int player)
{
    g->to_move = player == GOMOKU_WHITE ? GOMOKU_WHITE : GOMOKU_BLACK;
}

gomoku_status_t gomoku_point_parse(const char *text, int *point)
{
    if (!text)
        return GOMOKU_ERR_SYNTAX;
    char c = text[0];
    if (c >= 'A' && c <= 'Z')
        c = (char)(c - 'A' + 'a');
    if (c < 'a' || c > 'z')
        return GOMOKU_ERR_SYNTAX;
    int row = 0, digits = 0;
    const char *p = text + 1;
    while (*p >= '0' && *p <= '9' && digits < 3) {
        row = row * 10 + (*p - '0');
        p++;
        digits++;
    }
    if (digits == 0 || *p != '\0' || text[1] == '0')
        return GOMOKU_ERR_SYNTAX;
    int col = c - 'a';
    if (col >= GOMOKU_SIZE || row < 1 || row > GOMOKU_SIZE)
        return GOMOKU_ERR_RANGE;
    *point = (row - 1) * GOMOKU_SIZE + col;
    return GOMOKU_OK;
}

void gomoku_point_format(int point, char buf[4])
{
    if (point < 0 || point >= GOMOKU_CELLS) {
        memcpy(buf, "--", 3);
        return;
    }
    int row = point / GOMOKU_SIZE + 1, col = point % GOMOKU_SIZE;
    buf[0] = (char)('a' + col);
    if (row >= 10) {
        buf[1] = '1';
        buf[2] = (char)('0' + row - 10);
        buf[3] = '\0';
    } else {
        buf[1] = (char)('0' + row);
        buf[2] = '\0';
    }
}
