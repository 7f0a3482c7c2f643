/*
 * link.c - the two-console Go link protocol (link.h, docs/link.md).
 */
#include "link.h"

#include <stdio.h>
#include <string.h>

#include "rules.h"
#include "status.h"

#define HELLO_LEN 17
#define HELLO_LEN_V2 15 /* version 2 had no move limit: read only to say "another version" */
#define HELLO_GOT_YOURS 1
#define HELLO_REPLY 2

/* REVIEW: at u16, rev u16, req_done u16, marks rev u16, flags u8, black u8,
 * white u8, then the marks (one bit a point, row-major, high bit first) */
#define REVIEW_HEAD 11
#define REVIEW_ACCEPT_B 1
#define REVIEW_ACCEPT_W 2
#define REVIEW_COUNTED 4
/* MARK: at u16, req u16, seen u16, op u8, point u8, marks rev of the op u16 */
#define MARK_LEN 10
enum { OP_SEEN = 0, OP_TOGGLE = 1, OP_ACCEPT = 2, OP_WITHDRAW = 3, OP_RESUME = 4 };

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
        return "the two consoles cannot agree on the game";
    case LINK_ERR_ILLEGAL:
        return "the other console sent a move these rules refuse";
    case LINK_ERR_RULES:
        return "this console's rules in logic failed";
    case LINK_ERR_SILENT:
        return "the other console went silent";
    case LINK_ERR_PEER:
        return "the other console stopped the link";
    case LINK_ERR_CLOSED:
        return "the link closed";
    case LINK_ERR_FORGED:
        return "the other console spoke for this console's player";
    case LINK_ERR_DECLINED:
        return "this console did not take the other console's saved game";
    }
    return "link error";
}

/* What the other console's ERROR code means, told from this side. */
static const char *peer_error_text(unsigned code)
{
    switch (code) {
    case LINK_ERR_VERSION:
        return "it speaks another link protocol version";
    case LINK_ERR_DIVERGED:
        return "it holds a different game";
    case LINK_ERR_CONFIG:
        return "its saved game or its rules differ from ours";
    case LINK_ERR_ILLEGAL:
        return "its rules refused our move";
    case LINK_ERR_SILENT:
        return "it heard nothing from us";
    case LINK_ERR_RULES:
        return "its rules in logic failed";
    case LINK_ERR_FORGED:
        return "it refused a frame of ours that spoke for its player";
    case LINK_ERR_DECLINED:
        return "it did not take our saved game";
    default:
        return "stopped";
    }
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

/* The most move bytes this game may hold: the agreed limit once agreed. */
static int move_cap(const link_t *l)
{
    return l->agreed.max_moves ? l->agreed.max_moves : LINK_MAX_MOVES;
}

/* apply_byte's answer when the rules themselves failed (message in err). */
#define APPLY_RULES_FAILED (-2)

/* Applies a move byte for the side to move through the rules seam:
 * MOVE_OK, a MoveResult, or APPLY_RULES_FAILED with err.  RESUME is legal
 * only after two passes: play goes on, the side to move unchanged. */
static int apply_byte(link_t *l, uint8_t b, Stone *who, Move *mv, int *resign, char *err,
                      size_t errlen)
{
    *who = l->board.turn;
    *resign = 0;
    if (l->n_moves >= move_cap(l) || l->resigned != EMPTY)
        return MOVE_ILLEGAL_GAME_OVER;
    if (b == LINK_BYTE_RESUME) {
        if (!l->board.game_over)
            return MOVE_ILLEGAL_GAME_OVER;
        l->board.game_over = 0;
        l->board.consecutive_passes = 0;
        *mv = (Move){.row = -1, .col = -1, .pass = 0};
    } else if (l->board.game_over) {
        return MOVE_ILLEGAL_GAME_OVER;
    } else if (b == LINK_BYTE_RESIGN) {
        l->resigned = l->board.turn;
        *resign = 1;
    } else {
        Move m;
        MoveResult r;
        if (link_decode_move(l->board.size, b, &m) != 0)
            return MOVE_ILLEGAL_OFF_BOARD;
        if (go_rules_play(l->prefs.rules, &l->board, l->board.turn, m, &r, err, errlen) != 0)
            return APPLY_RULES_FAILED;
        if (r != MOVE_OK)
            return r;
        *mv = m;
    }
    l->moves[l->n_moves] = b;
    l->hashes[l->n_moves + 1] = link_hash_step(l->hashes[l->n_moves], b);
    l->n_moves++;
    return MOVE_OK;
}

/* The state the moves held lead to. */
static link_state_t state_of_moves(const link_t *l)
{
    return l->resigned != EMPTY                              ? LINK_OVER
           : l->board.game_over || l->n_moves >= move_cap(l) ? LINK_REVIEW
                                                             : LINK_PLAYING;
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
            char err[256];
            int r = apply_byte(l, saved[i], &who, &mv, &resign, err, sizeof err);
            if (r != MOVE_OK) {
                snprintf(l->message, sizeof l->message,
                         "saved link game: move %d does not replay%s%.200s", i + 1,
                         r == APPLY_RULES_FAILED ? ": " : "", r == APPLY_RULES_FAILED ? err : "");
                l->state = LINK_FAILED;
                l->error = r == APPLY_RULES_FAILED ? LINK_ERR_RULES : LINK_ERR_CONFIG;
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
    put16(p + 15, LINK_MAX_MOVES);
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

/* ---- the dead-stone review (docs/link.md) ---- */

/* Black's console keeps the marks. */
static int is_leader(const link_t *l)
{
    return l->agreed.mine == BLACK;
}

/* Counts the board with the marked stones off by the rules' territory
 * counter (board_score's on an empty board: the counter needs a stone to
 * start from).  Returns 0, or -1 after stopping the link. */
static int review_count(link_t *l)
{
    BoardState scored;
    board_copy(&scored, &l->board);
    int n = l->board.size, stones = 0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            if (l->review.dead[r * n + c])
                board_setup(&scored, EMPTY, r, c); /* taking stones off never fails */
            stones += board_get(&scored, r, c) != EMPTY;
        }
    char err[256];
    if (stones == 0 || !l->prefs.rules) {
        board_score(&scored, &l->review.black, &l->review.white);
        return 0;
    }
    if (go_rules_territory(l->prefs.rules, &scored, &l->review.black, &l->review.white, err,
                           sizeof err) != 0) {
        fail(l, LINK_ERR_RULES, err, 1);
        return -1;
    }
    return 0;
}

/* The result of the counts with komi: "B+3.5", "W+12.0", "0". */
static void count_result(link_t *l)
{
    int margin = 2 * (l->review.black - l->review.white) - l->board.komi2;
    int m = margin < 0 ? -margin : margin;
    if (margin == 0)
        snprintf(l->result, sizeof l->result, "0");
    else
        snprintf(l->result, sizeof l->result, "%c+%d.%d", margin > 0 ? 'B' : 'W', m / 2,
                 (m % 2) * 5);
}

static void send_review(link_t *l)
{
    uint8_t p[REVIEW_HEAD + (LINK_NPOINTS + 7) / 8] = {0};
    int n = l->board.size * l->board.size;
    put16(p, (unsigned)l->review.at);
    put16(p + 2, l->sync.rev);
    put16(p + 4, l->sync.req_done);
    put16(p + 6, l->sync.marks);
    p[8] = (uint8_t)((l->review.accepted_black ? REVIEW_ACCEPT_B : 0) |
                     (l->review.accepted_white ? REVIEW_ACCEPT_W : 0) |
                     (l->sync.counted ? REVIEW_COUNTED : 0));
    p[9] = (uint8_t)l->review.black;
    p[10] = (uint8_t)l->review.white;
    for (int i = 0; i < n; i++)
        if (l->review.dead[i])
            p[REVIEW_HEAD + i / 8] |= (uint8_t)(0x80u >> (i % 8));
    send_frame(l, LINK_T_REVIEW, 0, p, (size_t)(REVIEW_HEAD + (n + 7) / 8));
    l->sync.resend_pending = l->sync.seen < l->sync.rev;
    l->sync.resend_at = l->now + LINK_RTO_MS;
}

/* The other side: its oldest request not yet applied, or (none left) a
 * confirmation of the marks it holds. */
static void send_mark(link_t *l)
{
    uint8_t p[MARK_LEN] = {0};
    put16(p, (unsigned)l->review.at);
    put16(p + 4, l->sync.rev);
    if (l->sync.n_ops > 0) {
        put16(p + 2, l->sync.req_done + 1);
        p[6] = l->sync.ops[0].op;
        p[7] = l->sync.ops[0].point;
        put16(p + 8, l->sync.ops[0].marks);
        l->sync.resend_pending = 1;
        l->sync.resend_at = l->now + LINK_RTO_MS;
    } else {
        put16(p + 2, l->sync.req_done);
        p[6] = OP_SEEN;
        l->sync.resend_pending = 0;
    }
    send_frame(l, LINK_T_MARK, 0, p, sizeof p);
}

/* Two passes: the review begins, on both sides, with no marks; the leader
 * proposes the dead-stone estimate at once. */
static void review_begin(link_t *l)
{
    memset(&l->review, 0, sizeof l->review);
    memset(&l->sync, 0, sizeof l->sync);
    l->review.at = l->n_moves;
    /* A game that reached the agreed limit is counted as it stands: no
     * move, and no resume, fits in the list any more. */
    l->review.at_limit = l->n_moves >= move_cap(l);
    if (l->review.at_limit)
        l->board.game_over = 1;
    l->state = LINK_REVIEW;
    l->result[0] = 0;
    push_event(l, (link_event_t){.kind = LINK_EV_REVIEW});
    if (!is_leader(l))
        return;
    unsigned char dead[BOARD_MAX_SIZE][BOARD_MAX_SIZE];
    go_status_dead(&l->board, dead);
    int n = l->board.size;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            l->review.dead[r * n + c] = dead[r][c];
    l->review.known = 1;
    l->sync.rev = 1;
    l->sync.marks = 1;
    if (review_count(l) != 0)
        return;
    send_review(l);
}

/* Flips the dead mark of the chain at point p; 1 if it held a stone. */
static int flip_chain(link_t *l, int p)
{
    int n = l->board.size;
    if (p < 0 || p >= n * n)
        return 0;
    Stone color = board_get(&l->board, p / n, p % n);
    if (color == EMPTY)
        return 0;
    uint8_t mark = !l->review.dead[p];
    uint8_t seen[LINK_NPOINTS] = {0};
    int stack[LINK_NPOINTS], sp = 0;
    stack[sp++] = p;
    seen[p] = 1;
    while (sp) {
        int q = stack[--sp], r = q / n, c = q % n;
        l->review.dead[q] = mark;
        static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
        for (int k = 0; k < 4; k++) {
            int nr = r + dr[k], nc = c + dc[k];
            if (nr >= 0 && nr < n && nc >= 0 && nc < n && !seen[nr * n + nc] &&
                board_get(&l->board, nr, nc) == color) {
                seen[nr * n + nc] = 1;
                stack[sp++] = nr * n + nc;
            }
        }
    }
    return 1;
}

static int play_byte(link_t *l, uint8_t b, uint64_t now_ms);

/* The leader applies one request of side who; marks_seen is the revision
 * of the marks that side saw when it asked.  Returns 0, or -1 when the
 * request changed nothing it could (a flip of an empty point). */
static int review_apply(link_t *l, Stone who, int op, int point, unsigned marks_seen)
{
    int changed = 0, rc = 0;
    switch (op) {
    case OP_TOGGLE:
        if (flip_chain(l, point)) {
            l->review.accepted_black = l->review.accepted_white = 0;
            l->sync.marks++;
            changed = 1;
        } else {
            rc = -1;
        }
        break;
    case OP_ACCEPT:
        if (marks_seen == l->sync.marks) { /* it saw these marks */
            *(who == BLACK ? &l->review.accepted_black : &l->review.accepted_white) = 1;
            changed = 1;
        }
        break;
    case OP_WITHDRAW:
        *(who == BLACK ? &l->review.accepted_black : &l->review.accepted_white) = 0;
        changed = 1;
        break;
    case OP_RESUME:
        /* The RESUME byte goes out as a move: both sides play on.  At the
         * move limit it cannot: the request is answered as refused. */
        if (!l->review.at_limit && play_byte(l, LINK_BYTE_RESUME, l->now) == MOVE_OK)
            return 0;
        if (l->state == LINK_FAILED)
            return -1;
        rc = -1;
        break;
    default:
        rc = -1;
    }
    l->sync.rev++;
    if (changed && op == OP_TOGGLE && review_count(l) != 0)
        return -1;
    if (l->review.accepted_black && l->review.accepted_white) {
        /* Counted; the game is over here only when the other side has
         * counted the same and confirmed it (on_mark): a record never
         * keeps a result the other console refused. */
        count_result(l);
        l->review.counting = 1;
        l->sync.counted = l->sync.rev;
        push_event(l, (link_event_t){.kind = LINK_EV_MARKS});
    } else if (changed) {
        push_event(l, (link_event_t){.kind = LINK_EV_MARKS});
    }
    send_review(l);
    return rc;
}

/* The other side asks: applied at once on the leader, else queued and sent. */
static int review_request(link_t *l, int op, int point, uint64_t now_ms)
{
    l->now = now_ms;
    if (l->state != LINK_REVIEW || l->review.counting ||
        (op == OP_RESUME && l->review.at_limit))
        return -1;
    if (is_leader(l))
        return review_apply(l, l->agreed.mine, op, point, l->sync.marks);
    if (l->sync.n_ops == LINK_REVIEW_QUEUE)
        return -1;
    l->sync.ops[l->sync.n_ops].op = (uint8_t)op;
    l->sync.ops[l->sync.n_ops].point = (uint8_t)point;
    l->sync.ops[l->sync.n_ops].marks = (uint16_t)l->sync.marks;
    l->sync.n_ops++;
    l->review.pending = l->sync.n_ops;
    if (l->sync.n_ops == 1)
        send_mark(l);
    return 0;
}

int link_review_toggle(link_t *l, int row, int col, uint64_t now_ms)
{
    int n = l->board.size;
    if (l->state != LINK_REVIEW || row < 0 || col < 0 || row >= n || col >= n ||
        board_get(&l->board, row, col) == EMPTY)
        return -1;
    return review_request(l, OP_TOGGLE, row * n + col, now_ms);
}

int link_review_accept(link_t *l, int accept, uint64_t now_ms)
{
    return review_request(l, accept ? OP_ACCEPT : OP_WITHDRAW, 0, now_ms);
}

int link_review_resume(link_t *l, uint64_t now_ms)
{
    return review_request(l, OP_RESUME, 0, now_ms);
}

const link_review_t *link_review(const link_t *l)
{
    return &l->review;
}

/* Leader: a request of the other side. */
static void on_mark(link_t *l, const uint8_t *p, size_t len)
{
    if (len != MARK_LEN || !is_leader(l)) {
        l->stats.framing_errors++;
        return;
    }
    int at = (int)get16(p);
    unsigned req = get16(p + 2), seen = get16(p + 4);
    if ((l->state != LINK_REVIEW && l->state != LINK_OVER) || at != l->review.at ||
        l->resigned != EMPTY) {
        l->stats.stale++;
        return;
    }
    if (seen > l->sync.seen && seen <= l->sync.rev)
        l->sync.seen = seen;
    if (l->review.counting) {
        /* The count went out; no request changes it now.  The other side's
         * confirmation of it ends the game here too. */
        if (l->state == LINK_REVIEW && l->sync.seen >= l->sync.counted) {
            l->state = LINK_OVER;
            push_event(l, (link_event_t){.kind = LINK_EV_OVER});
        }
        if (l->sync.seen < l->sync.rev)
            send_review(l);
        else
            l->sync.resend_pending = 0;
        return;
    }
    if (l->state == LINK_REVIEW && p[6] != OP_SEEN && req == l->sync.req_done + 1) {
        l->sync.req_done = req;
        review_apply(l, stone_opponent(l->agreed.mine), p[6], p[7], get16(p + 8));
        return;
    }
    if (req != l->sync.req_done)
        l->stats.stale++;
    else if (p[6] != OP_SEEN)
        l->stats.duplicates++;
    if (l->sync.seen < l->sync.rev)
        send_review(l); /* it has not seen the latest marks */
    else
        l->sync.resend_pending = 0;
}

/* The other side: the leader's marks. */
static void on_review(link_t *l, const uint8_t *p, size_t len)
{
    int n = l->board.size * l->board.size;
    if (len != (size_t)(REVIEW_HEAD + (n + 7) / 8) || is_leader(l)) {
        l->stats.framing_errors++;
        return;
    }
    int at = (int)get16(p);
    unsigned rev = get16(p + 2), req_done = get16(p + 4);
    if ((l->state != LINK_REVIEW && l->state != LINK_OVER) || at != l->review.at ||
        l->resigned != EMPTY) {
        l->stats.stale++;
        return;
    }
    if (l->state == LINK_OVER || rev <= l->sync.rev) {
        l->stats.duplicates++;
        send_mark(l); /* our confirmation was lost */
        return;
    }
    unsigned applied = req_done - l->sync.req_done, marks = get16(p + 6);
    if (req_done < l->sync.req_done || applied > (unsigned)l->sync.n_ops) {
        fail(l, LINK_ERR_DIVERGED, "the review's requests", 1);
        return;
    }
    uint8_t dead[LINK_NPOINTS] = {0};
    for (int i = 0; i < n; i++)
        dead[i] = (p[REVIEW_HEAD + i / 8] >> (7 - i % 8)) & 1;
    /* The leader keeps the marks, but our player's acceptance is ours: it
     * stands only as our own requests, in the order the leader applied
     * them, left it, and only for the marks our player saw (docs/link.md,
     * "What a peer can make us do"). */
    int own = l->sync.own_accept;
    unsigned own_marks = l->sync.own_accept_marks;
    for (unsigned i = 0; i < applied; i++) {
        if (l->sync.ops[i].op == OP_ACCEPT)
            own = 1, own_marks = l->sync.ops[i].marks;
        else if (l->sync.ops[i].op == OP_WITHDRAW || l->sync.ops[i].op == OP_TOGGLE)
            own = 0;
    }
    const char *forged = NULL;
    if (l->review.known && (marks < l->sync.marks ||
                            (marks == l->sync.marks && memcmp(dead, l->review.dead, (size_t)n))))
        forged = "it changed the marks and kept their revision";
    else if ((p[8] & REVIEW_ACCEPT_W) &&
             !(own && l->review.known && own_marks == marks && marks == l->sync.marks))
        forged = "it said our player accepted marks our player did not accept";
    else if ((p[8] & REVIEW_COUNTED) && (p[8] & (REVIEW_ACCEPT_B | REVIEW_ACCEPT_W)) !=
                                            (REVIEW_ACCEPT_B | REVIEW_ACCEPT_W))
        forged = "it counted marks both players had not accepted";
    if (forged) {
        fail(l, LINK_ERR_FORGED, forged, 1);
        return;
    }
    memmove(l->sync.ops, l->sync.ops + applied, (size_t)(l->sync.n_ops - (int)applied) * sizeof l->sync.ops[0]);
    l->sync.n_ops -= (int)applied;
    l->sync.own_accept = own;
    l->sync.own_accept_marks = own_marks;
    l->sync.req_done = req_done;
    l->sync.rev = rev;
    l->sync.marks = marks;
    l->review.pending = l->sync.n_ops;
    l->review.known = 1;
    l->review.accepted_black = !!(p[8] & REVIEW_ACCEPT_B);
    l->review.accepted_white = !!(p[8] & REVIEW_ACCEPT_W);
    memcpy(l->review.dead, dead, (size_t)n);
    if (review_count(l) != 0)
        return;
    if (p[8] & REVIEW_COUNTED) {
        if (l->review.black != p[9] || l->review.white != p[10]) {
            char d[96];
            snprintf(d, sizeof d, "the consoles count the marks differently: B %d/%d, W %d/%d",
                     l->review.black, p[9], l->review.white, p[10]);
            fail(l, LINK_ERR_DIVERGED, d, 1);
            return;
        }
        count_result(l);
        l->state = LINK_OVER;
        l->sync.n_ops = 0;
        l->review.pending = 0;
        push_event(l, (link_event_t){.kind = LINK_EV_OVER});
    } else {
        push_event(l, (link_event_t){.kind = LINK_EV_MARKS});
    }
    send_mark(l);
}

/* After a move is applied (either side's): the state it leads to. */
static void after_move(link_t *l, uint8_t b)
{
    if (l->resigned != EMPTY) {
        l->state = LINK_OVER;
        snprintf(l->result, sizeof l->result, "%s+R", l->resigned == BLACK ? "W" : "B");
        push_event(l, (link_event_t){.kind = LINK_EV_OVER, .resign = 1});
        return;
    }
    if (b == LINK_BYTE_RESUME) {
        l->state = LINK_PLAYING;
        memset(&l->sync, 0, sizeof l->sync);
        l->review.pending = 0;
        push_event(l, (link_event_t){.kind = LINK_EV_RESUMED});
    }
    /* Two passes, or the list is full (even by a RESUME): the review. */
    if (l->board.game_over || l->n_moves >= move_cap(l))
        review_begin(l);
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
        char d[80];
        snprintf(d, sizeof d, "the other console asked for a %dx%d board (%d..%d)", peer_size,
                 peer_size, BOARD_MIN_SIZE, LINK_MAX_SIZE);
        fail(l, LINK_ERR_CONFIG, d, 1);
        return;
    }
    /* The game's move limit is the smaller of the two consoles' (a game
     * that reaches it is counted as it stands); a limit too small for the
     * moves either side already holds is no agreement. */
    int peer_max = (int)get16(p + 15);
    int max = peer_max < LINK_MAX_MOVES ? peer_max : LINK_MAX_MOVES;
    if (peer_n > max || my_n > max || max < 2) {
        char d[120];
        snprintf(d, sizeof d, "moves held: ours %d, theirs %d; limits: ours %d, theirs %d", my_n,
                 peer_n, LINK_MAX_MOVES, peer_max);
        fail(l, LINK_ERR_CONFIG, d, 1);
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
        fail(l, LINK_ERR_CONFIG, "the saved games differ in board size, komi or colours", 1);
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
    if (l->prefs.rules && l->prefs.rules->decide && size != GO_RULES_SIZE) {
        char d[80];
        snprintf(d, sizeof d, "this console's rules in logic judge %dx%d only, not %dx%d",
                 GO_RULES_SIZE, GO_RULES_SIZE, size, size);
        fail(l, LINK_ERR_CONFIG, d, 1);
        return;
    }
    if (my_n == 0 && peer_n > 0 && !l->took_theirs) {
        /* Every move of its saved game, of both colours, would become ours:
         * the player decides, not the other console. */
        if (l->prefs.theirs == LINK_THEIRS_REFUSE) {
            char d[160];
            snprintf(d, sizeof d,
                     "it offered %d moves; this console holds no saved game and takes none",
                     peer_n);
            fail(l, LINK_ERR_DECLINED, d, 1);
            return;
        }
        if (l->prefs.theirs == LINK_THEIRS_ASK) {
            l->offer = (link_offer_t){.moves = peer_n, .size = size, .komi2 = komi, .mine = mine};
            l->state = LINK_OFFER;
            push_event(l, (link_event_t){.kind = LINK_EV_OFFER});
            return;
        }
        l->took_theirs = 1;
    }
    if (my_n == 0)
        board_reset(&l->board, size, komi);
    l->agreed = (link_agreement_t){.size = size,
                                   .komi2 = komi,
                                   .mine = mine,
                                   .resumed = my_n > peer_n ? my_n : peer_n,
                                   .max_moves = max};
    l->n_acked = my_n < peer_n ? my_n : peer_n;
    link_state_t st = state_of_moves(l);
    l->state = LINK_PLAYING;
    l->resend_pending = 0;
    l->rto = LINK_RTO_MS;
    memset(&l->review, 0, sizeof l->review);
    memset(&l->sync, 0, sizeof l->sync);
    l->result[0] = 0;
    push_event(l, (link_event_t){.kind = LINK_EV_READY});
    if (l->n_acked < l->n_moves)
        send_next_move(l); /* catch the other console up */
    if (st == LINK_OVER) {
        l->state = LINK_OVER;
        snprintf(l->result, sizeof l->result, "%s+R", l->resigned == BLACK ? "W" : "B");
    } else if (st == LINK_REVIEW) {
        review_begin(l);
    }
}

static void maybe_ready(link_t *l)
{
    if (l->state == LINK_HANDSHAKE && l->have_peer_hello && l->peer_has_mine)
        agree(l);
}

static void on_hello(link_t *l, const uint8_t *p, size_t len)
{
    uint8_t v2[HELLO_LEN];
    if (len == HELLO_LEN_V2 && p[0] < LINK_VERSION && l->state == LINK_HANDSHAKE) {
        /* An older console: kept so that agree() names the versions. */
        memset(v2, 0, sizeof v2);
        memcpy(v2, p, HELLO_LEN_V2);
        p = v2;
    } else if (len != HELLO_LEN) {
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
    if (l->n_moves >= move_cap(l)) {
        /* Both sides know the limit from the handshake: this is the other
         * console's mistake, not a move of ours. */
        char d[96];
        snprintf(d, sizeof d, "move %d, past the agreed limit of %d moves", l->n_moves + 1,
                 move_cap(l));
        fail(l, LINK_ERR_ILLEGAL, d, 1);
        return;
    }
    int peer_n = (int)get16(l->peer_hello + 8);
    Stone peer = stone_opponent(l->agreed.mine);
    /* Who made this move: RESUME is the review leader's (Black's) byte. */
    Stone author = p[0] == LINK_BYTE_RESUME ? BLACK : l->board.turn;
    if (l->n_moves >= peer_n) { /* not a catch-up of moves made before a reconnect */
        if (author != peer) {
            fail(l, LINK_ERR_ILLEGAL,
                 p[0] == LINK_BYTE_RESUME ? "a resume from White's console" : "a move out of turn",
                 1);
            return;
        }
    } else if (author != peer && !l->took_theirs) {
        /* A catch-up move in our player's name: we save every own move
         * before it goes out, so we would hold it.  Its saved game is
         * not ours. */
        char d[120];
        snprintf(d, sizeof d,
                 "its saved game holds move %d in our player's name, which this console never "
                 "made",
                 l->n_moves + 1);
        fail(l, LINK_ERR_FORGED, d, 1);
        return;
    }
    Stone who;
    Move mv = {0};
    int resign;
    char err[256];
    int r = apply_byte(l, p[0], &who, &mv, &resign, err, sizeof err);
    if (r == APPLY_RULES_FAILED) {
        fail(l, LINK_ERR_RULES, err, 1);
        return;
    }
    if (r != MOVE_OK) {
        static const char *const why[] = {"", "suicide", "ko", "occupied", "off the board",
                                          "after the end"};
        char d[96];
        Move m;
        char where[8] = "?";
        if (link_decode_move(l->board.size, p[0], &m) == 0)
            board_vertex_format(l->board.size, m, where, sizeof where);
        snprintf(d, sizeof d, "move %d, %s %s: %s", l->n_moves + 1, who == BLACK ? "B" : "W",
                 where, r > 0 && r <= MOVE_ILLEGAL_GAME_OVER ? why[r] : "refused");
        fail(l, LINK_ERR_ILLEGAL, d, 1);
        return;
    }
    l->n_acked = l->n_moves;
    send_ack(l);
    if (p[0] != LINK_BYTE_RESUME)
        push_event(l, (link_event_t){.kind = LINK_EV_PEER_MOVE, .color = who, .move = mv,
                                     .resign = resign});
    after_move(l, p[0]);
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
    if (type != LINK_T_HELLO && type != LINK_T_ERROR && l->state == LINK_OFFER)
        return; /* the player has not answered yet: the peer resends */
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
    case LINK_T_ERROR:
        fail(l, LINK_ERR_PEER, peer_error_text(n == 1 ? p[0] : 0), 0);
        break;
    case LINK_T_REVIEW:
        on_review(l, p, n);
        break;
    case LINK_T_MARK:
        on_mark(l, p, n);
        break;
    }
}

static int type_ok(uint8_t t)
{
    return t >= LINK_T_HELLO && t <= LINK_T_MARK;
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
    int waiting = l->state != LINK_OVER || !link_settled(l);
    if (waiting && now_ms - l->heard_ms > LINK_SILENCE_MS) {
        fail(l, LINK_ERR_SILENT, NULL, 0);
        return;
    }
    if (l->resend_pending && now_ms >= l->resend_at) {
        l->stats.retransmits++;
        l->rto = l->rto * 2 > LINK_RTO_MAX_MS ? LINK_RTO_MAX_MS : l->rto * 2;
        if (l->state == LINK_HANDSHAKE || l->state == LINK_OFFER) {
            send_hello(l, 0); /* in LINK_OFFER: keeps the peer from calling us silent */
            arm_resend(l);
        } else {
            send_next_move(l);
        }
    }
    if (l->sync.resend_pending && now_ms >= l->sync.resend_at &&
        (l->state == LINK_REVIEW || l->state == LINK_OVER)) {
        l->stats.retransmits++;
        if (is_leader(l))
            send_review(l);
        else if (l->state == LINK_REVIEW)
            send_mark(l);
    }
    if ((l->state == LINK_PLAYING || l->state == LINK_REVIEW) &&
        now_ms - l->sent_ms >= LINK_PING_MS) {
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
    char err[256];
    int r = apply_byte(l, b, &who, &mv, &resign, err, sizeof err);
    if (r == APPLY_RULES_FAILED) {
        fail(l, LINK_ERR_RULES, err, 1);
        return -2;
    }
    if (r != MOVE_OK)
        return r;
    if (l->n_acked == l->n_moves - 1)
        send_next_move(l);
    after_move(l, b);
    return MOVE_OK;
}

int link_play(link_t *l, Move m, uint64_t now_ms)
{
    if (!link_my_turn(l))
        return -1;
    if (!m.pass && (m.row < 0 || m.col < 0 || m.row >= l->board.size || m.col >= l->board.size))
        return MOVE_ILLEGAL_OFF_BOARD;
    return play_byte(l, link_encode_move(l->board.size, m), now_ms);
}

int link_resign(link_t *l, uint64_t now_ms)
{
    if (!link_my_turn(l))
        return -1;
    return play_byte(l, LINK_BYTE_RESIGN, now_ms) == MOVE_OK ? 0 : -1;
}

const link_offer_t *link_offer(const link_t *l)
{
    return l->state == LINK_OFFER ? &l->offer : NULL;
}

int link_take_offer(link_t *l, int take, uint64_t now_ms)
{
    l->now = now_ms;
    if (l->state != LINK_OFFER)
        return -1;
    if (!take) {
        fail(l, LINK_ERR_DECLINED, "the player declined it", 1);
        return 0;
    }
    l->took_theirs = 1;
    l->state = LINK_HANDSHAKE;
    agree(l); /* the same two hellos, the same agreement, now taken */
    return 0;
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
int link_settled(const link_t *l)
{
    int marks_unseen = (l->state == LINK_REVIEW || l->state == LINK_OVER) && is_leader(l) &&
                       l->resigned == EMPTY && l->sync.seen < l->sync.rev;
    return l->n_acked == l->n_moves && !marks_unseen;
}

const uint8_t *link_moves(const link_t *l, int *n)
{
    *n = l->n_moves;
    return l->moves;
}

void link_result_string(const link_t *l, char *buf, size_t len)
{
    snprintf(buf, len, "%s", l->state == LINK_OVER ? l->result : "");
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
        if (l->moves[i] == LINK_BYTE_RESUME) { /* implied by the move after two passes */
            b.game_over = 0;
            b.consecutive_passes = 0;
            continue;
        }
        if (link_decode_move(b.size, l->moves[i], &m) != 0 || sgf_add_move(g, b.turn, m) != 0)
            return -1;
        board_apply(&b, m);
    }
    link_result_string(l, g->result, sizeof g->result);
    return 0;
}

int link_bytes_from_sgf(const sgf_game_t *rec, uint8_t *out, int cap)
{
    if (rec->n_setup || rec->size < BOARD_MIN_SIZE || rec->size > LINK_MAX_SIZE)
        return -1;
    int n = 0, passes = 0;
    Stone turn = BLACK;
    for (int i = 0; i < rec->n_moves; i++) {
        Move m = rec->moves[i].move;
        if (rec->moves[i].color != turn)
            return -1;
        if (passes >= 2) {
            if (n >= cap)
                return -1;
            out[n++] = LINK_BYTE_RESUME;
            passes = 0;
        }
        if (m.pass)
            passes++;
        else if (m.row < 0 || m.col < 0 || m.row >= rec->size || m.col >= rec->size)
            return -1;
        else
            passes = 0;
        if (n >= cap)
            return -1;
        out[n++] = link_encode_move(rec->size, m);
        turn = stone_opponent(turn);
    }
    return n;
}
