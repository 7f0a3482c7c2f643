/*
 * test_go_saves.c - what the Go screen says about its saves is true: a
 * failed autosave makes Escape say the game is not saved (and why), saved
 * games of any size 5..19 are drawn on the screen when resumed, and the
 * panel shows the record's komi.
 *
 * Golden frames as in test_play.c (TABLETOP_UPDATE_GOLDEN=1).
 */
#include <pwd.h>
#include <signal.h>
#include <sys/resource.h>

#include "test_go_util.h"

/* The notice line of the mode menu (render_string_centered at y 400). */
#define NOTICE_TOP 398
#define NOTICE_BOTTOM 410

/* Compares dir/snap.png with golden/golden.png everywhere but rows
 * top..bottom (a line whose text names a scratch folder or an errno). */
static void check_golden_except_rows(const char *dir, const char *snap, const char *golden,
                                     int top, int bottom)
{
    char actual[4096], want[4096], err[512];
    snprintf(actual, sizeof actual, "%s/%s.png", dir, snap);
    snprintf(want, sizeof want, "%s/golden/%s.png", data_dir(), golden);
    uint16_t *a = NULL, *b = NULL;
    int aw, ah, bw, bh;
    cr_assert_eq(frame_png_read(actual, &a, &aw, &ah, err, sizeof err), 0, "%s", err);
    cr_assert_eq(frame_png_read(want, &b, &bw, &bh, err, sizeof err), 0, "%s", err);
    cr_assert(aw == bw && ah == bh);
    long diff = 0;
    for (int y = 0; y < ah; y++)
        for (int x = 0; x < aw; x++)
            if ((y < top || y > bottom) && a[(long)y * aw + x] != b[(long)y * aw + x])
                diff++;
    cr_assert_eq(diff, 0, "%s differs from %s in %ld pixels outside rows %d-%d", snap, golden,
                 diff, top, bottom);
    free(a);
    free(b);
}

/* The RGB444 colour at (x, y) of dir/snap.png. */
static unsigned pixel(const char *dir, const char *snap, int x, int y)
{
    char path[4096], err[512];
    snprintf(path, sizeof path, "%s/%s.png", dir, snap);
    uint16_t *px = NULL;
    int w, h;
    cr_assert_eq(frame_png_read(path, &px, &w, &h, err, sizeof err), 0, "%s", err);
    unsigned v = px[y * w + x];
    free(px);
    return v;
}

Test(go_saves, escape_after_a_failed_autosave_says_the_game_is_not_saved)
{
    char *dir = scratch("go");
    char *save = path_join(dir, "save");
    mkdir(save, 0755);
    /* go.sgf is a directory: no save can be written, not even by root. */
    cr_assert_eq(mkdir(path_join(save, "go.sgf"), 0755), 0);
    run_t r = play_text(dir, "enter\nenter\nenter\nescape\nsnap unsaved\n3\nsnap after_3\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(strstr(r.err, "autosave failed"), "%s", r.err);
    cr_assert(strstr(r.err, "Game not saved: go.sgf"), "%s", r.err);
    cr_assert(!strstr(r.err, "Game saved"), "%s", r.err);
    /* The menu offers no "3. Resume saved game": only its notice differs
     * from the plain mode menu, and 3 does nothing. */
    check_golden_except_rows(dir, "unsaved", "mode_menu", NOTICE_TOP, NOTICE_BOTTOM);
    check_golden_except_rows(dir, "after_3", "mode_menu", NOTICE_TOP, NOTICE_BOTTOM);
}

/* Runs tabletop as an unprivileged user when the test runs as root, so
 * that a read-only folder is read-only for it; returns its exit status
 * and stderr like play. */
/* Runs the program as "nobody" when the test runs as root; with
 * max_file_bytes > 0 no file it writes may grow past that many bytes (a
 * full disk: the write fails with EFBIG). */
static run_t play_limited(const char *dir, const char *text, long max_file_bytes)
{
    char *script = path_join(dir, "script.txt");
    write_text(script, text);
    chmod(script, 0644);
    run_t r = {0};
    /* stderr through a pipe, not a file: the file-size limit would cut it. */
    int err_pipe[2];
    cr_assert(pipe(err_pipe) == 0);
    pid_t pid = fork();
    cr_assert(pid >= 0);
    if (pid == 0) {
        close(err_pipe[0]);
        dup2(err_pipe[1], 2);
        int devnull = open("/dev/null", O_RDWR);
        dup2(devnull, 0);
        dup2(devnull, 1);
        if (geteuid() == 0) {
            struct passwd *pw = getpwnam("nobody");
            uid_t uid = pw ? pw->pw_uid : 65534;
            gid_t gid = pw ? pw->pw_gid : 65534;
            if (setgid(gid) != 0 || setuid(uid) != 0)
                _exit(126);
        }
        if (max_file_bytes > 0) {
            struct rlimit lim = {(rlim_t)max_file_bytes, (rlim_t)max_file_bytes};
            signal(SIGXFSZ, SIG_IGN);
            if (setrlimit(RLIMIT_FSIZE, &lim) != 0)
                _exit(125);
        }
        char *save = path_join(dir, "save");
        execl(bin(), bin(), "play", "--game", "go", "--headless", "--script", script,
              "--save-dir", save, (char *)NULL);
        _exit(127);
    }
    close(err_pipe[1]);
    size_t len = 0;
    ssize_t n;
    while ((n = read(err_pipe[0], r.err + len, sizeof r.err - 1 - len)) > 0)
        len += (size_t)n;
    r.err[len] = 0;
    close(err_pipe[0]);
    int st;
    waitpid(pid, &st, 0);
    r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    return r;
}

static run_t play_unprivileged(const char *dir, const char *text)
{
    return play_limited(dir, text, 0);
}

/* A save folder that cannot be written at all is refused before the game
 * starts (main.c; tests/hardening/edges.py).  An autosave can still fail
 * in the middle of a game (the disk fills up): here no file may grow past
 * 64 bytes, so the record cannot be written, and the older save stays. */
Test(go_saves, a_failed_autosave_is_reported_and_the_older_save_named)
{
    char *dir = scratch("go");
    char *save = path_join(dir, "save");
    /* Open to the unprivileged user (mkdtemp makes 0700). */
    chmod(dir, 0755);
    mkdir(save, 0777);
    chmod(save, 0777);
    run_t r = play_unprivileged(dir, "enter\nenter\nenter\n");
    cr_assert_eq(r.status, 0, "%s", r.err);
    char moves[256];
    sgf_moves(path_join(save, "go.sgf"), moves, sizeof moves);
    cr_assert_str_eq(moves, ";B[ee]");
    /* Now the disk is "full": resume, play White E6, leave. */
    r = play_limited(dir, "enter\nenter\nup\nenter\nescape\n", 64);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_assert(strstr(r.err, "autosave failed"), "%s", r.err);
    cr_assert(strstr(r.err, "Game not saved (go.sgf"), "%s", r.err);
    cr_assert(strstr(r.err, "3 resumes an older save"), "%s", r.err);
    cr_assert(!strstr(r.err, "Game saved"), "%s", r.err);
    sgf_moves(path_join(save, "go.sgf"), moves, sizeof moves);
    cr_assert_str_eq(moves, ";B[ee]", "the older save is untouched");
}

Test(go_saves, a_saved_13x13_game_is_drawn_on_screen_with_its_komi)
{
    char *dir = scratch("go");
    char *save = path_join(dir, "save");
    mkdir(save, 0755);
    write_text(path_join(save, "go.sgf"),
               "(;GM[1]FF[4]SZ[13]KM[6.5]GC[tabletop mode=pvp level=0]"
               ";B[dd];W[jj];B[mm];W[aa];B[gg])");
    run_t r = play_text(dir, "enter\nsnap resume_13\nenter\nsnap resumed_13\nup\nenter\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "resume_13", "resume_13");
    check_golden(dir, "resumed_13", "resumed_13");
    /* The seed's square holds the grid: 32 px apart from (128, 20).  The
     * corner stones: W A13 at (128, 20), B N1 at (512, 404). */
    cr_assert_eq(pixel(dir, "resumed_13", 128, 20), 0xEEE, "white stone at A13");
    cr_assert_eq(pixel(dir, "resumed_13", 512, 404), 0x111, "black stone at N1");
    char moves[256];
    sgf_moves(path_join(save, "go.sgf"), moves, sizeof moves);
    cr_assert_str_eq(moves, ";B[dd];W[jj];B[mm];W[aa];B[gg];W[gf]");
}

Test(go_saves, a_saved_19x19_game_is_drawn_on_screen)
{
    char *dir = scratch("go");
    char *save = path_join(dir, "save");
    mkdir(save, 0755);
    write_text(path_join(save, "go.sgf"),
               "(;GM[1]FF[4]SZ[19]KM[0]GC[tabletop mode=pvp level=0]"
               ";B[aa];W[ss];B[jj];W[as];B[sa])");
    run_t r = play_text(dir, "enter\nenter\nsnap resumed_19\n", NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "resumed_19", "resumed_19");
    /* 21 px apart, the 378 px grid centred in the 384 px square: (131, 23). */
    cr_assert_eq(pixel(dir, "resumed_19", 131, 23), 0x111, "black stone at A19");
    cr_assert_eq(pixel(dir, "resumed_19", 131 + 18 * 21, 23 + 18 * 21), 0xEEE, "white at T1");
    cr_assert_eq(pixel(dir, "resumed_19", 131, 23 + 18 * 21), 0xEEE, "white at A1");
    cr_assert_eq(pixel(dir, "resumed_19", 131 + 18 * 21, 23), 0x111, "black at T19");
}

/* Issue 26: after Escape the menu says "Game saved: choose 3 to resume it",
 * and Enter does just that (Connect Four's title preselects Resume too):
 * the same game comes back, nothing is put aside as go.sgf.bak, and play
 * goes on in it. */
Test(go_saves, escape_then_enter_resumes_the_same_game)
{
    char *dir = scratch("go");
    /* Two players: B E5, W E6; Escape; Enter; B D5 (the cursor starts at E5). */
    run_t r = play_text(dir, "enter\nenter\nenter\nup\nenter\nescape\nsnap mode_menu_resume\n"
                             "enter\nsnap resumed_by_enter\nleft\nenter\n",
                        NULL);
    cr_assert_eq(r.status, 0, "%s", r.err);
    check_golden(dir, "mode_menu_resume", "mode_menu_resume");
    check_golden(dir, "resumed_by_enter", "resumed_by_enter");
    cr_assert(!file_exists(path_join(dir, "save/go.sgf.bak")), "Enter put the save aside");
    char moves[256];
    sgf_moves(path_join(dir, "save/go.sgf"), moves, sizeof moves);
    cr_assert_str_eq(moves, ";B[ee];W[ed];B[de]");
}
