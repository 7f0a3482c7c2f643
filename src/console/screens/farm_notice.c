/*
 * screens/farm_notice.c - what the farm screen says before and after the
 * seed's rules bite (docs/farm.md, issue 54): the question before a choice
 * those rules make costly (money below zero, a pig with no feed, END GAME
 * too poor, a game at too little stamina), the farm page's word after a
 * counted game (the coins, the stamina, the pigs that starved) and the
 * line under YOU DIE that says what ended the farm.  The rules stay
 * farm.c's; this file only words them.  Every text fits the tile page's
 * two lines of 26 letters (the notice) or one (the YOU DIE page).
 */
#include <stdio.h>
#include <string.h>

#include "gomoku_screen.h"

/* What each farm choice costs in coins (farm.h's numbers). */
static int gk_farm_cost(farm_action_t action)
{
    /* Not a switch: a meal and feed cost the same, which clang-tidy reads
     * as two cloned branches. */
    return action == FARM_BUY_PIG    ? FARM_PIG_COST
           : action == FARM_EAT      ? FARM_MEAL_COST
           : action == FARM_BUY_FEED ? FARM_FEED_COST
                                     : 0;
}

int gk_farm_question(const farm_t *f, farm_action_t action, char *text, size_t len)
{
    int cost = gk_farm_cost(action);
    if (f->money - cost < 0) {
        /* §2.2: money below zero at any moment loses. */
        snprintf(text, len, "Costs %d, you have %d: money below 0 loses. Enter: buy", cost,
                 f->money);
        return 1;
    }
    if (action == FARM_END_GAME && f->money <= FARM_WIN_MONEY) {
        /* §2.2: ending with 30 coins or fewer loses. */
        snprintf(text, len, "%d coins: %d or fewer loses the farm. Enter: end", f->money,
                 FARM_WIN_MONEY);
        return 1;
    }
    if (action == FARM_BUY_PIG && f->feed < (f->pigs + 1) * FARM_FEED_PER_PIG) {
        /* §2.2: a pig without feed dies; the oldest eat first, so the new
         * one is the one that starves after the next game. */
        snprintf(text, len, "No feed for it: it starves after a game. Enter: buy");
        return 1;
    }
    return 0;
}

void gk_farm_game_notice(const gomoku_session_end_t *end, char *text, size_t len)
{
    static const char *const word[] = {"won", "lost", "drawn"};
    static const char *const coins[] = {"coins +5", "coins -1", "no coins"};
    int o = end->outcome == FARM_GAME_WON ? 0 : end->outcome == FARM_GAME_LOST ? 1 : 2;
    if (!end->starved) {
        snprintf(text, len, "Game %s: %s, stamina -%d", word[o], coins[o], FARM_GAME_STAMINA);
        return;
    }
    /* The first line the game, the second the pigs (26 letters each). */
    static const char *const shortword[] = {"Won: +5 coins", "Lost: -1 coin", "Draw: 0 coins"};
    snprintf(text, len, "%s, -%d stamina. %d pig%s starved: no feed", shortword[o],
             FARM_GAME_STAMINA, end->starved, end->starved == 1 ? "" : "s");
}

void gk_result_status(const gk_screen_t *s, const gomoku_session_end_t *end, char *text,
                      size_t len)
{
    int ai = gomoku_session_ai_color(&s->gs);
    const char *name = end->winner == GOMOKU_BLACK ? "Black" : "White";
    if (end->winner == GOMOKU_DRAW)
        snprintf(text, len, "The board is full: a draw.");
    else if (!ai)
        snprintf(text, len, "%s wins!", name);
    else
        snprintf(text, len, "%s",
                 end->winner == ai ? "You lose: the computer has five." : "You win!");
    size_t n = strlen(text);
    if (end->counted && n < len)
        snprintf(text + n, len - n, " %s, -%d stamina%s.",
                 end->outcome == FARM_GAME_WON    ? "+5 coins"
                 : end->outcome == FARM_GAME_LOST ? "-1 coin"
                                                  : "no coins",
                 FARM_GAME_STAMINA, end->starved ? ", pigs starved" : "");
    n = strlen(text);
    if (n < len)
        snprintf(text + n, len - n, "%s",
                 s->gs.farm.state != FARM_PLAYING ? " The farm is over: any key."
                                                  : " Enter: again, c: farm");
}

int gk_player_lost(const gk_screen_t *s)
{
    int ai = gomoku_session_ai_color(&s->gs);
    return ai && gomoku_session_over(&s->gs) && s->gs.game.winner == ai;
}

void gk_farm_note_cause(gk_screen_t *s, int cause, int what, int starved)
{
    s->cause = cause;
    s->cause_what = what;
    s->cause_starved = starved;
}

int gk_farm_end_detail(const gk_screen_t *s, char *text, size_t len)
{
    const farm_t *f = &s->gs.farm;
    text[0] = 0;
    if (f->state != FARM_LOST || s->cause == GK_CAUSE_NONE)
        return 0; /* a farm resumed already over: the reason alone */
    if (f->why == FARM_WHY_STAMINA && s->cause == GK_CAUSE_GAME) {
        snprintf(text, len, "The game cost %d, you had %d", FARM_GAME_STAMINA,
                 f->stamina + FARM_GAME_STAMINA);
    } else if (f->why == FARM_WHY_MONEY && s->cause == GK_CAUSE_GAME) {
        snprintf(text, len, "The lost game cost %d coin", FARM_LOSS_COST);
    } else if (f->why == FARM_WHY_MONEY && s->cause == GK_CAUSE_ACTION) {
        static const char *const what[FARM_ACTIONS] = {"A pig costs", "", "A meal costs",
                                                       "Feed costs", ""};
        int cost = gk_farm_cost((farm_action_t)s->cause_what);
        snprintf(text, len, "%s %d, you had %d", what[s->cause_what], cost, f->money + cost);
    } else if (f->why == FARM_WHY_POOR) {
        snprintf(text, len, "You needed more than %d", FARM_WIN_MONEY);
    }
    return text[0] != 0;
}

int gk_farm_starved_line(const gk_screen_t *s, char *text, size_t len)
{
    text[0] = 0;
    if (s->cause != GK_CAUSE_GAME || !s->cause_starved)
        return 0;
    snprintf(text, len, "%d pig%s starved: no feed", s->cause_starved,
             s->cause_starved == 1 ? "" : "s");
    return 1;
}

/* The stones of colour c on the board. */
static int gk_stones_of(const gomoku_t *g, int c)
{
    int n = 0;
    for (int i = 0; i < g->moves; i++)
        n += gomoku_at(g, g->history[i]) == c;
    return n;
}

int gk_board_stamina_question(const gk_screen_t *s, char *text, size_t len)
{
    int ai = gomoku_session_ai_color(&s->gs);
    const farm_t *f = &s->gs.farm;
    int tired = f->stamina < FARM_GAME_STAMINA, poor = f->money < FARM_LOSS_COST;
    if (!ai || f->state != FARM_PLAYING || !(tired || poor) || gomoku_session_over(&s->gs))
        return 0;
    int player = ai == GOMOKU_BLACK ? GOMOKU_WHITE : GOMOKU_BLACK;
    if (gk_stones_of(&s->gs.game, player) > 0)
        return 0; /* asked at the first stone, answered */
    if (tired)
        snprintf(text, len,
                 "Stamina %d, a game costs %d: win or lose, the farm ends. Enter: play, c: farm "
                 "(eat)",
                 f->stamina, FARM_GAME_STAMINA);
    else /* §2.2: a lost game costs a coin, and money below zero loses */
        snprintf(text, len, "%d coins: a lost game costs %d and ends the farm. Enter: play",
                 f->money, FARM_LOSS_COST);
    return tired ? 1 : 2;
}
