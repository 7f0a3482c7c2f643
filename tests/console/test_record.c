/*
 * test_record.c - the console's one key/value record (save.h) and its one
 * computer-player thread (think.h), without a backend.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "console/save.h"
#include "console/think.h"

/* ---- the key/value record ---- */

typedef struct seen {
    char keys[8][32];
    char values[8][64];
    int n;
    const char *refuse; /* a key take() refuses */
} seen_t;

static int take(void *ctx, const char *key, const char *value, char *err, size_t errlen)
{
    seen_t *s = ctx;
    if (s->refuse && !strcmp(key, s->refuse)) {
        snprintf(err, errlen, "'%s' refused", key);
        return -1;
    }
    cr_assert_lt(s->n, 8);
    snprintf(s->keys[s->n], sizeof s->keys[0], "%s", key);
    snprintf(s->values[s->n], sizeof s->values[0], "%s", value);
    s->n++;
    return 0;
}

Test(kv, lines_comments_blanks_and_carriage_returns)
{
    seen_t s = {0};
    char err[128] = "";
    const char *text = "# a comment\r\n\nmode pvc\r\nmoves 4455  \nresult\nnote two words\n";
    cr_assert_eq(save_kv_parse(text, take, &s, err, sizeof err), 0, "%s", err);
    cr_assert_eq(s.n, 4);
    cr_expect_str_eq(s.keys[0], "mode");
    cr_expect_str_eq(s.values[0], "pvc");
    cr_expect_str_eq(s.values[1], "4455");
    cr_expect_str_eq(s.keys[2], "result");
    cr_expect_str_eq(s.values[2], "");
    cr_expect_str_eq(s.values[3], "two words");
}

Test(kv, refusal_names_its_line)
{
    seen_t s = {.refuse = "bad"};
    char err[128] = "";
    cr_assert_eq(save_kv_parse("a 1\n\n# x\nbad 2\nc 3\n", take, &s, err, sizeof err), -1);
    cr_expect_str_eq(err, "line 4: 'bad' refused");
    cr_expect_eq(s.n, 1, "nothing after the refused line is taken");
}

Test(kv, a_line_of_any_length)
{
    size_t n = 100000;
    char *text = malloc(n + 16);
    memcpy(text, "long ", 5);
    memset(text + 5, 'x', n);
    strcpy(text + 5 + n, "\nend 1\n");
    seen_t s = {0};
    char err[128] = "";
    cr_assert_eq(save_kv_parse(text, take, &s, err, sizeof err), 0, "%s", err);
    cr_expect_eq(s.n, 2);
    cr_expect_str_eq(s.keys[1], "end");
    free(text);
}

Test(kv, a_line_limit_refuses_the_first_long_line_after_the_earlier_ones)
{
    seen_t s = {0};
    char err[128] = "";
    cr_assert_eq(save_kv_parse_lines("a 1\nb 12345678\nc 3\n", 8, take, &s, err, sizeof err), -1);
    cr_expect_str_eq(err, "line 2 is too long");
    cr_expect_eq(s.n, 1, "the lines before it were read");
    s = (seen_t){.refuse = "a"};
    cr_assert_eq(save_kv_parse_lines("a 1\nb 12345678\n", 8, take, &s, err, sizeof err), -1);
    cr_expect_str_eq(err, "line 1: 'a' refused", "an earlier line's error comes first");
    s = (seen_t){0};
    cr_expect_eq(save_kv_parse_lines("b 123456\n", 8, take, &s, err, sizeof err), 0,
                 "eight characters fit");
}

static int emit_three(void *ctx, save_kv_put_fn put, void *sink)
{
    (void)ctx;
    put(sink, "mode", "pvc");
    put(sink, "moves", "4455");
    put(sink, "over", "");
    return 0;
}

static int emit_fails(void *ctx, save_kv_put_fn put, void *sink)
{
    (void)ctx;
    put(sink, "mode", "pvc");
    return -1;
}

Test(kv, format_writes_the_header_then_one_line_a_key)
{
    char *text = save_kv_format("# tabletop\n", emit_three, NULL);
    cr_assert_not_null(text);
    cr_expect_str_eq(text, "# tabletop\nmode pvc\nmoves 4455\nover\n");
    free(text);
    cr_expect_null(save_kv_format(NULL, emit_fails, NULL));
}

static char *scratch(void)
{
    char tmpl[] = "/tmp/tabletop-record-XXXXXX";
    cr_assert_not_null(mkdtemp(tmpl));
    return strdup(tmpl);
}

Test(kv, write_then_read_round_trip_and_file_checks)
{
    char *dir = scratch();
    char path[256], err[256] = "";
    snprintf(path, sizeof path, "%s/game.txt", dir);
    cr_assert_eq(save_kv_write(path, "# h\n", emit_three, NULL, err, sizeof err), 0, "%s", err);
    seen_t s = {0};
    cr_assert_eq(save_kv_read(path, 4096, take, &s, err, sizeof err), 0, "%s", err);
    cr_expect_eq(s.n, 3);
    cr_expect_str_eq(s.values[1], "4455");

    /* Too large, a NUL byte, missing: refused with the reason. */
    s.n = 0;
    cr_expect_eq(save_kv_read(path, 8, take, &s, err, sizeof err), -1);
    cr_expect_str_eq(err, "larger than 8 bytes");
    cr_expect_eq(s.n, 0);
    FILE *f = fopen(path, "wb");
    fwrite("a 1\0b 2\n", 1, 8, f);
    fclose(f);
    cr_expect_eq(save_kv_read(path, 4096, take, &s, err, sizeof err), -1);
    cr_expect_str_eq(err, "contains a NUL byte");
    unlink(path);
    cr_expect_eq(save_kv_read(path, 4096, take, &s, err, sizeof err), -1);
    cr_expect(strncmp(err, "cannot open: ", 13) == 0, "%s", err);
    rmdir(dir);
    free(dir);
}

/* ---- the computer player's thread ---- */

typedef struct job {
    volatile int stop;
    int spins; /* 0: return at once; else wait for stop */
    int answer;
} job_t;

static void job_run(void *p)
{
    job_t *j = p;
    while (j->spins && !j->stop)
        usleep(1000);
    j->answer = 42;
}

static void job_stop(void *p)
{
    ((job_t *)p)->stop = 1;
}

Test(think, the_answer_waits_for_the_frame_and_the_minimum_time)
{
    think_t t;
    think_init(&t, 300000);
    job_t j = {0};
    cr_expect_eq(think_busy(&t), CONSOLE_BUSY_NONE);
    think_start(&t, job_run, job_stop, &j);
    cr_expect(think_active(&t));
    /* Not shown yet: never ready, however late. */
    for (int i = 0; i < 50 && think_busy(&t) == CONSOLE_BUSY_WORKING; i++)
        usleep(2000);
    cr_expect_eq(think_busy(&t), CONSOLE_BUSY_WAITING);
    cr_expect_eq(think_ready(&t, 10000000), 0, "the clock starts at the first check");
    cr_expect_eq(think_ready(&t, 20000000), 0, "not shown yet");
    think_shown(&t);
    cr_expect_eq(think_ready(&t, 10299999), 0);
    cr_expect_eq(think_ready(&t, 10300000), 1);
    cr_expect_eq(j.answer, 42);
    cr_expect_not(think_active(&t));
    cr_expect_eq(think_ready(&t, 30000000), 0, "idle: nothing to apply");
    think_destroy(&t);
}

Test(think, a_clock_started_with_the_search)
{
    think_t t;
    think_init(&t, 250000);
    job_t j = {0};
    think_start(&t, job_run, NULL, &j);
    think_start_clock(&t, 1000000);
    while (think_busy(&t) == CONSOLE_BUSY_WORKING)
        usleep(1000);
    cr_expect_eq(think_ready(&t, 1249999), 0);
    cr_expect_eq(think_ready(&t, 1250000), 1);
    think_destroy(&t);
}

Test(think, cancel_stops_the_search_and_forgets_it)
{
    think_t t;
    think_init(&t, 0);
    job_t j = {.spins = 1};
    think_start(&t, job_run, job_stop, &j);
    cr_expect_eq(think_busy(&t), CONSOLE_BUSY_WORKING);
    think_cancel(&t);
    cr_expect(j.stop, "stop() was called");
    cr_expect_not(think_active(&t));
    cr_expect_eq(think_busy(&t), CONSOLE_BUSY_NONE);
    think_destroy(&t);
}
