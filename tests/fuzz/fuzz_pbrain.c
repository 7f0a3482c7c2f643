/*
 * fuzz_pbrain.c - a Gomocup/Piskvork manager's lines to `tabletop pbrain`
 * (src/protocols/pbrain.h), as Piskvork or a Gomocup manager would send them.
 *
 * Byte 0 chooses the level (1-3) and the rule (0, 1, 4); the rest is split
 * into lines at '\n'.  Every brain searches at most 2000 nodes a move, so a
 * TURN or DONE stays cheap whatever INFO timeouts the input sends.
 *
 * Oracles: every answer line is OK, ERROR ..., UNKNOWN ..., MESSAGE ...,
 * the ABOUT line (name="..."), SWAP, or a move "x,y" with 0 <= x, y < 15
 * (up to three split by spaces: SWAP2BOARD's answers); after
 * END the brain takes no more lines.
 */
#include "fuzz_util.h"

#include "protocols/pbrain.h"

#define FUZZ_PBRAIN_LINES 64

static void fuzz_check_answers(const char *text, const char *line)
{
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        FUZZ_CHECK(nl != NULL, "answer without a line ending to '%s'", line);
        size_t n = (size_t)(nl - p);
        char buf[256];
        FUZZ_CHECK(n < sizeof buf || !strncmp(p, "ERROR", 5) || !strncmp(p, "UNKNOWN", 7) ||
                       !strncmp(p, "MESSAGE", 7),
                   "answer too long to '%s'", line);
        if (n >= sizeof buf)
            n = sizeof buf - 1;
        memcpy(buf, p, n);
        buf[n] = 0;
        /* A move "x,y", or up to three of them split by spaces (SWAP2BOARD). */
        int x, y, used = 0, moves = 0, at = 0;
        while (moves < 3 && sscanf(buf + at, "%d,%d%n", &x, &y, &used) == 2) {
            FUZZ_CHECK(x >= 0 && x < 15 && y >= 0 && y < 15, "move %d,%d off the board after '%s'", x, y,
                       line);
            moves++;
            at += used;
            if (buf[at] != ' ')
                break;
            at++;
        }
        int move = moves > 0 && at == (int)strlen(buf) && buf[0] != ' ';
        FUZZ_CHECK(!strcmp(buf, "OK") || !strcmp(buf, "SWAP") || !strncmp(buf, "ERROR ", 6) ||
                       !strncmp(buf, "UNKNOWN ", 8) || !strncmp(buf, "MESSAGE ", 8) ||
                       !strncmp(buf, "name=\"", 6) || move,
                   "bad answer '%s' to '%s'", buf, line);
        p = nl + 1;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 8192)
        return 0;
    static const int rules[3] = {0, 1, 4};
    char *out_text = NULL;
    size_t out_len = 0;
    FILE *out = open_memstream(&out_text, &out_len);
    FUZZ_CHECK(out != NULL, "open_memstream failed");
    pbrain_t *b = pbrain_new(out, rules[(data[0] >> 2) % 3], 1 + data[0] % 3, 2000, data[0]);
    FUZZ_CHECK(b != NULL, "pbrain_new failed");
    char *text = fuzz_strndup(data + 1, size - 1);
    char *line = text;
    int lines = 0, ended = 0;
    size_t seen = 0;
    while (line && lines++ < FUZZ_PBRAIN_LINES && !ended) {
        char *nl = strchr(line, '\n');
        if (nl)
            *nl = 0;
        char copy[1024];
        snprintf(copy, sizeof copy, "%s", line);
        char shown[64];
        snprintf(shown, sizeof shown, "%s", line);
        ended = !pbrain_line(b, copy);
        fflush(out);
        fuzz_check_answers(out_text + seen, shown);
        seen = out_len;
        line = nl ? nl + 1 : NULL;
    }
    pbrain_free(b);
    fclose(out);
    free(out_text);
    free(text);
    return 0;
}
