/*
 * othello.c - Othello rules on bitboards: moves, flips, passes, the end,
 * coordinates and perft (othello.h).
 */
#include "othello.h"

#include <ctype.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>

#include "othello_bits.h"

othello_tables_t othello_tables;

static void fill_tables(void)
{
    othello_tables_t *t = &othello_tables;
    for (int sq = 0; sq < 64; sq++)
        for (int s2 = 0; s2 < 64; s2++) {
            if (s2 % 8 - s2 / 8 == sq % 8 - sq / 8)
                t->diag9[sq] |= 1ULL << s2;
            if (s2 % 8 + s2 / 8 == sq % 8 + sq / 8)
                t->diag7[sq] |= 1ULL << s2;
        }
    for (int m = 0; m < 256; m++)
        for (int k = 0; k < 8; k++)
            if (m >> k & 1)
                t->col_of_byte[m] |= 1ULL << (8 * k);
    for (int i = 0; i < 8; i++)
        for (int m = 0; m < 256; m++) {
            unsigned out = 0, between = 0;
            for (int step = -1; step <= 1; step += 2) {
                int k = i + step;
                while (k >= 0 && k < 8 && (m >> k & 1))
                    k += step;
                if (k != i + step && k >= 0 && k < 8)
                    out |= 1u << k;
            }
            for (int k = 0; k < 8; k++)
                if (m >> k & 1)
                    for (int j = (k < i ? k : i) + 1; j < (k < i ? i : k); j++)
                        between |= 1u << j;
            t->outflank[i][m] = (uint8_t)out;
            t->between[i][m] = (uint8_t)between;
        }
}

void othello_tables_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, fill_tables);
}

void othello_board_start(othello_board_t *b)
{
    othello_tables_init();
    /* d4 = row 3 col 3 and e5 = row 4 col 4 White; d5 and e4 Black. */
    b->disc[OTHELLO_WHITE] = (1ULL << (3 * 8 + 3)) | (1ULL << (4 * 8 + 4));
    b->disc[OTHELLO_BLACK] = (1ULL << (4 * 8 + 3)) | (1ULL << (3 * 8 + 4));
    b->to_move = OTHELLO_BLACK;
}

uint64_t othello_flips_of(uint64_t p, uint64_t o, int sq)
{
    othello_tables_init();
    if (sq < 0 || sq > 63 || ((p | o) >> sq & 1))
        return 0;
    return othello_flips_fast(p, o, sq);
}

uint64_t othello_legal_moves(const othello_board_t *b)
{
    return othello_moves_fast(b->disc[b->to_move], b->disc[!b->to_move]);
}

int othello_game_over(const othello_board_t *b)
{
    return othello_moves_fast(b->disc[0], b->disc[1]) == 0 &&
           othello_moves_fast(b->disc[1], b->disc[0]) == 0;
}

int othello_is_legal(const othello_board_t *b, int move)
{
    if (b->to_move != OTHELLO_BLACK && b->to_move != OTHELLO_WHITE)
        return 0;
    uint64_t moves = othello_legal_moves(b);
    if (move == OTHELLO_PASS)
        return moves == 0 && !othello_game_over(b);
    return move >= 0 && move < 64 && (moves >> move & 1);
}

int othello_play(othello_board_t *b, int move)
{
    if (!othello_is_legal(b, move))
        return -1;
    if (move != OTHELLO_PASS) {
        othello_tables_init();
        uint64_t *p = &b->disc[b->to_move], *o = &b->disc[!b->to_move];
        uint64_t f = othello_flips_fast(*p, *o, move);
        *p |= f | (1ULL << move);
        *o &= ~f;
    }
    b->to_move = !b->to_move;
    return 0;
}

int othello_count(const othello_board_t *b, int colour)
{
    return othello_popcount(b->disc[colour & 1]);
}

int othello_at(const othello_board_t *b, int sq)
{
    if (b->disc[OTHELLO_BLACK] >> sq & 1)
        return OTHELLO_BLACK;
    if (b->disc[OTHELLO_WHITE] >> sq & 1)
        return OTHELLO_WHITE;
    return -1;
}

int othello_parse_move(const char *text)
{
    if (!text)
        return -1;
    if (tolower((unsigned char)text[0]) == 'p' && tolower((unsigned char)text[1]) == 'a' &&
        tolower((unsigned char)text[2]) == 's' && tolower((unsigned char)text[3]) == 's' &&
        text[4] == 0)
        return OTHELLO_PASS;
    if (text[0] == 0 || text[1] == 0 || text[2] != 0) /* two characters exactly */
        return -1;
    int c = tolower((unsigned char)text[0]) - 'a';
    int r = (unsigned char)text[1] - '1';
    if (c < 0 || c > 7 || r < 0 || r > 7)
        return -1;
    return r * 8 + c;
}

char *othello_format_move(int move, char *buf)
{
    if (move == OTHELLO_PASS) {
        buf[0] = 'p', buf[1] = 'a', buf[2] = 's', buf[3] = 's', buf[4] = 0;
    } else if (move >= 0 && move < 64) {
        buf[0] = (char)('a' + move % 8);
        buf[1] = (char)('1' + move / 8);
        buf[2] = 0;
    } else {
        buf[0] = '-', buf[1] = 0;
    }
    return buf;
}

/* Perft below the root: p to move against o.  Depth 1 counts the moves
 * without playing them (a position without moves is one leaf either way:
 * the pass, or the end). */
static uint64_t perft_rec(uint64_t p, uint64_t o, int depth, int passed)
{
    uint64_t moves = othello_moves_fast(p, o);
    if (moves == 0) {
        if (passed)
            return 1; /* neither side can move: the game ended here */
        if (depth == 1)
            return 1;
        /* The pass is a ply; if the opponent cannot move either the game is
         * over and counts one leaf. */
        if (othello_moves_fast(o, p) == 0)
            return 1;
        return perft_rec(o, p, depth - 1, 1);
    }
    if (depth == 1)
        return (uint64_t)othello_popcount(moves);
    uint64_t n = 0;
    if (depth == 2) {
        do {
            int sq = othello_first_square(moves);
            moves &= moves - 1;
            uint64_t f = othello_flips_fast(p, o, sq);
            uint64_t np = p | f | (1ULL << sq), no = o & ~f;
            uint64_t m2 = othello_moves_fast(no, np);
            n += m2 ? (uint64_t)othello_popcount(m2) : 1;
        } while (moves);
        return n;
    }
    do {
        int sq = othello_first_square(moves);
        moves &= moves - 1;
        uint64_t f = othello_flips_fast(p, o, sq);
        n += perft_rec(o & ~f, p | f | (1ULL << sq), depth - 1, 0);
    } while (moves);
    return n;
}

uint64_t othello_perft(const othello_board_t *b, int depth)
{
    othello_tables_init();
    if (depth <= 0)
        return 1;
    if (othello_game_over(b))
        return 1;
    return perft_rec(b->disc[b->to_move], b->disc[!b->to_move], depth, 0);
}

/* ---- perft with a transposition table ----------------------------------
 *
 * The count below a position depends only on the discs of the side to move
 * and of its opponent and on the depth left (a pass is a ply either way,
 * and a position without moves for either side is one leaf whatever came
 * before), so (p, o, depth) is the key and the count the value.  The count
 * is also the same for the position turned or mirrored by any of the 8
 * symmetries of the square (the rules are), so from PERFT_SYM_MIN_DEPTH
 * plies left the key is the least of the 8 images: the start position's
 * four first moves, for one, share one entry.  Each entry holds its key
 * whole: no false hits.  A bucket is two entries, the first kept for the
 * larger subtree, the second always replaced.  Nodes with fewer than
 * PERFT_TT_MIN_DEPTH plies left are cheaper to count again than to look
 * up. */
#ifndef PERFT_TT_MIN_DEPTH
#define PERFT_TT_MIN_DEPTH 3
#endif

#ifndef PERFT_SYM_MIN_DEPTH
#define PERFT_SYM_MIN_DEPTH 5
#endif

static inline uint64_t flip_vertical(uint64_t x) /* row 1 <-> row 8 */
{
    return __builtin_bswap64(x);
}

static inline uint64_t flip_horizontal(uint64_t x) /* column a <-> column h */
{
    x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
    x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
    return ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
}

static inline uint64_t flip_diagonal(uint64_t x) /* a1-h8 diagonal: (r, c) -> (c, r) */
{
    uint64_t t;
    t = 0x0F0F0F0F00000000ULL & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = 0x3333000033330000ULL & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = 0x5500550055005500ULL & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    return x;
}

/* The least (p, o) of the 8 images of the position. */
static inline void canonical(uint64_t *p, uint64_t *o)
{
    const uint64_t bp = *p, bo = *o;
    uint64_t cp = bp, co = bo; /* images in turn: V, VH, H, D, DV, DVH, DH */
    for (int k = 1; k < 8; k++) {
        if (k == 4) { /* then the transposed board's four images */
            cp = flip_diagonal(bp);
            co = flip_diagonal(bo);
        } else if (k & 1) {
            cp = flip_vertical(cp);
            co = flip_vertical(co);
        } else {
            cp = flip_horizontal(cp);
            co = flip_horizontal(co);
        }
        if (cp < *p || (cp == *p && co < *o)) {
            *p = cp;
            *o = co;
        }
    }
}

typedef struct perft_entry {
    uint64_t p, o, count;
    uint64_t depth; /* 0: empty */
} perft_entry_t;

typedef struct perft_table {
    perft_entry_t *e;
    uint64_t mask; /* buckets - 1 */
} perft_table_t;

static inline uint64_t perft_hash(uint64_t p, uint64_t o, int depth)
{
    uint64_t h = (p ^ (uint64_t)depth) * 0x9E3779B97F4A7C15ULL;
    h ^= (o + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    return h ^ (h >> 31);
}

static uint64_t perft_tt_rec(perft_table_t *t, uint64_t p, uint64_t o, int depth, int passed)
{
    if (depth < PERFT_TT_MIN_DEPTH)
        return perft_rec(p, o, depth, passed);
    uint64_t moves = othello_moves_fast(p, o);
    if (moves == 0) {
        if (passed || othello_moves_fast(o, p) == 0)
            return 1;
        return perft_tt_rec(t, o, p, depth - 1, 1);
    }
    uint64_t kp = p, ko = o;
    if (depth >= PERFT_SYM_MIN_DEPTH)
        canonical(&kp, &ko);
    perft_entry_t *bucket = &t->e[2 * (perft_hash(kp, ko, depth) & t->mask)];
    for (int k = 0; k < 2; k++)
        if (bucket[k].depth == (uint64_t)depth && bucket[k].p == kp && bucket[k].o == ko)
            return bucket[k].count;
    uint64_t n = 0;
    do {
        int sq = othello_first_square(moves);
        moves &= moves - 1;
        uint64_t f = othello_flips_fast(p, o, sq);
        n += perft_tt_rec(t, o & ~f, p | f | (1ULL << sq), depth - 1, 0);
    } while (moves);
    perft_entry_t *slot = (bucket[0].depth <= (uint64_t)depth) ? &bucket[0] : &bucket[1];
    if (slot == &bucket[0] && bucket[0].depth != 0)
        bucket[1] = bucket[0]; /* the displaced entry stays as the second */
    slot->p = kp;
    slot->o = ko;
    slot->count = n;
    slot->depth = (uint64_t)depth;
    return n;
}

uint64_t othello_perft_table(const othello_board_t *b, int depth, int table_bits)
{
    othello_tables_init();
    if (depth <= 0)
        return 1;
    if (othello_game_over(b))
        return 1;
    if (table_bits < 1 || depth < PERFT_TT_MIN_DEPTH + 1)
        return othello_perft(b, depth);
    if (table_bits > 30)
        table_bits = 30;
    perft_table_t t;
    t.mask = (1ULL << (table_bits - 1)) - 1;
    t.e = calloc((size_t)2 << (table_bits - 1), sizeof *t.e);
    if (!t.e)
        return othello_perft(b, depth); /* no memory: the same count, slower */
    uint64_t n = perft_tt_rec(&t, b->disc[b->to_move], b->disc[!b->to_move], depth, 0);
    free(t.e);
    return n;
}

int othello_board_from_text(othello_board_t *b, const char *text, int to_move)
{
    othello_board_t nb = {{0, 0}, to_move};
    int n = 0;
    if (!text || (to_move != OTHELLO_BLACK && to_move != OTHELLO_WHITE))
        return -1;
    othello_tables_init();
    for (const char *s = text; *s; s++) {
        int ch = (unsigned char)*s;
        if (isspace(ch))
            continue;
        if (n >= 64)
            return -1;
        if (ch == 'X' || ch == 'x' || ch == '*')
            nb.disc[OTHELLO_BLACK] |= 1ULL << n;
        else if (ch == 'O' || ch == 'o')
            nb.disc[OTHELLO_WHITE] |= 1ULL << n;
        else if (ch != '.' && ch != '-')
            return -1;
        n++;
    }
    if (n != 64)
        return -1;
    *b = nb;
    return 0;
}
