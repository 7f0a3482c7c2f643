/*
 * status.h - dead-stone estimate (GTP final_status_list and final_score, the
 * console's dead-stone review):
 * Monte Carlo ownership over the public board API.
 *
 * From the position, random games are played to the end (uniformly random
 * legal moves that never fill the mover's own one-point eye; two passes or
 * a length cap end them) and each point's owner under area scoring is
 * counted.  A group is dead when, averaged over its stones, its points
 * ended up the opponent's more often than its own.  The generator is
 * seeded from the position's hash, so a position always gets the same
 * answer whatever led to it.
 */
#ifndef TABLETOP_GO_STATUS_H
#define TABLETOP_GO_STATUS_H

#include "board.h"

/* Playouts for a 9x9 board; larger boards use proportionally fewer. */
#define GO_STATUS_PLAYOUTS 256

/* Marks dead[row][col] = 1 for every stone estimated dead, 0 elsewhere. */
void go_status_dead(const BoardState *b, unsigned char dead[BOARD_MAX_SIZE][BOARD_MAX_SIZE]);

/* The result string ("B+3.5", "W+0.5", "0") once the dead stones are
 * removed; buf needs 16 bytes. */
void go_status_score(const BoardState *b, char *buf, size_t len);

/* The margin in half points, 2*(black - white) - komi2 as board_score
 * gives it, once the dead stones are removed: > 0 Black wins. */
int go_status_margin2(const BoardState *b);

#endif
