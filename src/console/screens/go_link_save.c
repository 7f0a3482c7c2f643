/*
 * screens/go_link_save.c - the link game's files: go-link.sgf (the game,
 * written atomically after every move) and go-link.side (this console's
 * colour); a saved game read back to resume from the last agreed move, or
 * put aside as *.corrupt when it cannot be.
 */
#include <stdio.h>
#include <string.h>

#include "console/save.h"
#include "console/sgf_save.h"
#include "go_link_screen.h"

/* The game at path (atomic), then this side's colour in go-link.side. */
static int write_game(const char *path, void *game, char *err, size_t len)
{
    go_link_game_t *g = game;
    const char *side = link_agreement(&g->link)->mine == BLACK ? "black\n" : "white\n";
    if (sgf_save_file(path, g->record, err, len) != 0)
        return -1;
    return save_write_text(g->side_path, side, err, len);
}

/* Saves the game and this side's colour; a failure is shown. */
void go_link_autosave(go_link_game_t *g)
{
    if (!g->saves.have)
        return;
    char err[512];
    if (link_to_sgf(&g->link, g->record) != 0)
        return;
    snprintf(g->record->application, SGF_TEXT, "%s", "tabletop link");
    if (screen_autosave_with(&g->saves, write_game, g, err, sizeof err) != 0) {
        snprintf(g->warn, sizeof g->warn, "%s", "Autosave failed: see the terminal");
        g->dirty = 1;
    }
}

/* The saved game cannot be resumed: it is moved aside (kept, never
 * overwritten) and the player is told why and where it went. */
void go_link_saved_unreadable(go_link_game_t *g, const char *why)
{
    char aside[SCREEN_PATH_LEN], err[512];
    g->n_saved = 0;
    if (save_move_aside(g->saves.path, "corrupt", aside, sizeof aside, err, sizeof err) == 0) {
        fprintf(stderr, "tabletop: saved link game unreadable (%s); moved to %s; starting a new "
                        "one\n", why, aside);
        snprintf(g->notice, sizeof g->notice, "Saved link game unreadable: %.120s; moved to %.80s",
                 why, screen_file_name(aside));
    } else {
        fprintf(stderr, "tabletop: saved link game unreadable (%s), and it could not be moved "
                        "aside (%s): starting a new one over it\n", why, err);
        snprintf(g->notice, sizeof g->notice, "Saved link game unreadable: %.120s", why);
    }
}

/* A saved, unfinished link game to resume: fills g->saved. */
void go_link_load_saved(go_link_game_t *g)
{
    g->n_saved = 0;
    if (!g->saves.have || !save_exists(g->saves.path))
        return;
    char err[512], why[600];
    sgf_game_t *rec = g->record;
    FILE *f = fopen(g->side_path, "r");
    char side[16] = "";
    if (f) {
        if (!fgets(side, sizeof side, f))
            side[0] = 0;
        fclose(f);
    }
    Stone mine = !strncmp(side, "black", 5) ? BLACK : !strncmp(side, "white", 5) ? WHITE : EMPTY;
    if (sgf_read_file(g->saves.path, rec, err, sizeof err) != 0) {
        go_link_saved_unreadable(g, err);
        return;
    }
    if (rec->result[0]) { /* finished: a record, not a game to resume */
        save_replace(g->saves.path, g->saves.last_path);
        return;
    }
    int n = -1;
    if (mine == EMPTY)
        snprintf(why, sizeof why, "%s is missing or names no colour", LINK_SIDE);
    else if (rec->size > LINK_MAX_SIZE)
        snprintf(why, sizeof why, "a %dx%d board; a link game is at most %dx%d", rec->size,
                 rec->size, LINK_MAX_SIZE, LINK_MAX_SIZE);
    else if ((n = link_bytes_from_sgf(rec, g->saved, LINK_MAX_MOVES)) < 0)
        snprintf(why, sizeof why, "setup stones, a move off the board or over %d moves",
                 LINK_MAX_MOVES);
    if (n < 0) {
        go_link_saved_unreadable(g, why);
        return;
    }
    g->n_saved = n;
    g->saved_size = rec->size;
    g->saved_komi2 = rec->komi2;
    g->saved_mine = mine;
}

