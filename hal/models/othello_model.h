/*
 * models/othello_model.h - clock-exact C model of rtl/othello/othello_machine.sv,
 * seed 003's "Othello machine" at LW bridge offset 0x2000
 * (OTH_BASE, span 0x20).  The sdl backend answers the peripheral
 * with it; tests/rtl/othello holds it to the Verilated RTL byte by byte and
 * clock by clock.  Register map, protocol and search: docs/othello.md,
 * "The machine".
 *
 * Port 0x30N of the seed is the word at 0x2000 + 4*N:
 *
 *   0x00 ID        R   0x4F544831 ("OTH1"; the seed's 0x300, X0's, unused here)
 *   0x0C RESET     RW  [0] the global reset line (seed port 0x303): 1 holds
 *                      every flip-flop of the machine in reset; RAM keeps
 *   0x10 WHITE     RW  [7:0] the White port 0x304: WR PA R2 R1 R0 C2 C1 C0
 *   0x14 BLACK     R   [7:0] the Black port 0x305: BR PA R2 R1 R0 C2 C1 C0
 *   0x18 CONFIG    RW  [3:0] search depth in plies (0: OTH_DEFAULT_DEPTH,
 *                      above OTH_MAX_DEPTH: OTH_MAX_DEPTH), [31:16] clock
 *                      budget in units of 1024 clocks (0: OTH_DEFAULT_BUDGET_K)
 *   0x1C CYCLES    R   clocks from taking White's move to BR low, last move
 *
 * A register access is one bus clock, as on the RTL's Avalon slave (read
 * latency 1): a read returns the word as it was before that clock, a write
 * is seen by the logic at that clock's edge.
 */
#ifndef TABLETOP_OTHELLO_MODEL_H
#define TABLETOP_OTHELLO_MODEL_H

#include <stdint.h>

#include "periph.h"
#include "rtl/othello_regs.h"

/* The registers (OTH_REG_*), OTH_ID_VALUE and the search's limits
 * (OTH_MAX_DEPTH, OTH_DEFAULT_DEPTH, OTH_DEFAULT_BUDGET_K) are those of
 * rtl/othello/othello_regs.def. */

#define OTH_INF 30000      /* the search window's bounds */
#define OTH_WIN 8192       /* a finished game: +-8192 + 64 x disc difference */

/* The FSM's states (othello_machine.sv's state_t, same numbers). */
enum {
    OTH_S_INIT = 0,
    OTH_S_WAIT,
    OTH_S_APPLYW,
    OTH_S_ROOT,
    OTH_S_NODE,
    OTH_S_PICK,
    OTH_S_MAKE,
    OTH_S_PASS,
    OTH_S_EVAL1,
    OTH_S_EVAL2,
    OTH_S_EVAL3,
    OTH_S_RET,
    OTH_S_PRESENT,
    OTH_S_ASSERT,
};

/* One node of the negamax search: the side to move's discs p, the other's
 * o, the moves still to try m, the window and the best score so far. */
typedef struct oth_frame {
    uint64_t p, o, m;
    int16_t alpha, beta, best;
    uint8_t pass; /* 1: the node's only move is a pass */
    uint8_t mv;   /* the square of the move tried last (row*8+col) */
} oth_frame_t;

typedef struct oth_model {
    /* The bus side: not the machine's flip-flops (system reset only). */
    uint8_t grst;        /* RESET[0]: the global reset line */
    uint8_t white_port;  /* the PC's White port latch */
    uint32_t readdata;   /* avs_readdata */
    /* RAM: not cleared by the global reset (the seed's warning). */
    uint64_t mem_black, mem_white; /* the game board (the stack RAM is last) */
    /* The machine's flip-flops (cleared by the global reset). */
    uint8_t state;
    uint8_t in_reset;    /* the last clock ran with the reset applied */
    uint8_t wr_prev;     /* D7 of the White port one clock ago */
    uint8_t pending;     /* a White move is latched and not yet taken */
    uint8_t white_q;     /* the seed's bank of 7 registers: PA R2..C0 */
    uint8_t black_q;     /* Black's move on D6..D0 */
    uint8_t br_q;        /* BR, 1 = not ready */
    uint8_t result_pass;
    uint8_t root_mv;
    uint8_t sp;
    uint32_t config;
    uint32_t cnt, cycles_q;
    oth_frame_t cur;
    int16_t ret;
    uint64_t pick_m;
    uint64_t mobp, mobo;
    int8_t dk[10];
    int8_t md, dd;
    uint8_t term;
    uint64_t clocks;     /* clocks run since reset (statistics) */
    oth_frame_t stack[OTH_MAX_DEPTH]; /* RAM: the search's suspended nodes */
} oth_model_t;

/* Power-on: every register and the RAM zero, then the machine's reset. */
void oth_model_reset(oth_model_t *m);
/* 1 while the machine has clocks to spend (thinking, a WR edge or BR to
 * settle, a reset to apply). */
int oth_model_active(const oth_model_t *m);
/* One bus clock each; offsets in bytes. */
uint32_t oth_model_read(oth_model_t *m, uint32_t offset);
void oth_model_write(oth_model_t *m, uint32_t offset, uint32_t value);
/* n clocks with no access (an idle machine skips them). */
void oth_model_tick(oth_model_t *m, uint64_t n);

/* The bitboard logic the RTL has in gates (bit row*8+col, row 0 at the top):
 * the moves of the side with p against o, and the discs a disc of p put on
 * the one-hot square sq turns over. */
uint64_t oth_hw_moves(uint64_t p, uint64_t o);
uint64_t oth_hw_flips(uint64_t p, uint64_t o, uint64_t sq);

/* The model in the shape the bus hosts (hal/periph.h), and as the sdl
 * backend's binding at OTH_BASE. */
extern const periph_model_t oth_model;
extern const periph_binding_t oth_model_binding;

#endif
