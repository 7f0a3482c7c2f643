/* test_board.c - the board backend with a sparse file standing in for
 * /dev/mem: registers and framebuffers land at their physical offsets, file
 * mode plays the hardware's side of the swap, and every way of failing to
 * open gives a one-line message naming the fix. */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hal.h"

static char mem_path[] = "/tmp/tabletop-board-XXXXXX";
static int mem_fd = -1;

static void mem_setup(void)
{
    mem_fd = mkstemp(mem_path);
    cr_assert_geq(mem_fd, 0, "mkstemp");
    cr_assert_eq(ftruncate(mem_fd, 4ull << 30), 0, "cannot make a 4 GB sparse file");
}

static void mem_teardown(void)
{
    if (mem_fd >= 0) {
        close(mem_fd);
        unlink(mem_path);
    }
}

static uint32_t file_word(uint64_t phys)
{
    uint32_t v = 0;
    cr_assert_eq(pread(mem_fd, &v, 4, (off_t)phys), 4);
    return v;
}

static void open_board(hal_t *h, int headless)
{
    hal_config_t cfg = {.backend = "board", .devmem = mem_path, .headless = headless};
    char err[256] = "";
    cr_assert_eq(hal_open(h, &cfg, err, sizeof err), 0, "hal_open: %s", err);
    cr_assert_str_eq(h->ops->name, "board");
}

TestSuite(board, .init = mem_setup, .fini = mem_teardown);

Test(board, registers_land_at_physical_offsets)
{
    hal_t h;
    open_board(&h, 1);
    hal_write(&h, GP_REG_AUDIO_CMD, AUDIO_CAPTURE);
    hal_write(&h, GP_REG_FB_ADDR_HI, 0xC1);
    hal_write(&h, 0x1004, 0x1234); /* connect-four mailbox row 1 */
    cr_assert_eq(file_word(0xFF200000u + GP_REG_AUDIO_CMD), AUDIO_CAPTURE);
    cr_assert_eq(file_word(0xFF200000u + GP_REG_FB_ADDR_HI), 0xC1);
    cr_assert_eq(file_word(0xFF201004u), 0x1234);
    /* Outside the go_peripheral, reads come from the memory itself. */
    cr_assert_eq(hal_read(&h, 0x1004), 0x1234);
    /* Misaligned and out-of-span offsets are ignored. */
    hal_write(&h, 0x1002, 0xFFFFFFFF);
    hal_write(&h, HAL_LW_BRIDGE_SPAN, 0xFFFFFFFF);
    cr_assert_eq(file_word(0xFF201000u), 0);
    cr_assert_eq(hal_read(&h, 0x1002), 0);
    /* So are words between the peripherals of the address map (hal.h's
     * HAL_PERIPHERALS): past the mailbox's eight words and its reset PIO
     * (0x1020), and past the last peripheral, nothing is written
     * or read. */
    hal_write(&h, 0x1030, 0xFFFFFFFF);
    hal_write(&h, 0x7000, 0xFFFFFFFF);
    cr_assert_eq(file_word(0xFF201030u), 0);
    hal_write(&h, 0x1020, 1); /* the reset PIO reaches the bridge */
    cr_assert_eq(file_word(0xFF201020u), 1);
    cr_assert_eq(file_word(0xFF207000u), 0);
    hal_write(&h, 0x101C, 7); /* the mailbox's last word still is */
    cr_assert_eq(file_word(0xFF20101Cu), 7);
    hal_close(&h);
}

Test(board, file_mode_takes_swaps_at_once)
{
    hal_t h;
    open_board(&h, 1);
    /* After reset: buffer 0xC0 written and displayed. */
    cr_assert_eq(hal_read(&h, GP_REG_FB_ADDR_HI), 0xC0C0);
    hal_write(&h, GP_REG_FB_ADDR_HI, 0xC1);
    cr_assert_eq(hal_read(&h, GP_REG_FB_ADDR_HI), 0xC0C1, "no swap requested yet");
    hal_write(&h, GP_REG_VGA_CTRL, 1);
    cr_assert_eq(file_word(0xFF200000u + GP_REG_VGA_CTRL), 1, "the write is in the file");
    cr_assert_eq(hal_read(&h, GP_REG_VGA_CTRL), 0, "the swap is taken at once");
    cr_assert_eq(hal_read(&h, GP_REG_FB_ADDR_HI), 0xC1C1);
    cr_assert_eq(hal_read(&h, GP_REG_VGA_STATUS) & 1, 1, "always in blanking");
    cr_assert_eq(hal_read(&h, GP_REG_AUDIO_STATUS), 0, "audio never busy");
    hal_close(&h);
}

Test(board, framebuffers_and_read_frame)
{
    hal_t h;
    open_board(&h, 1);
    uint16_t *fb0 = h.ops->map(h.ctx, HAL_FB0_PHYS, HAL_FB_BYTES);
    uint16_t *fb1 = h.ops->map(h.ctx, HAL_FB1_PHYS, HAL_FB_BYTES);
    cr_assert_not_null(fb0);
    cr_assert_not_null(fb1);
    cr_assert_null(h.ops->map(h.ctx, HAL_FB0_PHYS, HAL_FB_BYTES + 2), "beyond the buffer");
    cr_assert_null(h.ops->map(h.ctx, 0xC2000000u, 2), "not a framebuffer");
    cr_assert_eq((uint16_t *)h.ops->map(h.ctx, HAL_FB1_PHYS + 1280, 2), fb1 + 640);
    fb0[0] = 0xFFFF; /* white */
    fb0[1] = 0xDEA0; /* burlywood: R 27, G 53, B 0 */
    fb1[0] = 0x07E0; /* green */
    fb1[640 * 480 - 1] = 0x1082;
    msync(fb1, HAL_FB_BYTES, MS_SYNC);
    cr_assert_eq(file_word(0xC1000000u) & 0xFFFF, 0x07E0);

    static uint16_t frame[640 * 480];
    cr_assert_eq(hal_read_frame(&h, frame), 0);
    cr_assert_eq(frame[0], 0xFFF);
    cr_assert_eq(frame[1], 0xDD0); /* 27>>1 = 13, 53>>2 = 13, 0 */
    cr_assert_eq(frame[2], 0);
    hal_write(&h, GP_REG_FB_ADDR_HI, 0xC1);
    hal_write(&h, GP_REG_VGA_CTRL, 1);
    cr_assert_eq(hal_read_frame(&h, frame), 0);
    cr_assert_eq(frame[0], 0x0F0);
    cr_assert_eq(frame[640 * 480 - 1], 0x111); /* 0x1082: R 2, G 4, B 2 */
    hal_close(&h);
}

Test(board, headless_file_time_is_virtual)
{
    hal_t h;
    open_board(&h, 1);
    uint64_t t0 = hal_time_us(&h);
    hal_advance(&h, 5000000); /* five seconds, at once */
    cr_assert_eq(hal_time_us(&h) - t0, 5000000);
    cr_assert_eq(hal_read(&h, GP_REG_VGA_STATUS) >> 16, 5000000 / 16683, "frame counter");
    cr_assert_eq(hal_poll_key(&h), 0, "headless: keys come only from the script");
    hal_close(&h);
}

Test(board, write_log_keeps_the_sequence)
{
    char log_path[] = "/tmp/tabletop-board-log-XXXXXX";
    int fd = mkstemp(log_path);
    cr_assert_geq(fd, 0);
    close(fd);
    setenv("TABLETOP_BOARD_LOG", log_path, 1);
    hal_t h;
    open_board(&h, 1);
    hal_write(&h, GP_REG_AUDIO_CMD, AUDIO_PLACE);
    hal_write(&h, GP_REG_AUDIO_CMD, AUDIO_CAPTURE);
    hal_write(&h, GP_REG_VGA_CTRL, 1);
    hal_close(&h);
    unsetenv("TABLETOP_BOARD_LOG");
    FILE *f = fopen(log_path, "r");
    cr_assert_not_null(f);
    char text[256] = "";
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    unlink(log_path);
    cr_assert_str_eq(text, "0x00 0x00000001\n0x00 0x00000002\n0x08 0x00000001\n");
}

Test(board, keyboards_fall_back_without_usb_or_terminal)
{
    /* Not headless, stdin not a terminal, no USB keyboard on this machine:
     * the backend opens anyway and reports that no keys will come. */
    int devnull = open("/dev/null", O_RDONLY);
    cr_assert_geq(devnull, 0);
    dup2(devnull, STDIN_FILENO);
    hal_t h;
    open_board(&h, 0);
    cr_assert_eq(hal_poll_key(&h), 0);
    hal_close(&h);
}

static void expect_open_error(const char *devmem, const char *needle)
{
    hal_config_t cfg = {.backend = "board", .devmem = devmem, .headless = 1};
    char err[256] = "";
    hal_t h = {0};
    cr_assert_eq(hal_open(&h, &cfg, err, sizeof err), -1, "opening %s should fail",
                 devmem ? devmem : "/dev/mem");
    cr_assert(strstr(err, needle), "message '%s' lacks '%s'", err, needle);
    cr_assert_null(strchr(err, '\n'), "one line: '%s'", err);
}

Test(board, missing_file)
{
    expect_open_error("/nonexistent/mem", "No such file");
}

Test(board, small_file)
{
    cr_assert_eq(ftruncate(mem_fd, 1 << 20), 0);
    expect_open_error(mem_path, "truncate -s 4G");
}

Test(board, directory)
{
    expect_open_error("/tmp", "neither a memory device nor a regular file");
}

Test(board, default_dev_mem_on_this_machine)
{
    /* A PC is not a DE1-SoC: the device tree check (or a missing /dev/mem)
     * says so before anything is mapped. */
    if (access("/proc/device-tree/compatible", F_OK) == 0)
        cr_skip_test("this machine has a device tree");
    hal_config_t cfg = {.backend = "board", .headless = 1};
    char err[256] = "";
    hal_t h = {0};
    cr_assert_eq(hal_open(&h, &cfg, err, sizeof err), -1);
    cr_assert(strstr(err, "not a DE1-SoC") || strstr(err, "/dev/mem does not exist"),
              "message: %s", err);
}

Test(board, not_root)
{
    if (getuid() != 0)
        cr_skip_test("needs root to drop to another user");
    struct passwd *pw = getpwnam("nobody");
    if (!pw)
        cr_skip_test("no user 'nobody'");
    cr_assert_eq(fchmod(mem_fd, 0600), 0);
    int pipefd[2];
    cr_assert_eq(pipe(pipefd), 0);
    pid_t pid = fork();
    if (pid == 0) {
        close(pipefd[0]);
        if (setgid(pw->pw_gid) != 0 || setuid(pw->pw_uid) != 0)
            _exit(3);
        hal_config_t cfg = {.backend = "board", .devmem = mem_path, .headless = 1};
        char err[256] = "";
        hal_t h = {0};
        int r = hal_open(&h, &cfg, err, sizeof err);
        if (write(pipefd[1], err, strlen(err)) < 0)
            _exit(4);
        _exit(r == -1 ? 0 : 1);
    }
    close(pipefd[1]);
    char err[256] = "";
    ssize_t n = read(pipefd[0], err, sizeof err - 1);
    err[n > 0 ? n : 0] = 0;
    close(pipefd[0]);
    int status;
    waitpid(pid, &status, 0);
    cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child status 0x%x (%s)", status,
              err);
    cr_assert(strstr(err, "permission denied") && strstr(err, "run as root"), "message: %s",
              err);
}
