/*
 * screens/go.c - the Go module of the console (seed 000 §4.5, §9): title ->
 * mode (PvP / PvC) -> level (PvC) -> game -> game over -> mode menu, with
 * the computer thinking on a thread, sound cues as seed §4.6 says, and an
 * autosave after every move (docs/play.md).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "console/console_game.h"
#include "games/go/ai.h"
#include "games/go/board.h"
#include "games/go/sgf.h"
#include "hal.h"
#include "console/render.h"
#include "console/save.h"
#include "drivers/go_rules.h"
#include "drivers/seven_seg.h"
#include "games/go/status.h"

/* The computer's move lands at least this long after the player's, so the
 * player sees (and hears) their own stone first. */
#define AI_MIN_THINK_US 300000
#define SAVE_NAME "go.sgf"
#define LAST_NAME "go-last.sgf"
#define PATH_LEN 4096

typedef enum { GO_TITLE, GO_RESUME, GO_MODE, GO_LEVEL, GO_PLAY, GO_REVIEW, GO_OVER } go_screen_t;
typedef enum { GO_PVP = 0, GO_PVC = 1 } go_mode_t;

typedef struct go_game {
    console_env_t env;
    go_rules_hw_t rules_hw; /* --rules hw: the go_rules driver (issue 15) */
    go_rules_t rules;       /* its seam, once rules_open */
    int rules_open;
    go_screen_t screen;
    int menu_sel;           /* mode menu item */
    int level_sel;          /* level menu row (0..2 levels, then colour and handicap) */
    int size_sel;           /* index in pvp_sizes: the board for two players */
    Stone opt_human;        /* the colour chosen for the next PvC game */
    int opt_handicap;       /* 0, or 2..9 stones for Black in the next PvC game */
    go_mode_t mode;
    int level;              /* 1..3 in PvC */
    Stone human;            /* the human's colour in PvC */
    BoardState board;
    sgf_game_t *record;     /* the game so far, as saved */
    sgf_game_t *pending;    /* a save offered for resuming */
    int cur_row, cur_col;
    char status[128];
    uint16_t status_color;
    char notice[160];       /* a one-off message for the menus (e.g. a corrupt save) */
    int dirty;
    int sound;
    int save_failed;        /* the last autosave of this game failed */
    char save_err[200];     /* why, with the save folder left out */
    char save_path[PATH_LEN];
    char last_path[PATH_LEN];
    /* The computer player. */
    ai_t *ai;
    pthread_t thread;
    int thinking;           /* a thread is running or its move not yet applied */
    int think_rendered;     /* the frame showing the player's move was drawn */
    int think_clock_set;
    uint64_t think_start_us;
    pthread_mutex_t lock;
    int ai_done;            /* under lock */
    Move ai_move;           /* under lock */
    int ai_resign;          /* under lock: the computer resigns instead of ai_move */
    BoardState think_board; /* the thread's own copy */
    /* Dead-stone review (after two passes) and game over. */
    unsigned char dead[BOARD_MAX_SIZE][BOARD_MAX_SIZE]; /* 1: the stone counts as captured */
    BoardState scored;      /* the board with the dead stones taken off */
    int confirm_resign;     /* 'r' pressed: Enter resigns, any other key plays on */
    Stone resigned;         /* who resigned (EMPTY: the game was counted) */
    int score_black, score_white;
    char result[16];
    /* Seed 001's cursor (k toggles, off by default): it never rests on a
     * stone after a move of the cursor, jumping over stones the way it goes. */
    int skip_cursor;
    /* Seed 001's look (l toggles, off by default; docs/play.md): a yellow
     * board, square tiles for stones and a square green cursor. */
    int look_001;
    /* The seven-segment digits (docs/seven_seg.md): what they show now. */
    char hex_text[8];
    int hex_shown;
} go_game_t;

/* The level menu says what each level does (seed 000 §3.5-3.7). */
static const char *const level_names[3] = {"1. Beginner: random moves", "2. Casual: greedy captures",
                                           "3. Strong: Monte Carlo search"};
static const char *const level_short[3] = {"Beginner", "Casual", "Strong"};

/* Board sizes offered to two players; komi 5.5 on 9x9 (seed 000 §3.2),
 * 7.5 on the larger boards (the usual komi of Chinese rules there). */
static const int pvp_sizes[3] = {9, 13, 19};
static const int pvp_komi2[3] = {11, 15, 15};

/* Level menu rows after the three levels. */
#define LEVEL_ROW_COLOR 3
#define LEVEL_ROW_HANDICAP 4
#define LEVEL_ROWS 5

static void set_status(go_game_t *g, uint16_t color, const char *fmt, const char *arg)
{
    snprintf(g->status, sizeof g->status, fmt, arg);
    g->status_color = color;
}

static const char *side_name(Stone s)
{
    return s == BLACK ? "Black" : "White";
}

static int have_saves(const go_game_t *g)
{
    return g->env.save_dir != NULL;
}

static int ai_turn(const go_game_t *g)
{
    return g->mode == GO_PVC && g->board.turn != g->human && !g->board.game_over;
}

static void turn_status(go_game_t *g)
{
    if (ai_turn(g))
        set_status(g, COLOR_TEXT, "%s", "Computer is thinking...");
    else if (g->mode == GO_PVC)
        set_status(g, COLOR_TEXT, "Your move (%s)", side_name(g->human));
    else
        set_status(g, COLOR_TEXT, "%s to play", side_name(g->board.turn));
}

/* ---- the computer's thread ---- */

static void *think_main(void *arg)
{
    go_game_t *g = arg;
    Move m = ai_choose(g->ai, &g->think_board);
    AiStats st;
    ai_last_stats(g->ai, &st);
    pthread_mutex_lock(&g->lock);
    g->ai_move = m;
    g->ai_resign = st.resign;
    g->ai_done = 1;
    pthread_mutex_unlock(&g->lock);
    return NULL;
}

static void ai_start(go_game_t *g)
{
    board_copy(&g->think_board, &g->board);
    g->ai_done = 0;
    g->ai_resign = 0;
    g->think_rendered = 0;
    g->think_clock_set = 0;
    if (pthread_create(&g->thread, NULL, think_main, g) != 0) {
        /* No thread: think here; the window stalls briefly, nothing is lost. */
        think_main(g);
        g->thinking = 2;
        return;
    }
    g->thinking = 1;
}

/* Waits for the thread and forgets its move (Escape while thinking). */
static void ai_cancel(go_game_t *g)
{
    if (!g->thinking)
        return;
    if (g->thinking == 1) {
        ai_request_stop(g->ai);
        pthread_join(g->thread, NULL);
    }
    g->thinking = 0;
}

/* ---- records and autosave ---- */

static void record_start(go_game_t *g)
{
    sgf_game_init(g->record);
    snprintf(g->record->application, SGF_TEXT, "tabletop:%s", TABLETOP_VERSION);
    snprintf(g->record->black, SGF_TEXT, "%s", "Human");
    snprintf(g->record->white, SGF_TEXT, "%s", "Human");
    if (g->mode == GO_PVC)
        snprintf(g->human == BLACK ? g->record->white : g->record->black, SGF_TEXT,
                 "tabletop level %d", g->level);
    snprintf(g->record->comment, sizeof g->record->comment, "tabletop mode=%s level=%d%s",
             g->mode == GO_PVC ? "pvc" : "pvp", g->mode == GO_PVC ? g->level : 0,
             g->mode == GO_PVC && g->human == WHITE ? " human=white" : "");
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm))
        strftime(g->record->date, SGF_TEXT, "%Y-%m-%d", &tm);
}

static void autosave(go_game_t *g)
{
    if (!have_saves(g))
        return;
    char err[512];
    if (sgf_save_file(g->save_path, g->record, err, sizeof err) != 0) {
        fprintf(stderr, "tabletop: autosave failed: %s\n", err);
        /* The folder is long and the same every time: name the file only. */
        const char *why = err;
        size_t n = strlen(g->env.save_dir);
        if (!strncmp(why, g->env.save_dir, n) && why[n] == '/')
            why += n + 1;
        snprintf(g->save_err, sizeof g->save_err, "%.199s", why);
        g->save_failed = 1;
        set_status(g, COLOR_WARN, "Autosave failed: %.90s", why);
    } else {
        g->save_failed = 0;
    }
}

/* Escape from a game: the menu says whether the game is really on disk. */
static void leave_game(go_game_t *g)
{
    ai_cancel(g);
    g->screen = GO_MODE;
    g->menu_sel = 0;
    g->dirty = 1;
    g->notice[0] = 0;
    if (g->board.move_number == 0 && g->record->n_setup == 0)
        return;
    if (!have_saves(g))
        snprintf(g->notice, sizeof g->notice, "%s", "Game not saved: no save folder");
    else if (g->save_failed && save_exists(g->save_path))
        snprintf(g->notice, sizeof g->notice, "Game not saved (%.90s); 3 resumes an older save",
                 g->save_err);
    else if (g->save_failed)
        snprintf(g->notice, sizeof g->notice, "Game not saved: %.120s", g->save_err);
    else {
        snprintf(g->notice, sizeof g->notice, "%s", "Game saved: choose 3 to resume it");
        return;
    }
    fprintf(stderr, "tabletop: %s\n", g->notice);
}

/* Puts the autosave aside as *.SUFFIX; returns the new name in out. */
static int put_aside(go_game_t *g, const char *suffix, char *out, size_t len)
{
    char err[512];
    if (save_move_aside(g->save_path, suffix, out, len, err, sizeof err) != 0) {
        fprintf(stderr, "tabletop: %s\n", err);
        snprintf(g->notice, sizeof g->notice, "%.100s", err);
        return -1;
    }
    return 0;
}

/* Parses "tabletop mode=pvc level=3" from the record's GC. */
static void parse_console_state(const sgf_game_t *rec, go_mode_t *mode, int *level)
{
    *mode = GO_PVP;
    *level = 1;
    const char *m = strstr(rec->comment, "mode=pvc");
    const char *l = strstr(rec->comment, "level=");
    if (m)
        *mode = GO_PVC;
    if (l && l[6] >= '1' && l[6] <= '3')
        *level = l[6] - '0';
}

/* The human's colour from the GC: "human=white", else Black. */
static Stone parse_human(const sgf_game_t *rec)
{
    return strstr(rec->comment, "human=white") ? WHITE : BLACK;
}

/* Rebuilds g->board from the record.  After handicap stones (setup and
 * no move yet) White moves first; the record alone does not say so, so
 * the turn is set here, as gtp_engine's genmove sets it on its copy. */
static int replay_record(go_game_t *g, char *err, size_t len)
{
    if (sgf_replay(g->record, -1, &g->board, err, len) != 0)
        return -1;
    if (g->record->n_moves == 0 && g->record->n_setup > 0)
        g->board.turn = WHITE;
    return 0;
}

/* Loads the autosave into g->pending.  Returns 1 if it can be resumed,
 * 0 if there is none; an unreadable save is put aside as *.corrupt. */
static int load_pending(go_game_t *g)
{
    if (!have_saves(g) || !save_exists(g->save_path))
        return 0;
    char err[512], aside[PATH_LEN];
    BoardState b;
    if (sgf_load_file(g->save_path, g->pending, err, sizeof err) != 0 ||
        sgf_replay(g->pending, -1, &b, err, sizeof err) != 0) {
        fprintf(stderr, "tabletop: saved game unreadable: %s\n", err);
        if (put_aside(g, "corrupt", aside, sizeof aside) == 0) {
            fprintf(stderr, "tabletop: kept it as %s\n", aside);
            const char *base = strrchr(aside, '/');
            snprintf(g->notice, sizeof g->notice, "Saved game unreadable: kept as %.100s",
                     base ? base + 1 : aside);
        }
        return 0;
    }
    if (b.game_over && g->pending->result[0]) {
        /* Finished but not cleared (killed at the very end): it is a record now. */
        save_replace(g->save_path, g->last_path);
        return 0;
    }
    return 1;
}

/* ---- game flow ---- */

static void enter_review(go_game_t *g);

static void enter_play(go_game_t *g)
{
    g->screen = GO_PLAY;
    g->cur_row = g->cur_col = g->board.size / 2;
    turn_status(g);
    if (g->mode == GO_PVC) {
        AiConfig cfg = {.level = (AiLevel)g->level, .seed = g->env.seed};
        if (!g->ai)
            g->ai = ai_create(&cfg);
        if (g->ai) {
            ai_set_level(g->ai, (AiLevel)g->level);
            ai_set_seed(g->ai, g->env.seed);
        }
        if (!g->ai) {
            set_status(g, COLOR_WARN, "%s", "Out of memory for the computer player");
            g->mode = GO_PVP;
        }
    }
    if (g->board.game_over)
        enter_review(g); /* two passes ended it; the dead stones are not agreed yet */
    else if (ai_turn(g))
        ai_start(g);
    g->dirty = 1;
}

/* The usual fixed handicap points (n = 2..9) on an odd board from 9x9
 * up: the 3-3 points (4-4 from 13x13), diagonal corners first, then the
 * other two, the centre for odd n, the left and right sides from 6, the
 * top and bottom sides from 8.  Returns how many it wrote. */
static int handicap_points(int size, int n, Move out[9])
{
    int lo = size >= 13 ? 3 : 2, hi = size - 1 - lo, mid = size / 2, k = 0;
    /* (row, col): upper right, lower left, upper left, lower right */
    const int corners[4][2] = {{lo, hi}, {hi, lo}, {lo, lo}, {hi, hi}};
    for (int i = 0; i < 4 && i < (n >= 4 ? 4 : n); i++)
        out[k++] = (Move){.row = corners[i][0], .col = corners[i][1], .pass = 0};
    if (n >= 6) {
        out[k++] = (Move){.row = mid, .col = lo, .pass = 0};
        out[k++] = (Move){.row = mid, .col = hi, .pass = 0};
    }
    if (n >= 8) {
        out[k++] = (Move){.row = lo, .col = mid, .pass = 0};
        out[k++] = (Move){.row = hi, .col = mid, .pass = 0};
    }
    if (n & 1 && n >= 5)
        out[k++] = (Move){.row = mid, .col = mid, .pass = 0};
    return k;
}

/* A new game: PvP on the chosen board; PvC on 9x9 with the chosen
 * colour and handicap (Black's stones as AB setup, komi 0.5, White first). */
static void new_game(go_game_t *g, go_mode_t mode, int level)
{
    char aside[PATH_LEN], err[256];
    /* A game left with Escape is not overwritten by a new one. */
    if (have_saves(g) && save_exists(g->save_path))
        put_aside(g, "bak", aside, sizeof aside);
    g->mode = mode;
    g->level = level;
    g->human = mode == GO_PVC ? g->opt_human : BLACK;
    g->save_failed = 0;
    g->confirm_resign = 0;
    g->resigned = EMPTY;
    record_start(g);
    if (mode == GO_PVP) {
        g->record->size = pvp_sizes[g->size_sel];
        g->record->komi2 = pvp_komi2[g->size_sel];
    } else if (g->opt_handicap >= 2) {
        Move pts[9];
        int n = handicap_points(g->record->size, g->opt_handicap, pts);
        for (int i = 0; i < n; i++)
            g->record->setup[g->record->n_setup++] = (sgf_move_t){.color = BLACK, .move = pts[i]};
        g->record->komi2 = 1;
        size_t used = strlen(g->record->comment);
        snprintf(g->record->comment + used, sizeof g->record->comment - used, " handicap=%d", n);
    }
    if (replay_record(g, err, sizeof err) != 0)
        board_init(&g->board); /* cannot happen: an empty board or fixed handicap points */
    enter_play(g);
}

static void resume_pending(go_game_t *g)
{
    char err[512];
    memcpy(g->record, g->pending, sizeof *g->record);
    g->save_failed = 0;
    g->confirm_resign = 0;
    g->resigned = EMPTY;
    parse_console_state(g->record, &g->mode, &g->level);
    g->human = parse_human(g->record);
    if (replay_record(g, err, sizeof err) != 0) {
        snprintf(g->notice, sizeof g->notice, "Cannot resume: %.100s", err);
        g->screen = GO_MODE;
        g->dirty = 1;
        return;
    }
    enter_play(g);
}

/* Recomputes the area score with the stones marked dead taken off. */
static void review_update(go_game_t *g)
{
    board_copy(&g->scored, &g->board);
    for (int r = 0; r < g->board.size; r++)
        for (int c = 0; c < g->board.size; c++)
            if (g->dead[r][c])
                board_setup(&g->scored, EMPTY, r, c); /* taking stones off never fails */
    board_score(&g->scored, &g->score_black, &g->score_white);
    /* --rules hw: the counts come from seed 001's territory counter; on a
     * board with stones they equal board_score's (docs/go_rules.md). */
    int tb, tw, stones = 0;
    char terr_err[256];
    for (int r = 0; r < g->scored.size; r++)
        for (int c = 0; c < g->scored.size; c++)
            stones += board_get(&g->scored, r, c) != EMPTY;
    if (g->rules_open && stones > 0) {
        if (go_rules_territory(&g->rules, &g->scored, &tb, &tw, terr_err, sizeof terr_err) == 0) {
            g->score_black = tb;
            g->score_white = tw;
        } else {
            fprintf(stderr, "tabletop: %s\n", terr_err);
        }
    }
    board_result_string(&g->scored, g->result, sizeof g->result);
    char msg[128];
    snprintf(msg, sizeof msg, "Mark dead stones (Enter) - %s if accepted (Space)", g->result);
    set_status(g, COLOR_TEXT, "%s", msg);
    g->dirty = 1;
}

/* After two passes: the estimate of go_status_dead (the same as GTP's
 * final_status_list) is proposed; the players toggle groups, then accept. */
static void enter_review(go_game_t *g)
{
    go_status_dead(&g->board, g->dead);
    g->screen = GO_REVIEW;
    review_update(g);
}

/* Flips the dead mark of the whole chain at (row, col); empty points do nothing. */
static void review_toggle(go_game_t *g, int row, int col)
{
    Stone color = board_get(&g->board, row, col);
    if (color == EMPTY)
        return;
    int n = g->board.size;
    unsigned char mark = !g->dead[row][col];
    unsigned char seen[BOARD_MAX_SIZE][BOARD_MAX_SIZE] = {{0}};
    int stack[BOARD_MAX_SIZE * BOARD_MAX_SIZE], sp = 0;
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    stack[sp++] = row * n + col;
    seen[row][col] = 1;
    while (sp) {
        int p = stack[--sp], r = p / n, c = p % n;
        g->dead[r][c] = mark;
        for (int k = 0; k < 4; k++) {
            int nr = r + dr[k], nc = c + dc[k];
            if (nr >= 0 && nr < n && nc >= 0 && nc < n && !seen[nr][nc] &&
                board_get(&g->board, nr, nc) == color) {
                seen[nr][nc] = 1;
                stack[sp++] = nr * n + nc;
            }
        }
    }
    review_update(g);
}

/* The record's TB/TW: every point a side owns once the dead stones are
 * off, dead stones' points included (the usual SGF way). */
static void record_territory(go_game_t *g)
{
    Stone owner[BOARD_MAX_SIZE][BOARD_MAX_SIZE];
    board_area_map(&g->scored, owner);
    g->record->n_territory = 0;
    for (int r = 0; r < g->board.size; r++)
        for (int c = 0; c < g->board.size; c++)
            if (owner[r][c] != EMPTY && board_get(&g->scored, r, c) == EMPTY) {
                sgf_move_t *t = &g->record->territory[g->record->n_territory++];
                t->color = owner[r][c];
                t->move = (Move){.row = r, .col = c, .pass = 0};
            }
}

/* The players accepted the dead stones: score, record, keep. */
static void keep_finished(go_game_t *g);

static void finish_game(go_game_t *g)
{
    review_update(g);
    snprintf(g->record->result, SGF_TEXT, "%s", g->result);
    record_territory(g);
    keep_finished(g);
}

/* who resigns: RE[W+R] / RE[B+R].  The player at the keyboard resigns with
 * 'r' (the side to move in PvP, the human in PvC); the computer resigns a
 * hopeless game by itself (issue 12, AiStats.resign). */
static void resign(go_game_t *g, Stone who)
{
    ai_cancel(g);
    g->confirm_resign = 0;
    g->resigned = who;
    snprintf(g->result, sizeof g->result, "%c+R", g->resigned == BLACK ? 'W' : 'B');
    snprintf(g->record->result, SGF_TEXT, "%s", g->result);
    g->record->n_territory = 0;
    keep_finished(g);
}

/* The game is over: kept as the last record, the autosave cleared. */
static void keep_finished(go_game_t *g)
{
    if (have_saves(g)) {
        char err[512];
        /* The finished game is kept as the last record; the autosave is cleared. */
        if (sgf_save_file(g->last_path, g->record, err, sizeof err) == 0)
            save_remove(g->save_path);
        else
            fprintf(stderr, "tabletop: cannot keep the finished game: %s\n", err);
    }
    g->screen = GO_OVER;
    g->sound = AUDIO_GAME_OVER;
    g->dirty = 1;
}

static const char *illegal_reason(MoveResult r)
{
    switch (r) {
    case MOVE_ILLEGAL_OCCUPIED:
        return "point occupied";
    case MOVE_ILLEGAL_SUICIDE:
        return "suicide";
    case MOVE_ILLEGAL_KO:
        return "ko - play elsewhere first";
    default:
        return "not allowed";
    }
}

/* Plays m for the side to move (seed §4.6): illegal -> AUDIO_ILLEGAL and
 * nothing changes; else the record is saved and capture/place sounds. */
static void play_move(go_game_t *g, Move m)
{
    Stone who = g->board.turn;
    /* The rules seam (games/go/rules.h): board.c, or with --rules hw the
     * go_rules peripheral, whose verdict and board count. */
    char err[256] = "";
    go_rules_t *rules = NULL;
    if (g->env.rules_hw && g->env.hal) {
        if (!g->rules_open && go_rules_hw_open(&g->rules_hw, g->env.hal, err, sizeof err) == 0) {
            g->rules = go_rules_hw_rules(&g->rules_hw);
            g->rules_open = 1;
        }
        rules = g->rules_open ? &g->rules : NULL;
    }
    MoveResult r = MOVE_OK;
    if ((g->env.rules_hw && !rules) ||
        go_rules_play(rules, &g->board, who, m, &r, err, sizeof err) != 0) {
        fprintf(stderr, "tabletop: %s\n", err);
        set_status(g, COLOR_WARN, "Rules hardware: %.60s", err);
        g->sound = AUDIO_ILLEGAL;
        g->dirty = 1;
        return;
    }
    if (r != MOVE_OK) {
        set_status(g, COLOR_WARN, "Illegal move: %s", illegal_reason(r));
        g->sound = AUDIO_ILLEGAL;
        g->dirty = 1;
        return;
    }
    if (sgf_add_move(g->record, who, m) != 0)
        fprintf(stderr, "tabletop: the game record is full; later moves are not saved\n");
    g->dirty = 1;
    if (g->board.game_over) {
        /* Saved first, so that a game killed during the review resumes there. */
        g->sound = AUDIO_NONE;
        enter_review(g);
        autosave(g);
        return;
    }
    if (m.pass) {
        g->sound = AUDIO_NONE;
        turn_status(g);
        char msg[96];
        snprintf(msg, sizeof msg, "%s passed - %s", side_name(who),
                 ai_turn(g) ? "computer is thinking..." : "pass again to end the game");
        set_status(g, COLOR_TEXT, "%s", msg);
    } else {
        g->sound = g->board.last_captures > 0 ? AUDIO_CAPTURE : AUDIO_PLACE;
        turn_status(g);
        if (g->mode == GO_PVC && who == WHITE) {
            char vertex[8], msg[96];
            board_vertex_format(g->board.size, m, vertex, sizeof vertex);
            snprintf(msg, sizeof msg, "Computer played %s%s - your move", vertex,
                     g->board.last_captures ? " and captured" : "");
            set_status(g, COLOR_TEXT, "%s", msg);
        }
    }
    /* After the status line, so that a failure message stays visible. */
    autosave(g);
    if (ai_turn(g))
        ai_start(g);
}

/* Takes moves back (Backspace or u): one in PvP; against the computer,
 * back to the human's last move, so two plies when the computer has
 * answered (one while it thinks).  From the dead-stone review it goes
 * back to play.  The record and the autosave follow. */
static void undo(go_game_t *g)
{
    int n = g->record->n_moves, k = 0;
    if (g->mode == GO_PVC) {
        for (int i = n - 1; i >= 0; i--)
            if (g->record->moves[i].color == g->human) {
                k = n - i;
                break;
            }
    } else {
        k = n > 0;
    }
    if (k == 0) {
        set_status(g, COLOR_WARN, "%s", "Nothing to undo");
        g->sound = AUDIO_ILLEGAL;
        g->dirty = 1;
        return;
    }
    ai_cancel(g);
    g->record->n_moves = n - k;
    g->record->result[0] = 0;
    g->record->n_territory = 0;
    char err[256];
    if (replay_record(g, err, sizeof err) != 0) {
        /* Cannot happen: a prefix of a legal game is legal.  Keep the game. */
        g->record->n_moves = n;
        replay_record(g, err, sizeof err);
        set_status(g, COLOR_WARN, "Cannot undo: %.100s", err);
        g->dirty = 1;
        return;
    }
    g->screen = GO_PLAY;
    turn_status(g);
    char msg[64];
    snprintf(msg, sizeof msg, "Took back %d move%s - %s", k, k == 1 ? "" : "s",
             g->mode == GO_PVC ? "your move" : g->board.turn == BLACK ? "Black to play"
                                                                     : "White to play");
    set_status(g, COLOR_TEXT, "%s", msg);
    g->dirty = 1;
    autosave(g);
    if (ai_turn(g))
        ai_start(g);
}

static int is_undo_key(int key)
{
    return key == HID_KEY_BACKSPACE || key == HID_KEY_A + ('u' - 'a');
}

/* ---- module interface ---- */

static void *go_create(const console_env_t *env)
{
    go_game_t *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->record = calloc(1, sizeof *g->record);
    g->pending = calloc(1, sizeof *g->pending);
    if (!g->record || !g->pending) {
        free(g->record);
        free(g->pending);
        free(g);
        return NULL;
    }
    g->env = *env;
    if (g->env.seed == 0)
        g->env.seed = 1;
    if (env->save_dir) {
        snprintf(g->save_path, sizeof g->save_path, "%s/%s", env->save_dir, SAVE_NAME);
        snprintf(g->last_path, sizeof g->last_path, "%s/%s", env->save_dir, LAST_NAME);
    }
    pthread_mutex_init(&g->lock, NULL);
    board_init(&g->board);
    g->opt_human = BLACK;
    return g;
}

static void go_destroy(void *game)
{
    go_game_t *g = game;
    ai_cancel(g);
    if (g->ai)
        ai_destroy(g->ai);
    pthread_mutex_destroy(&g->lock);
    free(g->record);
    free(g->pending);
    free(g);
}

static void go_enter(void *game)
{
    go_game_t *g = game;
    g->screen = GO_TITLE;
    g->dirty = 1;
    g->hex_shown = 0; /* another module may have left its message */
}

/* Mode menu items: PvP, PvC, and "Resume saved game" while one exists. */
static int mode_items(const go_game_t *g)
{
    return have_saves(g) && save_exists(g->save_path) ? 3 : 2;
}

static void cursor_move(go_game_t *g, int dr, int dc)
{
    int r = g->cur_row + dr, c = g->cur_col + dc;
    /* Seed 001's "move cursor" state: while the point that way is on the
     * board but occupied, look one further; off the edge, stay put. */
    if (g->skip_cursor && g->screen == GO_PLAY)
        while (r >= 0 && r < g->board.size && c >= 0 && c < g->board.size &&
               board_get(&g->board, r, c) != EMPTY)
            r += dr, c += dc;
    if (r >= 0 && r < g->board.size && c >= 0 && c < g->board.size) {
        g->cur_row = r;
        g->cur_col = c;
        g->dirty = 1;
    }
}

static console_game_status_t go_key(void *game, int key)
{
    go_game_t *g = game;
    switch (g->screen) {
    case GO_TITLE:
        if (key == HID_KEY_ESCAPE)
            return CONSOLE_GAME_LEAVE;
        if (key == HID_KEY_ENTER || key == HID_KEY_SPACE) {
            g->notice[0] = 0;
            g->screen = load_pending(g) ? GO_RESUME : GO_MODE;
            g->menu_sel = 0;
            g->dirty = 1;
        }
        break;
    case GO_RESUME:
        if (key == HID_KEY_ENTER) {
            resume_pending(g);
        } else if (key == HID_KEY_ESCAPE) {
            char aside[PATH_LEN];
            if (put_aside(g, "bak", aside, sizeof aside) == 0) {
                const char *base = strrchr(aside, '/');
                snprintf(g->notice, sizeof g->notice, "Saved game kept as %.100s",
                         base ? base + 1 : aside);
            }
            g->screen = GO_MODE;
            g->menu_sel = 0;
            g->dirty = 1;
        }
        break;
    case GO_MODE: {
        int n = mode_items(g);
        int pick = -1;
        /* After the items: the board size for two players, then the game
         * against another console over a link (issue 14, screens/go_link.c). */
        int on_size = g->menu_sel == n;
        if (key == HID_KEY_UP && g->menu_sel > 0)
            g->menu_sel--, g->dirty = 1;
        else if (key == HID_KEY_DOWN && g->menu_sel < n + 1)
            g->menu_sel++, g->dirty = 1;
        else if (g->menu_sel == n + 1 && key == HID_KEY_ENTER) {
            g->notice[0] = 0;
            return CONSOLE_GAME_SWITCH;
        }
        else if (on_size && (key == HID_KEY_RIGHT || key == HID_KEY_ENTER))
            g->size_sel = (g->size_sel + 1) % 3, g->dirty = 1;
        else if (on_size && key == HID_KEY_LEFT)
            g->size_sel = (g->size_sel + 2) % 3, g->dirty = 1;
        else if (key == HID_KEY_ENTER)
            pick = g->menu_sel;
        else if (key >= HID_KEY_1 && key < HID_KEY_1 + n)
            pick = key - HID_KEY_1;
        else if (key == HID_KEY_ESCAPE) {
            g->screen = GO_TITLE;
            g->notice[0] = 0;
            g->dirty = 1;
        }
        if (pick == 0) {
            g->notice[0] = 0;
            new_game(g, GO_PVP, 0);
        } else if (pick == 1) {
            g->notice[0] = 0;
            g->screen = GO_LEVEL;
            g->dirty = 1;
        } else if (pick == 2) {
            g->notice[0] = 0;
            if (load_pending(g))
                resume_pending(g);
            g->dirty = 1;
        }
        break;
    }
    case GO_LEVEL: {
        int pick = -1;
        int step = key == HID_KEY_LEFT ? -1 : key == HID_KEY_RIGHT || key == HID_KEY_ENTER ? 1 : 0;
        if (key == HID_KEY_UP && g->level_sel > 0)
            g->level_sel--, g->dirty = 1;
        else if (key == HID_KEY_DOWN && g->level_sel < LEVEL_ROWS - 1)
            g->level_sel++, g->dirty = 1;
        else if (g->level_sel == LEVEL_ROW_COLOR && step)
            g->opt_human = stone_opponent(g->opt_human), g->dirty = 1;
        else if (g->level_sel == LEVEL_ROW_HANDICAP && step) {
            /* none, 2, 3, ... 9, around */
            int h = g->opt_handicap < 2 ? 1 : g->opt_handicap;
            h += step;
            h = h > 9 ? 1 : h < 1 ? 9 : h;
            g->opt_handicap = h == 1 ? 0 : h;
            g->dirty = 1;
        } else if (key == HID_KEY_ENTER)
            pick = g->level_sel;
        else if (key >= HID_KEY_1 && key <= HID_KEY_1 + 2)
            pick = key - HID_KEY_1;
        else if (key == HID_KEY_ESCAPE) {
            g->screen = GO_MODE;
            g->dirty = 1;
        }
        if (pick >= 0 && pick < 3) {
            g->level_sel = pick;
            new_game(g, GO_PVC, pick + 1);
        }
        break;
    }
    case GO_PLAY:
        if (g->confirm_resign) {
            /* Only Enter resigns; any other key (Escape too) plays on. */
            g->confirm_resign = 0;
            g->dirty = 1;
            if (key == HID_KEY_ENTER)
                resign(g, g->mode == GO_PVC ? g->human : g->board.turn);
            else
                turn_status(g);
            break;
        }
        if (key == HID_KEY_ESCAPE) {
            leave_game(g);
            break;
        }
        if (key == HID_KEY_A + ('r' - 'a')) {
            g->confirm_resign = 1;
            g->dirty = 1;
            break;
        }
        if (key == HID_KEY_A + ('l' - 'a')) {
            g->look_001 = !g->look_001;
            set_status(g, COLOR_TEXT, "Seed 001's look (yellow board, square tiles): %s",
                       g->look_001 ? "on" : "off");
            g->dirty = 1;
            break;
        }
        if (key == HID_KEY_A + ('k' - 'a')) {
            g->skip_cursor = !g->skip_cursor;
            set_status(g, COLOR_TEXT, "Cursor skips stones (seed 001): %s",
                       g->skip_cursor ? "on" : "off");
            g->dirty = 1;
            break;
        }
        if (key == HID_KEY_UP)
            cursor_move(g, -1, 0);
        else if (key == HID_KEY_DOWN)
            cursor_move(g, 1, 0);
        else if (key == HID_KEY_LEFT)
            cursor_move(g, 0, -1);
        else if (key == HID_KEY_RIGHT)
            cursor_move(g, 0, 1);
        else if (is_undo_key(key))
            undo(g); /* also while the computer thinks: takes back the move it answers */
        else if (g->thinking || ai_turn(g))
            break; /* the computer's turn: only the cursor, undo and Escape */
        else if (key == HID_KEY_ENTER)
            play_move(g, (Move){.row = g->cur_row, .col = g->cur_col, .pass = 0});
        else if (key == HID_KEY_SPACE)
            play_move(g, (Move){.row = -1, .col = -1, .pass = 1});
        break;
    case GO_REVIEW:
        if (key == HID_KEY_ESCAPE) {
            leave_game(g);
        } else if (key == HID_KEY_A + ('l' - 'a')) {
            g->look_001 = !g->look_001;
            g->dirty = 1;
        } else if (key == HID_KEY_UP)
            cursor_move(g, -1, 0);
        else if (key == HID_KEY_DOWN)
            cursor_move(g, 1, 0);
        else if (key == HID_KEY_LEFT)
            cursor_move(g, 0, -1);
        else if (key == HID_KEY_RIGHT)
            cursor_move(g, 0, 1);
        else if (key == HID_KEY_ENTER)
            review_toggle(g, g->cur_row, g->cur_col);
        else if (is_undo_key(key))
            undo(g);
        else if (key == HID_KEY_SPACE)
            finish_game(g);
        break;
    case GO_OVER:
        if (key == HID_KEY_A + ('l' - 'a')) {
            g->look_001 = !g->look_001;
            g->dirty = 1;
        } else if (key == HID_KEY_ENTER || key == HID_KEY_ESCAPE) {
            g->screen = GO_MODE;
            g->menu_sel = 0;
            g->notice[0] = 0;
            g->dirty = 1;
        }
        break;
    }
    return CONSOLE_GAME_STAY;
}

static void go_tick(void *game, uint64_t now_us)
{
    go_game_t *g = game;
    if (!g->thinking)
        return;
    if (!g->think_clock_set) {
        g->think_start_us = now_us;
        g->think_clock_set = 1;
    }
    if (!g->think_rendered || now_us < g->think_start_us + AI_MIN_THINK_US)
        return;
    pthread_mutex_lock(&g->lock);
    int done = g->ai_done;
    Move m = g->ai_move;
    int resigns = g->ai_resign;
    pthread_mutex_unlock(&g->lock);
    if (!done)
        return;
    if (g->thinking == 1)
        pthread_join(g->thread, NULL);
    g->thinking = 0;
    if (resigns)
        resign(g, g->board.turn);
    else
        play_move(g, m);
}

static console_busy_t go_busy(void *game)
{
    go_game_t *g = game;
    if (!g->thinking)
        return CONSOLE_BUSY_NONE;
    pthread_mutex_lock(&g->lock);
    int done = g->ai_done;
    pthread_mutex_unlock(&g->lock);
    return done ? CONSOLE_BUSY_WAITING : CONSOLE_BUSY_WORKING;
}

static int go_dirty(void *game)
{
    go_game_t *g = game;
    return g->dirty || g->sound != AUDIO_NONE;
}

static int go_take_sound(void *game)
{
    go_game_t *g = game;
    int s = g->sound;
    g->sound = AUDIO_NONE;
    return s;
}

/* ---- screens ---- */

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
    go_mode_t mode;
    int level;
    char line[128];
    parse_console_state(g->pending, &mode, &level);
    render_fill_rect(0, 0, RENDER_WIDTH, RENDER_HEIGHT, COLOR_BG);
    render_string_centered(70, "Saved game", COLOR_BOARD, 4);
    render_string_centered(170, "Resume saved game?", COLOR_TEXT, 3);
    char size[16] = "";
    if (g->pending->size != BOARD_DEFAULT_SIZE)
        snprintf(size, sizeof size, ", %dx%d", g->pending->size, g->pending->size);
    if (mode == GO_PVC)
        snprintf(line, sizeof line, "Player vs Computer, level %d%s - %d move%s played", level,
                 size, g->pending->n_moves, g->pending->n_moves == 1 ? "" : "s");
    else
        snprintf(line, sizeof line, "Player vs Player%s - %d move%s played", size,
                 g->pending->n_moves, g->pending->n_moves == 1 ? "" : "s");
    render_string_centered(230, line, COLOR_DIM, 2);
    render_string_centered(320, "Enter: resume", COLOR_CURSOR, 2);
    render_string_centered(352, "Escape: discard (kept as go.sgf.bak)", COLOR_DIM, 2);
}

/* Komi in half points as text: 11 -> "5.5", 0 -> "0", -3 -> "-1.5". */
static void format_komi(int komi2, char *buf, size_t len)
{
    int a = komi2 < 0 ? -komi2 : komi2;
    snprintf(buf, len, "%s%d%s", komi2 < 0 ? "-" : "", a / 2, (a & 1) ? ".5" : "");
}

static void draw_side_columns(const go_game_t *g)
{
    static const char *const play_help[] = {"Arrows move", "Enter place", "Space pass",
                                            "Esc menu", "Bksp/U undo"};
    static const char *const review_help[] = {"Arrows move", "Enter dead/alive", "Space accept",
                                              "Esc menu", "Bksp/U play on"};
    const char *const *help = g->screen == GO_REVIEW ? review_help : play_help;
    for (int i = 0; i < 5; i++)
        render_string(6, 40 + 16 * i, help[i], COLOR_DIM);
    char line[32];
    int x = 556;
    snprintf(line, sizeof line, "Move %d", g->board.move_number);
    render_string(x, 40, line, COLOR_TEXT);
    if (g->mode == GO_PVC)
        snprintf(line, sizeof line, "vs %s", level_short[(g->level - 1) % 3]);
    else
        snprintf(line, sizeof line, "2 players");
    render_string(x, 56, line, COLOR_DIM);
    char komi[16];
    format_komi(g->board.komi2, komi, sizeof komi);
    snprintf(line, sizeof line, "Komi %s", komi);
    render_string(x, 72, line, COLOR_DIM);
    if (g->mode == GO_PVC) {
        snprintf(line, sizeof line, "You: %s", side_name(g->human));
        render_string(x, 88, line, COLOR_DIM);
    }
    int stones = 0;
    for (int i = 0; i < g->record->n_setup; i++)
        stones += g->record->setup[i].color == BLACK;
    if (stones) {
        snprintf(line, sizeof line, "Handicap %d", stones);
        render_string(x, g->mode == GO_PVC ? 104 : 88, line, COLOR_DIM);
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
    const BoardState *b = &g->board;
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
            if (show_dead && g->dead[r][c])
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
    if (g->look_001) {
        draw_board_001(g, cur_row, cur_col, show_dead);
        render_coordinates(g->board.size);
        if (show_last)
            draw_last_move_001(&g->board);
        return;
    }
    render_board(&g->board, cur_row, cur_col);
    render_coordinates(g->board.size);
    if (show_dead)
        render_dead_stones(&g->board, g->dead);
    if (show_last)
        render_last_move(&g->board);
}

static void draw_play(const go_game_t *g)
{
    int show_cursor = !ai_turn(g);
    draw_board(g, show_cursor ? g->cur_row : -1, g->cur_col, 0, 1);
    render_score_panel(-1, -1, g->board.captured_black, g->board.captured_white, g->board.turn);
    draw_side_columns(g);
    if (g->confirm_resign) {
        char line[64];
        Stone who = g->mode == GO_PVC ? g->human : g->board.turn;
        draw_box();
        snprintf(line, sizeof line, "%s resigns?", side_name(who));
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
    draw_board(g, g->cur_row, g->cur_col, 1, 0);
    render_territory(&g->scored);
    render_score_panel(g->score_black, g->score_white, g->board.captured_black,
                       g->board.captured_white, EMPTY);
    draw_side_columns(g);
    render_string_centered(460, g->status, g->status_color, 1);
}

static void draw_over(const go_game_t *g)
{
    char line[96];
    draw_board(g, -1, -1, g->resigned == EMPTY, g->resigned != EMPTY);
    if (g->resigned == EMPTY) {
        render_territory(&g->scored);
        render_score_panel(g->score_black, g->score_white, g->board.captured_black,
                           g->board.captured_white, EMPTY);
    } else {
        render_score_panel(-1, -1, g->board.captured_black, g->board.captured_white, EMPTY);
    }
    draw_side_columns(g);
    draw_box();
    render_string_centered(166, "Game over", COLOR_TEXT, 3);
    if (g->resigned == EMPTY) {
        char komi[16];
        format_komi(g->board.komi2, komi, sizeof komi);
        snprintf(line, sizeof line, "Black %d  White %d + %s", g->score_black, g->score_white,
                 komi);
    } else {
        snprintf(line, sizeof line, "%s resigned",
                 g->mode == GO_PVC && g->resigned != g->human ? "The computer"
                                                              : side_name(g->resigned));
    }
    render_string_centered(202, line, COLOR_TEXT, 2);
    render_string_centered(228, g->result, COLOR_CURSOR, 3);
    render_string_centered(262, "Enter: menu", COLOR_TEXT, 1);
    Stone winner = g->result[0] == 'B' ? BLACK : g->result[0] == 'W' ? WHITE : EMPTY;
    if (winner == EMPTY)
        snprintf(line, sizeof line, "%s", "Draw");
    else if (g->mode == GO_PVC)
        snprintf(line, sizeof line, "%s", winner == g->human ? "You win!" : "The computer wins");
    else
        snprintf(line, sizeof line, "%s wins", side_name(winner));
    render_string_centered(460, line, COLOR_TEXT, 1);
}

/* Seed 001's messages on the six digits (docs/seven_seg.md): the side to
 * move and the move number, "PASS" after a pass, the territory counts
 * during the dead-stone review, "WInnEr"/"LOSEr" (the human's side against
 * the computer) or the winner's colour at the end; dark in the menus. */
static void hex_message(const go_game_t *g, char *text, size_t len)
{
    int n = g->record->n_moves;
    Stone winner = g->result[0] == 'B' ? BLACK : g->result[0] == 'W' ? WHITE : EMPTY;
    switch (g->screen) {
    case GO_PLAY:
        if (n > 0 && g->record->moves[n - 1].move.pass)
            snprintf(text, len, "%s", "PASS");
        else
            snprintf(text, len, "%c%5u", g->board.turn == BLACK ? 'b' : 'W',
                     (unsigned)g->board.move_number % 100000u);
        break;
    case GO_REVIEW:
        snprintf(text, len, "%3u%3u", (unsigned)g->score_black % 1000u,
                 (unsigned)g->score_white % 1000u);
        break;
    case GO_OVER:
        if (winner == EMPTY)
            snprintf(text, len, "%s", "drAW");
        else if (g->mode == GO_PVC)
            snprintf(text, len, "%s", winner == g->human ? "WInnEr" : "LOSEr");
        else
            snprintf(text, len, "%c  WIn", winner == BLACK ? 'b' : 'W');
        break;
    default:
        text[0] = 0;
        break;
    }
}

/* Writes the message when it changed: a few bus writes, not one a frame. */
static void hex_update(go_game_t *g)
{
    char text[sizeof g->hex_text];
    if (!g->env.hal)
        return;
    hex_message(g, text, sizeof text);
    if (g->hex_shown && !strcmp(text, g->hex_text))
        return;
    if (seven_seg_show_text(g->env.hal, text) == 0) {
        snprintf(g->hex_text, sizeof g->hex_text, "%s", text);
        g->hex_shown = 1;
    }
}

static void go_render(void *game, uint16_t *fb)
{
    go_game_t *g = game;
    hex_update(g);
    render_init(fb);
    switch (g->screen) {
    case GO_TITLE:
        draw_title();
        break;
    case GO_RESUME:
        draw_resume(g);
        break;
    case GO_MODE: {
        char size_row[40];
        const char *items[5] = {"1. Player vs Player", "2. Player vs Computer",
                                "3. Resume saved game", size_row, NULL};
        int n = mode_items(g);
        snprintf(size_row, sizeof size_row, "Board %dx%d (2 players)", pvp_sizes[g->size_sel],
                 pvp_sizes[g->size_sel]);
        items[n] = size_row;
        items[n + 1] = "Another console (link)";
        render_menu_list_at("Go", items, n + 2, g->menu_sel,
                         g->menu_sel == n       ? "Left/Right change the board for Player vs Player"
                         : g->menu_sel == n + 1 ? "Enter: play a console over --link SPEC"
                                                : "Up/Down choose   Enter select   Escape back",
                            n + 2 > 4 ? 160 : 170, n + 2 > 4 ? 46 : 52);
        draw_notice(g);
        break;
    }
    case GO_LEVEL: {
        char color_row[40], handicap_row[40];
        const char *items[LEVEL_ROWS] = {level_names[0], level_names[1], level_names[2],
                                         color_row, handicap_row};
        snprintf(color_row, sizeof color_row, "You play %s", side_name(g->opt_human));
        if (g->opt_handicap)
            snprintf(handicap_row, sizeof handicap_row, "Handicap %d stones", g->opt_handicap);
        else
            snprintf(handicap_row, sizeof handicap_row, "%s", "No handicap");
        render_menu_list("Computer level", items, LEVEL_ROWS, g->level_sel,
                         g->level_sel >= LEVEL_ROW_COLOR
                             ? "Left/Right change   Up/Down choose   Escape back"
                             : "Up/Down choose   Enter start   Escape back");
        break;
    }
    case GO_PLAY:
        draw_play(g);
        break;
    case GO_REVIEW:
        draw_review(g);
        break;
    case GO_OVER:
        draw_over(g);
        break;
    }
    g->dirty = 0;
    if (g->thinking)
        g->think_rendered = 1;
}

/* 'q' or the chooser's Quit: a game on the board is on disk unless its
 * autosave failed or there is no save folder; then the console asks. */
static int go_quit(void *p)
{
    go_game_t *g = p;
    int in_progress = (g->screen == GO_PLAY || g->screen == GO_REVIEW) &&
                      (g->board.move_number > 0 || g->record->n_setup > 0);
    return in_progress && (!have_saves(g) || g->save_failed);
}

static const char *const go_help[] = {
    "Arrows\tmove the cursor; choose",
    "Enter\tplace a stone; choose",
    "Space\tpass",
    "Backspace, u\tundo (2 plies vs computer)",
    "r\tresign (Enter confirms)",
    "l\tseed 001's look: yellow, squares",
    "1, 2, 3\tpick a menu item",
    "Left/Right\tcolour, handicap, size",
    "Dead stones\tEnter toggles, Space counts",
    "Escape\tback (the game is saved)",
    NULL,
};

/* The mode menu's last row opens the link game (issue 14). */
static const char *go_switch_to(void *game)
{
    (void)game;
    return "go-link";
}

const console_game_t go_game_module = {
    .id = "go",
    .title = "Go 9x9",
    .create = go_create,
    .destroy = go_destroy,
    .enter = go_enter,
    .key = go_key,
    .tick = go_tick,
    .busy = go_busy,
    .dirty = go_dirty,
    .render = go_render,
    .take_sound = go_take_sound,
    .help = go_help,
    .quit = go_quit,
    .switch_to = go_switch_to,
};
