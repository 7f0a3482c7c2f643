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
#include "games/go/rules.h"

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
    /* The review: each side flips this many random chains, and asks to
     * resume play this many times, before it accepts the marks. */
    int toggles[2], resumes[2];
    int reviews; /* reviews seen begun (by side a) */
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

/* A side in the review: flips a chain or asks to resume while it has some
 * left, else accepts the marks it sees (again after every change). */
static void review_act(sim_t *s, int i, link_t *l)
{
    const link_review_t *rv = link_review(l);
    if (!rv->known || rv->pending)
        return;
    int mine_accepted = link_agreement(l)->mine == BLACK ? rv->accepted_black : rv->accepted_white;
    if (s->resumes[i] > 0) {
        s->resumes[i]--;
        cr_assert_eq(link_review_resume(l, s->now), 0);
        return;
    }
    if (s->toggles[i] > 0) {
        const BoardState *b = link_board(l);
        for (int tries = 0; tries < 400; tries++) {
            int r = (int)(rnd() % (unsigned)b->size), c = (int)(rnd() % (unsigned)b->size);
            if (board_get(b, r, c) != EMPTY) {
                cr_assert_eq(link_review_toggle(l, r, c, s->now), 0);
                break;
            }
        }
        s->toggles[i]--;
        return;
    }
    if (!mine_accepted)
        cr_assert_eq(link_review_accept(l, 1, s->now), 0);
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
            link_event_t ev;
            while (link_next_event(side[i], &ev))
                if (ev.kind == LINK_EV_REVIEW && i == 0)
                    s->reviews++;
            if (link_state(side[i]) == LINK_REVIEW) {
                if (!s->think_at[i])
                    s->think_at[i] = s->now + rnd() % 400;
                if (s->now >= s->think_at[i]) {
                    review_act(s, i, side[i]);
                    s->think_at[i] = 0;
                }
            } else if (link_my_turn(side[i])) {
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

/* An area count written here (flood fill over empty regions), with the
 * stones marked dead taken off: the result string it gives. */
static void independent_result(const BoardState *b, const uint8_t *dead, char *out, size_t len)
{
    int n = b->size;
    int col[LINK_NPOINTS], black = 0, white = 0;
    for (int p = 0; p < n * n; p++)
        col[p] = dead[p] ? EMPTY : board_get(b, p / n, p % n);
    int seen[LINK_NPOINTS] = {0};
    for (int p = 0; p < n * n; p++) {
        if (col[p] == BLACK)
            black++;
        if (col[p] == WHITE)
            white++;
        if (col[p] != EMPTY || seen[p])
            continue;
        int stack[LINK_NPOINTS], sp = 0, size = 0, touch = 0;
        stack[sp++] = p;
        seen[p] = 1;
        while (sp) {
            int q = stack[--sp];
            size++;
            int nb[4] = {q >= n ? q - n : -1, q < n * (n - 1) ? q + n : -1, q % n ? q - 1 : -1,
                         q % n != n - 1 ? q + 1 : -1};
            for (int k = 0; k < 4; k++) {
                if (nb[k] < 0)
                    continue;
                if (col[nb[k]] != EMPTY)
                    touch |= col[nb[k]];
                else if (!seen[nb[k]])
                    seen[nb[k]] = 1, stack[sp++] = nb[k];
            }
        }
        if (touch == BLACK)
            black += size;
        if (touch == WHITE)
            white += size;
    }
    int margin = 2 * (black - white) - b->komi2, m = margin < 0 ? -margin : margin;
    if (!margin)
        snprintf(out, len, "0");
    else
        snprintf(out, len, "%c+%d.%d", margin > 0 ? 'B' : 'W', m / 2, (m % 2) * 5);
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
    char ra[16], rb[16], want[16];
    link_result_string(&s->a, ra, sizeof ra);
    link_result_string(&s->b, rb, sizeof rb);
    cr_assert_str_eq(ra, rb);
    if (link_resigned(&s->a) == EMPTY) {
        const link_review_t *va = link_review(&s->a), *vb = link_review(&s->b);
        cr_assert_eq(memcmp(va->dead, vb->dead, sizeof va->dead), 0, "the marks differ");
        cr_assert(va->accepted_black && va->accepted_white && vb->accepted_black &&
                  vb->accepted_white);
        independent_result(ba, va->dead, want, sizeof want);
        cr_assert_str_eq(ra, want, "result %s, counted here %s", ra, want);
    }
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
    /* Both change the marks; one asks to play on once: two reviews. */
    s.toggles[0] = 2, s.toggles[1] = 3, s.resumes[1] = 1;
    cr_assert(run(&s, &f, 3600000), "%s / %s", link_message(&s.a), link_message(&s.b));
    assert_identical_end(&s);
    cr_assert(link_board(&s.a)->game_over);
    cr_assert_eq(s.reviews, 2);
    int n;
    const uint8_t *m = link_moves(&s.a, &n);
    cr_assert(memchr(m, LINK_BYTE_RESUME, (size_t)n), "no RESUME byte in the list");
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
        s.toggles[0] = 1 + seed % 2, s.toggles[1] = 2, s.resumes[seed % 2] = seed % 3 == 0;
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
    /* The side that did not make the latest move never heard it: drop it
     * from that side's list (its maker saved it before sending). */
    int last_by_a = na % 2 == 1; /* index na-1 even: Black's, A's */
    if (last_by_a)
        nb = na - 1;
    else
        na = nb - 1;
    link_prefs_t pa = {.nonce = 1}, pb = {.nonce = 2};
    cr_assert_eq(link_init(&s.a, &pa, ma, na, 9, 11, BLACK), 0);
    cr_assert_eq(link_init(&s.b, &pb, mb, nb, 9, 11, WHITE), 0);
    memset(&s.ab, 0, sizeof s.ab);
    memset(&s.ba, 0, sizeof s.ba);
    s.max_moves = 30;
    cr_assert(run(&s, &f, 3600000), "%s / %s", link_message(&s.a), link_message(&s.b));
    assert_identical_end(&s);
    cr_assert_eq(link_agreement(&s.b)->resumed, last_by_a ? na : nb);
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
    cr_assert(strstr(link_message(&s.b), "holds a different game"), "%s", link_message(&s.b));
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
    cr_assert(strstr(link_message(&s.a), "move 2, W A9: occupied"), "%s", link_message(&s.a));
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
    /* Whoever is to move (Black may have played already) resigns; the
     * other may not. */
    link_t *mover = link_my_turn(&s.a) ? &s.a : &s.b, *other = mover == &s.a ? &s.b : &s.a;
    cr_assert(link_my_turn(mover));
    Stone who = link_agreement(mover)->mine;
    cr_assert_eq(link_resign(other, s.now), -1, "not its turn");
    cr_assert_eq(link_resign(mover, s.now), 0);
    cr_assert(run(&s, &f, 10000));
    cr_assert_eq(link_resigned(&s.a), who);
    cr_assert_eq(link_resigned(&s.b), who);
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
        s.toggles[0] = s.toggles[1] = 2, s.resumes[seed % 2] = 1;
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

/* ---- the rules seam ---- */

/* A decider that answers as board.c does, except that it refuses one
 * point (as a console whose rules differ would), or fails outright. */
typedef struct {
    int refuse_point; /* row * 9 + col, or -1 */
    int fail;         /* 1: no answer at all */
    int decisions, counts;
    int count_bias;   /* added to Black's count (a counter that disagrees) */
} odd_rules_t;

static int odd_decide(void *ctx, const uint8_t board[GO_RULES_NPOINTS],
                      const uint8_t ko[GO_RULES_NPOINTS], Stone colour, Move m,
                      go_rules_decision_t *d, char *err, size_t errlen)
{
    odd_rules_t *o = ctx;
    o->decisions++;
    if (o->fail) {
        snprintf(err, errlen, "the go_rules peripheral did not answer");
        return -1;
    }
    if (go_rules_sw_decide(NULL, board, ko, colour, m, d, err, errlen) != 0)
        return -1;
    if (!m.pass && m.row * 9 + m.col == o->refuse_point) {
        memcpy(d->board, board, GO_RULES_NPOINTS);
        d->result = MOVE_ILLEGAL_OCCUPIED;
        d->captured = 0;
    }
    return 0;
}

static int odd_territory(void *ctx, const uint8_t board[GO_RULES_NPOINTS], int *black, int *white,
                         char *err, size_t errlen)
{
    odd_rules_t *o = ctx;
    (void)err, (void)errlen;
    o->counts++;
    BoardState b;
    board_reset(&b, 9, 0);
    for (int p = 0; p < GO_RULES_NPOINTS; p++)
        if (board[p])
            board_setup_any(&b, (Stone)board[p], p / 9, p % 9);
    uint8_t none[LINK_NPOINTS] = {0};
    char res[16];
    independent_result(&b, none, res, sizeof res); /* only to exercise the same board */
    board_score(&b, black, white);
    *black += o->count_bias;
    return 0;
}

static go_rules_t odd_rules(odd_rules_t *o)
{
    return (go_rules_t){.name = "hw", .decide = odd_decide, .territory = odd_territory, .ctx = o};
}

static void exchange(sim_t *s, int rounds)
{
    for (int i = 0; i < rounds; i++, s->now += 5) {
        link_tick(&s->a, s->now);
        link_tick(&s->b, s->now);
        uint8_t buf[LINK_OUT_CAP];
        size_t n = link_take_output(&s->a, buf, sizeof buf);
        link_feed(&s->b, buf, n, s->now);
        n = link_take_output(&s->b, buf, sizeof buf);
        link_feed(&s->a, buf, n, s->now);
    }
}

Test(link, every_move_and_the_count_go_through_the_rules_seam)
{
    static sim_t s;
    static odd_rules_t oa = {.refuse_point = -1}, ob = {.refuse_point = -1};
    static go_rules_t ra, rb;
    ra = odd_rules(&oa), rb = odd_rules(&ob);
    faults_t f = {0};
    sim_start(&s, 21, BLACK, WHITE);
    link_prefs_t pa = {.color = BLACK, .nonce = 3, .rules = &ra};
    link_prefs_t pb = {.color = WHITE, .nonce = 4, .rules = &rb};
    link_init(&s.a, &pa, NULL, 0, 0, 0, EMPTY);
    link_init(&s.b, &pb, NULL, 0, 0, 0, EMPTY);
    s.toggles[0] = 1, s.toggles[1] = 1;
    cr_assert(run(&s, &f, 3600000), "%s / %s", link_message(&s.a), link_message(&s.b));
    assert_identical_end(&s);
    int n;
    link_moves(&s.a, &n);
    /* Each side judged every move of the game (its own and the other's). */
    cr_assert_geq(oa.decisions, n - 1);
    cr_assert_geq(ob.decisions, n - 1);
    cr_assert_gt(oa.counts, 0);
    cr_assert_gt(ob.counts, 0);
}

/* The far console plays a point this console's rules refuse: both stop,
 * each saying why, and neither board takes the move. */
Test(link, a_move_only_one_sides_rules_accept_stops_both)
{
    static sim_t s;
    static odd_rules_t oa = {.refuse_point = -1}, ob = {.refuse_point = 4 * 9 + 4};
    static go_rules_t ra, rb;
    ra = odd_rules(&oa), rb = odd_rules(&ob);
    sim_start(&s, 22, BLACK, WHITE);
    link_prefs_t pa = {.color = BLACK, .nonce = 3, .rules = &ra};
    link_prefs_t pb = {.color = WHITE, .nonce = 4, .rules = &rb};
    link_init(&s.a, &pa, NULL, 0, 0, 0, EMPTY);
    link_init(&s.b, &pb, NULL, 0, 0, 0, EMPTY);
    exchange(&s, 50);
    cr_assert_eq(link_state(&s.a), LINK_PLAYING);
    cr_assert_eq(link_play(&s.a, (Move){.row = 4, .col = 4}, s.now), MOVE_OK);
    exchange(&s, 50);
    /* The seam checks the logic's verdict against board.c: a refusal of a
     * legal move is a failure of the rules in logic, said as such. */
    cr_assert_eq(link_state(&s.b), LINK_FAILED);
    cr_assert_eq(link_error(&s.b), LINK_ERR_RULES);
    cr_assert(strstr(link_message(&s.b), "disagree on black E5: occupied"), "%s",
              link_message(&s.b));
    cr_assert_eq(link_board(&s.b)->move_number, 0);
    cr_assert_eq(link_state(&s.a), LINK_FAILED);
    cr_assert_eq(link_error(&s.a), LINK_ERR_PEER);
    cr_assert(strstr(link_message(&s.a), "its rules in logic failed"), "%s", link_message(&s.a));
}

Test(link, rules_that_do_not_answer_stop_the_link)
{
    static sim_t s;
    static odd_rules_t ob = {.refuse_point = -1, .fail = 1};
    static go_rules_t rb;
    rb = odd_rules(&ob);
    sim_start(&s, 23, BLACK, WHITE);
    link_prefs_t pa = {.color = BLACK, .nonce = 3};
    link_prefs_t pb = {.color = WHITE, .nonce = 4, .rules = &rb};
    link_init(&s.a, &pa, NULL, 0, 0, 0, EMPTY);
    link_init(&s.b, &pb, NULL, 0, 0, 0, EMPTY);
    exchange(&s, 50);
    cr_assert_eq(link_play(&s.a, (Move){.row = 2, .col = 2}, s.now), MOVE_OK);
    exchange(&s, 50);
    cr_assert_eq(link_error(&s.b), LINK_ERR_RULES);
    cr_assert(strstr(link_message(&s.b), "did not answer"), "%s", link_message(&s.b));
    cr_assert_eq(link_error(&s.a), LINK_ERR_PEER);
    cr_assert(strstr(link_message(&s.a), "its rules in logic failed"), "%s", link_message(&s.a));
    /* This side's own move: -2, the link stopped. */
    static link_t solo;
    link_prefs_t ps = {.nonce = 1, .rules = &rb};
    link_init(&solo, &ps, NULL, 0, 0, 0, EMPTY);
    cr_assert_eq(solo.state, LINK_HANDSHAKE);
}

/* The rules in logic judge 9x9: a 13x13 game is refused at the handshake. */
Test(link, rules_in_logic_refuse_another_board_size)
{
    static sim_t s;
    static odd_rules_t oa = {.refuse_point = -1};
    static go_rules_t ra;
    ra = odd_rules(&oa);
    sim_start(&s, 24, BLACK, WHITE);
    link_prefs_t pa = {.color = BLACK, .nonce = 3, .rules = &ra};
    link_prefs_t pb = {.color = WHITE, .nonce = 9, .size = 13, .komi2 = 15, .komi_set = 1};
    link_init(&s.a, &pa, NULL, 0, 0, 0, EMPTY);
    link_init(&s.b, &pb, NULL, 0, 0, 0, EMPTY);
    exchange(&s, 60);
    cr_assert_eq(link_error(&s.a), LINK_ERR_CONFIG);
    cr_assert(strstr(link_message(&s.a), "9x9 only, not 13x13"), "%s", link_message(&s.a));
    cr_assert_eq(link_state(&s.b), LINK_FAILED);
}

/* Two consoles whose counters disagree never show two results. */
Test(link, counters_that_disagree_stop_both)
{
    static sim_t s;
    static odd_rules_t oa = {.refuse_point = -1}, ob = {.refuse_point = -1, .count_bias = 1};
    static go_rules_t ra, rb;
    ra = odd_rules(&oa), rb = odd_rules(&ob);
    faults_t f = {0};
    sim_start(&s, 25, BLACK, WHITE);
    link_prefs_t pa = {.color = BLACK, .nonce = 3, .rules = &ra};
    link_prefs_t pb = {.color = WHITE, .nonce = 4, .rules = &rb};
    link_init(&s.a, &pa, NULL, 0, 0, 0, EMPTY);
    link_init(&s.b, &pb, NULL, 0, 0, 0, EMPTY);
    cr_assert_not(run(&s, &f, 3600000));
    exchange(&s, 50);
    cr_assert_eq(link_error(&s.b), LINK_ERR_DIVERGED);
    cr_assert(strstr(link_message(&s.b), "count the marks differently"), "%s",
              link_message(&s.b));
    cr_assert_eq(link_state(&s.a), LINK_FAILED);
    /* Neither record keeps a result: the leader's count was never confirmed. */
    static sgf_game_t rec;
    for (int i = 0; i < 2; i++) {
        cr_assert_eq(link_to_sgf(i ? &s.b : &s.a, &rec), 0);
        cr_assert_str_eq(rec.result, "", "side %d", i);
    }
}

/* White accepts marks that Black changed meanwhile: the acceptance is of
 * the old marks and does not count. */
Test(link, an_acceptance_of_old_marks_does_not_count)
{
    static sim_t s;
    sim_start(&s, 26, BLACK, WHITE);
    link_prefs_t pa = {.color = BLACK, .nonce = 3}, pb = {.color = WHITE, .nonce = 4};
    link_init(&s.a, &pa, NULL, 0, 0, 0, EMPTY);
    link_init(&s.b, &pb, NULL, 0, 0, 0, EMPTY);
    exchange(&s, 40);
    Move moves[] = {{2, 2, 0}, {6, 6, 0}, {-1, -1, 1}, {-1, -1, 1}};
    for (int i = 0; i < 4; i++) {
        link_t *l = i % 2 ? &s.b : &s.a;
        cr_assert_eq(link_play(l, moves[i], s.now), MOVE_OK);
        exchange(&s, 40);
    }
    cr_assert_eq(link_state(&s.a), LINK_REVIEW);
    cr_assert_eq(link_state(&s.b), LINK_REVIEW);
    cr_assert(link_review(&s.b)->known);
    /* Both act before hearing each other. */
    cr_assert_eq(link_review_accept(&s.b, 1, s.now), 0);
    cr_assert_eq(link_review_toggle(&s.a, 6, 6, s.now), 0);
    cr_assert_eq(link_review(&s.b)->pending, 1);
    exchange(&s, 60);
    cr_assert_eq(link_state(&s.a), LINK_REVIEW);
    cr_assert_not(link_review(&s.a)->accepted_white);
    cr_assert_not(link_review(&s.b)->accepted_white);
    cr_assert_eq(link_review(&s.b)->pending, 0);
    cr_assert_eq(link_review(&s.b)->dead[6 * 9 + 6], link_review(&s.a)->dead[6 * 9 + 6]);
    /* Accepting what both now see ends it, on both sides. */
    cr_assert_eq(link_review_accept(&s.b, 1, s.now), 0);
    cr_assert_eq(link_review_accept(&s.a, 1, s.now), 0);
    exchange(&s, 60);
    cr_assert_eq(link_state(&s.a), LINK_OVER);
    cr_assert_eq(link_state(&s.b), LINK_OVER);
    cr_assert(link_settled(&s.a) && link_settled(&s.b));
    char ra[16], rb[16];
    link_result_string(&s.a, ra, sizeof ra);
    link_result_string(&s.b, rb, sizeof rb);
    cr_assert_str_eq(ra, rb);
    /* No further request in the review: it is over. */
    cr_assert_eq(link_review_toggle(&s.b, 2, 2, s.now), -1);
}

/* HELLO's fields are bounded: a peer claiming more moves than a game can
 * hold, or a board size out of range, is refused with what is true. */
static void hello_case(int patch_at, int hi, int lo, const char *want)
{
    static sim_t s;
    sim_start(&s, 27, BLACK, WHITE);
    link_tick(&s.a, s.now);
    uint8_t out[LINK_OUT_CAP];
    size_t n = link_take_output(&s.a, out, sizeof out);
    out[4 + patch_at] = (uint8_t)hi;
    if (lo >= 0)
        out[5 + patch_at] = (uint8_t)lo;
    out[4 + 14] = 3; /* a reply that has our hello */
    uint16_t crc = link_crc16(out + 1, 3 + out[3]);
    out[4 + out[3]] = (uint8_t)(crc >> 8);
    out[5 + out[3]] = (uint8_t)crc;
    static link_t fresh;
    link_prefs_t p = {.nonce = 5};
    link_init(&fresh, &p, NULL, 0, 0, 0, EMPTY);
    link_feed(&fresh, out, n, s.now);
    cr_assert_eq(link_error(&fresh), LINK_ERR_CONFIG);
    cr_assert(strstr(link_message(&fresh), want), "%s", link_message(&fresh));
    cr_assert_null(strstr(link_message(&fresh), "saved games"), "%s", link_message(&fresh));
}

Test(link, hello_is_bounded)
{
    hello_case(8, 0xFF, 0xFF, "moves held: ours 0, theirs 65535; limits: ours 1024, theirs 1024");
    hello_case(15, 0, 1, "limits: ours 1024, theirs 1");
    hello_case(1, 40, -1, "asked for a 40x40 board");
}

/* A saved record with a game played on after a review: the RESUME byte is
 * implied by the move after two passes, and the bytes replay. */
Test(link, a_record_with_a_resumed_review_replays)
{
    uint8_t moves[] = {40, 41, LINK_BYTE_PASS, LINK_BYTE_PASS, LINK_BYTE_RESUME, 30, 31,
                       LINK_BYTE_PASS};
    static link_t l, back;
    link_prefs_t p = {.nonce = 1};
    cr_assert_eq(link_init(&l, &p, moves, (int)sizeof moves, 9, 11, BLACK), 0);
    static sgf_game_t rec;
    cr_assert_eq(link_to_sgf(&l, &rec), 0);
    cr_assert_eq(rec.n_moves, 7);
    uint8_t bytes[16];
    cr_assert_eq(link_bytes_from_sgf(&rec, bytes, sizeof bytes), (int)sizeof moves);
    cr_assert_eq(memcmp(bytes, moves, sizeof moves), 0);
    cr_assert_eq(link_init(&back, &p, bytes, (int)sizeof moves, 9, 11, BLACK), 0);
    cr_assert_eq(link_board(&back)->hash, link_board(&l)->hash);
    cr_assert_eq(link_bytes_from_sgf(&rec, bytes, 4), -1, "too small a buffer");
    /* RESUME without two passes before it does not replay. */
    uint8_t bad[] = {40, LINK_BYTE_RESUME};
    cr_assert_eq(link_init(&back, &p, bad, 2, 9, 11, BLACK), -1);
}

/* ---- the trust model (docs/link.md, "What a peer can make us do") ---- */

/* Rewrites a frame in place with a new CRC. */
static void reseal(uint8_t *f)
{
    uint16_t crc = link_crc16(f + 1, 3 + (size_t)f[3]);
    f[4 + f[3]] = (uint8_t)(crc >> 8);
    f[5 + f[3]] = (uint8_t)crc;
}

/* Two sides (a Black, b White) play B C7, W G3 and two passes; both are in
 * the review with the leader's first marks known on b. */
static void to_review(sim_t *s, uint64_t seed)
{
    sim_start(s, seed, BLACK, WHITE);
    link_prefs_t pa = {.color = BLACK, .nonce = 3}, pb = {.color = WHITE, .nonce = 4};
    link_init(&s->a, &pa, NULL, 0, 0, 0, EMPTY);
    link_init(&s->b, &pb, NULL, 0, 0, 0, EMPTY);
    exchange(s, 40);
    Move moves[] = {{2, 2, 0}, {6, 6, 0}, {-1, -1, 1}, {-1, -1, 1}};
    for (int i = 0; i < 4; i++) {
        cr_assert_eq(link_play(i % 2 ? &s->b : &s->a, moves[i], s->now), MOVE_OK);
        exchange(s, 40);
    }
    cr_assert_eq(link_state(&s->b), LINK_REVIEW);
    cr_assert(link_review(&s->b)->known);
}

/* A hostile Black console marks White's only stone dead and says "White
 * accepted, counted" in one REVIEW frame with a good CRC: White's console
 * stops, tells Black's why, and its record keeps no result. */
Test(link, a_review_frame_cannot_accept_for_white)
{
    static sim_t s;
    to_review(&s, 40);
    /* Black's real frame, taken from its output, then forged. */
    cr_assert_eq(link_review_toggle(&s.a, 2, 2, s.now), 0); /* a change: a REVIEW goes out */
    uint8_t out[LINK_OUT_CAP];
    size_t n = link_take_output(&s.a, out, sizeof out);
    size_t at = 0;
    while (at < n && out[at + 1] != LINK_T_REVIEW)
        at += 6 + out[at + 3];
    cr_assert_lt(at, n, "no REVIEW frame");
    uint8_t *f = out + at, *p = f + 4;
    p[3]++;                              /* rev */
    p[7]++;                              /* marks rev */
    p[8] = 1 | 2 | 4;                    /* Black accepted, White accepted, counted */
    p[9] = 81, p[10] = 0;                /* the counts of an empty-for-White board */
    memset(p + 11, 0, (size_t)(f[3] - 11));
    int w = 6 * 9 + 6;                   /* G3: White's only stone, marked dead */
    p[11 + w / 8] |= (uint8_t)(0x80u >> (w % 8));
    reseal(f);
    link_feed(&s.b, f, 6 + (size_t)f[3], s.now);
    cr_assert_eq(link_state(&s.b), LINK_FAILED);
    cr_assert_eq(link_error(&s.b), LINK_ERR_FORGED);
    cr_assert(strstr(link_message(&s.b), "accepted marks our player did not accept"), "%s",
              link_message(&s.b));
    static sgf_game_t rec;
    cr_assert_eq(link_to_sgf(&s.b, &rec), 0);
    cr_assert_str_eq(rec.result, "");
    /* Its ERROR reaches Black's console, which says why. */
    n = link_take_output(&s.b, out, sizeof out);
    link_feed(&s.a, out, n, s.now);
    cr_assert_eq(link_error(&s.a), LINK_ERR_PEER);
    cr_assert(strstr(link_message(&s.a), "spoke for its player"), "%s", link_message(&s.a));
}

/* The same lie without a change of the marks: White never accepted. */
Test(link, a_review_frame_cannot_count_without_white)
{
    static sim_t s;
    to_review(&s, 41);
    cr_assert_eq(link_review_accept(&s.a, 1, s.now), 0); /* Black accepts: a REVIEW goes out */
    uint8_t out[LINK_OUT_CAP];
    size_t n = link_take_output(&s.a, out, sizeof out), at = 0;
    while (at < n && out[at + 1] != LINK_T_REVIEW)
        at += 6 + out[at + 3];
    cr_assert_lt(at, n);
    uint8_t *f = out + at;
    f[4 + 8] |= 2 | 4; /* "White accepted", counted */
    reseal(f);
    link_feed(&s.b, f, 6 + (size_t)f[3], s.now);
    cr_assert_eq(link_error(&s.b), LINK_ERR_FORGED);
    /* The same frame unchanged is Black's own acceptance: it stands. */
    static sim_t t;
    to_review(&t, 41);
    cr_assert_eq(link_review_accept(&t.a, 1, t.now), 0);
    exchange(&t, 40);
    cr_assert(link_review(&t.b)->accepted_black);
    cr_assert_not(link_review(&t.b)->accepted_white);
    cr_assert_eq(link_state(&t.b), LINK_REVIEW);
}

/* White withdraws right after accepting: a frame of the leader that has
 * applied only the acceptance still claims it honestly, and the count the
 * leader makes then waits for White's confirmation before it is a result. */
Test(link, the_leaders_result_waits_for_the_other_count)
{
    static sim_t s;
    to_review(&s, 42);
    cr_assert_eq(link_review_accept(&s.b, 1, s.now), 0);
    cr_assert_eq(link_review_accept(&s.b, 0, s.now), 0);
    exchange(&s, 60);
    cr_assert_eq(link_state(&s.b), LINK_REVIEW, "%s", link_message(&s.b));
    cr_assert_not(link_review(&s.b)->accepted_white);
    cr_assert_eq(link_review_accept(&s.b, 1, s.now), 0);
    exchange(&s, 60);
    cr_assert(link_review(&s.a)->accepted_white);
    /* Black accepts: counted, but over only once White has counted too. */
    cr_assert_eq(link_review_accept(&s.a, 1, s.now), 0);
    cr_assert_eq(link_state(&s.a), LINK_REVIEW);
    cr_assert(link_review(&s.a)->counting);
    char r[16];
    link_result_string(&s.a, r, sizeof r);
    cr_assert_str_eq(r, "");
    cr_assert_eq(link_review_toggle(&s.a, 2, 2, s.now), -1, "no change once counted");
    exchange(&s, 60);
    cr_assert_eq(link_state(&s.a), LINK_OVER);
    cr_assert_eq(link_state(&s.b), LINK_OVER);
    char rb[16];
    link_result_string(&s.a, r, sizeof r);
    link_result_string(&s.b, rb, sizeof rb);
    cr_assert_str_eq(r, rb);
    cr_assert_str_eq(r, "W+5.5"); /* one stone each, no territory taken from either */
}

/* A peer claims a longer saved game with a move in our player's name: the
 * catch-up stops at that move, and our list never holds it. */
Test(link, a_catch_up_move_in_our_name_is_refused)
{
    static sim_t s;
    sim_start(&s, 43, BLACK, WHITE);
    /* Black's "saved" game: B C7, W A1 (never played by White), B D7. */
    uint8_t forged[] = {2 * 9 + 2, 0, 2 * 9 + 3};
    uint8_t whites[] = {2 * 9 + 2};
    link_prefs_t pa = {.nonce = 1}, pb = {.nonce = 2};
    cr_assert_eq(link_init(&s.a, &pa, forged, 3, 9, 11, BLACK), 0);
    cr_assert_eq(link_init(&s.b, &pb, whites, 1, 9, 11, WHITE), 0);
    exchange(&s, 60);
    cr_assert_eq(link_error(&s.b), LINK_ERR_FORGED);
    cr_assert(strstr(link_message(&s.b), "move 2 in our player's name"), "%s",
              link_message(&s.b));
    int nb;
    link_moves(&s.b, &nb);
    cr_assert_eq(nb, 1);
    cr_assert_eq(link_error(&s.a), LINK_ERR_PEER);
    /* A catch-up of the peer's own moves is taken: White holds B C7, W G3;
     * Black only B C7. */
    static sim_t t;
    sim_start(&t, 44, BLACK, WHITE);
    uint8_t w2[] = {2 * 9 + 2, 6 * 9 + 6};
    link_init(&t.a, &pa, w2, 1, 9, 11, BLACK);
    link_init(&t.b, &pb, w2, 2, 9, 11, WHITE);
    exchange(&t, 60);
    cr_assert_eq(link_state(&t.a), LINK_PLAYING, "%s", link_message(&t.a));
    int na;
    link_moves(&t.a, &na);
    cr_assert_eq(na, 2);
    cr_assert(link_my_turn(&t.a));
}

/* A side that holds no saved game never takes the peer's by default; asked,
 * its player decides. */
Test(link, a_saved_game_offered_to_a_fresh_console)
{
    uint8_t game[] = {2 * 9 + 2, 6 * 9 + 6, 4 * 9 + 4};
    static sim_t s;
    sim_start(&s, 45, BLACK, WHITE);
    link_prefs_t pa = {.nonce = 1}, pb = {.nonce = 2};
    link_init(&s.a, &pa, game, 3, 9, 11, BLACK);
    link_init(&s.b, &pb, NULL, 0, 0, 0, EMPTY); /* LINK_THEIRS_REFUSE */
    exchange(&s, 60);
    cr_assert_eq(link_error(&s.b), LINK_ERR_DECLINED);
    cr_assert(strstr(link_message(&s.b), "it offered 3 moves"), "%s", link_message(&s.b));
    cr_assert_eq(link_error(&s.a), LINK_ERR_PEER);
    cr_assert(strstr(link_message(&s.a), "did not take our saved game"), "%s",
              link_message(&s.a));

    for (int take = 0; take < 2; take++) {
        sim_start(&s, 46, BLACK, WHITE);
        link_prefs_t ask = {.nonce = 2, .theirs = LINK_THEIRS_ASK};
        link_init(&s.a, &pa, game, 3, 9, 11, BLACK);
        link_init(&s.b, &ask, NULL, 0, 0, 0, EMPTY);
        exchange(&s, 60);
        cr_assert_eq(link_state(&s.b), LINK_OFFER);
        link_event_t ev;
        int offered = 0;
        while (link_next_event(&s.b, &ev))
            offered |= ev.kind == LINK_EV_OFFER;
        cr_assert(offered);
        const link_offer_t *o = link_offer(&s.b);
        cr_assert_not_null(o);
        cr_assert_eq(o->moves, 3);
        cr_assert_eq(o->size, 9);
        cr_assert_eq(o->mine, WHITE);
        /* The player thinks for a minute: neither side calls the other silent. */
        exchange(&s, 12000);
        cr_assert_eq(link_state(&s.b), LINK_OFFER);
        cr_assert_eq(link_state(&s.a), LINK_PLAYING, "%s", link_message(&s.a));
        cr_assert_eq(link_take_offer(&s.b, take, s.now), 0);
        exchange(&s, 1000); /* the peer's next catch-up resend: at most LINK_RTO_MAX_MS */
        if (!take) {
            cr_assert_eq(link_error(&s.b), LINK_ERR_DECLINED);
            cr_assert_eq(link_error(&s.a), LINK_ERR_PEER);
            continue;
        }
        cr_assert_eq(link_state(&s.b), LINK_PLAYING, "%s", link_message(&s.b));
        int nb;
        const uint8_t *mb = link_moves(&s.b, &nb);
        cr_assert_eq(nb, 3);
        cr_assert_eq(memcmp(mb, game, 3), 0);
        cr_assert(link_my_turn(&s.b));
    }
}

/* A game reaches the agreed limit (pass, pass, resume, over and over): it
 * goes to the review on both sides, nothing can be played or resumed, and
 * it is counted; a move past the limit from the peer is named as that. */
Test(link, the_move_limit_ends_in_the_count, .timeout = 60)
{
    static sim_t s;
    sim_start(&s, 47, BLACK, WHITE);
    link_prefs_t pa = {.color = BLACK, .nonce = 3}, pb = {.color = WHITE, .nonce = 4};
    link_init(&s.a, &pa, NULL, 0, 0, 0, EMPTY);
    link_init(&s.b, &pb, NULL, 0, 0, 0, EMPTY);
    exchange(&s, 40);
    cr_assert_eq(link_agreement(&s.a)->max_moves, LINK_MAX_MOVES);
    Move pass = {.row = -1, .col = -1, .pass = 1};
    cr_assert_eq(link_play(&s.a, (Move){.row = 4, .col = 4}, s.now), MOVE_OK);
    exchange(&s, 10);
    int n = 1;
    while (n < LINK_MAX_MOVES) {
        link_t *mover = link_my_turn(&s.a) ? &s.a : &s.b;
        if (link_state(&s.a) == LINK_REVIEW) {
            cr_assert_eq(link_review_resume(&s.a, s.now), 0);
        } else {
            cr_assert(link_my_turn(mover), "move %d", n);
            cr_assert_eq(link_play(mover, pass, s.now), MOVE_OK);
        }
        exchange(&s, 10);
        link_moves(&s.a, &n);
        cr_assert_eq(link_state(&s.b) == LINK_FAILED, 0, "%s", link_message(&s.b));
    }
    for (int i = 0; i < 2; i++) {
        link_t *l = i ? &s.b : &s.a;
        cr_assert_eq(link_state(l), LINK_REVIEW);
        cr_assert(link_review(l)->at_limit);
        cr_assert_eq(link_review_resume(l, s.now), -1);
        cr_assert_eq(link_play(l, pass, s.now), -1);
    }
    /* The count goes on as after two passes. */
    cr_assert_eq(link_review_accept(&s.b, 1, s.now), 0);
    exchange(&s, 40);
    cr_assert_eq(link_review_accept(&s.a, 1, s.now), 0);
    exchange(&s, 40);
    char ra[16], rb[16];
    link_result_string(&s.a, ra, sizeof ra);
    link_result_string(&s.b, rb, sizeof rb);
    cr_assert_str_eq(ra, "B+75.5");
    cr_assert_str_eq(rb, ra);
    static sgf_game_t rec;
    cr_assert_eq(link_to_sgf(&s.a, &rec), 0);
    cr_assert_str_eq(rec.result, "B+75.5");

    /* A 1,025th move forged by the peer: refused as past the limit. */
    static sim_t t;
    uint8_t *full = malloc(LINK_MAX_MOVES);
    int nf;
    memcpy(full, link_moves(&s.a, &nf), LINK_MAX_MOVES);
    sim_start(&t, 48, BLACK, WHITE);
    link_init(&t.b, &pb, full, nf, 9, 11, WHITE);
    uint8_t fr[11] = {LINK_SOF, LINK_T_MOVE, (uint8_t)nf, 5, LINK_BYTE_PASS};
    uint32_t h = LINK_HASH_INIT;
    for (int i = 0; i < nf; i++)
        h = link_hash_step(h, full[i]);
    fr[5] = (uint8_t)(h >> 24), fr[6] = (uint8_t)(h >> 16), fr[7] = (uint8_t)(h >> 8);
    fr[8] = (uint8_t)h;
    reseal(fr);
    link_init(&t.a, &pa, full, nf, 9, 11, BLACK);
    exchange(&t, 40);
    cr_assert_eq(link_state(&t.b), LINK_REVIEW, "%s", link_message(&t.b));
    link_feed(&t.b, fr, sizeof fr, t.now);
    cr_assert_eq(link_error(&t.b), LINK_ERR_ILLEGAL);
    cr_assert(strstr(link_message(&t.b), "move 1025, past the agreed limit of 1024 moves"), "%s",
              link_message(&t.b));
    free(full);
}
