/*
 * fuzz_c4_mailbox.c - the Connect Four mailbox answer (src/connect4/
 * c4_driver.h): whatever the FPGA (or a broken bitstream, or a bit flip on
 * the bridge) puts in the flag and move words.
 *
 * Input: a position in Pascal Pons' notation up to the first NUL (parsed by
 * c4_game_parse, itself an input of `tabletop connect4 move`), then the
 * register words the "hardware" answers, 4 bytes each, little-endian: every
 * read of the flag word takes the next word, and the move word the one
 * after the flag reads 2.  Time is an in-memory clock that the driver
 * advances; when the bytes run out the flag never rises (a timeout).
 *
 * This is an in-memory HAL backend (hal.h's table of operations), the way
 * tests add backends: the driver cannot tell it from the FPGA.
 *
 * Oracles: OK only with a legal column that matches the answered word; any
 * other status with a message; the game is never changed.
 */
#include "fuzz_util.h"

#include "drivers/connect4_mailbox.h"
#include "games/connect4/c4_game.h"
#include "hal.h"

typedef struct fuzz_hw {
    const uint8_t *data;
    size_t size;
    size_t pos;
    uint64_t now_us;
    uint32_t writes;
} fuzz_hw_t;

static uint32_t fuzz_hw_word(fuzz_hw_t *hw)
{
    if (hw->pos + 4 > hw->size)
        return 1; /* busy forever: the driver must time out */
    const uint8_t *p = hw->data + hw->pos;
    hw->pos += 4;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint32_t fuzz_hw_read(void *ctx, uint32_t offset)
{
    fuzz_hw_t *hw = ctx;
    FUZZ_CHECK(offset >= C4_BASE && offset < C4_BASE + 0x20 && offset % 4 == 0,
               "driver read outside the mailbox: 0x%x", offset);
    return fuzz_hw_word(hw);
}

static void fuzz_hw_write(void *ctx, uint32_t offset, uint32_t value)
{
    fuzz_hw_t *hw = ctx;
    (void)value;
    FUZZ_CHECK(offset >= C4_BASE && offset < C4_BASE + 0x20 && offset % 4 == 0,
               "driver wrote outside the mailbox: 0x%x", offset);
    hw->writes++;
}

static void fuzz_hw_advance(void *ctx, uint32_t usec)
{
    ((fuzz_hw_t *)ctx)->now_us += usec;
}

static uint64_t fuzz_hw_time(void *ctx)
{
    return ((fuzz_hw_t *)ctx)->now_us;
}

static const hal_ops_t fuzz_hw_ops = {
    .name = "fuzz",
    .reg_read = fuzz_hw_read,
    .reg_write = fuzz_hw_write,
    .advance = fuzz_hw_advance,
    .time_us = fuzz_hw_time,
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *nul = memchr(data, 0, size);
    size_t pos_len = nul ? (size_t)(nul - data) : size;
    char *position = fuzz_strndup(data, pos_len);
    char err[256] = "";
    c4_game_t g, before;
    memset(&g, 0x5A, sizeof g);
    memcpy(&before, &g, sizeof g);
    if (c4_game_parse(&g, position, err, sizeof err) != C4_OK) {
        FUZZ_CHECK(err[0], "c4_game_parse failed without a message");
        FUZZ_CHECK(memcmp(&g, &before, sizeof g) == 0, "a refused position changed the game");
        /* Still ask about a position: the empty board. */
        c4_game_init(&g);
    }
    free(position);

    fuzz_hw_t hw = {.data = data, .size = size, .pos = nul ? pos_len + 1 : size};
    hal_t h = {.ops = &fuzz_hw_ops, .ctx = &hw};
    memcpy(&before, &g, sizeof g);
    int col = -1;
    uint32_t word = 0;
    err[0] = 0;
    /* A short timeout keeps a busy-forever answer cheap: 200 polls. */
    c4_driver_status_t s = c4_driver_request_move(&h, &g, 200, &col, &word, err, sizeof err);
    FUZZ_CHECK(memcmp(&g, &before, sizeof g) == 0, "the driver changed the game");
    if (s == C4_DRIVER_OK) {
        FUZZ_CHECK(col >= 0 && col < C4_COLS && c4_game_can_play(&g, col),
                   "accepted illegal column %d (word 0x%08x)", col, word);
        FUZZ_CHECK((int)(word & 7u) == col, "column %d from word 0x%08x", col, word);
    } else {
        FUZZ_CHECK(s == C4_DRIVER_TIMEOUT || s == C4_DRIVER_ILLEGAL || s == C4_DRIVER_NO_MOVE,
                   "status %d", (int)s);
        FUZZ_CHECK(err[0], "status %d without a message", (int)s);
        FUZZ_CHECK(strchr(err, '\n') == NULL, "message is not one line: %s", err);
    }
    return 0;
}
