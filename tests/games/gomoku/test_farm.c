/*
 * test_farm.c - the farm rules (games/gomoku/farm.h) step by step against
 * seed 002's own numbers: §2.2 (the rules in words) and §5 (the play-through
 * of figs 5.1-5.11).  Each test names the passage it checks.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "console/save.h"
#include "games/gomoku/farm.h"

static void expect_farm(const farm_t *f, int pigs, int feed, int stamina, int money, int grown)
{
    cr_expect_eq(f->pigs, pigs, "pigs %d, want %d", f->pigs, pigs);
    cr_expect_eq(f->feed, feed, "feed %d, want %d", f->feed, feed);
    cr_expect_eq(f->stamina, stamina, "stamina %d, want %d", f->stamina, stamina);
    cr_expect_eq(f->money, money, "money %d, want %d", f->money, money);
    cr_expect_eq(farm_grown(f), grown, "grown %d, want %d", farm_grown(f), grown);
}

/* §5, fig 5.1: "刚开机时体力值为 5, 其余为 0". */
Test(farm_seed, starts_with_stamina_5_and_nothing_else)
{
    farm_t f;
    memset(&f, 0x5A, sizeof f);
    farm_init(&f);
    expect_farm(&f, 0, 0, 5, 0, 0);
    cr_expect_eq(f.state, FARM_PLAYING);
    cr_expect_eq(f.games, 0);
}

/* §5, figs 5.3-5.6: a won game (stamina -2, money +5), a lost one (stamina
 * -2, money -1), then ending the game with under 30 coins: "YOU DIE". */
Test(farm_seed, a_win_then_a_loss_then_ending_poor)
{
    farm_t f;
    farm_init(&f);
    cr_assert_eq(farm_after_game(&f, FARM_GAME_WON), 0);
    expect_farm(&f, 0, 0, 3, 5, 0);
    farm_after_game(&f, FARM_GAME_LOST);
    expect_farm(&f, 0, 0, 1, 4, 0);
    cr_expect_eq(f.state, FARM_PLAYING);
    cr_expect_eq(f.games, 2);
    cr_assert_eq(farm_act(&f, FARM_END_GAME), FARM_OK);
    cr_expect_eq(f.state, FARM_LOST);
    cr_expect_eq(f.why, FARM_WHY_POOR);
    /* Nothing more happens to a farm that is over. */
    cr_expect_eq(farm_act(&f, FARM_EAT), FARM_OVER);
    cr_expect_eq(farm_after_game(&f, FARM_GAME_WON), 0);
    expect_farm(&f, 0, 0, 1, 4, 0);
}

/* §2.2: "如果玩家在游戏中任何时刻体力值或钱数小于零,则游戏结束,玩家输" -
 * buying with too few coins goes below zero and loses at once. */
Test(farm_seed, money_below_zero_at_any_moment_loses)
{
    farm_t f;
    farm_init(&f);
    cr_assert_eq(farm_act(&f, FARM_EAT), FARM_OK);
    cr_expect_eq(f.money, -1);
    cr_expect_eq(f.stamina, 10);
    cr_expect_eq(f.state, FARM_LOST);
    cr_expect_eq(f.why, FARM_WHY_MONEY);

    /* The first game lost at the start: money 0 - 1. */
    farm_init(&f);
    farm_after_game(&f, FARM_GAME_LOST);
    cr_expect_eq(f.state, FARM_LOST);
    cr_expect_eq(f.why, FARM_WHY_MONEY);

    /* A pig for 2 coins with 1 coin. */
    farm_init(&f);
    farm_after_game(&f, FARM_GAME_WON);
    farm_act(&f, FARM_BUY_FEED);
    farm_act(&f, FARM_EAT);
    farm_act(&f, FARM_EAT);
    farm_act(&f, FARM_EAT);
    cr_expect_eq(f.money, 1);
    cr_expect_eq(f.state, FARM_PLAYING);
    farm_act(&f, FARM_BUY_PIG);
    cr_expect_eq(f.money, -1);
    cr_expect_eq(f.state, FARM_LOST);
}

/* §2.2 again, for stamina: three games from 5 stamina go 3, 1, -1. */
Test(farm_seed, stamina_below_zero_loses)
{
    farm_t f;
    farm_init(&f);
    farm_after_game(&f, FARM_GAME_WON);
    farm_after_game(&f, FARM_GAME_WON);
    cr_expect_eq(f.stamina, 1);
    cr_expect_eq(f.state, FARM_PLAYING);
    farm_after_game(&f, FARM_GAME_WON);
    cr_expect_eq(f.stamina, -1);
    cr_expect_eq(f.money, 15);
    cr_expect_eq(f.state, FARM_LOST);
    cr_expect_eq(f.why, FARM_WHY_STAMINA);
}

/* §5, figs 5.7-5.11, the whole play-through: two pigs one game from grown;
 * eat (1 coin, +5 stamina), buy feed (1 coin, +5 feed), buy two pigs (4
 * coins); one game: two pigs grow and the feed drops by 4 (one a pig);
 * sell both (+24, pigs -2); end the game with more than 30: "YOU WIN". */
Test(farm_seed, the_play_through_of_figs_5_7_to_5_11)
{
    farm_t f;
    farm_init(&f);
    /* Reach fig 5.7: win, eat, buy feed and two pigs, then FARM_GROW_GAMES
     * - 1 more wins with meals between. */
    farm_after_game(&f, FARM_GAME_WON); /* st 3, $5 */
    farm_act(&f, FARM_EAT);             /* st 8, $4 */
    farm_act(&f, FARM_BUY_FEED);        /* feed 5, $3 */
    farm_act(&f, FARM_BUY_PIG);
    farm_act(&f, FARM_BUY_PIG); /* 2 pigs, $-1: too soon! */
    cr_assert_eq(f.state, FARM_LOST, "buying 4 coins of pigs with 3 coins must lose");

    farm_init(&f);
    farm_after_game(&f, FARM_GAME_WON); /* st 3, $5 */
    farm_after_game(&f, FARM_GAME_WON); /* st 1, $10 */
    farm_act(&f, FARM_EAT);             /* st 6, $9 */
    farm_act(&f, FARM_BUY_FEED);        /* feed 5, $8 */
    farm_act(&f, FARM_BUY_PIG);
    farm_act(&f, FARM_BUY_PIG); /* 2 pigs, $4 */
    expect_farm(&f, 2, 5, 6, 4, 0);
    for (int g = 0; g < FARM_GROW_GAMES - 1; g++)
        farm_after_game(&f, FARM_GAME_WON);
    /* Fig 5.7: two pigs one game from grown, feed and stamina low. */
    expect_farm(&f, 2, 5 - 2 * (FARM_GROW_GAMES - 1), 6 - 2 * (FARM_GROW_GAMES - 1),
                4 + 5 * (FARM_GROW_GAMES - 1), 0);
    cr_assert_eq(f.state, FARM_PLAYING);
    int feed = f.feed, stamina = f.stamina, money = f.money;

    /* Fig 5.8: eat, buy feed, two more pigs. */
    farm_act(&f, FARM_EAT);
    cr_expect_eq(f.money, money - 1);
    cr_expect_eq(f.stamina, stamina + 5);
    farm_act(&f, FARM_BUY_FEED);
    cr_expect_eq(f.money, money - 2);
    cr_expect_eq(f.feed, feed + 5);
    farm_act(&f, FARM_BUY_PIG);
    farm_act(&f, FARM_BUY_PIG);
    cr_expect_eq(f.money, money - 2 - 4, "two pigs cost 4 coins");
    expect_farm(&f, 4, feed + 5, stamina + 5, money - 6, 0);

    /* Fig 5.9: one game (won): two pigs grow, the feed drops by 4. */
    farm_after_game(&f, FARM_GAME_WON);
    expect_farm(&f, 4, feed + 5 - 4, stamina + 5 - 2, money - 6 + 5, 2);

    /* Fig 5.10: sell both: pigs -2, money +24. */
    int before = f.money;
    cr_assert_eq(farm_act(&f, FARM_SELL_PIG), FARM_OK);
    cr_assert_eq(farm_act(&f, FARM_SELL_PIG), FARM_OK);
    expect_farm(&f, 2, feed + 1, stamina + 3, before + 24, 0);
    cr_expect_eq(farm_act(&f, FARM_SELL_PIG), FARM_NO_GROWN_PIG, "the young pigs do not sell");
    cr_expect_eq(f.money, before + 24);

    /* Fig 5.11: more than 30 coins: ending the game wins. */
    cr_assert_gt(f.money, FARM_WIN_MONEY, "money %d", f.money);
    farm_act(&f, FARM_END_GAME);
    cr_expect_eq(f.state, FARM_WON);
}

/* §2.2: "当玩家选择结束游戏时,如果钱数大于 30 则获胜,否则即判为输" - more
 * than 30: 30 exactly loses, 31 wins (the appendix's `money >= 10` is not
 * used). */
Test(farm_seed, ending_wins_only_with_more_than_30)
{
    farm_t f;
    farm_init(&f);
    f.money = 30;
    farm_act(&f, FARM_END_GAME);
    cr_expect_eq(f.state, FARM_LOST);
    cr_expect_eq(f.why, FARM_WHY_POOR);
    farm_init(&f);
    f.money = 31;
    farm_act(&f, FARM_END_GAME);
    cr_expect_eq(f.state, FARM_WON);
    farm_init(&f);
    f.money = 10; /* the appendix's threshold */
    farm_act(&f, FARM_END_GAME);
    cr_expect_eq(f.state, FARM_LOST);
}

/* §2.2: "如果猪无法按时获取饲料,则会死亡" - a pig with no feed dies; the
 * oldest eat first. */
Test(farm_seed, pigs_without_feed_die)
{
    farm_t f;
    farm_init(&f);
    f.money = 20;
    farm_act(&f, FARM_BUY_PIG);
    farm_act(&f, FARM_BUY_FEED); /* 5 feed */
    farm_after_game(&f, FARM_GAME_WON);
    farm_act(&f, FARM_EAT);
    farm_act(&f, FARM_BUY_PIG);
    farm_act(&f, FARM_BUY_PIG); /* ages 1 0 0, feed 4 */
    cr_assert_eq(f.feed, 4);
    farm_after_game(&f, FARM_GAME_WON); /* feed 1 */
    cr_assert_eq(f.feed, 1);
    cr_assert_eq(f.pigs, 3);
    int starved = farm_after_game(&f, FARM_GAME_WON); /* one portion for three pigs */
    cr_expect_eq(starved, 2);
    cr_expect_eq(f.pigs, 1);
    cr_expect_eq(f.feed, 0);
    cr_expect_eq(f.age[0], 3, "the oldest pig ate and grew");
    cr_expect_eq(farm_grown(&f), 1);
    cr_expect_eq(f.starved, 2);
    /* The grown pig starves too at the next game (grown pigs still eat). */
    farm_act(&f, FARM_EAT);
    farm_after_game(&f, FARM_GAME_WON);
    cr_expect_eq(f.pigs, 0);
    cr_expect_eq(f.starved, 3);
}

/* Our guess, written down: a pig grows up after FARM_GROW_GAMES (3) games,
 * and a full board (a draw) costs the stamina and the feed, no coins. */
Test(farm_guess, growth_and_draws)
{
    cr_expect_eq(FARM_GROW_GAMES, 3);
    farm_t f;
    farm_init(&f);
    f.money = 10;
    f.stamina = 50;
    farm_act(&f, FARM_BUY_FEED);
    farm_act(&f, FARM_BUY_PIG);
    farm_after_game(&f, FARM_GAME_DRAWN);
    cr_expect_eq(f.money, 7);
    cr_expect_eq(f.stamina, 48);
    farm_after_game(&f, FARM_GAME_DRAWN);
    cr_expect_eq(farm_grown(&f), 0);
    farm_after_game(&f, FARM_GAME_DRAWN);
    cr_expect_eq(farm_grown(&f), 1);
    cr_expect_eq(f.feed, 2);
}

/* The farm's lines of farm.txt read through the console's record reader,
 * as the screen reads them: 0, or -1 with why in err and *f untouched. */
static int record_parse(farm_t *f, const char *text, char *err, size_t errlen)
{
    farm_reader_t r;
    farm_read_begin(&r);
    if (save_kv_parse(text, farm_take, &r, err, errlen) != 0)
        return -1;
    return farm_read_end(&r, f, err, errlen);
}

/* The farm's record as the screen writes it, into out: its length, or -1
 * if it does not fit in len. */
static int record_format(const farm_t *f, char *out, size_t len)
{
    char *text = save_kv_format(FARM_RECORD_HEADER, farm_emit, (void *)f);
    cr_assert(text, "the record does not format");
    size_t n = strlen(text);
    int rc = n < len ? (int)n : -1;
    if (rc >= 0)
        memcpy(out, text, n + 1);
    free(text);
    return rc;
}

/* The save text: every number on its own line, read back the same; bad
 * text refused with a reason and the farm untouched. */
Test(farm_save, round_trip_and_refusals)
{
    farm_t f, g;
    farm_init(&f);
    f.money = 40;
    farm_act(&f, FARM_BUY_FEED);
    farm_act(&f, FARM_BUY_PIG);
    farm_after_game(&f, FARM_GAME_WON);
    farm_act(&f, FARM_BUY_PIG);
    char text[1024], err[128];
    cr_assert_gt(record_format(&f, text, sizeof text), 0);
    cr_expect(strstr(text, "\nmoney 40\n"), "%s", text);
    cr_expect(strstr(text, "\nstamina 3\n"), "%s", text);
    cr_expect(strstr(text, "\nfeed 4\n"), "%s", text);
    cr_expect(strstr(text, "\npigs 2\n"), "%s", text);
    cr_expect(strstr(text, "\nages 1 0\n"), "%s", text);
    cr_expect(strstr(text, "\nstate playing\n"), "%s", text);
    cr_assert_eq(record_parse(&g, text, err, sizeof err), 0, "%s", err);
    cr_expect_eq(memcmp(&f, &g, sizeof f), 0);
    cr_expect_eq(record_format(&f, text, 20), -1, "a short buffer is refused");

    farm_init(&f);
    farm_act(&f, FARM_EAT);
    record_format(&f, text, sizeof text);
    cr_expect(strstr(text, "\nstate lost-money\n"), "%s", text);
    cr_assert_eq(record_parse(&g, text, err, sizeof err), 0, "%s", err);
    cr_expect_eq(g.state, FARM_LOST);
    cr_expect_eq(g.why, FARM_WHY_MONEY);

    static const char *const bad[] = {
        "money 1\n",
        "money x\nstamina 5\nfeed 0\npigs 0\ngrown 0\nages none\ngames 0\nstarved 0\nstate playing\n",
        "money 1\nstamina 5\nfeed 0\npigs 1\ngrown 0\nages none\ngames 0\nstarved 0\nstate playing\n",
        "money 1\nstamina 5\nfeed 0\npigs 1\ngrown 0\nages 3\ngames 0\nstarved 0\nstate playing\n",
        "money -1\nstamina 5\nfeed 0\npigs 0\ngrown 0\nages none\ngames 0\nstarved 0\nstate playing\n",
        "money 1\nmoney 2\nstamina 5\nfeed 0\npigs 0\ngrown 0\nages none\ngames 0\nstarved 0\nstate won\n",
        "money 1\nstamina 5\nfeed 0\npigs 0\ngrown 0\nages none\ngames 0\nstarved 0\nstate asleep\n",
        "money 1\nstamina 5\nfeed 0\npigs 2\ngrown 0\nages 0 1\ngames 0\nstarved 0\nstate playing\n",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        farm_init(&g);
        g.money = 77;
        err[0] = 0;
        cr_expect_eq(record_parse(&g, bad[i], err, sizeof err), -1, "case %zu accepted", i);
        cr_expect(err[0], "case %zu: no reason", i);
        cr_expect_eq(g.money, 77, "case %zu changed the farm", i);
    }
    /* Lines that are not the farm's (the board's) are left alone. */
    cr_assert_eq(record_parse(&g,
                            "money 1\nstamina 5\nfeed 0\npigs 0\ngrown 0\nages none\ngames 0\n"
                            "starved 0\nstate playing\nmode pvc\nmoves none\n",
                            err, sizeof err),
                 0, "%s", err);
    /* ... however long: a game's moves fill well over 1000 characters. */
    char longer[4096];
    int n = snprintf(longer, sizeof longer, "money 1\nstamina 5\nfeed 0\npigs 0\ngrown 0\n"
                                            "ages none\ngames 0\nstarved 0\nstate playing\nmoves");
    for (int i = 0; i < 225 && n < (int)sizeof longer - 8; i++)
        n += snprintf(longer + n, sizeof longer - (size_t)n, " b:o15");
    snprintf(longer + n, sizeof longer - (size_t)n, "\n");
    cr_assert_gt(strlen(longer), 1200);
    cr_assert_eq(record_parse(&g, longer, err, sizeof err), 0, "%s", err);
}

/* A refused action changes nothing. */
Test(farm_seed, refusals_change_nothing)
{
    farm_t f, before;
    farm_init(&f);
    f.money = 3;
    before = f;
    cr_expect_eq(farm_act(&f, FARM_SELL_PIG), FARM_NO_GROWN_PIG);
    cr_expect_eq(farm_act(&f, (farm_action_t)99), FARM_BAD_ACTION);
    cr_expect_eq(memcmp(&f, &before, sizeof f), 0);
    f.money = 1000;
    for (int i = 0; i < FARM_MAX_PIGS; i++)
        cr_assert_eq(farm_act(&f, FARM_BUY_PIG), FARM_OK);
    before = f;
    cr_expect_eq(farm_act(&f, FARM_BUY_PIG), FARM_TOO_MANY_PIGS);
    cr_expect_eq(memcmp(&f, &before, sizeof f), 0);
}
