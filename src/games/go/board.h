/*
 * board.h - Go rules engine (seed 000 §3.1, §3.2, §7, §8): pure C, no I/O.
 *
 * The seed's interface (board_init, board_place returning MoveResult,
 * board_pass, board_score, board_copy, Stone, Move) is kept as the stable
 * API.  The representation behind it is a padded 1-D board with incremental
 * group and liberty bookkeeping, chosen for playout speed.  A BoardState
 * changes only through board_*() calls; the fields marked "public" may be
 * read directly, everything else is private to board.c.
 *
 * Coordinates: row 0 is the top line as drawn on screen, col 0 the left
 * line.  GTP's "A9" on a 9x9 board is (row 0, col 0); see board_vertex_*.
 *
 * Sizes 5..19 share the same code; 9 is the product.
 */
#ifndef TABLETOP_GO_BOARD_H
#define TABLETOP_GO_BOARD_H

#include <stdint.h>
#include <stddef.h>

#define BOARD_MIN_SIZE 5
#define BOARD_MAX_SIZE 19
#define BOARD_DEFAULT_SIZE 9
/* Komi is kept in half points so that 5.5 is exact: 11 means 5.5. */
#define BOARD_DEFAULT_KOMI2 11

typedef enum { EMPTY = 0, BLACK = 1, WHITE = 2 } Stone;

typedef enum {
    MOVE_OK = 0,
    MOVE_ILLEGAL_SUICIDE,
    MOVE_ILLEGAL_KO,
    MOVE_ILLEGAL_OCCUPIED,
    MOVE_ILLEGAL_OFF_BOARD, /* row or col outside the board */
    MOVE_ILLEGAL_GAME_OVER  /* two passes already ended the game */
} MoveResult;

/* A move: pass != 0 means pass and row/col are ignored. */
typedef struct {
    int row;
    int col;
    int pass;
} Move;

/* Padded 1-D board: points are (row+1)*BOARD_STRIDE + (col+1). */
#define BOARD_STRIDE (BOARD_MAX_SIZE + 2)              /* 21 */
#define BOARD_POINTS (BOARD_STRIDE * (BOARD_STRIDE + 1)) /* 462 incl. margins */

typedef struct BoardState {
    /* ---- public, read-only outside board.c ---- */
    int size;               /* lines per side (9x9: 9) */
    Stone turn;             /* side to move (start: BLACK) */
    int captured_black;     /* stones Black has captured so far (prisoners held by Black) */
    int captured_white;     /* stones White has captured so far */
    uint64_t hash;          /* Zobrist hash of the current position (stones only) */
    uint64_t prev_board_hash; /* hash of the position before the last move: simple ko */
    int consecutive_passes; /* 0, 1 or 2 */
    int game_over;          /* 1 after two consecutive passes */
    int komi2;              /* komi in half points (5.5: 11) */
    int move_number;        /* moves (incl. passes) played since init: 0 at start */
    Move last_move;         /* last move played; row = -1 before the first move */
    int last_captures;      /* stones removed by the last move (0 for a pass) */

    /* ---- private to board.c ---- */
    uint8_t color[BOARD_POINTS];     /* EMPTY/BLACK/WHITE, 3 = off board */
    uint16_t group[BOARD_POINTS];    /* group id = point index of the group's root */
    uint16_t next_stone[BOARD_POINTS]; /* circular list of a group's stones */
    uint16_t libs[BOARD_POINTS];     /* liberties of the group rooted here */
    uint16_t stones[BOARD_POINTS];   /* stone count of the group rooted here */
    uint16_t ko_point;               /* point forbidden by simple ko, 0 if none */
    uint8_t ko_color;                /* colour that may not play at ko_point */
    int n_empty;                     /* empty points on the board (9x9 start: 81) */
    uint16_t empty_list[BOARD_POINTS];  /* the empty points, in no order */
    uint16_t empty_index[BOARD_POINTS]; /* position of a point in empty_list */
} BoardState;

/* A fresh 9x9 board, komi 5.5, Black to move. */
void board_init(BoardState *b);

/* A fresh board of the given size (5..19) and komi in half points.
 * Returns 0, or -1 (board unchanged) for a size outside 5..19. */
int board_reset(BoardState *b, int size, int komi2);

/* Plays a stone of the side to move at (row, col): seed §3.1 order of checks
 * (occupancy, suicide unless it captures, simple ko).  On MOVE_OK the stone
 * is placed, captures removed and counted, hashes updated and the turn
 * passes; on any other result the board is unchanged. */
MoveResult board_place(BoardState *b, int row, int col);

/* As board_place but for an explicit colour (GTP "play"); on MOVE_OK the
 * turn goes to the other colour. */
MoveResult board_play(BoardState *b, Stone color, int row, int col);

/* What board_play would answer, without changing the board. */
MoveResult board_check(const BoardState *b, Stone color, int row, int col);

/* Passes for the side to move; two consecutive passes end the game. */
void board_pass(BoardState *b);

/* Passes for an explicit colour; the turn goes to the other colour. */
void board_pass_color(BoardState *b, Stone color);

/* Applies a Move for the side to move (pass or place). */
MoveResult board_apply(BoardState *b, Move m);

/* Stone at (row, col); EMPTY for points off the board. */
Stone board_get(const BoardState *b, int row, int col);

/* Setup stone (SGF AB/AW/AE): puts color (or EMPTY) at (row, col) without
 * captures, ko or turn change.  Returns 0, or -1 if off board or if the
 * result would leave a group without liberties (board unchanged). */
int board_setup(BoardState *b, Stone color, int row, int col);

/* As board_setup, but a group left without liberties stays on the board
 * (SGF setup may hold one: it is legal to load); returns -1 only off board. */
int board_setup_any(BoardState *b, Stone color, int row, int col);

/* Chinese area scoring (seed §3.2): *black and *white get stones on the
 * board plus empty regions bordered only by that colour; regions touching
 * both colours (or none) are neutral.  Komi is not included in *black or
 * *white.  Returns the margin in half points, 2*(black - white) - komi2:
 * > 0 Black wins, < 0 White wins, 0 a draw (only with integer komi). */
int board_score(const BoardState *b, int *black, int *white);

/* Owner of every point under area scoring: BLACK/WHITE for stones and
 * territory, EMPTY for neutral.  owner is indexed [row][col]. */
void board_area_map(const BoardState *b, Stone owner[BOARD_MAX_SIZE][BOARD_MAX_SIZE]);

/* Formats the result as "B+3.5", "W+0.5" or "0" into buf (>= 16 bytes). */
void board_result_string(const BoardState *b, char *buf, size_t len);

void board_copy(BoardState *dst, const BoardState *src);

/* Number of liberties of the group at (row, col); 0 if the point is empty. */
int board_liberties(const BoardState *b, int row, int col);

static inline Stone stone_opponent(Stone s) { return (Stone)(3 - s); }

/* GTP vertices: letters A..T without I for columns, numbers from the bottom.
 * board_vertex_format writes "A9"/"pass" into buf (>= 5 bytes).
 * board_vertex_parse accepts either case and "pass"; returns 0, or -1 for a
 * malformed vertex or one outside the board. */
void board_vertex_format(int size, Move m, char *buf, size_t len);
int board_vertex_parse(int size, const char *text, Move *out);

/* ASCII diagrams (tests/data, showboard).  Rows top to bottom, one per
 * line; '.' or '+' empty, 'X' or '#' or 'B' black, 'O' or 'W' white;
 * spaces ignored; lines starting with ';' are comments.  The size is the
 * number of rows (which must equal every row's length).  Black to move
 * unless a line "to_move: white" (or "W to move") is present; "komi: 6.5"
 * sets the komi.  Returns 0, or -1 with a message in err (board unchanged). */
int board_from_ascii(BoardState *b, const char *text, char *err, size_t errlen);

/* Writes the board as rows of ". X O" with coordinates; returns bytes
 * written (excluding the NUL), truncating to len. */
size_t board_to_ascii(const BoardState *b, char *buf, size_t len);

#endif
