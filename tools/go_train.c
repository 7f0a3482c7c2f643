/*
 * go_train.c - fits the strengths of the Go move features
 * (src/games/go/internal/movefeat.h) to the moves of game records, and writes
 * src/games/go/go_move_weights.c.  Run by hand (docs/engine.md, "Learned
 * move priors"); not installed.
 *
 *     go_train [--list FILE] [--max-games N] [--min-count K] [--min-big K]
 *              [--iterations I] --out FILE.c [SGF...]
 *
 * Every move of every record (setup stones allowed, any board size from 9
 * to 19, passes skipped) is a decision among the legal moves of its
 * player that do not fill a one-point eye of its own, as the tree expands
 * them.  A move's strength is the product of its features' strengths; the
 * fit is Remi Coulom's minorization-maximization for the generalised
 * Bradley-Terry model (ICGA Journal 30(4), 2007), one group of features at
 * a time, each strength with one virtual win and one virtual loss against
 * a strength of 1 (so a rare shape stays near 1).  Shapes seen as a
 * candidate fewer than K times (--min-count, default 100) share one
 * strength; big patterns seen fewer than --min-big times (default 200)
 * take the plain strength, 1, and are not written.  Every
 * tenth game is held out: the fit prints, each iteration, the mean log
 * likelihood of the played moves of both parts and how often the strongest
 * candidate of a held-out decision is the move played.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/go/board.h"
#include "games/go/internal/board_private.h"
#include "games/go/internal/movefeat.h"
#include "games/go/sgf.h"

typedef struct tuple {
    uint32_t big;   /* the big pattern's id (big_code), then its dense index */
    uint32_t shape; /* canonical code, then its dense index */
    uint8_t tactic, dist, line, winner;
    uint32_t count;
} tuple_t;

typedef struct decision {
    size_t first; /* into the tuples */
    uint32_t n;
    uint8_t held_out;
} decision_t;

static tuple_t *tuples;
static size_t n_tuples, cap_tuples;
static decision_t *decisions;
static size_t n_decisions, cap_decisions;
static uint32_t shape_seen[MOVEFEAT_RAW_SHAPES]; /* as a candidate, by canonical code */

static int usage(void)
{
    fprintf(stderr, "usage: go_train [--list FILE] [--max-games N] [--min-count K] "
                    "[--min-big K] [--iterations I] --out FILE.c [SGF...]\n");
    return 2;
}

static void *grow(void *p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return p;
    size_t c = *cap ? *cap : 1024;
    while (c < need)
        c *= 2;
    void *q = realloc(p, c * size);
    if (!q) {
        fprintf(stderr, "go_train: out of memory\n");
        exit(1);
    }
    *cap = c;
    return q;
}

/* The big patterns met, by id in order of meeting: canonical code and how
 * often it was a candidate; found by an open-addressing table of ids. */
#define BIG_TABLE_BITS 26
static uint64_t *big_code;
static uint32_t *big_seen;
static size_t n_big, cap_big;
static uint32_t *big_table; /* id + 1, 0 free */

static uint32_t big_id(uint64_t canon)
{
    size_t mask = ((size_t)1 << BIG_TABLE_BITS) - 1;
    size_t h = (size_t)((canon * 0x9E3779B97F4A7C15ull) >> (64 - BIG_TABLE_BITS));
    for (;; h = (h + 1) & mask) {
        uint32_t e = big_table[h];
        if (!e)
            break;
        if (big_code[e - 1] == canon)
            return e - 1;
    }
    if (n_big >= mask / 4 * 3) {
        fprintf(stderr, "go_train: more than %zu big patterns\n", n_big);
        exit(1);
    }
    if (n_big + 1 > cap_big) {
        size_t cap = cap_big;
        big_code = grow(big_code, &cap, n_big + 1, sizeof *big_code);
        big_seen = grow(big_seen, &cap_big, n_big + 1, sizeof *big_seen);
    }
    big_code[n_big] = canon;
    big_seen[n_big] = 0;
    big_table[h] = (uint32_t)(n_big + 1);
    return (uint32_t)n_big++;
}

typedef struct key {
    uint64_t lo;  /* pack() */
    uint32_t big; /* big_id() */
} cand_key_t;

static int cmp_key(const void *a, const void *b)
{
    const cand_key_t *x = a, *y = b;
    if (x->big != y->big)
        return x->big < y->big ? -1 : 1;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

static uint64_t pack(const movefeat_t *f)
{
    return (uint64_t)movefeat_canonical(f->shape) << 24 | (uint64_t)f->tactic << 16 |
           (uint64_t)f->dist << 8 | f->line;
}

/* Adds the decision of color playing p on s; 0 if p is not a candidate. */
static int add_decision(const BoardState *s, Stone color, int p, int held_out)
{
    static cand_key_t keys[BOARD_POINTS];
    static uint8_t cfg[BOARD_POINTS];
    movefeat_cfg_distance(s, cfg);
    int n = 0, found = 0;
    cand_key_t win = {0, 0};
    for (int i = 0; i < s->n_empty; i++) {
        int q = s->empty_list[i];
        if (board_is_eye(s, color, q) || board_check_point(s, color, q) != MOVE_OK)
            continue;
        movefeat_t f;
        movefeat_of(s, color, q, cfg, &f);
        keys[n].lo = pack(&f);
        keys[n].big = big_id(movefeat_big_canonical(f.big));
        n++;
        if (q == p) {
            found = 1;
            win = keys[n - 1];
        }
    }
    if (!found)
        return 0;
    qsort(keys, (size_t)n, sizeof keys[0], cmp_key);
    decisions = grow(decisions, &cap_decisions, n_decisions + 1, sizeof *decisions);
    decision_t *d = &decisions[n_decisions++];
    d->first = n_tuples;
    d->n = 0;
    d->held_out = (uint8_t)held_out;
    for (int i = 0; i < n;) {
        int j = i;
        while (j < n && keys[j].lo == keys[i].lo && keys[j].big == keys[i].big)
            j++;
        tuples = grow(tuples, &cap_tuples, n_tuples + 1, sizeof *tuples);
        tuple_t *t = &tuples[n_tuples++];
        t->big = keys[i].big;
        t->shape = (uint32_t)(keys[i].lo >> 24);
        t->tactic = (uint8_t)(keys[i].lo >> 16);
        t->dist = (uint8_t)(keys[i].lo >> 8);
        t->line = (uint8_t)keys[i].lo;
        t->winner = keys[i].lo == win.lo && keys[i].big == win.big;
        t->count = (uint32_t)(j - i);
        if (!held_out) {
            shape_seen[t->shape] += t->count;
            big_seen[t->big] += t->count;
        }
        d->n++;
        i = j;
    }
    return 1;
}

static int add_game(const char *path, int held_out)
{
    static sgf_game_t g;
    static BoardState b;
    char err[256];
    if (sgf_load_file(path, &g, err, sizeof err) != 0 || g.size < 9 || g.size > 19 ||
        sgf_replay(&g, 0, &b, err, sizeof err) != 0)
        return -1;
    int used = 0;
    for (int k = 0; k < g.n_moves; k++) {
        const sgf_move_t *m = &g.moves[k];
        if (m->move.pass) {
            board_pass_color(&b, m->color);
            continue;
        }
        int p = board_point(m->move.row, m->move.col);
        used += add_decision(&b, m->color, p, held_out);
        if (board_play(&b, m->color, m->move.row, m->move.col) != MOVE_OK)
            break; /* an illegal record: keep what came before */
    }
    return used;
}

/* The fit's state: a strength per feature, the dense shape index. */
static double *g_shape, *g_big;
static double g_tactic[MOVEFEAT_TACTICS], g_dist[MOVEFEAT_DISTS], g_line[MOVEFEAT_LINES];

static double strength(const tuple_t *t)
{
    return g_shape[t->shape] * g_tactic[t->tactic] * g_dist[t->dist] * g_line[t->line] *
           g_big[t->big];
}

/* One MM step for one group (0 shape, 1 tactic, 2 dist, 3 line, 4 big). */
static void mm_group(int group, size_t n_feat, double *gamma)
{
    double *wins = calloc(n_feat, sizeof *wins), *den = calloc(n_feat, sizeof *den);
    if (!wins || !den) {
        fprintf(stderr, "go_train: out of memory\n");
        exit(1);
    }
    for (size_t j = 0; j < n_decisions; j++) {
        const decision_t *d = &decisions[j];
        if (d->held_out)
            continue;
        double e = 0.0;
        for (uint32_t k = 0; k < d->n; k++)
            e += tuples[d->first + k].count * strength(&tuples[d->first + k]);
        for (uint32_t k = 0; k < d->n; k++) {
            const tuple_t *t = &tuples[d->first + k];
            size_t f = group == 0   ? t->shape
                       : group == 1 ? t->tactic
                       : group == 2 ? t->dist
                       : group == 3 ? t->line
                                    : t->big;
            den[f] += t->count * strength(t) / gamma[f] / e;
            if (t->winner)
                wins[f] += 1.0;
        }
    }
    for (size_t f = 0; f < n_feat; f++)
        gamma[f] = (wins[f] + 1.0) / (den[f] + 2.0 / (gamma[f] + 1.0));
    free(wins);
    free(den);
}

static void report(int iteration)
{
    double ll[2] = {0, 0};
    size_t n[2] = {0, 0}, top[2] = {0, 0};
    for (size_t j = 0; j < n_decisions; j++) {
        const decision_t *d = &decisions[j];
        double e = 0.0, win = 0.0, best = 0.0;
        uint32_t best_count = 0;
        for (uint32_t k = 0; k < d->n; k++) {
            const tuple_t *t = &tuples[d->first + k];
            double s = strength(t);
            e += t->count * s;
            if (t->winner)
                win = s;
            if (s > best) {
                best = s;
                best_count = t->count;
            } else if (s == best) {
                best_count += t->count;
            }
        }
        int h = d->held_out;
        ll[h] += log(win / e);
        n[h]++;
        /* The played move is the strongest, ties shared out evenly. */
        if (win >= best)
            top[h] += 1000000 / best_count;
    }
    printf("iteration %d: log likelihood a move %.4f (fit) %.4f (held out); strongest is "
           "the move played %.1f%% (fit) %.1f%% (held out)\n",
           iteration, n[0] ? ll[0] / n[0] : 0.0, n[1] ? ll[1] / n[1] : 0.0,
           n[0] ? top[0] / 1e4 / n[0] : 0.0, n[1] ? top[1] / 1e4 / n[1] : 0.0);
    fflush(stdout);
}

typedef struct big_out {
    uint64_t code;
    double log_gamma;
} big_out_t;

static int cmp_big_out(const void *a, const void *b)
{
    const big_out_t *x = a, *y = b;
    return x->code < y->code ? -1 : x->code > y->code;
}

static int write_weights(const char *out, const uint32_t *codes, size_t n_shapes, size_t games,
                         int min_count, const big_out_t *bigs, size_t n_bigs, int min_big)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", out);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        fprintf(stderr, "go_train: cannot write %s\n", tmp);
        return 1;
    }
    /* Each group's logarithms shifted so that its plainest value is 0:
     * every move has one value of each group, so a shift changes no
     * move's chance. */
    double s0 = log(g_shape[0]), t0 = log(g_tactic[0]), d0 = log(g_dist[4]), l0 = log(g_line[4]);
    fprintf(f,
            "/* go_move_weights.c - written by tools/go_train.c from %zu game "
            "records\n"
            " * (docs/engine.md, \"Learned move priors\"); do not edit.  Natural\n"
            " * logarithms of the strengths; shapes seen fewer than %d times share\n"
            " * go_move_other_shape, big patterns seen fewer than %d times take 0. "
            "*/\n"
            "#include \"internal/movefeat.h\"\n\n",
            games, min_count, min_big);
    fprintf(f, "const unsigned go_move_shape_count = %zu;\n", n_shapes);
    fprintf(f, "const float go_move_other_shape = 0.0f;\n");
    fprintf(f, "const uint32_t go_move_shape_code[] = {");
    for (size_t i = 0; i < n_shapes; i++)
        fprintf(f, "%s%u,", i % 10 ? " " : "\n    ", codes[i]);
    fprintf(f, "\n};\nconst float go_move_shape_weight[] = {");
    for (size_t i = 0; i < n_shapes; i++)
        fprintf(f, "%s%.4ff,", i % 8 ? " " : "\n    ", log(g_shape[i + 1]) - s0);
    fprintf(f, "\n};\nconst float go_move_tactic_weight[MOVEFEAT_TACTICS] = {");
    for (int i = 0; i < MOVEFEAT_TACTICS; i++)
        fprintf(f, "%s%.4ff", i ? ", " : "", log(g_tactic[i]) - t0);
    fprintf(f, "};\nconst float go_move_dist_weight[MOVEFEAT_DISTS] = {");
    for (int i = 0; i < MOVEFEAT_DISTS; i++)
        fprintf(f, "%s%.4ff", i ? ", " : "", log(g_dist[i]) - d0);
    fprintf(f, "};\nconst float go_move_line_weight[MOVEFEAT_LINES] = {");
    for (int i = 0; i < MOVEFEAT_LINES; i++)
        fprintf(f, "%s%.4ff", i ? ", " : "", log(g_line[i]) - l0);
    fprintf(f, "};\n");
    fprintf(f, "const unsigned go_move_big_count = %zu;\n", n_bigs);
    fprintf(f, "const uint64_t go_move_big_code[] = {");
    for (size_t i = 0; i < n_bigs; i++)
        fprintf(f, "%s%lluull,", i % 4 ? " " : "\n    ", (unsigned long long)bigs[i].code);
    fprintf(f, "\n};\nconst float go_move_big_weight[] = {");
    for (size_t i = 0; i < n_bigs; i++)
        fprintf(f, "%s%.4ff,", i % 8 ? " " : "\n    ", bigs[i].log_gamma);
    fprintf(f, "\n};\n");
    if (fclose(f) != 0 || rename(tmp, out) != 0) {
        fprintf(stderr, "go_train: cannot write %s\n", out);
        remove(tmp);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *out = NULL, *list = NULL;
    long max_games = 1000000, min_count = 100, min_big = 200, iterations = 12;
    char **files = calloc((size_t)argc, sizeof *files);
    size_t n_files = 0;
    if (!files)
        return 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--out") && i + 1 < argc)
            out = argv[++i];
        else if (!strcmp(a, "--list") && i + 1 < argc)
            list = argv[++i];
        else if (!strcmp(a, "--max-games") && i + 1 < argc)
            max_games = strtol(argv[++i], NULL, 10);
        else if (!strcmp(a, "--min-count") && i + 1 < argc)
            min_count = strtol(argv[++i], NULL, 10);
        else if (!strcmp(a, "--min-big") && i + 1 < argc)
            min_big = strtol(argv[++i], NULL, 10);
        else if (!strcmp(a, "--iterations") && i + 1 < argc)
            iterations = strtol(argv[++i], NULL, 10);
        else if (a[0] == '-')
            return usage();
        else
            files[n_files++] = argv[i];
    }
    if (!out || max_games < 1 || min_count < 1 || min_big < 1 || iterations < 1 ||
        iterations > 1000)
        return usage();
    movefeat_init();
    big_table = calloc((size_t)1 << BIG_TABLE_BITS, sizeof *big_table);
    if (!big_table)
        return 1;
    size_t games = 0, skipped = 0, g = 0;
    FILE *lf = list ? fopen(list, "r") : NULL;
    if (list && !lf) {
        fprintf(stderr, "go_train: cannot read %s\n", list);
        return 1;
    }
    char line[4096];
    for (size_t i = 0; games < (size_t)max_games; i++) {
        const char *path;
        if (i < n_files) {
            path = files[i];
        } else if (lf && fgets(line, sizeof line, lf)) {
            line[strcspn(line, "\r\n")] = 0;
            if (!line[0])
                continue;
            path = line;
        } else {
            break;
        }
        int used = add_game(path, g % 10 == 9);
        if (used <= 0) {
            skipped++;
            continue;
        }
        games++;
        g++;
    }
    if (lf)
        fclose(lf);
    size_t held = 0;
    for (size_t j = 0; j < n_decisions; j++)
        held += decisions[j].held_out;
    printf("%zu games (%zu records skipped), %zu decisions (%zu held out), %zu "
           "feature tuples\n",
           games, skipped, n_decisions, held, n_tuples);
    if (n_decisions == held) {
        fprintf(stderr, "go_train: no decisions to fit\n");
        return 1;
    }
    /* Dense shape indices: 0 for the shapes seen too rarely. */
    static uint32_t dense[MOVEFEAT_RAW_SHAPES];
    uint32_t *codes = malloc(sizeof *codes * MOVEFEAT_RAW_SHAPES);
    if (!codes)
        return 1;
    size_t n_shapes = 0;
    for (uint32_t c = 0; c < MOVEFEAT_RAW_SHAPES; c++)
        if (shape_seen[c] >= (uint32_t)min_count) {
            codes[n_shapes] = c;
            dense[c] = (uint32_t)++n_shapes;
        }
    for (size_t k = 0; k < n_tuples; k++)
        tuples[k].shape = dense[tuples[k].shape];
    if (n_shapes >= 65535) {
        fprintf(stderr, "go_train: %zu shapes; raise --min-count\n", n_shapes);
        return 1;
    }
    printf("%zu shapes seen at least %ld times\n", n_shapes, min_count);
    /* The same for the big patterns: 0 for those seen too rarely. */
    uint32_t *big_dense = calloc(n_big + 1, sizeof *big_dense);
    if (!big_dense)
        return 1;
    size_t n_bigs = 0;
    for (size_t i = 0; i < n_big; i++)
        if (big_seen[i] >= (uint32_t)min_big)
            big_dense[i] = (uint32_t)++n_bigs;
    for (size_t k = 0; k < n_tuples; k++)
        tuples[k].big = big_dense[tuples[k].big];
    if (n_bigs >= 65535) {
        fprintf(stderr, "go_train: %zu big patterns; raise --min-big\n", n_bigs);
        return 1;
    }
    printf("%zu big patterns of %zu seen at least %ld times\n", n_bigs, n_big, min_big);
    g_big = malloc(sizeof *g_big * (n_bigs + 1));
    if (!g_big)
        return 1;
    for (size_t i = 0; i <= n_bigs; i++)
        g_big[i] = 1.0;
    g_shape = malloc(sizeof *g_shape * (n_shapes + 1));
    if (!g_shape)
        return 1;
    for (size_t i = 0; i <= n_shapes; i++)
        g_shape[i] = 1.0;
    for (int i = 0; i < MOVEFEAT_TACTICS; i++)
        g_tactic[i] = 1.0;
    for (int i = 0; i < MOVEFEAT_DISTS; i++)
        g_dist[i] = 1.0;
    for (int i = 0; i < MOVEFEAT_LINES; i++)
        g_line[i] = 1.0;
    report(0);
    for (int it = 1; it <= iterations; it++) {
        mm_group(1, MOVEFEAT_TACTICS, g_tactic);
        mm_group(2, MOVEFEAT_DISTS, g_dist);
        mm_group(3, MOVEFEAT_LINES, g_line);
        mm_group(0, n_shapes + 1, g_shape);
        mm_group(4, n_bigs + 1, g_big);
        report(it);
    }
    printf("tactic (none, capture one, capture more, escape, self-atari, atari):");
    for (int i = 0; i < MOVEFEAT_TACTICS; i++)
        printf(" %.3f", g_tactic[i] / g_tactic[0]);
    printf("\ndistance (none, 1, 2, 3, 4+):");
    for (int i = 0; i < MOVEFEAT_DISTS; i++)
        printf(" %.3f", g_dist[i] / g_dist[4]);
    printf("\nline (1st..4th, 5th+):");
    for (int i = 0; i < MOVEFEAT_LINES; i++)
        printf(" %.3f", g_line[i] / g_line[4]);
    printf("\n");
    big_out_t *bigs = malloc(sizeof *bigs * (n_bigs + 1));
    if (!bigs)
        return 1;
    for (size_t i = 0; i < n_big; i++)
        if (big_dense[i]) {
            bigs[big_dense[i] - 1].code = big_code[i];
            bigs[big_dense[i] - 1].log_gamma = log(g_big[big_dense[i]]) - log(g_big[0]);
        }
    qsort(bigs, n_bigs, sizeof *bigs, cmp_big_out);
    int rc = write_weights(out, codes, n_shapes, games, (int)min_count, bigs, n_bigs, (int)min_big);
    free(bigs);
    free(big_dense);
    free(big_table);
    free(big_code);
    free(big_seen);
    free(g_big);
    free(codes);
    free(g_shape);
    free(tuples);
    free(decisions);
    free(files);
    return rc;
}
