/*
 * screens/othello_play.c - the Othello screen's steps of a game: a move
 * played, the game over or stopped by the referee, and the computer
 * players behind the opponent seam (opponent.h), asked through think.c:
 * the engine on the think thread, the machine on the console's, which also
 * hears White's moves and replays a record after a reset.
 */
#include <stdio.h>

#include "common/keys.h"
#include "othello_screen.h"

/* The game is over: counts, the winner, the record kept. */
void othello_screen_finish(os_screen_t *s)
{
    char result[64];
    snprintf(s->status, sizeof s->status, "%s. Enter: again",
             othello_session_result_text(&s->game, result, sizeof result));
    s->screen = OS_OVER;
    s->sound = AUDIO_GAME_OVER;
    s->suspended = 0;
    othello_screen_autosave(s);
}

/* The referee stops the game: the message says why; the record is kept. */
void othello_screen_stop(os_screen_t *s, const char *why)
{
    fprintf(stderr, "tabletop othello: %s\n", why);
    othello_session_stop(&s->game, why);
    snprintf(s->status, sizeof s->status, "%s", s->game.stop_reason);
    s->machine_ready = 0;
    s->screen = OS_OVER;
    s->sound = AUDIO_ILLEGAL;
    s->suspended = 0;
    othello_screen_autosave(s);
    s->dirty = 1;
}

/* Records and plays a legal ply (a disc or a pass). */
void othello_screen_apply(os_screen_t *s, int move)
{
    othello_session_play(&s->game, move);
    if (move != OTHELLO_PASS)
        s->sound = AUDIO_PLACE;
    s->dirty = 1;
}

/* ---- the computer players, behind the opponent seam ---- */

/* Who plays colour when it is not a person: the engine or the machine
 * (NULL: a person, or no machine on this console). */
opponent_t *othello_screen_player(os_screen_t *s, int colour)
{
    othello_player_t p = othello_session_player(&s->game, colour);
    if (p == OTHELLO_PLAYER_HUMAN)
        return NULL;
    return opponents_get(&s->players, p == OTHELLO_PLAYER_ENGINE ? OPPONENT_OTHELLO_ENGINE
                                                                 : OPPONENT_OTHELLO_MACHINE);
}

/* The machine hears a ply of the side to move when it must (White's, once
 * it is in step).  Returns 0, or -1 after stopping the game. */
int othello_screen_machine_tell(os_screen_t *s, int move)
{
    if (!s->machine_ready || !othello_session_machine_hears(&s->game, s->game.board.to_move))
        return 0;
    opponent_t *machine = othello_screen_player(s, OTHELLO_BLACK);
    othello_opponent_position_t pos = {.board = s->game.board};
    char err[160];
    if (machine->played(machine, &pos, move, err, sizeof err) != 0) {
        othello_screen_stop(s, err);
        return -1;
    }
    return 0;
}

static int os_replay_hear(void *ctx, const othello_board_t *before, int move, char *err,
                          size_t errlen)
{
    opponent_t *m = ctx;
    othello_opponent_position_t pos = {.board = *before};
    return m->played(m, &pos, move, err, errlen);
}

static int os_replay_answer(void *ctx, const othello_board_t *before, int *move, char *err,
                            size_t errlen)
{
    opponent_t *m = ctx;
    othello_opponent_position_t pos = {.board = *before};
    opponent_answer_t answer;
    if (opponent_move_now(m, &pos, &answer, err, errlen) != 0)
        return -1;
    *move = answer.move;
    return 0;
}

/* Resets the machine and plays the record into it, checking that its
 * answers are the record's.  Returns 0, or -1 after stopping the game. */
int othello_screen_machine_sync(os_screen_t *s)
{
    s->machine_ready = 0;
    opponent_t *machine = othello_screen_player(s, OTHELLO_BLACK);
    if (!machine) {
        othello_screen_stop(s, "No hardware backend: the machine is not there");
        return -1;
    }
    char err[160];
    if (machine->new_game(machine, 0, err, sizeof err) != 0 ||
        othello_session_replay(&s->game, OTHELLO_BLACK, os_replay_hear, os_replay_answer,
                               machine, err, sizeof err) != 0) {
        othello_screen_stop(s, err);
        return -1;
    }
    s->machine_ready = 1;
    return 0;
}

/* The computer to move is asked through think.c.  The engine's move waits
 * for the frame that shows the last one; the machine's is taken at once,
 * as a call's would be.  Returns 1 when the answer is in now, 0 when a
 * tick takes it, -1 after stopping the game. */
int othello_screen_ask(os_screen_t *s, othello_next_t next)
{
    opponent_t *o = othello_screen_player(s, s->game.board.to_move);
    othello_opponent_position_t pos = {.board = s->game.board};
    char err[160];
    if (!o) {
        othello_screen_stop(s, "Out of memory for the computer player");
        return -1;
    }
    if (think_ask(&s->think, o, &pos, err, sizeof err) != 0) {
        othello_screen_stop(s, err);
        return -1;
    }
    if (next == OTHELLO_NEXT_MACHINE)
        think_start_clock(&s->think, s->now);
    return think_ready(&s->think, s->now);
}

/* The computer's answer: checked, heard by the machine when it must (the
 * engine's White moves), played and saved.  Returns 0, or -1 after
 * stopping the game. */
int othello_screen_take_answer(os_screen_t *s)
{
    opponent_answer_t a;
    char err[160];
    if (think_answer(&s->think, &a, err, sizeof err) != OPPONENT_MOVED) {
        othello_screen_stop(s, err);
        return -1;
    }
    if (!othello_is_legal(&s->game.board, a.move)) {
        othello_screen_stop(s, "The computer chose an illegal move: game stopped");
        return -1;
    }
    if (a.move == OTHELLO_PASS) {
        int machine = othello_session_player(&s->game, s->game.board.to_move) ==
                      OTHELLO_PLAYER_MACHINE;
        snprintf(s->notice, sizeof s->notice, "The %s has no move and passes",
                 machine ? "machine" : "computer");
        s->notice_color = COLOR_TEXT;
    }
    if (othello_screen_machine_tell(s, a.move) != 0)
        return -1;
    othello_screen_apply(s, a.move);
    othello_screen_autosave(s);
    return 0;
}

