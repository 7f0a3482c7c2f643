/*
 * fuzz_sgf.c - an SGF file (src/go/sgf.h): parse; when it parses, replay it
 * and check that what tabletop writes parses back to the same record.
 *
 * Oracles: no crash or sanitizer report; sgf_parse leaves *out untouched on
 * failure and gives a message; sgf_write(g) parses again and writing that
 * gives the same bytes (a save the console writes must load back).
 */
#include "fuzz_util.h"

#include "games/go/board.h"
#include "games/go/sgf.h"

static sgf_game_t fuzz_game, fuzz_again, fuzz_canary;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[256] = "";
    /* sgf_parse takes (text, len): hand it the raw bytes, NULs included. */
    memset(&fuzz_game, 0xA5, sizeof fuzz_game);
    memset(&fuzz_canary, 0xA5, sizeof fuzz_canary);
    if (sgf_parse((const char *)data, size, &fuzz_game, err, sizeof err) != 0) {
        FUZZ_CHECK(err[0] != 0, "sgf_parse failed without a message");
        FUZZ_CHECK(memcmp(&fuzz_game, &fuzz_canary, sizeof fuzz_game) == 0,
                   "sgf_parse changed *out on failure (%s)", err);
        return 0;
    }

    BoardState b;
    sgf_replay(&fuzz_game, -1, &b, err, sizeof err);
    if (size > 0)
        sgf_replay(&fuzz_game, data[0] % (fuzz_game.n_moves + 2) - 1, &b, err, sizeof err);

    size_t need = sgf_write(&fuzz_game, NULL, 0);
    char *text = malloc(need + 1);
    FUZZ_CHECK(text != NULL, "out of memory");
    size_t wrote = sgf_write(&fuzz_game, text, need + 1);
    FUZZ_CHECK(wrote == need, "sgf_write sized %zu, wrote %zu", need, wrote);
    FUZZ_CHECK(text[need] == 0, "sgf_write did not terminate its text");
    /* A short buffer must be truncated and terminated, like snprintf. */
    char small[16];
    sgf_write(&fuzz_game, small, sizeof small);
    FUZZ_CHECK(memchr(small, 0, sizeof small) != NULL, "sgf_write overran a short buffer");

    int rc = sgf_parse(text, need, &fuzz_again, err, sizeof err);
    FUZZ_CHECK(rc == 0, "tabletop's own SGF does not parse back: %s\n%s", err, text);
    size_t need2 = sgf_write(&fuzz_again, NULL, 0);
    char *text2 = malloc(need2 + 1);
    FUZZ_CHECK(text2 != NULL, "out of memory");
    sgf_write(&fuzz_again, text2, need2 + 1);
    FUZZ_CHECK(need == need2 && memcmp(text, text2, need) == 0,
               "write(parse(write(g))) != write(g):\n%s\n---\n%s", text, text2);
    FUZZ_CHECK(fuzz_again.n_moves == fuzz_game.n_moves &&
                   fuzz_again.n_setup == fuzz_game.n_setup &&
                   fuzz_again.size == fuzz_game.size && fuzz_again.komi2 == fuzz_game.komi2,
               "the round trip changed the record");
    free(text);
    free(text2);
    return 0;
}
