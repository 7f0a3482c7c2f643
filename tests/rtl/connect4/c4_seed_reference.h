// c4_seed_reference.h - the Connect Four AI of seed 004, written from the seed's
// text alone as a third party to the C model and the RTL (see the .c file).
#ifndef C4_SEED_REFERENCE_H
#define C4_SEED_REFERENCE_H

#ifdef __cplusplus
extern "C" {
#endif

// Cell values of the seed's 2-bit code: "00 = empty position, 01= AI token, and
// 10= human player token".
enum { C4REF_EMPTY = 0, C4REF_AI = 1, C4REF_HUMAN = 2 };

// The AI's column (0..6, left to right) for a board given as cell[row][col] with
// row 0 at the bottom; -1 when every column is full.
int c4_seed_reference_move(const int cell[6][7]);

#ifdef __cplusplus
}
#endif

#endif
