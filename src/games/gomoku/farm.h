/*
 * farm.h - the farm of "Chess Club Dream" (seed 002 §2.2, §5) as pure
 * logic: money, stamina, feed and pigs around the Gomoku games.  No I/O,
 * no HAL; the console screen (src/console/screens/gomoku.c) draws it, and
 * the Gomoku session (session.h) keeps it in farm.txt with the board's
 * lines, through the console's key/value record (farm_take, farm_emit).
 *
 * Every number is traced to the seed in docs/farm.md; the guesses are
 * marked there.  In short:
 *
 *   start         stamina 5, everything else 0                     (§5, fig 5.1)
 *   eat           1 coin, +5 stamina                               (§5, appendix)
 *   buy feed      1 coin, +5 feed                                  (§5, appendix)
 *   buy a pig     2 coins                                          (§5: two pigs, 4 coins)
 *   sell a pig    a grown one, 12 coins                            (§5: two pigs, +24)
 *   a game        2 stamina; a win +5 coins, a loss -1 coin        (§5, figs 5.4-5.5)
 *   pigs          each eats one feed a game (§5), dies without it (§2.2),
 *                 grows up after FARM_GROW_GAMES games (a guess: 3)
 *   the end       stamina or money below zero at any moment: lost (§2.2);
 *                 ending the game: won with more than 30 coins, else lost
 *                 (§2.2 and §5; the appendix's code says >= 10)
 *
 * The struct changes only through farm_*() calls.
 */
#ifndef TABLETOP_FARM_H
#define TABLETOP_FARM_H

#include <stddef.h>

#define FARM_START_STAMINA 5 /* §5: "刚开机时体力值为 5, 其余为 0" */
#define FARM_MEAL_COST 1     /* §5: "用一枚金币吃一顿饭后,体力值加五" */
#define FARM_MEAL_STAMINA 5
#define FARM_FEED_COST 1     /* §5: "用一枚金币买一分猪食后,饲料数加五" */
#define FARM_FEED_UNITS 5
#define FARM_PIG_COST 2      /* §5: "再买两只猪,花去4枚金币" */
#define FARM_PIG_PRICE 12    /* §5: "每只猪可以卖 12 枚金币" */
#define FARM_GAME_STAMINA 2  /* §5: "下一局棋体力值减 2" */
#define FARM_WIN_PAY 5       /* §5: "钱数在赢棋后加 5" */
#define FARM_LOSS_COST 1     /* §5: "输棋后玩家钱数减 1" */
#define FARM_FEED_PER_PIG 1  /* §5: "每一只猪一局需要一份猪食" */
#define FARM_GROW_GAMES 3    /* a guess: the seed never says how many games */
#define FARM_WIN_MONEY 30    /* §2.2: "如果钱数大于 30 则获胜" (more than 30) */
#define FARM_MAX_PIGS 64     /* our bound: buying beyond it is refused */

/* The five menu choices, in the order of the seed's switch (appendix 2:
 * BUY_PIG, SELL_PIG, EAT_MEAL, BUY_FOOD, 4 = end game). */
typedef enum farm_action {
    FARM_BUY_PIG = 0,
    FARM_SELL_PIG,
    FARM_EAT,
    FARM_BUY_FEED,
    FARM_END_GAME,
    FARM_ACTIONS
} farm_action_t;

/* Where the farm stands. */
typedef enum farm_state {
    FARM_PLAYING = 0,
    FARM_WON,  /* ended with more than FARM_WIN_MONEY coins: "YOU WIN" */
    FARM_LOST, /* stamina or money below zero, or ended too poor: "YOU DIE" */
} farm_state_t;

/* Why a farm was lost (farm_t.why). */
typedef enum farm_why {
    FARM_WHY_NONE = 0,
    FARM_WHY_STAMINA, /* stamina below zero */
    FARM_WHY_MONEY,   /* money below zero */
    FARM_WHY_POOR,    /* ended the game with FARM_WIN_MONEY coins or fewer */
} farm_why_t;

/* What farm_act() did. */
typedef enum farm_result {
    FARM_OK = 0,
    FARM_NO_GROWN_PIG, /* sell: no grown pig; nothing changed */
    FARM_TOO_MANY_PIGS, /* buy: FARM_MAX_PIGS already; nothing changed */
    FARM_OVER,          /* the farm has ended: nothing changed (farm_init starts anew) */
    FARM_BAD_ACTION,    /* not a farm_action_t: nothing changed */
} farm_result_t;

/* How a Gomoku game ended, for the farm (farm_after_game). */
typedef enum farm_outcome {
    FARM_GAME_WON = 0,
    FARM_GAME_LOST,
    FARM_GAME_DRAWN, /* a full board: the stamina and the feed, no coins (a guess) */
} farm_outcome_t;

typedef struct farm {
    int money;                /* coins (0 at the start; below 0 loses) */
    int stamina;              /* 5 at the start; below 0 loses */
    int feed;                 /* portions of feed */
    int pigs;                 /* pigs on the farm, grown ones included (the seed's "pig") */
    int age[FARM_MAX_PIGS];   /* games each pig has lived through, oldest pig first */
    int games;                /* Gomoku games the farm has counted */
    int starved;              /* pigs that died for want of feed, in all */
    int state;                /* farm_state_t */
    int why;                  /* farm_why_t when state is FARM_LOST */
} farm_t;

/* A new farm: stamina 5, everything else 0. */
void farm_init(farm_t *f);

/* The number of grown pigs (age >= FARM_GROW_GAMES): the ones that sell. */
int farm_grown(const farm_t *f);

/* Does one menu choice.  Eat, buy feed and buy a pig always go through (the
 * seed's code does not check the purse) and a purse below zero loses at
 * once; sell needs a grown pig (the oldest is sold); end game decides
 * won or lost.  Returns FARM_OK or why nothing changed. */
farm_result_t farm_act(farm_t *f, farm_action_t action);

/* Counts a finished Gomoku game against the computer: 2 stamina, +5 or -1
 * coins, then every pig (oldest first) eats one feed or starves, and the
 * ones that ate grow a game older.  A farm already over is left alone.
 * Returns the number of pigs that starved in this game. */
int farm_after_game(farm_t *f, farm_outcome_t outcome);

#define FARM_STR_(x) #x
#define FARM_STR(x) FARM_STR_(x)

/* The comment lines that open farm.txt (docs/farm.md), before farm_emit's. */
#define FARM_RECORD_HEADER                                                   \
    "# tabletop farm (docs/farm.md), saved after every action.\n"            \
    "# pigs counts the grown ones too; ages: games each pig has lived,\n"    \
    "# oldest first (grown at " FARM_STR(FARM_GROW_GAMES) ").\n"

/* How a record line is written: put(sink, key, value) makes "KEY VALUE". */
typedef void (*farm_put_fn)(void *sink, const char *key, const char *value);

/* Writes the farm f (a const farm_t *) as record lines, one a number:
 * money, stamina, feed, pigs, grown, ages ("none" or oldest first), games,
 * starved, state.  The shape of the console's save_kv_emit_fn.  Returns 0. */
int farm_emit(void *f, farm_put_fn put, void *sink);

/* The keys farm_take() reads, for its bookkeeping. */
enum { FARM_KEY_MONEY, FARM_KEY_STAMINA, FARM_KEY_FEED, FARM_KEY_PIGS, FARM_KEY_GROWN,
       FARM_KEY_AGES, FARM_KEY_GAMES, FARM_KEY_STARVED, FARM_KEY_STATE, FARM_KEYS };

/* A farm being read from its record: farm_read_begin, farm_take for every
 * line, farm_read_end. */
typedef struct farm_reader {
    farm_t farm;          /* what the lines said so far */
    int seen[FARM_KEYS];  /* 1 once a key's line was read */
    int grown;            /* the `grown` line (checked against the ages) */
    int ages;             /* ages on the `ages` line */
} farm_reader_t;

/* Starts reading a farm. */
void farm_read_begin(farm_reader_t *r);

/* One record line for the reader r (a farm_reader_t *): the shape of the
 * console's save_kv_take_fn.  Keys that are not the farm's are ignored (the
 * board's lines share the file).  Returns 0, or -1 with why in err: "'KEY'
 * again" or "bad KEY 'VALUE'". */
int farm_take(void *r, const char *key, const char *value, char *err, size_t errlen);

/* Ends reading: every farm key must have come once and agree (pigs and
 * ages, ages oldest first, grown, not playing below zero).  Returns 0 with
 * *out set, or -1 with a one-line reason in err and *out unchanged. */
int farm_read_end(const farm_reader_t *r, farm_t *out, char *err, size_t errlen);

#endif
