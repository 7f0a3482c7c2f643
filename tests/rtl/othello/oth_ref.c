/* oth_ref.c - the array reference (oth_ref.h). */
#include "oth_ref.h"

static const int dirs[8][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

/* docs/othello.md, "The machine": the square weights. */
static const int weight[8][8] = {
    {100, -20, 10, 5, 5, 10, -20, 100},
    {-20, -50, -2, -2, -2, -2, -50, -20},
    {10, -2, 1, 0, 0, 1, -2, 10},
    {5, -2, 0, 0, 0, 0, -2, 5},
    {5, -2, 0, 0, 0, 0, -2, 5},
    {10, -2, 1, 0, 0, 1, -2, 10},
    {-20, -50, -2, -2, -2, -2, -50, -20},
    {100, -20, 10, 5, 5, 10, -20, 100},
};

void oth_ref_start(oth_ref_t *b)
{
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            b->sq[r][c] = OTH_REF_EMPTY;
    b->sq[3][3] = b->sq[4][4] = OTH_REF_WHITE;
    b->sq[3][4] = b->sq[4][3] = OTH_REF_BLACK;
}

static int inside(int r, int c)
{
    return r >= 0 && r < 8 && c >= 0 && c < 8;
}

int oth_ref_flips(const oth_ref_t *b, int colour, int r, int c)
{
    if (!inside(r, c) || b->sq[r][c] != OTH_REF_EMPTY)
        return 0;
    int other = 3 - colour, total = 0;
    for (int d = 0; d < 8; d++) {
        int n = 0, rr = r + dirs[d][0], cc = c + dirs[d][1];
        while (inside(rr, cc) && b->sq[rr][cc] == other) {
            n++;
            rr += dirs[d][0];
            cc += dirs[d][1];
        }
        if (n > 0 && inside(rr, cc) && b->sq[rr][cc] == colour)
            total += n;
    }
    return total;
}

int oth_ref_play(oth_ref_t *b, int colour, int r, int c)
{
    int total = oth_ref_flips(b, colour, r, c);
    if (!total)
        return 0;
    int other = 3 - colour;
    for (int d = 0; d < 8; d++) {
        int n = 0, rr = r + dirs[d][0], cc = c + dirs[d][1];
        while (inside(rr, cc) && b->sq[rr][cc] == other) {
            n++;
            rr += dirs[d][0];
            cc += dirs[d][1];
        }
        if (n > 0 && inside(rr, cc) && b->sq[rr][cc] == colour)
            for (int k = 1; k <= n; k++)
                b->sq[r + k * dirs[d][0]][c + k * dirs[d][1]] = colour;
    }
    b->sq[r][c] = colour;
    return total;
}

int oth_ref_moves(const oth_ref_t *b, int colour, int out[64])
{
    int n = 0;
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            if (oth_ref_flips(b, colour, r, c))
                out[n++] = r * 8 + c;
    return n;
}

int oth_ref_count(const oth_ref_t *b, int colour)
{
    int n = 0;
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            n += b->sq[r][c] == colour;
    return n;
}

static int finished_score(const oth_ref_t *b, int colour)
{
    int d = oth_ref_count(b, colour) - oth_ref_count(b, 3 - colour);
    return d > 0 ? 8192 + 64 * d : d < 0 ? -8192 + 64 * d : 0;
}

int oth_ref_eval(const oth_ref_t *b, int colour)
{
    int mv[64];
    int mine = oth_ref_moves(b, colour, mv), theirs = oth_ref_moves(b, 3 - colour, mv);
    if (!mine && !theirs)
        return finished_score(b, colour);
    int v = 8 * (mine - theirs);
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            if (b->sq[r][c] == colour)
                v += weight[r][c];
            else if (b->sq[r][c] == 3 - colour)
                v -= weight[r][c];
    return v;
}

/* The documented order: corners, then weights 10, 5, 1, 0, then -2, then the rest. */
static int bucket(int sq)
{
    int w = weight[sq / 8][sq % 8];
    return w == 100 ? 0 : (w == 10 || w == 5 || w == 1 || w == 0) ? 1 : w == -2 ? 2 : 3;
}

static int ordered_moves(const oth_ref_t *b, int colour, int out[64])
{
    int mv[64], n = oth_ref_moves(b, colour, mv), k = 0;
    for (int q = 0; q < 4; q++)
        for (int i = 0; i < n; i++)
            if (bucket(mv[i]) == q)
                out[k++] = mv[i];
    return k;
}

static int minimax(const oth_ref_t *b, int colour, int depth, int *best_move)
{
    if (depth == 0)
        return oth_ref_eval(b, colour);
    int mv[64], n = ordered_moves(b, colour, mv);
    if (n == 0) {
        int tmp[64];
        if (oth_ref_moves(b, 3 - colour, tmp) == 0)
            return finished_score(b, colour);
        return -minimax(b, 3 - colour, depth - 1, 0);
    }
    int best = -1000000;
    for (int i = 0; i < n; i++) {
        oth_ref_t child = *b;
        oth_ref_play(&child, colour, mv[i] / 8, mv[i] % 8);
        int v = -minimax(&child, 3 - colour, depth - 1, 0);
        if (v > best) {
            best = v;
            if (best_move)
                *best_move = mv[i];
        }
    }
    return best;
}

int oth_ref_search(const oth_ref_t *b, int colour, int depth)
{
    int mv[64];
    if (oth_ref_moves(b, colour, mv) == 0)
        return -1;
    int best = -1;
    minimax(b, colour, depth, &best);
    return best;
}
