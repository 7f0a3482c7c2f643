/*
 * fuzz_farm.c - farm.txt (docs/farm.md), as a hand-edited or damaged file
 * would give it, to the console's record reader (save_kv_parse) with the
 * farm's take (farm_take, farm_read_end), then with the whole Gomoku
 * session's (gomoku_session_take: the farm and the board); then a few farm
 * actions on what was read.
 *
 * Oracles: a refused text leaves the farm (the session) untouched and says
 * why; an accepted one is consistent (at most FARM_MAX_PIGS pigs, ages
 * oldest first, not still playing below zero) and reads back the same after
 * farm_emit (gomoku_session_emit); actions and games on it keep it
 * consistent.
 */
#include "fuzz_util.h"

#include "console/save.h"
#include "games/gomoku/farm.h"
#include "games/gomoku/session.h"

/* text's farm lines into f: 0, or -1 with why (f untouched). */
static int fuzz_read_farm(farm_t *f, const char *text, char *err, size_t errlen)
{
    farm_reader_t r;
    farm_read_begin(&r);
    if (save_kv_parse(text, farm_take, &r, err, errlen) != 0)
        return -1;
    return farm_read_end(&r, f, err, errlen);
}

/* text as a whole session record into s: 0, or -1 with why (s untouched). */
static int fuzz_read_session(gomoku_session_t *s, const char *text, char *err, size_t errlen)
{
    static gomoku_session_reader_t r;
    gomoku_session_read_begin(&r);
    if (save_kv_parse(text, gomoku_session_take, &r, err, errlen) != 0)
        return -1;
    return gomoku_session_read_end(&r, s, err, errlen);
}

/* Reads the session record back from its own text: it must be the same. */
static void fuzz_session_round_trip(const char *text)
{
    static gomoku_session_t s, before, again;
    char err[160] = "";
    gomoku_session_init(&s);
    s.level = 2;
    before = s;
    if (fuzz_read_session(&s, text, err, sizeof err) != 0) {
        FUZZ_CHECK(err[0] != 0, "session refused without a reason");
        FUZZ_CHECK(!memcmp(&s, &before, sizeof s), "a refused text changed the session");
        return;
    }
    char *out = save_kv_format(GOMOKU_SESSION_RECORD_HEADER, gomoku_session_emit, &s);
    FUZZ_CHECK(out != NULL, "an accepted session does not format");
    gomoku_session_init(&again);
    FUZZ_CHECK(fuzz_read_session(&again, out, err, sizeof err) == 0,
               "its own session text refused: %s", err);
    FUZZ_CHECK(!memcmp(&s.farm, &again.farm, sizeof s.farm), "the round trip changed the farm");
    FUZZ_CHECK(!memcmp(&s.game, &again.game, sizeof s.game), "the round trip changed the board");
    FUZZ_CHECK(s.mode == again.mode && s.level == again.level && s.skin == again.skin,
               "the round trip changed the settings");
    free(out);
}

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
    fuzz_session_round_trip(text);
    if (fuzz_read_farm(&f, text, err, sizeof err) != 0) {
        FUZZ_CHECK(err[0] != 0, "refused without a reason");
        FUZZ_CHECK(!memcmp(&f, &before, sizeof f), "a refused text changed the farm");
        free(text);
        return 0;
    }
    fuzz_check_farm(&f);
    char *out = save_kv_format(FARM_RECORD_HEADER, farm_emit, &f);
    FUZZ_CHECK(out != NULL, "an accepted farm does not format");
    farm_t again;
    FUZZ_CHECK(fuzz_read_farm(&again, out, err, sizeof err) == 0, "its own text refused: %s",
               err);
    FUZZ_CHECK(!memcmp(&f, &again, sizeof f), "the round trip changed the farm");
    free(out);
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
