/* book.c - the opening book's look-up (see book.h). */
#include "book.h"

#define W C4_COLS
#define H C4_ROWS

static const int book_order[W] = {3, 2, 4, 1, 5, 0, 6};

/* The 7-bit groups of a key in the opposite column order. */
static uint64_t mirror_key(uint64_t k)
{
    uint64_t r = 0;
    for (int c = 0; c < W; c++)
        r |= ((k >> (c * (H + 1))) & 0x7Full) << ((W - 1 - c) * (H + 1));
    return r;
}

static unsigned mirror_cols(unsigned cols)
{
    unsigned r = 0;
    for (int c = 0; c < W; c++)
        if (cols & (1u << c))
            r |= 1u << (W - 1 - c);
    return r;
}

uint64_t c4_book_key(const c4_solver_pos_t *p, int *mirrored)
{
    uint64_t k = p->current + p->mask;
    uint64_t m = mirror_key(k);
    if (mirrored)
        *mirrored = m < k;
    return m < k ? m : k;
}

uint64_t c4_book_pack(uint64_t key, int score, unsigned cols)
{
    return key << C4_BOOK_KEY_SHIFT | (uint64_t)(score + 64) << 7 | (cols & 0x7Fu);
}

void c4_book_entry(size_t i, c4_solver_pos_t *p, int *score, unsigned *cols)
{
    uint64_t e = c4_book_entries[i];
    uint64_t key = e >> C4_BOOK_KEY_SHIFT;
    /* Each column's 7 bits are its discs' mask (2^h - 1) plus the side to
     * move's discs in it, a number in [2^h - 1, 2^(h+1) - 2]. */
    p->current = p->mask = 0;
    p->moves = 0;
    for (int c = 0; c < W; c++) {
        unsigned v = (unsigned)(key >> (c * (H + 1))) & 0x7Fu;
        int h = 0;
        while (h < H && v + 1 >= (2u << h))
            h++;
        uint64_t colmask = (1ull << h) - 1;
        p->mask |= colmask << (c * (H + 1));
        p->current |= (uint64_t)(v - colmask) << (c * (H + 1));
        p->moves += h;
    }
    *score = (int)((e >> 7) & 0xFFu) - 64;
    *cols = (unsigned)e & 0x7Fu;
}

int c4_book_lookup(const c4_solver_pos_t *p, int *score, unsigned *cols)
{
    if (p->moves > c4_book_depth)
        return 0;
    int mirrored;
    uint64_t key = c4_book_key(p, &mirrored);
    size_t lo = 0, hi = c4_book_count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        uint64_t k = c4_book_entries[mid] >> C4_BOOK_KEY_SHIFT;
        if (k < key) {
            lo = mid + 1;
        } else if (k > key) {
            hi = mid;
        } else {
            uint64_t e = c4_book_entries[mid];
            *score = (int)((e >> 7) & 0xFFu) - 64;
            *cols = mirrored ? mirror_cols((unsigned)e & 0x7Fu) : (unsigned)e & 0x7Fu;
            return 1;
        }
    }
    return 0;
}

int c4_book_first_col(unsigned cols)
{
    for (int k = 0; k < W; k++)
        if (cols & (1u << book_order[k]))
            return book_order[k];
    return -1;
}

int c4_perfect_move(c4_solver_t *s, const c4_solver_pos_t *p, int *score)
{
    int sc;
    unsigned cols;
    if (c4_book_lookup(p, &sc, &cols) && cols) {
        if (score)
            *score = sc;
        return c4_book_first_col(cols);
    }
    return c4_solver_best_move(s, p, score);
}
