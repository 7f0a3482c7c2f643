/*
 * rules.h - the seam between Go's players (the GTP engine, the console's Go
 * screen) and whoever decides the rules: the software engine of board.c,
 * or the go_rules peripheral of seed 001 behind src/drivers/go_rules.c
 * (`--rules hw`).  Pure C: the hardware side fills a go_rules_t with its
 * own functions, so this folder never sees a driver.  rules is NULL (board.c
 * decides) or points at the driver's go_rules_hw_rules(&hw)
 * (src/drivers/go_rules.h); the console finds it in env->go_rules.
 *
 * Usage (given go_rules_t *rules, BoardState *board, Move m):
 *   char err[128];
 *   MoveResult r;
 *   if (go_rules_play(rules, board, BLACK, m, &r, err, sizeof err) != 0) {
 *       // the decider failed (err says why); board unchanged
 *   } else if (r != MOVE_OK) {
 *       // refused: r is the reason; board unchanged
 *   }
 *
 * With rules NULL (or no decide function) every call is board.c's own.
 * With a decider, it gets the 9x9 position, the ko board (the position the
 * move may not recreate: the one before the opponent's last move, or the
 * position itself when no ko is possible, docs/go_rules.md) and the move;
 * its verdict, resulting board and capture count are the answer.  The
 * BoardState (hashes, groups, counters) is then brought along by board.c
 * and must land on the same board: a disagreement is reported, never
 * papered over, and the board is left as it was.
 */
#ifndef TABLETOP_GO_RULES_H
#define TABLETOP_GO_RULES_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"

#define GO_RULES_SIZE 9
#define GO_RULES_NPOINTS (GO_RULES_SIZE * GO_RULES_SIZE) /* 81: point = row * 9 + col */

/* One decision. */
typedef struct go_rules_decision {
    MoveResult result;                 /* MOVE_OK, or occupied / suicide / ko */
    uint8_t board[GO_RULES_NPOINTS];   /* the position after the move (before it if refused) */
    int captured;                      /* stones removed by a legal move */
    uint32_t cycles;                   /* clocks the hardware took (0: software) */
} go_rules_decision_t;

typedef struct go_rules {
    const char *name; /* "sw", "hw" */
    /* Decides colour's move m (pass or a point) on board, which must not
     * become ko.  Returns 0 with *d filled, or -1 with a one-line message
     * when the decider itself failed (no answer). */
    int (*decide)(void *ctx, const uint8_t board[GO_RULES_NPOINTS],
                  const uint8_t ko[GO_RULES_NPOINTS], Stone colour, Move m,
                  go_rules_decision_t *d, char *err, size_t errlen);
    /* Seed 001's territory count: each colour's stones plus the empty
     * points that reach none of the other colour's stones.  Returns 0, or
     * -1 with a message.  May be NULL. */
    int (*territory)(void *ctx, const uint8_t board[GO_RULES_NPOINTS], int *black, int *white,
                     char *err, size_t errlen);
    void *ctx;
    /* Decisions made and the hardware clocks they took, for reports. */
    uint64_t decisions;
    uint64_t cycles_total;
    uint32_t cycles_max;
} go_rules_t;

/* The 9x9 position of b as points (0 empty, 1 black, 2 white) and the ko
 * board for colour's next move.  Returns 0, or -1 if b is not 9x9. */
int go_rules_position(const BoardState *b, Stone colour, uint8_t board[GO_RULES_NPOINTS],
                      uint8_t ko[GO_RULES_NPOINTS]);

/* What playing colour's m on b would give, without changing b: *result is
 * MOVE_OK or the reason.  Returns 0, or -1 with a message (hardware failed,
 * hardware rules on a board that is not 9x9, or a disagreement with
 * board.c). */
int go_rules_check(go_rules_t *rules, const BoardState *b, Stone colour, Move m,
                   MoveResult *result, char *err, size_t errlen);

/* Plays colour's m on b when legal (*result MOVE_OK), else leaves b as it
 * was with the reason in *result.  Returns 0, or -1 with a message and b
 * unchanged. */
int go_rules_play(go_rules_t *rules, BoardState *b, Stone colour, Move m, MoveResult *result,
                  char *err, size_t errlen);

/* Area counts of b: by the territory function when there is one, else
 * board_score's.  Returns 0 or -1 with a message. */
int go_rules_territory(go_rules_t *rules, const BoardState *b, int *black, int *white,
                       char *err, size_t errlen);

/* The software decider (board.c with the ko board compared as the seed
 * does), for tests and for timing it beside the hardware. */
int go_rules_sw_decide(void *ctx, const uint8_t board[GO_RULES_NPOINTS],
                       const uint8_t ko[GO_RULES_NPOINTS], Stone colour, Move m,
                       go_rules_decision_t *d, char *err, size_t errlen);

#endif
