/* c4_game.c - Connect Four rules on bitboards (7 bits a column, bit 7c + r). */
#include "c4_game.h"

#include <stdio.h>
#include <string.h>

/* Bitboard with four in a row somewhere: the classic shift test; the spare
 * seventh bit of each column stops vertical and diagonal wrap-around. */
static int c4_bits_have_four(uint64_t b)
{
    static const int shifts[4] = {1, 7, 6, 8}; /* vertical, horizontal, two diagonals */
    for (int i = 0; i < 4; i++) {
        int s = shifts[i];
        uint64_t m = b & (b >> s);
        if (m & (m >> (2 * s)))
            return 1;
    }
    return 0;
}

/* Records one four through (row, col) for the highlight; called after a win. */
static void c4_game_find_four(c4_game_t *g, int row, int col)
{
    static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    int p = g->cell[row][col];
    for (int d = 0; d < 4; d++) {
        int dr = dirs[d][0], dc = dirs[d][1];
        int r0 = row, c0 = col;
        /* walk back to the first disc of the run through (row, col) */
        while (r0 - dr >= 0 && r0 - dr < C4_ROWS && c0 - dc >= 0 && c0 - dc < C4_COLS &&
               g->cell[r0 - dr][c0 - dc] == p) {
            r0 -= dr;
            c0 -= dc;
        }
        int n = 0, r = r0, c = c0;
        while (r >= 0 && r < C4_ROWS && c >= 0 && c < C4_COLS && g->cell[r][c] == p) {
            n++;
            r += dr;
            c += dc;
        }
        if (n >= 4) {
            /* the four that contains the last disc, starting as far back as possible */
            int start = 0;
            int idx = (dr ? row - r0 : col - c0);
            if (idx > 3)
                start = idx - 3;
            for (int k = 0; k < 4; k++) {
                g->win_cells[k][0] = (uint8_t)(r0 + dr * (start + k));
                g->win_cells[k][1] = (uint8_t)(c0 + dc * (start + k));
            }
            return;
        }
    }
}

void c4_game_init(c4_game_t *g)
{
    memset(g, 0, sizeof *g);
    g->to_move = C4_P1;
}

int c4_game_can_play(const c4_game_t *g, int col)
{
    return col >= 0 && col < C4_COLS && g->height[col] < C4_ROWS && !c4_game_is_over(g);
}

int c4_game_is_over(const c4_game_t *g)
{
    return g->winner != 0 || g->moves >= C4_CELLS;
}

c4_status_t c4_game_play(c4_game_t *g, int col)
{
    if (col < 0 || col >= C4_COLS)
        return C4_ERR_RANGE;
    if (c4_game_is_over(g))
        return C4_ERR_OVER;
    if (g->height[col] >= C4_ROWS)
        return C4_ERR_FULL;
    int row = g->height[col]++;
    int p = g->to_move;
    g->cell[row][col] = (uint8_t)p;
    g->bits[p] |= 1ull << (7 * col + row);
    g->history[g->moves++] = (uint8_t)col;
    if (c4_bits_have_four(g->bits[p])) {
        g->winner = p;
        c4_game_find_four(g, row, col);
    }
    g->to_move = 3 - p;
    return C4_OK;
}

int c4_game_undo(c4_game_t *g)
{
    if (g->moves == 0)
        return -1;
    int col = g->history[--g->moves];
    g->history[g->moves] = 0;
    int row = --g->height[col];
    int p = g->cell[row][col];
    g->cell[row][col] = C4_EMPTY;
    g->bits[p] &= ~(1ull << (7 * col + row));
    g->to_move = p;
    g->winner = 0;
    memset(g->win_cells, 0, sizeof g->win_cells);
    return 0;
}

c4_status_t c4_game_parse(c4_game_t *g, const char *text, char *err, size_t errlen)
{
    c4_game_t tmp;
    c4_game_init(&tmp);
    if (!text)
        text = "";
    for (size_t i = 0; text[i]; i++) {
        char ch = text[i];
        if (ch < '1' || ch > '7') {
            snprintf(err, errlen, "bad character '%c' at %zu: a position is digits 1-7", ch,
                     i + 1);
            return (ch >= '0' && ch <= '9') ? C4_ERR_RANGE : C4_ERR_SYNTAX;
        }
        c4_status_t s = c4_game_play(&tmp, ch - '1');
        if (s == C4_ERR_FULL) {
            snprintf(err, errlen, "move %zu: column %c is already full", i + 1, ch);
            return s;
        }
        if (s == C4_ERR_OVER) {
            snprintf(err, errlen, "move %zu: the game was already over (a four or a full board)",
                     i + 1);
            return s;
        }
    }
    *g = tmp;
    return C4_OK;
}

void c4_game_state_rows(const c4_game_t *g, int ai, uint16_t rows[C4_ROWS])
{
    for (int r = 0; r < C4_ROWS; r++) {
        uint16_t w = 0;
        for (int c = 0; c < C4_COLS; c++) {
            int v = g->cell[r][c];
            if (v != C4_EMPTY)
                w |= (uint16_t)((v == ai ? 1u : 2u) << (2 * c));
        }
        rows[r] = w;
    }
}
