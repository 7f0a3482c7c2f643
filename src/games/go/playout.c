/*
 * playout.c - Monte Carlo playouts (see playout.h).
 *
 * Uniform choice without a candidate copy: pick a random index among the
 * first k entries of the board's empty list; if that point is unplayable,
 * swap it behind position k and shrink k.  Every playable point is equally
 * likely, and the list stays a valid (reordered) empty list.
 */
#include "internal/playout.h"
#include "internal/board_private.h"
#include "internal/pattern3.h"

static inline void empty_swap(BoardState *b, int i, int j)
{
    uint16_t pi = b->empty_list[i], pj = b->empty_list[j];
    b->empty_list[i] = pj;
    b->empty_list[j] = pi;
    b->empty_index[pj] = (uint16_t)i;
    b->empty_index[pi] = (uint16_t)j;
}

int playout_pick_reference(BoardState *b, Stone color, rng_t *rng)
{
    int k = b->n_empty;
    while (k > 0) {
        int i = rng_below(rng, k);
        int p = b->empty_list[i];
        if (!board_is_eye(b, color, p) && board_check_point(b, color, p) == MOVE_OK)
            return p;
        empty_swap(b, i, --k);
    }
    return BOARD_PASS_POINT;
}

/* Whether color at p is not a self-atari of two or more stones (a
 * single-stone throw-in stays allowed: it kills eyes), unless those stones
 * are a nakade: a larger throw-in into an eye space of the enemy's whose
 * capture leaves one eye only (board_nakade_throw_in). */
int playout_safe(const BoardState *b, Stone color, int p)
{
    int stones = 1;
    if (board_libs_after(b, color, p, &stones) >= 2 || stones < 2)
        return 1;
    if (stones > 5)
        return 0;
    int pts[5], k = 0, seen[4] = {0}, n_seen = 0;
    pts[k++] = p;
    int nb[4] = {p - 1, p + 1, p - BOARD_STRIDE, p + BOARD_STRIDE};
    for (int i = 0; i < 4; i++) {
        if (b->color[nb[i]] != color)
            continue;
        int g = b->group[nb[i]], dup = 0;
        for (int j = 0; j < n_seen; j++)
            dup |= seen[j] == g;
        if (dup)
            continue;
        seen[n_seen++] = g;
        int st = g;
        do {
            if (k == 5)
                return 0;
            pts[k++] = st;
            st = b->next_stone[st];
        } while (st != g);
    }
    return board_nakade_throw_in(b->color, BOARD_STRIDE, color, p, pts, k);
}

/* As the reference pick, but also refusing what playout_safe refuses. */
static int playout_pick_safe(BoardState *b, Stone color, rng_t *rng)
{
    int k = b->n_empty;
    while (k > 0) {
        int i = rng_below(rng, k);
        int p = b->empty_list[i];
        if (!board_is_eye(b, color, p) && board_check_point(b, color, p) == MOVE_OK &&
            playout_safe(b, color, p))
            return p;
        empty_swap(b, i, --k);
    }
    return BOARD_PASS_POINT;
}

/* The one liberty of the group holding the stone at p (in atari), or 0. */
static int playout_group_liberty(const BoardState *b, int p)
{
    int g = b->group[p], s = g;
    do {
        if (b->color[s - 1] == EMPTY)
            return s - 1;
        if (b->color[s + 1] == EMPTY)
            return s + 1;
        if (b->color[s - BOARD_STRIDE] == EMPTY)
            return s - BOARD_STRIDE;
        if (b->color[s + BOARD_STRIDE] == EMPTY)
            return s + BOARD_STRIDE;
        s = b->next_stone[s];
    } while (s != g);
    return 0;
}

/* Up to max distinct liberties of the group holding the stone at p, into
 * libs; returns how many were found. */
static int playout_liberties(const BoardState *b, int p, int max, int *libs)
{
    int n = 0;
    int g = b->group[p], s = g;
    do {
        int sn[4] = {s - 1, s + 1, s - BOARD_STRIDE, s + BOARD_STRIDE};
        for (int i = 0; i < 4; i++) {
            int t = sn[i];
            if (b->color[t] != EMPTY)
                continue;
            int seen = 0;
            for (int k = 0; k < n; k++)
                seen |= libs[k] == t;
            if (!seen) {
                libs[n++] = t;
                if (n >= max)
                    return n;
            }
        }
        s = b->next_stone[s];
    } while (s != g);
    return n;
}

/* Ladder reading, the same as the playout board's (pboard.c): steps read
 * before an escape is assumed. */
#define PLAYOUT_LADDER_DEPTH 24
#define PLAYOUT_LADDER_PLAYS 64 /* the enemy's ataris read in all, over both branches */

static int playout_ladder_escapes(const BoardState *b, int stone, int depth, int *budget);

/* Whether the group at stone, with two liberties and the enemy to move, is
 * taken by successive ataris (each atari stone keeping two liberties). */
static int playout_ladder_taken(const BoardState *b, int stone, int depth, int *budget)
{
    Stone def = (Stone)b->color[stone], att = (Stone)(3 - def);
    int libs[2];
    if (board_group_libs(b, stone) != 2 || playout_liberties(b, stone, 2, libs) != 2)
        return 0;
    for (int i = 0; i < 2; i++) {
        if (board_check_point(b, att, libs[i]) != MOVE_OK)
            continue;
        BoardState c;
        board_copy(&c, b);
        board_play_point(&c, att, libs[i]);
        if (board_group_libs(&c, libs[i]) < 2)
            continue;
        if (!playout_ladder_escapes(&c, stone, depth + 1, budget))
            return 1;
    }
    return 0;
}

/* Whether the group at stone, in atari with its side to move, gets out: by
 * taking an enemy group in atari next to it, or by extending to three or
 * more liberties, or to two that a ladder cannot take. */
static int playout_ladder_escapes(const BoardState *b, int stone, int depth, int *budget)
{
    Stone def = (Stone)b->color[stone], att = (Stone)(3 - def);
    int g = b->group[stone], s = g;
    do {
        int sn[4] = {s - 1, s + 1, s - BOARD_STRIDE, s + BOARD_STRIDE};
        for (int i = 0; i < 4; i++)
            if (b->color[sn[i]] == att && board_group_libs(b, sn[i]) == 1)
                return 1;
        s = b->next_stone[s];
    } while (s != g);
    if (depth >= PLAYOUT_LADDER_DEPTH || --*budget < 0)
        return 1;
    int lib = playout_group_liberty(b, stone);
    if (!lib || board_check_point(b, def, lib) != MOVE_OK)
        return 0;
    BoardState c;
    board_copy(&c, b);
    board_play_point(&c, def, lib);
    int n = board_group_libs(&c, stone);
    if (n >= 3)
        return 1;
    if (n <= 1)
        return 0;
    return !playout_ladder_taken(&c, stone, depth, budget);
}

/* Whether color's group at stone, in atari, extended to t is still taken by
 * a ladder. */
static int playout_extension_laddered(const BoardState *b, Stone color, int stone, int t)
{
    if ((b->color[t - 1] == EMPTY) + (b->color[t + 1] == EMPTY) +
            (b->color[t - BOARD_STRIDE] == EMPTY) + (b->color[t + BOARD_STRIDE] == EMPTY) >=
        3)
        return 0; /* three liberties at least */
    /* An extension that captures is not read (as pboard.c);
     * playout_ladder_taken reads only a group left with exactly two
     * liberties. */
    int tn[4] = {t - 1, t + 1, t - BOARD_STRIDE, t + BOARD_STRIDE};
    for (int i = 0; i < 4; i++)
        if (b->color[tn[i]] == 3 - color && board_group_libs(b, tn[i]) == 1)
            return 0;
    BoardState c;
    board_copy(&c, b);
    board_play_point(&c, color, t);
    int budget = PLAYOUT_LADDER_PLAYS;
    return playout_ladder_taken(&c, stone, 0, &budget);
}

/* The heuristic policy's tactical answer to the last move, or 0: capture a
 * group the last move left in atari (the last stone's neighbours), or
 * extend a group of ours the last move put in atari, when that extension
 * gains liberties and does not run into a ladder. */
static int playout_pick_tactical(BoardState *b, Stone color, rng_t *rng)
{
    if (b->last_move.pass || b->last_move.row < 0)
        return 0;
    int last = board_point(b->last_move.row, b->last_move.col);
    int cands[8];
    int n = 0;
    int nb[4] = {last - 1, last + 1, last - BOARD_STRIDE, last + BOARD_STRIDE};
    /* Capture the last stone's group if it is in atari. */
    if (b->color[last] == 3 - color && board_group_libs(b, last) == 1) {
        int lib = playout_group_liberty(b, last);
        if (lib && board_check_point(b, color, lib) == MOVE_OK)
            cands[n++] = lib;
    }
    /* Our groups next to the last stone in atari: capture an adjacent
     * enemy in atari, or run if running gives at least two liberties. */
    for (int i = 0; i < 4; i++) {
        int q = nb[i];
        if (b->color[q] != color || board_group_libs(b, q) != 1)
            continue;
        int g = b->group[q], s = g;
        do {
            int sn[4] = {s - 1, s + 1, s - BOARD_STRIDE, s + BOARD_STRIDE};
            for (int j = 0; j < 4; j++) {
                int t = sn[j];
                if (b->color[t] == EMPTY) {
                    /* the liberty: extending there must give >= 2 libs */
                    int libs = 0;
                    int tn[4] = {t - 1, t + 1, t - BOARD_STRIDE, t + BOARD_STRIDE};
                    for (int k = 0; k < 4; k++) {
                        if (b->color[tn[k]] == EMPTY)
                            libs++;
                        else if (b->color[tn[k]] == color && b->group[tn[k]] != g)
                            libs += board_group_libs(b, tn[k]) - 1;
                    }
                    if (libs >= 2 && n < 8 && board_check_point(b, color, t) == MOVE_OK &&
                        !playout_extension_laddered(b, color, q, t))
                        cands[n++] = t;
                } else if (b->color[t] == 3 - color && board_group_libs(b, t) == 1) {
                    int lib = playout_group_liberty(b, t);
                    if (lib && n < 8 && board_check_point(b, color, lib) == MOVE_OK)
                        cands[n++] = lib;
                }
            }
            s = b->next_stone[s];
        } while (s != g && n < 8);
    }
    return n ? cands[rng_below(rng, n)] : 0;
}

/* The heuristic policy's shape answer to the last move, or 0: one of the
 * empty neighbours (each counted once) of the last stone or of color's own
 * previous stone `mine` (0 for none) at random among those that complete a
 * MoGo 3x3 pattern (pattern3.h) and are legal, not color's own eye and safe
 * (playout_safe).  None after a pass. */
static int playout_pick_pattern(BoardState *b, Stone color, int mine, rng_t *rng)
{
    if (b->last_move.pass || b->last_move.row < 0)
        return 0;
    int last = board_point(b->last_move.row, b->last_move.col);
    static const int off[8] = {-BOARD_STRIDE - 1, -BOARD_STRIDE, -BOARD_STRIDE + 1, -1,
                               1,                 BOARD_STRIDE - 1, BOARD_STRIDE,     BOARD_STRIDE + 1};
    const int around[2] = {last, mine};
    int cands[16] = {0};
    int n = 0;
    for (int a = 0; a < 2 && around[a]; a++)
        for (int i = 0; i < 8; i++) {
            int q = around[a] + off[i], seen = 0;
            for (int j = 0; j < n; j++)
                seen |= cands[j] == q;
            if (!seen && b->color[q] == EMPTY && pattern3_match(b->color, q) &&
                !board_is_eye(b, color, q) && board_check_point(b, color, q) == MOVE_OK &&
                playout_safe(b, color, q))
                cands[n++] = q;
        }
    return n ? cands[rng_below(rng, n)] : 0;
}

/* The heuristic policy's capture of a group left in atari, or 0 (MoGo's
 * rule after the shapes).  Where to look: with whole_board, every empty
 * point (the first two moves of a playout, so a race standing in the
 * position searched is not decided by chance); otherwise the enemy groups
 * next to color's own previous stone `mine`, which may have put them in
 * atari a move ago (the last move's own neighbourhood is the tactical
 * rule's).  A random one of the captures found, if legal. */
static int playout_pick_capture(BoardState *b, Stone color, int whole_board, int mine,
                                rng_t *rng)
{
    const uint8_t *c = b->color;
    int opp = 3 - color;
    int cands[16];
    int n = 0;
    if (whole_board) {
        for (int i = 0; i < b->n_empty && n < 16; i++) {
            int p = b->empty_list[i];
            if ((c[p - 1] == opp && board_group_libs(b, p - 1) == 1) ||
                (c[p + 1] == opp && board_group_libs(b, p + 1) == 1) ||
                (c[p - BOARD_STRIDE] == opp && board_group_libs(b, p - BOARD_STRIDE) == 1) ||
                (c[p + BOARD_STRIDE] == opp && board_group_libs(b, p + BOARD_STRIDE) == 1))
                cands[n++] = p;
        }
    } else if (mine && c[mine] == color) {
        int nb[4] = {mine - 1, mine + 1, mine - BOARD_STRIDE, mine + BOARD_STRIDE};
        for (int i = 0; i < 4; i++)
            if (c[nb[i]] == opp && board_group_libs(b, nb[i]) == 1) {
                int lib = playout_group_liberty(b, nb[i]);
                if (lib)
                    cands[n++] = lib;
            }
    }
    while (n > 0) {
        int i = rng_below(rng, n);
        if (board_check_point(b, color, cands[i]) == MOVE_OK)
            return cands[i];
        cands[i] = cands[--n];
    }
    return 0;
}

int playout_run(BoardState *b, playout_policy_t policy, int max_moves, rng_t *rng,
                uint16_t *moves, int *n_moves)
{
    if (b->game_over)
        return board_score(b, NULL, NULL);
    int passes = b->consecutive_passes;
    Stone color = b->turn;
    if (policy == PLAYOUT_HEURISTIC)
        pattern3_init();
    int before_last = 0; /* the stone played two moves ago (color's own) */
    int last_stone = 0;
    for (int i = 0; i < max_moves && passes < 2; i++) {
        int p = 0;
        if (policy == PLAYOUT_HEURISTIC) {
            p = playout_pick_tactical(b, color, rng);
            if (!p)
                p = playout_pick_pattern(b, color, before_last, rng);
            if (!p)
                p = playout_pick_capture(b, color, i < 2, before_last, rng);
        }
        if (!p)
            p = policy == PLAYOUT_HEURISTIC ? playout_pick_safe(b, color, rng)
                                            : playout_pick_reference(b, color, rng);
        before_last = last_stone;
        last_stone = p == BOARD_PASS_POINT ? 0 : p;
        if (p == BOARD_PASS_POINT) {
            passes++;
            b->last_move.pass = 1;
            b->last_move.row = -1;
            b->ko_point = 0;
        } else {
            passes = 0;
            board_play_point(b, color, p);
            if (moves)
                moves[(*n_moves)++] = (uint16_t)(p | (color == WHITE ? 0x8000 : 0));
        }
        color = (Stone)(3 - color);
    }
    b->turn = color;
    return board_score_playout(b);
}
