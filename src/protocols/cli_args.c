/* cli_args.c - the protocol front-ends' command-line messages (cli_args.h). */
#include "protocols/cli_args.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int cli_bad(const char *what, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "tabletop %s: ", what);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    int cmd = (int)strcspn(what, " ");
    fprintf(stderr, " (try 'tabletop %.*s --help')\n", cmd, what);
    return 2;
}

int cli_is_help(const char *arg)
{
    return !strcmp(arg, "--help") || !strcmp(arg, "-h");
}
