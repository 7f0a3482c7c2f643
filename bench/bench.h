/*
 * bench.h - `tabletop bench [NAME]`: figures, not pass/fail.
 * Every figure is one line `name: value unit` on stdout.
 */
#ifndef TABLETOP_BENCH_H
#define TABLETOP_BENCH_H

#include <stdint.h>

/* Prints "name: value unit" with a sensible number of digits. */
void bench_report(const char *name, double value, const char *unit);

/* Monotonic wall-clock seconds and the process's CPU seconds (wall-clock
 * seconds where there is no CPU clock: a web page). */
double bench_now(void);
double bench_cpu_now(void);

/* A benchmark group: `tabletop bench NAME` runs the group called NAME,
 * `tabletop bench` runs all of them.  argc/argv are the arguments after
 * NAME (for options such as --quick). */
typedef struct bench_group {
    const char *name;
    const char *what;
    int (*run)(int argc, char **argv);
    /* Its options as a usage line shows them (`tabletop bench NAME --help`);
     * a group whose only option is "[--quick]" has the rest refused here. */
    const char *options;
} bench_group_t;

/* `tabletop bench ...`: argv[0] is "bench".  Returns the exit status. */
int bench_main(int argc, char **argv);

#endif
