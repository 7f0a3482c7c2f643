/*
 * othello_train.c - fits the Othello pattern evaluation
 * (src/games/othello/othello_pattern.h) to the results of self-played games,
 * and writes src/games/othello/othello_pattern_weights.c.  Run by hand
 * (docs/othello.md, "The pattern evaluation"); not installed.
 *
 *     othello_train gen --games N --seed S [--level L] [--random MIN-MAX] --out FILE
 *         plays N games: MIN..MAX random moves from the start, then the
 *         engine at level L (default 5) for both sides, exact at the end;
 *         writes every position after the random moves with the game's
 *         final disc difference from its mover's view.
 *     othello_train fit [--epochs E] [--seed S] --out FILE.c DATA...
 *         fits the weights (stochastic gradient descent on the squared error
 *         over the positions and their 8 symmetries; a tenth held out, its
 *         error printed each epoch) and writes the C file.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/othello/othello.h"
#include "games/othello/othello_engine.h"
#include "games/othello/othello_pattern.h"

typedef struct record {
    uint64_t p, o; /* the mover's discs, the opponent's */
    int32_t score; /* final disc difference, the mover's view */
    int32_t game;
} record_t;

static uint64_t rng_state;

static uint64_t rng_next(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int usage(void)
{
    fprintf(stderr, "usage: othello_train gen --games N --seed S [--level L] [--random MIN-MAX] "
                    "--out FILE\n"
                    "       othello_train fit [--epochs E] [--seed S] --out FILE.c DATA...\n");
    return 2;
}

/* Final disc difference for colour c, the empty squares to the winner. */
static int final_diff(const othello_board_t *b, int c)
{
    int mine = othello_count(b, c), theirs = othello_count(b, !c);
    int empty = 64 - mine - theirs, d = mine - theirs;
    return d > 0 ? d + empty : d < 0 ? d - empty : 0;
}

static int gen(int games, uint64_t seed, int level, int rmin, int rmax, const char *out)
{
    FILE *f = fopen(out, "wb");
    if (!f) {
        perror(out);
        return 1;
    }
    othello_engine_t *e = othello_engine_new();
    if (!e) {
        fclose(f);
        return 1;
    }
    rng_state = seed;
    record_t rec[64];
    long written = 0;
    for (int g = 0; g < games; g++) {
        othello_board_t b, start;
        othello_board_start(&b);
        int randoms = rmin + (int)(rng_next() % (uint64_t)(rmax - rmin + 1));
        int n = 0, colour[64];
        othello_engine_clear(e);
        for (int ply = 0; !othello_game_over(&b) && ply < 128; ply++) {
            uint64_t moves = othello_legal_moves(&b);
            int move;
            if (!moves) {
                move = OTHELLO_PASS;
            } else if (ply < randoms) {
                int k = (int)(rng_next() % (uint64_t)__builtin_popcountll(moves));
                while (k--)
                    moves &= moves - 1;
                move = __builtin_ctzll(moves);
            } else {
                othello_result_t r;
                if (n < 64) {
                    rec[n].p = b.disc[b.to_move];
                    rec[n].o = b.disc[!b.to_move];
                    rec[n].game = g;
                    colour[n++] = b.to_move;
                }
                othello_engine_think(e, &b, othello_level_config(level), &r);
                move = r.move;
            }
            if (othello_play(&b, move) != 0)
                break;
        }
        start = b;
        for (int i = 0; i < n; i++)
            rec[i].score = final_diff(&start, colour[i]);
        if (fwrite(rec, sizeof rec[0], (size_t)n, f) != (size_t)n) {
            perror(out);
            fclose(f);
            othello_engine_free(e);
            return 1;
        }
        written += n;
        if ((g + 1) % 500 == 0)
            fprintf(stderr, "gen: %d games, %ld positions\n", g + 1, written);
    }
    othello_engine_free(e);
    if (fclose(f) != 0) {
        perror(out);
        return 1;
    }
    fprintf(stderr, "gen: %d games, %ld positions in %s\n", games, written, out);
    return 0;
}

/* The board under symmetry s (bit 0: mirror the columns, bit 1: the rows,
 * bit 2: transpose), as othello_pattern.c's transform. */
static uint64_t sym_board(uint64_t b, int s)
{
    uint64_t out = 0;
    for (; b; b &= b - 1) {
        int sq = __builtin_ctzll(b), r = sq / 8, c = sq % 8;
        if (s & 1)
            c = 7 - c;
        if (s & 2)
            r = 7 - r;
        if (s & 4) {
            int t = r;
            r = c;
            c = t;
        }
        out |= 1ULL << (r * 8 + c);
    }
    return out;
}

typedef struct sample {
    uint32_t index[OTHELLO_PATTERN_FEATURES];
    float target;
    uint8_t phase;
    uint8_t test;
} sample_t;

static int fit(int epochs, uint64_t seed, const char *out, char **files, int nfiles)
{
    size_t cap = 1 << 20, n = 0;
    record_t *recs = malloc(cap * sizeof *recs);
    if (!recs)
        return 1;
    for (int i = 0; i < nfiles; i++) {
        FILE *f = fopen(files[i], "rb");
        if (!f) {
            perror(files[i]);
            free(recs);
            return 1;
        }
        for (;;) {
            if (n == cap) {
                record_t *bigger = realloc(recs, 2 * cap * sizeof *recs);
                if (!bigger) {
                    fclose(f);
                    free(recs);
                    return 1;
                }
                recs = bigger;
                cap *= 2;
            }
            size_t got = fread(&recs[n], sizeof *recs, cap - n, f);
            n += got;
            if (got == 0)
                break;
        }
        fclose(f);
    }
    size_t ns = 8 * n;
    sample_t *s = malloc(ns * sizeof *s);
    if (!s) {
        free(recs);
        return 1;
    }
    for (size_t i = 0; i < n; i++) {
        /* A tenth of the games held out (by game number, so that a game's
         * positions stay on one side). */
        int test = recs[i].game % 10 == 0;
        for (int sym = 0; sym < 8; sym++) {
            sample_t *x = &s[8 * i + (size_t)sym];
            x->phase = (uint8_t)othello_pattern_features(sym_board(recs[i].p, sym),
                                                         sym_board(recs[i].o, sym), x->index);
            x->target = (float)recs[i].score;
            x->test = (uint8_t)test;
        }
    }
    free(recs);
    size_t per = othello_pattern_weights_per_phase();
    size_t nw = per * OTHELLO_PATTERN_PHASES;
    float *w = calloc(nw, sizeof *w);
    uint32_t *order = malloc(ns * sizeof *order);
    if (!w || !order) {
        free(s);
        free(w);
        free(order);
        return 1;
    }
    size_t ntrain = 0;
    for (size_t i = 0; i < ns; i++)
        if (!s[i].test)
            order[ntrain++] = (uint32_t)i;
    fprintf(stderr, "fit: %zu positions, %zu samples with symmetries, %zu to train on\n", n, ns,
            ntrain);
    rng_state = seed;
    double best_test = INFINITY;
    float *best_w = malloc(nw * sizeof *best_w);
    if (!best_w) {
        free(s);
        free(w);
        free(order);
        return 1;
    }
    for (int ep = 0; ep < epochs; ep++) {
        for (size_t i = ntrain - 1; i > 0; i--) {
            size_t j = (size_t)(rng_next() % (i + 1));
            uint32_t t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        float rate = 0.004f / (1.0f + 0.25f * (float)ep);
        double train_sq = 0;
        for (size_t k = 0; k < ntrain; k++) {
            sample_t *x = &s[order[k]];
            float *wp = w + (size_t)x->phase * per;
            float pred = 0;
            for (int f = 0; f < OTHELLO_PATTERN_FEATURES; f++)
                pred += wp[x->index[f]];
            float err = x->target - pred;
            train_sq += (double)err * err;
            float step = rate * err;
            for (int f = 0; f < OTHELLO_PATTERN_FEATURES; f++)
                wp[x->index[f]] += step;
        }
        double test_sq[OTHELLO_PATTERN_PHASES] = {0}, all = 0;
        size_t test_n[OTHELLO_PATTERN_PHASES] = {0}, all_n = 0;
        for (size_t i = 0; i < ns; i++) {
            if (!s[i].test)
                continue;
            const float *wp = w + (size_t)s[i].phase * per;
            float pred = 0;
            for (int f = 0; f < OTHELLO_PATTERN_FEATURES; f++)
                pred += wp[s[i].index[f]];
            double err = s[i].target - pred;
            test_sq[s[i].phase] += err * err;
            test_n[s[i].phase]++;
            all += err * err;
            all_n++;
        }
        double rms = all_n ? sqrt(all / (double)all_n) : 0;
        fprintf(stderr, "epoch %d: train rms %.2f, held-out rms %.2f discs (by phase:", ep + 1,
                sqrt(train_sq / (double)ntrain), rms);
        for (int ph = 0; ph < OTHELLO_PATTERN_PHASES; ph++)
            fprintf(stderr, " %.2f", test_n[ph] ? sqrt(test_sq[ph] / (double)test_n[ph]) : 0.0);
        fprintf(stderr, ")\n");
        if (rms < best_test) {
            best_test = rms;
            memcpy(best_w, w, nw * sizeof *w);
        }
    }
    free(s);
    free(order);
    free(w);
    FILE *f = fopen(out, "w");
    if (!f) {
        perror(out);
        free(best_w);
        return 1;
    }
    fprintf(f, "/* othello_pattern_weights.c - GENERATED by tools/othello_train.c (fit, "
               "%zu positions, best held-out rms %.2f discs); do not edit.\n"
               " * %d phases of %zu weights, hundredths of a disc (othello_pattern.h). */\n"
               "#include \"othello_pattern.h\"\n\n"
               "const size_t othello_pattern_weights_count = %zu;\n"
               "const int16_t othello_pattern_weights[] = {\n",
            n, best_test, OTHELLO_PATTERN_PHASES, per, nw);
    for (int ph = 0; ph < OTHELLO_PATTERN_PHASES; ph++)
        othello_pattern_symmetrize(best_w + (size_t)ph * per);
    for (size_t i = 0; i < nw; i++) {
        long v = lroundf(best_w[i] * 100.0f);
        if (v > 32767)
            v = 32767;
        if (v < -32767)
            v = -32767;
        fprintf(f, "%ld,%s", v, (i % 16 == 15) ? "\n" : "");
    }
    fprintf(f, "\n};\n");
    free(best_w);
    if (fclose(f) != 0) {
        perror(out);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage();
    int games = 0, level = 5, rmin = 8, rmax = 16, epochs = 12;
    uint64_t seed = 1;
    const char *out = NULL;
    int i = 2;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (i + 1 >= argc)
            return usage();
        const char *v = argv[++i];
        if (!strcmp(argv[i - 1], "--games"))
            games = atoi(v);
        else if (!strcmp(argv[i - 1], "--seed"))
            seed = strtoull(v, NULL, 10);
        else if (!strcmp(argv[i - 1], "--level"))
            level = atoi(v);
        else if (!strcmp(argv[i - 1], "--epochs"))
            epochs = atoi(v);
        else if (!strcmp(argv[i - 1], "--out"))
            out = v;
        else if (!strcmp(argv[i - 1], "--random")) {
            if (sscanf(v, "%d-%d", &rmin, &rmax) != 2 || rmin < 0 || rmax < rmin || rmax > 59)
                return usage();
        } else
            return usage();
    }
    if (!out)
        return usage();
    if (!strcmp(argv[1], "gen") && games > 0 && i == argc)
        return gen(games, seed, level, rmin, rmax, out);
    if (!strcmp(argv[1], "fit") && epochs > 0 && i < argc)
        return fit(epochs, seed, out, argv + i, argc - i);
    return usage();
}
