/*
 * gtp_dispatch.h - one Go Text Protocol v2 dispatcher for every engine
 * that speaks it (Go: gtp_engine.c, Othello: othello_gtp.c).  It does what
 * GTP says of every line, whatever the game: preprocessing (control
 * characters, comments, tabs), the optional numeric id, the command
 * lookup in the game's table, the standard error replies and the framing
 * of "=id answer\n\n" / "?id message\n\n".  A game supplies its table of
 * commands; the six every engine has (protocol_version, name, version,
 * known_command, list_commands, quit) come from GTP_STANDARD_COMMANDS.
 *
 *   static int cmd_play(gtp_dispatch_t *d, int argc, char **argv)
 *   {
 *       game_t *g = gtp_dispatch_game(d);
 *       if (argc < 2)
 *           return gtp_fail(d, "syntax error");
 *       ...
 *       gtp_reply(d, "%s", answer);
 *       return 0;
 *   }
 *   static const gtp_command_t commands[] = {GTP_STANDARD_COMMANDS, {"play", cmd_play}};
 *   gtp_dispatch_t *d = gtp_dispatch_new(&(gtp_dispatch_config_t){
 *       .commands = commands, .n_commands = 7, .game = g, .max_words = 8});
 *   const char *r = gtp_dispatch_execute(d, "1 play b d3", 11);   // "=1\n\n" (rhino style)
 *
 * Two styles keep the replies of the controllers' reference engines byte
 * for byte, where GTP leaves the wording and the edge cases open: GNU Go's
 * for Go, gtp-rhino's for Othello (docs/gtp.md, docs/othello.md).
 */
#ifndef TABLETOP_GTP_DISPATCH_H
#define TABLETOP_GTP_DISPATCH_H

#include <stdarg.h>
#include <stddef.h>

typedef struct gtp_dispatch gtp_dispatch_t;

/* A command: argv holds the argc words after the command's name.  Returns
 * 0 with the answer built by gtp_reply (may be empty), or gtp_fail's -1. */
typedef int (*gtp_handler_t)(gtp_dispatch_t *d, int argc, char **argv);

/* One row of a game's command table; list_commands lists them in order. */
typedef struct gtp_command {
    const char *name; /* "genmove" */
    gtp_handler_t run;
} gtp_command_t;

/* Where GTP leaves the reply open, whose choice to keep. */
typedef enum gtp_style {
    GTP_STYLE_GNUGO = 0, /* GNU Go's (Go): "=id \n\n" for an empty answer, a word
                          * starting with a digit that is no id is a command */
    GTP_STYLE_RHINO,     /* gtp-rhino's (Othello): "=id\n\n", a malformed id and a
                          * line of too many words refused before the id is read */
} gtp_style_t;

/* Zeroed fields mean "default" where one is given. */
typedef struct gtp_dispatch_config {
    const gtp_command_t *commands; /* the game's table, GTP_STANDARD_COMMANDS included */
    size_t n_commands;
    void *game;                    /* handed back by gtp_dispatch_game */
    gtp_style_t style;
    int max_words;                 /* words a line may hold, id and command included
                                    * (more: "syntax error"); 0: 64 */
} gtp_dispatch_config_t;

/* A dispatcher over cfg's table (kept, not copied); NULL if out of memory. */
gtp_dispatch_t *gtp_dispatch_new(const gtp_dispatch_config_t *cfg);
void gtp_dispatch_free(gtp_dispatch_t *d);

/* The game given at gtp_dispatch_new, for the handlers. */
void *gtp_dispatch_game(const gtp_dispatch_t *d);

/* Runs the n bytes at line (one line, with or without its '\n'; NUL bytes
 * are removed like other control characters).  Returns the whole framed
 * response, valid until the next call, or NULL when the line is empty
 * after preprocessing (nothing must be sent).  Never fails: errors,
 * running out of memory included, are "?" responses. */
const char *gtp_dispatch_execute(gtp_dispatch_t *d, const char *line, size_t n);

/* 1 once "quit" has been answered. */
int gtp_dispatch_wants_quit(const gtp_dispatch_t *d);

/* Appends printf-style text to the answer being built. */
void gtp_reply(gtp_dispatch_t *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* gtp_reply with a va_list, for a game's own reply helpers. */
void gtp_vreply(gtp_dispatch_t *d, const char *fmt, va_list ap);

/* Makes the answer the error message fmt; returns -1 for the handler to return. */
int gtp_fail(gtp_dispatch_t *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* gtp_fail with a va_list. */
int gtp_vfail(gtp_dispatch_t *d, const char *fmt, va_list ap);

/* The standard commands, answered alike for every game: protocol_version
 * "2", name "tabletop", version the program's, known_command "true" /
 * "false" over the game's table, list_commands its names, quit. */
int gtp_cmd_protocol_version(gtp_dispatch_t *d, int argc, char **argv);
int gtp_cmd_name(gtp_dispatch_t *d, int argc, char **argv);
int gtp_cmd_version(gtp_dispatch_t *d, int argc, char **argv);
int gtp_cmd_known_command(gtp_dispatch_t *d, int argc, char **argv);
int gtp_cmd_list_commands(gtp_dispatch_t *d, int argc, char **argv);
int gtp_cmd_quit(gtp_dispatch_t *d, int argc, char **argv);

/* The first rows of every game's table, in the order list_commands gives. */
#define GTP_STANDARD_COMMANDS                                                                  \
    {"protocol_version", gtp_cmd_protocol_version}, {"name", gtp_cmd_name},                    \
        {"version", gtp_cmd_version}, {"known_command", gtp_cmd_known_command},                \
        {"list_commands", gtp_cmd_list_commands}, {"quit", gtp_cmd_quit}

#endif
