/*
 * movefeat.c - a candidate move's features and learned strength (movefeat.h).
 */
#include "internal/movefeat.h"

#include <pthread.h>
#include <string.h>

#include "internal/board_private.h"

/* Slot + 1 in go_move_shape_code of every raw code's canonical shape, 0
 * for a shape the weights do not list. */
static uint16_t shape_slot[MOVEFEAT_RAW_SHAPES];
static pthread_once_t movefeat_once = PTHREAD_ONCE_INIT;

/* The big pattern's points as (row, column) steps from the move, row by
 * row: digit i of a raw code is the point (big_dr[i], big_dc[i]). */
static const int big_dr[MOVEFEAT_BIG_POINTS] = {-2, -2, -2, -1, -1, -1, -1, -1, 0, 0,
                                                0,  0,  1,  1,  1,  1,  1,  2,  2, 2};
static const int big_dc[MOVEFEAT_BIG_POINTS] = {-1, 0, 1,  -2, -1, 0, 1, 2,  -2, -1,
                                                1,  2, -2, -1, 0,  1, 2, -1, 0,  1};
/* big_perm[s][i]: where digit i goes under symmetry s (a quarter turn r
 * times, after a mirror for s >= 4). */
static uint8_t big_perm[8][MOVEFEAT_BIG_POINTS];
/* big_byte[s][j][v]: byte j of a raw code holding v, moved by symmetry s
 * (four digits a byte, so a symmetry is five table reads). */
static uint64_t big_byte[8][5][256];
static const uint32_t pow6[4] = {1, 6, 36, 216};
static const uint32_t pow4[4] = {1, 4, 16, 64};

/* The raw codes of raw's eight symmetries (raw itself among them).
 * Sides N, E, S, W and corners NE, SE, SW, NW both run clockwise: a
 * quarter turn moves every digit one place on; the mirror through the
 * N-S axis swaps E and W, NE and NW, SE and SW. */
static void movefeat_symmetries(uint32_t raw, uint64_t out[8])
{
    unsigned side[4], corner[4];
    uint32_t v = raw;
    for (int i = 0; i < 4; i++) {
        side[i] = v % 6;
        v /= 6;
    }
    for (int i = 0; i < 4; i++) {
        corner[i] = v % 4;
        v /= 4;
    }
    for (int m = 0; m < 2; m++)
        for (int r = 0; r < 4; r++) {
            uint32_t code = 0;
            for (int i = 0; i < 4; i++) {
                int si = m ? (4 - i) % 4 : i; /* where digit i goes after the mirror */
                int ci = m ? 3 - i : i;
                code += side[i] * pow6[(si + r) % 4];
                code += corner[i] * 1296u * pow4[(ci + r) % 4];
            }
            out[m * 4 + r] = code;
        }
}

/* The least of raw and its eight symmetries' codes. */
static uint64_t least_code(uint64_t raw, const uint64_t sym[8])
{
    uint64_t best = raw;
    for (int i = 0; i < 8; i++)
        if (sym[i] < best)
            best = sym[i];
    return best;
}

uint32_t movefeat_canonical(uint32_t raw)
{
    uint64_t sym[8];
    movefeat_symmetries(raw, sym);
    return (uint32_t)least_code(raw, sym);
}

static void movefeat_big_symmetries(uint64_t raw, uint64_t out[8])
{
    for (int k = 0; k < 8; k++) {
        uint64_t code = 0;
        for (int j = 0; j < 5; j++)
            code |= big_byte[k][j][(raw >> (8 * j)) & 0xFFu];
        out[k] = code;
    }
}

uint64_t movefeat_big_canonical(uint64_t raw)
{
    uint64_t sym[8];
    movefeat_big_symmetries(raw, sym);
    return least_code(raw, sym);
}

/* The slot + 1 of a raw big pattern, 0 if it is not listed: its class
 * found by halving go_move_big_code (sorted), so the table the weights
 * came with is the only one (600 KB of read-only data, nothing on the
 * heap: the board's level 3 keeps the seed's memory budget). */
static unsigned big_lookup(uint64_t raw)
{
    uint64_t canon = movefeat_big_canonical(raw);
    const uint64_t *base = go_move_big_code;
    size_t n = go_move_big_count;
    if (!n)
        return 0;
    while (n > 1) {
        size_t half = n / 2;
        base = base[half] <= canon ? base + half : base;
        n -= half;
    }
    return *base == canon ? (unsigned)(base - go_move_big_code) + 1 : 0;
}

static void movefeat_big_build(void)
{
    for (int k = 0; k < 8; k++)
        for (int i = 0; i < MOVEFEAT_BIG_POINTS; i++) {
            int dr = big_dr[i], dc = big_dc[i];
            if (k >= 4)
                dc = -dc;
            for (int r = 0; r < k % 4; r++) {
                int t = dr;
                dr = dc;
                dc = -t;
            }
            for (int j = 0; j < MOVEFEAT_BIG_POINTS; j++)
                if (big_dr[j] == dr && big_dc[j] == dc)
                    big_perm[k][i] = (uint8_t)j;
        }
    for (int k = 0; k < 8; k++)
        for (int j = 0; j < 5; j++)
            for (unsigned v = 0; v < 256; v++) {
                uint64_t code = 0;
                for (int d = 0; d < 4; d++)
                    code |= (uint64_t)((v >> (2 * d)) & 3u) << (2 * big_perm[k][4 * j + d]);
                big_byte[k][j][v] = code;
            }
}

/* Every raw code of a listed shape points at its slot; the rest stay 0. */
static void movefeat_build(void)
{
    movefeat_big_build();
    for (unsigned i = 0; i < go_move_shape_count; i++) {
        uint64_t sym[8];
        movefeat_symmetries(go_move_shape_code[i], sym);
        for (int k = 0; k < 8; k++)
            if (sym[k] < MOVEFEAT_RAW_SHAPES)
                shape_slot[sym[k]] = (uint16_t)(i + 1);
    }
}

void movefeat_init(void)
{
    pthread_once(&movefeat_once, movefeat_build);
}

void movefeat_cfg_distance(const BoardState *s, uint8_t *dist)
{
    memset(dist, 4, BOARD_POINTS);
    if (s->last_move.pass || s->last_move.row < 0)
        return;
    int deque[2 * BOARD_POINTS];
    int head = BOARD_POINTS, tail = BOARD_POINTS;
    int start = board_point(s->last_move.row, s->last_move.col);
    dist[start] = 0;
    deque[tail++] = start;
    while (head < tail) {
        int u = deque[head++];
        int nb[4] = {u - 1, u + 1, u - BOARD_STRIDE, u + BOARD_STRIDE};
        for (int i = 0; i < 4; i++) {
            int v = nb[i];
            if (s->color[v] == BOARD_BORDER)
                continue;
            int same = s->color[u] != EMPTY && s->color[v] == s->color[u];
            int d = dist[u] + !same;
            if (d >= dist[v] || d > 3)
                continue;
            dist[v] = (uint8_t)d;
            if (same)
                deque[--head] = v; /* 0-1 BFS: a free step goes in front */
            else
                deque[tail++] = v;
        }
    }
}

void movefeat_of(const BoardState *s, Stone color, int p, const uint8_t *cfg, movefeat_t *f)
{
    const uint8_t *c = s->color;
    const int side_pt[4] = {p - BOARD_STRIDE, p + 1, p + BOARD_STRIDE, p - 1}; /* N E S W */
    const int corner_pt[4] = {p - BOARD_STRIDE + 1, p + BOARD_STRIDE + 1, p + BOARD_STRIDE - 1,
                              p - BOARD_STRIDE - 1}; /* NE SE SW NW */
    uint32_t raw = 0;
    int captured = 0, own_atari = 0, enemy_two = 0, n_seen = 0;
    int seen[4] = {0};
    for (int i = 0; i < 4; i++) {
        int q = side_pt[i];
        unsigned st;
        if (c[q] == EMPTY) {
            st = 0;
        } else if (c[q] == BOARD_BORDER) {
            st = 1;
        } else {
            int libs = board_group_libs(s, q);
            int own = c[q] == color;
            st = own ? (libs == 1 ? 3u : 2u) : (libs == 1 ? 5u : 4u);
            if (own) {
                own_atari |= libs == 1;
            } else if (libs == 1) {
                int g = s->group[q], dup = 0;
                for (int k = 0; k < n_seen; k++)
                    dup |= seen[k] == g;
                if (!dup) {
                    seen[n_seen++] = g;
                    captured += s->stones[g];
                }
            } else if (libs == 2) {
                enemy_two = 1;
            }
        }
        raw += st * pow6[i];
        unsigned d = c[corner_pt[i]];
        unsigned cs = d == EMPTY ? 0u : d == BOARD_BORDER ? 1u : d == (unsigned)color ? 2u : 3u;
        raw += cs * 1296u * pow4[i];
    }
    f->shape = raw;
    int r = board_point_row(p), col = board_point_col(p);
    /* A column off the board reads a border point (two of them end every
     * row of the padded board); a row off it is not read. */
    const uint64_t digit[4] = {0, color == BLACK ? 2u : 3u, color == WHITE ? 2u : 3u, 1};
    uint64_t big = 0;
    for (int i = 0; i < MOVEFEAT_BIG_POINTS; i++) {
        int rr = r + big_dr[i];
        int q = p + big_dr[i] * BOARD_STRIDE + big_dc[i];
        big |= (rr < 0 || rr >= s->size ? 1u : digit[c[q]]) << (2 * i);
    }
    f->big = big;
    if (captured) {
        f->tactic = captured == 1 ? MOVEFEAT_TACTIC_CAPTURE_ONE : MOVEFEAT_TACTIC_CAPTURE_MANY;
    } else {
        int stones = 1;
        int after = board_libs_after(s, color, p, &stones);
        if (own_atari && after >= 2)
            f->tactic = MOVEFEAT_TACTIC_ESCAPE;
        else if (after < 2)
            f->tactic = MOVEFEAT_TACTIC_SELF_ATARI;
        else if (enemy_two)
            f->tactic = MOVEFEAT_TACTIC_ATARI;
        else
            f->tactic = MOVEFEAT_TACTIC_NONE;
    }
    if (!cfg || s->last_move.pass || s->last_move.row < 0)
        f->dist = 0;
    else
        f->dist = (uint8_t)(cfg[p] < 1 ? 1 : cfg[p] > 4 ? 4 : cfg[p]);
    int line = r;
    if (col < line)
        line = col;
    if (s->size - 1 - r < line)
        line = s->size - 1 - r;
    if (s->size - 1 - col < line)
        line = s->size - 1 - col;
    f->line = (uint8_t)(line > 4 ? 4 : line);
}

float movefeat_log_gamma(const movefeat_t *f)
{
    unsigned slot = shape_slot[f->shape];
    float w = slot ? go_move_shape_weight[slot - 1] : go_move_other_shape;
    unsigned big = big_lookup(f->big);
    return w + go_move_tactic_weight[f->tactic] + go_move_dist_weight[f->dist] +
           go_move_line_weight[f->line] + (big ? go_move_big_weight[big - 1] : 0.0f);
}
