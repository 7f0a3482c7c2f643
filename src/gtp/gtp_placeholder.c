/* Temporary until the GTP engine lands (issue 2). */
#include <stdio.h>
#include "gtp/gtp.h"
int gtp_main(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "tabletop: gtp is not built yet\n"); return 2; }
