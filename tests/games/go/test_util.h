/* test_util.h - helpers shared by the Go engine tests. */
#ifndef TABLETOP_TEST_GO_UTIL_H
#define TABLETOP_TEST_GO_UTIL_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

#include "games/go/board.h"
#include "tests/test_data.h"

/* Loads tests/data/go/NAME into b (fails the test if it cannot). */
static inline void test_load_board(BoardState *b, const char *name)
{
    FILE *f = test_data_open("go", name, "rb");
    static char text[65536];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    char err[256];
    cr_assert_eq(board_from_ascii(b, text, err, sizeof err), 0, "%s: %s", name, err);
}

/* Plays the GTP vertex for the side to move and returns the result. */
static inline MoveResult test_play(BoardState *b, const char *vertex)
{
    Move m;
    cr_assert_eq(board_vertex_parse(b->size, vertex, &m), 0, "bad vertex %s", vertex);
    return board_apply(b, m);
}

/* The stone at a GTP vertex. */
static inline Stone test_at(const BoardState *b, const char *vertex)
{
    Move m;
    cr_assert_eq(board_vertex_parse(b->size, vertex, &m), 0, "bad vertex %s", vertex);
    return board_get(b, m.row, m.col);
}

#endif
