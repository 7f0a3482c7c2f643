/*
 * test_sgf.c - SGF FF[4] reading, writing and replaying (src/games/go/sgf.c):
 * hand-made files with escapes, soft line breaks, passes, setup, variations
 * and collections; a position written by GNU Go; broken files rejected
 * with line and column; round trips of random games; records saved through
 * the one atomic writer (src/common/file_atomic.c), which writes only
 * regular files; setup without liberties, PL and charsets as loadsgf takes
 * them.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "common/file_atomic.h"
#include "games/go/ai.h"
#include "games/go/board.h"
#include "games/go/sgf.h"

/* A record saved as the console and gtp's printsgf save one: sgf_write into
 * a buffer, then the one atomic writer; follow: a symbolic link is followed
 * (printsgf) instead of refused (the autosave).  Returns 0, or -1 with why. */
static int save_game(const char *path, const sgf_game_t *g, int follow, char *err,
                     size_t errlen)
{
    size_t need = sgf_write(g, NULL, 0);
    char *text = malloc(need + 1);
    cr_assert_not_null(text);
    sgf_write(g, text, need + 1);
    file_atomic_options_t opts = {.follow_links = follow};
    int rc = file_atomic_write(path, text, need, &opts, err, errlen) == FILE_ATOMIC_OK ? 0 : -1;
    free(text);
    return rc;
}

static const char *data_dir(void)
{
    const char *d = getenv("TABLETOP_TEST_DATA");
    cr_assert(d, "TABLETOP_TEST_DATA is not set (meson sets it)");
    return d;
}

static void data_path(char *buf, size_t len, const char *name)
{
    snprintf(buf, len, "%s/sgf/%s", data_dir(), name);
}

static sgf_game_t *load(const char *name)
{
    char path[1024], err[512];
    data_path(path, sizeof path, name);
    sgf_game_t *g = malloc(sizeof *g);
    cr_assert(g);
    int rc = sgf_load_file(path, g, err, sizeof err);
    cr_assert_eq(rc, 0, "%s: %s", name, err);
    return g;
}

static Move mv(int row, int col)
{
    Move m = {row, col, 0};
    return m;
}

static Stone setup_at(const sgf_game_t *g, int row, int col)
{
    for (int i = 0; i < g->n_setup; i++)
        if (g->setup[i].move.row == row && g->setup[i].move.col == col)
            return g->setup[i].color;
    return (Stone)-1;
}

Test(sgf, escapes_soft_breaks_passes_setup_and_main_line)
{
    sgf_game_t *g = load("escapes.sgf");
    cr_assert_eq(g->size, 9);
    cr_assert_eq(g->komi2, 13);
    cr_assert_str_eq(g->rules, "Japanese");
    cr_assert_str_eq(g->black, "Alice ] \"the wall\" \\ Smith");
    cr_assert_str_eq(g->white, "Bob");
    cr_assert_str_eq(g->date, "2026-11-22");
    cr_assert_str_eq(g->result, "W+R");
    /* The soft line break vanishes; the hard one stays in Text. */
    cr_assert_str_eq(g->comment, "first line continued\nsecond line");

    /* AB[cc] [gc] [cg] with white space between values; AW[dd:ee]. */
    cr_assert_eq(g->n_setup, 7);
    cr_assert_eq(setup_at(g, 2, 2), BLACK);
    cr_assert_eq(setup_at(g, 2, 6), BLACK);
    cr_assert_eq(setup_at(g, 6, 2), BLACK);
    cr_assert_eq(setup_at(g, 3, 3), WHITE);
    cr_assert_eq(setup_at(g, 3, 4), WHITE);
    cr_assert_eq(setup_at(g, 4, 3), WHITE);
    cr_assert_eq(setup_at(g, 4, 4), WHITE);

    /* Main line: W ge, B [], W [tt], B ec, then the first variation. */
    cr_assert_eq(g->n_moves, 6);
    cr_assert_eq(g->moves[0].color, WHITE);
    cr_assert_eq(g->moves[0].move.row, 4);
    cr_assert_eq(g->moves[0].move.col, 6);
    cr_assert(g->moves[1].move.pass && g->moves[1].color == BLACK);
    cr_assert(g->moves[2].move.pass && g->moves[2].color == WHITE);
    cr_assert_eq(g->moves[3].move.row, 2);
    cr_assert_eq(g->moves[3].move.col, 4);
    cr_assert_eq(g->moves[4].color, WHITE);
    cr_assert_eq(g->moves[4].move.row, 6);
    cr_assert_eq(g->moves[4].move.col, 4);
    cr_assert_eq(g->moves[5].color, BLACK);
    cr_assert_eq(g->moves[5].move.row, 6);
    cr_assert_eq(g->moves[5].move.col, 6);
    free(g);
}

Test(sgf, old_style_identifiers_and_crlf)
{
    sgf_game_t *g = load("ff3.sgf");
    cr_assert_eq(g->size, 9);
    cr_assert_eq(g->komi2, 1);
    cr_assert_eq(g->n_setup, 1);
    cr_assert_eq(setup_at(g, 4, 4), BLACK);
    cr_assert_eq(g->n_moves, 2);
    cr_assert_eq(g->moves[0].color, WHITE);
    cr_assert_eq(g->moves[1].color, BLACK);
    free(g);
}

/* GNU Go's printsgf: setup over several lines, IL and PL properties. */
Test(sgf, reads_a_position_written_by_gnugo)
{
    sgf_game_t *g = load("gnugo_position.sgf");
    cr_assert_eq(g->size, 9);
    cr_assert_eq(g->n_moves, 0);
    int black = 0, white = 0;
    for (int i = 0; i < g->n_setup; i++)
        black += g->setup[i].color == BLACK, white += g->setup[i].color == WHITE;
    cr_assert_eq(black, 26);
    cr_assert_eq(white, 24);
    cr_assert_eq(setup_at(g, 0, 7), BLACK); /* ha */
    cr_assert_eq(setup_at(g, 8, 6), WHITE); /* gi */
    BoardState b;
    char err[256];
    cr_assert_eq(sgf_replay(g, -1, &b, err, sizeof err), 0, "%s", err);
    cr_assert_eq(board_get(&b, 0, 7), BLACK);
    cr_assert_eq(board_get(&b, 4, 0), WHITE); /* ae */
    free(g);
}

typedef struct {
    const char *file;
    const char *where; /* "line L, column C" */
    const char *what;  /* part of the message */
} broken_case_t;

static const broken_case_t broken_cases[] = {
    {"unclosed_value.sgf", "line 2, column 8", "not closed with ']'"},
    {"unclosed_tree.sgf", "line 1, column 1", "not closed with ')'"},
    {"unclosed_variation.sgf", "line 2, column 1", "not closed with ')'"},
    {"no_paren.sgf", "line 1, column 1", "expected '('"},
    {"off_board.sgf", "line 3, column 3", "off the 9x9 board"},
    {"bad_point.sgf", "line 1, column 10", "not a point"},
    {"not_go.sgf", "line 1, column 5", "not a game of Go"},
    {"big_board.sgf", "line 1, column 10", "board size"},
    {"two_moves.sgf", "line 1, column 15", "more than one move"},
    {"stray_char.sgf", "line 1, column 15", "unexpected character '5'"},
    {"bad_komi.sgf", "line 2, column 5", "KM[six]"},
    {"empty.sgf", "line 1, column 1", "empty"},
    {"value_without_name.sgf", "line 2, column 2", "without a property name"},
    {"empty_tree.sgf", "line 1, column 4", "must start with a node"},
    {"bad_pl.sgf", "line 2, column 9", "PL[X]: not B or W"},
};

Test(sgf, broken_files_report_line_and_column_and_load_nothing)
{
    for (size_t i = 0; i < sizeof broken_cases / sizeof broken_cases[0]; i++) {
        const broken_case_t *c = &broken_cases[i];
        char path[1024], err[512], name[128];
        snprintf(name, sizeof name, "broken/%s", c->file);
        data_path(path, sizeof path, name);
        sgf_game_t *g = malloc(sizeof *g);
        cr_assert(g);
        memset(g, 0xA5, sizeof *g);
        int rc = sgf_load_file(path, g, err, sizeof err);
        cr_expect_eq(rc, -1, "%s was accepted", c->file);
        cr_expect(strstr(err, path) != NULL, "%s: the message does not name the file: %s",
                  c->file, err);
        cr_expect(strstr(err, c->where) != NULL, "%s: expected '%s' in: %s", c->file, c->where,
                  err);
        cr_expect(strstr(err, c->what) != NULL, "%s: expected '%s' in: %s", c->file, c->what,
                  err);
        /* Nothing loaded: the output is untouched. */
        unsigned char *bytes = (unsigned char *)g;
        size_t changed = 0;
        for (size_t k = 0; k < sizeof *g; k++)
            changed += bytes[k] != 0xA5;
        cr_expect_eq(changed, 0, "%s: the record was changed", c->file);
        free(g);
    }
}

Test(sgf, missing_file_is_an_error)
{
    sgf_game_t g;
    char err[512];
    cr_assert_eq(sgf_load_file("/nonexistent/dir/game.sgf", &g, err, sizeof err), -1);
    cr_assert(strstr(err, "/nonexistent/dir/game.sgf"), "%s", err);
    /* Devices and directories are refused without reading (no blocking). */
    cr_assert_eq(sgf_load_file("/dev/null", &g, err, sizeof err), -1);
    cr_assert(strstr(err, "not a regular file"), "%s", err);
    cr_assert_eq(sgf_load_file("/tmp", &g, err, sizeof err), -1);
    cr_assert(strstr(err, "not a regular file"), "%s", err);
}

Test(sgf, replay_names_the_illegal_move)
{
    sgf_game_t *g = load("illegal_move.sgf");
    BoardState b;
    board_init(&b);
    board_play(&b, BLACK, 0, 0);
    uint64_t before = b.hash;
    char err[256];
    cr_assert_eq(sgf_replay(g, -1, &b, err, sizeof err), -1);
    cr_assert_str_eq(err, "move 2 (W E5): illegal: occupied");
    cr_assert_eq(b.hash, before, "the board changed on a failed replay");
    /* The legal prefix replays. */
    cr_assert_eq(sgf_replay(g, 1, &b, err, sizeof err), 0, "%s", err);
    cr_assert_eq(board_get(&b, 4, 4), BLACK);
    cr_assert_eq(b.turn, WHITE);
    free(g);
}

Test(sgf, replay_continues_after_two_passes)
{
    sgf_game_t *g = load("escapes.sgf");
    BoardState b;
    char err[256];
    cr_assert_eq(sgf_replay(g, -1, &b, err, sizeof err), 0, "%s", err);
    cr_assert_eq(board_get(&b, 2, 4), BLACK); /* ec, played after B[] W[tt] */
    cr_assert_eq(board_get(&b, 6, 6), BLACK); /* gg */
    cr_assert_eq(board_get(&b, 3, 3), WHITE); /* setup dd */
    cr_assert_eq(b.komi2, 13);
    cr_assert_eq(b.game_over, 0);
    /* Up to the two passes: the game is over there. */
    cr_assert_eq(sgf_replay(g, 3, &b, err, sizeof err), 0, "%s", err);
    cr_assert_eq(b.game_over, 1);
    free(g);
}

static void assert_same_game(const sgf_game_t *a, const sgf_game_t *b)
{
    cr_assert_eq(a->size, b->size);
    cr_assert_eq(a->komi2, b->komi2);
    cr_assert_eq(a->handicap, b->handicap);
    cr_assert_str_eq(a->rules, b->rules);
    cr_assert_str_eq(a->result, b->result);
    cr_assert_str_eq(a->black, b->black);
    cr_assert_str_eq(a->white, b->white);
    cr_assert_str_eq(a->date, b->date);
    cr_assert_str_eq(a->comment, b->comment);
    cr_assert_eq(a->n_setup, b->n_setup);
    for (int i = 0; i < a->n_setup; i++) {
        /* The writer groups setup by colour; compare as sets. */
        cr_assert_eq(setup_at(b, a->setup[i].move.row, a->setup[i].move.col),
                     a->setup[i].color);
    }
    cr_assert_eq(a->n_moves, b->n_moves);
    for (int i = 0; i < a->n_moves; i++) {
        cr_assert_eq(a->moves[i].color, b->moves[i].color, "move %d", i + 1);
        cr_assert_eq(a->moves[i].move.pass, b->moves[i].move.pass, "move %d", i + 1);
        if (!a->moves[i].move.pass) {
            cr_assert_eq(a->moves[i].move.row, b->moves[i].move.row, "move %d", i + 1);
            cr_assert_eq(a->moves[i].move.col, b->moves[i].move.col, "move %d", i + 1);
        }
    }
}

static char *write_text(const sgf_game_t *g)
{
    size_t need = sgf_write(g, NULL, 0);
    char *text = malloc(need + 1);
    cr_assert(text);
    cr_assert_eq(sgf_write(g, text, need + 1), need);
    cr_assert_eq(strlen(text), need);
    return text;
}

Test(sgf, round_trip_keeps_everything)
{
    sgf_game_t *g = load("escapes.sgf");
    char *text = write_text(g);
    sgf_game_t *back = malloc(sizeof *back);
    char err[256];
    cr_assert_eq(sgf_parse(text, strlen(text), back, err, sizeof err), 0, "%s\n%s", err, text);
    assert_same_game(g, back);
    /* Escapes are written where they must be. */
    cr_assert(strstr(text, "PB[Alice \\] \"the wall\" \\\\ Smith]"), "%s", text);
    cr_assert(strstr(text, ";B[]"), "passes are written as []: %s", text);
    /* Writing again gives the same bytes. */
    char *again = write_text(back);
    cr_assert_str_eq(text, again);
    free(again);
    free(text);
    free(back);
    free(g);
}

/* Issue 52: HA is read, written after KM as GNU Go writes it, and kept
 * through a round trip; an even game (HA absent, empty, 0 or 1) writes none. */
Test(sgf, handicap_round_trip)
{
    static const char text[] = "(;GM[1]FF[4]SZ[9]KM[0.5]HA[3]AB[cc][gc][cg];W[ee])";
    sgf_game_t *g = malloc(sizeof *g), *back = malloc(sizeof *back);
    cr_assert(g && back);
    char err[256];
    cr_assert_eq(sgf_parse(text, strlen(text), g, err, sizeof err), 0, "%s", err);
    cr_assert_eq(g->handicap, 3);
    char *out = write_text(g);
    cr_assert(strstr(out, "KM[0.5]HA[3]"), "%s", out);
    cr_assert_eq(sgf_parse(out, strlen(out), back, err, sizeof err), 0, "%s", err);
    assert_same_game(g, back);
    cr_assert_eq(back->handicap, 3);
    free(out);
    static const char *const even[] = {"(;SZ[9])", "(;SZ[9]HA[])", "(;SZ[9]HA[0])",
                                       "(;SZ[9]HA[1])"};
    for (size_t i = 0; i < sizeof even / sizeof even[0]; i++) {
        cr_assert_eq(sgf_parse(even[i], strlen(even[i]), g, err, sizeof err), 0, "%s", err);
        cr_assert_eq(g->handicap, 0, "%s", even[i]);
        out = write_text(g);
        cr_assert_null(strstr(out, "HA["), "%s", out);
        free(out);
    }
    static const char *const bad[] = {"(;SZ[9]HA[two])", "(;SZ[9]HA[-2])", "(;SZ[9]HA[400])"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        cr_assert_eq(sgf_parse(bad[i], strlen(bad[i]), g, err, sizeof err), -1, "%s", bad[i]);
        cr_assert(strstr(err, "HA["), "%s: %s", bad[i], err);
    }
    free(g);
    free(back);
}

Test(sgf, truncated_write_reports_the_needed_length)
{
    sgf_game_t *g = load("escapes.sgf");
    char small[16];
    size_t need = sgf_write(g, small, sizeof small);
    cr_assert_gt(need, sizeof small);
    cr_assert_eq(strlen(small), sizeof small - 1);
    cr_assert_eq(strncmp(small, "(;GM[1]FF[4]", 12), 0);
    free(g);
}

/* Random games of every size class: write, read back, replay, compare. */
Test(sgf, random_games_round_trip_through_text_and_replay)
{
    static const int sizes[] = {5, 9, 13, 19};
    AiConfig cfg = {.level = AI_RANDOM, .seed = 42};
    ai_t *ai = ai_create(&cfg);
    cr_assert(ai);
    for (int s = 0; s < 4; s++) {
        for (int game = 0; game < 3; game++) {
            BoardState b;
            board_reset(&b, sizes[s], 11 + 2 * game);
            sgf_game_t *g = malloc(sizeof *g);
            sgf_game_init(g);
            g->size = sizes[s];
            g->komi2 = b.komi2;
            snprintf(g->black, sizeof g->black, "random [%d]", game);
            for (int n = 0; n < 300 && !b.game_over; n++) {
                Stone color = b.turn;
                Move m = ai_choose(ai, &b);
                if (m.pass)
                    board_pass_color(&b, color);
                else
                    cr_assert_eq(board_play(&b, color, m.row, m.col), MOVE_OK);
                cr_assert_eq(sgf_add_move(g, color, m), 0);
            }
            char *text = write_text(g);
            sgf_game_t *back = malloc(sizeof *back);
            char err[256];
            cr_assert_eq(sgf_parse(text, strlen(text), back, err, sizeof err), 0, "%s", err);
            assert_same_game(g, back);
            BoardState r;
            cr_assert_eq(sgf_replay(back, -1, &r, err, sizeof err), 0, "%s", err);
            cr_assert_eq(r.hash, b.hash);
            cr_assert_eq(r.captured_black, b.captured_black);
            cr_assert_eq(r.captured_white, b.captured_white);
            cr_assert_eq(r.turn, b.turn);
            for (int row = 0; row < b.size; row++)
                for (int col = 0; col < b.size; col++)
                    cr_assert_eq(board_get(&r, row, col), board_get(&b, row, col));
            free(text);
            free(back);
            free(g);
        }
    }
    ai_destroy(ai);
}

Test(sgf, add_move_refuses_a_full_record)
{
    sgf_game_t *g = malloc(sizeof *g);
    sgf_game_init(g);
    cr_assert_eq(g->size, 9);
    cr_assert_eq(g->komi2, 11);
    cr_assert_str_eq(g->rules, "Chinese");
    Move pass = {-1, -1, 1};
    for (int i = 0; i < SGF_MAX_MOVES; i++)
        cr_assert_eq(sgf_add_move(g, i % 2 ? WHITE : BLACK, pass), 0);
    cr_assert_eq(sgf_add_move(g, BLACK, pass), -1);
    cr_assert_eq(g->n_moves, SGF_MAX_MOVES);
    free(g);
}

Test(sgf, save_is_atomic_and_loads_back)
{
    char dir[] = "/tmp/tabletop-sgf-XXXXXX";
    cr_assert(mkdtemp(dir));
    char path[256], err[512];
    snprintf(path, sizeof path, "%s/game.sgf", dir);

    sgf_game_t *g = malloc(sizeof *g);
    sgf_game_init(g);
    snprintf(g->comment, sizeof g->comment, "console state [x] \\ y");
    sgf_add_move(g, BLACK, mv(4, 4));
    sgf_add_move(g, WHITE, mv(2, 6));
    cr_assert_eq(save_game(path, g, 0, err, sizeof err), 0, "%s", err);

    sgf_game_t *back = malloc(sizeof *back);
    cr_assert_eq(sgf_load_file(path, back, err, sizeof err), 0, "%s", err);
    assert_same_game(g, back);

    /* Overwrite; no temporary file is left behind. */
    sgf_add_move(g, BLACK, mv(6, 2));
    cr_assert_eq(save_game(path, g, 0, err, sizeof err), 0, "%s", err);
    cr_assert_eq(sgf_load_file(path, back, err, sizeof err), 0, "%s", err);
    cr_assert_eq(back->n_moves, 3);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "test $(ls -A '%s' | wc -l) -eq 1", dir);
    cr_assert_eq(system(cmd), 0, "a temporary file was left in %s", dir);

    /* A save into a missing directory fails and creates nothing. */
    char bad[300];
    snprintf(bad, sizeof bad, "%s/missing/game.sgf", dir);
    cr_assert_eq(save_game(bad, g, 0, err, sizeof err), -1);
    cr_assert(strstr(err, bad), "%s", err);

    unlink(path);
    rmdir(dir);
    free(g);
    free(back);
}

Test(sgf, parse_rejects_rectangular_boards_and_reads_only_the_first_game)
{
    sgf_game_t g;
    char err[256];
    const char *rect = "(;GM[1]SZ[9:13])";
    cr_assert_eq(sgf_parse(rect, strlen(rect), &g, err, sizeof err), -1);
    cr_assert(strstr(err, "rectangular"), "%s", err);
    /* A broken second game of a collection is not read at all. */
    const char *two = "(;GM[1]SZ[9];B[ee])(;GM[1]SZ[9];B[zz";
    cr_assert_eq(sgf_parse(two, strlen(two), &g, err, sizeof err), 0, "%s", err);
    cr_assert_eq(g.n_moves, 1);
    /* No SZ: FF[4] says 19. */
    const char *nosz = "(;B[ss])";
    cr_assert_eq(sgf_parse(nosz, strlen(nosz), &g, err, sizeof err), 0, "%s", err);
    cr_assert_eq(g.size, 19);
    cr_assert_eq(g.moves[0].move.row, 18);
}

/* Mutated files (bytes replaced, dropped, duplicated) either parse or are
 * rejected with a located message; nothing crashes or reads past the end. */
Test(sgf, mutated_files_parse_or_fail_with_a_location)
{
    char path[1024];
    data_path(path, sizeof path, "escapes.sgf");
    FILE *f = fopen(path, "rb");
    cr_assert(f);
    char src[4096];
    size_t n = fread(src, 1, sizeof src, f);
    fclose(f);
    static const char alphabet[] = "()[];\\:\n ABWaeszt9";
    uint64_t s = 12345;
    sgf_game_t *g = malloc(sizeof *g);
    int accepted = 0, rejected = 0;
    for (int iter = 0; iter < 3000; iter++) {
        char *text = malloc(n * 2 + 1);
        size_t len = 0;
        for (size_t i = 0; i < n; i++) {
            s = s * 6364136223846793005ULL + 1442695040888963407ULL;
            unsigned r = (unsigned)(s >> 33) % 400;
            if (r == 0)
                continue; /* drop */
            if (r == 1)
                text[len++] = alphabet[(s >> 20) % (sizeof alphabet - 1)]; /* insert */
            text[len++] = r == 2 ? alphabet[(s >> 40) % (sizeof alphabet - 1)] : src[i];
        }
        char err[256] = "";
        /* Not NUL-terminated on purpose: the parser must respect len. */
        char *exact = malloc(len ? len : 1);
        memcpy(exact, text, len);
        int rc = sgf_parse(exact, len, g, err, sizeof err);
        if (rc == 0) {
            accepted++;
            cr_assert(g->size >= BOARD_MIN_SIZE && g->size <= BOARD_MAX_SIZE);
            cr_assert(g->n_moves >= 0 && g->n_moves <= SGF_MAX_MOVES);
        } else {
            rejected++;
            cr_assert_eq(strncmp(err, "line ", 5), 0, "unlocated error: %s", err);
            cr_assert(strstr(err, ", column "), "%s", err);
        }
        free(exact);
        free(text);
    }
    cr_assert_gt(accepted, 0);
    cr_assert_gt(rejected, 0);
    free(g);
}

/* ---- files that are not ours: never replaced, whatever they are ---- */

static sgf_game_t *small_game(void)
{
    sgf_game_t *g = malloc(sizeof *g);
    cr_assert(g);
    sgf_game_init(g);
    sgf_add_move(g, BLACK, mv(4, 4));
    return g;
}

static void put_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert(f, "cannot write %s", path);
    fputs(text, f);
    fclose(f);
}

static int file_holds(const char *path, const char *text)
{
    char buf[256] = "";
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return !strcmp(buf, text);
}

static void remove_tree(const char *dir)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    cr_assert_eq(system(cmd), 0);
}

Test(sgf_files, a_device_fifo_or_directory_is_never_replaced)
{
    char dir[] = "/tmp/tabletop-sgf-XXXXXX";
    cr_assert(mkdtemp(dir));
    sgf_game_t *g = small_game();
    char path[300], err[512];
    struct stat st;

    /* A character device (made here, like /dev/null: needs root, as CI is). */
    snprintf(path, sizeof path, "%s/null", dir);
    int have_device = mknod(path, S_IFCHR | 0666, makedev(1, 3)) == 0;
    if (have_device) {
        cr_assert_eq(save_game(path, g, 0, err, sizeof err), -1);
        cr_assert(strstr(err, "not a regular file"), "%s", err);
        cr_assert_eq(lstat(path, &st), 0);
        cr_assert(S_ISCHR(st.st_mode), "the device became something else");
        cr_assert_eq(save_game(path, g, 1, err, sizeof err), -1);
        cr_assert_eq(lstat(path, &st), 0);
        cr_assert(S_ISCHR(st.st_mode));
    } else {
        cr_log_warn("mknod not permitted: the device case runs as root only");
    }

    snprintf(path, sizeof path, "%s/fifo", dir);
    cr_assert_eq(mkfifo(path, 0644), 0);
    cr_assert_eq(save_game(path, g, 0, err, sizeof err), -1);
    cr_assert(strstr(err, path) && strstr(err, "not a regular file"), "%s", err);
    cr_assert_eq(lstat(path, &st), 0);
    cr_assert(S_ISFIFO(st.st_mode));

    snprintf(path, sizeof path, "%s/sub", dir);
    cr_assert_eq(mkdir(path, 0755), 0);
    cr_assert_eq(save_game(path, g, 0, err, sizeof err), -1);
    cr_assert(strstr(err, "is a directory"), "%s", err);
    cr_assert_eq(lstat(path, &st), 0);
    cr_assert(S_ISDIR(st.st_mode));

    /* Nothing else appeared: no temporary files, no copies. */
    char cmd[512];
    snprintf(cmd, sizeof cmd, "test $(ls -A '%s' | wc -l) -eq %d", dir, have_device ? 3 : 2);
    cr_assert_eq(system(cmd), 0, "stray files in %s", dir);
    remove_tree(dir);
    free(g);
}

Test(sgf_files, symbolic_links_are_refused_or_followed_as_asked)
{
    char dir[] = "/tmp/tabletop-sgf-XXXXXX";
    cr_assert(mkdtemp(dir));
    sgf_game_t *g = small_game();
    char target[300], link_path[300], err[512];
    snprintf(target, sizeof target, "%s/target.sgf", dir);
    snprintf(link_path, sizeof link_path, "%s/link.sgf", dir);
    put_file(target, "old");
    cr_assert_eq(symlink("target.sgf", link_path), 0);

    /* The console's autosave: a link in the save folder is refused. */
    cr_assert_eq(save_game(link_path, g, 0, err, sizeof err), -1);
    cr_assert(strstr(err, "symbolic link"), "%s", err);
    struct stat st;
    cr_assert_eq(lstat(link_path, &st), 0);
    cr_assert(S_ISLNK(st.st_mode));
    cr_assert(file_holds(target, "old"));

    /* GTP printsgf: the link is followed and the file it names replaced. */
    cr_assert_eq(save_game(link_path, g, 1, err, sizeof err), 0,
                 "%s", err);
    cr_assert_eq(lstat(link_path, &st), 0);
    cr_assert(S_ISLNK(st.st_mode), "the link was replaced");
    sgf_game_t *back = malloc(sizeof *back);
    cr_assert_eq(sgf_load_file(target, back, err, sizeof err), 0, "%s", err);
    cr_assert_eq(back->n_moves, 1);

    /* A dangling link is not followed into creating its target. */
    char dangling[300];
    snprintf(dangling, sizeof dangling, "%s/dangling.sgf", dir);
    cr_assert_eq(symlink("nowhere/x.sgf", dangling), 0);
    cr_assert_eq(save_game(dangling, g, 1, err, sizeof err), -1);
    cr_assert(strstr(err, "symbolic link"), "%s", err);
    cr_assert_eq(lstat(dangling, &st), 0);
    cr_assert(S_ISLNK(st.st_mode));
    remove_tree(dir);
    free(g);
    free(back);
}

Test(sgf_files, a_replaced_file_keeps_its_mode_and_owner)
{
    char dir[] = "/tmp/tabletop-sgf-XXXXXX";
    cr_assert(mkdtemp(dir));
    sgf_game_t *g = small_game();
    char path[300], err[512];
    snprintf(path, sizeof path, "%s/private.sgf", dir);
    put_file(path, "old");
    cr_assert_eq(chmod(path, 0600), 0);
    int as_root = geteuid() == 0;
    if (as_root)
        cr_assert_eq(chown(path, 1234, 5678), 0);
    cr_assert_eq(save_game(path, g, 0, err, sizeof err), 0, "%s", err);
    struct stat st;
    cr_assert_eq(stat(path, &st), 0);
    cr_assert_eq(st.st_mode & 0777, 0600, "mode %o", (unsigned)(st.st_mode & 0777));
    if (as_root) {
        cr_assert_eq(st.st_uid, 1234);
        cr_assert_eq(st.st_gid, 5678);
    }
    cr_assert_eq(chmod(path, 0640), 0);
    cr_assert_eq(save_game(path, g, 0, err, sizeof err), 0, "%s", err);
    cr_assert_eq(stat(path, &st), 0);
    cr_assert_eq(st.st_mode & 0777, 0640);

    /* A new file: 0666 less the umask, as any program's new file. */
    mode_t old = umask(027);
    snprintf(path, sizeof path, "%s/new.sgf", dir);
    cr_assert_eq(save_game(path, g, 0, err, sizeof err), 0, "%s", err);
    umask(old);
    cr_assert_eq(stat(path, &st), 0);
    cr_assert_eq(st.st_mode & 0777, 0640, "mode %o", (unsigned)(st.st_mode & 0777));
    remove_tree(dir);
    free(g);
}

/* ---- loadsgf as given: setup without liberties, PL, charsets ---- */

Test(sgf_setup, stones_without_liberties_load_as_given_and_play_goes_on)
{
    sgf_game_t *g = load("setup_no_liberties.sgf");
    cr_assert_eq(g->to_play, WHITE);
    BoardState b;
    char err[512];
    cr_assert_eq(sgf_replay(g, -1, &b, err, sizeof err), 0, "%s", err);
    cr_assert_eq(board_get(&b, 0, 0), BLACK, "A9 kept");
    cr_assert_eq(board_get(&b, 8, 8), WHITE, "J1 kept");
    cr_assert_eq(board_liberties(&b, 0, 0), 0);
    cr_assert_eq(board_liberties(&b, 8, 8), 0);
    cr_assert_eq(b.turn, WHITE, "PL[W]: White moves first");
    /* Moves elsewhere leave them alone; White's stones at J1... */
    cr_assert_eq(board_play(&b, WHITE, 4, 4), MOVE_OK);
    cr_assert_eq(board_get(&b, 8, 8), WHITE);
    /* Black C9 then B8 captures B9: A9 gains B9 as its liberty. */
    cr_assert_eq(board_play(&b, BLACK, 0, 2), MOVE_OK);
    cr_assert_eq(board_play(&b, BLACK, 1, 1), MOVE_OK);
    cr_assert_eq(board_get(&b, 0, 1), EMPTY, "B9 captured");
    cr_assert_eq(board_liberties(&b, 0, 0), 1);
    cr_assert_eq(board_liberties(&b, 1, 0), 1, "A8 now has only A7");
    /* A9 is now an ordinary stone in atari: White B9 captures it. */
    cr_assert_eq(board_play(&b, WHITE, 0, 1), MOVE_OK);
    cr_assert_eq(board_get(&b, 0, 0), EMPTY, "A9 captured");
    cr_assert_eq(b.captured_white, 1);
    /* The record writes PL and reads back the same. */
    size_t need = sgf_write(g, NULL, 0);
    char *text = malloc(need + 1);
    sgf_write(g, text, need + 1);
    cr_assert(strstr(text, "PL[W]"), "%s", text);
    sgf_game_t *back = malloc(sizeof *back);
    cr_assert_eq(sgf_parse(text, need, back, err, sizeof err), 0, "%s", err);
    cr_assert_eq(back->to_play, WHITE);
    cr_assert_eq(back->n_setup, g->n_setup);
    free(text);
    free(back);
    free(g);
}

Test(sgf_setup, pl_in_a_setup_node_and_after_moves)
{
    const char *text = "(;GM[1]FF[4]SZ[9];AB[cc][gg]PL[w];W[ee]PL[B];B[dd])";
    sgf_game_t *g = malloc(sizeof *g);
    char err[512];
    cr_assert_eq(sgf_parse(text, strlen(text), g, err, sizeof err), 0, "%s", err);
    cr_assert_eq(g->to_play, WHITE, "PL in the handicap node counts; after a move it does not");
    BoardState b;
    cr_assert_eq(sgf_replay(g, 0, &b, err, sizeof err), 0, "%s", err);
    cr_assert_eq(b.turn, WHITE);
    cr_assert_eq(sgf_replay(g, -1, &b, err, sizeof err), 0, "%s", err);
    cr_assert_eq(b.turn, WHITE, "after W, B: White");
    free(g);
}

Test(sgf_charset, latin1_is_converted_to_utf8_and_written_as_utf8)
{
    sgf_game_t *g = load("latin1.sgf");
    cr_assert_str_eq(g->black, "Jos\xc3\xa9 M\xc3\xbcller");
    cr_assert_str_eq(g->white, "\xc3\x86r\xc3\xb8");
    cr_assert_str_eq(g->comment, "Stra\xc3\x9f" "e; 100 \xc2\xb0" "C");
    cr_assert_str_eq(g->charset, "");
    size_t need = sgf_write(g, NULL, 0);
    char *text = malloc(need + 1);
    sgf_write(g, text, need + 1);
    cr_assert(strstr(text, "CA[UTF-8]") && !strstr(text, "ISO"), "%s", text);
    cr_assert(strstr(text, "PB[Jos\xc3\xa9 M\xc3\xbcller]"), "%s", text);
    /* Read back: already UTF-8, unchanged. */
    sgf_game_t *back = malloc(sizeof *back);
    char err[512];
    cr_assert_eq(sgf_parse(text, need, back, err, sizeof err), 0, "%s", err);
    cr_assert_str_eq(back->black, g->black);
    cr_assert_str_eq(back->comment, g->comment);
    free(text);
    free(back);
    free(g);

    /* No CA: FF[4] says ISO-8859-1; bytes that are not UTF-8 are read so. */
    g = load("latin1_no_ca.sgf");
    cr_assert_str_eq(g->black, "G\xc3\xa9rard");
    free(g);
    /* No CA but valid UTF-8 (what most writers mean today): kept. */
    const char *utf8 = "(;GM[1]FF[4]SZ[9]PB[G\xc3\xa9rard])";
    g = malloc(sizeof *g);
    cr_assert_eq(sgf_parse(utf8, strlen(utf8), g, err, sizeof err), 0, "%s", err);
    cr_assert_str_eq(g->black, "G\xc3\xa9rard");
    free(g);
    /* Windows-1252: its letters in 0x80..0x9F too. */
    g = load("cp1252.sgf");
    cr_assert_str_eq(g->black, "\xe2\x82\xac" "uro \xe2\x80\x9cquoted\xe2\x80\x9d");
    cr_assert_str_eq(g->white, "caf\xc3\xa9");
    free(g);
}

Test(sgf_charset, other_charsets_keep_their_bytes_and_their_label)
{
    sgf_game_t *g = load("gb2312.sgf");
    cr_assert_str_eq(g->charset, "GB2312");
    cr_assert_str_eq(g->black, "\xba\xda\xc6\xe5");
    size_t need = sgf_write(g, NULL, 0);
    char *text = malloc(need + 1);
    sgf_write(g, text, need + 1);
    cr_assert(strstr(text, "CA[GB2312]") && !strstr(text, "UTF-8"), "%s", text);
    cr_assert(strstr(text, "PB[\xba\xda\xc6\xe5]"), "%s", text);
    free(text);
    free(g);
}
