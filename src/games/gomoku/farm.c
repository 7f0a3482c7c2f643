/*
 * farm.c - the farm of "Chess Club Dream" (seed 002): see farm.h and
 * docs/farm.md for the rules and where each number comes from.
 */
#include "farm.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The save's names of the states, FARM_PLAYING, FARM_WON, then FARM_LOST by why. */
static const char *const farm_state_names[] = {"playing", "won", "lost-stamina", "lost-money",
                                               "lost-poor"};

void farm_init(farm_t *f)
{
    memset(f, 0, sizeof *f);
    f->stamina = FARM_START_STAMINA;
    f->state = FARM_PLAYING;
}

int farm_grown(const farm_t *f)
{
    int n = 0;
    for (int i = 0; i < f->pigs; i++)
        if (f->age[i] >= FARM_GROW_GAMES)
            n++;
    return n;
}

/* §2.2: "如果玩家在游戏中任何时刻体力值或钱数小于零,则游戏结束,玩家输". */
static void farm_check(farm_t *f)
{
    if (f->state != FARM_PLAYING)
        return;
    if (f->stamina < 0) {
        f->state = FARM_LOST;
        f->why = FARM_WHY_STAMINA;
    } else if (f->money < 0) {
        f->state = FARM_LOST;
        f->why = FARM_WHY_MONEY;
    }
}

/* Removes the pig at index i (the others keep their order). */
static void farm_remove_pig(farm_t *f, int i)
{
    memmove(&f->age[i], &f->age[i + 1], (size_t)(f->pigs - i - 1) * sizeof f->age[0]);
    f->pigs--;
}

farm_result_t farm_act(farm_t *f, farm_action_t action)
{
    if (f->state != FARM_PLAYING)
        return FARM_OVER;
    switch (action) {
    case FARM_BUY_PIG:
        if (f->pigs >= FARM_MAX_PIGS)
            return FARM_TOO_MANY_PIGS;
        f->money -= FARM_PIG_COST;
        f->age[f->pigs++] = 0;
        break;
    case FARM_SELL_PIG: {
        int i = 0;
        while (i < f->pigs && f->age[i] < FARM_GROW_GAMES)
            i++;
        if (i == f->pigs)
            return FARM_NO_GROWN_PIG;
        farm_remove_pig(f, i);
        f->money += FARM_PIG_PRICE;
        break;
    }
    case FARM_EAT:
        f->money -= FARM_MEAL_COST;
        f->stamina += FARM_MEAL_STAMINA;
        break;
    case FARM_BUY_FEED:
        f->money -= FARM_FEED_COST;
        f->feed += FARM_FEED_UNITS;
        break;
    case FARM_END_GAME:
        if (f->money > FARM_WIN_MONEY) {
            f->state = FARM_WON;
        } else {
            f->state = FARM_LOST;
            f->why = FARM_WHY_POOR;
        }
        return FARM_OK;
    default:
        return FARM_BAD_ACTION;
    }
    farm_check(f);
    return FARM_OK;
}

int farm_after_game(farm_t *f, farm_outcome_t outcome)
{
    if (f->state != FARM_PLAYING)
        return 0;
    f->games++;
    f->stamina -= FARM_GAME_STAMINA;
    if (outcome == FARM_GAME_WON)
        f->money += FARM_WIN_PAY;
    else if (outcome == FARM_GAME_LOST)
        f->money -= FARM_LOSS_COST;
    int starved = 0;
    for (int i = 0; i < f->pigs;) {
        if (f->feed >= FARM_FEED_PER_PIG) {
            f->feed -= FARM_FEED_PER_PIG;
            if (f->age[i] < INT_MAX)
                f->age[i]++;
            i++;
        } else {
            farm_remove_pig(f, i);
            starved++;
        }
    }
    f->starved += starved;
    farm_check(f);
    return starved;
}

static int farm_state_index(const farm_t *f)
{
    if (f->state == FARM_LOST)
        return f->why == FARM_WHY_STAMINA ? 2 : f->why == FARM_WHY_MONEY ? 3 : 4;
    return f->state == FARM_WON ? 1 : 0;
}

int farm_emit(void *farm, farm_put_fn put, void *sink)
{
    const farm_t *f = farm;
    char v[FARM_MAX_PIGS * 12 + 8];
    snprintf(v, sizeof v, "%d", f->money);
    put(sink, "money", v);
    snprintf(v, sizeof v, "%d", f->stamina);
    put(sink, "stamina", v);
    snprintf(v, sizeof v, "%d", f->feed);
    put(sink, "feed", v);
    snprintf(v, sizeof v, "%d", f->pigs);
    put(sink, "pigs", v);
    snprintf(v, sizeof v, "%d", farm_grown(f));
    put(sink, "grown", v);
    size_t n = 0;
    snprintf(v, sizeof v, "none");
    for (int i = 0; i < f->pigs; i++)
        n += (size_t)snprintf(v + n, sizeof v - n, i ? " %d" : "%d", f->age[i]);
    put(sink, "ages", v);
    snprintf(v, sizeof v, "%d", f->games);
    put(sink, "games", v);
    snprintf(v, sizeof v, "%d", f->starved);
    put(sink, "starved", v);
    put(sink, "state", farm_state_names[farm_state_index(f)]);
    return 0;
}

/* The decimal integer that is exactly the len characters at s, in [lo, hi];
 * 0 or -1. */
static int farm_parse_int_n(const char *s, size_t len, int lo, int hi, int *out)
{
    char *end;
    if (!len || (*s != '-' && (*s < '0' || *s > '9')))
        return -1;
    long v = strtol(s, &end, 10);
    if (end != s + len || v < lo || v > hi)
        return -1;
    *out = (int)v;
    return 0;
}

/* A decimal integer in [lo, hi] with nothing after it; 0 or -1. */
static int farm_parse_int(const char *s, int lo, int hi, int *out)
{
    return farm_parse_int_n(s, strlen(s), lo, hi, out);
}

static const char *const farm_keys[FARM_KEYS] = {"money", "stamina", "feed",    "pigs", "grown",
                                                 "ages",  "games",   "starved", "state"};

/* The ages of value (blank-separated, oldest first) into f.  Returns the
 * number read, or -1 for a bad age, too many or none. */
static int farm_parse_ages(farm_t *f, const char *value)
{
    int count = 0;
    const char *p = value;
    for (;;) {
        p += strspn(p, " \t");
        if (!*p)
            break;
        size_t len = strcspn(p, " \t");
        if (count >= FARM_MAX_PIGS ||
            farm_parse_int_n(p, len, 0, 1000000000, &f->age[count++]) != 0)
            return -1;
        p += len;
    }
    return count ? count : -1;
}

void farm_read_begin(farm_reader_t *r)
{
    memset(r, 0, sizeof *r);
    farm_init(&r->farm);
}

int farm_take(void *reader, const char *key, const char *value, char *err, size_t errlen)
{
    farm_reader_t *r = reader;
    farm_t *f = &r->farm;
    const int big = 1000000000;
    int k = 0;
    while (k < FARM_KEYS && strcmp(key, farm_keys[k]))
        k++;
    if (k == FARM_KEYS)
        return 0; /* not a farm line: the board's */
    if (r->seen[k]) {
        snprintf(err, errlen, "'%s' again", farm_keys[k]);
        return -1;
    }
    r->seen[k] = 1;
    int bad = 0;
    /* A bad list of ages is named by its first age: the whole list can
     * run to 64 numbers. */
    int shown = 40;
    switch (k) {
    case FARM_KEY_MONEY:
        bad = farm_parse_int(value, -big, big, &f->money);
        break;
    case FARM_KEY_STAMINA:
        bad = farm_parse_int(value, -big, big, &f->stamina);
        break;
    case FARM_KEY_FEED:
        bad = farm_parse_int(value, 0, big, &f->feed);
        break;
    case FARM_KEY_PIGS:
        bad = farm_parse_int(value, 0, FARM_MAX_PIGS, &f->pigs);
        break;
    case FARM_KEY_GROWN:
        bad = farm_parse_int(value, 0, FARM_MAX_PIGS, &r->grown);
        break;
    case FARM_KEY_GAMES:
        bad = farm_parse_int(value, 0, big, &f->games);
        break;
    case FARM_KEY_STARVED:
        bad = farm_parse_int(value, 0, big, &f->starved);
        break;
    case FARM_KEY_STATE: {
        int s = 0;
        while (s < 5 && strcmp(value, farm_state_names[s]))
            s++;
        if (s == 5) {
            bad = 1;
            break;
        }
        f->state = s == 0 ? FARM_PLAYING : s == 1 ? FARM_WON : FARM_LOST;
        f->why = s == 2   ? FARM_WHY_STAMINA
                 : s == 3 ? FARM_WHY_MONEY
                 : s == 4 ? FARM_WHY_POOR
                          : FARM_WHY_NONE;
        break;
    }
    case FARM_KEY_AGES:
        r->ages = strcmp(value, "none") ? farm_parse_ages(f, value) : 0;
        bad = r->ages < 0;
        if (bad) {
            size_t first = strspn(value, " \t");
            first += strcspn(value + first, " \t");
            shown = first < 40 ? (int)first : 40;
        }
        break;
    default:
        break;
    }
    if (bad) {
        snprintf(err, errlen, "bad %s '%.*s'", farm_keys[k], shown, value);
        return -1;
    }
    return 0;
}

int farm_read_end(const farm_reader_t *r, farm_t *out, char *err, size_t errlen)
{
    const farm_t *f = &r->farm;
    for (int k = 0; k < FARM_KEYS; k++)
        if (!r->seen[k]) {
            snprintf(err, errlen, "no '%s' line", farm_keys[k]);
            return -1;
        }
    if (r->ages != f->pigs) {
        snprintf(err, errlen, "pigs %d but %d ages", f->pigs, r->ages);
        return -1;
    }
    for (int i = 1; i < f->pigs; i++)
        if (f->age[i] > f->age[i - 1]) {
            snprintf(err, errlen, "ages must run oldest first");
            return -1;
        }
    if (farm_grown(f) != r->grown) {
        snprintf(err, errlen, "grown %d but the ages make %d", r->grown, farm_grown(f));
        return -1;
    }
    if (f->state == FARM_PLAYING && (f->money < 0 || f->stamina < 0)) {
        snprintf(err, errlen, "a farm below zero cannot still be playing");
        return -1;
    }
    *out = *f;
    return 0;
}
