/*
 * screens/go_draw.c - the Go screen's pictures (seed 000 §3.3, §4.5) and
 * its message on the seven-segment digits (seed 001): what the session
 * holds and the screen's menus, drawn; nothing here changes the game.
 */
#include <stdio.h>
#include <string.h>

#include "console/render.h"
#include "go_screen.h"

const char *const go_level_names[GO_SESSION_LEVELS] = {
    "1. Beginner: random moves", "2. Casual: greedy captures", "3. Strong: Monte Carlo search",
    "4. Strongest: 1 s a move"};
const char *const go_level_short[GO_SESSION_LEVELS] = {"Beginner", "Casual", "Strong",
                                                       "Strongest"};

const char *go_side_name(Stone s)
{
    return s == BLACK ? "Black" : "White";
}

static void draw_title(void)
{
    render_fill_rect(0, 0, RENDER_WIDTH, RENDER_HEIGHT, COLOR_BG);
    /* A corner of a board with a few stones behind the name. */
    render_fill_rect(170, 40, 300, 190, COLOR_BOARD);
    for (int i = 0; i < 6; i++) {
        render_fill_rect(194 + i * 50, 40, 1, 190, COLOR_LINE);
    }
    for (int i = 0; i < 4; i++)
        render_fill_rect(170, 60 + i * 50, 300, 1, COLOR_LINE);
    render_circle(194, 60, STONE_RADIUS, COLOR_BLACK, 1);
    render_circle(444, 210, STONE_RADIUS, COLOR_WHITE, 1);
    render_circle(394, 60, STONE_RADIUS, COLOR_WHITE, 1);
    render_circle(244, 210, STONE_RADIUS, COLOR_BLACK, 1);
    render_string_centered(92, "GO", COLOR_BLACK, 12);
    render_string_centered(256, "9x9 Go", COLOR_TEXT, 3);
    render_string_centered(296, "Player vs Player or against the computer", COLOR_DIM, 1);
    render_string_centered(360, "Press Enter", COLOR_CURSOR, 2);
    render_string_centered(452, "tabletop  -  arrows move, Enter selects, Escape goes back",
                           COLOR_DIM, 1);
}

static void draw_notice(const go_game_t *g)
{
    if (g->notice[0])
        render_string_centered(400, g->notice, COLOR_WARN, 1);
}

static void draw_resume(const go_game_t *g)
{
    const go_session_info_t *info = &g->pending_info;
    char line[128];
    render_fill_rect(0, 0, RENDER_WIDTH, RENDER_HEIGHT, COLOR_BG);
    render_string_centered(70, "Saved game", COLOR_BOARD, 4);
    render_string_centered(170, "Resume saved game?", COLOR_TEXT, 3);
    char size[16] = "";
    if (info->set.size != BOARD_DEFAULT_SIZE)
        snprintf(size, sizeof size, ", %dx%d", info->set.size, info->set.size);
    if (info->set.mode == GO_SESSION_PVC)
        snprintf(line, sizeof line, "Player vs Computer, level %d%s - %d move%s played",
                 info->set.level, size, info->moves, info->moves == 1 ? "" : "s");
    else
        snprintf(line, sizeof line, "Player vs Player%s - %d move%s played", size, info->moves,
                 info->moves == 1 ? "" : "s");
    render_string_centered(230, line, COLOR_DIM, 2);
    render_string_centered(320, "Enter: resume", COLOR_CURSOR, 2);
    render_string_centered(352, "Escape: discard (kept as go.sgf.bak)", COLOR_DIM, 2);
}

/* Komi in half points as text: 11 -> "5.5", 0 -> "0", -3 -> "-1.5". */
void go_format_komi(int komi2, char *buf, size_t len)
{
    int a = komi2 < 0 ? -komi2 : komi2;
    snprintf(buf, len, "%s%d%s", komi2 < 0 ? "-" : "", a / 2, (a & 1) ? ".5" : "");
}

/* The left column: every key of the phase on screen, one a row. */
static void draw_side_columns(const go_game_t *g)
{
    static const char *const play_help[] = {"Arrows move", "Enter place", "Space pass",
                                            "Bksp/U undo", "R resign",    "K skip stones",
                                            "L look 001",  "Esc menu",    NULL};
    static const char *const review_help[] = {"Arrows move", "Enter dead/alive", "Space accept",
                                              "Bksp/U play on", "L look 001", "Esc menu", NULL};
    static const char *const over_help[] = {"V see board", "L look 001", "Enter menu",
                                            "Esc menu", NULL};
    static const char *const over_hidden_help[] = {"V show result", "L look 001", "Enter menu",
                                                   "Esc menu", NULL};
    const go_session_t *s = g->session;
    const char *const *help = s->phase == GO_PHASE_REVIEW ? review_help
                              : s->phase == GO_PHASE_PLAY ? play_help
                              : g->hide_result            ? over_hidden_help
                                                          : over_help;
    for (int i = 0; help[i]; i++)
        render_string(6, 40 + 16 * i, help[i], COLOR_DIM);
    char line[32];
    int x = 556;
    snprintf(line, sizeof line, "Move %d", s->board.move_number);
    render_string(x, 40, line, COLOR_TEXT);
    if (s->set.mode == GO_SESSION_PVC)
        snprintf(line, sizeof line, "vs %s",
                 go_level_short[(s->set.level - 1) % GO_SESSION_LEVELS]);
    else
        snprintf(line, sizeof line, "2 players");
    render_string(x, 56, line, COLOR_DIM);
    char komi[16];
    go_format_komi(s->board.komi2, komi, sizeof komi);
    snprintf(line, sizeof line, "Komi %s", komi);
    render_string(x, 72, line, COLOR_DIM);
    if (s->set.mode == GO_SESSION_PVC) {
        snprintf(line, sizeof line, "You: %s", go_side_name(s->set.human));
        render_string(x, 88, line, COLOR_DIM);
    }
    int stones = go_session_handicap(s);
    if (stones) {
        snprintf(line, sizeof line, "Handicap %d", stones);
        render_string(x, s->set.mode == GO_SESSION_PVC ? 104 : 88, line, COLOR_DIM);
    }
}

/* A box over the middle of the board (the result, the resign question). */
static void draw_box(void)
{
    render_shade_rect(140, 150, 360, 130);
    render_rect(140, 150, 360, 130, COLOR_BOARD);
    render_rect(142, 152, 356, 126, COLOR_BOARD);
}

/* Seed 001's colours: its display module's background "yellow as chosen for
 * the project" and its green cursor tile, full scale in RGB565. */
#define LOOK001_YELLOW 0xFFE0
#define LOOK001_GREEN 0x07E0

/* A square outline `thick` pixels wide whose outer edge is `half` pixels
 * from (cx, cy) on every side. */
static void square_frame(int cx, int cy, int half, int thick, uint16_t color)
{
    for (int t = 0; t < thick; t++) {
        int h = half - t;
        render_rect(cx - h, cy - h, 2 * h + 1, 2 * h + 1, color);
    }
}

/* Seed 001's board (§ display module): the yellow background, the black
 * grid, every stone a square tile of the stone's size (41 px on 9x9:
 * "slightly less than the space between intersections") and the cursor
 * "registered as a game tile with the color green".  Seed 001's cursor
 * never rests on a stone; ours may (k off), and then a green frame around
 * the stone keeps the stone visible.  Dead stones are hollow tiles. */
static void draw_board_001(const go_game_t *g, int cur_row, int cur_col, int show_dead)
{
    const BoardState *b = &g->session->board;
    render_geom_t gm = render_geometry(b->size);
    int n = gm.size, span = (n - 1) * gm.cell, m = gm.margin, h = gm.stone_r;
    render_fill_rect(0, 0, RENDER_WIDTH, RENDER_HEIGHT, COLOR_BG);
    render_fill_rect(gm.left - m, gm.top - m, span + 2 * m + 1, span + 2 * m + 1,
                     LOOK001_YELLOW);
    for (int i = 0; i < n; i++) {
        render_fill_rect(gm.left + i * gm.cell, gm.top, 1, span + 1, COLOR_LINE);
        render_fill_rect(gm.left, gm.top + i * gm.cell, span + 1, 1, COLOR_LINE);
    }
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            Stone st = board_get(b, r, c);
            if (st == EMPTY)
                continue;
            uint16_t color = st == BLACK ? COLOR_BLACK : COLOR_WHITE;
            int x = gm.left + c * gm.cell, y = gm.top + r * gm.cell;
            if (show_dead && g->session->dead[r][c])
                square_frame(x, y, h, 3, color);
            else
                render_fill_rect(x - h, y - h, 2 * h + 1, 2 * h + 1, color);
        }
    if (cur_row >= 0 && cur_col >= 0) {
        int x = gm.left + cur_col * gm.cell, y = gm.top + cur_row * gm.cell;
        if (board_get(b, cur_row, cur_col) == EMPTY)
            render_fill_rect(x - h, y - h, 2 * h + 1, 2 * h + 1, LOOK001_GREEN);
        else
            square_frame(x, y, h + 3, 3, LOOK001_GREEN);
    }
}

/* The last move in seed 001's look: a small square in the other colour. */
static void draw_last_move_001(const BoardState *b)
{
    Move mv = b->last_move;
    if (mv.pass || mv.row < 0 || board_get(b, mv.row, mv.col) == EMPTY)
        return;
    render_geom_t gm = render_geometry(b->size);
    int r = gm.stone_r * 7 / STONE_RADIUS;
    square_frame(gm.left + mv.col * gm.cell, gm.top + mv.row * gm.cell, r, 2,
                 board_get(b, mv.row, mv.col) == BLACK ? COLOR_WHITE : COLOR_BLACK);
}

/* The board with its coordinates in the look chosen, the cursor (row < 0:
 * none), the dead stones and the last move when asked. */
static void draw_board(const go_game_t *g, int cur_row, int cur_col, int show_dead, int show_last)
{
    const go_session_t *s = g->session;
    if (g->look_001) {
        draw_board_001(g, cur_row, cur_col, show_dead);
        render_coordinates(s->board.size);
        if (show_last)
            draw_last_move_001(&s->board);
        return;
    }
    render_board(&s->board, cur_row, cur_col);
    render_coordinates(s->board.size);
    if (show_dead)
        render_dead_stones(&s->board, s->dead);
    if (show_last)
        render_last_move(&s->board);
}

static void draw_play(const go_game_t *g)
{
    const go_session_t *s = g->session;
    int show_cursor = !go_session_ai_turn(s);
    draw_board(g, show_cursor ? g->cur_row : -1, g->cur_col, 0, 1);
    render_score_panel(-1, -1, s->board.captured_black, s->board.captured_white, s->board.turn);
    draw_side_columns(g);
    if (g->confirm_resign) {
        char line[64];
        draw_box();
        snprintf(line, sizeof line, "%s resigns?", go_side_name(go_session_resigner(s)));
        render_string_centered(170, line, COLOR_TEXT, 3);
        render_string_centered(214, "Enter: resign", COLOR_CURSOR, 2);
        render_string_centered(244, "any other key: play on", COLOR_TEXT, 2);
        render_string_centered(460, "Resign? Enter confirms, any other key plays on", COLOR_WARN,
                               1);
        return;
    }
    render_string_centered(460, g->status, g->status_color, 1);
}

static void draw_review(const go_game_t *g)
{
    const go_session_t *s = g->session;
    draw_board(g, g->cur_row, g->cur_col, 1, 0);
    render_territory(&s->scored);
    render_score_panel(s->score_black, s->score_white, s->board.captured_black,
                       s->board.captured_white, EMPTY);
    draw_side_columns(g);
    render_string_centered(460, g->status, g->status_color, 1);
}

static void draw_over(const go_game_t *g)
{
    const go_session_t *s = g->session;
    char line[96];
    draw_board(g, -1, -1, s->resigned == EMPTY, s->resigned != EMPTY);
    if (s->resigned == EMPTY) {
        render_territory(&s->scored);
        render_score_panel(s->score_black, s->score_white, s->board.captured_black,
                           s->board.captured_white, EMPTY);
    } else {
        render_score_panel(-1, -1, s->board.captured_black, s->board.captured_white, EMPTY);
    }
    draw_side_columns(g);
    int pvc = s->set.mode == GO_SESSION_PVC;
    Stone winner = go_session_winner(s);
    if (winner == EMPTY)
        snprintf(line, sizeof line, "%s", "Draw");
    else if (pvc)
        snprintf(line, sizeof line, "%s",
                 winner == s->set.human ? "You win!" : "The computer wins");
    else
        snprintf(line, sizeof line, "%s wins", go_side_name(winner));
    if (g->hide_result) {
        /* The final position whole, the result on the line below it. */
        char below[160];
        snprintf(below, sizeof below, "%s %s - v: result, Enter: menu", line, s->result);
        render_string_centered(460, below, COLOR_TEXT, 1);
        return;
    }
    render_string_centered(460, line, COLOR_TEXT, 1);
    char detail[96];
    if (s->resigned == EMPTY) {
        char komi[16];
        go_format_komi(s->board.komi2, komi, sizeof komi);
        snprintf(detail, sizeof detail, "Black %d  White %d + %s", s->score_black,
                 s->score_white, komi);
    } else {
        snprintf(detail, sizeof detail, "%s resigned",
                 pvc && s->resigned != s->set.human ? "The computer" : go_side_name(s->resigned));
    }
    go_draw_result_box("Game over", detail, s->result, "Enter: menu   v: see the board");
}

/* The game-over box (shared with the link screen, screens/go_link_draw.c). */
void go_draw_result_box(const char *title, const char *detail, const char *result,
                        const char *hint)
{
    draw_box();
    render_string_centered(166, title, COLOR_TEXT, 3);
    render_string_centered(202, detail, COLOR_TEXT, 2);
    render_string_centered(228, result, COLOR_CURSOR, 3);
    render_string_centered(262, hint, COLOR_TEXT, 1);
}

/* Seed 001's messages on the six digits (docs/seven_seg.md): the side to
 * move and the move number, "PASS" after a pass, the territory counts
 * during the dead-stone review, "WInnEr"/"LOSEr" (the human's side against
 * the computer) or the winner's colour at the end; dark in the menus. */
void go_digits(const go_game_t *g, char *text, size_t len)
{
    const go_session_t *s = g->session;
    int n = s->record.n_moves;
    Stone winner = go_session_winner(s);
    if (g->screen != GO_GAME) {
        text[0] = 0;
        return;
    }
    switch (s->phase) {
    case GO_PHASE_PLAY:
        if (n > 0 && s->record.moves[n - 1].move.pass)
            snprintf(text, len, "%s", "PASS");
        else
            snprintf(text, len, "%c%5u", s->board.turn == BLACK ? 'b' : 'W',
                     (unsigned)s->board.move_number % 100000u);
        break;
    case GO_PHASE_REVIEW:
        snprintf(text, len, "%3u%3u", (unsigned)s->score_black % 1000u,
                 (unsigned)s->score_white % 1000u);
        break;
    case GO_PHASE_OVER:
        if (winner == EMPTY)
            snprintf(text, len, "%s", "drAW");
        else if (s->set.mode == GO_SESSION_PVC)
            snprintf(text, len, "%s", winner == s->set.human ? "WInnEr" : "LOSEr");
        else
            snprintf(text, len, "%c  WIn", winner == BLACK ? 'b' : 'W');
        break;
    }
}

static void draw_mode_menu(const go_game_t *g)
{
    char size_row[40];
    const char *items[5] = {"1. Player vs Player", "2. Player vs Computer",
                            "3. Resume saved game", size_row, NULL};
    int n = go_mode_items(g);
    int size = go_session_pvp_size[g->size_sel];
    snprintf(size_row, sizeof size_row, "Board %dx%d (2 players)", size, size);
    items[n] = size_row;
    items[n + 1] = "Another console (link)";
    render_menu_list_at("Go", items, n + 2, g->menu_sel,
                        g->menu_sel == n       ? "Left/Right change the board for Player vs Player"
                        : g->menu_sel == n + 1 ? "Enter: play a console over --link SPEC"
                                               : "Up/Down choose   Enter select   Escape back",
                        n + 2 > 4 ? 160 : 170, n + 2 > 4 ? 46 : 52);
    draw_notice(g);
}

static void draw_level_menu(const go_game_t *g)
{
    char color_row[40], handicap_row[40];
    const char *items[GO_LEVEL_ROWS];
    for (int i = 0; i < GO_SESSION_LEVELS; i++)
        items[i] = go_level_names[i];
    items[GO_LEVEL_ROW_COLOR] = color_row;
    items[GO_LEVEL_ROW_HANDICAP] = handicap_row;
    snprintf(color_row, sizeof color_row, "You play %s", go_side_name(g->opt_human));
    if (g->opt_handicap)
        snprintf(handicap_row, sizeof handicap_row, "Handicap %d stones", g->opt_handicap);
    else
        snprintf(handicap_row, sizeof handicap_row, "%s", "No handicap");
    render_menu_list_at("Computer level", items, GO_LEVEL_ROWS, g->level_sel,
                        g->level_sel >= GO_LEVEL_ROW_COLOR
                            ? "Left/Right change   Up/Down choose   Escape back"
                            : "Up/Down choose   Enter start   Escape back",
                        150, 46);
}

void go_draw(const go_game_t *g, uint16_t *fb)
{
    render_init(fb);
    switch (g->screen) {
    case GO_TITLE:
        draw_title();
        break;
    case GO_RESUME:
        draw_resume(g);
        break;
    case GO_MODE:
        draw_mode_menu(g);
        break;
    case GO_LEVEL:
        draw_level_menu(g);
        break;
    case GO_GAME:
        if (g->session->phase == GO_PHASE_PLAY)
            draw_play(g);
        else if (g->session->phase == GO_PHASE_REVIEW)
            draw_review(g);
        else
            draw_over(g);
        break;
    }
}
