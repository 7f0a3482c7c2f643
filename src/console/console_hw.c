/*
 * console_hw.c - the console core's hardware beside the framebuffer
 * (console_hw.h).
 */
#include "console_hw.h"

#include <stdio.h>
#include <string.h>

#include "drivers/seven_seg.h"
#include "opponent.h"
#include "opponents.h"

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

void console_hw_open(console_hw_t *hw, hal_t *hal, const console_options_t *opts,
                     console_env_t *env)
{
    memset(hw, 0, sizeof *hw);
    hw->hal = hal;
    char err[256];
    hw->connect4_ai = opponent_connect4_ai_new(hal, err, sizeof err);
    hw->othello_machine = opponent_othello_machine_new(hal, err, sizeof err);
    env->connect4_ai = hw->connect4_ai;
    env->othello_machine = hw->othello_machine;
    if (opts->rules && !strcmp(opts->rules, "hw")) {
        hw->rules = (go_rules_t){
            .name = "hw", .decide = rules_decide, .territory = rules_territory, .ctx = hw};
        env->go_rules = &hw->rules;
    }
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

void console_hw_close(console_hw_t *hw)
{
    tiles_off(hw);
    if (hw->connect4_ai)
        hw->connect4_ai->destroy(hw->connect4_ai);
    if (hw->othello_machine)
        hw->othello_machine->destroy(hw->othello_machine);
    hw->connect4_ai = hw->othello_machine = NULL;
}
