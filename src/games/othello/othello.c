/*
 * othello.c - Othello rules on bitboards: moves, flips, passes, the end,
 * coordinates and perft (othello.h).
 */
#include "othello.h"

#include <ctype.h>
#include <stddef.h>

#include "othello_bits.h"

uint64_t othello_rays[64][8];

void othello_rays_init(void)
{
    static int done;
    static const int dr[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    static const int dc[8] = {1, 0, 1, -1, -1, 0, -1, 1};
    if (done)
        return;
    for (int sq = 0; sq < 64; sq++)
        for (int d = 0; d < 8; d++) {
            uint64_t ray = 0;
            int r = sq / 8 + dr[d], c = sq % 8 + dc[d];
            while (r >= 0 && r < 8 && c >= 0 && c < 8) {
                ray |= 1ULL << (r * 8 + c);
                r += dr[d];
                c += dc[d];
            }
            othello_rays[sq][d] = ray;
        }
    done = 1;
}

void othello_board_start(othello_board_t *b)
{
    othello_rays_init();
    /* d4 = row 3 col 3 and e5 = row 4 col 4 White; d5 and e4 Black. */
    b->disc[OTHELLO_WHITE] = (1ULL << (3 * 8 + 3)) | (1ULL << (4 * 8 + 4));
    b->disc[OTHELLO_BLACK] = (1ULL << (4 * 8 + 3)) | (1ULL << (3 * 8 + 4));
    b->to_move = OTHELLO_BLACK;
}

uint64_t othello_moves_of(uint64_t p, uint64_t o)
{
    return othello_moves_fast(p, o);
}

uint64_t othello_flips_of(uint64_t p, uint64_t o, int sq)
{
    othello_rays_init();
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
        othello_rays_init();
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
    othello_rays_init();
    if (depth <= 0)
        return 1;
    if (othello_game_over(b))
        return 1;
    return perft_rec(b->disc[b->to_move], b->disc[!b->to_move], depth, 0);
}

int othello_board_from_text(othello_board_t *b, const char *text, int to_move)
{
    othello_board_t nb = {{0, 0}, to_move};
    int n = 0;
    if (!text || (to_move != OTHELLO_BLACK && to_move != OTHELLO_WHITE))
        return -1;
    othello_rays_init();
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
