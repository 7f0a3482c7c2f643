/*
 * test_backends.c - the backend registry (src/backends.c) and the HAL's walk
 * of it (hal/hal.c): the names --backend takes, in ARCHITECTURE.md's order,
 * the one-line errors the command line prints, and a test-only table that
 * shows a backend is one row and nothing else.
 */
#include <criterion/criterion.h>

#include <string.h>

#include "config.h"
#include "backends.h"
#include "hal.h"

/* ARCHITECTURE.md's command line: --backend sdl|sim|board, sdl by default. */
Test(backends, rows_are_the_command_lines_names)
{
    const char *want[] = {"sdl", "sim", "board"};
    size_t n = 0;
    while (tabletop_backends[n].name)
        n++;
    cr_assert_eq(n, 3);
    for (size_t k = 0; k < n; k++) {
        cr_expect_str_eq(tabletop_backends[k].name, want[k]);
        /* A row is either buildable or says why not. */
        cr_expect((tabletop_backends[k].open != NULL) != (tabletop_backends[k].missing != NULL),
                  "row %s", want[k]);
    }
    cr_expect_not_null(tabletop_backends[0].open, "sdl, the default, is always built");
    cr_expect_not_null(tabletop_backends[2].open, "board is always built");
    cr_expect_eq(tabletop_backends[1].open != NULL, HAVE_SIM != 0);
}

Test(backends, choice_lists_every_row)
{
    char buf[64];
    cr_assert_str_eq(hal_backend_choice(tabletop_backends, buf, sizeof buf), "sdl, sim or board");
    /* Too small a buffer is cut, never overrun. */
    char tiny[6] = "xxxxx";
    hal_backend_choice(tabletop_backends, tiny, 5);
    cr_expect_str_eq(tiny, "sdl,");
    cr_expect_eq(tiny[5], 0);
}

Test(backends, find_by_exact_name)
{
    cr_expect_eq(hal_backend_find(tabletop_backends, "sim"), &tabletop_backends[1]);
    cr_expect_null(hal_backend_find(tabletop_backends, "SDL"));
    cr_expect_null(hal_backend_find(tabletop_backends, "boar"));
    cr_expect_null(hal_backend_find(tabletop_backends, ""));
    cr_expect_null(hal_backend_find(tabletop_backends, NULL));
    cr_expect_null(hal_backend_find(NULL, "sdl"));
}

/* The message tests/hardening/edges.py and the command line rely on. */
Test(backends, unknown_name_is_refused_with_the_choice)
{
    hal_t h = {(const hal_ops_t *)1, (void *)1};
    hal_config_t cfg = {0};
    cfg.backend = "fpga";
    char err[256] = "";
    cr_assert_eq(hal_open(&h, &cfg, err, sizeof err), -1);
    cr_expect_str_eq(err, "unknown backend 'fpga' (choose sdl, sim or board)");
    cr_expect_null(h.ops);
    cr_expect_eq(hal_close(&h), 0, "closing what never opened is a no-op");
}

Test(backends, sim_without_verilator_says_how_to_get_it)
{
#if HAVE_SIM
    cr_skip_test("this build has the sim backend");
#else
    hal_t h;
    hal_config_t cfg = {0};
    cfg.backend = "sim";
    cfg.headless = 1;
    char err[256] = "";
    cr_assert_eq(hal_open(&h, &cfg, err, sizeof err), -1);
    cr_expect_str_eq(err, "sim backend not built: install verilator and g++, then reconfigure "
                          "(meson setup --reconfigure BUILD)");
    cr_expect_null(h.ops);
#endif
}

Test(backends, default_is_sdl)
{
    hal_t h;
    hal_config_t cfg = {0};
    cfg.headless = 1;
    char err[256] = "";
    cr_assert_eq(hal_open(&h, &cfg, err, sizeof err), 0, "%s", err);
    cr_expect_str_eq(h.ops->name, "sdl");
    cr_expect_eq(hal_close(&h), 0);
    cr_expect_null(h.ops);
}

/* A test-only registry: rows the program does not have behave the same. */
static int fake_opens;

static int fake_close(void *ctx)
{
    (void)ctx;
    return 0;
}

static const hal_ops_t fake_ops = {.name = "mem", .close = fake_close};

static int fake_open(hal_t *h, const hal_config_t *cfg, char *err, size_t errlen)
{
    (void)cfg, (void)err, (void)errlen;
    fake_opens++;
    h->ops = &fake_ops;
    h->ctx = &fake_opens;
    return 0;
}

static const hal_backend_t fake_table[] = {
    {"mem", fake_open, NULL},
    {"gone", NULL, "gone backend not built: enable it"},
    {NULL, NULL, NULL},
};

Test(backends, a_backend_is_one_row)
{
    char buf[32];
    cr_expect_str_eq(hal_backend_choice(fake_table, buf, sizeof buf), "mem or gone");
    cr_expect_str_eq(hal_backend_choice(fake_table + 1, buf, sizeof buf), "gone");

    hal_t h;
    char err[128] = "";
    fake_opens = 0;
    cr_assert_eq(hal_backend_open(fake_table, &h, NULL, err, sizeof err), 0, "first row by default");
    cr_expect_eq(fake_opens, 1);
    cr_expect_eq(h.ops, &fake_ops);
    hal_close(&h);

    hal_config_t cfg = {0};
    cfg.backend = "gone";
    cr_expect_eq(hal_backend_open(fake_table, &h, &cfg, err, sizeof err), -1);
    cr_expect_str_eq(err, "gone backend not built: enable it");
    cfg.backend = "sdl";
    cr_expect_eq(hal_backend_open(fake_table, &h, &cfg, err, sizeof err), -1);
    cr_expect_str_eq(err, "unknown backend 'sdl' (choose mem or gone)");
    cr_expect_eq(fake_opens, 1, "a refused name opens nothing");
}
