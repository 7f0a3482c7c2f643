/*
 * link.h - Go between two consoles over a byte link (seed 001; docs/link.md).
 *
 * Pure C: no I/O, no clock.  The caller feeds the bytes it read
 * (link_feed), lets time pass (link_tick, milliseconds of any monotonic
 * clock), sends what link_take_output gives, and plays the local side's
 * moves with link_play.  Bytes may arrive one at a time with any spacing,
 * or be lost, garbled, duplicated or late: every frame carries a CRC-16,
 * moves are numbered, acknowledged and retransmitted, and every
 * acknowledgement carries a hash of the whole move list, so the two sides
 * either hold the same game or stop with a message (never two boards).
 *
 * Frame (all fields one byte unless said):
 *
 *   0xA5  TYPE  SEQ  LEN  PAYLOAD[LEN]  CRC16-hi  CRC16-lo
 *
 * CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over TYPE..PAYLOAD.
 * The move itself is the seed's one byte (LINK_MOVE payload[0]):
 * row * size + col for a point, LINK_BYTE_PASS, LINK_BYTE_RESIGN, and
 * LINK_BYTE_RESUME (play resumes after a review; docs/link.md).
 *
 * Who judges: every move, this side's and the peer's, goes through the
 * rules seam of link_prefs_t.rules (rules.h): board.c when it is NULL,
 * seed 001's go_rules peripheral with `--rules hw`.  A peer's move our
 * rules refuse stops the link on both sides (LINK_ERR_ILLEGAL).
 *
 * The end: two passes begin the dead-stone review (LINK_REVIEW).  One set
 * of marks is shared: Black's console keeps it (the review leader) and
 * White's sends its requests (flip a chain, accept, resume play), so the
 * two never hold different marks for long and never count different ones.
 * When both accept the same marks the leader counts, with the rules'
 * territory counter (seed 001's, in logic with `--rules hw`), and sends
 * its counts; the other side counts the same marks itself and must agree.
 */
#ifndef TABLETOP_GO_LINK_H
#define TABLETOP_GO_LINK_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "sgf.h"

/* 2: the dead-stone review (REVIEW, MARK frames; RESUME).  3: HELLO
 * carries the most moves the console holds; a game that reaches the
 * agreed limit goes to the review, and each side trusts the other only
 * for the other's own player (docs/link.md, "What a peer can make us do"). */
#define LINK_VERSION 3
#define LINK_SOF 0xA5
#define LINK_MAX_PAYLOAD 48
#define LINK_MAX_MOVES 1024   /* move bytes a game holds (the record's SGF_MAX_MOVES); told at the handshake */
#define LINK_MAX_SIZE 15      /* row*size+col must stay below 0xF0 */
#define LINK_BYTE_PASS 0xFE
#define LINK_BYTE_RESIGN 0xFD
#define LINK_BYTE_RESUME 0xFC /* the review ends, play goes on (sent by the review leader) */

/* Timing, in ms of the caller's clock. */
#define LINK_RTO_MS 1200        /* first retransmission of an unacknowledged frame */
#define LINK_RTO_MAX_MS 4000    /* retransmissions back off to this */
#define LINK_GAP_MS 1500        /* a frame whose next byte is this late is dropped */
#define LINK_PING_MS 2000       /* idle keep-alive */
#define LINK_SILENCE_MS 30000   /* no valid frame for this long: the peer is gone */

typedef enum {
    LINK_T_HELLO = 1, /* handshake: prefs, nonce, moves held and their hash */
    LINK_T_MOVE = 2,  /* SEQ = move index mod 256, payload: the move byte */
    LINK_T_ACK = 3,   /* SEQ = move index acknowledged, payload: count u16, hash u32 */
    LINK_T_PING = 4,  /* keep-alive, payload: count u16, hash u32 */
    LINK_T_ERROR = 5, /* payload: code; the sender has stopped */
    LINK_T_REVIEW = 6, /* leader -> other: the marks, acceptances, requests applied, counts */
    LINK_T_MARK = 7,   /* other -> leader: one request (flip, accept, withdraw, resume) */
} link_type_t;

typedef enum {
    LINK_HANDSHAKE = 0, /* waiting for the peer's hello */
    LINK_OFFER,         /* the peer offers its saved game and this side holds none:
                           link_offer(), answered by link_take_offer() */
    LINK_PLAYING,       /* agreed; moves flow */
    LINK_REVIEW,        /* two passes: the dead-stone review (link_review()) */
    LINK_OVER,          /* counted (both accepted the marks) or resigned */
    LINK_FAILED,        /* stopped: link_error() says why */
} link_state_t;

/* Why a link stopped (also the LINK_T_ERROR code on the wire). */
typedef enum {
    LINK_OK = 0,
    LINK_ERR_VERSION = 1,   /* the peer speaks another protocol version */
    LINK_ERR_DIVERGED = 2,  /* the two move lists differ: never play on */
    LINK_ERR_CONFIG = 3,    /* saved games of different size, komi or colours */
    LINK_ERR_ILLEGAL = 4,   /* the peer sent a move our rules refuse */
    LINK_ERR_SILENT = 5,    /* nothing valid heard for LINK_SILENCE_MS */
    LINK_ERR_PEER = 6,      /* the peer stopped (its LINK_T_ERROR) */
    LINK_ERR_CLOSED = 7,    /* the transport closed (set by the caller) */
    LINK_ERR_RULES = 8,     /* this side's rules failed to answer (hardware rules) */
    LINK_ERR_FORGED = 9,    /* the peer spoke for our player: a move, an acceptance we never made */
    LINK_ERR_DECLINED = 10, /* this side declined (or may not take) the peer's saved game */
} link_error_t;

struct go_rules;

/* Colour wish: EMPTY means "either". */
typedef struct link_prefs {
    int size;       /* 5..15; 0: 9 */
    int komi2;      /* komi in half points; used only when size != 0 or komi_set */
    int komi_set;   /* 1: komi2 is meant (0.0 komi is legal) */
    Stone color;    /* the colour this side wants, EMPTY: either */
    uint32_t nonce; /* random; breaks ties (both want the same colour) */
    /* Who judges moves and counts the end (rules.h): NULL board.c; with a
     * decider that is 9x9 only (go_rules), a game of another size is refused
     * at the handshake.  Not owned; must outlive the link. */
    struct go_rules *rules;
    /* A saved game the peer offers when this side holds none: its moves of
     * both colours would become ours.  LINK_THEIRS_REFUSE stops the link
     * (LINK_ERR_DECLINED), LINK_THEIRS_ASK stops in LINK_OFFER until the
     * player answers (link_take_offer), LINK_THEIRS_TAKE takes it. */
    enum { LINK_THEIRS_REFUSE = 0, LINK_THEIRS_ASK, LINK_THEIRS_TAKE } theirs;
} link_prefs_t;

/* What the two sides agreed. */
typedef struct link_agreement {
    int size;
    int komi2;
    Stone mine;   /* this side's colour */
    int resumed;  /* moves held before the handshake that the game kept */
    int max_moves; /* the smaller of the two consoles' limits (told in HELLO): the game
                      goes to the review when its move bytes reach it */
} link_agreement_t;

/* What the peer offers in LINK_OFFER. */
typedef struct link_offer {
    int moves;    /* move bytes of its saved game */
    int size, komi2;
    Stone mine;   /* the colour this side would play */
} link_offer_t;

/* Fault counters (figures for tests and docs). */
typedef struct link_stats {
    unsigned frames_in, frames_out;
    unsigned crc_errors;     /* a complete frame whose CRC failed */
    unsigned framing_errors; /* bad length or type, garbage between frames */
    unsigned gap_drops;      /* partial frames dropped because the next byte was late */
    unsigned duplicates;     /* a move frame already applied (its ack was lost) */
    unsigned stale;          /* acks or moves for another move number */
    unsigned retransmits;
} link_stats_t;

typedef enum {
    LINK_EV_NONE = 0,
    LINK_EV_READY,     /* handshake done: link_agreement() */
    LINK_EV_OFFER,     /* the peer offers its saved game (LINK_OFFER): ask the player */
    LINK_EV_PEER_MOVE, /* the peer's move (or a resent own move from the catch-up) applied */
    LINK_EV_ACKED,     /* our last move is agreed by the peer */
    LINK_EV_REVIEW,    /* two passes: the review began (LINK_REVIEW) */
    LINK_EV_MARKS,     /* the review's marks or acceptances changed (either side) */
    LINK_EV_RESUMED,   /* the review ended and play goes on (LINK_PLAYING) */
    LINK_EV_OVER,      /* the game ended: counted or a resignation */
    LINK_EV_FAILED,    /* stopped: link_error(), link_message() */
} link_event_kind_t;

typedef struct link_event {
    link_event_kind_t kind;
    Stone color; /* LINK_EV_PEER_MOVE: who moved */
    Move move;   /* LINK_EV_PEER_MOVE */
    int resign;  /* LINK_EV_PEER_MOVE/OVER: a resignation */
} link_event_t;

#define LINK_OUT_CAP 512
#define LINK_EVENTS 16
#define LINK_NPOINTS (LINK_MAX_SIZE * LINK_MAX_SIZE)
#define LINK_REVIEW_QUEUE 16

/* The dead-stone review as this side sees it. */
typedef struct link_review {
    int at;                      /* moves played when it began */
    uint8_t dead[LINK_NPOINTS];  /* row * size + col: 1 marked dead */
    int known;                   /* the leader's marks have arrived (always 1 on the leader) */
    int accepted_black, accepted_white; /* each side accepted these marks */
    int black, white;            /* area counts with the marked stones off, komi not included */
    int pending;                 /* this side's requests the leader has not applied yet */
    int at_limit;                /* begun because the game reached agreed.max_moves: no play on */
    int counting;                /* leader: both accepted and counted, the other side's
                                    confirmation awaited (no more changes) */
} link_review_t;

/* The review's private bookkeeping (link.c). */
typedef struct link_review_sync {
    unsigned rev;        /* the review state's revision (leader: current; other: last received) */
    unsigned marks;      /* the marks' own revision: a flip moves it, an acceptance does not */
    unsigned seen;       /* leader: the highest revision the other side confirmed */
    unsigned req_done;   /* requests of the other side applied (leader) / seen applied */
    unsigned req_next;   /* other side: the number of its next request */
    struct {
        uint8_t op, point;
        uint16_t marks;  /* the marks the player saw when asking (an accept is of those) */
    } ops[LINK_REVIEW_QUEUE]; /* other side: requests not yet applied */
    int n_ops;
    /* other side: its own acceptance as the leader applied its requests
     * (a REVIEW frame may claim no other) and the marks it was of */
    int own_accept;
    unsigned own_accept_marks;
    unsigned counted;    /* leader: the revision that carried the count (0: none) */
    int resend_pending;
    uint64_t resend_at;
} link_review_sync_t;

typedef struct link {
    /* ---- private; use the functions below ---- */
    link_state_t state;
    link_error_t error;
    char message[400];
    link_prefs_t prefs;
    link_agreement_t agreed;
    uint8_t moves[LINK_MAX_MOVES]; /* every move byte of the game, agreed or not */
    uint32_t hashes[LINK_MAX_MOVES + 1]; /* hashes[n]: hash of moves[0..n) */
    int n_moves;
    int n_acked;        /* moves the peer confirmed holding (both lists agree up to here) */
    int saved_moves;    /* moves held at init (resume) */
    int took_theirs;    /* this side took the peer's saved game (LINK_OFFER answered yes) */
    int saved_size, saved_komi2;
    Stone saved_mine;
    BoardState board;
    Stone resigned;     /* who resigned, EMPTY if nobody */
    /* handshake */
    int have_peer_hello, peer_has_mine;
    uint8_t peer_hello[LINK_MAX_PAYLOAD];
    link_offer_t offer;
    /* receive */
    uint8_t rx[LINK_MAX_PAYLOAD + 8];
    int rx_len;
    uint64_t rx_last_ms;
    uint64_t heard_ms;  /* last valid frame */
    /* transmit */
    uint8_t out[LINK_OUT_CAP];
    size_t out_len;
    uint64_t sent_ms;   /* last frame sent (pings) */
    int resend_pending; /* an own frame waits for its ack/answer */
    uint64_t resend_at;
    uint32_t rto;
    uint64_t now;
    int started;
    link_event_t events[LINK_EVENTS];
    int ev_head, ev_count;
    link_stats_t stats;
    link_review_t review;
    link_review_sync_t sync;
    char result[16];    /* "B+3.5", "W+R"; "" until over */
} link_t;

/* Starts a link.  saved/n_saved: the move bytes of a game this side holds
 * (resume after a reconnect; NULL/0 for a new game), with its size, komi
 * and this side's colour in saved_* (ignored when n_saved is 0).  Returns
 * 0, or -1 if the saved moves do not replay (message in link_message). */
int link_init(link_t *l, const link_prefs_t *prefs, const uint8_t *saved, int n_saved,
              int saved_size, int saved_komi2, Stone saved_mine);

/* LINK_OFFER: what the peer offers.  link_take_offer: 1 takes it (the
 * game goes on as LINK_EV_READY), 0 declines (the link stops on both
 * sides, LINK_ERR_DECLINED).  Returns 0, or -1 when nothing is offered. */
const link_offer_t *link_offer(const link_t *l);
int link_take_offer(link_t *l, int take, uint64_t now_ms);

/* Bytes read from the transport; now_ms is the caller's clock. */
void link_feed(link_t *l, const uint8_t *bytes, size_t n, uint64_t now_ms);

/* Lets time pass: retransmissions, keep-alives, dropped partial frames, silence. */
void link_tick(link_t *l, uint64_t now_ms);

/* Takes up to cap bytes to send; returns how many. */
size_t link_take_output(link_t *l, uint8_t *buf, size_t cap);

/* Plays this side's move, judged by the rules seam.  Returns MOVE_OK, a
 * MoveResult for an illegal move (nothing sent), -1 when it is not this
 * side's turn or the link is not playing, -2 when the rules did not answer
 * (the link stopped: link_message says why). */
int link_play(link_t *l, Move m, uint64_t now_ms);

/* This side resigns.  Returns 0, or -1 when not playing. */
int link_resign(link_t *l, uint64_t now_ms);

/* The review (LINK_REVIEW).  Each returns 0, or -1 when not in the review
 * (or, for toggle, when (row, col) holds no stone).  On the leader (Black)
 * the change is made at once; on the other side it is sent and shows when
 * the leader's marks come back (link_review()->pending meanwhile).
 *   toggle: flips the dead mark of the whole chain at (row, col); any
 *           change withdraws both acceptances
 *   accept: 1 accepts the marks as this side sees them, 0 withdraws; when
 *           both sides accept the same marks the game is counted (LINK_OVER)
 *   resume: the review ends and play goes on from the position (the player
 *           to move after the two passes moves) */
int link_review_toggle(link_t *l, int row, int col, uint64_t now_ms);
int link_review_accept(link_t *l, int accept, uint64_t now_ms);
int link_review_resume(link_t *l, uint64_t now_ms);
/* The review's state (meaningful in LINK_REVIEW and, frozen, in LINK_OVER
 * after a count). */
const link_review_t *link_review(const link_t *l);

/* The transport closed or failed: stop with that reason. */
void link_close(link_t *l, link_error_t why, const char *detail);

/* Next event (1), or 0 when none is queued. */
int link_next_event(link_t *l, link_event_t *ev);

link_state_t link_state(const link_t *l);
link_error_t link_error(const link_t *l);
const char *link_message(const link_t *l);
const link_agreement_t *link_agreement(const link_t *l);
const BoardState *link_board(const link_t *l);
const link_stats_t *link_stats(const link_t *l);
/* 1 when this side may move (playing, its turn, nothing unacknowledged... the
 * previous own move may still await its ack: moves alternate anyway). */
int link_my_turn(const link_t *l);
/* The move bytes so far and their number. */
const uint8_t *link_moves(const link_t *l, int *n);
/* Who resigned, EMPTY if nobody. */
Stone link_resigned(const link_t *l);
/* 1 when every move we hold has been acknowledged by the peer (and, on
 * the review leader, the other side confirmed the latest marks). */
int link_settled(const link_t *l);

/* "B+3.5", "W+R" (a resignation), "0"; "" while the game runs or is in
 * review.  Area scoring of the accepted marks by the rules' territory
 * counter (seed 001's), komi added to White. */
void link_result_string(const link_t *l, char *buf, size_t len);
/* The game as an SGF record (size, komi, moves, result; RESUME bytes are
 * not moves: a move after two passes implies one); -1 if too long. */
int link_to_sgf(const link_t *l, sgf_game_t *g);

/* The move bytes of a saved record (link_to_sgf's), a RESUME byte before
 * any move that follows two passes.  Returns how many (<= cap), or -1 when
 * the record does not fit or holds something a link game cannot (setup
 * stones, a move off the board). */
int link_bytes_from_sgf(const sgf_game_t *rec, uint8_t *out, int cap);

/* The seed's move byte for m on a size x size board, and back (-1: not a move byte). */
uint8_t link_encode_move(int size, Move m);
int link_decode_move(int size, uint8_t byte, Move *m);
/* CRC-16/CCITT-FALSE of n bytes. */
uint16_t link_crc16(const uint8_t *p, size_t n);
/* Hash of a move list, continuing from h (start: LINK_HASH_INIT). */
#define LINK_HASH_INIT 2166136261u
uint32_t link_hash_step(uint32_t h, uint8_t move_byte);

#endif
