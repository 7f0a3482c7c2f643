/* rules.c - software or hardware Go rules behind one seam (rules.h). */
#include "rules.h"

#include <stdio.h>
#include <string.h>

#include "internal/board_private.h"

static const char *result_name(MoveResult r)
{
    switch (r) {
    case MOVE_OK:
        return "legal";
    case MOVE_ILLEGAL_SUICIDE:
        return "suicide";
    case MOVE_ILLEGAL_KO:
        return "ko";
    case MOVE_ILLEGAL_OCCUPIED:
        return "occupied";
    case MOVE_ILLEGAL_OFF_BOARD:
        return "off board";
    case MOVE_ILLEGAL_GAME_OVER:
        return "game over";
    }
    return "?";
}

int go_rules_position(const BoardState *b, Stone colour, uint8_t board[GO_RULES_NPOINTS],
                      uint8_t ko[GO_RULES_NPOINTS])
{
    if (b->size != GO_RULES_SIZE)
        return -1;
    for (int r = 0; r < GO_RULES_SIZE; r++)
        for (int c = 0; c < GO_RULES_SIZE; c++)
            board[r * GO_RULES_SIZE + c] = (uint8_t)board_get(b, r, c);
    memcpy(ko, board, GO_RULES_NPOINTS);
    /* A move can recreate the position before the opponent's last move
     * only when that move took exactly one stone (ours, at ko_point) with
     * a lone stone left in atari: board.c marks that case.  The position
     * then was ours at ko_point, the point of their last move empty. */
    if (b->ko_point && b->ko_color == colour && !b->last_move.pass && b->last_move.row >= 0) {
        ko[board_point_row(b->ko_point) * GO_RULES_SIZE + board_point_col(b->ko_point)] =
            (uint8_t)colour;
        ko[b->last_move.row * GO_RULES_SIZE + b->last_move.col] = EMPTY;
    }
    return 0;
}

/* The decision of rules for colour's m on b, checked against board.c.
 * Returns 0 with *d, or -1 with a message. */
static int rules_decide(go_rules_t *rules, const BoardState *b, Stone colour, Move m,
                        go_rules_decision_t *d, char *err, size_t errlen)
{
    MoveResult sw = m.pass ? MOVE_OK : board_check(b, colour, m.row, m.col);
    memset(d, 0, sizeof *d);
    if (!rules || !rules->decide) {
        d->result = sw;
        return 0;
    }
    uint8_t board[GO_RULES_NPOINTS], ko[GO_RULES_NPOINTS];
    if (go_rules_position(b, colour, board, ko) != 0) {
        snprintf(err, errlen, "the %s rules play 9x9 only, not %dx%d: use --rules sw",
                 rules->name, b->size, b->size);
        return -1;
    }
    if (sw == MOVE_ILLEGAL_OFF_BOARD) {
        d->result = sw; /* nothing the peripheral could be asked */
        memcpy(d->board, board, sizeof board);
        return 0;
    }
    if (rules->decide(rules->ctx, board, ko, colour, m, d, err, errlen) != 0)
        return -1;
    rules->decisions++;
    rules->cycles_total += d->cycles;
    if (d->cycles > rules->cycles_max)
        rules->cycles_max = d->cycles;
    if (d->result != sw) {
        char v[8];
        board_vertex_format(b->size, m, v, sizeof v);
        snprintf(err, errlen, "%s rules and the software disagree on %s %s: %s against %s",
                 rules->name, colour == WHITE ? "white" : "black", v, result_name(d->result),
                 result_name(sw));
        return -1;
    }
    return 0;
}

int go_rules_check(go_rules_t *rules, const BoardState *b, Stone colour, Move m,
                   MoveResult *result, char *err, size_t errlen)
{
    go_rules_decision_t d;
    if (rules_decide(rules, b, colour, m, &d, err, errlen) != 0)
        return -1;
    *result = d.result;
    return 0;
}

int go_rules_play(go_rules_t *rules, BoardState *b, Stone colour, Move m, MoveResult *result,
                  char *err, size_t errlen)
{
    go_rules_decision_t d;
    if (rules_decide(rules, b, colour, m, &d, err, errlen) != 0)
        return -1;
    *result = d.result;
    if (d.result != MOVE_OK)
        return 0;
    BoardState before;
    board_copy(&before, b);
    if (m.pass)
        board_pass_color(b, colour);
    else
        board_play(b, colour, m.row, m.col);
    if (!rules || !rules->decide)
        return 0;
    /* The hardware's board and count, and board.c's, must be one. */
    uint8_t after[GO_RULES_NPOINTS], ko[GO_RULES_NPOINTS];
    go_rules_position(b, colour, after, ko);
    int captured = m.pass ? 0 : b->last_captures;
    if (memcmp(after, d.board, sizeof after) != 0 || captured != d.captured) {
        char v[8];
        board_vertex_format(b->size, m, v, sizeof v);
        snprintf(err, errlen,
                 "%s rules and the software disagree on the board after %s %s "
                 "(captures %d against %d)",
                 rules->name, colour == WHITE ? "white" : "black", v, d.captured, captured);
        board_copy(b, &before);
        return -1;
    }
    return 0;
}

int go_rules_territory(go_rules_t *rules, const BoardState *b, int *black, int *white,
                       char *err, size_t errlen)
{
    if (!rules || !rules->territory) {
        board_score(b, black, white);
        return 0;
    }
    uint8_t board[GO_RULES_NPOINTS], ko[GO_RULES_NPOINTS];
    if (go_rules_position(b, BLACK, board, ko) != 0) {
        snprintf(err, errlen, "the %s rules play 9x9 only, not %dx%d: use --rules sw",
                 rules->name, b->size, b->size);
        return -1;
    }
    return rules->territory(rules->ctx, board, black, white, err, errlen);
}

int go_rules_sw_decide(void *ctx, const uint8_t board[GO_RULES_NPOINTS],
                       const uint8_t ko[GO_RULES_NPOINTS], Stone colour, Move m,
                       go_rules_decision_t *d, char *err, size_t errlen)
{
    (void)ctx;
    static BoardState b; /* large: not on the stack (one caller at a time) */
    memset(d, 0, sizeof *d);
    memcpy(d->board, board, GO_RULES_NPOINTS);
    d->result = MOVE_OK;
    if (m.pass)
        return 0;
    if (m.row < 0 || m.row >= GO_RULES_SIZE || m.col < 0 || m.col >= GO_RULES_SIZE ||
        (colour != BLACK && colour != WHITE)) {
        snprintf(err, errlen, "no such move for the software rules");
        return -1;
    }
    board_reset(&b, GO_RULES_SIZE, BOARD_DEFAULT_KOMI2);
    for (int p = 0; p < GO_RULES_NPOINTS; p++)
        if (board[p] != EMPTY)
            board_setup_any(&b, (Stone)board[p], p / GO_RULES_SIZE, p % GO_RULES_SIZE);
    MoveResult r = board_play(&b, colour, m.row, m.col);
    if (r != MOVE_OK) {
        d->result = r;
        return 0;
    }
    uint8_t after[GO_RULES_NPOINTS];
    for (int p = 0; p < GO_RULES_NPOINTS; p++)
        after[p] = (uint8_t)board_get(&b, p / GO_RULES_SIZE, p % GO_RULES_SIZE);
    if (!memcmp(after, ko, sizeof after)) {
        d->result = MOVE_ILLEGAL_KO;
        return 0;
    }
    memcpy(d->board, after, sizeof after);
    d->captured = b.last_captures;
    return 0;
}
