/*
 * console_hw.c - the hardware session (console_hw.h): the console core's
 * hardware beside the framebuffer, and the front-ends' backend and seams.
 */
#include "console_hw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "console.h"
#include "console_game.h"
#include "drivers/go_rules.h"
#include "drivers/othello_machine.h"
#include "drivers/seven_seg.h"
#include "drivers/tile_display.h"
#include "hal.h"
#include "opponents.h"

struct console_hw {
    hal_t *hal;
    hal_t own_hal;      /* the front-end's backend (console_hw_open_backend) */
    int owns_hal;       /* own_hal is open: console_hw_close closes it */
    char digits[8];     /* what the digits show now */
    int digits_known;   /* digits holds what was last written */
    tile_driver_t tiles;
    int tiles_state;    /* 0 not opened yet, 1 open, -1 no tile display */
    go_rules_hw_t rules_hw;
    int rules_open;     /* rules_hw answered its ID */
    go_rules_t rules;   /* the seam given to Go: opens rules_hw at its first use */
    opponent_t *connect4_ai;
    opponent_t *othello_machine;
};

/* Go's rules in logic, opened at the first decision: a backend without the
 * peripheral fails that decision with the driver's reason, every time, and
 * the screen shows it (the game is never judged by anything else). */
static int rules_ready(console_hw_t *hw, char *err, size_t errlen)
{
    if (!hw->rules_open && go_rules_hw_open(&hw->rules_hw, hw->hal, err, errlen) == 0)
        hw->rules_open = 1;
    return hw->rules_open ? 0 : -1;
}

static int rules_decide(void *ctx, const uint8_t board[GO_RULES_NPOINTS],
                        const uint8_t ko[GO_RULES_NPOINTS], Stone colour, Move m,
                        go_rules_decision_t *d, char *err, size_t errlen)
{
    console_hw_t *hw = ctx;
    if (rules_ready(hw, err, errlen) != 0)
        return -1;
    go_rules_t inner = go_rules_hw_rules(&hw->rules_hw);
    return inner.decide(inner.ctx, board, ko, colour, m, d, err, errlen);
}

static int rules_territory(void *ctx, const uint8_t board[GO_RULES_NPOINTS], int *black,
                           int *white, char *err, size_t errlen)
{
    console_hw_t *hw = ctx;
    if (rules_ready(hw, err, errlen) != 0)
        return -1;
    go_rules_t inner = go_rules_hw_rules(&hw->rules_hw);
    return inner.territory(inner.ctx, board, black, white, err, errlen);
}

/* Builds the seams on hal (each opened at its first use). */
static void session_seams(console_hw_t *hw, hal_t *hal)
{
    hw->hal = hal;
    char err[256];
    hw->connect4_ai = opponent_connect4_ai_new(hal, err, sizeof err);
    hw->othello_machine = opponent_othello_machine_new(hal, err, sizeof err);
    hw->rules = (go_rules_t){
        .name = "hw", .decide = rules_decide, .territory = rules_territory, .ctx = hw};
}

console_hw_t *console_hw_open(hal_t *hal, const console_options_t *opts, console_env_t *env)
{
    console_hw_t *hw = calloc(1, sizeof *hw);
    if (!hw)
        return NULL;
    session_seams(hw, hal);
    env->connect4_ai = hw->connect4_ai;
    env->othello_machine = hw->othello_machine;
    if (opts->rules && !strcmp(opts->rules, "hw"))
        env->go_rules = &hw->rules;
    return hw;
}

console_hw_t *console_hw_open_backend(const char *backend, const char *devmem, char *err,
                                      size_t errlen)
{
    console_hw_t *hw = calloc(1, sizeof *hw);
    if (!hw) {
        snprintf(err, errlen, "%s", "out of memory");
        return NULL;
    }
    hal_config_t cfg = {.backend = backend, .devmem = devmem, .headless = 1};
    if (hal_open(&hw->own_hal, &cfg, err, errlen) != 0) {
        free(hw);
        return NULL;
    }
    hw->owns_hal = 1;
    session_seams(hw, &hw->own_hal);
    return hw;
}

int console_hw_backend_check(const char *name, char *err, size_t errlen)
{
    return hal_backend_check(name, err, errlen);
}

go_rules_t *console_hw_go_rules(console_hw_t *hw, char *err, size_t errlen)
{
    if (rules_ready(hw, err, errlen) != 0)
        return NULL;
    /* Open now: the driver's own seam, without the first-use wrapper. */
    hw->rules = go_rules_hw_rules(&hw->rules_hw);
    return &hw->rules;
}

opponent_t *console_hw_connect4_ai(console_hw_t *hw)
{
    return hw->connect4_ai;
}

opponent_t *console_hw_othello_machine(console_hw_t *hw, char *err, size_t errlen)
{
    if (othello_machine_open(hw->hal, err, errlen) != 0)
        return NULL;
    return hw->othello_machine;
}

static void tiles_off(console_hw_t *hw)
{
    if (hw->tiles_state == 1 && tile_enabled(&hw->tiles))
        tile_show(&hw->tiles, TILE_PAGE_BOARD, 0);
}

void console_hw_output(console_hw_t *hw, const console_output_t *out, int covered)
{
    if (out->digits_set && (!hw->digits_known || strcmp(hw->digits, out->digits))) {
        if (seven_seg_show_text(hw->hal, out->digits) == 0) {
            snprintf(hw->digits, sizeof hw->digits, "%s", out->digits);
            hw->digits_known = 1;
        }
    }
    if (!out->tiles_on || covered) {
        tiles_off(hw);
        return;
    }
    if (hw->tiles_state == 0)
        hw->tiles_state = tile_open(&hw->tiles, hw->hal) == 0 ? 1 : -1;
    if (hw->tiles_state != 1)
        return;
    if (out->tile_board)
        tile_sync(&hw->tiles, TILE_PAGE_BOARD, out->tile_board);
    if (out->tile_menu)
        tile_sync(&hw->tiles, TILE_PAGE_MENU, out->tile_menu);
    if (out->tile_welcome)
        tile_sync(&hw->tiles, TILE_PAGE_WELCOME, out->tile_welcome);
    tile_show(&hw->tiles, out->tiles_page, 1);
}

int console_hw_close(console_hw_t *hw)
{
    if (!hw)
        return 0;
    tiles_off(hw);
    if (hw->connect4_ai)
        hw->connect4_ai->destroy(hw->connect4_ai);
    if (hw->othello_machine)
        hw->othello_machine->destroy(hw->othello_machine);
    int status = 0;
    if (hw->owns_hal) {
        othello_machine_attach(NULL); /* the driver keeps no backend that is gone */
        status = hal_close(&hw->own_hal);
    }
    free(hw);
    return status;
}
