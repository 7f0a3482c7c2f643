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
 *
 * loadsgf with a path containing '/' is skipped: it could name /dev/stdin
 * or a FIFO and block the fuzzer; relative names hit nothing in the
 * fuzzer's working directory, and the SGF reader has its own target.
 */
#include "fuzz_util.h"

#include "gtp/gtp_engine.h"

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

static int fuzz_line_is_risky(const char *line)
{
    return strstr(line, "loadsgf") != NULL && strchr(line, '/') != NULL;
}

static int fuzz_line_is_costly(const char *line)
{
    return strstr(line, "final_s") != NULL || strstr(line, "genmove") != NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || size > 4096)
        return 0;
    gtp_options_t opts = {0};
    opts.level = 1 + data[0] % 3;
    opts.playouts = 8;
    opts.seed = 1;
    gtp_engine_t *e = gtp_engine_create(&opts);
    FUZZ_CHECK(e != NULL, "gtp_engine_create failed");

    char *text = fuzz_strndup(data + 1, size - 1);
    char *save = NULL;
    int costly = 0, lines = 0;
    for (char *line = strtok_r(text, "\n", &save); line && lines < FUZZ_GTP_LINES;
         line = strtok_r(NULL, "\n", &save), lines++) {
        if (fuzz_line_is_risky(line))
            continue;
        if (fuzz_line_is_costly(line) && ++costly > FUZZ_GTP_COSTLY)
            continue;
        const char *r = gtp_engine_execute(e, line);
        fuzz_check_response(line, r);
        const BoardState *b = gtp_engine_board(e);
        FUZZ_CHECK(b->size >= BOARD_MIN_SIZE && b->size <= BOARD_MAX_SIZE, "size %d", b->size);
        FUZZ_CHECK(b->turn == BLACK || b->turn == WHITE, "turn %d", (int)b->turn);
        if (gtp_engine_wants_quit(e))
            break;
    }
    free(text);
    gtp_engine_destroy(e);
    return 0;
}
