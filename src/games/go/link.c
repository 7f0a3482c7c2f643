/*
 * link.c - the two-console Go link protocol (link.h, docs/link.md).
 */
#include "link.h"

#include <stdio.h>
#include <string.h>

#define HELLO_LEN 15
#define HELLO_GOT_YOURS 1
#define HELLO_REPLY 2

uint16_t link_crc16(const uint8_t *p, size_t n)
{
    uint16_t crc = 0xFFFF;
    for (size_t i = 0; i < n; i++) {
        crc ^= (uint16_t)(p[i] << 8);
        for (int b = 0; b < 8; b++)
            crc = (uint16_t)((crc & 0x8000) ? (crc << 1) ^ 0x1021 : crc << 1);
    }
    return crc;
}

uint32_t link_hash_step(uint32_t h, uint8_t move_byte)
{
    return (h ^ move_byte) * 16777619u;
}

uint8_t link_encode_move(int size, Move m)
{
    if (m.pass)
        return LINK_BYTE_PASS;
    return (uint8_t)(m.row * size + m.col);
}

int link_decode_move(int size, uint8_t byte, Move *m)
{
    if (byte == LINK_BYTE_PASS) {
        *m = (Move){.row = -1, .col = -1, .pass = 1};
        return 0;
    }
    if (byte >= size * size)
        return -1;
    *m = (Move){.row = byte / size, .col = byte % size, .pass = 0};
    return 0;
}

static void put16(uint8_t *p, unsigned v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static unsigned get16(const uint8_t *p)
{
    return (unsigned)p[0] << 8 | p[1];
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void push_event(link_t *l, link_event_t ev)
{
    if (l->ev_count == LINK_EVENTS) { /* the caller stopped reading: keep the newest */
        l->ev_head = (l->ev_head + 1) % LINK_EVENTS;
        l->ev_count--;
    }
    l->events[(l->ev_head + l->ev_count) % LINK_EVENTS] = ev;
    l->ev_count++;
}

static void send_frame(link_t *l, link_type_t type, unsigned seq, const uint8_t *payload,
                       size_t len)
{
    uint8_t f[LINK_MAX_PAYLOAD + 6];
    f[0] = LINK_SOF;
    f[1] = (uint8_t)type;
    f[2] = (uint8_t)seq;
    f[3] = (uint8_t)len;
    if (len)
        memcpy(f + 4, payload, len);
    put16(f + 4 + len, link_crc16(f + 1, 3 + len));
    size_t n = len + 6;
    if (l->out_len + n > sizeof l->out)
        return; /* the caller is not draining; retransmission recovers */
    memcpy(l->out + l->out_len, f, n);
    l->out_len += n;
    l->sent_ms = l->now;
    l->stats.frames_out++;
}

static const char *error_text(link_error_t e)
{
    switch (e) {
    case LINK_OK:
        return "no error";
    case LINK_ERR_VERSION:
        return "the other console speaks another link protocol version";
    case LINK_ERR_DIVERGED:
        return "the two consoles hold different games; stopped before the boards could differ";
    case LINK_ERR_CONFIG:
        return "the saved games differ in board size, komi or colours";
    case LINK_ERR_ILLEGAL:
        return "the other console sent a move these rules refuse";
    case LINK_ERR_SILENT:
        return "the other console went silent";
    case LINK_ERR_PEER:
        return "the other console stopped the link";
    case LINK_ERR_CLOSED:
        return "the link closed";
    }
    return "link error";
}

static void fail(link_t *l, link_error_t why, const char *detail, int tell_peer)
{
    if (l->state == LINK_FAILED)
        return;
    if (tell_peer) {
        uint8_t code = (uint8_t)why;
        send_frame(l, LINK_T_ERROR, 0, &code, 1);
        send_frame(l, LINK_T_ERROR, 0, &code, 1);
    }
    l->state = LINK_FAILED;
    l->error = why;
    if (detail && *detail)
        snprintf(l->message, sizeof l->message, "%s (%s)", error_text(why), detail);
    else
        snprintf(l->message, sizeof l->message, "%s", error_text(why));
    l->resend_pending = 0;
    push_event(l, (link_event_t){.kind = LINK_EV_FAILED});
}

/* Applies a move byte for the side to move; MOVE_OK or a MoveResult. */
static int apply_byte(link_t *l, uint8_t b, Stone *who, Move *mv, int *resign)
{
    *who = l->board.turn;
    *resign = 0;
    if (l->board.game_over || l->resigned != EMPTY)
        return MOVE_ILLEGAL_GAME_OVER;
    if (b == LINK_BYTE_RESIGN) {
        l->resigned = l->board.turn;
        *resign = 1;
    } else {
        Move m;
        if (link_decode_move(l->board.size, b, &m) != 0)
            return MOVE_ILLEGAL_OFF_BOARD;
        MoveResult r = board_apply(&l->board, m);
        if (r != MOVE_OK)
            return r;
        *mv = m;
    }
    if (l->n_moves >= LINK_MAX_MOVES)
        return MOVE_ILLEGAL_GAME_OVER;
    l->moves[l->n_moves] = b;
    l->hashes[l->n_moves + 1] = link_hash_step(l->hashes[l->n_moves], b);
    l->n_moves++;
    return MOVE_OK;
}

static int game_ended(const link_t *l)
{
    return l->board.game_over || l->resigned != EMPTY;
}

int link_init(link_t *l, const link_prefs_t *prefs, const uint8_t *saved, int n_saved,
              int saved_size, int saved_komi2, Stone saved_mine)
{
    memset(l, 0, sizeof *l);
    l->prefs = *prefs;
    if (l->prefs.size == 0)
        l->prefs.size = BOARD_DEFAULT_SIZE;
    if (!l->prefs.komi_set && prefs->size == 0)
        l->prefs.komi2 = BOARD_DEFAULT_KOMI2;
    if (l->prefs.size < BOARD_MIN_SIZE || l->prefs.size > LINK_MAX_SIZE)
        l->prefs.size = BOARD_DEFAULT_SIZE;
    l->hashes[0] = LINK_HASH_INIT;
    l->resigned = EMPTY;
    l->rto = LINK_RTO_MS;
    if (n_saved > 0) {
        if (saved_size < BOARD_MIN_SIZE || saved_size > LINK_MAX_SIZE || n_saved > LINK_MAX_MOVES ||
            (saved_mine != BLACK && saved_mine != WHITE)) {
            snprintf(l->message, sizeof l->message, "%s", "saved link game: bad size or colour");
            l->state = LINK_FAILED;
            l->error = LINK_ERR_CONFIG;
            return -1;
        }
        board_reset(&l->board, saved_size, saved_komi2);
        for (int i = 0; i < n_saved; i++) {
            Stone who;
            Move mv;
            int resign;
            if (apply_byte(l, saved[i], &who, &mv, &resign) != MOVE_OK) {
                snprintf(l->message, sizeof l->message,
                         "saved link game: move %d does not replay", i + 1);
                l->state = LINK_FAILED;
                l->error = LINK_ERR_CONFIG;
                return -1;
            }
        }
        l->saved_moves = n_saved;
        l->saved_size = saved_size;
        l->saved_komi2 = saved_komi2;
        l->saved_mine = saved_mine;
    }
    l->state = LINK_HANDSHAKE;
    return 0;
}

static void send_hello(link_t *l, int reply)
{
    uint8_t p[HELLO_LEN];
    int fixed = l->saved_moves > 0;
    p[0] = LINK_VERSION;
    p[1] = (uint8_t)(fixed ? l->saved_size : l->prefs.size);
    p[2] = (uint8_t)(int8_t)(fixed ? l->saved_komi2 : l->prefs.komi2);
    p[3] = (uint8_t)(fixed ? l->saved_mine : l->prefs.color);
    put32(p + 4, l->prefs.nonce);
    put16(p + 8, (unsigned)l->saved_moves);
    put32(p + 10, l->hashes[l->saved_moves]);
    p[14] = (uint8_t)((l->have_peer_hello ? HELLO_GOT_YOURS : 0) | (reply ? HELLO_REPLY : 0));
    send_frame(l, LINK_T_HELLO, 0, p, sizeof p);
}

static void arm_resend(link_t *l)
{
    l->resend_pending = 1;
    l->resend_at = l->now + l->rto;
}

/* Sends the oldest move the peer has not confirmed (stop and wait). */
static void send_next_move(link_t *l)
{
    if (l->n_acked >= l->n_moves) {
        l->resend_pending = 0;
        return;
    }
    uint8_t p[5];
    p[0] = l->moves[l->n_acked];
    put32(p + 1, l->hashes[l->n_acked]);
    send_frame(l, LINK_T_MOVE, (unsigned)l->n_acked & 0xFF, p, sizeof p);
    arm_resend(l);
}

/* Both sides run this on the same two hellos and reach the same answer. */
static void agree(link_t *l)
{
    const uint8_t *p = l->peer_hello;
    if (p[0] != LINK_VERSION) {
        char d[48];
        snprintf(d, sizeof d, "theirs %u, ours %d", p[0], LINK_VERSION);
        fail(l, LINK_ERR_VERSION, d, 1);
        return;
    }
    int my_n = l->saved_moves, peer_n = (int)get16(p + 8);
    uint32_t peer_nonce = get32(p + 4), peer_hash = get32(p + 10);
    int peer_size = p[1], peer_komi = p[2] >= 128 ? (int)p[2] - 256 : (int)p[2];
    Stone peer_color = p[3] == 1 ? BLACK : p[3] == 2 ? WHITE : EMPTY;
    int my_size = my_n ? l->saved_size : l->prefs.size;
    int my_komi = my_n ? l->saved_komi2 : l->prefs.komi2;
    Stone my_color = my_n ? l->saved_mine : l->prefs.color;
    if (peer_size < BOARD_MIN_SIZE || peer_size > LINK_MAX_SIZE) {
        fail(l, LINK_ERR_CONFIG, "the other console asked for an unsupported board size", 1);
        return;
    }
    int lead;
    if (my_n != peer_n)
        lead = my_n > peer_n;
    else if (l->prefs.nonce != peer_nonce)
        lead = l->prefs.nonce > peer_nonce;
    else {
        fail(l, LINK_ERR_CONFIG, "both consoles drew the same random number: connect again", 0);
        return;
    }
    if (my_n > 0 && peer_n > 0 &&
        (my_size != peer_size || my_komi != peer_komi || my_color == peer_color)) {
        fail(l, LINK_ERR_CONFIG, NULL, 1);
        return;
    }
    /* The longer move list must extend the shorter one. */
    if (my_n >= peer_n && l->hashes[peer_n] != peer_hash) {
        fail(l, LINK_ERR_DIVERGED, "at the reconnect", 1);
        return;
    }
    int size = lead ? my_size : peer_size, komi = lead ? my_komi : peer_komi;
    Stone mine;
    if (lead)
        mine = my_color != EMPTY ? my_color
               : peer_color != EMPTY ? stone_opponent(peer_color)
                                     : BLACK;
    else
        mine = peer_color != EMPTY ? stone_opponent(peer_color)
               : my_color != EMPTY ? my_color
                                   : WHITE;
    if (my_n == 0)
        board_reset(&l->board, size, komi);
    l->agreed = (link_agreement_t){
        .size = size, .komi2 = komi, .mine = mine, .resumed = my_n > peer_n ? my_n : peer_n};
    l->n_acked = my_n < peer_n ? my_n : peer_n;
    l->state = game_ended(l) ? LINK_OVER : LINK_PLAYING;
    l->resend_pending = 0;
    l->rto = LINK_RTO_MS;
    push_event(l, (link_event_t){.kind = LINK_EV_READY});
    if (l->n_acked < l->n_moves)
        send_next_move(l); /* catch the other console up */
}

static void maybe_ready(link_t *l)
{
    if (l->state == LINK_HANDSHAKE && l->have_peer_hello && l->peer_has_mine)
        agree(l);
}

static void on_hello(link_t *l, const uint8_t *p, size_t len)
{
    if (len != HELLO_LEN) {
        l->stats.framing_errors++;
        return;
    }
    if (l->state != LINK_HANDSHAKE) {
        if (memcmp(p + 4, l->peer_hello + 4, 4) != 0 && !(p[14] & HELLO_REPLY) &&
            l->state != LINK_FAILED) {
            /* A new nonce: the other console restarted on the same line (a
             * tty).  Handshake again from every move we hold, as after a
             * reconnect; its own saved moves say where it is. */
            l->saved_moves = l->n_moves;
            l->saved_size = l->board.size;
            l->saved_komi2 = l->board.komi2;
            l->saved_mine = l->agreed.mine;
            l->have_peer_hello = l->peer_has_mine = 0;
            l->state = LINK_HANDSHAKE;
            l->resend_pending = 0;
        } else {
            /* Our reply was lost and the peer asks again. */
            if (!(p[14] & HELLO_REPLY))
                send_hello(l, 1);
            return;
        }
    }
    if (!l->have_peer_hello) {
        memcpy(l->peer_hello, p, HELLO_LEN);
        l->have_peer_hello = 1;
    }
    if (p[14] & HELLO_GOT_YOURS)
        l->peer_has_mine = 1;
    if (!(p[14] & HELLO_REPLY))
        send_hello(l, 1);
    maybe_ready(l);
}


static void send_ack(link_t *l)
{
    uint8_t p[6];
    put16(p, (unsigned)l->n_moves);
    put32(p + 2, l->hashes[l->n_moves]);
    send_frame(l, LINK_T_ACK, (unsigned)(l->n_moves - 1) & 0xFF, p, sizeof p);
}

static void on_move(link_t *l, unsigned seq, const uint8_t *p, size_t len)
{
    if (len != 5) {
        l->stats.framing_errors++;
        return;
    }
    uint32_t before = get32(p + 1); /* hash of the sender's list before this move */
    if (l->n_moves > 0 && seq == ((unsigned)(l->n_moves - 1) & 0xFF) &&
        l->n_acked == l->n_moves && l->moves[l->n_moves - 1] == p[0] &&
        before == l->hashes[l->n_moves - 1]) {
        l->stats.duplicates++; /* our ack was lost: say it again */
        send_ack(l);
        return;
    }
    if (seq != ((unsigned)l->n_moves & 0xFF)) {
        if (l->n_acked < l->n_moves && seq == ((unsigned)(l->n_moves - 1) & 0xFF)) {
            /* A move for the place of our unconfirmed one: the lists would fork. */
            fail(l, LINK_ERR_DIVERGED, "both consoles moved at once", 1);
            return;
        }
        l->stats.stale++;
        return;
    }
    if (before != l->hashes[l->n_moves]) {
        char d[48];
        snprintf(d, sizeof d, "before move %d", l->n_moves + 1);
        fail(l, LINK_ERR_DIVERGED, d, 1);
        return;
    }
    /* The peer built its move on our whole list: our moves are agreed
     * even if their acks were lost. */
    if (l->n_acked < l->n_moves) {
        l->n_acked = l->n_moves;
        l->rto = LINK_RTO_MS;
        l->resend_pending = 0;
        push_event(l, (link_event_t){.kind = LINK_EV_ACKED});
    }
    int peer_n = (int)get16(l->peer_hello + 8);
    Stone peer = stone_opponent(l->agreed.mine);
    if (l->n_moves >= peer_n && l->board.turn != peer) {
        fail(l, LINK_ERR_ILLEGAL, "a move out of turn", 1);
        return;
    }
    Stone who;
    Move mv = {0};
    int resign;
    int r = apply_byte(l, p[0], &who, &mv, &resign);
    if (r != MOVE_OK) {
        char d[64];
        snprintf(d, sizeof d, "move %d, byte 0x%02X", l->n_moves + 1, p[0]);
        fail(l, LINK_ERR_ILLEGAL, d, 1);
        return;
    }
    l->n_acked = l->n_moves;
    send_ack(l);
    push_event(l, (link_event_t){.kind = LINK_EV_PEER_MOVE, .color = who, .move = mv,
                                 .resign = resign});
    if (game_ended(l) && l->state == LINK_PLAYING) {
        l->state = LINK_OVER;
        push_event(l, (link_event_t){.kind = LINK_EV_OVER, .resign = l->resigned != EMPTY});
    }
}

static void on_ack(link_t *l, const uint8_t *p, size_t len)
{
    if (len != 6) {
        l->stats.framing_errors++;
        return;
    }
    int count = (int)get16(p);
    uint32_t hash = get32(p + 2);
    if (count != l->n_acked + 1 || count > l->n_moves) {
        l->stats.stale++;
        return;
    }
    if (hash != l->hashes[count]) {
        char d[48];
        snprintf(d, sizeof d, "after move %d", count);
        fail(l, LINK_ERR_DIVERGED, d, 1);
        return;
    }
    l->n_acked = count;
    l->rto = LINK_RTO_MS;
    l->resend_pending = 0;
    if (l->n_acked == l->n_moves)
        push_event(l, (link_event_t){.kind = LINK_EV_ACKED});
    else
        send_next_move(l);
}

static void on_ping(link_t *l, const uint8_t *p, size_t len)
{
    if (len != 6) {
        l->stats.framing_errors++;
        return;
    }
    int count = (int)get16(p);
    if (count <= l->n_moves && count >= l->n_acked && get32(p + 2) != l->hashes[count])
        fail(l, LINK_ERR_DIVERGED, "seen in a keep-alive", 1);
}

static void on_frame(link_t *l, const uint8_t *f, size_t len)
{
    link_type_t type = (link_type_t)f[1];
    unsigned seq = f[2];
    const uint8_t *p = f + 4;
    size_t n = len - 6;
    l->stats.frames_in++;
    l->heard_ms = l->now;
    if (l->state == LINK_FAILED)
        return;
    if (type != LINK_T_HELLO && type != LINK_T_ERROR && l->state == LINK_HANDSHAKE) {
        /* The peer is past its handshake, so it has our hello. */
        if (!l->have_peer_hello)
            return;
        l->peer_has_mine = 1;
        maybe_ready(l);
        if (l->state == LINK_HANDSHAKE)
            return;
    }
    switch (type) {
    case LINK_T_HELLO:
        on_hello(l, p, n);
        break;
    case LINK_T_MOVE:
        on_move(l, seq, p, n);
        break;
    case LINK_T_ACK:
        on_ack(l, p, n);
        break;
    case LINK_T_PING:
        on_ping(l, p, n);
        break;
    case LINK_T_ERROR: {
        char d[96];
        snprintf(d, sizeof d, "it reports: %s",
                 n == 1 && p[0] != LINK_ERR_PEER ? error_text((link_error_t)p[0]) : "stopped");
        fail(l, LINK_ERR_PEER, d, 0);
        break;
    }
    }
}

static int type_ok(uint8_t t)
{
    return t >= LINK_T_HELLO && t <= LINK_T_ERROR;
}

/* One byte into the frame parser.  On a bad frame, the bytes after its
 * start are parsed again: a real frame may begin inside a broken one. */
static void rx_byte(link_t *l, uint8_t b)
{
    if (l->rx_len == 0) {
        if (b == LINK_SOF)
            l->rx[l->rx_len++] = b;
        else
            l->stats.framing_errors++;
        return;
    }
    l->rx[l->rx_len++] = b;
    int bad = 0;
    if ((l->rx_len == 2 && !type_ok(b)) || (l->rx_len == 4 && b > LINK_MAX_PAYLOAD))
        bad = 1, l->stats.framing_errors++;
    else if (l->rx_len >= 4 && l->rx_len == 6 + l->rx[3]) {
        size_t len = (size_t)l->rx_len;
        if (link_crc16(l->rx + 1, len - 3) == get16(l->rx + len - 2)) {
            uint8_t f[sizeof l->rx];
            memcpy(f, l->rx, len);
            l->rx_len = 0;
            on_frame(l, f, len);
            return;
        }
        bad = 1;
        l->stats.crc_errors++;
    }
    if (bad) {
        uint8_t again[sizeof l->rx];
        int n = l->rx_len - 1;
        memcpy(again, l->rx + 1, (size_t)n);
        l->rx_len = 0;
        for (int i = 0; i < n; i++)
            rx_byte(l, again[i]);
    }
}

static void drop_partial(link_t *l)
{
    uint8_t again[sizeof l->rx];
    int n = l->rx_len - 1;
    memcpy(again, l->rx + 1, (size_t)n);
    l->rx_len = 0;
    l->stats.gap_drops++;
    for (int i = 0; i < n; i++)
        rx_byte(l, again[i]);
}

static void start(link_t *l)
{
    if (l->started)
        return;
    l->started = 1;
    l->heard_ms = l->now;
    if (l->state == LINK_HANDSHAKE) {
        send_hello(l, 0);
        arm_resend(l);
    }
}

void link_feed(link_t *l, const uint8_t *bytes, size_t n, uint64_t now_ms)
{
    l->now = now_ms;
    start(l);
    for (size_t i = 0; i < n; i++) {
        if (l->rx_len > 0 && now_ms - l->rx_last_ms > LINK_GAP_MS)
            drop_partial(l);
        rx_byte(l, bytes[i]);
        l->rx_last_ms = now_ms;
    }
}

void link_tick(link_t *l, uint64_t now_ms)
{
    l->now = now_ms;
    start(l);
    if (l->state == LINK_FAILED)
        return;
    while (l->rx_len > 0 && now_ms - l->rx_last_ms > LINK_GAP_MS)
        drop_partial(l);
    /* While playing the peer sends at least a keep-alive every LINK_PING_MS. */
    int waiting = l->state != LINK_OVER || l->n_acked < l->n_moves;
    if (waiting && now_ms - l->heard_ms > LINK_SILENCE_MS) {
        fail(l, LINK_ERR_SILENT, NULL, 0);
        return;
    }
    if (l->resend_pending && now_ms >= l->resend_at) {
        l->stats.retransmits++;
        l->rto = l->rto * 2 > LINK_RTO_MAX_MS ? LINK_RTO_MAX_MS : l->rto * 2;
        if (l->state == LINK_HANDSHAKE) {
            send_hello(l, 0);
            arm_resend(l);
        } else {
            send_next_move(l);
        }
    }
    if (l->state == LINK_PLAYING && now_ms - l->sent_ms >= LINK_PING_MS) {
        uint8_t p[6];
        put16(p, (unsigned)l->n_acked);
        put32(p + 2, l->hashes[l->n_acked]);
        send_frame(l, LINK_T_PING, 0, p, sizeof p);
    }
}

size_t link_take_output(link_t *l, uint8_t *buf, size_t cap)
{
    size_t n = l->out_len < cap ? l->out_len : cap;
    memcpy(buf, l->out, n);
    memmove(l->out, l->out + n, l->out_len - n);
    l->out_len -= n;
    return n;
}

int link_my_turn(const link_t *l)
{
    int peer_n = (int)get16(l->peer_hello + 8);
    return l->state == LINK_PLAYING && l->board.turn == l->agreed.mine && l->n_moves >= peer_n;
}

static int play_byte(link_t *l, uint8_t b, uint64_t now_ms)
{
    l->now = now_ms;
    Stone who;
    Move mv;
    int resign;
    int r = apply_byte(l, b, &who, &mv, &resign);
    if (r != MOVE_OK)
        return r;
    if (l->n_acked == l->n_moves - 1)
        send_next_move(l);
    if (game_ended(l)) {
        l->state = LINK_OVER;
        push_event(l, (link_event_t){.kind = LINK_EV_OVER, .resign = l->resigned != EMPTY});
    }
    return MOVE_OK;
}

int link_play(link_t *l, Move m, uint64_t now_ms)
{
    if (!link_my_turn(l))
        return -1;
    if (!m.pass) {
        MoveResult r = board_check(&l->board, l->board.turn, m.row, m.col);
        if (r != MOVE_OK)
            return r;
    }
    return play_byte(l, link_encode_move(l->board.size, m), now_ms);
}

int link_resign(link_t *l, uint64_t now_ms)
{
    if (!link_my_turn(l))
        return -1;
    return play_byte(l, LINK_BYTE_RESIGN, now_ms) == MOVE_OK ? 0 : -1;
}

void link_close(link_t *l, link_error_t why, const char *detail)
{
    fail(l, why, detail, 0);
}

int link_next_event(link_t *l, link_event_t *ev)
{
    if (l->ev_count == 0)
        return 0;
    *ev = l->events[l->ev_head];
    l->ev_head = (l->ev_head + 1) % LINK_EVENTS;
    l->ev_count--;
    return 1;
}

link_state_t link_state(const link_t *l) { return l->state; }
link_error_t link_error(const link_t *l) { return l->error; }
const char *link_message(const link_t *l) { return l->message; }
const link_agreement_t *link_agreement(const link_t *l) { return &l->agreed; }
const BoardState *link_board(const link_t *l) { return &l->board; }
const link_stats_t *link_stats(const link_t *l) { return &l->stats; }
Stone link_resigned(const link_t *l) { return l->resigned; }
int link_settled(const link_t *l) { return l->n_acked == l->n_moves; }

const uint8_t *link_moves(const link_t *l, int *n)
{
    *n = l->n_moves;
    return l->moves;
}

void link_result_string(const link_t *l, char *buf, size_t len)
{
    if (l->resigned != EMPTY)
        snprintf(buf, len, "%s+R", l->resigned == BLACK ? "W" : "B");
    else if (l->board.game_over)
        board_result_string(&l->board, buf, len);
    else
        snprintf(buf, len, "%s", "");
}

int link_to_sgf(const link_t *l, sgf_game_t *g)
{
    sgf_game_init(g);
    g->size = l->board.size;
    g->komi2 = l->board.komi2;
    BoardState b;
    board_reset(&b, l->board.size, l->board.komi2);
    for (int i = 0; i < l->n_moves; i++) {
        Move m;
        if (l->moves[i] == LINK_BYTE_RESIGN)
            break;
        if (link_decode_move(b.size, l->moves[i], &m) != 0 || sgf_add_move(g, b.turn, m) != 0)
            return -1;
        board_apply(&b, m);
    }
    link_result_string(l, g->result, sizeof g->result);
    return 0;
}
