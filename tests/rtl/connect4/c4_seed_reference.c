// c4_seed_reference.c - seed 004's Connect Four AI, written from the seed's
// text only (not from src/games/connect4/c4_ai.c nor rtl/connect4/), so that
// the parity test has a third party besides the C model and the RTL that was
// mirrored from it. Plain loops, no bit tricks: it is meant to be read against
// the seed. Where the seed's text leaves a choice open, the comment quotes it
// and docs/connect4.md ("Readings of the seed") says which reading is used.
#include "c4_seed_reference.h"

enum { ROWS = 6, COLS = 7 };

// Values of maxConnectFinder: "If so, it assigns this move the highest possible
// value. ... if so, it assigns this move the next highest value." Profits are
// at most 4 lines x 4 = 16 (below), so they stay below these.
enum { VALUE_WIN = 31, VALUE_BLOCK = 30 };

// "In a tiebreaker scenario, priority is given to the middle column, then
// alternating left and right going towards the outer edges of the board".
static const int tiebreak_order[COLS] = {3, 2, 4, 1, 5, 0, 6};

typedef struct {
    int cell[ROWS][COLS];
} board_t;

// The row a token dropped in col lands on, or -1 when the column is full.
static int board_open_row(const board_t *b, int col)
{
    for (int r = 0; r < ROWS; r++)
        if (b->cell[r][col] == C4REF_EMPTY)
            return r;
    return -1;
}

// genStateFromColumn: "takes the current game state, player, and a column as
// an input, and returns the new game state with the designated player having
// made a move in that column". Returns 0 when the column is full.
static int board_gen_state(const board_t *in, int player, int col, board_t *out)
{
    *out = *in;
    int r = board_open_row(in, col);
    if (r < 0)
        return 0;
    out->cell[r][col] = player;
    return 1;
}

// Consecutive tokens of player starting next to (r, c) in direction (dr, dc).
static int board_run(const board_t *b, int player, int r, int c, int dr, int dc)
{
    int n = 0;
    for (int k = 1; k <= 3; k++) {
        int rr = r + k * dr, cc = c + k * dc;
        if (rr < 0 || rr >= ROWS || cc < 0 || cc >= COLS)
            break;  // "making sure all bit accesses were in range"
        if (b->cell[rr][cc] != player)
            break;
        n++;
    }
    return n;
}

// Whether player dropping a token in col connects four.
static int board_wins_at(const board_t *b, int player, int col)
{
    int r = board_open_row(b, col);
    if (r < 0)
        return 0;
    // Vertical: downwards only, the seed's "bottom" direction, for fours too
    // (docs/connect4.md, reading 3); the cell above the landing cell is empty
    // in any position reached by play, so this matters only for the parity
    // test's arbitrary 84-bit states.
    if (1 + board_run(b, player, r, col, -1, 0) >= 4)
        return 1;
    static const int lines[3][2] = {{0, 1}, {1, 1}, {1, -1}};
    for (int i = 0; i < 3; i++) {
        int dr = lines[i][0], dc = lines[i][1];
        int len = 1 + board_run(b, player, r, col, dr, dc)
                    + board_run(b, player, r, col, -dr, -dc);
        if (len >= 4)
            return 1;
    }
    return 0;
}

// maxConnectFinder's value of dropping a disc of who in col, or -1 for a full
// column. "It first checks to see if playing in this column given the input
// game state will produce an AI win. If so, it assigns this move the highest
// possible value. It then checks to see if a move in this column is necessary
// to block a human player win on the next move; if so, it assigns this move the
// next highest value. It then assigns the column a value equal to the weighted
// sum of the number of consecutive opponent tokens bordering the next open
// position". For the AI's own move who is the AI and the opponent the human
// ("play in the spot where the human player would have the highest profit ...
// if the human player were to place there instead").
// Reading (docs/connect4.md, reading 2): "This same maxConnect logic is used
// both in determining AI moves and in the reverse case, predicting human
// player moves for looking ahead" swaps the roles: in the look-ahead who is the
// human, a human four is the highest value, a free block of an AI four the next,
// and the profit counts AI discs. (Written first with the roles kept, the
// reference disagreed with the project on 28,785 of 110,005 positions.)
static int board_column_value(const board_t *b, int col, int who)
{
    int r = board_open_row(b, col);
    if (r < 0)
        return -1;
    int other = who == C4REF_AI ? C4REF_HUMAN : C4REF_AI;
    if (board_wins_at(b, who, col))
        return VALUE_WIN;
    if (board_wins_at(b, other, col))
        return VALUE_BLOCK;
    // "These values are calculated for the top left, top right, left, right,
    // bottom left, bottom right, and bottom directions, and summed up".
    // Reading (docs/connect4.md, reading 1): the two sides of each line are
    // added first, "it also takes into account open spaces between player
    // tokens, i.e. it assigns a position that has an opponent token on either
    // side the same weighted value as a position next to two consecutive
    // opponent tokens", and the "weighted sum" weighs a line total of one token
    // 1 and of two tokens 4 (more makes a four: WIN or BLOCK above). (Written
    // first as one token = 1 per direction, the reference disagreed on 4,749
    // more positions.)
    static const int lines[4][2] = {{0, 1}, {1, 1}, {1, -1}, {-1, 0}};
    int sum = 0;
    for (int i = 0; i < 4; i++) {
        int dr = lines[i][0], dc = lines[i][1];
        int n = board_run(b, other, r, col, dr, dc);
        if (i < 3)  // no "top" direction: the cell above is empty
            n += board_run(b, other, r, col, -dr, -dc);
        sum += n == 0 ? 0 : n == 1 ? 1 : 4;
    }
    return sum;
}

// moveDeterminer: the best column and its value over seven maxConnectFinders,
// ties broken in tiebreak_order. Returns -1 for the column when all are full.
static int board_move_determiner(const board_t *b, int who, int *value_out)
{
    int best_col = -1, best = -1;
    for (int i = 0; i < COLS; i++) {
        int col = tiebreak_order[i];
        int v = board_column_value(b, col, who);
        if (v > best) {
            best = v;
            best_col = col;
        }
    }
    *value_out = best;
    return best_col;
}

// trapDeterminer on the state after the AI's move: "first utilizes seven
// winFinder modules to determine if any of the moves given the input gameState
// can generate an AI win, which the human player would most likely block in its
// next move. If so, it generates a new gameState using a genStateFromColumn
// module with a human player token in that blocking position and subsequently
// uses seven more winFinder modules to determine if an AI win is possible."
static int board_trap(const board_t *after_ai)
{
    int block_col = -1;
    for (int i = 0; i < COLS && block_col < 0; i++)
        if (board_wins_at(after_ai, C4REF_AI, tiebreak_order[i]))
            block_col = tiebreak_order[i];
    if (block_col < 0)
        return 0;
    board_t blocked;
    board_gen_state(after_ai, C4REF_HUMAN, block_col, &blocked);
    for (int col = 0; col < COLS; col++)
        if (board_wins_at(&blocked, C4REF_AI, col))
            return 1;
    return 0;
}

int c4_seed_reference_move(const int cell[6][7])
{
    board_t now;
    int valid = 0, ai_tokens = 0;
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++) {
            now.cell[r][c] = cell[r][c];
            if (cell[r][c] == C4REF_AI)
                ai_tokens++;
        }
    for (int c = 0; c < COLS; c++)
        if (board_open_row(&now, c) >= 0)
            valid++;
    if (valid == 0)
        return -1;

    // First generation on the current state ("foundMax[7]").
    int gen1_value;
    int gen1_col = board_move_determiner(&now, C4REF_AI, &gen1_value);

    // "During the first four rounds of moves, a simpler and purely defensive AI
    // module is utilized". A round is one move of each side; the AI has played
    // fewer than four moves before its fifth.
    if (ai_tokens < 4)
        return gen1_col;

    // "foundMax[7] ... a check to see if there are any moves it must make
    // immediately to win or prevent itself from losing. AllFull is a check in
    // case there is only one valid move left on the board. In the case where
    // either of these is true, then the move associated with this module is
    // chosen."
    if (gen1_value >= VALUE_BLOCK || valid == 1)
        return gen1_col;

    // Second and third generations: the state after each AI move.
    int found_max[COLS];
    int trap[COLS];
    int human_wins[COLS];
    for (int c = 0; c < COLS; c++) {
        board_t after;
        found_max[c] = -1;
        trap[c] = 0;
        human_wins[c] = 0;
        if (!board_gen_state(&now, C4REF_AI, c, &after))
            continue;
        board_move_determiner(&after, C4REF_HUMAN, &found_max[c]);
        trap[c] = board_trap(&after);
        for (int d = 0; d < COLS; d++)
            if (board_wins_at(&after, C4REF_HUMAN, d))
                human_wins[c] = 1;
    }

    // "if it exists and the subsequent player move would not result in a human
    // player win (foundMax[trapMoveFlag] check), then the move that would lead
    // to a trap is played."
    for (int i = 0; i < COLS; i++) {
        int c = tiebreak_order[i];
        if (found_max[c] >= 0 && trap[c] && !human_wins[c])
            return c;
    }

    // "Otherwise, the default case is to go with the move that minimizes the
    // human player's maximum profit".
    int best_col = -1, best = VALUE_WIN + 1;
    for (int i = 0; i < COLS; i++) {
        int c = tiebreak_order[i];
        if (found_max[c] < 0)
            continue;
        if (found_max[c] < best) {
            best = found_max[c];
            best_col = c;
        }
    }
    return best_col;
}
