/* gtp.h - Go Text Protocol v2 engine on stdin/stdout (`tabletop gtp`). */
#ifndef TABLETOP_GTP_H
#define TABLETOP_GTP_H
#include <stdio.h>

/* `tabletop gtp [--level 1|2|3] [--playouts N] [--seed N]`: argv[0] is "gtp".
 * Returns the exit status. */
int gtp_main(int argc, char **argv);

#endif
