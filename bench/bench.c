/* bench.c - the `tabletop bench` dispatcher and reporting helpers. */
#include "bench/bench.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

/* Groups, one per area; each lives in bench/bench_NAME.c. */
int bench_go_run(int argc, char **argv);
int bench_sim_run(int argc, char **argv);
int bench_render_run(int argc, char **argv);
int bench_board_run(int argc, char **argv);
int bench_c4_run(int argc, char **argv);
int bench_gomoku_run(int argc, char **argv);
int bench_rules_run(int argc, char **argv);
int bench_link_run(int argc, char **argv);
int bench_othello_run(int argc, char **argv);
int bench_othello_machine_run(int argc, char **argv);
#define QUICK_ONLY "[--quick]"
static const bench_group_t bench_groups[] = {
    {"go", "Go engine: playouts, level-3 move times, pool, GNU Go beside; --pachi BINARY: Pachi beside", bench_go_run, "[--quick] [--playouts N] [--games N] [--match-playouts N] [--ours-playouts N] [--no-resign] [--pachi BINARY [--pachi-playouts N]]"},
    {"sim", "sim backend: simulated clocks and VGA frames per second, beside the board's 60", bench_sim_run, QUICK_ONLY},
    {"render", "console: frame render + present + read-back on the sdl backend, PNG writing", bench_render_run, QUICK_ONLY},
    {"board", "board backend: HID decoding, register writes and frame read-back on a /dev/mem stand-in", bench_board_run, "[--devmem PATH]"},
    {"connect4", "Connect Four: AI decisions/s, mailbox clocks, results against perfect play, solve times on Pons' sets; --pons BINARY: his solver beside", bench_c4_run, "[--quick] [--full] [--sets DIR] [--pons BINARY]"},
    {"c4", "the same as connect4 (its old name)", bench_c4_run, "[--quick] [--full] [--sets DIR] [--pons BINARY]"},
    {"gomoku", "Gomoku: level-3 nodes/s and move times, a renju match of level 3 against the seed's levels; --rapfi BINARY: a match against Rapfi", bench_gomoku_run, "[--quick] [--games N] [--nodes N] [--rapfi BINARY [--rapfi-config FILE] [--rapfi-games 1-1000] [--turn-ms 100-600000] [--rapfi-rule 0|1|4] [--rapfi-turn-ms 100-600000]]"},
    {"rules", "Go rules peripheral: clocks per move, growth with the longest chain, software vs hardware decisions", bench_rules_run, QUICK_ONLY},
    {"link", "Go link protocol: moves/s, bytes per move, line time per move at 9600 baud, clean and faulty", bench_link_run, QUICK_ONLY},
    {"othello-machine", "Othello machine (seed 003): clocks per Black move, mean and max, by search depth", bench_othello_machine_run, QUICK_ONLY},
    {"othello", "Othello: perft leaves/s, exact solves of FFO positions (20 empties), move times per level; --edax BINARY: FFO beside Edax", bench_othello_run, "[--quick] [--ffo-all | --ffo FIRST-LAST] [--table-bits 10-28] [--threads 1-8] [--edax BINARY [--edax-eval FILE]] [--full]"},
    {NULL, NULL, NULL, NULL},
};

void bench_report(const char *name, double value, const char *unit)
{
    if (value != 0.0 && (value >= 1e6 || value < 1e-3))
        printf("%s: %.4g %s\n", name, value, unit);
    else if (value >= 1000.0 || value == (double)(long long)value)
        printf("%s: %.0f %s\n", name, value, unit);
    else
        printf("%s: %.3f %s\n", name, value, unit);
    fflush(stdout);
}

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double bench_cpu_now(void)
{
    struct timespec ts;
    /* A web page has no CPU clock (docs/web.md): there, the wall clock. */
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
        clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void bench_usage(FILE *out)
{
    fprintf(out, "usage: tabletop bench [NAME [--quick] [OPTIONS]]\n"
                 "       tabletop bench NAME --help   (that benchmark's options)\n\nbenchmarks:\n");
    for (const bench_group_t *g = bench_groups; g->name; g++)
        fprintf(out, "  %-10s %s\n", g->name, g->what);
}

int bench_main(int argc, char **argv)
{
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        bench_usage(stdout);
        return 0;
    }
    if (argc < 2) {
        int status = 0;
        for (const bench_group_t *g = bench_groups; g->name; g++) {
            int alias = 0; /* a second name of a group already run */
            for (const bench_group_t *e = bench_groups; e < g; e++)
                alias |= e->run == g->run;
            if (alias)
                continue;
            char *sub[] = {(char *)g->name, NULL};
            if (g->run(1, sub) != 0)
                status = 1;
        }
        return status;
    }
    for (const bench_group_t *g = bench_groups; g->name; g++) {
        if (strcmp(g->name, argv[1]) != 0)
            continue;
        for (int i = 2; i < argc; i++)
            if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
                printf("usage: tabletop bench %s %s\n  %s\n", g->name, g->options, g->what);
                return 0;
            }
        if (!strcmp(g->options, QUICK_ONLY))
            for (int i = 2; i < argc; i++)
                if (strcmp(argv[i], "--quick") != 0) {
                    fprintf(stderr, "tabletop bench %s: unknown option '%s' (only --quick; "
                                    "try tabletop bench %s --help)\n",
                            g->name, argv[i], g->name);
                    return 2;
                }
        return g->run(argc - 1, argv + 1);
    }
    fprintf(stderr, "tabletop bench: unknown benchmark '%s'\n", argv[1]);
    bench_usage(stderr);
    return 2;
}
