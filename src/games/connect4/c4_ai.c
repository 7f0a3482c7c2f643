/*
 * c4_ai.c - the seed 004 AI, written to mirror rtl/connect4_ai.sv module by
 * module (genStateFromColumn, maxConnectFinder, moveDeterminer, winFinder,
 * trapDeterminer, findMinimum, AI out).  Any change here must be made in the
 * RTL too; the parity test compares every field of c4_ai_detail_t.
 */
#include "c4_ai.h"

#include <stddef.h>
#include <string.h>

const uint8_t c4_ai_tie_order[C4_AI_COLS] = {3, 2, 4, 1, 5, 0, 6};

/* A cell of the state; off the board reads as 11, a disc of nobody, so runs
 * stop at the edge (the seed's out-of-range bug cannot happen). */
static unsigned c4_ai_cell(const uint16_t rows[C4_AI_ROWS], int r, int c)
{
    if (r < 0 || r >= C4_AI_ROWS || c < 0 || c >= C4_AI_COLS)
        return 3u;
    return (rows[r] >> (2 * c)) & 3u;
}

/* The lowest empty cell of column col, or -1 when the column is full. */
static int c4_ai_landing_row(const uint16_t rows[C4_AI_ROWS], int col)
{
    for (int r = 0; r < C4_AI_ROWS; r++)
        if (c4_ai_cell(rows, r, col) == C4_AI_CELL_EMPTY)
            return r;
    return -1;
}

/* Discs of player p in a row from (r, c), not counting (r, c), up to 3. */
static unsigned c4_ai_run(const uint16_t rows[C4_AI_ROWS], int r, int c, int dr, int dc, unsigned p)
{
    unsigned n = 0;
    for (int k = 1; k <= 3; k++) {
        if (c4_ai_cell(rows, r + k * dr, c + k * dc) != p)
            break;
        n++;
    }
    return n;
}

/* The four line totals through (r, c) for player p: horizontal, the two
 * diagonals and vertical (downwards only: the seed's seven directions). */
static void c4_ai_lines(const uint16_t rows[C4_AI_ROWS], int r, int c, unsigned p, unsigned t[4])
{
    t[0] = c4_ai_run(rows, r, c, 0, -1, p) + c4_ai_run(rows, r, c, 0, 1, p);
    t[1] = c4_ai_run(rows, r, c, -1, -1, p) + c4_ai_run(rows, r, c, 1, 1, p);
    t[2] = c4_ai_run(rows, r, c, 1, -1, p) + c4_ai_run(rows, r, c, -1, 1, p);
    t[3] = c4_ai_run(rows, r, c, -1, 0, p);
}

/* 1 when a disc of p at (r, c) completes four. */
static int c4_ai_connects(const uint16_t rows[C4_AI_ROWS], int r, int c, unsigned p)
{
    unsigned t[4];
    c4_ai_lines(rows, r, c, p, t);
    return t[0] >= 3 || t[1] >= 3 || t[2] >= 3 || t[3] >= 3;
}

/* Profit weight of a line total: one disc 1, two discs (in a row, or one
 * each side, which also makes three) 4. */
static unsigned c4_ai_weight(unsigned total)
{
    return total == 0 ? 0u : total == 1 ? 1u : 4u;
}

unsigned c4_ai_max_connect(const uint16_t rows[C4_AI_ROWS], int col, unsigned who, int *legal)
{
    int r = c4_ai_landing_row(rows, col);
    *legal = r >= 0;
    if (r < 0)
        return 0;
    unsigned opp = 3u - who;
    if (c4_ai_connects(rows, r, col, who))
        return C4_AI_VALUE_WIN;
    if (c4_ai_connects(rows, r, col, opp))
        return C4_AI_VALUE_BLOCK;
    unsigned t[4];
    c4_ai_lines(rows, r, col, opp, t);
    return c4_ai_weight(t[0]) + c4_ai_weight(t[1]) + c4_ai_weight(t[2]) + c4_ai_weight(t[3]);
}

/* moveDeterminer: the best column for who (ties in c4_ai_tie_order).
 * Returns 0 when every column is full. */
static int c4_ai_move_determiner(const uint16_t rows[C4_AI_ROWS], unsigned who, unsigned *value,
                                 unsigned *col)
{
    int found = 0;
    *value = 0;
    *col = 7;
    for (int k = 0; k < C4_AI_COLS; k++) {
        int c = c4_ai_tie_order[k], legal;
        unsigned v = c4_ai_max_connect(rows, c, who, &legal);
        if (legal && (!found || v > *value)) {
            found = 1;
            *value = v;
            *col = (unsigned)c;
        }
    }
    return found;
}

unsigned c4_ai_win_finder(const uint16_t rows[C4_AI_ROWS], unsigned who)
{
    unsigned mask = 0;
    for (int c = 0; c < C4_AI_COLS; c++) {
        int r = c4_ai_landing_row(rows, c);
        if (r >= 0 && c4_ai_connects(rows, r, c, who))
            mask |= 1u << c;
    }
    return mask;
}

void c4_ai_gen_state(const uint16_t rows[C4_AI_ROWS], int col, unsigned who,
                     uint16_t out[C4_AI_ROWS])
{
    memcpy(out, rows, sizeof(uint16_t) * C4_AI_ROWS);
    int r = c4_ai_landing_row(rows, col);
    if (r >= 0)
        out[r] = (uint16_t)(out[r] | (who << (2 * col)));
}

/* First column in tie order whose bit is set in mask, or 7. */
static unsigned c4_ai_first_in_order(unsigned mask)
{
    for (int k = 0; k < C4_AI_COLS; k++)
        if (mask & (1u << c4_ai_tie_order[k]))
            return c4_ai_tie_order[k];
    return 7;
}

/* trapDeterminer: after state s (the AI has just moved), if the AI threatens
 * to win, the human blocks the first threat (tie order) and the AI can still
 * win: a trap. */
static int c4_ai_trap_determiner(const uint16_t s[C4_AI_ROWS])
{
    unsigned w1 = c4_ai_win_finder(s, C4_AI_CELL_AI);
    if (!w1)
        return 0;
    uint16_t s2[C4_AI_ROWS];
    c4_ai_gen_state(s, (int)c4_ai_first_in_order(w1), C4_AI_CELL_HUMAN, s2);
    return c4_ai_win_finder(s2, C4_AI_CELL_AI) != 0;
}

uint32_t c4_ai_decide(const uint16_t rows_in[C4_AI_ROWS], c4_ai_detail_t *out)
{
    uint16_t rows[C4_AI_ROWS];
    c4_ai_detail_t d;
    memset(&d, 0, sizeof d);
    for (int r = 0; r < C4_AI_ROWS; r++)
        rows[r] = rows_in[r] & 0x3FFF; /* the mailbox carries 14 bits a row */

    unsigned nlegal = 0;
    for (int c = 0; c < C4_AI_COLS; c++)
        if (c4_ai_landing_row(rows, c) >= 0) {
            d.legal |= (uint8_t)(1u << c);
            nlegal++;
        }
    for (int r = 0; r < C4_AI_ROWS; r++)
        for (int c = 0; c < C4_AI_COLS; c++)
            d.ai_discs += c4_ai_cell(rows, r, c) == C4_AI_CELL_AI;

    unsigned v, col;
    c4_ai_move_determiner(rows, C4_AI_CELL_AI, &v, &col);
    d.now_value = (uint8_t)v;
    d.now_col = (uint8_t)col;

    /* Lookahead: the human's best value after each AI move, and traps. */
    for (int c = 0; c < C4_AI_COLS; c++) {
        if (!(d.legal & (1u << c)))
            continue;
        uint16_t s[C4_AI_ROWS];
        c4_ai_gen_state(rows, c, C4_AI_CELL_AI, s);
        unsigned hv, hc;
        if (c4_ai_move_determiner(s, C4_AI_CELL_HUMAN, &hv, &hc)) {
            d.human_max[c] = (uint8_t)hv;
            if (hv == C4_AI_VALUE_WIN)
                d.human_win |= (uint8_t)(1u << c);
        }
        if (c4_ai_trap_determiner(s))
            d.trap |= (uint8_t)(1u << c);
    }

    /* findMinimum over the legal columns, ties in tie order. */
    d.min_col = 7;
    for (int k = 0; k < C4_AI_COLS; k++) {
        int c = c4_ai_tie_order[k];
        if ((d.legal & (1u << c)) && (d.min_col == 7 || d.human_max[c] < d.human_max[d.min_col]))
            d.min_col = (uint8_t)c;
    }

    /* AI out. */
    unsigned move, why;
    unsigned trap_ok = d.trap & ~d.human_win & 0x7Fu;
    if (nlegal == 0) {
        move = 7;
        why = C4_AI_WHY_NONE;
    } else if (d.ai_discs < C4_AI_OPENING_DISCS) {
        move = d.now_col;
        why = C4_AI_WHY_DEFENSIVE;
    } else if (d.now_value >= C4_AI_VALUE_BLOCK) {
        move = d.now_col;
        why = C4_AI_WHY_NOW;
    } else if (nlegal == 1) {
        move = c4_ai_first_in_order(d.legal);
        why = C4_AI_WHY_ONLY;
    } else if (trap_ok) {
        move = c4_ai_first_in_order(trap_ok);
        why = C4_AI_WHY_TRAP;
    } else {
        move = d.min_col;
        why = C4_AI_WHY_MINIMAX;
    }
    d.move = move | (why << 4);
    if (out)
        *out = d;
    return d.move;
}
