/* protocols/connect4_cli.h - `tabletop connect4 ...` subcommands (seed 004). */
#ifndef TABLETOP_C4_CLI_H
#define TABLETOP_C4_CLI_H

/* argv[0] is "connect4".  Returns the exit status. */
int c4_cli_main(int argc, char **argv);

#endif
