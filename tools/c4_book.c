/*
 * c4_book.c - writes the perfect level's opening book,
 * src/games/connect4/book_data.c (docs/connect4.md, "The
 * opening book"), with the solver itself.
 *
 *   build/tools/c4_book [--depth D] [--table LOG2] [--budget POSITIONS]
 *                       [--seconds S] [--cache FILE] [--out FILE]
 *                       [--from ROOT,ROOT...]
 *
 * The book holds every position Perfect meets while it follows the book,
 * playing first or second (or from MOVES on), whatever the other side
 * replies, up to D discs on the board: for each, its exact score and every
 * column that keeps it (c4_solver_best_columns).  Perfect's move is the
 * first of them in the solver's tie order, and the walk goes on below that
 * move only.
 *
 * Solving the early positions takes long (minutes to hours each), so the
 * work is kept: every position solved is appended to the cache file
 * (one line: key in hex, score, column mask, the moves that led there) as
 * soon as it is known, and a later run reads it back and goes on.  A
 * position not solved within --budget positions searched, or after
 * --seconds, is left out, with the part of the walk below it.  The book
 * written holds what is known.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "games/connect4/book.h"
#include "games/connect4/solver.h"

#define CACHE_LOG2 22
#define CACHE_SIZE (1u << CACHE_LOG2)

typedef struct {
    uint64_t key; /* book key + 1 (0 = empty slot) */
    int8_t score;
    uint8_t cols;
} slot_t;

static slot_t *cache;      /* every position solved (this run or before) */
static uint64_t *visited;  /* exact keys + 1 queued in this run */
static uint64_t *book;     /* packed entries of the book */
static size_t book_n, book_cap;
static FILE *cache_file;
static c4_solver_t *solver;
static int depth = 8;
static uint64_t budget;
static double deadline;
static long solved_now, skipped, reused;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint64_t hash(uint64_t k) { return (k * 0x9E3779B97F4A7C15ull) >> (64 - CACHE_LOG2); }

static slot_t *cache_slot(uint64_t key)
{
    for (uint64_t i = hash(key);; i = (i + 1) & (CACHE_SIZE - 1))
        if (cache[i].key == key + 1 || cache[i].key == 0)
            return &cache[i];
}

/* 1 the first time key is seen. */
static int visit_once(uint64_t key)
{
    for (uint64_t i = hash(key);; i = (i + 1) & (CACHE_SIZE - 1)) {
        if (visited[i] == key + 1)
            return 0;
        if (visited[i] == 0) {
            visited[i] = key + 1;
            return 1;
        }
    }
}

static void book_add(uint64_t key, int score, unsigned cols)
{
    if (book_n == book_cap) {
        book_cap = book_cap ? 2 * book_cap : 4096;
        book = realloc(book, book_cap * sizeof *book);
        if (!book) {
            fprintf(stderr, "c4_book: out of memory\n");
            exit(1);
        }
    }
    book[book_n++] = c4_book_pack(key, score, cols);
}

static unsigned mirror_cols(unsigned cols)
{
    unsigned r = 0;
    for (int c = 0; c < C4_COLS; c++)
        if (cols & (1u << c))
            r |= 1u << (C4_COLS - 1 - c);
    return r;
}

/* The score and best columns of p (in p's orientation); 0 if unknown. */
static int known(const c4_solver_pos_t *p, const char *moves, int *score, unsigned *cols)
{
    int mirrored;
    uint64_t key = c4_book_key(p, &mirrored);
    slot_t *sl = cache_slot(key);
    if (sl->key) {
        reused++;
    } else {
        if (now() > deadline) {
            skipped++;
            return 0;
        }
        c4_solver_set_budget(solver, budget);
        double t0 = now();
        int sc;
        unsigned c = c4_solver_best_columns(solver, p, &sc);
        if (c4_solver_aborted(solver) || !c) {
            fprintf(stderr, "c4_book: %s: not solved within the budget\n", moves);
            skipped++;
            return 0;
        }
        /* Stored in the key's orientation. */
        sl->key = key + 1;
        sl->score = (int8_t)sc;
        sl->cols = (uint8_t)(mirrored ? mirror_cols(c) : c);
        fprintf(cache_file, "%llx %d %u %s\n", (unsigned long long)key, sc, sl->cols,
                moves[0] ? moves : "-");
        fflush(cache_file);
        solved_now++;
        fprintf(stderr, "c4_book: %-12s score %3d columns %02x  %.1f s\n", moves, sc, c,
                now() - t0);
    }
    *score = sl->score;
    *cols = mirrored ? mirror_cols(sl->cols) : sl->cols;
    return 1;
}

/* The walk, breadth first (the shallow positions, which the console
 * needs most, before the deeper ones when --seconds cuts it short): the
 * positions where Perfect is to move, below which it plays its book move
 * and the other side anything. */
typedef struct {
    c4_solver_pos_t p;
    char moves[44];
    int depth; /* the deepest position of this root's walk */
} item_t;

static item_t *queue;
static size_t q_head, q_tail, q_cap;

static void push(const c4_solver_pos_t *p, const char *moves, int d)
{
    if (p->moves > d || !visit_once(p->current + p->mask))
        return;
    if (q_tail == q_cap) {
        q_cap = q_cap ? 2 * q_cap : 4096;
        queue = realloc(queue, q_cap * sizeof *queue);
        if (!queue) {
            fprintf(stderr, "c4_book: out of memory\n");
            exit(1);
        }
    }
    item_t *it = &queue[q_tail++];
    it->p = *p;
    snprintf(it->moves, sizeof it->moves, "%s", moves);
    it->depth = d;
}

/* Pushes every reply to p (the other side to move in p). */
static void push_replies(const c4_solver_pos_t *p, const char *moves, int d)
{
    char m[48];
    for (int r = 0; r < C4_COLS; r++) {
        if (!c4_solver_can_play(p, r) || c4_solver_is_winning_move(p, r) || p->moves + 1 >= 42)
            continue;
        c4_solver_pos_t q = *p;
        c4_solver_play(&q, r);
        snprintf(m, sizeof m, "%s%c", moves, '1' + r);
        push(&q, m, d);
    }
}

static void walk_all(void)
{
    while (q_head < q_tail) {
        item_t it = queue[q_head++];
        int score;
        unsigned cols;
        if (!known(&it.p, it.moves, &score, &cols))
            continue;
        int mirrored;
        book_add(c4_book_key(&it.p, &mirrored), score, mirrored ? mirror_cols(cols) : cols);
        int col = c4_book_first_col(cols);
        if (c4_solver_is_winning_move(&it.p, col))
            continue;
        c4_solver_pos_t q = it.p;
        c4_solver_play(&q, col);
        char m[48];
        snprintf(m, sizeof m, "%s%c", it.moves, '1' + col);
        push_replies(&q, m, it.depth);
    }
}

static void load_cache(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return; /* a first run */
    unsigned long long key;
    int score;
    unsigned cols;
    char moves[64];
    long n = 0;
    while (fscanf(f, "%llx %d %u %63s", &key, &score, &cols, moves) == 4) {
        slot_t *sl = cache_slot(key);
        sl->key = key + 1;
        sl->score = (int8_t)score;
        sl->cols = (uint8_t)cols;
        n++;
    }
    fclose(f);
    fprintf(stderr, "c4_book: %ld positions from %s\n", n, path);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static int write_book(const char *path, const char *args)
{
    qsort(book, book_n, sizeof *book, cmp_u64);
    size_t m = 0; /* transpositions and mirrors: one entry each */
    for (size_t i = 0; i < book_n; i++)
        if (m == 0 || book[i] >> C4_BOOK_KEY_SHIFT != book[m - 1] >> C4_BOOK_KEY_SHIFT)
            book[m++] = book[i];
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "c4_book: cannot write %s: %s\n", path, strerror(errno));
        return 1;
    }
    fprintf(f,
            "/* book_data.c - GENERATED by tools/c4_book.c (%s); do not edit.\n"
            " * %zu positions with at most %d discs: key << 15 | (score + 64) << 7 |\n"
            " * best columns (book.h). */\n"
            "#include \"book.h\"\n\n"
            "const int c4_book_depth = %d;\n"
            "const size_t c4_book_count = %zu;\n"
            "const uint64_t c4_book_entries[] = {\n",
            args, m, depth, depth, m);
    for (size_t i = 0; i < m; i++)
        fprintf(f, "%s0x%016llxull,%s", i % 3 == 0 ? "    " : " ", (unsigned long long)book[i],
                i % 3 == 2 || i + 1 == m ? "\n" : "");
    if (m == 0)
        fprintf(f, "    0\n");
    fprintf(f, "};\n");
    if (fclose(f) != 0) {
        fprintf(stderr, "c4_book: cannot write %s\n", path);
        return 1;
    }
    fprintf(stderr, "c4_book: %zu positions written to %s\n", m, path);
    return 0;
}

int main(int argc, char **argv)
{
    const char *cache_path = "c4_book.cache", *out = "src/games/connect4/book_data.c";
    const char *from = NULL;
    int table = 26;
    double seconds = 1e12;
    char args[256] = "";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (i + 1 >= argc) {
            fprintf(stderr, "c4_book: %s needs a value\n", a);
            return 2;
        }
        const char *v = argv[++i];
        if (!strcmp(a, "--depth"))
            depth = atoi(v);
        else if (!strcmp(a, "--table"))
            table = atoi(v);
        else if (!strcmp(a, "--budget"))
            budget = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--seconds"))
            seconds = atof(v);
        else if (!strcmp(a, "--cache"))
            cache_path = v;
        else if (!strcmp(a, "--out"))
            out = v;
        else if (!strcmp(a, "--from"))
            from = v;
        else {
            fprintf(stderr,
                    "usage: c4_book [--depth D] [--table LOG2] [--budget POSITIONS] "
                    "[--seconds S] [--cache FILE] [--out FILE] [--from ROOT,...]\n"
                    "  ROOT: MOVES (Perfect to move there, and after each reply), MOVES= (only\n"
                    "  there), MOVES+ (only after the replies), each with :DEPTH if less deep\n");
            return 2;
        }
        if (strcmp(a, "--cache") && strcmp(a, "--out") && strlen(args) + strlen(a) + strlen(v) + 3 < sizeof args) {
            strcat(args, args[0] ? " " : "");
            strcat(args, a);
            strcat(args, " ");
            strcat(args, v);
        }
    }
    if (depth < 0 || depth > 20) {
        fprintf(stderr, "c4_book: --depth must be 0-20\n");
        return 2;
    }
    solver = c4_solver_new(table);
    cache = calloc(CACHE_SIZE, sizeof *cache);
    visited = calloc(CACHE_SIZE, sizeof *visited);
    if (!solver || !cache || !visited) {
        fprintf(stderr, "c4_book: out of memory (or --table outside 24-28)\n");
        return 1;
    }
    load_cache(cache_path);
    cache_file = fopen(cache_path, "a");
    if (!cache_file) {
        fprintf(stderr, "c4_book: cannot append to %s: %s\n", cache_path, strerror(errno));
        return 1;
    }
    deadline = now() + seconds;
    /* Roots: MOVES (Perfect to move there, then also after each reply to
     * it: Perfect playing either side), MOVES= (only the first), MOVES+
     * (only the second: the replies), each with :DEPTH to walk less deep
     * than --depth. */
    char list[512];
    snprintf(list, sizeof list, "%s", from ? from : "");
    for (char *item = list, *next; item; item = next) {
        next = strchr(item, ',');
        if (next)
            *next++ = 0;
        int d = depth;
        char *colon = strchr(item, ':');
        if (colon) {
            *colon = 0;
            d = atoi(colon + 1);
        }
        size_t len = strlen(item);
        int kind = 0; /* 0 both, '=' first only, '+' replies only */
        if (len && (item[len - 1] == '=' || item[len - 1] == '+'))
            kind = item[--len];
        item[len] = 0;
        c4_solver_pos_t p;
        c4_solver_pos_init(&p);
        for (const char *m = item; *m; m++) {
            int c = *m - '1';
            if (len > 40 || c < 0 || c > 6 || !c4_solver_can_play(&p, c) ||
                c4_solver_is_winning_move(&p, c)) {
                fprintf(stderr, "c4_book: bad --from item '%s'\n", item);
                return 2;
            }
            c4_solver_play(&p, c);
        }
        if (kind != '+')
            push(&p, item, d);
        if (kind != '=')
            push_replies(&p, item, d);
    }
    walk_all();
    fclose(cache_file);
    fprintf(stderr, "c4_book: %ld solved now, %ld from the cache, %ld left out\n", solved_now,
            reused, skipped);
    return write_book(out, args);
}
