/*
 * test_data.h - opening a file of tests/data in a Criterion test.  Meson
 * sets TABLETOP_TEST_DATA to tests/data for the tests that read it.
 */
#ifndef TABLETOP_TEST_DATA_H
#define TABLETOP_TEST_DATA_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

/* tests/data/DIR/NAME opened with MODE; the test fails if it cannot be. */
static inline FILE *test_data_open(const char *dir, const char *name, const char *mode)
{
    const char *root = getenv("TABLETOP_TEST_DATA");
    cr_assert_not_null(root, "TABLETOP_TEST_DATA is not set (meson sets it)");
    char path[1024];
    snprintf(path, sizeof path, "%s/%s/%s", root, dir, name);
    FILE *f = fopen(path, mode);
    cr_assert_not_null(f, "cannot open %s", path);
    return f;
}

#endif
