/*
 * tb_util.h - what the go_peripheral testbenches share: a harness made or
 * the test failed, a deterministic pseudo-random generator, and a clip as
 * Quartus loads it (rtl/go_peripheral/sounds, TEST_ROM_DIR), the source of
 * truth for every sample the model plays.
 */
#ifndef TABLETOP_TESTS_GO_PERIPHERAL_TB_UTIL_H
#define TABLETOP_TESTS_GO_PERIPHERAL_TB_UTIL_H

#include <criterion/criterion.h>

#include <stdint.h>
#include <stdio.h>

#include <string>
#include <vector>

#include "sim_harness.h"

namespace {

/* A harness after reset (an FST trace to trace_path when not NULL). */
inline sim_harness_t *harness(const char *trace_path = nullptr)
{
    char err[256] = "";
    sim_harness_t *s = sim_harness_new(trace_path, err, sizeof err);
    cr_assert_not_null(s, "sim_harness_new: %s", err);
    return s;
}

/* A deterministic pseudo-random generator (Numerical Recipes LCG). */
struct lcg_t {
    uint32_t state;
    uint32_t next()
    {
        state = state * 1664525u + 1013904223u;
        return state >> 8;
    }
};

/* The samples of clip name ("place", ...) from the image Quartus loads. */
inline std::vector<int16_t> load_clip(const char *name)
{
    std::string path = std::string(TEST_ROM_DIR) + "/" + name + ".vh";
    FILE *f = fopen(path.c_str(), "r");
    cr_assert_not_null(f, "cannot open %s", path.c_str());
    std::vector<int16_t> v;
    unsigned x;
    while (fscanf(f, "%x", &x) == 1)
        v.push_back((int16_t)x);
    fclose(f);
    return v;
}

} // namespace

#endif
