/*
 * array_model.h - Othello's rules written apart from the engine, for the
 * tests that referee a game with them: eight-direction scans on an 8x8 char
 * array, row 0 at the top.  Shares no code with games/othello/.
 */
#ifndef TABLETOP_TESTS_OTHELLO_ARRAY_MODEL_H
#define TABLETOP_TESTS_OTHELLO_ARRAY_MODEL_H

#include <string.h>

typedef struct {
    char c[8][8]; /* '.', 'X' black, 'O' white; row 0 at the top */
} arr_t;

static inline void arr_start(arr_t *a)
{
    memset(a->c, '.', sizeof a->c);
    a->c[3][3] = a->c[4][4] = 'O';
    a->c[3][4] = a->c[4][3] = 'X';
}

/* Discs `me` turns at (r, c); 0 if the move is not legal.  do_it plays it. */
static inline int arr_flips(arr_t *a, char me, int r, int c, int do_it)
{
    if (a->c[r][c] != '.')
        return 0;
    char opp = me == 'X' ? 'O' : 'X';
    int total = 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            if (!dr && !dc)
                continue;
            int n = 0, rr = r + dr, cc = c + dc;
            while (rr >= 0 && rr < 8 && cc >= 0 && cc < 8 && a->c[rr][cc] == opp)
                rr += dr, cc += dc, n++;
            if (n && rr >= 0 && rr < 8 && cc >= 0 && cc < 8 && a->c[rr][cc] == me) {
                total += n;
                for (int k = 1; do_it && k <= n; k++)
                    a->c[r + k * dr][c + k * dc] = me;
            }
        }
    if (do_it && total)
        a->c[r][c] = me;
    return total;
}

/* 1 if `me` has a legal move. */
static inline int arr_has_move(arr_t *a, char me)
{
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            if (arr_flips(a, me, r, c, 0))
                return 1;
    return 0;
}

#endif
