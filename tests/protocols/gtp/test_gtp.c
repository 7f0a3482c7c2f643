/*
 * test_gtp.c - the GTP engine: transcripts in tests/data/gtp/ (*.gtp) run
 * in-process (gtp_engine_execute) and through the real `tabletop gtp`
 * binary, plus behaviours a transcript cannot pin down (generated moves,
 * the clock, loadsgf/printsgf with files, out-of-turn genmove).
 *
 * Transcript format: ";;" lines are comments, ";; args: ..." gives the
 * engine's command line; "> " lines are sent (escapes \t \r \\ \xNN);
 * the lines after one, up to the next "> ", are the expected response
 * (its closing blank line included).  An expected line ending in "{*}"
 * matches any line that starts with what precedes it.
 */
#define _GNU_SOURCE
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "games/go/board.h"
#include "games/go/sgf.h"
#include "protocols/gtp_engine.h"
#include "gtp_pipe.h"

#define MAX_STEPS 256

typedef struct {
    char *args[16];
    char *args_line; /* the strdup'd line the args point into */
    int nargs;
    int nsteps;
    char *input[MAX_STEPS];    /* decoded command line, without '\n' */
    size_t input_len[MAX_STEPS]; /* its length: "\x00" puts NUL bytes in it */
    char *expected[MAX_STEPS]; /* expected response text */
} transcript_t;

static const char *data_dir(void)
{
    const char *d = getenv("TABLETOP_TEST_DATA");
    cr_assert(d, "TABLETOP_TEST_DATA is not set (meson sets it)");
    return d;
}

static const char *tabletop_exe(void)
{
    const char *x = getenv("TABLETOP_EXE");
    cr_assert(x, "TABLETOP_EXE is not set (meson sets it)");
    return x;
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert(f, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    cr_assert(text);
    cr_assert_eq(fread(text, 1, (size_t)n, f), (size_t)n);
    text[n] = '\0';
    fclose(f);
    return text;
}

static char *decode_escapes(const char *s, size_t *len)
{
    char *out = malloc(strlen(s) + 1), *w = out;
    for (; *s; s++) {
        if (*s == '\\' && s[1]) {
            char c = s[1];
            if (c == 't' || c == 'r' || c == '\\') {
                *w++ = c == 't' ? '\t' : c == 'r' ? '\r' : '\\';
                s++;
                continue;
            }
            if (c == 'x' && s[2] && s[3]) {
                char hex[3] = {s[2], s[3], 0};
                *w++ = (char)strtol(hex, NULL, 16);
                s += 3;
                continue;
            }
        }
        *w++ = *s;
    }
    *w = '\0';
    *len = (size_t)(w - out);
    return out;
}

static void transcript_load(transcript_t *t, const char *name)
{
    memset(t, 0, sizeof *t);
    char path[1024];
    snprintf(path, sizeof path, "%s/gtp/%s", data_dir(), name);
    char *text = read_file(path);
    char *save = NULL;
    /* Keep empty lines: they are part of expected responses. */
    char *line = text;
    while (line && *line) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = '\0';
        if (!strncmp(line, ";; args:", 8)) {
            free(t->args_line);
            char *args = t->args_line = strdup(line + 8);
            for (char *tok = strtok_r(args, " ", &save); tok && t->nargs < 15;
                 tok = strtok_r(NULL, " ", &save))
                t->args[t->nargs++] = tok;
        } else if (!strncmp(line, ";;", 2)) {
            /* comment */
        } else if (line[0] == '>' && (line[1] == ' ' || line[1] == '\0')) {
            cr_assert_lt(t->nsteps, MAX_STEPS);
            t->input[t->nsteps] = decode_escapes(line[1] ? line + 2 : "", &t->input_len[t->nsteps]);
            t->expected[t->nsteps] = calloc(1, 1);
            t->nsteps++;
        } else {
            cr_assert_gt(t->nsteps, 0, "%s: a response before any command", name);
            char **e = &t->expected[t->nsteps - 1];
            size_t n = strlen(*e);
            *e = realloc(*e, n + strlen(line) + 2);
            sprintf(*e + n, "%s\n", line);
        }
        line = nl ? nl + 1 : NULL;
    }
    free(text);
}

static void transcript_free(transcript_t *t)
{
    for (int i = 0; i < t->nsteps; i++) {
        free(t->input[i]);
        free(t->expected[i]);
    }
    free(t->args_line);
}

/* Line-by-line comparison with the "{*}" wildcard. */
static int output_matches(const char *expected, const char *actual)
{
    while (*expected || *actual) {
        const char *en = strchr(expected, '\n');
        const char *an = strchr(actual, '\n');
        size_t el = en ? (size_t)(en - expected) : strlen(expected);
        size_t al = an ? (size_t)(an - actual) : strlen(actual);
        if (!*expected || !*actual)
            return 0;
        if (el >= 3 && !strncmp(expected + el - 3, "{*}", 3)) {
            if (al < el - 3 || strncmp(expected, actual, el - 3))
                return 0;
        } else if (el != al || strncmp(expected, actual, el)) {
            return 0;
        }
        if (!!en != !!an)
            return 0;
        expected += el + (en ? 1 : 0);
        actual += al + (an ? 1 : 0);
    }
    return 1;
}

static gtp_engine_t *engine_for(const transcript_t *t)
{
    gtp_options_t o = {0};
    for (int i = 0; i + 1 < t->nargs; i += 2) {
        if (!strcmp(t->args[i], "--level"))
            o.level = atoi(t->args[i + 1]);
        else if (!strcmp(t->args[i], "--playouts"))
            o.playouts = atoi(t->args[i + 1]);
        else if (!strcmp(t->args[i], "--seed"))
            o.seed = strtoull(t->args[i + 1], NULL, 0);
    }
    gtp_engine_t *e = gtp_engine_create(&o);
    cr_assert(e);
    return e;
}

static void run_in_process(const char *name)
{
    transcript_t t;
    transcript_load(&t, name);
    cr_assert_gt(t.nsteps, 0);
    /* loadsgf paths in transcripts are relative to tests/data. */
    cr_assert_eq(chdir(data_dir()), 0);
    gtp_engine_t *e = engine_for(&t);
    for (int i = 0; i < t.nsteps; i++) {
        const char *got = gtp_engine_wants_quit(e)
                              ? NULL
                              : gtp_engine_execute_n(e, t.input[i], t.input_len[i]);
        cr_expect(output_matches(t.expected[i], got ? got : ""),
                  "%s: after '%s'\nexpected:\n%s\ngot:\n%s", name, t.input[i], t.expected[i],
                  got ? got : "(nothing)");
    }
    gtp_engine_destroy(e);
    transcript_free(&t);
}

static void run_binary(const char *name)
{
    transcript_t t;
    transcript_load(&t, name);
    char input[] = "/tmp/tabletop-gtp-in-XXXXXX";
    int fd = mkstemp(input);
    cr_assert(fd >= 0);
    FILE *f = fdopen(fd, "w");
    size_t expected_len = 0;
    for (int i = 0; i < t.nsteps; i++) {
        fwrite(t.input[i], 1, t.input_len[i], f);
        fputc('\n', f);
        expected_len += strlen(t.expected[i]);
    }
    fclose(f);
    char *expected = calloc(1, expected_len + 1);
    for (int i = 0; i < t.nsteps; i++)
        strcat(expected, t.expected[i]);

    char *argv[20];
    int argc = 0;
    argv[argc++] = (char *)tabletop_exe();
    argv[argc++] = "gtp";
    for (int i = 0; i < t.nargs; i++)
        argv[argc++] = t.args[i];
    argv[argc] = NULL;
    char *out = NULL;
    int status = gtp_pipe_run_file(argv, data_dir(), input, &out, 60000);
    unlink(input);
    cr_assert_eq(status, 0, "%s: tabletop gtp exited with %d", name, status);
    cr_assert(output_matches(expected, out), "%s through the binary\nexpected:\n%s\ngot:\n%s",
              name, expected, out);
    free(out);
    free(expected);
    transcript_free(&t);
}

Test(gtp_transcript, basic_in_process) { run_in_process("basic.gtp"); }
Test(gtp_transcript, basic_binary) { run_binary("basic.gtp"); }
Test(gtp_transcript, rules_in_process) { run_in_process("rules.gtp"); }
Test(gtp_transcript, rules_binary) { run_binary("rules.gtp"); }
Test(gtp_transcript, sgf_in_process) { run_in_process("sgf.gtp"); }
Test(gtp_transcript, sgf_binary) { run_binary("sgf.gtp"); }
Test(gtp_transcript, peers_in_process) { run_in_process("peers.gtp"); }
Test(gtp_transcript, peers_binary) { run_binary("peers.gtp"); }
Test(gtp_transcript, handicap_in_process) { run_in_process("handicap.gtp"); }
Test(gtp_transcript, handicap_binary) { run_binary("handicap.gtp"); }
Test(gtp_transcript, setup_in_process) { run_in_process("setup.gtp"); }
Test(gtp_transcript, setup_binary) { run_binary("setup.gtp"); }
Test(gtp_transcript, lenient_in_process) { run_in_process("lenient.gtp"); }
Test(gtp_transcript, lenient_binary) { run_binary("lenient.gtp"); }

/* ---- behaviours checked in C ---- */

/* Runs a command, asserts success, returns the body (static buffer). */
static const char *ok(gtp_engine_t *e, const char *cmd)
{
    static char body[8192];
    const char *r = gtp_engine_execute(e, cmd);
    cr_assert(r, "no response to '%s'", cmd);
    cr_assert(r[0] == '=' && r[1] == ' ', "'%s' failed: %s", cmd, r);
    size_t n = strlen(r);
    cr_assert(n >= 4 && !strcmp(r + n - 2, "\n\n"), "'%s': response not closed: %s", cmd, r);
    snprintf(body, sizeof body, "%.*s", (int)(n - 4), r + 2);
    return body;
}

static void expect_error(gtp_engine_t *e, const char *cmd, const char *message)
{
    const char *r = gtp_engine_execute(e, cmd);
    cr_assert(r, "no response to '%s'", cmd);
    char want[256];
    snprintf(want, sizeof want, "? %s\n\n", message);
    cr_assert_str_eq(r, want, "'%s'", cmd);
}

Test(gtp_engine, genmove_plays_legal_moves_for_either_colour_at_every_level)
{
    for (int level = 1; level <= 3; level++) {
        gtp_options_t o = {.level = level, .playouts = 64, .seed = 5};
        gtp_engine_t *e = gtp_engine_create(&o);
        cr_assert(e);
        ok(e, "boardsize 9");
        ok(e, "clear_board");
        ok(e, "play b e5");
        /* Black again, out of turn: the engine must move for Black. */
        for (int i = 0; i < 3; i++) {
            char v[16];
            snprintf(v, sizeof v, "%s", ok(e, "genmove black"));
            cr_assert_neq(strcmp(v, "pass"), 0, "level %d passed on an open board", level);
            Move m;
            cr_assert_eq(board_vertex_parse(9, v, &m), 0, "not a vertex: %s", v);
            cr_assert_eq(board_get(gtp_engine_board(e), m.row, m.col), BLACK);
            char cmd[32];
            snprintf(cmd, sizeof cmd, "is_legal w %s", v);
            cr_assert_str_eq(ok(e, cmd), "0");
        }
        /* reg_genmove does not play. */
        uint64_t hash = gtp_engine_board(e)->hash;
        const char *v = ok(e, "reg_genmove w");
        Move m;
        cr_assert_eq(board_vertex_parse(9, v, &m), 0);
        cr_assert_eq(gtp_engine_board(e)->hash, hash);
        /* White answers a full game's worth of moves without error. */
        for (int i = 0; i < 40; i++) {
            v = ok(e, i % 2 ? "genmove b" : "kgs-genmove_cleanup w");
            cr_assert_eq(board_vertex_parse(9, v, &m), 0, "not a vertex: %s", v);
        }
        cr_assert_eq(strlen(ok(e, "printsgf")) > 40, 1);
        gtp_engine_destroy(e);
    }
}

Test(gtp_engine, genmove_is_deterministic_for_a_seed)
{
    char first[64][8];
    for (int run = 0; run < 2; run++) {
        gtp_options_t o = {.level = 3, .playouts = 50, .seed = 99};
        gtp_engine_t *e = gtp_engine_create(&o);
        for (int i = 0; i < 20; i++) {
            const char *v = ok(e, i % 2 ? "genmove w" : "genmove b");
            if (run == 0)
                snprintf(first[i], sizeof first[i], "%s", v);
            else
                cr_assert_str_eq(v, first[i], "move %d differs between runs", i + 1);
        }
        gtp_engine_destroy(e);
    }
}

Test(gtp_engine, clock_settings_drive_a_time_limited_search)
{
    gtp_options_t o = {.level = 3, .seed = 2};
    gtp_engine_t *e = gtp_engine_create(&o);
    expect_error(e, "time_settings 10 0", "syntax error");
    expect_error(e, "time_settings a b c", "syntax error");
    expect_error(e, "time_left b 10", "syntax error");
    expect_error(e, "time_left red 10 0", "syntax error");
    /* Canadian byo-yomi: 1 second for 10 stones; the search stays short. */
    ok(e, "time_settings 0 1 10");
    ok(e, "time_left b 1 10");
    Move m;
    cr_assert_eq(board_vertex_parse(9, ok(e, "genmove b"), &m), 0);
    /* Absolute time, a few seconds left. */
    ok(e, "time_settings 2 0 0");
    ok(e, "time_left w 1 0");
    cr_assert_eq(board_vertex_parse(9, ok(e, "genmove w"), &m), 0);
    /* No time limits: back to playouts. */
    ok(e, "time_settings 0 1 0");
    cr_assert_eq(board_vertex_parse(9, ok(e, "genmove b"), &m), 0);
    gtp_engine_destroy(e);
}

Test(gtp_engine, printsgf_to_a_file_and_loadsgf_with_a_move_number)
{
    gtp_options_t o = {.level = 1, .seed = 8};
    gtp_engine_t *e = gtp_engine_create(&o);
    ok(e, "boardsize 9");
    ok(e, "komi 7.5");
    const char *moves[] = {"b c3", "w g7", "b e5", "w pass", "b d4", "w c4"};
    for (int i = 0; i < 6; i++) {
        char cmd[32];
        snprintf(cmd, sizeof cmd, "play %s", moves[i]);
        ok(e, cmd);
    }
    char dir[] = "/tmp/tabletop-gtp-XXXXXX";
    cr_assert(mkdtemp(dir));
    char path[256], cmd[320];
    snprintf(path, sizeof path, "%s/g.sgf", dir);
    snprintf(cmd, sizeof cmd, "printsgf %s", path);
    cr_assert_str_eq(ok(e, cmd), "");

    sgf_game_t *g = malloc(sizeof *g);
    char err[512];
    cr_assert_eq(sgf_load_file(path, g, err, sizeof err), 0, "%s", err);
    cr_assert_eq(g->n_moves, 6);
    cr_assert_eq(g->komi2, 15);
    cr_assert(g->moves[3].move.pass);

    /* loadsgf FILE 4: the position before move 4, after three moves. */
    ok(e, "boardsize 13");
    snprintf(cmd, sizeof cmd, "loadsgf %s 4", path);
    cr_assert_str_eq(ok(e, cmd), "");
    cr_assert_eq(gtp_engine_board(e)->size, 9);
    cr_assert_eq(gtp_engine_board(e)->komi2, 15);
    cr_assert_str_eq(ok(e, "list_stones b"), "E5 C3");
    cr_assert_str_eq(ok(e, "list_stones w"), "G7");
    cr_assert_eq(gtp_engine_board(e)->turn, WHITE);
    /* The loaded moves are history: undo walks back through them. */
    ok(e, "undo");
    cr_assert_str_eq(ok(e, "list_stones b"), "C3");
    /* Whole file. */
    snprintf(cmd, sizeof cmd, "loadsgf %s", path);
    ok(e, cmd);
    cr_assert_str_eq(ok(e, "list_stones w"), "G7 C4");
    /* Move number 0 names no move: the whole game, as GNU Go loads it
     * (issue 52; test_gtp_session.py compares with gnugo itself). */
    ok(e, "undo");
    snprintf(cmd, sizeof cmd, "loadsgf %s 0", path);
    ok(e, cmd);
    cr_assert_str_eq(ok(e, "list_stones w"), "G7 C4");

    /* Errors leave the position alone. */
    uint64_t hash = gtp_engine_board(e)->hash;
    snprintf(cmd, sizeof cmd, "loadsgf %s/none.sgf", dir);
    expect_error(e, cmd, "cannot load file");
    snprintf(cmd, sizeof cmd, "loadsgf %s -1", path);
    expect_error(e, cmd, "syntax error");
    snprintf(cmd, sizeof cmd, "loadsgf %s x", path);
    expect_error(e, cmd, "syntax error");
    expect_error(e, "loadsgf", "syntax error");
    snprintf(cmd, sizeof cmd, "printsgf %s/missing/x.sgf", dir);
    const char *r = gtp_engine_execute(e, cmd);
    cr_assert(!strncmp(r, "? cannot save file", 18), "%s", r);
    cr_assert_eq(gtp_engine_board(e)->hash, hash);

    unlink(path);
    rmdir(dir);
    free(g);
    gtp_engine_destroy(e);
}

Test(gtp_engine, play_goes_on_after_two_passes_and_score_counts_it)
{
    gtp_engine_t *e = gtp_engine_create(NULL);
    ok(e, "boardsize 5");
    ok(e, "komi 0");
    ok(e, "play b pass");
    ok(e, "play w pass");
    cr_assert_eq(gtp_engine_board(e)->game_over, 1);
    cr_assert_str_eq(ok(e, "final_score"), "0");
    ok(e, "play b c3");
    cr_assert_eq(gtp_engine_board(e)->game_over, 0);
    cr_assert_str_eq(ok(e, "final_score"), "B+25.0");
    cr_assert_str_eq(ok(e, "final_status_list alive"), "C3");
    ok(e, "play w pass");
    ok(e, "play b pass");
    /* After the game ends, printsgf records the result. */
    const char *sgf = ok(e, "printsgf");
    cr_assert(strstr(sgf, "RE[B+25.0]") || strstr(sgf, "RE[B+25]"), "%s", sgf);
    gtp_engine_destroy(e);
}

Test(gtp_binary, end_of_input_ends_cleanly_and_bad_options_are_refused)
{
    char input[] = "/tmp/tabletop-gtp-in-XXXXXX";
    int fd = mkstemp(input);
    cr_assert(fd >= 0);
    cr_assert_eq(write(fd, "1 name\n2 boardsize 9", 20), 20); /* no final newline, no quit */
    close(fd);
    char *argv[] = {(char *)tabletop_exe(), "gtp", "--level", "1", NULL};
    char *out = NULL;
    cr_assert_eq(gtp_pipe_run_file(argv, NULL, input, &out, 30000), 0);
    cr_assert_str_eq(out, "=1 tabletop\n\n=2 \n\n");
    free(out);

    char *bad[][5] = {
        {(char *)tabletop_exe(), "gtp", "--level", "5", NULL},
        {(char *)tabletop_exe(), "gtp", "--level", "0", NULL},
        {(char *)tabletop_exe(), "gtp", "--playouts", "-3", NULL},
        {(char *)tabletop_exe(), "gtp", "--seed", "x", NULL},
        {(char *)tabletop_exe(), "gtp", "--colour", "b", NULL},
        {(char *)tabletop_exe(), "gtp", "--level", NULL, NULL},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cr_assert_eq(gtp_pipe_run_file(bad[i], NULL, input, &out, 30000), 2, "%s %s", bad[i][2],
                     bad[i][3] ? bad[i][3] : "");
        cr_assert_str_eq(out, "", "no GTP output expected");
        free(out);
    }
    unlink(input);
}

/* Issue 26: --level 4 is the console's "Strongest: 1 s a move", level 3's
 * search by time (1 s a move with no clock) on two threads keeping its
 * tree; the log line of each genmove says so.  The second genmove starts
 * from the subtree of the first search (the position is one move on). */
Test(gtp_engine, level_4_searches_on_two_threads_and_keeps_its_tree, .timeout = 60)
{
    FILE *log = tmpfile();
    cr_assert(log);
    gtp_options_t o = {.level = 4, .seed = 5, .log = log};
    gtp_engine_t *e = gtp_engine_create(&o);
    cr_assert(e);
    ok(e, "boardsize 9");
    ok(e, "clear_board");
    ok(e, "genmove b");
    ok(e, "genmove w");
    gtp_engine_destroy(e);
    rewind(log);
    char line[2][512];
    for (int i = 0; i < 2; i++)
        cr_assert(fgets(line[i], sizeof line[i], log), "no log line for genmove %d", i + 1);
    fclose(log);
    int playouts[2], kept[2], threads[2];
    for (int i = 0; i < 2; i++) {
        const char *open = strstr(line[i], "(level 4, ");
        cr_assert(open, "%s", line[i]);
        cr_assert_eq(sscanf(open, "(level 4, %d playouts, %d kept, %d threads", &playouts[i],
                            &kept[i], &threads[i]),
                     3, "%s", line[i]);
        cr_assert_eq(threads[i], 2, "%s", line[i]);
        /* Far more than the 200 of level 3: a search by time, not by count. */
        cr_assert_gt(playouts[i], 200, "%s", line[i]);
    }
    cr_assert_gt(kept[1], 0, "the second search kept nothing: %s", line[1]);
}

Test(gtp_binary, usage_names_level_4)
{
    char input[] = "/tmp/tabletop-gtp-in-XXXXXX";
    int fd = mkstemp(input);
    cr_assert(fd >= 0);
    close(fd);
    char *argv[] = {(char *)tabletop_exe(), "gtp", "--help", NULL};
    char *out = NULL;
    cr_assert_eq(gtp_pipe_run_file(argv, NULL, input, &out, 30000), 0);
    cr_assert(strstr(out, "--level 1|2|3|4"), "%s", out);
    cr_assert(strstr(out, "4 UCT-MCTS for 1 s a move"), "%s", out);
    free(out);
    unlink(input);
}

/* Controllers talk one command at a time and wait: each answer must arrive
 * without closing stdin (the binary flushes after every response). */
Test(gtp_binary, answers_are_flushed_one_by_one)
{
    char *argv[] = {(char *)tabletop_exe(), "gtp", "--level", "2", "--seed", "4", NULL};
    gtp_pipe_t p;
    cr_assert_eq(gtp_pipe_start(&p, argv, NULL), 0);
    int good;
    char body[4096];
    cr_assert_eq(gtp_pipe_command(&p, "protocol_version", &good, body, sizeof body, 10000), 0);
    cr_assert(good);
    cr_assert_str_eq(body, "2");
    cr_assert_eq(gtp_pipe_command(&p, "genmove b", &good, body, sizeof body, 10000), 0);
    cr_assert(good);
    cr_assert_eq(gtp_pipe_command(&p, "play b zz", &good, body, sizeof body, 10000), 0);
    cr_assert(!good);
    cr_assert_eq(gtp_pipe_stop(&p, 1), 0);
}

/* Random bytes and random command-shaped lines: every non-empty line gets
 * exactly one well-formed response and the engine stays usable. */
Test(gtp_engine, garbage_lines_get_well_formed_answers)
{
    static const char *const words[] = {
        "play", "genmove", "undo", "boardsize", "komi", "b", "w", "white", "A1", "j9", "T19",
        "pass", "-1", "0", "5", "19", "100000000000", "1.5e3", "nan", "is_legal", "list_stones",
        "captures", "final_status_list", "dead", "time_left", "time_settings", "loadsgf",
        "/dev/null", "showboard", "final_score", "known_command", "\t", "#", "reg_genmove"};
    gtp_options_t o = {.level = 2, .seed = 3};
    gtp_engine_t *e = gtp_engine_create(&o);
    uint64_t s = 777;
    for (int iter = 0; iter < 3000; iter++) {
        char line[256];
        size_t len = 0;
        int tokens = 1 + (int)(iter % 5);
        for (int t = 0; t < tokens && len < 200; t++) {
            s = s * 6364136223846793005ULL + 1442695040888963407ULL;
            unsigned r = (unsigned)(s >> 33);
            if (r % 7 == 0) {
                /* a few raw bytes, control characters included */
                for (int k = 0; k < 4; k++)
                    line[len++] = (char)(1 + (r >> (k * 8)) % 255);
            } else {
                const char *w = words[r % (sizeof words / sizeof words[0])];
                len += (size_t)snprintf(line + len, sizeof line - len, "%s", w);
            }
            line[len++] = ' ';
        }
        line[len] = '\0';
        const char *r = gtp_engine_execute(e, line);
        if (!r)
            continue;
        size_t n = strlen(r);
        cr_assert(r[0] == '=' || r[0] == '?', "bad response to '%s': %s", line, r);
        cr_assert(n >= 3 && !strcmp(r + n - 2, "\n\n"), "unterminated response: %s", r);
        cr_assert(strstr(r, "\n\n") == r + n - 2, "empty line inside a response: %s", r);
        if (gtp_engine_wants_quit(e))
            break;
    }
    /* Still a working engine. */
    gtp_engine_execute(e, "boardsize 9");
    cr_assert_str_eq(ok(e, "protocol_version"), "2");
    ok(e, "play b e5");
    cr_assert_str_eq(ok(e, "list_stones b"), "E5");
    gtp_engine_destroy(e);
}

/* printsgf FILE writes only regular files (docs/gtp.md): a device, FIFO or
 * directory gets a clear error and stays what it was; a symbolic link is
 * followed to the file it names; a replaced file keeps its mode. */
Test(gtp_engine, printsgf_writes_only_regular_files_and_follows_links)
{
    gtp_options_t o = {.level = 1, .seed = 8};
    gtp_engine_t *e = gtp_engine_create(&o);
    ok(e, "play b c3");
    char dir[] = "/tmp/tabletop-gtp-XXXXXX";
    cr_assert(mkdtemp(dir));
    char path[300], cmd[400];
    struct stat st;
    const char *r;

    snprintf(path, sizeof path, "%s/null", dir);
    if (mknod(path, S_IFCHR | 0666, makedev(1, 3)) == 0) {
        snprintf(cmd, sizeof cmd, "printsgf %s", path);
        r = gtp_engine_execute(e, cmd);
        cr_assert(strstr(r, "? cannot save file: ") == r && strstr(r, "not a regular file"),
                  "%s", r);
        cr_assert_eq(lstat(path, &st), 0);
        cr_assert(S_ISCHR(st.st_mode), "the device node was replaced");
    } else {
        cr_log_warn("mknod not permitted: the device case runs as root only");
    }
    snprintf(path, sizeof path, "%s/fifo", dir);
    cr_assert_eq(mkfifo(path, 0600), 0);
    snprintf(cmd, sizeof cmd, "printsgf %s", path);
    r = gtp_engine_execute(e, cmd);
    cr_assert(strstr(r, "not a regular file"), "%s", r);
    cr_assert_eq(lstat(path, &st), 0);
    cr_assert(S_ISFIFO(st.st_mode));
    snprintf(cmd, sizeof cmd, "printsgf %s", dir);
    r = gtp_engine_execute(e, cmd);
    cr_assert(strstr(r, "is a directory"), "%s", r);

    /* A link: followed; the link stays, the file it names gets the game. */
    char target[300];
    snprintf(target, sizeof target, "%s/real.sgf", dir);
    snprintf(path, sizeof path, "%s/link.sgf", dir);
    FILE *f = fopen(target, "w");
    cr_assert(f);
    fputs("old", f);
    fclose(f);
    cr_assert_eq(chmod(target, 0600), 0);
    cr_assert_eq(symlink("real.sgf", path), 0);
    snprintf(cmd, sizeof cmd, "printsgf %s", path);
    cr_assert_str_eq(ok(e, cmd), "");
    cr_assert_eq(lstat(path, &st), 0);
    cr_assert(S_ISLNK(st.st_mode), "the link was replaced by a file");
    cr_assert_eq(stat(target, &st), 0);
    cr_assert_eq(st.st_mode & 0777, 0600, "mode %o", (unsigned)(st.st_mode & 0777));
    sgf_game_t *g = malloc(sizeof *g);
    char err[512];
    cr_assert_eq(sgf_load_file(target, g, err, sizeof err), 0, "%s", err);
    cr_assert_eq(g->n_moves, 1);
    free(g);

    char rm[400];
    snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
    cr_assert_eq(system(rm), 0);
    gtp_engine_destroy(e);
}

/* loadsgf of a Latin-1 record (CA[ISO-8859-1]): printsgf gives its names
 * in UTF-8 under CA[UTF-8], not the Latin-1 bytes relabelled. */
Test(gtp_engine, loadsgf_converts_latin1_text_to_utf8)
{
    gtp_engine_t *e = gtp_engine_create(NULL);
    cr_assert_eq(chdir(data_dir()), 0);
    ok(e, "loadsgf sgf/latin1.sgf");
    const char *sgf = ok(e, "printsgf");
    cr_assert(strstr(sgf, "CA[UTF-8]"), "%s", sgf);
    cr_assert(strstr(sgf, "PB[Jos\xc3\xa9 M\xc3\xbcller]PW[\xc3\x86r\xc3\xb8]"), "%s", sgf);
    ok(e, "loadsgf sgf/gb2312.sgf");
    sgf = ok(e, "printsgf");
    cr_assert(strstr(sgf, "CA[GB2312]") && strstr(sgf, "PB[\xba\xda\xc6\xe5]"), "%s", sgf);
    gtp_engine_destroy(e);
}

/* Level 3 answers genmove with "resign" in a hopeless game
 * (tests/data/go/end_hopeless.txt as setup stones, W+50.5 by GNU Go),
 * plays nothing then, and never resigns in kgs-genmove_cleanup or with
 * --no-resign. */
static gtp_engine_t *hopeless_engine(int no_resign, char *dir)
{
    gtp_options_t o = {.level = 3, .playouts = 200, .seed = 4, .no_resign = no_resign};
    gtp_engine_t *e = gtp_engine_create(&o);
    cr_assert(e);
    char path[512], cmd[600];
    snprintf(path, sizeof path, "%s/hopeless.sgf", dir);
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fputs("(;GM[1]FF[4]SZ[9]KM[5.5]"
          "AB[ba][ab][bb][bc][ad][bd][be][af][bf][bg][ah][bh][bi]"
          "AW[ca][fa][ia][cb][db][eb][fb][gb][hb][ib][cc][fc][ic][cd][dd][ed][fd][gd]"
          "[hd][id][ce][fe][ie][cf][df][ef][ff][gf][hf][if][cg][fg][ig][ch][dh][eh]"
          "[fh][gh][hh][ih][ci][fi][ii]PL[B])\n",
          f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "loadsgf %s", path);
    ok(e, cmd);
    unlink(path);
    return e;
}

Test(gtp_engine, genmove_resigns_a_hopeless_game_and_cleanup_never_does, .timeout = 120)
{
    char dir[] = "/tmp/tabletop-gtp-resign-XXXXXX";
    cr_assert(mkdtemp(dir));
    gtp_engine_t *e = hopeless_engine(0, dir);
    int resigned_at = -1;
    for (int i = 0; i < 8 && resigned_at < 0; i++) {
        uint64_t hash = gtp_engine_board(e)->hash;
        char v[16];
        snprintf(v, sizeof v, "%s", ok(e, "genmove b"));
        if (!strcmp(v, "resign")) {
            resigned_at = i;
            cr_assert_eq(gtp_engine_board(e)->hash, hash, "a resignation plays nothing");
        } else {
            ok(e, "play w pass");
        }
    }
    cr_assert_geq(resigned_at, 2, "resigned on move %d: not before three hopeless moves",
                  resigned_at);
    /* The clean-up phase finishes the game instead. */
    const char *v = ok(e, "kgs-genmove_cleanup b");
    cr_assert_neq(strcmp(v, "resign"), 0);
    gtp_engine_destroy(e);

    e = hopeless_engine(1, dir);
    for (int i = 0; i < 8; i++) {
        cr_assert_neq(strcmp(ok(e, "genmove b"), "resign"), 0, "--no-resign resigned");
        ok(e, "play w pass");
    }
    gtp_engine_destroy(e);
    rmdir(dir);
}
