/* test_term.c - the terminal keyboard driven through a real pty: escape
 * sequences in, HID usage codes out, terminal settings restored on close and
 * on signals. */
#include <criterion/criterion.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "hal.h"
#include "input/term_keyboard.h"

static int master_fd = -1, slave_fd = -1;

static void pty_setup(void)
{
    cr_assert_eq(openpty(&master_fd, &slave_fd, NULL, NULL, NULL), 0, "openpty failed");
}

static void pty_teardown(void)
{
    if (master_fd >= 0)
        close(master_fd);
    if (slave_fd >= 0)
        close(slave_fd);
}

static void type(const char *bytes, size_t n)
{
    cr_assert_eq(write(master_fd, bytes, n), (ssize_t)n);
    usleep(20000); /* let the pty deliver */
}

/* Polls until a key arrives or about a second passes. */
static int next_key(term_keyboard_t *t)
{
    for (int i = 0; i < 100; i++) {
        int k = term_keyboard_poll(t);
        if (k)
            return k;
        usleep(10000);
    }
    return 0;
}

TestSuite(term, .init = pty_setup, .fini = pty_teardown);

Test(term, arrows_and_keys)
{
    char err[128];
    term_keyboard_t *t = term_keyboard_open(slave_fd, err, sizeof err);
    cr_assert_not_null(t, "open failed: %s", err);
    /* CSI arrows, SS3 arrows (application cursor mode), Enter as CR, space,
     * a letter in either case, digits, tab, DEL as backspace. */
    static const char in[] = "\x1b[A\x1b[B\x1b[C\x1b[D\x1bOA\x1bOD\r \x61Z190\t\x7f";
    type(in, sizeof in - 1);
    static const int want[] = {HID_KEY_UP,    HID_KEY_DOWN,  HID_KEY_RIGHT, HID_KEY_LEFT,
                               HID_KEY_UP,    HID_KEY_LEFT,  HID_KEY_ENTER, HID_KEY_SPACE,
                               HID_KEY_A,     HID_KEY_A + 25, HID_KEY_1,    HID_KEY_1 + 8,
                               HID_KEY_0,     HID_KEY_TAB,   HID_KEY_BACKSPACE};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        int k = next_key(t);
        cr_assert_eq(k, want[i], "key %zu: got 0x%x, want 0x%x", i, k, want[i]);
    }
    cr_assert_eq(term_keyboard_poll(t), 0, "nothing more was typed");
    term_keyboard_close(t);
}

Test(term, lone_escape_and_unknown_sequences)
{
    char err[128];
    term_keyboard_t *t = term_keyboard_open(slave_fd, err, sizeof err);
    cr_assert_not_null(t, "open failed: %s", err);
    type("\x1b", 1);
    cr_assert_eq(next_key(t), HID_KEY_ESCAPE, "a lone ESC is Escape");
    /* Delete (CSI 3 ~) and F5 (CSI 15 ~) are skipped whole; a control byte too. */
    type("\x1b[3~\x1b[15~\x01\x1b[B", 13);
    cr_assert_eq(next_key(t), HID_KEY_DOWN);
    cr_assert_eq(term_keyboard_poll(t), 0);
    /* An arrow split across two writes is still one arrow. */
    type("\x1b[", 2);
    type("C", 1);
    cr_assert_eq(next_key(t), HID_KEY_RIGHT);
    term_keyboard_close(t);
}

Test(term, ctrl_c_quits_and_stays_quit)
{
    char err[128];
    term_keyboard_t *t = term_keyboard_open(slave_fd, err, sizeof err);
    cr_assert_not_null(t, "open failed: %s", err);
    type(" \x03", 2);
    cr_assert_eq(next_key(t), HID_KEY_SPACE, "keys before Ctrl-C still arrive");
    cr_assert_eq(next_key(t), HAL_KEY_QUIT);
    cr_assert_eq(term_keyboard_poll(t), HAL_KEY_QUIT);
    term_keyboard_close(t);
}

Test(term, hangup_is_quit)
{
    char err[128];
    term_keyboard_t *t = term_keyboard_open(slave_fd, err, sizeof err);
    cr_assert_not_null(t, "open failed: %s", err);
    close(master_fd); /* the terminal goes away: reads fail with EIO */
    master_fd = -1;
    cr_assert_eq(next_key(t), HAL_KEY_QUIT);
    term_keyboard_close(t);
}

Test(term, raw_mode_and_restore_on_close)
{
    struct termios before, during, after;
    cr_assert_eq(tcgetattr(slave_fd, &before), 0);
    cr_assert(before.c_lflag & ICANON, "a fresh pty starts in canonical mode");
    char err[128];
    term_keyboard_t *t = term_keyboard_open(slave_fd, err, sizeof err);
    cr_assert_not_null(t, "open failed: %s", err);
    cr_assert_eq(tcgetattr(slave_fd, &during), 0);
    cr_assert_eq(during.c_lflag & (ICANON | ECHO | ISIG), 0, "not raw");
    cr_assert(during.c_oflag & OPOST, "output processing must stay on");
    term_keyboard_t *second = term_keyboard_open(slave_fd, err, sizeof err);
    cr_assert_null(second, "a second terminal keyboard must be refused");
    cr_assert(strstr(err, "already open"), "message: %s", err);
    term_keyboard_close(t);
    cr_assert_eq(tcgetattr(slave_fd, &after), 0);
    cr_assert_eq(after.c_lflag, before.c_lflag);
    cr_assert_eq(after.c_iflag, before.c_iflag);
}

Test(term, restore_on_sigterm)
{
    struct termios before, after;
    cr_assert_eq(tcgetattr(slave_fd, &before), 0);
    int ready[2];
    cr_assert_eq(pipe(ready), 0);
    pid_t pid = fork();
    cr_assert_neq(pid, -1);
    if (pid == 0) {
        char err[128];
        term_keyboard_t *t = term_keyboard_open(slave_fd, err, sizeof err);
        char c = t ? 'y' : 'n';
        if (write(ready[1], &c, 1) != 1)
            _exit(3);
        for (;;)
            pause();
    }
    char c = 0;
    cr_assert_eq(read(ready[0], &c, 1), 1);
    cr_assert_eq(c, 'y', "child could not open the terminal keyboard");
    struct termios during;
    cr_assert_eq(tcgetattr(slave_fd, &during), 0);
    cr_assert_eq(during.c_lflag & ICANON, 0, "child did not enter raw mode");
    kill(pid, SIGTERM);
    int status;
    cr_assert_eq(waitpid(pid, &status, 0), pid);
    cr_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM,
              "the signal must still end the process (status 0x%x)", status);
    cr_assert_eq(tcgetattr(slave_fd, &after), 0);
    cr_assert_eq(after.c_lflag, before.c_lflag, "terminal not restored after SIGTERM");
    close(ready[0]);
    close(ready[1]);
}

Test(term, not_a_terminal)
{
    int p[2];
    cr_assert_eq(pipe(p), 0);
    char err[128] = "";
    cr_assert_null(term_keyboard_open(p[0], err, sizeof err));
    cr_assert(strstr(err, "not a terminal"), "message: %s", err);
    close(p[0]);
    close(p[1]);
}
