/*
 * fuzz_script.c - a headless key script (src/console/script.h): every line
 * through script_parse_line, then the whole text as a file through
 * script_open / script_next, the path `--script FILE` takes.
 *
 * Oracles: a step has a valid key (1..0xFF), a wait within a day, an
 * await-peer bound of 1 ms .. a day, a snap
 * name that is safe as a file name (no '/', not starting with '.'); the file
 * reader agrees with the line parser: it fails exactly when some line fails,
 * else yields the same steps.
 */
#include <unistd.h>

#include "fuzz_util.h"

#include "console/script.h"

static char fuzz_path[4200];

static void fuzz_check_step(const script_step_t *s)
{
    switch (s->op) {
    case SCRIPT_KEY:
        FUZZ_CHECK(s->key >= 1 && s->key <= 0xFF, "key %d", s->key);
        break;
    case SCRIPT_WAIT:
        FUZZ_CHECK(s->wait_ms <= 86400000u, "wait %u", (unsigned)s->wait_ms);
        break;
    case SCRIPT_AWAIT_PEER: /* link games: a bound of 1 ms .. a day */
        FUZZ_CHECK(s->wait_ms >= 1 && s->wait_ms <= 86400000u, "await-peer %u",
                   (unsigned)s->wait_ms);
        break;
    case SCRIPT_SNAP:
        FUZZ_CHECK(memchr(s->name, 0, sizeof s->name) != NULL, "unterminated snap name");
        FUZZ_CHECK(s->name[0] && s->name[0] != '.' && !strchr(s->name, '/'), "snap name '%s'",
                   s->name);
        break;
    default:
        FUZZ_CHECK(0, "op %d", (int)s->op);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 8192)
        return 0;
    char err[256];

    /* The line parser, line by line, as the file reader will call it. */
    script_step_t steps[512];
    int n_steps = 0, bad = 0, line_no = 0;
    char *copy = fuzz_strndup(data, size);
    for (char *p = copy; p && !bad;) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = 0;
        script_step_t s;
        int rc = script_parse_line(p, ++line_no, &s, err, sizeof err);
        FUZZ_CHECK(rc >= -1 && rc <= 1, "rc %d", rc);
        if (rc < 0)
            bad = 1;
        else if (rc == 1) {
            fuzz_check_step(&s);
            if (n_steps < 512)
                steps[n_steps] = s;
            n_steps++;
        }
        p = nl ? nl + 1 : NULL;
    }
    free(copy);

    /* The same text as a --script file.  NUL bytes end a C string early, so
     * only inputs without them are compared with the line parser. */
    if (!fuzz_path[0])
        snprintf(fuzz_path, sizeof fuzz_path, "%s/script.txt", fuzz_scratch());
    FILE *f = fopen(fuzz_path, "wb");
    FUZZ_CHECK(f != NULL, "cannot write %s", fuzz_path);
    fwrite(data, 1, size, f);
    fclose(f);
    script_t *s = script_open(fuzz_path, err, sizeof err);
    int comparable = memchr(data, 0, size) == NULL && memchr(data, '\r', size) == NULL;
    if (!s) {
        FUZZ_CHECK(err[0], "script_open failed without a message");
        FUZZ_CHECK(!comparable || bad, "script_open refused a script every line of which parses: %s",
                   err);
    } else {
        script_step_t step;
        int i = 0, rc;
        while ((rc = script_next(s, &step, err, sizeof err)) == 1) {
            fuzz_check_step(&step);
            if (comparable && i < n_steps && i < 512)
                FUZZ_CHECK(step.op == steps[i].op && step.key == steps[i].key &&
                               step.wait_ms == steps[i].wait_ms,
                           "step %d differs between file and line parser", i);
            i++;
        }
        FUZZ_CHECK(rc == 0 || rc == -1, "script_next rc %d", rc);
        script_close(s);
        FUZZ_CHECK(!comparable || bad || i == n_steps, "file gave %d steps, lines %d", i,
                   n_steps);
    }
    unlink(fuzz_path);
    return 0;
}
