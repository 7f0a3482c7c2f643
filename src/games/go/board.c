/*
 * board.c - the Go rules engine (seed 000 §3.1, §3.2, §8).
 *
 * Representation: a padded 1-D board (BOARD_STRIDE = 21 for every size, so
 * the neighbours of p are p±1 and p±21 with no bounds checks).  Each group
 * keeps, at its root point, its stone count and its exact liberty count;
 * stones of a group form a circular list through next_stone.  Liberties
 * are updated incrementally: a new stone removes one liberty from each
 * distinct adjacent group, a capture gives one back to each distinct group
 * touching each removed stone, and only a merge of two or more groups
 * recounts the merged group.  An empty-point list makes random move
 * generation in playouts O(1) per try.
 *
 * Simple ko: a move that recreates the position before the previous move
 * must capture exactly one stone with a single stone left in atari, so the
 * forbidden point (ko_point, for ko_color) is known when the capture
 * happens.  This is the same test as the seed's comparison of the 64-bit
 * Zobrist hash with prev_board_hash, which is kept up to date too.
 */
#include "board.h"
#include "internal/board_private.h"
#include "internal/board_zobrist.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char board_column_letters[] = "ABCDEFGHJKLMNOPQRST";

static inline void empty_add(BoardState *b, int p)
{
    b->empty_index[p] = (uint16_t)b->n_empty;
    b->empty_list[b->n_empty++] = (uint16_t)p;
}

static inline void empty_remove(BoardState *b, int p)
{
    int i = b->empty_index[p];
    int last = b->empty_list[--b->n_empty];
    b->empty_list[i] = (uint16_t)last;
    b->empty_index[last] = (uint16_t)i;
}

static int board_on_board(const BoardState *b, int row, int col)
{
    return row >= 0 && col >= 0 && row < b->size && col < b->size;
}

/* Counts the liberties of the group rooted at g from scratch. */
static int group_count_libs(const BoardState *b, int g)
{
    uint64_t seen[(BOARD_POINTS + 63) / 64] = {0};
    int n = 0;
    int s = g;
    do {
        int nb[4] = {s - 1, s + 1, s - BOARD_STRIDE, s + BOARD_STRIDE};
        for (int i = 0; i < 4; i++) {
            int q = nb[i];
            if (b->color[q] == EMPTY && !(seen[q >> 6] & (1ULL << (q & 63)))) {
                seen[q >> 6] |= 1ULL << (q & 63);
                n++;
            }
        }
        s = b->next_stone[s];
    } while (s != g);
    return n;
}

/* Rebuilds groups, liberties, the empty list and the hash from color[]. */
static void board_rebuild(BoardState *b)
{
    b->n_empty = 0;
    b->hash = 0;
    for (int p = 0; p < BOARD_POINTS; p++) {
        b->group[p] = 0;
        b->next_stone[p] = 0;
        b->libs[p] = 0;
        b->stones[p] = 0;
    }
    for (int r = 0; r < b->size; r++)
        for (int c = 0; c < b->size; c++) {
            int p = board_point(r, c);
            if (b->color[p] == EMPTY)
                empty_add(b, p);
            else
                b->hash ^= board_zobrist[p][b->color[p] - 1];
        }
    /* Flood each group once, linking its stones into a circular list. */
    int stack[BOARD_MAX_SIZE * BOARD_MAX_SIZE];
    for (int r = 0; r < b->size; r++)
        for (int c = 0; c < b->size; c++) {
            int p = board_point(r, c);
            int col = b->color[p];
            if (col == EMPTY || b->group[p])
                continue;
            int sp = 0, count = 0, prev = p;
            b->group[p] = (uint16_t)p;
            stack[sp++] = p;
            while (sp) {
                int s = stack[--sp];
                if (s != p) {
                    b->next_stone[prev] = (uint16_t)s;
                    prev = s;
                }
                count++;
                int nb[4] = {s - 1, s + 1, s - BOARD_STRIDE, s + BOARD_STRIDE};
                for (int i = 0; i < 4; i++)
                    if (b->color[nb[i]] == col && !b->group[nb[i]]) {
                        b->group[nb[i]] = (uint16_t)p;
                        stack[sp++] = nb[i];
                    }
            }
            b->next_stone[prev] = (uint16_t)p;
            b->stones[p] = (uint16_t)count;
            b->libs[p] = (uint16_t)group_count_libs(b, p);
        }
}

int board_reset(BoardState *b, int size, int komi2)
{
    if (size < BOARD_MIN_SIZE || size > BOARD_MAX_SIZE)
        return -1;
    memset(b, 0, sizeof *b);
    b->size = size;
    b->turn = BLACK;
    b->komi2 = komi2;
    b->last_move.row = -1;
    b->last_move.col = -1;
    memset(b->color, BOARD_BORDER, sizeof b->color);
    for (int r = 0; r < size; r++)
        for (int c = 0; c < size; c++)
            b->color[board_point(r, c)] = EMPTY;
    board_rebuild(b);
    b->prev_board_hash = b->hash;
    return 0;
}

void board_init(BoardState *b)
{
    board_reset(b, BOARD_DEFAULT_SIZE, BOARD_DEFAULT_KOMI2);
}

void board_copy(BoardState *dst, const BoardState *src)
{
    if (dst != src)
        memcpy(dst, src, sizeof *dst);
}

int board_libs_after(const BoardState *b, Stone color, int p, int *stones)
{
    const uint8_t *c = b->color;
    int opp = 3 - color;
    int libs[2] = {0, 0};
    int nl = 0, n_stones = 1;
    int nb[4] = {p - 1, p + 1, p - BOARD_STRIDE, p + BOARD_STRIDE};
    for (int i = 0; i < 4; i++) {
        int q = nb[i];
        if (c[q] == EMPTY) {
            if (nl == 1 && libs[0] == q)
                continue;
            if (nl == 1)
                return 2;
            libs[nl++] = q;
        } else if (c[q] == opp && b->libs[b->group[q]] == 1)
            return 2;
    }
    int done[4];
    int nd = 0;
    for (int i = 0; i < 4; i++) {
        int q = nb[i];
        if (c[q] != color)
            continue;
        int g = b->group[q], dup = 0;
        for (int k = 0; k < nd; k++)
            dup |= done[k] == g;
        if (dup)
            continue;
        done[nd++] = g;
        if (b->libs[g] >= 3)
            return 2;
        n_stones += b->stones[g];
        int s = g;
        do {
            int sn[4] = {s - 1, s + 1, s - BOARD_STRIDE, s + BOARD_STRIDE};
            for (int j = 0; j < 4; j++) {
                int l = sn[j];
                if (c[l] != EMPTY || l == p || (nl == 1 && libs[0] == l))
                    continue;
                if (nl == 1)
                    return 2;
                libs[nl++] = l;
            }
            s = b->next_stone[s];
        } while (s != g);
    }
    if (stones)
        *stones = n_stones;
    return nl;
}

/* Removes the captured group rooted at g; returns its size. */
static int group_remove(BoardState *b, int g)
{
    int n = 0;
    int s = g;
    int col = b->color[g];
    do {
        int next = b->next_stone[s];
        b->color[s] = EMPTY;
        b->hash ^= board_zobrist[s][col - 1];
        empty_add(b, s);
        b->group[s] = 0;
        /* Each distinct neighbouring group gains s as a liberty. */
        int nb[4] = {s - 1, s + 1, s - BOARD_STRIDE, s + BOARD_STRIDE};
        int done[4];
        int nd = 0;
        for (int i = 0; i < 4; i++) {
            int q = nb[i];
            if (b->color[q] != 3 - col)
                continue;
            int h = b->group[q];
            int dup = 0;
            for (int k = 0; k < nd; k++)
                dup |= done[k] == h;
            if (!dup) {
                done[nd++] = h;
                b->libs[h]++;
            }
        }
        n++;
        s = next;
    } while (s != g);
    return n;
}

/* Merges group h into group g (g survives as root); libs not updated. */
static void group_merge(BoardState *b, int g, int h)
{
    int s = h;
    do {
        b->group[s] = (uint16_t)g;
        s = b->next_stone[s];
    } while (s != h);
    int gn = b->next_stone[g];
    b->next_stone[g] = b->next_stone[h];
    b->next_stone[h] = (uint16_t)gn;
    b->stones[g] = (uint16_t)(b->stones[g] + b->stones[h]);
}

int board_play_point(BoardState *b, Stone color, int p)
{
    uint8_t *c = b->color;
    int opp = 3 - color;
    int nb[4] = {p - 1, p + 1, p - BOARD_STRIDE, p + BOARD_STRIDE};

    b->prev_board_hash = b->hash;
    c[p] = (uint8_t)color;
    b->hash ^= board_zobrist[p][color - 1];
    empty_remove(b, p);

    /* Every distinct adjacent group loses p as a liberty. */
    int adj[4];
    int nadj = 0;
    for (int i = 0; i < 4; i++) {
        int q = nb[i];
        if (c[q] != BLACK && c[q] != WHITE)
            continue;
        int g = b->group[q];
        int dup = 0;
        for (int k = 0; k < nadj; k++)
            dup |= adj[k] == g;
        if (!dup) {
            adj[nadj++] = g;
            b->libs[g]--;
        }
    }

    /* Join the new stone with its own groups. */
    int root = p;
    int own = 0;
    for (int k = 0; k < nadj; k++)
        if (c[adj[k]] == color) {
            own++;
            if (own == 1 || b->stones[adj[k]] > b->stones[root])
                root = adj[k];
        }
    if (own == 0) {
        b->group[p] = (uint16_t)p;
        b->next_stone[p] = (uint16_t)p;
        b->stones[p] = 1;
        int l = 0;
        for (int i = 0; i < 4; i++)
            l += c[nb[i]] == EMPTY;
        b->libs[p] = (uint16_t)l;
    } else if (own == 1) {
        /* A new liberty is an empty neighbour not already touching root. */
        int l = b->libs[root];
        for (int i = 0; i < 4; i++) {
            int q = nb[i];
            if (c[q] != EMPTY)
                continue;
            int touches = 0;
            int qn[4] = {q - 1, q + 1, q - BOARD_STRIDE, q + BOARD_STRIDE};
            for (int k = 0; k < 4; k++)
                touches |= qn[k] != p && c[qn[k]] == color && b->group[qn[k]] == root;
            l += !touches;
        }
        b->group[p] = (uint16_t)root;
        b->next_stone[p] = b->next_stone[root];
        b->next_stone[root] = (uint16_t)p;
        b->stones[root]++;
        b->libs[root] = (uint16_t)l;
    } else {
        /* Several groups join: walk only the new stone and the smaller
         * groups, counting their liberties that the biggest group (root)
         * does not already have. */
        uint64_t seen[(BOARD_POINTS + 63) / 64] = {0};
        int extra = 0;
        for (int k = -1; k < nadj; k++) {
            int g = k < 0 ? p : adj[k];
            if (k >= 0 && (c[g] != color || g == root))
                continue;
            int s = g;
            do {
                int sn[4] = {s - 1, s + 1, s - BOARD_STRIDE, s + BOARD_STRIDE};
                for (int i = 0; i < 4; i++) {
                    int q = sn[i];
                    if (c[q] != EMPTY || (seen[q >> 6] & (1ULL << (q & 63))))
                        continue;
                    seen[q >> 6] |= 1ULL << (q & 63);
                    int qn[4] = {q - 1, q + 1, q - BOARD_STRIDE, q + BOARD_STRIDE};
                    int touches = 0;
                    for (int j = 0; j < 4; j++)
                        touches |= qn[j] != p && c[qn[j]] == color && b->group[qn[j]] == root;
                    extra += !touches;
                }
                s = k < 0 ? g : b->next_stone[s];
            } while (s != g);
        }
        b->group[p] = (uint16_t)root;
        b->next_stone[p] = b->next_stone[root];
        b->next_stone[root] = (uint16_t)p;
        b->stones[root]++;
        for (int k = 0; k < nadj; k++)
            if (c[adj[k]] == color && adj[k] != root)
                group_merge(b, root, adj[k]);
        b->libs[root] = (uint16_t)(b->libs[root] + extra);
    }

    /* Capture every adjacent enemy group left without liberties. */
    int captured = 0, last_captured = 0;
    for (int k = 0; k < nadj; k++) {
        int g = adj[k];
        if (c[g] == opp && b->libs[g] == 0) {
            last_captured = g;
            captured += group_remove(b, g);
        }
    }
    if (captured == 1 && b->stones[root] == 1 && b->libs[root] == 1) {
        b->ko_point = (uint16_t)last_captured;
        b->ko_color = (uint8_t)opp;
    } else {
        b->ko_point = 0;
        b->ko_color = 0;
    }

    if (color == BLACK)
        b->captured_black += captured;
    else
        b->captured_white += captured;
    b->last_captures = captured;
    b->last_move.row = board_point_row(p);
    b->last_move.col = board_point_col(p);
    b->last_move.pass = 0;
    b->consecutive_passes = 0;
    b->game_over = 0;
    b->move_number++;
    b->turn = (Stone)opp;
    return captured;
}

MoveResult board_check(const BoardState *b, Stone color, int row, int col)
{
    if (color != BLACK && color != WHITE)
        return MOVE_ILLEGAL_OFF_BOARD;
    if (!board_on_board(b, row, col))
        return MOVE_ILLEGAL_OFF_BOARD;
    return board_check_point(b, color, board_point(row, col));
}

MoveResult board_play(BoardState *b, Stone color, int row, int col)
{
    MoveResult r = board_check(b, color, row, col);
    if (r == MOVE_OK)
        board_play_point(b, color, board_point(row, col));
    return r;
}

MoveResult board_place(BoardState *b, int row, int col)
{
    if (b->game_over)
        return MOVE_ILLEGAL_GAME_OVER;
    return board_play(b, b->turn, row, col);
}

void board_pass_color(BoardState *b, Stone color)
{
    b->prev_board_hash = b->hash;
    b->ko_point = 0;
    b->ko_color = 0;
    b->consecutive_passes = b->consecutive_passes >= 2 ? 2 : b->consecutive_passes + 1;
    if (b->consecutive_passes >= 2)
        b->game_over = 1;
    b->last_move.row = -1;
    b->last_move.col = -1;
    b->last_move.pass = 1;
    b->last_captures = 0;
    b->move_number++;
    b->turn = stone_opponent(color);
}

void board_pass(BoardState *b)
{
    if (b->game_over)
        return;
    board_pass_color(b, b->turn);
}

MoveResult board_apply(BoardState *b, Move m)
{
    if (m.pass) {
        if (b->game_over)
            return MOVE_ILLEGAL_GAME_OVER;
        board_pass(b);
        return MOVE_OK;
    }
    return board_place(b, m.row, m.col);
}

Stone board_get(const BoardState *b, int row, int col)
{
    if (!board_on_board(b, row, col))
        return EMPTY;
    return (Stone)b->color[board_point(row, col)];
}

/* board_setup and board_setup_any: keep_dead lets groups without
 * liberties stay (no move can touch them until a capture frees a point
 * next to them, which then counts as their liberty as usual). */
static int board_setup_common(BoardState *b, Stone color, int row, int col, int keep_dead)
{
    if (!board_on_board(b, row, col) || (color != EMPTY && color != BLACK && color != WHITE))
        return -1;
    int p = board_point(row, col);
    uint8_t old = b->color[p];
    if (old == color)
        return 0;
    b->color[p] = (uint8_t)color;
    board_rebuild(b);
    for (int r = 0; r < b->size && !keep_dead; r++)
        for (int c = 0; c < b->size; c++) {
            int q = board_point(r, c);
            if (b->color[q] != EMPTY && b->libs[b->group[q]] == 0) {
                b->color[p] = old;
                board_rebuild(b);
                return -1;
            }
        }
    b->ko_point = 0;
    b->ko_color = 0;
    b->prev_board_hash = b->hash;
    return 0;
}

int board_setup(BoardState *b, Stone color, int row, int col)
{
    return board_setup_common(b, color, row, col, 0);
}

int board_setup_any(BoardState *b, Stone color, int row, int col)
{
    return board_setup_common(b, color, row, col, 1);
}

int board_liberties(const BoardState *b, int row, int col)
{
    if (!board_on_board(b, row, col))
        return 0;
    int p = board_point(row, col);
    if (b->color[p] != BLACK && b->color[p] != WHITE)
        return 0;
    return b->libs[b->group[p]];
}

void board_area_map(const BoardState *b, Stone owner[BOARD_MAX_SIZE][BOARD_MAX_SIZE])
{
    uint8_t seen[BOARD_POINTS] = {0};
    int region[BOARD_MAX_SIZE * BOARD_MAX_SIZE];
    for (int r = 0; r < BOARD_MAX_SIZE; r++)
        for (int c = 0; c < BOARD_MAX_SIZE; c++)
            owner[r][c] = EMPTY;
    for (int r = 0; r < b->size; r++)
        for (int c = 0; c < b->size; c++) {
            int p = board_point(r, c);
            if (b->color[p] != EMPTY) {
                owner[r][c] = (Stone)b->color[p];
                continue;
            }
            if (seen[p])
                continue;
            /* Flood the empty region, noting which colours border it. */
            int n = 0, head = 0, borders = 0;
            region[n++] = p;
            seen[p] = 1;
            while (head < n) {
                int s = region[head++];
                int nb[4] = {s - 1, s + 1, s - BOARD_STRIDE, s + BOARD_STRIDE};
                for (int i = 0; i < 4; i++) {
                    int q = nb[i];
                    if (b->color[q] == EMPTY) {
                        if (!seen[q]) {
                            seen[q] = 1;
                            region[n++] = q;
                        }
                    } else if (b->color[q] != BOARD_BORDER)
                        borders |= b->color[q];
                }
            }
            Stone who = borders == BLACK ? BLACK : borders == WHITE ? WHITE : EMPTY;
            for (int i = 0; i < n; i++)
                owner[board_point_row(region[i])][board_point_col(region[i])] = who;
        }
}

int board_score(const BoardState *b, int *black, int *white)
{
    Stone owner[BOARD_MAX_SIZE][BOARD_MAX_SIZE];
    board_area_map(b, owner);
    int nb = 0, nw = 0;
    for (int r = 0; r < b->size; r++)
        for (int c = 0; c < b->size; c++) {
            nb += owner[r][c] == BLACK;
            nw += owner[r][c] == WHITE;
        }
    if (black)
        *black = nb;
    if (white)
        *white = nw;
    return 2 * (nb - nw) - b->komi2;
}

int board_score_playout(const BoardState *b)
{
    int score = 0;
    for (int r = 0; r < b->size; r++) {
        int p = board_point(r, 0);
        for (int c = 0; c < b->size; c++, p++) {
            int col = b->color[p];
            if (col == BLACK)
                score++;
            else if (col == WHITE)
                score--;
            else {
                int hb = 0, hw = 0;
                int nbs[4] = {p - 1, p + 1, p - BOARD_STRIDE, p + BOARD_STRIDE};
                for (int i = 0; i < 4; i++) {
                    hb |= b->color[nbs[i]] == BLACK;
                    hw |= b->color[nbs[i]] == WHITE;
                }
                score += hb && !hw;
                score -= hw && !hb;
            }
        }
    }
    return 2 * score - b->komi2;
}

void board_result_string(const BoardState *b, char *buf, size_t len)
{
    int margin = board_score(b, NULL, NULL);
    if (margin == 0)
        snprintf(buf, len, "0");
    else {
        int m = margin < 0 ? -margin : margin;
        snprintf(buf, len, "%c+%d.%d", margin > 0 ? 'B' : 'W', m / 2, (m % 2) * 5);
    }
}

void board_vertex_format(int size, Move m, char *buf, size_t len)
{
    if (m.pass || m.row < 0 || m.col < 0 || m.row >= size || m.col >= size ||
        size > BOARD_MAX_SIZE)
        snprintf(buf, len, "pass");
    else
        snprintf(buf, len, "%c%d", board_column_letters[m.col], size - m.row);
}

int board_vertex_parse(int size, const char *text, Move *out)
{
    if (!text || size < 1 || size > BOARD_MAX_SIZE)
        return -1;
    if (!strcasecmp(text, "pass")) {
        out->row = -1;
        out->col = -1;
        out->pass = 1;
        return 0;
    }
    int letter = toupper((unsigned char)text[0]);
    const char *where = letter ? strchr(board_column_letters, letter) : NULL;
    if (!where)
        return -1;
    int col = (int)(where - board_column_letters);
    const char *d = text + 1;
    if (!isdigit((unsigned char)d[0]) || d[0] == '0')
        return -1;
    int number = 0;
    for (; *d; d++) {
        if (!isdigit((unsigned char)*d) || number > 100)
            return -1;
        number = number * 10 + (*d - '0');
    }
    if (col >= size || number < 1 || number > size)
        return -1;
    out->row = size - number;
    out->col = col;
    out->pass = 0;
    return 0;
}

/* Copies line into out without spaces/tabs/CR; returns its length. */
static size_t ascii_squeeze(const char *line, size_t n, char *out, size_t cap)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k + 1 < cap; i++)
        if (line[i] != ' ' && line[i] != '\t' && line[i] != '\r')
            out[k++] = line[i];
    out[k] = 0;
    return k;
}

static int ascii_is_stone_char(char ch)
{
    return ch == '.' || ch == '+' || ch == 'X' || ch == '#' || ch == 'B' || ch == 'O' ||
           ch == 'W';
}

int board_from_ascii(BoardState *b, const char *text, char *err, size_t errlen)
{
    char rows[BOARD_MAX_SIZE][BOARD_MAX_SIZE + 1];
    int nrows = 0;
    Stone turn = BLACK;
    int komi2 = BOARD_DEFAULT_KOMI2;
    int lineno = 0;
    char msg[128] = "";
    if (!text) {
        snprintf(err, errlen, "no diagram");
        return -1;
    }
    const char *s = text;
    while (*s) {
        const char *e = strchr(s, '\n');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        lineno++;
        char sq[256] = ""; /* zeroed: clang-analyzer cannot see ascii_squeeze fill it */
        size_t k = ascii_squeeze(s, n < 255 ? n : 255, sq, sizeof sq);
        s = e ? e + 1 : s + n;
        if (k == 0 || sq[0] == ';')
            continue;
        char low[256] = "";
        for (size_t i = 0; i <= k; i++)
            low[i] = (char)tolower((unsigned char)sq[i]);
        if (!strncmp(low, "to_move:", 8) || !strncmp(low, "tomove:", 7)) {
            const char *v = low + (low[2] == '_' ? 8 : 7);
            if (!strcmp(v, "white") || !strcmp(v, "w"))
                turn = WHITE;
            else if (!strcmp(v, "black") || !strcmp(v, "b"))
                turn = BLACK;
            else {
                snprintf(msg, sizeof msg, "line %d: to_move must be black or white", lineno);
                goto fail;
            }
            continue;
        }
        if (!strcmp(low, "wtomove") || !strcmp(low, "whitetomove")) {
            turn = WHITE;
            continue;
        }
        if (!strcmp(low, "btomove") || !strcmp(low, "blacktomove")) {
            turn = BLACK;
            continue;
        }
        if (!strncmp(low, "komi:", 5)) {
            char *end;
            double v = strtod(low + 5, &end);
            if (end == low + 5 || *end || v < -1000 || v > 1000 ||
                (double)(int)(v * 2) != v * 2) {
                snprintf(msg, sizeof msg, "line %d: komi must be a multiple of 0.5", lineno);
                goto fail;
            }
            komi2 = (int)(v * 2);
            continue;
        }
        /* Coordinate header lines ("ABCDEFGHJ") as board_to_ascii writes. */
        if (k >= BOARD_MIN_SIZE && !strncmp(sq, board_column_letters, k) &&
            sq[k - 1] != 'B' && sq[k - 1] != 'W' && k <= BOARD_MAX_SIZE)
            continue;
        /* Row numbers on either side are allowed and ignored. */
        char *r = sq;
        while (isdigit((unsigned char)*r))
            r++;
        size_t rl = strlen(r);
        while (rl && isdigit((unsigned char)r[rl - 1]))
            r[--rl] = 0;
        for (size_t i = 0; i < rl; i++)
            if (!ascii_is_stone_char(r[i])) {
                snprintf(msg, sizeof msg, "line %d: unexpected character '%c'", lineno, r[i]);
                goto fail;
            }
        if (rl == 0)
            continue;
        if (nrows >= BOARD_MAX_SIZE || rl > BOARD_MAX_SIZE) {
            snprintf(msg, sizeof msg, "line %d: board larger than %dx%d", lineno,
                     BOARD_MAX_SIZE, BOARD_MAX_SIZE);
            goto fail;
        }
        memcpy(rows[nrows], r, rl + 1);
        nrows++;
    }
    if (nrows < BOARD_MIN_SIZE) {
        snprintf(msg, sizeof msg, "%d rows: a board needs %d to %d", nrows, BOARD_MIN_SIZE,
                 BOARD_MAX_SIZE);
        goto fail;
    }
    for (int i = 0; i < nrows; i++)
        if ((int)strlen(rows[i]) != nrows) {
            snprintf(msg, sizeof msg, "row %d has %d points, expected %d", i + 1,
                     (int)strlen(rows[i]), nrows);
            goto fail;
        }
    BoardState nb;
    board_reset(&nb, nrows, komi2);
    for (int r = 0; r < nrows; r++)
        for (int c = 0; c < nrows; c++) {
            char ch = rows[r][c];
            int p = board_point(r, c);
            if (ch == 'X' || ch == '#' || ch == 'B')
                nb.color[p] = BLACK;
            else if (ch == 'O' || ch == 'W')
                nb.color[p] = WHITE;
        }
    board_rebuild(&nb);
    for (int r = 0; r < nrows; r++)
        for (int c = 0; c < nrows; c++) {
            int p = board_point(r, c);
            if (nb.color[p] != EMPTY && nb.libs[nb.group[p]] == 0) {
                Move m = {r, c, 0};
                char v[8];
                board_vertex_format(nrows, m, v, sizeof v);
                snprintf(msg, sizeof msg, "the group at %s has no liberties", v);
                goto fail;
            }
        }
    nb.turn = turn;
    nb.prev_board_hash = nb.hash;
    *b = nb;
    if (err && errlen)
        err[0] = 0;
    return 0;
fail:
    if (err && errlen)
        snprintf(err, errlen, "%s", msg);
    return -1;
}

/* Appends formatted text at *pos, never past len; counts what fits. */
static void ascii_append(char *buf, size_t len, size_t *pos, const char *text)
{
    for (; *text; text++) {
        if (*pos + 1 < len)
            buf[*pos] = *text;
        (*pos)++;
    }
    if (len)
        buf[*pos < len ? *pos : len - 1] = 0;
}

size_t board_to_ascii(const BoardState *b, char *buf, size_t len)
{
    size_t pos = 0;
    char line[128];
    char *w = line;
    w += sprintf(w, "   ");
    for (int c = 0; c < b->size; c++)
        w += sprintf(w, " %c", board_column_letters[c]);
    sprintf(w, "\n");
    ascii_append(buf, len, &pos, line);
    for (int r = 0; r < b->size; r++) {
        w = line;
        w += sprintf(w, "%2d ", b->size - r);
        for (int c = 0; c < b->size; c++) {
            Stone s = board_get(b, r, c);
            w += sprintf(w, " %c", s == BLACK ? 'X' : s == WHITE ? 'O' : '.');
        }
        sprintf(w, " %2d\n", b->size - r);
        ascii_append(buf, len, &pos, line);
    }
    w = line;
    w += sprintf(w, "   ");
    for (int c = 0; c < b->size; c++)
        w += sprintf(w, " %c", board_column_letters[c]);
    sprintf(w, "\n");
    ascii_append(buf, len, &pos, line);
    return pos < len ? pos : (len ? len - 1 : 0);
}
