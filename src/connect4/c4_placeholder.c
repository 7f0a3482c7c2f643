/* Temporary until Connect Four lands (issue 6). */
#include <stdio.h>
#include "connect4/c4_cli.h"
int c4_cli_main(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "tabletop: connect4 is not built yet\n"); return 2; }
