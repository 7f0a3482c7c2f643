/*
 * fuzz_gtp.c - a GTP v2 line sequence (src/gtp/gtp_engine.h), as a
 * controller such as GoGui or GNU Go's twogtp would send it.
 *
 * Byte 0 chooses the computer player (levels 1-3; level 3 with a handful
 * of playouts so genmove stays cheap); the rest is split into lines.
 *
 * Oracles: every response is "=..." or "?..." ending in an empty line
 * (GTP v2 section 2.4); the position stays a legal board.
 *
 * Speed: final_score and final_status_list play 256 random games each and
 * genmove searches, so an input gets at most FUZZ_GTP_COSTLY of them (the
 * rest are skipped) and FUZZ_GTP_LINES lines; cheap commands dominate.
 * After a time_settings or time_left line genmove is skipped too: with a
 * clock the engine thinks for real seconds, as it should.
 *
 * Files: every command runs with the working directory in a scratch
 * folder of its own (fuzz_scratch(), emptied after each input, removed at
 * exit), and a loadsgf or printsgf line holding a '/' is skipped, so a
 * fuzzed name can reach nothing outside that folder: CI fuzzes as root
 * from the checkout, where `printsgf /dev/null` once replaced /dev/null
 * and relative names left files in the checkout.  The working directory
 * is restored after each command because libFuzzer writes its corpus
 * through relative paths.  Input is split at '\n' only: a NUL byte stays
 * inside its line, as the binary reads it.
 */
#include <fcntl.h>
#include <unistd.h>

#include "fuzz_util.h"

#include "protocols/gtp_engine.h"

static void fuzz_check_response(const char *line, const char *r)
{
    if (!r)
        return;
    size_t n = strlen(r);
    FUZZ_CHECK(n >= 3 && (r[0] == '=' || r[0] == '?'), "bad response '%s' to '%s'", r, line);
    FUZZ_CHECK(r[n - 1] == '\n' && r[n - 2] == '\n', "response to '%s' lacks its empty line", line);
    FUZZ_CHECK(strstr(r, "\n\n") == r + n - 2, "response to '%s' has an early empty line", line);
}

#define FUZZ_GTP_COSTLY 2
#define FUZZ_GTP_LINES 128

/* The line as the engine will see it: GTP preprocessing drops control
 * characters other than HT and LF (GTP v2 section 3.1), so "gen\x1dmove"
 * is genmove and must count as one. */
static void fuzz_preprocess(const char *line, size_t n, char *out, size_t len)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k + 1 < len; i++)
        if ((unsigned char)line[i] >= 32 && line[i] != 127)
            out[k++] = line[i];
        else if (line[i] == '\t')
            out[k++] = ' ';
    out[k] = 0;
}

/* loadsgf or printsgf (or anything naming "sgf") with a path that could
 * leave the scratch folder or name /dev/stdin. */
static int fuzz_line_is_risky(const char *line)
{
    return strstr(line, "sgf") != NULL && strchr(line, '/') != NULL;
}

/* Runs one line with the working directory in the scratch folder. */
static const char *fuzz_execute(gtp_engine_t *e, const char *line, size_t len)
{
    static int home = -1;
    if (home < 0) {
        home = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        FUZZ_CHECK(home >= 0, "cannot open the working directory");
    }
    FUZZ_CHECK(chdir(fuzz_scratch()) == 0, "cannot enter %s", fuzz_scratch());
    const char *r = gtp_engine_execute_n(e, line, len);
    FUZZ_CHECK(fchdir(home) == 0, "cannot return to the working directory");
    return r;
}

static int fuzz_line_is_costly(const char *line)
{
    return strstr(line, "final_s") != NULL || strstr(line, "genmove") != NULL;
}

/* One engine per level, kept across inputs: creating one (and its 42 MB
 * node pool) costs more than most inputs.  Each input starts with the
 * commands a controller sends for a new game, so only the AI's random state
 * carries over; an engine that answered quit is replaced. */
static gtp_engine_t *fuzz_engines[3];

static gtp_engine_t *fuzz_engine(int level)
{
    gtp_engine_t **slot = &fuzz_engines[level - 1];
    if (!*slot) {
        gtp_options_t opts = {0};
        opts.level = level;
        opts.playouts = 8;
        opts.seed = 1;
        *slot = gtp_engine_create(&opts);
        FUZZ_CHECK(*slot != NULL, "gtp_engine_create failed");
    }
    /* time_settings with byo-yomi time and no stones: no time limits. */
    static const char *const reset[] = {"boardsize 9", "clear_board", "komi 5.5",
                                        "time_settings 0 1 0"};
    for (size_t i = 0; i < sizeof reset / sizeof reset[0]; i++) {
        const char *r = gtp_engine_execute(*slot, reset[i]);
        FUZZ_CHECK(r && r[0] == '=', "'%s' failed: %s", reset[i], r ? r : "(null)");
    }
    return *slot;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || size > 4096)
        return 0;
    gtp_engine_t *e = fuzz_engine(1 + data[0] % 3);

    char *text = fuzz_strndup(data + 1, size - 1);
    const char *end = text + size - 1;
    int costly = 0, lines = 0, clocked = 0;
    for (const char *line = text; line < end && lines < FUZZ_GTP_LINES; lines++) {
        const char *nl = memchr(line, '\n', (size_t)(end - line));
        size_t len = nl ? (size_t)(nl - line) : (size_t)(end - line);
        const char *cur = line;
        line = nl ? nl + 1 : end;
        char seen[4096];
        fuzz_preprocess(cur, len, seen, sizeof seen);
        if (fuzz_line_is_risky(seen))
            continue;
        /* Once a clock is set, genmove rightly thinks for real seconds. */
        if (strstr(seen, "time_"))
            clocked = 1;
        if (fuzz_line_is_costly(seen) && (clocked || ++costly > FUZZ_GTP_COSTLY))
            continue;
        const char *r = fuzz_execute(e, cur, len);
        /* A line with anything before its '#' but blanks and control
         * characters is a command and gets exactly one answer (GTP v2
         * section 3.1). */
        size_t cmd = strcspn(seen, "#");
        FUZZ_CHECK(r != NULL || strspn(seen, " ") >= cmd, "no answer to '%s'", seen);
        fuzz_check_response(seen, r);
        const BoardState *b = gtp_engine_board(e);
        FUZZ_CHECK(b->size >= BOARD_MIN_SIZE && b->size <= BOARD_MAX_SIZE, "size %d", b->size);
        FUZZ_CHECK(b->turn == BLACK || b->turn == WHITE, "turn %d", (int)b->turn);
        if (gtp_engine_wants_quit(e))
            break;
    }
    free(text);
    fuzz_scratch_empty();
    if (gtp_engine_wants_quit(e)) {
        gtp_engine_destroy(e);
        fuzz_engines[data[0] % 3] = NULL;
    }
    return 0;
}
