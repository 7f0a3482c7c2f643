/*
 * screens/go_link_draw.c - the link screen's pictures (the Go screen's
 * board, dead marks and result box, src/console/render.h and go_draw.c),
 * its status line and its message on the seven-segment digits (seed 001):
 * what the link holds and what the other console just did, drawn; nothing
 * here changes the game.
 */
#include <stdio.h>
#include <string.h>

#include "console/render.h"
#include "go_link_screen.h"
#include "go_screen.h"

static const char *side_name(Stone s)
{
    return s == BLACK ? "Black" : "White";
}

void go_link_count_result(int black, int white, int komi2, char *buf, size_t len)
{
    int margin2 = 2 * (black - white) - komi2;
    int a = margin2 < 0 ? -margin2 : margin2;
    if (margin2 == 0)
        snprintf(buf, len, "%s", "0");
    else
        snprintf(buf, len, "%c+%d.%d", margin2 > 0 ? 'B' : 'W', a / 2, (a % 2) * 5);
}

/* The winner of a result string ("B+3.5", "W+R"), EMPTY for a draw. */
static Stone result_winner(const char *result)
{
    return result[0] == 'B' ? BLACK : result[0] == 'W' ? WHITE : EMPTY;
}

/* The board is on screen once the two consoles agreed (the handshake). */
static int board_shown(const go_link_game_t *g)
{
    return g->up && link_board(&g->link)->size > 0 && link_state(&g->link) != LINK_HANDSHAKE;
}

static void review_status(const go_link_game_t *g, char *line, size_t len)
{
    const link_review_t *rv = link_review(&g->link);
    const link_agreement_t *ag = link_agreement(&g->link);
    int mine = ag->mine == BLACK ? rv->accepted_black : rv->accepted_white;
    int theirs = ag->mine == BLACK ? rv->accepted_white : rv->accepted_black;
    char res[16];
    go_link_count_result(rv->black, rv->white, ag->komi2, res, sizeof res);
    if (rv->counting)
        snprintf(line, len, "Both accepted: %s - waiting for the other console to confirm the count",
                 res);
    else if (!rv->known)
        snprintf(line, len, "%s", "Waiting for the other console's marks...");
    else if (rv->pending)
        snprintf(line, len, "%s", "Sent: waiting for the other console to take it...");
    else if (mine)
        snprintf(line, len, "%s", "You accepted - waiting for the other console (Space withdraws)");
    else if (theirs)
        snprintf(line, len, "The other console accepted these marks: Space to accept (%s)", res);
    else if (g->peer_changed)
        snprintf(line, len, "The other console changed the marks - %s if accepted (Space)", res);
    else if (rv->at_limit)
        snprintf(line, len, "The game reached the link's limit of %d moves: mark dead stones (Enter) "
                 "- %s if accepted (Space)", ag->max_moves, res);
    else
        snprintf(line, len, "Mark dead stones (Enter) - %s if accepted (Space), p plays on", res);
}

void go_link_status(const go_link_game_t *g, char *line, size_t len, uint16_t *color)
{
    link_state_t s = link_state(&g->link);
    Stone mine = link_agreement(&g->link)->mine;
    *color = COLOR_TEXT;
    if (g->failed) {
        *color = COLOR_WARN;
        if (g->env.link_spec)
            snprintf(line, len, "Link stopped: %s", g->failure);
        else
            snprintf(line, len, "%s", g->failure);
        return;
    }
    if (g->warn[0]) {
        *color = COLOR_WARN;
        snprintf(line, len, "%s", g->warn);
        return;
    }
    if (s == LINK_OFFER) {
        const link_offer_t *o = link_offer(&g->link);
        *color = COLOR_WARN;
        snprintf(line, len,
                 "The other console resumes its saved game: %d moves on %dx%d, you would play %s. "
                 "Enter: take it   n: no",
                 o->moves, o->size, o->size, side_name(o->mine));
        return;
    }
    if (!board_shown(g)) {
        snprintf(line, len, "%s", g->n_saved ? "Connected: resuming the saved game..."
                                             : "Connected: agreeing colours with the other "
                                               "console...");
        return;
    }
    switch (s) {
    case LINK_PLAYING:
        if (g->confirm_resign) {
            *color = COLOR_WARN;
            snprintf(line, len, "%s", "Resign? Enter confirms, any other key plays on");
        } else if (link_my_turn(&g->link))
            snprintf(line, len, "%s (%s)",
                     g->peer_passed ? "The other console passed - your move"
                     : g->resumed   ? "Play resumes - your move"
                                    : "Your move",
                     side_name(mine));
        else
            snprintf(line, len, "%s for the other console (%s)...",
                     g->own_passed ? "You passed - waiting"
                     : g->resumed  ? "Play resumes - waiting"
                                   : "Waiting",
                     side_name(stone_opponent(mine)));
        break;
    case LINK_REVIEW:
        review_status(g, line, len);
        break;
    case LINK_OVER: {
        char res[16];
        link_result_string(&g->link, res, sizeof res);
        Stone w = result_winner(res);
        snprintf(line, len, "%s - %s %s%s", w == EMPTY ? "Draw" : w == mine ? "You win" : "You lose",
                 w == EMPTY ? "result" : w == BLACK ? "Black wins" : "White wins", res,
                 g->hide_result ? " - v: result, Enter: back" : "");
        break;
    }
    default:
        line[0] = 0;
        break;
    }
}

static int wrap_status(const char *text, char lines[3][112]);

/* Text broken into lines of the screen's width, the first at y. */
static void draw_wrapped(int y, const char *text, uint16_t color)
{
    char lines[3][112];
    int n = wrap_status(text, lines);
    for (int i = 0; i < n; i++)
        render_string_centered(y + 14 * i, lines[i], color, 1);
}

/* The connect screen: before the two consoles agree (or when they never could). */
static void draw_connect(const go_link_game_t *g, const char *status, uint16_t color)
{
    render_fill_rect(0, 0, RENDER_WIDTH, RENDER_HEIGHT, COLOR_BG);
    render_string_centered(120, "Go over a link", COLOR_BOARD, 4);
    render_string_centered(220, g->env.link_spec ? g->env.link_spec : "no --link given", COLOR_DIM,
                           2);
    draw_wrapped(300, status, color);
    if (g->notice[0])
        draw_wrapped(350, g->notice, COLOR_WARN);
    render_string_centered(452, "Escape: back", COLOR_DIM, 1);
}

/* The left column: the keys of the phase on screen; the right one: the
 * game's facts (and in the review, who accepted). */
static void draw_side_columns(const go_link_game_t *g)
{
    static const char *const play_help[] = {"Arrows move", "Enter place", "Space pass",
                                            "r resign",    "Esc back",    NULL};
    static const char *const review_help[] = {"Arrows move", "Enter dead/alive", "Space accept",
                                              "p play on",   "Esc back",         NULL};
    static const char *const over_help[] = {"v see board", "Enter back", "Esc back", NULL};
    static const char *const over_hidden_help[] = {"v show result", "Enter back", "Esc back",
                                                   NULL};
    static const char *const stopped_help[] = {"Enter back", "Esc back", NULL};
    link_state_t s = link_state(&g->link);
    const char *const *help = g->failed           ? stopped_help
                              : s == LINK_REVIEW  ? review_help
                              : s == LINK_PLAYING ? play_help
                              : g->hide_result    ? over_hidden_help
                                                  : over_help;
    for (int i = 0; help[i]; i++)
        render_string(6, 40 + 16 * i, help[i], COLOR_DIM);
    const BoardState *b = link_board(&g->link);
    const link_agreement_t *ag = link_agreement(&g->link);
    char line[32], komi[16];
    int x = 556;
    snprintf(line, sizeof line, "Move %d", b->move_number);
    render_string(x, 40, line, COLOR_TEXT);
    snprintf(line, sizeof line, "You: %s", side_name(ag->mine));
    render_string(x, 56, line, COLOR_DIM);
    go_format_komi(ag->komi2, komi, sizeof komi);
    snprintf(line, sizeof line, "Komi %s", komi);
    render_string(x, 72, line, COLOR_DIM);
    render_string(x, 88, g->env.go_rules ? "Rules: hw" : "Rules: sw", COLOR_DIM);
    render_string(x, 104, g->failed ? "Link stopped" : "Linked", g->failed ? COLOR_WARN : COLOR_DIM);
    if (s == LINK_REVIEW) {
        const link_review_t *rv = link_review(&g->link);
        render_string(x, 136, "Accepted:", COLOR_TEXT);
        render_string(x, 152, rv->accepted_black ? "Black: yes" : "Black: no",
                      rv->accepted_black ? COLOR_CURSOR : COLOR_DIM);
        render_string(x, 168, rv->accepted_white ? "White: yes" : "White: no",
                      rv->accepted_white ? COLOR_CURSOR : COLOR_DIM);
    }
}

/* The board with the review's marks: dead stones hollow (as the Go screen
 * marks them) and each empty point's owner once they are off. */
static void draw_marks(const BoardState *b, const link_review_t *rv)
{
    static unsigned char dead[BOARD_MAX_SIZE][BOARD_MAX_SIZE];
    static BoardState scored;
    memset(dead, 0, sizeof dead);
    board_copy(&scored, b);
    for (int r = 0; r < b->size; r++)
        for (int c = 0; c < b->size; c++)
            if (rv->dead[r * b->size + c] && board_get(b, r, c) != EMPTY) {
                dead[r][c] = 1;
                board_setup(&scored, EMPTY, r, c); /* taking stones off never fails */
            }
    render_dead_stones(b, dead);
    render_territory(&scored);
}

/* The status line broken at spaces into at most 3 lines of the screen's
 * width; returns how many. */
static int wrap_status(const char *text, char lines[3][112])
{
    int max = (RENDER_WIDTH - 8) / FONT_ADVANCE, n = 0;
    while (*text && n < 3) {
        int len = (int)strlen(text), cut = len;
        if (len > max) {
            for (cut = max; cut > 0 && text[cut] != ' '; cut--)
                ;
            if (cut == 0)
                cut = max;
        }
        snprintf(lines[n++], 112, "%.*s", cut, text);
        text += cut;
        while (*text == ' ')
            text++;
    }
    return n;
}

/* The score panel and the status line under it; a status too long for one
 * line (a failure's reason) takes the panel's place. */
static void draw_bottom(const go_link_game_t *g, const char *status, uint16_t color, int marks)
{
    char lines[3][112];
    int n = wrap_status(status, lines);
    const BoardState *b = link_board(&g->link);
    const link_review_t *rv = link_review(&g->link);
    if (n > 1) {
        for (int i = 0; i < n; i++)
            render_string_centered(460 - 14 * (n - 1 - i), lines[i], color, 1);
        return;
    }
    if (marks)
        render_score_panel(rv->black, rv->white, b->captured_black, b->captured_white, EMPTY);
    else
        render_score_panel(-1, -1, b->captured_black, b->captured_white,
                           link_state(&g->link) == LINK_PLAYING && !g->failed ? b->turn : EMPTY);
    if (n == 1)
        render_string_centered(460, lines[0], color, 1);
}

static void draw_over_box(const go_link_game_t *g)
{
    char res[16], title[32], detail[64], result[48], komi[16];
    const link_review_t *rv = link_review(&g->link);
    const link_agreement_t *ag = link_agreement(&g->link);
    link_result_string(&g->link, res, sizeof res);
    Stone w = result_winner(res);
    snprintf(title, sizeof title, "%s", w == EMPTY ? "Draw" : w == ag->mine ? "You win" : "You lose");
    Stone resigned = link_resigned(&g->link);
    if (resigned != EMPTY)
        snprintf(detail, sizeof detail, "%s resigned", side_name(resigned));
    else {
        go_format_komi(ag->komi2, komi, sizeof komi);
        snprintf(detail, sizeof detail, "Black %d  White %d + %s", rv->black, rv->white, komi);
    }
    snprintf(result, sizeof result, "%s %s", w == EMPTY ? "Draw" : w == BLACK ? "Black wins" : "White wins",
             res);
    go_draw_result_box(title, detail, result, "Enter: back   v: see the board");
}

void go_link_draw(const go_link_game_t *g, uint16_t *fb)
{
    char line[330];
    uint16_t color;
    render_init(fb);
    go_link_status(g, line, sizeof line, &color);
    if (!board_shown(g)) {
        draw_connect(g, line, color);
        return;
    }
    const BoardState *b = link_board(&g->link);
    link_state_t s = link_state(&g->link);
    const link_review_t *rv = link_review(&g->link);
    int counted = s == LINK_OVER && link_resigned(&g->link) == EMPTY;
    int marks = (s == LINK_REVIEW && rv->known) || counted;
    int cursor = !g->failed && (s == LINK_REVIEW || (s == LINK_PLAYING && link_my_turn(&g->link)));
    render_board(b, cursor ? g->cur_row : -1, g->cur_col);
    render_coordinates(b->size);
    if (marks && !(g->failed && s != LINK_OVER))
        draw_marks(b, rv);
    else
        render_last_move(b);
    draw_bottom(g, line, color, marks);
    draw_side_columns(g);
    if (g->failed)
        return;
    if (s == LINK_PLAYING && g->confirm_resign)
        go_draw_result_box("Resign?", "Enter: resign", "", "any other key: play on");
    else if (s == LINK_OVER && !g->hide_result)
        draw_over_box(g);
}

void go_link_digits(const go_link_game_t *g, char *text, size_t len)
{
    const BoardState *b = link_board(&g->link);
    text[0] = 0;
    if (g->failed) {
        /* A console whose link stopped says so (departure: seed 001 has
         * no failure); the module opened without --link stays dark. */
        if (g->env.link_spec)
            snprintf(text, len, "%s", "StOP");
        return;
    }
    if (!board_shown(g))
        return; /* dark until the two consoles agree */
    int n;
    const uint8_t *moves = link_moves(&g->link, &n);
    switch (link_state(&g->link)) {
    case LINK_PLAYING:
        if (n > 0 && moves[n - 1] == LINK_BYTE_PASS)
            snprintf(text, len, "%s", "PASS");
        else
            snprintf(text, len, "%c%5u", b->turn == BLACK ? 'b' : 'W',
                     (unsigned)b->move_number % 100000u);
        break;
    case LINK_REVIEW: {
        const link_review_t *rv = link_review(&g->link);
        if (rv->known)
            snprintf(text, len, "%3u%3u", (unsigned)rv->black % 1000u,
                     (unsigned)rv->white % 1000u);
        else
            snprintf(text, len, "%s", "PASS");
        break;
    }
    case LINK_OVER: {
        char res[16];
        link_result_string(&g->link, res, sizeof res);
        Stone w = result_winner(res);
        snprintf(text, len, "%s",
                 w == EMPTY                          ? "drAW"
                 : w == link_agreement(&g->link)->mine ? "WInnEr"
                                                       : "LOSEr");
        break;
    }
    default:
        break;
    }
}
