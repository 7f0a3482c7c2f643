/* Temporary until the console lands (issue 3). */
#include <stdio.h>
#include "console/console.h"
int console_run(const console_options_t *opts) { (void)opts; fprintf(stderr, "tabletop: the console is not built yet\n"); return 2; }
