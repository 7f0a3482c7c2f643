/* status.c - the dead-stone estimate; see status.h. */
#include "status.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* xorshift64*: small and the same on every machine. */
static uint32_t status_random(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return (uint32_t)((*s * 0x2545F4914F6CDD1DULL) >> 32);
}

static const int status_dr[4] = {-1, 1, 0, 0};
static const int status_dc[4] = {0, 0, -1, 1};

static int on_board(const BoardState *b, int r, int c)
{
    return r >= 0 && c >= 0 && r < b->size && c < b->size;
}

/* A one-point eye of `color`: every neighbour is its stone, and the
 * diagonals hold at most one enemy stone (none on the edge).  Filling it
 * would throw away life, so random games never do. */
static int is_own_eye(const BoardState *b, Stone color, int r, int c)
{
    for (int k = 0; k < 4; k++) {
        int nr = r + status_dr[k], nc = c + status_dc[k];
        if (on_board(b, nr, nc) && board_get(b, nr, nc) != color)
            return 0;
    }
    int enemies = 0, off = 0;
    for (int dr = -1; dr <= 1; dr += 2)
        for (int dc = -1; dc <= 1; dc += 2) {
            if (!on_board(b, r + dr, c + dc))
                off = 1;
            else if (board_get(b, r + dr, c + dc) == stone_opponent(color))
                enemies++;
        }
    return off ? enemies == 0 : enemies <= 1;
}

/* Plays b to the end with random non-eye-filling moves. */
static void status_playout(BoardState *b, uint64_t *rng)
{
    int n = b->size;
    int cap = 3 * n * n;
    int passes = 0;
    int empty[BOARD_MAX_SIZE * BOARD_MAX_SIZE];
    for (int move = 0; move < cap && passes < 2; move++) {
        Stone color = b->turn;
        int k = 0;
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++)
                if (board_get(b, r, c) == EMPTY)
                    empty[k++] = r * n + c;
        int played = 0;
        /* Draw without replacement until a move is legal and not an eye. */
        while (k > 0) {
            int i = (int)(status_random(rng) % (uint32_t)k);
            int p = empty[i];
            empty[i] = empty[--k];
            int r = p / n, c = p % n;
            if (is_own_eye(b, color, r, c))
                continue;
            if (board_play(b, color, r, c) == MOVE_OK) {
                played = 1;
                break;
            }
        }
        if (played) {
            passes = 0;
        } else {
            board_pass_color(b, color);
            passes++;
        }
    }
}

void go_status_dead(const BoardState *b, unsigned char dead[BOARD_MAX_SIZE][BOARD_MAX_SIZE])
{
    int n = b->size;
    memset(dead, 0, sizeof(unsigned char) * BOARD_MAX_SIZE * BOARD_MAX_SIZE);
    int stones = 0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            stones += board_get(b, r, c) != EMPTY;
    if (stones == 0)
        return;

    /* Black ownership minus White ownership, per point. */
    int own[BOARD_MAX_SIZE][BOARD_MAX_SIZE];
    memset(own, 0, sizeof own);
    int playouts = GO_STATUS_PLAYOUTS * 81 / (n * n);
    if (playouts < 32)
        playouts = 32;
    uint64_t rng = b->hash ^ 0x9E3779B97F4A7C15ULL;
    if (rng == 0)
        rng = 1;
    BoardState *work = malloc(sizeof *work);
    Stone (*owner)[BOARD_MAX_SIZE] = malloc(sizeof *owner * BOARD_MAX_SIZE);
    if (!work || !owner) {
        free(work);
        free(owner);
        return; /* no estimate: every stone counts as alive */
    }
    for (int i = 0; i < playouts; i++) {
        board_copy(work, b);
        status_playout(work, &rng);
        board_area_map(work, owner);
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++)
                own[r][c] += owner[r][c] == BLACK ? 1 : owner[r][c] == WHITE ? -1 : 0;
    }
    free(work);
    free(owner);

    /* Decide per group (a chain of one colour), so no group is half dead. */
    unsigned char seen[BOARD_MAX_SIZE][BOARD_MAX_SIZE];
    memset(seen, 0, sizeof seen);
    int stack[BOARD_MAX_SIZE * BOARD_MAX_SIZE], members[BOARD_MAX_SIZE * BOARD_MAX_SIZE];
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            Stone color = board_get(b, r, c);
            if (color == EMPTY || seen[r][c])
                continue;
            int sp = 0, m = 0;
            long sum = 0;
            stack[sp++] = r * n + c;
            seen[r][c] = 1;
            while (sp) {
                int p = stack[--sp];
                members[m++] = p;
                int pr = p / n, pc = p % n;
                sum += own[pr][pc];
                for (int k = 0; k < 4; k++) {
                    int nr = pr + status_dr[k], nc = pc + status_dc[k];
                    if (on_board(b, nr, nc) && !seen[nr][nc] && board_get(b, nr, nc) == color) {
                        seen[nr][nc] = 1;
                        stack[sp++] = nr * n + nc;
                    }
                }
            }
            /* Mean ownership from this colour's side, in [-1, 1]: below 0
             * means the opponent held these points in most games. */
            double mine = (double)sum / ((double)m * playouts);
            if (color == WHITE)
                mine = -mine;
            if (mine < 0.0)
                for (int i = 0; i < m; i++)
                    dead[members[i] / n][members[i] % n] = 1;
        }
}

/* A copy of b without the stones estimated dead (free it), or NULL. */
static BoardState *status_cleared(const BoardState *b)
{
    unsigned char dead[BOARD_MAX_SIZE][BOARD_MAX_SIZE];
    BoardState *t = malloc(sizeof *t);
    if (!t)
        return NULL;
    go_status_dead(b, dead);
    board_copy(t, b);
    for (int r = 0; r < b->size; r++)
        for (int c = 0; c < b->size; c++)
            if (dead[r][c])
                board_setup(t, EMPTY, r, c); /* removing stones never fails */
    return t;
}

int go_status_margin2(const BoardState *b)
{
    BoardState *t = status_cleared(b);
    int margin2 = board_score(t ? t : b, NULL, NULL);
    free(t);
    return margin2;
}

void go_status_score(const BoardState *b, char *buf, size_t len)
{
    BoardState *t = status_cleared(b);
    board_result_string(t ? t : b, buf, len);
    free(t);
}
