/*
 * test_seven_seg.c - the messages of docs/seven_seg.md on HEX5..HEX0,
 * written by drivers/seven_seg.c through the sdl backend (and sim when
 * built) and read back from the peripheral, against pictures drawn here by
 * hand.  The pictures are the source of truth, not the driver's font: each
 * character is three rows of a 3-wide drawing read with the DE1-SoC User
 * Manual's numbering of a display's segments (0 = a top, 1 = b upper right,
 * 2 = c lower right, 3 = d bottom, 4 = e lower left, 5 = f upper left,
 * 6 = g middle):
 *
 *      _          a
 *     |_|   =   f g b
 *     |_|       e d c
 */
#include <criterion/criterion.h>
#include <string.h>

#include "drivers/seven_seg.h"
#include "hal.h"

/* Pictures of the six digits of a message, HEX5 first, each 3 columns and
 * a blank column between digits (so 23 columns a row). */
typedef struct picture {
    const char *text;  /* what the screen asks the driver for */
    const char *row[3];
} picture_t;

static const picture_t pictures[] = {
    /* "PASS" after a pass (seed 001: "if the most recent state is a pass") */
    {"PASS", {" _   _   _   _         ",
              "|_| |_| |_  |_         ",
              "|   | |  _|  _|        "}},
    /* "winner" / "loser" at the end (seed 001) */
    {"WInnEr", {"                 _     ",
                "| | |    _   _  |_   _ ",
                " _  |   | | | | |_  |  "}},
    {"LOSEr", {"     _   _   _         ",
               "|   | | |_  |_   _     ",
               "|_  |_|  _| |_  |      "}},
    /* the territory counts (seed 001): Black 45, White 36 */
    {" 45 36", {"         _       _   _ ",
                "    |_| |_       _| |_ ",
                "      |  _|      _| |_|"}},
    {"drAW", {"         _            ",
              " _|  _  |_| | |        ",
              "|_| |   | |  _         "}},
    {"b  WIn", {"                       ",
                "|_          | | |    _ ",
                "|_|          _  |   | |"}},
    {"rEd", {"     _                 ",
             " _  |_   _|            ",
             "|   |_  |_|            "}},
    {"yELLO", {"     _           _     ",
               "|_| |_  |   |   | |    ",
               " _| |_  |_  |_  |_|    "}},
    {"FPGA", {" _   _   _   _         ",
              "|_  |_| |   |_|        ",
              "|   |   |_| | |        "}},
    {"0123456789", {NULL, NULL, NULL}}, /* too long: refused */
};

/* Segment bits of the digit at column 4*d of a picture. */
static uint8_t segments_of(const picture_t *p, int d)
{
    const int x = 4 * d;
    uint8_t s = 0;
    if (p->row[0][x + 1] == '_')
        s |= 1u << 0; /* a */
    if (p->row[1][x + 2] == '|')
        s |= 1u << 1; /* b */
    if (p->row[2][x + 2] == '|')
        s |= 1u << 2; /* c */
    if (p->row[2][x + 1] == '_')
        s |= 1u << 3; /* d */
    if (p->row[2][x] == '|')
        s |= 1u << 4; /* e */
    if (p->row[1][x] == '|')
        s |= 1u << 5; /* f */
    if (p->row[1][x + 1] == '_')
        s |= 1u << 6; /* g */
    return s;
}

static void open_backend(hal_t *h, const char *backend)
{
    hal_config_t cfg = {0};
    cfg.backend = backend;
    cfg.headless = 1;
    char err[512];
    cr_assert_eq(hal_open(h, &cfg, err, sizeof err), 0, "%s", err);
}

static void check_messages(const char *backend)
{
    hal_t h;
    open_backend(&h, backend);
    uint8_t seg[SEVEN_SEG_REG_DIGIT_COUNT];
    seven_seg_read(&h, seg);
    for (int i = 0; i < SEVEN_SEG_REG_DIGIT_COUNT; i++)
        cr_expect_eq(seg[i], 0, "%s: HEX%d lit after reset", backend, i);
    for (size_t m = 0; m < sizeof pictures / sizeof pictures[0]; m++) {
        const picture_t *p = &pictures[m];
        if (!p->row[0])
            continue;
        cr_assert_eq(seven_seg_show_text(&h, p->text), 0, "%s: \"%s\" refused", backend,
                     p->text);
        seven_seg_read(&h, seg);
        for (int d = 0; d < SEVEN_SEG_REG_DIGIT_COUNT; d++)
            cr_expect_eq(seg[5 - d], segments_of(p, d),
                         "%s: \"%s\" digit %d (HEX%d) shows 0x%02x, the picture 0x%02x", backend,
                         p->text, d, 5 - d, seg[5 - d], segments_of(p, d));
    }
    hal_close(&h);
}

Test(seven_seg, seed_001_messages_match_the_pictures_on_sdl)
{
    check_messages("sdl");
}

#if SS_TEST_SIM
Test(seven_seg, seed_001_messages_match_the_pictures_on_sim, .timeout = 60)
{
    check_messages("sim");
}
#endif

Test(seven_seg, numbers_and_counts_are_right_aligned)
{
    hal_t h;
    open_backend(&h, "sdl");
    uint8_t seg[SEVEN_SEG_REG_DIGIT_COUNT], want[SEVEN_SEG_REG_DIGIT_COUNT];
    cr_assert_eq(seven_seg_show_counts(&h, 45, 36), 0);
    seven_seg_read(&h, seg);
    for (int d = 0; d < SEVEN_SEG_REG_DIGIT_COUNT; d++)
        want[5 - d] = segments_of(&pictures[3], d);
    cr_expect_arr_eq(seg, want, sizeof seg, "counts 45/36 differ from \" 45 36\"");
    cr_assert_eq(seven_seg_show_number(&h, -5), 0);
    seven_seg_read(&h, seg);
    cr_expect(seg[0] == 0x6D && seg[1] == 0x40 && !seg[2] && !seg[3] && !seg[4] && !seg[5],
              "-5: a minus on HEX1, 5 (a c d f g) on HEX0");
    hal_close(&h);
}

Test(seven_seg, bad_text_is_refused_and_changes_nothing)
{
    hal_t h;
    open_backend(&h, "sdl");
    uint8_t before[SEVEN_SEG_REG_DIGIT_COUNT], after[SEVEN_SEG_REG_DIGIT_COUNT];
    cr_assert_eq(seven_seg_show_text(&h, "PASS"), 0);
    seven_seg_read(&h, before);
    cr_expect_eq(seven_seg_show_text(&h, "0123456"), -1, "seven characters");
    cr_expect_eq(seven_seg_show_text(&h, "MIX"), -1, "M and X have no glyph");
    cr_expect_eq(seven_seg_show_text(&h, "a\tb"), -1, "a tab");
    cr_expect_eq(seven_seg_show_number(&h, 1234567), -1);
    cr_expect_eq(seven_seg_show_counts(&h, 1000, 0), -1);
    cr_expect_eq(seven_seg_show_counts(&h, 5, -1), -1);
    seven_seg_read(&h, after);
    cr_expect_arr_eq(after, before, sizeof before, "a refused message changed the digits");
    seven_seg_clear(&h);
    seven_seg_read(&h, after);
    for (int i = 0; i < SEVEN_SEG_REG_DIGIT_COUNT; i++)
        cr_expect_eq(after[i], 0);
    hal_close(&h);
}
