/*
 * cli_args.h - what every protocol front-end (gtp, othello-gtp, pbrain,
 * connect4, gomoku, othello, link-bot) says about its own command line:
 *
 *     if (cli_is_help(argv[i])) { fputs(usage, stdout); return 0; }
 *     return cli_bad("othello perft", "unknown option '%s'", argv[i]);
 */
#ifndef TABLETOP_PROTOCOLS_CLI_ARGS_H
#define TABLETOP_PROTOCOLS_CLI_ARGS_H

/* A bad command line of `tabletop WHAT`: one line on stderr naming what is
 * wrong and where the usage is (not the usage itself, which would bury the
 * line); returns exit status 2.  The usage named is that of WHAT's first
 * word ("othello perft" -> tabletop othello --help). */
int cli_bad(const char *what, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* 1 for --help or -h: the caller prints its usage on stdout, exit 0. */
int cli_is_help(const char *arg);

#endif
