/*
 * test_c4_reset.c - seed 004's reset PIO: "the HPS resets the FPGA and then
 * sends the game state" / "It then toggles the reset on the FPGA".  The PIO
 * sits at LW 0x1020 (C4_BASE + C4_REG_RESET_PIO, bit 0 high = reset) beside the
 * mailbox; on the board it drives connect4_mailbox's ai_rst
 * (board/de1_soc_top.sv, checked by tests/board/check_board_files.py).
 *   - the model: a mailbox left mid-handshake (flag 1, rows, the FSM busy)
 *     is back to all words 0 and idle after a pulse; writes while the PIO
 *     holds reset change nothing; the AI answers normally afterwards;
 *   - the driver pulses the PIO once (a rising edge, then low);
 *   - `tabletop connect4 move` through the sdl backend still answers.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "drivers/connect4_mailbox.h"
#include "games/connect4/c4_ai.h"
#include "games/connect4/c4_game.h"
#include "hal.h"
#include "models/connect4_model.h"

Test(c4_reset_pio, a_pulse_clears_a_mailbox_left_mid_handshake)
{
    c4_model_t m;
    c4_model_reset(&m);
    uint16_t rows[6] = {0x0001, 0x0002, 0, 0, 0, 0};
    for (int r = 0; r < 6; r++)
        c4_model_reg_write(&m, 4u * (1u + (unsigned)r), rows[r]);
    c4_model_reg_write(&m, 0, C4_FLAG_NEW);
    c4_model_tick(&m, 5); /* the FSM is reading the rows */
    cr_assert(m.idx != 0, "the FSM should be busy with the question");

    c4_model_reg_write(&m, C4_REG_RESET_PIO, 1u);
    cr_expect_eq(c4_model_reg_read(&m, C4_REG_RESET_PIO), 1u, "the PIO reads back");
    c4_model_reg_write(&m, 4u, 0x1555u); /* ignored while held in reset */
    c4_model_tick(&m, 50);
    c4_model_reg_write(&m, C4_REG_RESET_PIO, 0u);
    for (unsigned w = 0; w < 8; w++)
        cr_expect_eq(c4_model_reg_read(&m, 4u * w), 0u, "word %u after the reset", w);
    cr_expect_eq(m.idx, 0u, "the FSM polls the flag again");
    cr_expect_eq(m.pio_resets, 1u);

    /* A new question is answered as the AI decides it. */
    uint16_t q[6] = {0x0015, 0, 0, 0, 0, 0}; /* three AI discs, columns 0-2 */
    for (int r = 0; r < 6; r++)
        c4_model_reg_write(&m, 4u * (1u + (unsigned)r), q[r]);
    c4_model_reg_write(&m, 0, C4_FLAG_NEW);
    int n = 0;
    while (c4_model_reg_read(&m, 0) != C4_FLAG_DONE && n < 200)
        n++;
    cr_assert_lt(n, 200, "no answer after the reset");
    cr_expect_eq(c4_model_reg_read(&m, 0x1C), c4_ai_decide(q, NULL) & 0xFFu);
}

static void driver_pulse(const char *backend)
{
    hal_t h;
    hal_config_t cfg = {0};
    cfg.backend = backend;
    cfg.headless = 1;
    char err[256];
    cr_assert_eq(hal_open(&h, &cfg, err, sizeof err), 0, "%s", err);
    /* Leave a question pending, as a program killed mid-move would. */
    hal_write(&h, C4_BASE + 4u, 0x0001u);
    hal_write(&h, C4_BASE, 1u);
    c4_driver_reset_ai(&h);
    cr_expect_eq(hal_read(&h, C4_BASE + C4_REG_RESET_PIO), 0u, "the PIO is left low");
    cr_expect_eq(hal_read(&h, C4_BASE), 0u, "the flag is cleared");
    cr_expect_eq(hal_read(&h, C4_BASE + 4u), 0u, "the rows are cleared");
    c4_game_t g;
    c4_game_init(&g);
    c4_game_play(&g, 3);
    int col = -1;
    cr_expect_eq(c4_driver_request_move(&h, &g, 0, &col, NULL, err, sizeof err), C4_DRIVER_OK,
                 "%s", err);
    cr_expect(col >= 0 && col < 7);
    hal_close(&h);
}

Test(c4_reset_pio, the_driver_pulses_the_pio_and_the_ai_still_answers)
{
    driver_pulse("sdl");
}

#if C4_TEST_SIM
/* The same on the Verilated mailbox: the PIO drives the RTL's ai_rst. */
Test(c4_reset_pio, the_pio_resets_the_verilated_mailbox, .timeout = 60)
{
    driver_pulse("sim");
}
#endif
