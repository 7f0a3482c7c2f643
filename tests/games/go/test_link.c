/*
 * test_link.c - the two-console link protocol (src/games/go/link.h) under
 * fault injection: two link_t talk through a simulated line that drops,
 * flips, duplicates and delays bytes on a virtual clock.  The source of
 * truth is the rule "never two different boards": whatever the line does,
 * the acknowledged prefixes of the two move lists are equal, a finished
 * game is the same game on both sides, and every fault shows in a counter.
 */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/go/link.h"

typedef struct {
    double drop, flip, dup; /* per byte */
    int delay_ms;           /* 0..delay_ms per byte, order kept (a relay) */
} faults_t;

#define QCAP 65536
typedef struct {
    uint8_t b[QCAP];
    uint64_t t[QCAP];
    int head, n;
    uint64_t last_t;
} line_t;

static uint64_t rng_state;
static uint32_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 11);
}
static double rnd01(void) { return (rnd() & 0xFFFFFF) / (double)0x1000000; }

typedef struct {
    unsigned dropped, flipped, duplicated;
} injected_t;

static void line_push(line_t *q, uint8_t b, uint64_t now, const faults_t *f, injected_t *inj)
{
    if (rnd01() < f->drop) {
        inj->dropped++;
        return;
    }
    int copies = 1;
    if (rnd01() < f->dup)
        copies = 2, inj->duplicated++;
    if (rnd01() < f->flip)
        b ^= (uint8_t)(1u << (rnd() % 8)), inj->flipped++;
    for (int c = 0; c < copies; c++) {
        cr_assert(q->n < QCAP);
        uint64_t t = now + (f->delay_ms ? rnd() % (unsigned)(f->delay_ms + 1) : 0);
        if (t < q->last_t)
            t = q->last_t;
        q->last_t = t;
        int i = (q->head + q->n) % QCAP;
        q->b[i] = b;
        q->t[i] = t;
        q->n++;
    }
}

static void line_deliver(line_t *q, link_t *to, uint64_t now)
{
    while (q->n && q->t[q->head] <= now) {
        link_feed(to, &q->b[q->head], 1, now);
        q->head = (q->head + 1) % QCAP;
        q->n--;
    }
}

typedef struct {
    link_t a, b;
    line_t ab, ba;
    injected_t inj;
    uint64_t now;
    int max_moves; /* after this many moves both sides pass */
    uint64_t think_at[2];
} sim_t;

/* A random legal move for the side to move; pass when none (or late). */
static Move pick_move(const BoardState *bs, int max_moves)
{
    Move pass = {.row = -1, .col = -1, .pass = 1};
    if (bs->move_number >= max_moves)
        return pass;
    for (int tries = 0; tries < 200; tries++) {
        int r = (int)(rnd() % (unsigned)bs->size), c = (int)(rnd() % (unsigned)bs->size);
        if (board_check(bs, bs->turn, r, c) == MOVE_OK)
            return (Move){.row = r, .col = c, .pass = 0};
    }
    return pass;
}

static void drain(link_t *l)
{
    link_event_t ev;
    while (link_next_event(l, &ev))
        ;
}

/* Runs both sides until the game ends on both and is acknowledged, one
 * fails, or limit_ms of virtual time pass.  Returns 1 if finished. */
static int run(sim_t *s, const faults_t *f, uint64_t limit_ms)
{
    link_t *side[2] = {&s->a, &s->b};
    line_t *outq[2] = {&s->ab, &s->ba};
    uint64_t end = s->now + limit_ms;
    while (s->now < end) {
        for (int i = 0; i < 2; i++) {
            link_tick(side[i], s->now);
            uint8_t buf[LINK_OUT_CAP];
            size_t n = link_take_output(side[i], buf, sizeof buf);
            for (size_t k = 0; k < n; k++)
                line_push(outq[i], buf[k], s->now, f, &s->inj);
            drain(side[i]);
            if (link_my_turn(side[i])) {
                if (!s->think_at[i])
                    s->think_at[i] = s->now + rnd() % 400;
                if (s->now >= s->think_at[i]) {
                    Move m = pick_move(link_board(side[i]), s->max_moves);
                    cr_assert_eq(link_play(side[i], m, s->now), MOVE_OK);
                    s->think_at[i] = 0;
                }
            }
        }
        line_deliver(&s->ab, &s->b, s->now);
        line_deliver(&s->ba, &s->a, s->now);
        if (link_state(&s->a) == LINK_FAILED || link_state(&s->b) == LINK_FAILED)
            return 0;
        if (link_state(&s->a) == LINK_OVER && link_state(&s->b) == LINK_OVER &&
            link_settled(&s->a) && link_settled(&s->b))
            return 1;
        s->now += 5;
    }
    return 0;
}

static void sim_start(sim_t *s, uint64_t seed, Stone wa, Stone wb)
{
    memset(s, 0, sizeof *s);
    rng_state = seed * 0x9E3779B97F4A7C15ull + 1;
    s->now = 1000;
    s->max_moves = 60;
    link_prefs_t pa = {.color = wa, .nonce = rnd()}, pb = {.color = wb, .nonce = rnd()};
    cr_assert_eq(link_init(&s->a, &pa, NULL, 0, 0, 0, EMPTY), 0);
    cr_assert_eq(link_init(&s->b, &pb, NULL, 0, 0, 0, EMPTY), 0);
}

/* The invariant: the acknowledged prefixes agree, move for move. */
static void assert_same_game(sim_t *s)
{
    int na, nb;
    const uint8_t *ma = link_moves(&s->a, &na), *mb = link_moves(&s->b, &nb);
    int n = na < nb ? na : nb;
    cr_assert_eq(memcmp(ma, mb, (size_t)n), 0, "move lists differ within %d moves", n);
}

static void assert_identical_end(sim_t *s)
{
    int na, nb;
    const uint8_t *ma = link_moves(&s->a, &na), *mb = link_moves(&s->b, &nb);
    cr_assert_eq(na, nb);
    cr_assert_eq(memcmp(ma, mb, (size_t)na), 0);
    const BoardState *ba = link_board(&s->a), *bb = link_board(&s->b);
    cr_assert_eq(ba->hash, bb->hash);
    for (int r = 0; r < ba->size; r++)
        for (int c = 0; c < ba->size; c++)
            cr_assert_eq(board_get(ba, r, c), board_get(bb, r, c));
    cr_assert(link_agreement(&s->a)->mine != link_agreement(&s->b)->mine);
}

Test(link, crc16_published_check_value)
{
    /* CRC-16/CCITT-FALSE check value from the CRC catalogue (Greg Cook's
     * "Catalogue of parametrised CRC algorithms"): "123456789" -> 0x29B1. */
    cr_assert_eq(link_crc16((const uint8_t *)"123456789", 9), 0x29B1);
}

Test(link, move_bytes_are_the_seeds_one_byte)
{
    Move m;
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            uint8_t b = link_encode_move(9, (Move){.row = r, .col = c, .pass = 0});
            cr_assert_eq(b, r * 9 + c);
            cr_assert_eq(link_decode_move(9, b, &m), 0);
            cr_assert(m.row == r && m.col == c && !m.pass);
        }
    cr_assert_eq(link_encode_move(9, (Move){.pass = 1}), LINK_BYTE_PASS);
    cr_assert_eq(link_decode_move(9, LINK_BYTE_PASS, &m), 0);
    cr_assert(m.pass);
    cr_assert_eq(link_decode_move(9, 81, &m), -1);
    cr_assert_eq(link_decode_move(15, 224, &m), 0);
    cr_assert(m.row == 14 && m.col == 14);
}

Test(link, clean_line_plays_a_whole_game)
{
    static sim_t s;
    faults_t f = {0};
    sim_start(&s, 1, EMPTY, EMPTY);
    cr_assert(run(&s, &f, 3600000), "%s / %s", link_message(&s.a), link_message(&s.b));
    assert_identical_end(&s);
    cr_assert(link_board(&s.a)->game_over);
    cr_assert_eq(link_stats(&s.a)->crc_errors + link_stats(&s.b)->crc_errors, 0);
    cr_assert_eq(link_stats(&s.a)->retransmits + link_stats(&s.b)->retransmits, 0);
}

Test(link, colours_are_agreed)
{
    static sim_t s;
    faults_t f = {0};
    sim_start(&s, 2, WHITE, EMPTY);
    run(&s, &f, 200);
    cr_assert_eq(link_agreement(&s.a)->mine, WHITE);
    cr_assert_eq(link_agreement(&s.b)->mine, BLACK);
    sim_start(&s, 3, EMPTY, WHITE);
    run(&s, &f, 200);
    cr_assert_eq(link_agreement(&s.a)->mine, BLACK);
    cr_assert_eq(link_agreement(&s.b)->mine, WHITE);
    /* Both want Black: the larger nonce gets it, the other is told White. */
    for (uint64_t seed = 4; seed < 12; seed++) {
        sim_start(&s, seed, BLACK, BLACK);
        run(&s, &f, 200);
        cr_assert_eq(link_state(&s.a), LINK_PLAYING);
        Stone a = link_agreement(&s.a)->mine, b = link_agreement(&s.b)->mine;
        cr_assert(a != b && a != EMPTY && b != EMPTY);
        cr_assert_eq(a == BLACK, s.a.prefs.nonce > s.b.prefs.nonce);
    }
}

Test(link, size_and_komi_follow_the_leader)
{
    static sim_t s;
    faults_t f = {0};
    sim_start(&s, 5, EMPTY, EMPTY);
    link_prefs_t pa = {.size = 13, .komi2 = 15, .komi_set = 1, .nonce = 100};
    link_prefs_t pb = {.size = 9, .komi2 = 11, .komi_set = 1, .nonce = 7};
    link_init(&s.a, &pa, NULL, 0, 0, 0, EMPTY);
    link_init(&s.b, &pb, NULL, 0, 0, 0, EMPTY);
    run(&s, &f, 200);
    cr_assert_eq(link_agreement(&s.a)->size, 13);
    cr_assert_eq(link_agreement(&s.b)->size, 13);
    cr_assert_eq(link_board(&s.b)->size, 13);
    cr_assert_eq(link_board(&s.b)->komi2, 15);
}

/* Each fault alone, then all together, over several seeds: the game ends
 * the same on both sides and the fault shows in the counters. */
static void fault_run(faults_t f, int seeds, int kind)
{
    static sim_t s;
    for (int seed = 0; seed < seeds; seed++) {
        sim_start(&s, 100 + (uint64_t)seed * 7 + (uint64_t)kind, EMPTY, EMPTY);
        s.max_moves = 40;
        int done = run(&s, &f, 4 * 3600000ull);
        assert_same_game(&s);
        cr_assert(done, "seed %d: %s / %s", seed, link_message(&s.a), link_message(&s.b));
        assert_identical_end(&s);
        const link_stats_t *a = link_stats(&s.a), *b = link_stats(&s.b);
        unsigned detected = a->crc_errors + b->crc_errors + a->framing_errors +
                            b->framing_errors + a->gap_drops + b->gap_drops;
        unsigned recovered = a->retransmits + b->retransmits + a->duplicates + b->duplicates;
        if (kind == 1)
            cr_assert(s.inj.dropped > 0 && detected + recovered > 0);
        if (kind == 2)
            cr_assert(s.inj.flipped > 0 && detected > 0);
        if (kind == 3)
            cr_assert(s.inj.duplicated > 0 && detected + recovered > 0);
    }
}

Test(link, dropped_bytes, .timeout = 120) { fault_run((faults_t){.drop = 0.02}, 6, 1); }
Test(link, flipped_bytes, .timeout = 120) { fault_run((faults_t){.flip = 0.02}, 6, 2); }
Test(link, duplicated_bytes, .timeout = 120) { fault_run((faults_t){.dup = 0.02}, 6, 3); }
Test(link, delayed_bytes, .timeout = 120) { fault_run((faults_t){.delay_ms = 300}, 4, 4); }
Test(link, all_faults_at_once, .timeout = 120)
{
    fault_run((faults_t){.drop = 0.01, .flip = 0.01, .dup = 0.01, .delay_ms = 300}, 20, 5);
}

/* Every single-bit flip of every byte of a move frame is caught. */
Test(link, every_single_bit_error_in_a_frame_is_caught)
{
    static sim_t s;
    faults_t f = {0};
    sim_start(&s, 9, BLACK, WHITE);
    run(&s, &f, 100);
    cr_assert_eq(link_state(&s.b), LINK_PLAYING);
    cr_assert(link_play(&s.a, (Move){.row = 4, .col = 4}, s.now) == MOVE_OK);
    uint8_t frame[64];
    size_t n = link_take_output(&s.a, frame, sizeof frame);
    cr_assert_eq(n, 11u);
    for (size_t i = 0; i < n; i++)
        for (int bit = 0; bit < 8; bit++) {
            static link_t copy;
            memcpy(&copy, &s.b, sizeof copy);
            uint8_t bad[64];
            memcpy(bad, frame, n);
            bad[i] ^= (uint8_t)(1u << bit);
            link_feed(&copy, bad, n, s.now);
            cr_assert_eq(link_board(&copy)->move_number, 0, "byte %zu bit %d accepted", i, bit);
            cr_assert_neq(link_state(&copy), LINK_FAILED);
        }
    link_feed(&s.b, frame, n, s.now);
    cr_assert_eq(link_board(&s.b)->move_number, 1);
    cr_assert_eq(board_get(link_board(&s.b), 4, 4), BLACK);
}

Test(link, resume_after_reconnect_catches_up)
{
    static sim_t s;
    faults_t f = {0};
    sim_start(&s, 11, BLACK, WHITE);
    s.max_moves = 1000;
    /* Play about 12 moves, then cut the line in the middle of a move. */
    while (link_board(&s.a)->move_number < 12)
        run(&s, &f, 5);
    int na, nb;
    uint8_t ma[LINK_MAX_MOVES], mb[LINK_MAX_MOVES];
    memcpy(ma, link_moves(&s.a, &na), LINK_MAX_MOVES);
    memcpy(mb, link_moves(&s.b, &nb), LINK_MAX_MOVES);
    /* B never heard A's latest move: drop it from B's list. */
    nb = na - 1;
    link_prefs_t pa = {.nonce = 1}, pb = {.nonce = 2};
    cr_assert_eq(link_init(&s.a, &pa, ma, na, 9, 11, BLACK), 0);
    cr_assert_eq(link_init(&s.b, &pb, mb, nb, 9, 11, WHITE), 0);
    memset(&s.ab, 0, sizeof s.ab);
    memset(&s.ba, 0, sizeof s.ba);
    s.max_moves = 30;
    cr_assert(run(&s, &f, 3600000), "%s / %s", link_message(&s.a), link_message(&s.b));
    assert_identical_end(&s);
    cr_assert_eq(link_agreement(&s.b)->resumed, na);
    cr_assert_eq(link_agreement(&s.b)->mine, WHITE);
}

Test(link, resume_of_different_games_stops_both)
{
    static sim_t s;
    faults_t f = {0};
    sim_start(&s, 12, BLACK, WHITE);
    uint8_t ma[3] = {40, 41, 30}, mb[2] = {40, 50};
    link_prefs_t pa = {.nonce = 1}, pb = {.nonce = 2};
    link_init(&s.a, &pa, ma, 3, 9, 11, BLACK);
    link_init(&s.b, &pb, mb, 2, 9, 11, WHITE);
    run(&s, &f, 2000);
    for (int i = 0; i < 100; i++, s.now += 5) { /* let the error frame cross */
        uint8_t buf[LINK_OUT_CAP];
        size_t n = link_take_output(&s.a, buf, sizeof buf);
        link_feed(&s.b, buf, n, s.now);
        n = link_take_output(&s.b, buf, sizeof buf);
        link_feed(&s.a, buf, n, s.now);
    }
    cr_assert_eq(link_state(&s.a), LINK_FAILED);
    cr_assert_eq(link_error(&s.a), LINK_ERR_DIVERGED);
    cr_assert_eq(link_state(&s.b), LINK_FAILED);
    cr_assert_eq(link_error(&s.b), LINK_ERR_PEER);
    cr_assert(strstr(link_message(&s.b), "different games"), "%s", link_message(&s.b));
}

Test(link, illegal_move_from_the_peer_stops_the_link)
{
    static sim_t s;
    faults_t f = {0};
    sim_start(&s, 13, BLACK, WHITE);
    run(&s, &f, 100);
    cr_assert(link_play(&s.a, (Move){.row = 0, .col = 0}, s.now) == MOVE_OK);
    run(&s, &f, 100);
    /* White "plays" on Black's stone: a forged frame with a good CRC. */
    uint8_t fr[11] = {LINK_SOF, LINK_T_MOVE, 1, 5, 0};
    uint32_t h = link_hash_step(LINK_HASH_INIT, 0);
    fr[5] = (uint8_t)(h >> 24), fr[6] = (uint8_t)(h >> 16), fr[7] = (uint8_t)(h >> 8);
    fr[8] = (uint8_t)h;
    uint16_t crc = link_crc16(fr + 1, 8);
    fr[9] = (uint8_t)(crc >> 8);
    fr[10] = (uint8_t)crc;
    link_feed(&s.a, fr, sizeof fr, s.now);
    cr_assert_eq(link_state(&s.a), LINK_FAILED);
    cr_assert_eq(link_error(&s.a), LINK_ERR_ILLEGAL);
    cr_assert_eq(link_board(&s.a)->move_number, 1);
}

Test(link, a_silent_peer_is_reported)
{
    static sim_t s;
    faults_t f = {0};
    sim_start(&s, 14, BLACK, WHITE);
    run(&s, &f, 100);
    /* B vanishes: only A runs from now on. */
    uint64_t t = s.now;
    while (link_state(&s.a) != LINK_FAILED && t < s.now + 60000) {
        link_tick(&s.a, t);
        uint8_t sink[LINK_OUT_CAP];
        link_take_output(&s.a, sink, sizeof sink);
        t += 100;
    }
    cr_assert_eq(link_error(&s.a), LINK_ERR_SILENT);
    cr_assert_geq(t - s.now, (uint64_t)LINK_SILENCE_MS);
}

Test(link, resignation_ends_both)
{
    static sim_t s;
    faults_t f = {0};
    sim_start(&s, 15, BLACK, WHITE);
    run(&s, &f, 100);
    cr_assert_eq(link_resign(&s.b, s.now), -1, "not White's turn");
    cr_assert_eq(link_resign(&s.a, s.now), 0);
    cr_assert(run(&s, &f, 10000));
    cr_assert_eq(link_resigned(&s.a), BLACK);
    cr_assert_eq(link_resigned(&s.b), BLACK);
}

Test(link, another_version_is_refused)
{
    static sim_t s;
    sim_start(&s, 16, BLACK, WHITE);
    link_tick(&s.a, s.now);
    uint8_t out[LINK_OUT_CAP];
    size_t n = link_take_output(&s.a, out, sizeof out);
    cr_assert_gt(n, 6u);
    out[4] = LINK_VERSION + 1;
    uint16_t crc = link_crc16(out + 1, 3 + out[3]);
    out[4 + out[3]] = (uint8_t)(crc >> 8);
    out[5 + out[3]] = (uint8_t)crc;
    link_feed(&s.b, out, n, s.now);
    link_feed(&s.b, out, 0, s.now);
    /* B also needs to know A has its hello: a reply with got_yours. */
    cr_assert_neq(link_state(&s.b), LINK_PLAYING);
    out[4 + 14] = 3;
    crc = link_crc16(out + 1, 3 + out[3]);
    out[4 + out[3]] = (uint8_t)(crc >> 8);
    out[5 + out[3]] = (uint8_t)crc;
    static link_t fresh;
    link_prefs_t p = {.nonce = 5};
    link_init(&fresh, &p, NULL, 0, 0, 0, EMPTY);
    link_feed(&fresh, out, n, s.now);
    cr_assert_eq(link_state(&fresh), LINK_FAILED);
    cr_assert_eq(link_error(&fresh), LINK_ERR_VERSION);
}

/* A line far worse than any HC-05 (about one byte in eleven hit): games
 * may stop, with a message, but the two lists never fork. */
Test(link, heavy_faults_never_fork, .timeout = 120)
{
    static sim_t s;
    faults_t f = {.drop = 0.03, .flip = 0.03, .dup = 0.03, .delay_ms = 300};
    int finished = 0;
    for (int seed = 0; seed < 20; seed++) {
        sim_start(&s, 500 + (uint64_t)seed, EMPTY, EMPTY);
        s.max_moves = 40;
        int done = run(&s, &f, 4 * 3600000ull);
        assert_same_game(&s);
        if (done) {
            assert_identical_end(&s);
            finished++;
        } else {
            cr_assert(link_state(&s.a) == LINK_FAILED || link_state(&s.b) == LINK_FAILED);
            cr_assert(link_message(&s.a)[0] || link_message(&s.b)[0]);
        }
    }
    cr_assert_gt(finished, 0);
}

/* On a tty the line stays while one console restarts: the other keeps its
 * link, sees a hello with a new nonce, and both resume the same game. */
Test(link, a_console_restarts_on_the_same_line)
{
    static sim_t s;
    faults_t f = {0};
    sim_start(&s, 17, BLACK, WHITE);
    s.max_moves = 1000;
    while (link_board(&s.a)->move_number < 9)
        run(&s, &f, 5);
    run(&s, &f, 300); /* settle */
    int nb;
    uint8_t mb[LINK_MAX_MOVES];
    memcpy(mb, link_moves(&s.b, &nb), LINK_MAX_MOVES);
    link_prefs_t pb = {.nonce = 99};
    cr_assert_eq(link_init(&s.b, &pb, mb, nb, 9, 11, WHITE), 0);
    s.max_moves = 30;
    cr_assert(run(&s, &f, 3600000), "%s / %s", link_message(&s.a), link_message(&s.b));
    assert_identical_end(&s);
    cr_assert_eq(link_agreement(&s.a)->mine, BLACK);
    cr_assert_gt(link_board(&s.a)->move_number, nb);
}
