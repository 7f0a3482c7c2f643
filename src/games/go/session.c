/*
 * session.c - a game of Go as the console plays it (session.h).
 */
#include "session.h"

#include <stdio.h>
#include <string.h>

#include "status.h"

const int go_session_pvp_size[GO_SESSION_PVP_SIZES] = {9, 13, 19};
const int go_session_pvp_komi2[GO_SESSION_PVP_SIZES] = {11, 15, 15};

/* Handicap games give White half a point: the stones are Black's komi. */
#define HANDICAP_KOMI2 1

static const char *side_name(Stone s)
{
    return s == BLACK ? "Black" : "White";
}

static void set_status(go_session_t *s, int warn, const char *text)
{
    snprintf(s->status, sizeof s->status, "%s", text);
    s->status_warn = warn;
}

void go_session_init(go_session_t *s, go_rules_t *rules)
{
    memset(s, 0, sizeof *s);
    s->rules = rules;
    s->set = (go_session_settings_t){.mode = GO_SESSION_PVP, .human = BLACK, .size = 9};
    board_init(&s->board);
    sgf_game_init(&s->record);
    s->phase = GO_PHASE_PLAY;
    s->resigned = EMPTY;
}

int go_session_handicap_points(int size, int n, Move out[9])
{
    if (n < 2 || n > 9 || size < 9 || size > BOARD_MAX_SIZE || size % 2 == 0)
        return -1;
    int lo = size >= 13 ? 3 : 2, hi = size - 1 - lo, mid = size / 2, k = 0;
    /* (row, col): upper right, lower left, upper left, lower right */
    const int corners[4][2] = {{lo, hi}, {hi, lo}, {lo, lo}, {hi, hi}};
    for (int i = 0; i < 4 && i < n; i++)
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

void go_session_settings_format(const go_session_settings_t *set, char *buf, size_t len)
{
    int pvc = set->mode == GO_SESSION_PVC;
    int n = snprintf(buf, len, "tabletop mode=%s level=%d%s", pvc ? "pvc" : "pvp",
                     pvc ? set->level : 0, pvc && set->human == WHITE ? " human=white" : "");
    if (pvc && set->handicap >= 2 && n >= 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, " handicap=%d", set->handicap);
}

/* One digit lo..hi as the whole of text; -1 otherwise. */
static int parse_digit(const char *text, int lo, int hi)
{
    if (text[0] < '0' || text[0] > '9' || text[1] != 0)
        return -1;
    int v = text[0] - '0';
    return v >= lo && v <= hi ? v : -1;
}

int go_session_settings_parse(const char *comment, go_session_settings_t *set, char *err,
                              size_t errlen)
{
    static const char prefix[] = "tabletop";
    size_t plen = sizeof prefix - 1;
    if (strncmp(comment, prefix, plen) != 0 || (comment[plen] != ' ' && comment[plen] != 0)) {
        snprintf(err, errlen, "the game comment is not the console's settings: \"%.40s\"",
                 comment);
        return -1;
    }
    int mode = -1, level = -1, handicap = -1;
    Stone human = EMPTY;
    const char *p = comment + plen;
    for (;;) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        size_t n = strcspn(p, " ");
        char tok[32];
        if (n >= sizeof tok) {
            snprintf(err, errlen, "settings: \"%.24s...\" is too long", p);
            return -1;
        }
        memcpy(tok, p, n);
        tok[n] = 0;
        p += n;
        char *value = strchr(tok, '=');
        if (!value) {
            snprintf(err, errlen, "settings: \"%s\" is not KEY=VALUE", tok);
            return -1;
        }
        *value++ = 0;
        int bad = 0, again = 0;
        if (!strcmp(tok, "mode")) {
            again = mode >= 0;
            mode = !strcmp(value, "pvp") ? GO_SESSION_PVP
                   : !strcmp(value, "pvc") ? GO_SESSION_PVC : -1;
            bad = mode < 0;
        } else if (!strcmp(tok, "level")) {
            again = level >= 0;
            level = parse_digit(value, 0, GO_SESSION_LEVELS);
            bad = level < 0;
        } else if (!strcmp(tok, "human")) {
            again = human != EMPTY;
            human = !strcmp(value, "black") ? BLACK : !strcmp(value, "white") ? WHITE : EMPTY;
            bad = human == EMPTY;
        } else if (!strcmp(tok, "handicap")) {
            again = handicap >= 0;
            handicap = parse_digit(value, 2, 9);
            bad = handicap < 0;
        } else {
            snprintf(err, errlen, "settings: unknown setting \"%s\"", tok);
            return -1;
        }
        if (again) {
            snprintf(err, errlen, "settings: %s= given twice", tok);
            return -1;
        }
        if (bad) {
            snprintf(err, errlen, "settings: %s=%.12s is not a valid value", tok, value);
            return -1;
        }
    }
    if (mode < 0) {
        snprintf(err, errlen, "%s", "settings: no mode= (pvp or pvc)");
        return -1;
    }
    if (mode == GO_SESSION_PVC && level < 1) {
        snprintf(err, errlen, "settings: a game against the computer needs level=1..%d",
                 GO_SESSION_LEVELS);
        return -1;
    }
    if (mode == GO_SESSION_PVP && (level > 0 || human == WHITE || handicap >= 0)) {
        snprintf(err, errlen, "%s",
                 "settings: level, human=white and handicap are for games against the computer");
        return -1;
    }
    *set = (go_session_settings_t){
        .mode = (go_session_mode_t)mode,
        .level = mode == GO_SESSION_PVC ? level : 0,
        .human = human == EMPTY ? BLACK : human,
        .size = 0,
        .handicap = handicap < 0 ? 0 : handicap,
    };
    return 0;
}

/* Settings a new game can start with; 0, or -1 with why. */
static int settings_check(const go_session_settings_t *set, char *err, size_t errlen)
{
    if (set->mode == GO_SESSION_PVP) {
        int ok = set->size == 0;
        for (int i = 0; i < GO_SESSION_PVP_SIZES; i++)
            ok |= set->size == go_session_pvp_size[i];
        if (!ok) {
            snprintf(err, errlen, "two players play on 9x9, 13x13 or 19x19, not %dx%d",
                     set->size, set->size);
            return -1;
        }
        if (set->handicap != 0) {
            snprintf(err, errlen, "%s", "a handicap is for games against the computer");
            return -1;
        }
        return 0;
    }
    if (set->mode != GO_SESSION_PVC) {
        snprintf(err, errlen, "%s", "unknown mode");
        return -1;
    }
    if (set->level < 1 || set->level > GO_SESSION_LEVELS) {
        snprintf(err, errlen, "level %d: the computer plays at level 1 to %d", set->level,
                 GO_SESSION_LEVELS);
        return -1;
    }
    if (set->human != BLACK && set->human != WHITE) {
        snprintf(err, errlen, "%s", "the player is Black or White");
        return -1;
    }
    if (set->size != 0 && set->size != BOARD_DEFAULT_SIZE) {
        snprintf(err, errlen, "%s", "the computer plays on 9x9");
        return -1;
    }
    if (set->handicap != 0 && (set->handicap < 2 || set->handicap > 9)) {
        snprintf(err, errlen, "handicap %d: none, or 2 to 9 stones", set->handicap);
        return -1;
    }
    return 0;
}

/* Rebuilds b from rec.  After handicap stones (setup and no move yet)
 * White moves first; the record alone does not say so, so the turn is
 * set here, as gtp_engine's genmove sets it on its copy. */
static int replay(const sgf_game_t *rec, BoardState *b, char *err, size_t errlen)
{
    if (sgf_replay(rec, -1, b, err, errlen) != 0)
        return -1;
    if (rec->n_moves == 0 && rec->n_setup > 0)
        b->turn = WHITE;
    return 0;
}

int go_session_ai_turn(const go_session_t *s)
{
    return s->set.mode == GO_SESSION_PVC && s->phase == GO_PHASE_PLAY &&
           s->board.turn != s->set.human && !s->board.game_over;
}

void go_session_without_computer(go_session_t *s)
{
    s->set.mode = GO_SESSION_PVP;
}

void go_session_turn_status(go_session_t *s)
{
    char line[64];
    if (go_session_ai_turn(s))
        snprintf(line, sizeof line, "%s", "Computer is thinking...");
    else if (s->set.mode == GO_SESSION_PVC)
        snprintf(line, sizeof line, "Your move (%s)", side_name(s->set.human));
    else
        snprintf(line, sizeof line, "%s to play", side_name(s->board.turn));
    set_status(s, 0, line);
}

/* Counts the board with the stones marked dead taken off. */
static void review_count(go_session_t *s)
{
    board_copy(&s->scored, &s->board);
    int stones = 0;
    for (int r = 0; r < s->board.size; r++)
        for (int c = 0; c < s->board.size; c++) {
            if (s->dead[r][c])
                board_setup(&s->scored, EMPTY, r, c); /* taking stones off never fails */
            stones += board_get(&s->scored, r, c) != EMPTY;
        }
    board_score(&s->scored, &s->score_black, &s->score_white);
    /* Rules in logic count with seed 001's territory counter; on a board
     * with stones its counts equal board_score's (docs/go_rules.md).  An
     * empty board is board_score's alone: the counter has no stone to
     * start from. */
    int tb, tw;
    char why[200];
    if (s->rules && stones > 0) {
        if (go_rules_territory(s->rules, &s->scored, &tb, &tw, why, sizeof why) == 0) {
            s->score_black = tb;
            s->score_white = tw;
        } else {
            snprintf(s->warning, sizeof s->warning, "%s", why);
        }
    }
    board_result_string(&s->scored, s->result, sizeof s->result);
    char line[128];
    snprintf(line, sizeof line, "Mark dead stones (Enter) - %s if accepted (Space)", s->result);
    set_status(s, 0, line);
}

/* Two passes ended play: the estimate of go_status_dead (GTP's
 * final_status_list) is proposed, the players change it and accept. */
static void review_enter(go_session_t *s)
{
    go_status_dead(&s->board, s->dead);
    s->phase = GO_PHASE_REVIEW;
    review_count(s);
}

/* In play with the position of s->record; the review if it had ended. */
static void play_enter(go_session_t *s)
{
    s->phase = GO_PHASE_PLAY;
    s->resigned = EMPTY;
    s->result[0] = 0;
    go_session_turn_status(s);
    if (s->board.game_over)
        review_enter(s);
}

int go_session_new(go_session_t *s, const go_session_settings_t *set, const char *application,
                   const char *date, char *err, size_t errlen)
{
    if (settings_check(set, err, errlen) != 0)
        return -1;
    go_session_settings_t use = *set;
    int pvc = use.mode == GO_SESSION_PVC;
    if (!pvc) {
        use.level = 0;
        use.human = BLACK;
    }
    if (use.size == 0)
        use.size = BOARD_DEFAULT_SIZE;
    sgf_game_t *rec = &s->record;
    sgf_game_init(rec);
    snprintf(rec->application, SGF_TEXT, "%s", application ? application : "");
    snprintf(rec->black, SGF_TEXT, "%s", "Human");
    snprintf(rec->white, SGF_TEXT, "%s", "Human");
    if (pvc)
        snprintf(use.human == BLACK ? rec->white : rec->black, SGF_TEXT, "tabletop level %d",
                 use.level);
    go_session_settings_format(&use, rec->comment, sizeof rec->comment);
    snprintf(rec->date, SGF_TEXT, "%s", date ? date : "");
    if (!pvc) {
        for (int i = 0; i < GO_SESSION_PVP_SIZES; i++)
            if (use.size == go_session_pvp_size[i])
                rec->komi2 = go_session_pvp_komi2[i];
        rec->size = use.size;
    } else if (use.handicap >= 2) {
        Move pts[9];
        int n = go_session_handicap_points(rec->size, use.handicap, pts);
        for (int i = 0; i < n; i++)
            rec->setup[rec->n_setup++] = (sgf_move_t){.color = BLACK, .move = pts[i]};
        rec->komi2 = HANDICAP_KOMI2;
    }
    s->set = use;
    char why[128];
    if (replay(rec, &s->board, why, sizeof why) != 0)
        board_init(&s->board); /* cannot happen: an empty board or fixed handicap points */
    s->warning[0] = 0;
    play_enter(s);
    return 0;
}

/* A saved record's settings (from its comment, its board size from the
 * record) and the position it reaches.  Returns 0, or -1 with why. */
static int record_read(const sgf_game_t *rec, go_session_settings_t *set, BoardState *b,
                       char *err, size_t errlen)
{
    if (go_session_settings_parse(rec->comment, set, err, errlen) != 0 ||
        replay(rec, b, err, errlen) != 0)
        return -1;
    set->size = rec->size;
    return 0;
}

int go_session_inspect(const sgf_game_t *rec, go_session_info_t *info, char *err, size_t errlen)
{
    go_session_settings_t set;
    BoardState b;
    if (record_read(rec, &set, &b, err, errlen) != 0)
        return -1;
    info->set = set;
    info->moves = rec->n_moves;
    info->game_over = b.game_over;
    return 0;
}

int go_session_resume(go_session_t *s, const sgf_game_t *rec, char *err, size_t errlen)
{
    go_session_settings_t set;
    BoardState b;
    if (record_read(rec, &set, &b, err, errlen) != 0)
        return -1;
    if (&s->record != rec)
        memcpy(&s->record, rec, sizeof *rec);
    s->set = set;
    board_copy(&s->board, &b);
    s->warning[0] = 0;
    play_enter(s);
    return 0;
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

go_move_outcome_t go_session_play(go_session_t *s, Move m, char *err, size_t errlen)
{
    if (s->phase != GO_PHASE_PLAY) {
        snprintf(err, errlen, "%s", "the game is not in play");
        return GO_MOVE_NOT_NOW;
    }
    Stone who = s->board.turn;
    MoveResult r = MOVE_OK;
    if (go_rules_play(s->rules, &s->board, who, m, &r, err, errlen) != 0)
        return GO_MOVE_FAILED;
    char line[128];
    if (r != MOVE_OK) {
        snprintf(line, sizeof line, "Illegal move: %s", illegal_reason(r));
        set_status(s, 1, line);
        return GO_MOVE_ILLEGAL;
    }
    if (sgf_add_move(&s->record, who, m) != 0)
        snprintf(s->warning, sizeof s->warning, "%s",
                 "the game record is full; later moves are not saved");
    if (s->board.game_over) {
        review_enter(s);
        return GO_MOVE_ENDED;
    }
    go_session_turn_status(s);
    if (m.pass) {
        snprintf(line, sizeof line, "%s passed - %s", side_name(who),
                 go_session_ai_turn(s) ? "computer is thinking..." : "pass again to end the game");
        set_status(s, 0, line);
        return GO_MOVE_PASSED;
    }
    /* The computer's stone is named for the player; only as White, so
     * that a human playing White reads whose turn it is after the
     * computer's Black stones, as the console always showed. */
    if (s->set.mode == GO_SESSION_PVC && who == WHITE && who != s->set.human) {
        char vertex[8];
        board_vertex_format(s->board.size, m, vertex, sizeof vertex);
        snprintf(line, sizeof line, "Computer played %s%s - your move", vertex,
                 s->board.last_captures ? " and captured" : "");
        set_status(s, 0, line);
    }
    return s->board.last_captures > 0 ? GO_MOVE_CAPTURED : GO_MOVE_PLACED;
}

int go_session_undo(go_session_t *s, char *err, size_t errlen)
{
    if (s->phase == GO_PHASE_OVER) {
        snprintf(err, errlen, "%s", "the game is over");
        return -1;
    }
    int n = s->record.n_moves, k = 0;
    if (s->set.mode == GO_SESSION_PVC) {
        for (int i = n - 1; i >= 0; i--)
            if (s->record.moves[i].color == s->set.human) {
                k = n - i;
                break;
            }
    } else {
        k = n > 0;
    }
    if (k == 0) {
        set_status(s, 1, "Nothing to undo");
        return 0;
    }
    BoardState b;
    s->record.n_moves = n - k;
    if (replay(&s->record, &b, err, errlen) != 0) {
        /* Cannot happen: a prefix of a legal game is legal.  Keep the game. */
        s->record.n_moves = n;
        char line[128];
        snprintf(line, sizeof line, "Cannot undo: %.100s", err);
        set_status(s, 1, line);
        return -1;
    }
    s->record.result[0] = 0;
    s->record.n_territory = 0;
    board_copy(&s->board, &b);
    s->phase = GO_PHASE_PLAY;
    s->resigned = EMPTY;
    s->result[0] = 0;
    char line[64];
    snprintf(line, sizeof line, "Took back %d move%s - %s", k, k == 1 ? "" : "s",
             s->set.mode == GO_SESSION_PVC ? "your move"
             : s->board.turn == BLACK      ? "Black to play"
                                           : "White to play");
    set_status(s, 0, line);
    return k;
}

Stone go_session_resigner(const go_session_t *s)
{
    return s->set.mode == GO_SESSION_PVC ? s->set.human : s->board.turn;
}

void go_session_resign(go_session_t *s, Stone who)
{
    s->resigned = who;
    snprintf(s->result, sizeof s->result, "%c+R", who == BLACK ? 'W' : 'B');
    snprintf(s->record.result, SGF_TEXT, "%s", s->result);
    s->record.n_territory = 0;
    s->phase = GO_PHASE_OVER;
}

int go_session_toggle_dead(go_session_t *s, int row, int col)
{
    int n = s->board.size;
    if (s->phase != GO_PHASE_REVIEW || row < 0 || row >= n || col < 0 || col >= n)
        return -1;
    Stone color = board_get(&s->board, row, col);
    if (color == EMPTY)
        return -1;
    unsigned char mark = !s->dead[row][col];
    unsigned char seen[BOARD_MAX_SIZE][BOARD_MAX_SIZE] = {{0}};
    int stack[BOARD_MAX_SIZE * BOARD_MAX_SIZE], sp = 0;
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    stack[sp++] = row * n + col;
    seen[row][col] = 1;
    while (sp) {
        int p = stack[--sp], r = p / n, c = p % n;
        s->dead[r][c] = mark;
        for (int k = 0; k < 4; k++) {
            int nr = r + dr[k], nc = c + dc[k];
            if (nr >= 0 && nr < n && nc >= 0 && nc < n && !seen[nr][nc] &&
                board_get(&s->board, nr, nc) == color) {
                seen[nr][nc] = 1;
                stack[sp++] = nr * n + nc;
            }
        }
    }
    review_count(s);
    return 0;
}

/* The record's TB/TW: every point a side owns once the dead stones are
 * off, dead stones' points included (the usual SGF way). */
static void record_territory(go_session_t *s)
{
    Stone owner[BOARD_MAX_SIZE][BOARD_MAX_SIZE];
    board_area_map(&s->scored, owner);
    s->record.n_territory = 0;
    for (int r = 0; r < s->board.size; r++)
        for (int c = 0; c < s->board.size; c++)
            if (owner[r][c] != EMPTY && board_get(&s->scored, r, c) == EMPTY) {
                sgf_move_t *t = &s->record.territory[s->record.n_territory++];
                t->color = owner[r][c];
                t->move = (Move){.row = r, .col = c, .pass = 0};
            }
}

int go_session_accept(go_session_t *s)
{
    if (s->phase != GO_PHASE_REVIEW)
        return -1;
    review_count(s);
    snprintf(s->record.result, SGF_TEXT, "%s", s->result);
    record_territory(s);
    s->resigned = EMPTY;
    s->phase = GO_PHASE_OVER;
    return 0;
}

Stone go_session_winner(const go_session_t *s)
{
    return s->result[0] == 'B' ? BLACK : s->result[0] == 'W' ? WHITE : EMPTY;
}

int go_session_handicap(const go_session_t *s)
{
    int stones = 0;
    for (int i = 0; i < s->record.n_setup; i++)
        stones += s->record.setup[i].color == BLACK;
    return stones;
}

int go_session_started(const go_session_t *s)
{
    return s->board.move_number > 0 || s->record.n_setup > 0;
}

const char *go_session_status(const go_session_t *s, int *warn)
{
    if (warn)
        *warn = s->status_warn;
    return s->status;
}

int go_session_take_warning(go_session_t *s, char *buf, size_t len)
{
    if (!s->warning[0])
        return 0;
    snprintf(buf, len, "%s", s->warning);
    s->warning[0] = 0;
    return 1;
}
