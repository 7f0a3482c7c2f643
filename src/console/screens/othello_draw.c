/*
 * screens/othello_draw.c - the Othello screen's pictures: the title menu,
 * the board with its discs, hints, cursor and the last move's flips, the
 * counts, the key list and the status lines (othello_screen.h).  Nothing
 * but the position is drawn on the squares: every line of text has its
 * own place around the board.
 */
#include <stdio.h>

#include "othello_screen.h"

static int os_cx(int sq) { return OS_LEFT + (sq % 8) * OS_CELL + OS_CELL / 2; }
static int os_cy(int sq) { return OS_TOP + (sq / 8) * OS_CELL + OS_CELL / 2; }

static void os_render_board(const os_screen_t *s)
{
    render_fill_rect(OS_LEFT - 6, OS_TOP - 6, 8 * OS_CELL + 12, 8 * OS_CELL + 12, COLOR_BOARD_EDGE);
    render_fill_rect(OS_LEFT, OS_TOP, 8 * OS_CELL, 8 * OS_CELL, OS_COLOR_BOARD);
    for (int i = 0; i <= 8; i++) {
        render_fill_rect(OS_LEFT + i * OS_CELL, OS_TOP, 1, 8 * OS_CELL + 1, OS_COLOR_GRID);
        render_fill_rect(OS_LEFT, OS_TOP + i * OS_CELL, 8 * OS_CELL + 1, 1, OS_COLOR_GRID);
    }
    /* The four dots of the usual board (c3, f3, c6, f6 corners). */
    for (int i = 0; i < 4; i++)
        render_circle(OS_LEFT + (i & 1 ? 6 : 2) * OS_CELL, OS_TOP + (i & 2 ? 6 : 2) * OS_CELL, 3,
                      OS_COLOR_GRID, 1);
    for (int c = 0; c < 8; c++) {
        char l[2] = {(char)('a' + c), 0};
        render_string_scaled(OS_LEFT + c * OS_CELL + OS_CELL / 2 - 5, 8, l, COLOR_DIM, 2);
    }
    for (int r = 0; r < 8; r++) {
        char l[2] = {(char)('1' + r), 0};
        render_string_scaled(OS_LEFT - 26, OS_TOP + r * OS_CELL + OS_CELL / 2 - 7, l, COLOR_DIM,
                             2);
    }
    uint64_t hint = 0;
    if (s->hints && othello_screen_human_to_move(s))
        hint = othello_legal_moves(&s->game.board);
    for (int sq = 0; sq < 64; sq++) {
        int who = othello_at(&s->game.board, sq);
        if (who >= 0) {
            render_circle(os_cx(sq), os_cy(sq), OS_DISC_R,
                          who == OTHELLO_BLACK ? COLOR_BLACK : COLOR_WHITE, 1);
            if ((s->game.flipped >> sq) & 1)
                render_circle(os_cx(sq), os_cy(sq), OS_DISC_R + 2, OS_COLOR_FLIP, 0);
        } else if ((hint >> sq) & 1) {
            render_circle(os_cx(sq), os_cy(sq), 5, OS_COLOR_HINT, 1);
        }
    }
    if (s->game.last >= 0)
        render_circle(os_cx(s->game.last), os_cy(s->game.last), 4, COLOR_LAST_MOVE, 1);
    if (othello_screen_human_to_move(s)) {
        int x = OS_LEFT + (s->cursor % 8) * OS_CELL, y = OS_TOP + (s->cursor / 8) * OS_CELL;
        render_rect(x + 1, y + 1, OS_CELL - 1, OS_CELL - 1, COLOR_CURSOR);
        render_rect(x + 2, y + 2, OS_CELL - 3, OS_CELL - 3, COLOR_CURSOR);
    }
}

static void os_render_side(const os_screen_t *s)
{
    char line[64];
    int bl = othello_count(&s->game.board, OTHELLO_BLACK), wh = othello_count(&s->game.board, OTHELLO_WHITE);
    render_circle(150, OS_COUNT_Y + 6, 8, COLOR_BLACK, 1);
    render_circle(150, OS_COUNT_Y + 6, 8, COLOR_DIM, 0);
    snprintf(line, sizeof line, "%2d", bl);
    render_string_scaled(164, OS_COUNT_Y, line, COLOR_TEXT, 2);
    render_circle(470, OS_COUNT_Y + 6, 8, COLOR_WHITE, 1);
    snprintf(line, sizeof line, "%2d", wh);
    render_string_scaled(484, OS_COUNT_Y, line, COLOR_TEXT, 2);
    const char *mode = s->game.mode == OS_MODE_MACHINE          ? "vs the machine"
                       : s->game.mode == OS_MODE_TWO            ? "two players"
                       : s->game.mode == OS_MODE_ENGINE_MACHINE ? "the computer vs the machine"
                                                           : "vs the computer";
    render_string_centered(OS_COUNT_Y + 4, mode, COLOR_DIM, 1);
    /* Left column: whose turn; right column: the move number. */
    if (!othello_session_over(&s->game) && !s->game.stopped) {
        render_string(8, 40, "To move:", COLOR_DIM);
        render_string(8, 52, othello_screen_colour_name(s->game.board.to_move), COLOR_TEXT);
    }
    if (othello_session_over(&s->game) || s->game.stopped)
        snprintf(line, sizeof line, "%d move%s", s->game.n_plies, s->game.n_plies == 1 ? "" : "s");
    else
        snprintf(line, sizeof line, "Move %d", s->game.n_plies); /* moves played, as in Go */
    render_string(RENDER_WIDTH - 8 - render_text_width(line, 1), 40, line, COLOR_DIM);
}

/* The keys that do something now, right of the board: each key (bright)
 * with what it does (dim) on the line below. */
static void os_render_keys(const os_screen_t *s)
{
    const char *keys[10][2];
    int n = 0;
    if (s->screen == OS_OVER) {
        keys[n][0] = "Enter", keys[n++][1] = "new game";
        if (!othello_screen_paced(s))
            keys[n][0] = "Backspace, u", keys[n++][1] = "take back";
    } else if (othello_screen_paced(s)) {
        keys[n][0] = "Space", keys[n++][1] = s->paused ? "run" : "pause";
        keys[n][0] = "n", keys[n++][1] = "one move";
    } else {
        keys[n][0] = "Arrows, wasd", keys[n++][1] = "move";
        keys[n][0] = "Enter, Space", keys[n++][1] = "place a disc";
        keys[n][0] = "Backspace, u", keys[n++][1] = "take back";
        keys[n][0] = "Tab", keys[n++][1] = s->hints ? "hide hints" : "show hints";
    }
    keys[n][0] = "Escape", keys[n++][1] = "menu, game kept";
    keys[n][0] = "h", keys[n++][1] = "help";
    keys[n][0] = "m", keys[n++][1] = "sound on/off";
    keys[n][0] = "q", keys[n++][1] = "quit";
    int y = 64;
    render_string(OS_KEYS_X, y, "Keys", COLOR_DIM);
    for (int i = 0; i < n; i++) {
        y += 26;
        render_string(OS_KEYS_X, y, keys[i][0], COLOR_TEXT);
        render_string(OS_KEYS_X + 6, y + 10, keys[i][1], COLOR_DIM);
    }
}

static void os_render_title(const os_screen_t *s)
{
    render_fill_rect(0, 0, RENDER_WIDTH, RENDER_HEIGHT, COLOR_BG);
    render_string_centered(40, "Othello", COLOR_WHITE, 5);
    render_circle(270, 112, 12, COLOR_WHITE, 1);
    render_circle(298, 112, 12, COLOR_BLACK, 1);
    render_circle(342, 112, 12, COLOR_BLACK, 1);
    render_circle(370, 112, 12, COLOR_WHITE, 1);
    char resume[64];
    int mode = s->suspended ? (int)s->game.mode : s->pending.mode;
    int n = s->suspended ? s->game.n_plies : s->pending.n_plies;
    snprintf(resume, sizeof resume, "Resume: %s, move %d",
             mode == OS_MODE_MACHINE          ? "vs the machine"
             : mode == OS_MODE_TWO            ? "two players"
             : mode == OS_MODE_ENGINE_MACHINE ? "computer vs machine"
                                              : "vs the computer",
             n + 1);
    const char *const items[OS_MODE_COUNT + 1] = {
        "You (White) vs the machine", "You (Black) vs the computer",
        "You (White) vs the computer", "Two players", "The computer vs the machine", resume,
    };
    int count = OS_MODE_COUNT + (s->resumable ? 1 : 0);
    int y = 150;
    for (int i = 0; i < count; i++, y += 40) {
        int w = render_text_width(items[i], 3);
        int x = (RENDER_WIDTH - w) / 2;
        if (i == s->menu_sel) {
            render_fill_rect(x - 40, y - 9, w + 80, 39, COLOR_SELECT_BG);
            render_circle(x - 22, y + 10, 7, COLOR_CURSOR, 1);
        }
        render_string_scaled(x, y, items[i], i == s->menu_sel ? COLOR_TEXT : COLOR_DIM, 3);
    }
    if (s->notice[0])
        render_string_centered(OS_TITLE_NOTICE_Y, s->notice, s->notice_color, 1);
    else if (s->menu_sel == OS_MODE_MACHINE || s->menu_sel == OS_MODE_ENGINE_MACHINE)
        render_string_centered(OS_TITLE_NOTICE_Y,
                               "Seed 003: the FPGA logic plays Black through its ports",
                               COLOR_DIM, 1);
    render_string_centered(440, "Up/Down, then Enter; Escape: back", COLOR_DIM, 1);
}

void othello_screen_render(void *p, uint16_t *fb)
{
    os_screen_t *s = p;
    render_init(fb);
    if (s->screen == OS_TITLE) {
        os_render_title(s);
    } else {
        render_fill_rect(0, 0, RENDER_WIDTH, RENDER_HEIGHT, COLOR_BG);
        os_render_board(s);
        os_render_side(s);
        os_render_keys(s);
        if (s->notice[0])
            render_string_centered(OS_NOTICE_Y, s->notice, s->notice_color, 1);
        /* A long line (a referee's reason) at half size rather than cut. */
        int scale = render_text_width(s->status, 2) <= RENDER_WIDTH - 16 ? 2 : 1;
        render_string_centered(OS_STATUS_Y + (scale == 1 ? 4 : 0), s->status,
                               s->game.stopped ? COLOR_WARN : COLOR_TEXT, scale);
        if (s->saves.failed)
            render_string_centered(OS_WARN_Y, s->saves.error, COLOR_WARN, 1);
    }
    s->dirty = 0;
    /* The console presents this frame now: the engine's answer may land. */
    think_shown(&s->think);
}

