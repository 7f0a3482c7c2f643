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

int farm_format(const farm_t *f, char *out, size_t len)
{
    size_t n = 0;
    int w = snprintf(out, len,
                     "# tabletop farm (docs/farm.md), saved after every action.\n"
                     "# pigs counts the grown ones too; ages: games each pig has lived,\n"
                     "# oldest first (grown at %d).\n"
                     "money %d\nstamina %d\nfeed %d\npigs %d\ngrown %d\nages",
                     FARM_GROW_GAMES, f->money, f->stamina, f->feed, f->pigs, farm_grown(f));
    if (w < 0 || (size_t)w >= len)
        return -1;
    n = (size_t)w;
    if (f->pigs == 0) {
        w = snprintf(out + n, len - n, " none");
        if (w < 0 || (size_t)w >= len - n)
            return -1;
        n += (size_t)w;
    }
    for (int i = 0; i < f->pigs; i++) {
        w = snprintf(out + n, len - n, " %d", f->age[i]);
        if (w < 0 || (size_t)w >= len - n)
            return -1;
        n += (size_t)w;
    }
    w = snprintf(out + n, len - n, "\ngames %d\nstarved %d\nstate %s\n", f->games, f->starved,
                 farm_state_names[farm_state_index(f)]);
    if (w < 0 || (size_t)w >= len - n)
        return -1;
    return (int)(n + (size_t)w);
}

/* A decimal integer in [lo, hi] with nothing after it; 0 or -1. */
static int farm_parse_int(const char *s, int lo, int hi, int *out)
{
    char *end;
    if (!*s || (*s != '-' && (*s < '0' || *s > '9')))
        return -1;
    long v = strtol(s, &end, 10);
    if (*end || v < lo || v > hi)
        return -1;
    *out = (int)v;
    return 0;
}

enum { K_MONEY, K_STAMINA, K_FEED, K_PIGS, K_GROWN, K_AGES, K_GAMES, K_STARVED, K_STATE, K_COUNT };

int farm_parse(farm_t *out, const char *text, char *err, size_t errlen)
{
    static const char *const keys[K_COUNT] = {"money", "stamina", "feed",    "pigs", "grown",
                                              "ages",  "games",   "starved", "state"};
    farm_t f;
    farm_init(&f);
    int seen[K_COUNT] = {0};
    int grown = 0, line_no = 0;
    const int big = 1000000000;
    const char *p = text;
    while (*p) {
        line_no++;
        const char *end = strchr(p, '\n');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        /* Lines that are not the farm's (a long list of moves) are skipped
         * whatever their length; a farm line fits 64 ages of 10 digits. */
        char line[1024];
        if (n >= sizeof line) {
            size_t key = strcspn(p, " \n");
            int ours = 0;
            for (int k = 0; k < K_COUNT; k++)
                if (strlen(keys[k]) == key && !strncmp(p, keys[k], key))
                    ours = 1;
            if (!ours) {
                p += n + (end ? 1 : 0);
                continue;
            }
            snprintf(err, errlen, "line %d is too long", line_no);
            return -1;
        }
        memcpy(line, p, n);
        line[n] = 0;
        p += n + (end ? 1 : 0);
        while (n && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
            line[--n] = 0;
        if (!n || line[0] == '#')
            continue;
        char *arg = strchr(line, ' ');
        if (arg)
            *arg++ = 0;
        else
            arg = line + n;
        int k = 0;
        while (k < K_COUNT && strcmp(line, keys[k]))
            k++;
        if (k == K_COUNT)
            continue; /* not a farm line: the screen's own */
        if (seen[k]) {
            snprintf(err, errlen, "line %d: '%s' again", line_no, keys[k]);
            return -1;
        }
        seen[k] = 1;
        int bad = 0;
        switch (k) {
        case K_MONEY:
            bad = farm_parse_int(arg, -big, big, &f.money);
            break;
        case K_STAMINA:
            bad = farm_parse_int(arg, -big, big, &f.stamina);
            break;
        case K_FEED:
            bad = farm_parse_int(arg, 0, big, &f.feed);
            break;
        case K_PIGS:
            bad = farm_parse_int(arg, 0, FARM_MAX_PIGS, &f.pigs);
            break;
        case K_GROWN:
            bad = farm_parse_int(arg, 0, FARM_MAX_PIGS, &grown);
            break;
        case K_GAMES:
            bad = farm_parse_int(arg, 0, big, &f.games);
            break;
        case K_STARVED:
            bad = farm_parse_int(arg, 0, big, &f.starved);
            break;
        case K_STATE: {
            int s = 0;
            while (s < 5 && strcmp(arg, farm_state_names[s]))
                s++;
            if (s == 5) {
                bad = 1;
                break;
            }
            f.state = s == 0 ? FARM_PLAYING : s == 1 ? FARM_WON : FARM_LOST;
            f.why = s == 2 ? FARM_WHY_STAMINA : s == 3 ? FARM_WHY_MONEY : s == 4 ? FARM_WHY_POOR
                                                                            : FARM_WHY_NONE;
            break;
        }
        case K_AGES: {
            int count = 0;
            if (strcmp(arg, "none")) {
                char *save = NULL;
                for (char *tok = strtok_r(arg, " \t", &save); tok && !bad;
                     tok = strtok_r(NULL, " \t", &save)) {
                    if (count >= FARM_MAX_PIGS)
                        bad = 1;
                    else
                        bad = farm_parse_int(tok, 0, big, &f.age[count++]);
                }
                if (count == 0)
                    bad = 1;
            }
            seen[K_AGES] = 1 + count; /* 1 + the number of ages read */
            break;
        }
        default:
            break;
        }
        if (bad) {
            snprintf(err, errlen, "line %d: bad %s '%.40s'", line_no, keys[k], arg);
            return -1;
        }
    }
    for (int k = 0; k < K_COUNT; k++)
        if (!seen[k]) {
            snprintf(err, errlen, "no '%s' line", keys[k]);
            return -1;
        }
    if (seen[K_AGES] - 1 != f.pigs) {
        snprintf(err, errlen, "pigs %d but %d ages", f.pigs, seen[K_AGES] - 1);
        return -1;
    }
    for (int i = 1; i < f.pigs; i++)
        if (f.age[i] > f.age[i - 1]) {
            snprintf(err, errlen, "ages must run oldest first");
            return -1;
        }
    if (farm_grown(&f) != grown) {
        snprintf(err, errlen, "grown %d but the ages make %d", grown, farm_grown(&f));
        return -1;
    }
    if (f.state == FARM_PLAYING && (f.money < 0 || f.stamina < 0)) {
        snprintf(err, errlen, "a farm below zero cannot still be playing");
        return -1;
    }
    *out = f;
    return 0;
}

const char *farm_action_name(farm_action_t action)
{
    switch (action) {
    case FARM_BUY_PIG:
        return "buy a pig";
    case FARM_SELL_PIG:
        return "sell a pig";
    case FARM_EAT:
        return "eat";
    case FARM_BUY_FEED:
        return "buy feed";
    case FARM_END_GAME:
        return "end the game";
    default:
        return "?";
    }
}
