/* protocols/othello_cli.h - `tabletop othello ...` one-shot queries and
 * `tabletop othello-gtp`, the Othello engine over GTP (seed 003). */
#ifndef TABLETOP_OTHELLO_CLI_H
#define TABLETOP_OTHELLO_CLI_H

/* argv[0] is "othello".  Returns the exit status (2 for bad input). */
int othello_cli_main(int argc, char **argv);

/* argv[0] is "othello-gtp".  Runs GTP on stdin/stdout; returns the exit status. */
int othello_gtp_main(int argc, char **argv);

#endif
