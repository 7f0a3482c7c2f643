/*
 * models/connect4_model.h - cycle-exact C model of rtl/connect4/connect4_mailbox.sv, the seed 004
 * Connect Four mailbox at LW bridge offset 0x1000 (C4_BASE), with the AI
 * of src/games/connect4/c4_ai.c.  The sdl backend answers the mailbox with it.
 *
 * Offsets are byte offsets inside the mailbox (0x00..0x1C: word 0 flag,
 * words 1-6 rows, word 7 move); the HAL subtracts C4_BASE first.  A
 * register access is one bus clock, as on the RTL's Avalon slave (read
 * latency 1): a read returns the word as it was before that clock, a write
 * lands after the FSM's step of that clock.  c4_model_tick() runs the
 * 50 MHz clock.
 */
#ifndef TABLETOP_C4_MODEL_H
#define TABLETOP_C4_MODEL_H

#include <stdint.h>

#include "periph.h"
#include "rtl/connect4_regs.h"

/* The mailbox's words and flags are C4_REG_* and C4_FLAG_* of
 * rtl/connect4/connect4_regs.def; the reset PIO (seed 004) beside the
 * words, C4_REG_RESET_PIO: C4_RESET_PIO_HOLD holds the mailbox and the AI
 * in reset (every word 0, writes ignored); reads give it back. */
#define C4_MODEL_CLOCK_HZ 50000000u
/* The AI's latency (connect4_pkg::AI_LATENCY): it reads the rows at the
 * first clock of the FSM's compute state and answers them this many clock
 * edges later, counting that one, so the FSM spends 1 + this many clocks
 * computing. */
#define C4_MODEL_AI_LATENCY 12u

typedef struct c4_model {
    uint32_t mem[1u << C4_ADDR_BITS]; /* the shared words */
    int fsm;             /* FSM state, as connect4_mailbox.sv's state_e */
    unsigned idx;        /* word being read: 0 flag, 1-6 rows */
    unsigned ram_addr;   /* SRAM address register */
    uint32_t ram_q;      /* SRAM read data register */
    uint16_t rows[6];    /* rows read so far */
    uint32_t move_q;     /* registered AI answer */
    unsigned wait;       /* clocks spent in the compute state so far */
    uint64_t compute_clocks; /* clocks spent computing, all questions */
    uint64_t answers;    /* answers written since reset */
    uint64_t cycles;     /* clocks since reset */
    uint32_t pio;        /* the reset PIO's output (bit 0: hold in reset) */
    uint64_t pio_resets; /* rising edges of the reset PIO seen */
} c4_model_t;

/* Synchronous reset: every word 0, the FSM polling the flag. */
void c4_model_reset(c4_model_t *m);

/* Reads the word at byte offset (0x00..0x1C) during one clock; other
 * offsets read 0. */
uint32_t c4_model_reg_read(c4_model_t *m, uint32_t offset);

/* Writes the word at byte offset during one clock; other offsets only
 * spend the clock. */
void c4_model_reg_write(c4_model_t *m, uint32_t offset, uint32_t value);

/* Runs n clocks. */
void c4_model_tick(c4_model_t *m, uint64_t n);

/* 1 from the flag being seen until the answer is written (the RTL's busy). */
int c4_model_busy(const c4_model_t *m);

/* The model in the shape the bus hosts (hal/periph.h), and as the sdl
 * backend's binding at C4_BASE. */
extern const periph_model_t c4_model;
extern const periph_binding_t c4_model_binding;

#endif
