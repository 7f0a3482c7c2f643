/*
 * othello_engine.c - the engine's life (tables, threads, levels) and its
 * root: iterative deepening over the midgame search (othello_search.c),
 * then the exact solver (othello_solve.c) once few enough squares are
 * empty.  The solver can run on several threads (othello_engine_set_threads,
 * othello_split.c).
 */
#include "othello_engine.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "internal/othello_engine_internal.h"

/* The share of a time limit after which the strongest level starts no
 * iteration deeper than its depth (othello_engine_think). */
#define OTHELLO_DEEPEN_START 0.3

#define HUGE_PAGE ((size_t)2 << 20) /* x86-64's and arm64's transparent huge page */

othello_level_t othello_level_config(int level)
{
    static const othello_level_t levels[OTHELLO_LEVEL_MAX] = {
        {1, 4, 0},   {2, 8, 0},    {3, 10, 0},   {4, 12, 0},
        {6, 14, 0},  {8, 16, 0},   {11, 20, 0},
    };
    if (level < OTHELLO_LEVEL_MIN)
        level = OTHELLO_LEVEL_MIN;
    if (level > OTHELLO_LEVEL_MAX)
        level = OTHELLO_LEVEL_MAX;
    return levels[level - 1];
}

/* A zeroed table of n entries, from the system's own pages: they are
 * zero, and come as they are first touched.  A table of 2 MiB or more is
 * aligned to 2 MiB and asks for huge pages (a hint: a kernel without them
 * ignores it): the solver's probes land anywhere in its 96 MiB, and with
 * 4 KiB pages nearly every one also missed the TLB (FFO #45 in 0.93 of the
 * time, docs/othello.md).  A huge page is zeroed whole at its first touch,
 * so a solve that touches the whole table pays some 0.2 s of system time
 * for it, once. */
static tt_entry_t *table_new(size_t n)
{
    size_t bytes = n * sizeof(tt_entry_t);
    size_t extra = bytes >= HUGE_PAGE ? HUGE_PAGE : 0;
    char *m = mmap(NULL, bytes + extra, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                   -1, 0);
    if (m == MAP_FAILED)
        return NULL;
    if (!extra)
        return (tt_entry_t *)(void *)m;
    /* Trim the mapping to the aligned part. */
    size_t head = (HUGE_PAGE - (uintptr_t)m % HUGE_PAGE) % HUGE_PAGE;
    if (head)
        munmap(m, head);
    if (extra - head)
        munmap(m + head + bytes, extra - head);
#ifdef MADV_HUGEPAGE
    madvise(m + head, bytes, MADV_HUGEPAGE);
#endif
    return (tt_entry_t *)(void *)(m + head);
}

static void table_free(tt_entry_t *t, size_t n)
{
    if (t)
        munmap(t, n * sizeof(tt_entry_t));
}

othello_engine_t *othello_engine_new(void)
{
    return othello_engine_new_sized(OTHELLO_TABLE_BITS_DEFAULT);
}

othello_engine_t *othello_engine_new_sized(int end_bits)
{
    othello_tables_init();
    othello_solver_init();
    if (end_bits < 10 || end_bits > 28)
        return NULL;
    othello_engine_t *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->end_bits = end_bits;
    e->threads = 1;
    e->sel = SEL_EXACT;
    for (int i = 0; i < MAX_THREADS; i++)
        e->slot[i].w.e = e;
    e->slot[0].w.mid = table_new(TT_SIZE);
    e->end = table_new((size_t)1 << end_bits);
    int locked = e->slot[0].w.mid && e->end && pthread_mutex_init(&e->lock, NULL) == 0;
    if (locked && pthread_cond_init(&e->wake, NULL) == 0)
        return e;
    if (locked)
        pthread_mutex_destroy(&e->lock);
    table_free(e->slot[0].w.mid, TT_SIZE);
    table_free(e->end, (size_t)1 << end_bits);
    free(e);
    return NULL;
}

int othello_engine_set_threads(othello_engine_t *e, int threads)
{
    if (threads < 1 || threads > MAX_THREADS)
        return -1;
    for (int i = 1; i < threads; i++) {
        if (!e->slot[i].w.mid && !(e->slot[i].w.mid = table_new(TT_SIZE)))
            return -1;
    }
    e->threads = threads;
    return 0;
}

void othello_engine_free(othello_engine_t *e)
{
    if (!e)
        return;
    for (int i = 0; i < MAX_THREADS; i++)
        table_free(e->slot[i].w.mid, TT_SIZE);
    table_free(e->end, (size_t)1 << e->end_bits);
    pthread_cond_destroy(&e->wake);
    pthread_mutex_destroy(&e->lock);
    free(e);
}

void othello_engine_clear(othello_engine_t *e)
{
    /* p = o = 0 is no position of a game: an empty slot. */
    for (int i = 0; i < MAX_THREADS; i++)
        if (e->slot[i].w.mid)
            memset(e->slot[i].w.mid, 0, TT_SIZE * sizeof *e->slot[i].w.mid);
    memset(e->end, 0, ((size_t)1 << e->end_bits) * sizeof *e->end);
}

/* ---- the root --------------------------------------------------------- */

int othello_engine_think(othello_engine_t *e, const othello_board_t *b, othello_level_t level,
                         othello_result_t *r)
{
    double t0 = now_seconds();
    memset(r, 0, sizeof *r);
    r->move = OTHELLO_NO_MOVE;
    if (othello_game_over(b))
        return -1;
    uint64_t p = b->disc[b->to_move], o = b->disc[!b->to_move];
    uint64_t moves = othello_moves_fast(p, o);
    e->slot[0].w.nodes = 0;
    e->aborted = 0;
    e->deadline = level.time_limit > 0 ? t0 + level.time_limit : 0;
    if (!moves) {
        r->move = OTHELLO_PASS;
        r->score = -othello_eval_pair(o, p);
        r->seconds = now_seconds() - t0;
        return 0;
    }
    int empties = 64 - othello_popcount(p | o);
    move_entry_t list[MAX_MOVES];
    int n = 0;
    while (moves) {
        int sq = othello_first_square(moves);
        moves &= moves - 1;
        list[n].flips = othello_flips_fast(p, o, sq);
        list[n].sq = sq;
        list[n].key = square_order[sq];
        n++;
    }
    sort_moves(list, n);
    r->move = list[0].sq;
    r->score = 0;
    /* The strongest level given a time limit (--time, a GTP clock) is not
     * held to its depth: it deepens while the time lasts, starting a new
     * iteration only while less than OTHELLO_DEEPEN_START of the time is
     * spent (each costs some three times the last), and a deadline in the
     * middle of one keeps the last finished. */
    int cap = level.depth;
    if (level.time_limit > 0 && level.depth >= othello_level_config(OTHELLO_LEVEL_MAX).depth)
        cap = empties;
    int max_depth = cap < empties ? cap : empties;
    if (empties <= level.exact_empties && max_depth > 6)
        max_depth = 6; /* only to order the solver's root */
    for (int depth = 1; depth <= max_depth; depth++) {
        if (depth > level.depth && now_seconds() - t0 > OTHELLO_DEEPEN_START * level.time_limit)
            break;
        int alpha = -SCORE_INF, beta = SCORE_INF, best = -SCORE_INF, best_i = 0;
        for (int i = 0; i < n; i++) {
            uint64_t np = p | list[i].flips | square_bit(list[i].sq), no = o & ~list[i].flips;
            int s;
            if (i == 0) {
                s = -othello_search(&e->slot[0].w, no, np, depth - 1, -beta, -alpha, 0);
            } else {
                s = -othello_search(&e->slot[0].w, no, np, depth - 1, -alpha - 1, -alpha, 0);
                if (s > alpha)
                    s = -othello_search(&e->slot[0].w, no, np, depth - 1, -beta, -s, 0);
            }
            if (load_int(&e->aborted))
                break;
            list[i].key = s;
            if (s > best) {
                best = s;
                best_i = i;
                if (s > alpha)
                    alpha = s;
            } else {
                list[i].key = -SCORE_INF + i; /* keep the order of the rest */
            }
        }
        if (load_int(&e->aborted))
            break;
        move_entry_t top = list[best_i];
        memmove(&list[1], &list[0], (size_t)best_i * sizeof list[0]);
        list[0] = top;
        r->move = top.sq;
        r->score = best;
        r->depth = depth;
    }
    if (!load_int(&e->aborted) && empties <= level.exact_empties) {
        int best_sq = list[0].sq;
        int best = othello_solve_root(e, p, o, &best_sq);
        if (!load_int(&e->aborted)) {
            r->move = best_sq;
            r->score = 100 * best;
            r->exact = 1;
            r->depth = 0;
        }
    }
    r->nodes = e->slot[0].w.nodes;
    r->seconds = now_seconds() - t0;
    return 0;
}
