/*
 * screens/connect4_draw.c - the Connect Four screen's pictures: the title
 * menu (with what the Perfect items do) and the board (the falling disc,
 * the winning four ringed, the status, the ring that sweeps while Perfect
 * searches, and against Perfect whether each of its moves was its own);
 * the seven-segment digits and the help screen's lines.  What is drawn is
 * the session's and the screen's state (connect4_screen.h); nothing here
 * decides.
 */
#include <stdio.h>

#include "connect4_screen.h"

static uint16_t c4s_color(int player) { return player == C4_P1 ? C4S_COLOR_P1 : C4S_COLOR_P2; }

static int c4s_cx(int col) { return C4S_LEFT + col * C4S_CELL + C4S_CELL / 2; }
static int c4s_cy(int row) { return C4S_TOP + (C4_ROWS - 1 - row) * C4S_CELL + C4S_CELL / 2; }

/* The line under the status against Perfect once the seed's AI moved for
 * it: what just happened, or how often it happened this game. */
static const char *c4s_fallback_line(const c4_session_t *ss, char *buf, size_t len)
{
    int n = c4_session_fallbacks(ss);
    if (c4_session_last_was_fallback(ss))
        snprintf(buf, len, "Perfect had no exact answer in time: the FPGA's AI played column %d",
                 ss->game.history[ss->game.moves - 1] + 1);
    else
        snprintf(buf, len, "The FPGA's AI made %d of Perfect's moves this game (no exact answer "
                           "in time)", n);
    return buf;
}

static void c4s_render_board(const c4_screen_t *s)
{
    char buf[96];
    const c4_session_t *ss = &s->session;
    const c4_game_t *g = &ss->game;
    int perfect = c4_mode_is_perfect(ss->mode), fallbacks = c4_session_fallbacks(ss);
    /* Against Perfect the title names the level, and says so once a move of
     * this game was not Perfect's own. */
    render_string_centered(4,
                           !perfect    ? "CONNECT FOUR"
                           : fallbacks ? "vs PERFECT (NOT EXACT THIS GAME)"
                                       : "CONNECT FOUR vs PERFECT",
                           fallbacks ? COLOR_WARN : COLOR_TEXT, 2);
    render_fill_rect(C4S_LEFT - 8, C4S_TOP - 8, 7 * C4S_CELL + 16, 6 * C4S_CELL + 16,
                     C4S_COLOR_BOARD);
    for (int r = 0; r < C4_ROWS; r++)
        for (int c = 0; c < C4_COLS; c++) {
            int v = g->cell[r][c];
            render_circle(c4s_cx(c), c4s_cy(r), C4S_RADIUS, v ? c4s_color(v) : C4S_COLOR_HOLE,
                          1);
        }
    for (int c = 0; c < C4_COLS; c++) {
        char label[2] = {(char)('1' + c), 0};
        render_string_scaled(c4s_cx(c) - 5, C4S_TOP + 6 * C4S_CELL + 10, label, COLOR_DIM, 2);
    }
    if (ss->phase == C4_PHASE_OVER && g->winner) {
        for (int k = 0; k < 4; k++) {
            int x = c4s_cx(g->win_cells[k][1]), y = c4s_cy(g->win_cells[k][0]);
            for (int d = 0; d < 3; d++)
                render_circle(x, y, C4S_RADIUS + 1 + d, C4S_COLOR_WIN, 0);
            render_circle(x, y, 6, C4S_COLOR_WIN, 1);
        }
    }
    if (ss->falling) {
        int y = ss->fall_shown >= C4_ROWS ? C4S_PREVIEW_Y : c4s_cy(ss->fall_shown);
        render_circle(c4s_cx(ss->fall_col), y, C4S_RADIUS, c4s_color(g->to_move), 1);
    } else if (c4_session_human_to_move(ss)) {
        /* The disc in hand, over the chosen column. */
        render_circle(c4s_cx(s->cursor), C4S_PREVIEW_Y, C4S_RADIUS, c4s_color(g->to_move), 1);
        render_circle(c4s_cx(s->cursor), C4S_PREVIEW_Y, C4S_RADIUS + 2, COLOR_TEXT, 0);
    } else if (c4s_thinking(s) && s->think_step > 0) {
        /* Perfect searches: a ring of its colour sweeps to and fro above
         * the columns, a column a step (the first step shows column 1). */
        int k = (s->think_step - 1) % (2 * C4_COLS - 2);
        int col = k < C4_COLS ? k : 2 * C4_COLS - 2 - k;
        for (int d = 0; d < 3; d++)
            render_circle(c4s_cx(col), C4S_PREVIEW_Y, C4S_RADIUS - 6 + d, c4s_color(g->to_move),
                          0);
    }
    render_string_centered(C4S_STATUS_Y, s->status, COLOR_TEXT, 2);
    if (s->saves.failed)
        render_string_centered(C4S_WARN_Y, s->saves.error, COLOR_WARN, 1);
    else if (c4_session_last_was_fallback(ss))
        render_string_centered(C4S_WARN_Y, c4s_fallback_line(ss, buf, sizeof buf), COLOR_WARN, 1);
    else if (fallbacks)
        render_string_centered(C4S_WARN_Y, c4s_fallback_line(ss, buf, sizeof buf), COLOR_DIM, 1);
}

static void c4s_render_title(const c4_screen_t *s)
{
    char resume[64];
    const c4_session_t *ss = &s->session;
    const c4_game_t *g = ss->suspended ? &ss->game : &s->pending.game;
    int mode = ss->suspended ? (int)ss->mode : s->pending.mode;
    snprintf(resume, sizeof resume, "Resume: %s, %d move%s",
             mode == C4_MODE_TWO_PLAYERS ? "2 players"
             : c4_mode_is_perfect(mode)  ? "vs Perfect"
                                         : "vs the FPGA",
             g->moves, g->moves == 1 ? "" : "s");
    const char *const items[C4_MODE_COUNT + 1] = {
        "You first (red) against the FPGA", "The FPGA first", "Two players",
        "You first vs Perfect (or FPGA)",   "Perfect (or FPGA) first", resume};
    /* render_menu_list's look with closer lines: six items fit above the
     * notice line. */
    render_string_centered(60, "Connect Four", COLOR_BOARD, 4);
    for (int i = 0, y = 140; i < C4_MODE_COUNT + (s->resumable ? 1 : 0); i++, y += 42) {
        int w = render_text_width(items[i], 3), x = (RENDER_WIDTH - w) / 2;
        if (i == s->menu_sel) {
            render_fill_rect(x - 40, y - 9, w + 80, 39, COLOR_SELECT_BG);
            render_circle(x - 22, y + 10, 7, COLOR_CURSOR, 1);
        }
        render_string_scaled(x, y, items[i], i == s->menu_sel ? COLOR_TEXT : COLOR_DIM, 3);
    }
    render_string_centered(440, "Up/Down, then Enter; Escape: back", COLOR_DIM, 1);
    if (s->notice[0])
        render_string_centered(C4S_NOTICE_Y, s->notice, s->notice_color, 1);
    else if (s->menu_sel < C4_MODE_COUNT && c4_mode_is_perfect(s->menu_sel)) {
        /* How far the level is exact (docs/connect4.md, "The perfect level"). */
        int first = s->menu_sel == C4_MODE_PERFECT_FIRST;
        render_string_centered(C4S_ABOUT_Y,
                               first ? "Perfect opens in the centre and plays exactly (its "
                                       "book, then the solver) as far as measured;"
                                     : "Perfect second is exact in its book (its first "
                                       "reply to 2, 4 or 6) and from about the 10th disc;",
                               COLOR_DIM, 1);
        render_string_centered(C4S_NOTICE_Y,
                               first ? "should the solver find no answer in time, the FPGA's "
                                       "AI moves for it and the board says so"
                                     : "before, when the solver finds no answer in time, the "
                                       "FPGA's AI moves for it and the board says so",
                               COLOR_DIM, 1);
    }
}

void c4s_render(void *p, uint16_t *fb)
{
    c4_screen_t *s = p;
    render_init(fb);
    render_fill_rect(0, 0, RENDER_WIDTH, RENDER_HEIGHT, COLOR_BG);
    if (s->session.phase == C4_PHASE_TITLE)
        c4s_render_title(s);
    else
        c4s_render_board(s);
    s->dirty = 0;
}

/* The six digits (docs/seven_seg.md): whose turn it is ("rEd"/"yELLO"
 * between two players, "yOU"/"FPGA"/"PErF" against the computer), and at
 * the end "WInnEr"/"LOSEr" against the computer, "r  WIn"/"y  WIn" between
 * two players, "drAW"; dark on the title. */
void c4s_output(void *p, console_output_t *out)
{
    const c4_session_t *ss = &((c4_screen_t *)p)->session;
    /* Indexed by c4_result_t; C4_RESULT_NONE: whose turn it is. */
    static const char *const ends[] = {
        [C4_RESULT_NONE] = "",         [C4_RESULT_DRAW] = "drAW",
        [C4_RESULT_YOU_WIN] = "WInnEr", [C4_RESULT_AI_WINS] = "LOSEr",
        [C4_RESULT_RED_WINS] = "r  WIn", [C4_RESULT_YELLOW_WINS] = "y  WIn"};
    const char *text = ss->phase == C4_PHASE_TITLE ? "" : ends[c4_session_result(ss)];
    if (ss->phase == C4_PHASE_PLAY && !*text && !ss->ai_side)
        text = ss->game.to_move == C4_P1 ? "rEd" : "yELLO";
    else if (ss->phase == C4_PHASE_PLAY && !*text)
        text = ss->game.to_move != ss->ai_side ? "yOU"
               : c4_mode_is_perfect(ss->mode)  ? "PErF"
                                               : "FPGA";
    snprintf(out->digits, sizeof out->digits, "%s", text);
    out->digits_set = 1;
}

/* The help screen's lines (console_game_t.help). */
const char *const c4s_help[] = {
    "Up/Down\tchoose in the menu",
    "Left/Right\tchoose a column",
    "Enter, Space\tdrop a disc; choose",
    "1-7\tdrop in that column",
    "Backspace, u\ttake back a move",
    "Escape\tto the menu (game kept)",
    "Perfect\texact from book or solver;",
    "\tif neither answers in time, the",
    "\tFPGA's AI moves (the board says)",
    NULL,
};
