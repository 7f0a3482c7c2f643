/*
 * fuzz_farm.c - the farm's save text (farm.txt, docs/farm.md) to
 * farm_parse() (src/games/gomoku/farm.h), as a hand-edited or damaged file
 * would give it; then a few farm actions on what was read.
 *
 * Oracles: a refused text leaves the farm untouched and says why; an
 * accepted one is consistent (at most FARM_MAX_PIGS pigs, ages oldest
 * first, not still playing below zero) and reads back the same after
 * farm_format(); actions and games on it keep it consistent.
 */
#include "fuzz_util.h"

#include "games/gomoku/farm.h"

static void fuzz_check_farm(const farm_t *f)
{
    FUZZ_CHECK(f->pigs >= 0 && f->pigs <= FARM_MAX_PIGS, "pigs %d", f->pigs);
    for (int i = 1; i < f->pigs; i++)
        FUZZ_CHECK(f->age[i] <= f->age[i - 1], "ages out of order at %d", i);
    FUZZ_CHECK(f->state != FARM_PLAYING || (f->money >= 0 && f->stamina >= 0),
               "playing with money %d, stamina %d", f->money, f->stamina);
    FUZZ_CHECK(f->state == FARM_PLAYING || f->state == FARM_WON || f->state == FARM_LOST,
               "state %d", f->state);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 8192)
        return 0;
    char *text = fuzz_strndup(data, size);
    farm_t f, before;
    farm_init(&f);
    f.money = 12345;
    before = f;
    char err[160] = "";
    if (farm_parse(&f, text, err, sizeof err) != 0) {
        FUZZ_CHECK(err[0] != 0, "refused without a reason");
        FUZZ_CHECK(!memcmp(&f, &before, sizeof f), "a refused text changed the farm");
        free(text);
        return 0;
    }
    fuzz_check_farm(&f);
    char out[4096];
    int n = farm_format(&f, out, sizeof out);
    FUZZ_CHECK(n > 0, "an accepted farm does not format");
    farm_t again;
    FUZZ_CHECK(farm_parse(&again, out, err, sizeof err) == 0, "its own text refused: %s", err);
    FUZZ_CHECK(!memcmp(&f, &again, sizeof f), "the round trip changed the farm");
    /* Money and stamina may be near the int limits only if the file said
     * so; keep the actions away from overflow. */
    if (f.money > -1000000 && f.money < 1000000 && f.stamina > -1000000 && f.stamina < 1000000 &&
        f.feed < 1000000) {
        for (size_t i = 0; i < size && i < 64; i++) {
            if (data[i] & 0x80)
                farm_after_game(&f, (farm_outcome_t)(data[i] % 3));
            else
                farm_act(&f, (farm_action_t)(data[i] % (FARM_ACTIONS + 1)));
            fuzz_check_farm(&f);
        }
    }
    free(text);
    return 0;
}
