/*
 * screens/go_link_keys.c - the keys of Go against another console (seed
 * 001; docs/link.md): the cursor, a move or a pass on this side's turn
 * (input is locked on the other's), resigning, and the shared dead-stone
 * review; go_link.c sends and receives.
 */
#include <stdio.h>
#include <string.h>

#include "common/keys.h"
#include "games/go/board.h"
#include "go_link_screen.h"

/* Seed 001's cursor in play: it skips occupied points and never leaves
 * the board.  In the review (free) it moves point by point over stones. */
static void cursor_move(go_link_game_t *g, int dr, int dc, int free_move)
{
    const BoardState *b = link_board(&g->link);
    int size = b->size ? b->size : BOARD_DEFAULT_SIZE;
    for (int r = g->cur_row + dr, c = g->cur_col + dc; r >= 0 && c >= 0 && r < size && c < size;
         r += dr, c += dc)
        if (free_move || board_get(b, r, c) == EMPTY) {
            g->cur_row = r, g->cur_col = c;
            break;
        }
    g->dirty = 1;
}

static const char *refusal(int r)
{
    switch (r) {
    case MOVE_ILLEGAL_SUICIDE:
        return "Illegal move: suicide";
    case MOVE_ILLEGAL_KO:
        return "Illegal move: ko (play elsewhere first)";
    case MOVE_ILLEGAL_OCCUPIED:
        return "Illegal move: the point is taken";
    default:
        return "Illegal move";
    }
}

static void play(go_link_game_t *g, Move m)
{
    int r = link_play(&g->link, m, go_link_real_ms());
    if (r != MOVE_OK) {
        if (link_state(&g->link) == LINK_FAILED)
            return; /* the rules failed to answer: the event says why */
        go_link_warn(g, r < 0 ? "Not your turn" : refusal(r));
        return;
    }
    g->sound = m.pass ? AUDIO_NONE
               : link_board(&g->link)->last_captures ? AUDIO_CAPTURE
                                                     : AUDIO_PLACE;
    g->own_passed = m.pass;
    g->peer_passed = 0;
    g->resumed = 0;
    g->dirty = 1;
    go_link_autosave(g);
    go_link_pump(g);
}

/* Keys of the dead-stone review (LINK_REVIEW). */
static void review_key(go_link_game_t *g, int key)
{
    const link_review_t *rv = link_review(&g->link);
    const BoardState *b = link_board(&g->link);
    int dr, dc;
    if (hid_arrow_step(key, 0, &dr, &dc)) {
        cursor_move(g, dr, dc, 1);
        return;
    }
    if (rv->counting && (key == HID_KEY_LETTER('p') || key == HID_KEY_ENTER || key == HID_KEY_SPACE)) {
        go_link_warn(g, "Counted: waiting for the other console to confirm the count");
    } else if (key == HID_KEY_LETTER('p')) {
        if (rv->at_limit) {
            char w[96];
            snprintf(w, sizeof w, "No play on: the game reached the link's limit of %d moves",
                     link_agreement(&g->link)->max_moves);
            go_link_warn(g, w);
        } else if (link_review_resume(&g->link, go_link_real_ms()) == 0) {
            g->dirty = 1;
        }
    } else if (!rv->known) {
        if (key == HID_KEY_ENTER || key == HID_KEY_SPACE)
            go_link_warn(g, "Wait: the other console's marks have not arrived yet");
    } else if (key == HID_KEY_ENTER) {
        Stone st = board_get(b, g->cur_row, g->cur_col);
        if (st == EMPTY) {
            go_link_warn(g, "No stone here: Enter marks a stone's chain dead or alive");
            return;
        }
        if (link_review_toggle(&g->link, g->cur_row, g->cur_col, go_link_real_ms()) != 0)
            return;
        /* Our own change: flip the chain in what we expect to see back. */
        int size = b->size, stack[LINK_NPOINTS], n = 0;
        uint8_t seen[LINK_NPOINTS] = {0};
        int p0 = g->cur_row * size + g->cur_col;
        uint8_t mark = !g->seen_dead[p0];
        stack[n++] = p0;
        seen[p0] = 1;
        while (n > 0) {
            int p = stack[--n], r = p / size, c = p % size;
            g->seen_dead[p] = mark;
            static const int dr4[4] = {-1, 1, 0, 0}, dc4[4] = {0, 0, -1, 1};
            for (int k = 0; k < 4; k++) {
                int rr = r + dr4[k], cc = c + dc4[k];
                if (rr < 0 || cc < 0 || rr >= size || cc >= size)
                    continue;
                int q = rr * size + cc;
                if (!seen[q] && board_get(b, rr, cc) == st) {
                    seen[q] = 1;
                    stack[n++] = q;
                }
            }
        }
        g->peer_changed = 0;
        g->own_flip = g->my_acted = 1;
        g->accept_wish = 0; /* a change withdraws both acceptances */
        if (!rv->pending)
            memcpy(g->seen_dead, rv->dead, sizeof g->seen_dead); /* the leader: applied at once */
        g->dirty = 1;
    } else if (key == HID_KEY_SPACE) {
        int want = !(rv->pending ? g->accept_wish : go_link_my_acceptance(g));
        if (link_review_accept(&g->link, want, go_link_real_ms()) == 0) {
            g->accept_wish = want;
            g->my_acted = 1;
            g->dirty = 1;
        }
    }
    go_link_pump(g);
}

console_game_status_t go_link_key(void *p, int key)
{
    go_link_game_t *g = p;
    link_state_t s = link_state(&g->link);
    g->warn[0] = 0;
    g->dirty = 1;
    if (s == LINK_OFFER && !g->failed) {
        /* Enter takes the other console's saved game; n or Escape declines. */
        if (key == HID_KEY_ENTER || key == HID_KEY_LETTER('n') || key == HID_KEY_ESCAPE) {
            link_take_offer(&g->link, key == HID_KEY_ENTER, go_link_real_ms());
            go_link_pump(g);
        }
        return key == HID_KEY_ESCAPE ? CONSOLE_GAME_LEAVE : CONSOLE_GAME_STAY;
    }
    if (key == HID_KEY_ESCAPE || ((s == LINK_OVER || g->failed) && key == HID_KEY_ENTER)) {
        /* The game is on disk; the link stays open until the console quits. */
        return CONSOLE_GAME_LEAVE;
    }
    if (g->failed)
        return CONSOLE_GAME_STAY;
    if (s == LINK_OVER) {
        if (key == HID_KEY_LETTER('v'))
            g->hide_result = !g->hide_result;
        return CONSOLE_GAME_STAY;
    }
    if (s == LINK_REVIEW) {
        review_key(g, key);
        return CONSOLE_GAME_STAY;
    }
    if (s != LINK_PLAYING)
        return CONSOLE_GAME_STAY;
    if (g->confirm_resign) {
        g->confirm_resign = 0;
        if (key == HID_KEY_ENTER && link_resign(&g->link, go_link_real_ms()) == 0) {
            go_link_autosave(g);
            go_link_pump(g);
        }
        return CONSOLE_GAME_STAY;
    }
    int dr, dc;
    if (hid_arrow_step(key, 0, &dr, &dc))
        cursor_move(g, dr, dc, 0);
    else if (!link_my_turn(&g->link)) {
        if (key == HID_KEY_ENTER || key == HID_KEY_SPACE || key == HID_KEY_LETTER('r'))
            go_link_warn(g, "Wait: it is the other console's turn"); /* input locked */
    } else if (key == HID_KEY_ENTER)
        play(g, (Move){.row = g->cur_row, .col = g->cur_col, .pass = 0});
    else if (key == HID_KEY_SPACE)
        play(g, (Move){.row = -1, .col = -1, .pass = 1});
    else if (key == HID_KEY_LETTER('r'))
        g->confirm_resign = 1;
    return CONSOLE_GAME_STAY;
}

