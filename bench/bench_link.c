/* bench_link.c - `tabletop bench link`: the two-console link protocol
 * (src/games/go/link.c, docs/link.md): protocol moves per CPU second on a
 * clean in-memory line, bytes on the wire per move, and the line time a
 * move takes at 9600 baud with 1% of bytes dropped, flipped and duplicated
 * and 0-300 ms of delay per byte (a virtual clock). */
#include "bench/bench.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/go/link.h"

#define LQ 65536
typedef struct {
    uint8_t b[LQ];
    uint64_t t[LQ];
    int head, n;
    uint64_t last;
} line_t;

static uint64_t rs = 88172645463325252ull;
static double rnd01(void)
{
    rs ^= rs << 13;
    rs ^= rs >> 7;
    rs ^= rs << 17;
    return (double)(rs >> 11) / 9007199254740992.0;
}

typedef struct {
    double fault;  /* per byte, each of drop, flip, duplicate */
    int delay_ms;  /* 0..delay per byte, order kept */
    int baud_ms;   /* 1: ~1.04 ms per byte at 9600 baud, 0: instant */
} line_cfg_t;

static void push(line_t *q, uint8_t b, uint64_t now, const line_cfg_t *c)
{
    if (rnd01() < c->fault)
        return;
    int copies = rnd01() < c->fault ? 2 : 1;
    if (rnd01() < c->fault)
        b ^= (uint8_t)(1u << (int)(rnd01() * 8));
    for (int k = 0; k < copies && q->n < LQ; k++) {
        uint64_t t = now + (uint64_t)(c->delay_ms ? rnd01() * c->delay_ms : 0);
        if (t < q->last + (uint64_t)c->baud_ms)
            t = q->last + (uint64_t)c->baud_ms;
        q->last = t;
        int i = (q->head + q->n) % LQ;
        q->b[i] = b;
        q->t[i] = t;
        q->n++;
    }
}

static void deliver(line_t *q, link_t *to, uint64_t now)
{
    while (q->n && q->t[q->head] <= now) {
        link_feed(to, &q->b[q->head], 1, now);
        q->head = (q->head + 1) % LQ;
        q->n--;
    }
}

/* One game of max_moves random legal moves then passes, the review's
 * marks accepted by both as Black's console proposes them; returns the moves
 * played (0 if the link failed) and the virtual time and bytes. */
static int play(const line_cfg_t *c, int max_moves, uint64_t *ms, uint64_t *bytes)
{
    static link_t a, b;
    static line_t ab, ba;
    memset(&ab, 0, sizeof ab);
    memset(&ba, 0, sizeof ba);
    link_prefs_t pa = {.color = BLACK, .nonce = 1}, pb = {.color = WHITE, .nonce = 2};
    link_init(&a, &pa, NULL, 0, 0, 0, EMPTY);
    link_init(&b, &pb, NULL, 0, 0, 0, EMPTY);
    link_t *side[2] = {&a, &b};
    line_t *out[2] = {&ab, &ba};
    uint64_t now = 1000, start = now;
    *bytes = 0;
    for (; now < start + 36000000; now++) {
        for (int i = 0; i < 2; i++) {
            link_tick(side[i], now);
            uint8_t buf[LINK_OUT_CAP];
            size_t n = link_take_output(side[i], buf, sizeof buf);
            *bytes += n;
            for (size_t k = 0; k < n; k++)
                push(out[i], buf[k], now, c);
            link_event_t ev;
            while (link_next_event(side[i], &ev))
                ;
            const link_review_t *rv = link_review(side[i]);
            int accepted = i == 0 ? rv->accepted_black : rv->accepted_white;
            if (link_state(side[i]) == LINK_REVIEW && rv->known && !rv->pending && !accepted)
                link_review_accept(side[i], 1, now); /* the estimate's marks, as they stand */
            if (link_my_turn(side[i])) {
                const BoardState *bs = link_board(side[i]);
                Move m = {.row = -1, .col = -1, .pass = 1};
                for (int t = 0; t < 100 && bs->move_number < max_moves; t++) {
                    int r = (int)(rnd01() * bs->size), cc = (int)(rnd01() * bs->size);
                    if (board_check(bs, bs->turn, r, cc) == MOVE_OK) {
                        m = (Move){.row = r, .col = cc, .pass = 0};
                        break;
                    }
                }
                link_play(side[i], m, now);
            }
        }
        deliver(&ab, &b, now);
        deliver(&ba, &a, now);
        if (link_state(&a) == LINK_FAILED || link_state(&b) == LINK_FAILED)
            return 0;
        if (link_state(&a) == LINK_OVER && link_state(&b) == LINK_OVER && link_settled(&a) &&
            link_settled(&b))
            break;
    }
    *ms = now - start;
    return link_board(&a)->move_number;
}

int bench_link_run(int argc, char **argv)
{
    int quick = argc > 1 && !strcmp(argv[1], "--quick");
    line_cfg_t clean = {0, 0, 0}, slow = {0, 0, 1}, faulty = {0.01, 300, 1};
    uint64_t ms, bytes, total_moves = 0, total_bytes = 0;
    double t0 = bench_cpu_now();
    int games = quick ? 5 : 40;
    for (int g = 0; g < games; g++) {
        total_moves += (uint64_t)play(&clean, 60, &ms, &bytes);
        total_bytes += bytes;
    }
    double cpu = bench_cpu_now() - t0;
    bench_report("link_protocol_moves_per_cpu_s", (double)total_moves / cpu, "moves/s");
    bench_report("link_bytes_per_move", (double)total_bytes / (double)total_moves, "bytes");
    int n = play(&slow, 60, &ms, &bytes);
    bench_report("link_ms_per_move_9600", n ? (double)ms / n : 0, "ms");
    uint64_t fm = 0, fms = 0;
    for (int g = 0; g < (quick ? 2 : 10); g++) {
        n = play(&faulty, 60, &ms, &bytes);
        if (n)
            fm += (uint64_t)n, fms += ms;
    }
    bench_report("link_ms_per_move_faulty_1pct_300ms", fm ? (double)fms / (double)fm : 0, "ms");
    return 0;
}
