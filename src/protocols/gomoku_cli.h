/* protocols/gomoku_cli.h - `tabletop gomoku ...` subcommands (seed 002). */
#ifndef TABLETOP_GOMOKU_CLI_H
#define TABLETOP_GOMOKU_CLI_H

/* argv[0] is "gomoku".  Returns the exit status (2 for bad input). */
int gomoku_cli_main(int argc, char **argv);

#endif
