/*
 * test_go_link_screen.c - the link screen (screens/go_link.c) as two players
 * see it: two real consoles over loopback TCP play one scripted game through
 * the dead-stone review to the result.  What the frames and the digits show
 * is checked against a count made here (the final position from the
 * moves, the two stray stones off, area scoring) and, when installed,
 * GNU Go's final_score of the saved record.
 *
 * The game: Black walls column C, White column G, each then drops a stone
 * inside the other's wall (J9 Black, A1 White: dead by any reading), two
 * passes.  In the review White marks Black's wall dead, Black marks it back
 * alive, White accepts, Black accepts: White wins by komi, W+5.5.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "test_go_util.h"

#define N 9

/* ---- the count made here ---- */

typedef struct {
    int row, col; /* row 0 is the top (9), col 0 is A */
} point_t;

/* The 20 stones in the order played (no capture happens), then two passes. */
static void game_moves(point_t moves[20])
{
    for (int r = 0; r < N; r++) {
        moves[2 * r] = (point_t){r, 2};
        moves[2 * r + 1] = (point_t){r, 6};
    }
    moves[18] = (point_t){0, 8}; /* Black's stray stone, J9 */
    moves[19] = (point_t){8, 0}; /* White's stray stone, A1 */
}

/* Area scoring of the final position with the two stray stones off. */
static void count_area(int *black, int *white)
{
    char board[N][N];
    memset(board, '.', sizeof board);
    point_t moves[20];
    game_moves(moves);
    for (int i = 0; i < 18; i++) /* the strays (18, 19) are dead: left off */
        board[moves[i].row][moves[i].col] = i % 2 ? 'W' : 'B';
    *black = *white = 0;
    int seen[N][N] = {{0}};
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) {
            if (board[r][c] != '.') {
                *(board[r][c] == 'B' ? black : white) += 1;
                continue;
            }
            if (seen[r][c])
                continue;
            int stack[N * N], sp = 0, size = 0, touch_b = 0, touch_w = 0;
            stack[sp++] = r * N + c;
            seen[r][c] = 1;
            while (sp) {
                int p = stack[--sp], pr = p / N, pc = p % N;
                size++;
                static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
                for (int k = 0; k < 4; k++) {
                    int nr = pr + dr[k], nc = pc + dc[k];
                    if (nr < 0 || nc < 0 || nr >= N || nc >= N)
                        continue;
                    if (board[nr][nc] == 'B')
                        touch_b = 1;
                    else if (board[nr][nc] == 'W')
                        touch_w = 1;
                    else if (!seen[nr][nc]) {
                        seen[nr][nc] = 1;
                        stack[sp++] = nr * N + nc;
                    }
                }
            }
            if (touch_b != touch_w)
                *(touch_b ? black : white) += size;
        }
}

/* "W+5.5" for the counts with komi 5.5. */
static void expected_result(int black, int white, char *out, size_t len)
{
    int margin2 = 2 * (black - white) - 11;
    int a = margin2 < 0 ? -margin2 : margin2;
    snprintf(out, len, "%c+%d.%d", margin2 > 0 ? 'B' : 'W', a / 2, (a % 2) * 5);
}

/* ";B[ca];W[ga]...;B[];W[]" for the game. */
static void expected_record(char *out, size_t len)
{
    point_t moves[20];
    game_moves(moves);
    size_t n = 0;
    for (int i = 0; i < 20; i++)
        n += (size_t)snprintf(out + n, len - n, ";%c[%c%c]", i % 2 ? 'W' : 'B',
                              'a' + moves[i].col, 'a' + moves[i].row);
    snprintf(out + n, len - n, ";B[];W[]");
}

/* ---- the scripts (the cursor skips stones in play, seed 001) ---- */

#define AWAIT "await-peer 60000\n"

/* Black's keys for its 10 stones and its pass, one group a move. */
static const char *const black_moves[] = {
    "up\nup\nup\nup\nleft\nleft\nenter\n", /* C9 from the centre */
    "down\nenter\n", "down\nenter\n", "down\nenter\n", "down\nenter\n", "down\nenter\n",
    "down\nenter\n", "down\nenter\n", "down\nenter\n", /* C8..C1 */
    "right\nup\nup\nup\nup\nup\nup\nup\nup\nright\nright\nright\nright\nenter\n", /* J9 */
    "space\n",
};
static const char *const white_moves[] = {
    "up\nup\nup\nup\nright\nright\nenter\n", /* G9 */
    "down\nenter\n", "down\nenter\n", "down\nenter\n", "down\nenter\n", "down\nenter\n",
    "down\nenter\n", "down\nenter\n", "down\nenter\n", /* G8..G1 */
    "left\nleft\nleft\nleft\nleft\nenter\n",           /* A1 */
    "space\n",
};

/* Black plays, accepts the estimate, answers White's change by marking
 * its wall alive again (the cursor from J9 to C5, free in the review),
 * then accepts what White accepted. */
static char *black_script(void)
{
    static char text[4096];
    size_t n = 0;
    for (size_t i = 0; i < sizeof black_moves / sizeof black_moves[0]; i++) {
        n += (size_t)snprintf(text + n, sizeof text - n, AWAIT "%s", black_moves[i]);
        if (i == 3)
            n += (size_t)snprintf(text + n, sizeof text - n, "snap b_play\n");
    }
    snprintf(text + n, sizeof text - n,
             "snap b_passed\n" AWAIT "snap b_review\nspace\n" AWAIT "snap b_changed\n"
             "down\ndown\ndown\ndown\nleft\nleft\nleft\nleft\nleft\nleft\nenter\n" AWAIT
             "snap b_their_accept\nspace\n" AWAIT "snap b_over\nv\nsnap b_over_hidden\n");
    return text;
}

/* White plays, marks Black's wall dead (the cursor from A1 to C5), sees
 * Black's answer and accepts. */
static char *white_script(void)
{
    static char text[4096];
    size_t n = 0;
    for (size_t i = 0; i < sizeof white_moves / sizeof white_moves[0]; i++) {
        n += (size_t)snprintf(text + n, sizeof text - n, AWAIT "%s%s", i == 10 ? "snap w_peer_passed\n" : "",
                              white_moves[i]);
        if (i == 3)
            n += (size_t)snprintf(text + n, sizeof text - n, "snap w_play\n");
    }
    snprintf(text + n, sizeof text - n,
             AWAIT "snap w_review\nup\nup\nup\nup\nright\nright\nenter\n" AWAIT
             "snap w_changed\nspace\n" AWAIT "snap w_over\n");
    return text;
}

/* ---- running two consoles ---- */

static int free_port(void)
{
    int s = socket(AF_INET, SOCK_STREAM, 0);
    cr_assert(s >= 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t len = sizeof a;
    cr_assert_eq(bind(s, (struct sockaddr *)&a, sizeof a), 0);
    cr_assert_eq(getsockname(s, (struct sockaddr *)&a, &len), 0);
    close(s);
    return ntohs(a.sin_port);
}

/* Waits (at most 20 s) until the file at path contains text. */
static int wait_for_text(const char *path, const char *text)
{
    for (int i = 0; i < 2000; i++) {
        char *t = read_all(path, NULL);
        int found = t && strstr(t, text);
        free(t);
        if (found)
            return 1;
        usleep(10000);
    }
    return 0;
}

typedef struct {
    char *dir;   /* frames, saves (dir/save), stderr (dir/stderr.txt), the script */
    int status;
    char *err;
} side_t;

/* Plays the game: Black listens, White dials; extra options for each
 * (NULL-terminated, NULL: none), env for each ("NAME=value", NULL: none). */
static void play_game(side_t *b, side_t *w, const char *const *extra_b,
                      const char *const *extra_w, const char *env_b, const char *env_w)
{
    side_t *sides[2] = {b, w};
    const char *scripts[2] = {black_script(), white_script()};
    const char *const *extras[2] = {extra_b, extra_w};
    const char *envs[2] = {env_b, env_w};
    char spec[2][64];
    int port = free_port();
    snprintf(spec[0], sizeof spec[0], "listen:%d", port);
    snprintf(spec[1], sizeof spec[1], "tcp:127.0.0.1:%d", port);
    pid_t pid[2];
    for (int i = 0; i < 2; i++) {
        side_t *s = sides[i];
        char *script = path_join(s->dir, "steps.txt"), *save = path_join(s->dir, "save");
        char *errpath = path_join(s->dir, "stderr.txt");
        write_text(script, scripts[i]);
        const char *args[MAX_ARGS] = {"play",    "--game", "go",       "--headless",
                                      "--link",  spec[i],  "--script", script,
                                      "--frames", s->dir,  "--save-dir", save};
        int n = 12;
        for (int k = 0; extras[i] && extras[i][k]; k++)
            args[n++] = extras[i][k];
        args[n] = NULL;
        const char *env[] = {envs[i], NULL};
        pid[i] = spawn_tabletop(args, envs[i] ? env : NULL, -1, errpath);
        if (i == 0)
            cr_assert(wait_for_text(errpath, "waiting for the other console"),
                      "Black never listened");
        free(script);
        free(save);
        free(errpath);
    }
    for (int i = 0; i < 2; i++) {
        sides[i]->status = reap(pid[i]);
        char *errpath = path_join(sides[i]->dir, "stderr.txt");
        sides[i]->err = read_all(errpath, NULL);
        free(errpath);
    }
}

/* ---- reading the frames ---- */

/* The line of text centred at row y (render_string_centered) read off the
 * frame (RGB444), as long as want: a pixel is lit when its brightest
 * channel is above half (text is full bright; the box shades what is under
 * it to a quarter, the background is dark). */
static void read_centered(const char *dir, const char *snap, int y, int scale, const char *want,
                          char *out, size_t len)
{
    char path[4096], err[512];
    snprintf(path, sizeof path, "%s/%s.png", dir, snap);
    uint16_t *px = NULL;
    int w, h;
    cr_assert_eq(frame_png_read(path, &px, &w, &h, err, sizeof err), 0, "%s", err);
    int n = (int)strlen(want);
    int x0 = (RENDER_WIDTH - (n * FONT_ADVANCE - 1) * scale) / 2;
    size_t k = 0;
    for (int i = 0; i < n && k + 1 < len; i++) {
        int cx = x0 + i * FONT_ADVANCE * scale;
        char got = '?';
        for (int gi = 0; gi < FONT_GLYPHS && got == '?'; gi++) {
            int same = 1;
            for (int row = 0; row < FONT_H && same; row++)
                for (int col = 0; col < FONT_W && same; col++) {
                    uint16_t p = px[(size_t)(y + row * scale) * (size_t)w +
                                    (size_t)(cx + col * scale)];
                    int r = p >> 8 & 15, g = p >> 4 & 15, b = p & 15; /* RGB444 */
                    int lit = (r > g ? (r > b ? r : b) : (g > b ? g : b)) > 8;
                    same = lit == !!(font_5x7[gi][row] & (0x10 >> col));
                }
            if (same)
                got = (char)(FONT_FIRST + gi);
        }
        out[k++] = got;
    }
    out[k] = 0;
    free(px);
}

static void expect_line(const side_t *s, const char *snap, int y, int scale, const char *want)
{
    char got[200];
    read_centered(s->dir, snap, y, scale, want, got, sizeof got);
    cr_expect_str_eq(got, want, "%s: the line at y %d reads '%s', not '%s'", snap, y, got, want);
}

/* GNU Go, when installed, finds the stones this test counts dead (J9, A1)
 * dead in the record, and nothing else.  (Its final_score is one point
 * off area scoring in positions with open dame like this one, so the
 * count itself is the test's.) */
static void gnugo_agrees_on_the_dead(const char *dir, const char *rec)
{
    if (access(GNUGO, X_OK) != 0)
        return;
    char *cmds = path_join(dir, "gnugo.gtp"), text[4200], command[8400], line[256];
    snprintf(text, sizeof text, "loadsgf %s\nfinal_status_list dead\nquit\n", rec);
    write_text(cmds, text);
    snprintf(command, sizeof command, GNUGO " --mode gtp --chinese-rules < '%s'", cmds);
    FILE *p = popen(command, "r");
    cr_assert(p, "cannot run GNU Go");
    char dead[512] = "";
    int answers = 0, in_dead = 0;
    while (fgets(line, sizeof line, p)) {
        line[strcspn(line, "\r\n")] = 0;
        if (line[0] == '=') {
            in_dead = ++answers == 2;
            if (in_dead)
                snprintf(dead, sizeof dead, "%s", line + 2);
        } else if (in_dead && line[0]) {
            size_t n = strlen(dead);
            snprintf(dead + n, sizeof dead - n, " %s", line);
        } else {
            in_dead = 0;
        }
    }
    pclose(p);
    free(cmds);
    cr_expect(!strcmp(dead, "J9 A1") || !strcmp(dead, "A1 J9"),
              "GNU Go finds dead: '%s', the test counts J9 and A1 dead", dead);
}

/* Two consoles on sdl: every screen of the end as each player sees it. */
Test(go_link_screen, two_consoles_review_and_result_box_against_an_independent_count)
{
    side_t b = {.dir = scratch("lscreen-b")}, w = {.dir = scratch("lscreen-w")};
    play_game(&b, &w, NULL, NULL, NULL, NULL);
    cr_assert_eq(b.status, 0, "Black: %s", b.err);
    cr_assert_eq(w.status, 0, "White: %s", w.err);
    int black, white;
    char res[16], line[200], want_moves[512], moves[512];
    count_area(&black, &white);
    expected_result(black, white, res, sizeof res);
    cr_assert_str_eq(res, "W+5.5"); /* 27 to 27: White by komi */

    /* Both records: the game played, the result counted here. */
    expected_record(want_moves, sizeof want_moves);
    for (int i = 0; i < 2; i++) {
        side_t *s = i ? &w : &b;
        char *rec = path_join(s->dir, "save/go-link.sgf");
        sgf_moves(rec, moves, sizeof moves);
        cr_expect_str_eq(moves, want_moves, "%s's record", i ? "White" : "Black");
        char *text = read_all(rec, NULL);
        snprintf(line, sizeof line, "RE[%s]", res);
        cr_expect(text && strstr(text, line), "%s's record has no %s:\n%s", i ? "White" : "Black",
                  line, text);
        free(text);
        if (!i)
            gnugo_agrees_on_the_dead(s->dir, rec);
        free(rec);
    }

    /* Play: the other side's pass, then the review. */
    expect_line(&w, "w_play", 460, 1, "Waiting for the other console (Black)...");
    expect_line(&w, "w_peer_passed", 460, 1, "The other console passed - your move (White)");
    expect_line(&b, "b_passed", 460, 1, "You passed - waiting for the other console (White)...");
    snprintf(line, sizeof line, "Mark dead stones (Enter) - %s if accepted (Space), p plays on",
             res);
    expect_line(&b, "b_review", 460, 1, line);
    /* White marked Black's wall dead: Black's 27 points are White's now. */
    char dead_res[16];
    expected_result(0, N * N, dead_res, sizeof dead_res);
    snprintf(line, sizeof line, "The other console changed the marks - %s if accepted (Space)",
             dead_res);
    expect_line(&b, "b_changed", 460, 1, line);
    snprintf(line, sizeof line, "The other console changed the marks - %s if accepted (Space)",
             res);
    expect_line(&w, "w_changed", 460, 1, line);
    snprintf(line, sizeof line, "The other console accepted these marks: Space to accept (%s)",
             res);
    expect_line(&b, "b_their_accept", 460, 1, line);

    /* The result box on both consoles, each from its own side. */
    char counts[64], result[64];
    snprintf(counts, sizeof counts, "Black %d  White %d + 5.5", black, white);
    snprintf(result, sizeof result, "White wins %s", res);
    expect_line(&b, "b_over", 166, 3, "You lose");
    expect_line(&w, "w_over", 166, 3, "You win");
    expect_line(&b, "b_over", 202, 2, counts);
    expect_line(&w, "w_over", 202, 2, counts);
    expect_line(&b, "b_over", 228, 3, result);
    expect_line(&w, "w_over", 228, 3, result);
    /* v hides the box: the line below says it all. */
    snprintf(line, sizeof line, "You lose - %s - v: result, Enter: back", result);
    expect_line(&b, "b_over_hidden", 460, 1, line);
    char title[16];
    read_centered(b.dir, "b_over_hidden", 166, 3, "You lose", title, sizeof title);
    cr_expect_str_neq(title, "You lose", "v left the box on the board");
    free(b.err);
    free(w.err);
}

/* ---- the digits (seed 001), read from the registers ---- */

/* The segments of a character (bit 0 = a ... bit 6 = g, the DE1-SoC's
 * numbering), drawn here from the letter shapes docs/seven_seg.md lists;
 * W is three bars (b, d, f) as it says. */
static int segments(char c)
{
    enum { A = 1, B = 2, C = 4, D = 8, E = 16, F = 32, G = 64 };
    switch (c) {
    case ' ': return 0;
    case '0': case 'O': return A | B | C | D | E | F;
    case '1': return B | C;
    case '2': return A | B | D | E | G;
    case '3': return A | B | C | D | G;
    case '4': return B | C | F | G;
    case '5': case 'S': return A | C | D | F | G;
    case '6': return A | C | D | E | F | G;
    case '7': return A | B | C;
    case '8': return A | B | C | D | E | F | G;
    case '9': return A | B | C | D | F | G;
    case 'A': return A | B | C | E | F | G;
    case 'b': return C | D | E | F | G;
    case 'd': return B | C | D | E | G;
    case 'E': return A | D | E | F | G;
    case 'I': return E | F;
    case 'L': return D | E | F;
    case 'n': return C | E | G;
    case 'P': return A | B | E | F | G;
    case 'r': return E | G;
    case 't': return D | E | F | G;
    case 'W': return B | D | F;
    default: cr_assert_fail("no shape for '%c' in the test", c);
    }
    return 0;
}

/* The two registers' words for a message, left-aligned on HEX5..HEX0. */
static void message_words(const char *text, uint32_t *hex3_0, uint32_t *hex5_4)
{
    int seg[6] = {0};
    for (int i = 0; i < 6 && text[i]; i++)
        seg[5 - i] = segments(text[i]); /* text[0] on HEX5 */
    *hex3_0 = (uint32_t)seg[0] | (uint32_t)seg[1] << 8 | (uint32_t)seg[2] << 16 |
              (uint32_t)seg[3] << 24;
    *hex5_4 = (uint32_t)seg[4] | (uint32_t)seg[5] << 8;
}

/* The messages the digits showed, in order, from the board backend's
 * register log (one "OFFSET VALUE" line a write; HEX3_HEX0 at 0x5018,
 * HEX5_HEX4 at 0x501C, written together). */
static int shown_messages(const char *log, uint32_t pairs[][2], int max)
{
    char *text = read_all(log, NULL);
    cr_assert(text, "no register log %s", log);
    int n = 0;
    uint32_t low = 0;
    for (char *p = text; *p && n < max;) {
        unsigned off, val;
        if (sscanf(p, "%x %x", &off, &val) == 2) {
            if (off == 0x5018)
                low = val;
            else if (off == 0x501C) {
                pairs[n][0] = low;
                pairs[n][1] = val;
                n++;
            }
        }
        char *nl = strchr(p, '\n');
        if (!nl)
            break;
        p = nl + 1;
    }
    free(text);
    return n;
}

/* Whether the message was shown, and at which index (from `from` on). */
static int find_message(uint32_t pairs[][2], int n, int from, const char *text)
{
    uint32_t lo, hi;
    message_words(text, &lo, &hi);
    for (int i = from; i < n; i++)
        if (pairs[i][0] == lo && pairs[i][1] == hi)
            return i;
    return -1;
}

/* The same game on the board backend over a memory file on both sides
 * (--rules sw: a memory file holds no go_rules): the digits each console
 * wrote, in order, against the game. */
Test(go_link_screen, the_digits_follow_the_game_on_both_consoles)
{
    side_t b = {.dir = scratch("lscreen-db")}, w = {.dir = scratch("lscreen-dw")};
    char *mem[2], *log[2], env[2][4200];
    const char *extra[2][8];
    for (int i = 0; i < 2; i++) {
        side_t *s = i ? &w : &b;
        mem[i] = path_join(s->dir, "devmem");
        log[i] = path_join(s->dir, "regs.log");
        int fd = open(mem[i], O_RDWR | O_CREAT, 0644);
        cr_assert(fd >= 0 && ftruncate(fd, (off_t)1 << 32) == 0, "sparse devmem");
        close(fd);
        snprintf(env[i], sizeof env[i], "TABLETOP_BOARD_LOG=%s", log[i]);
        const char *e[] = {"--backend", "board", "--devmem", mem[i], "--rules", "sw", NULL};
        memcpy(extra[i], e, sizeof e);
    }
    play_game(&b, &w, extra[0], extra[1], env[0], env[1]);
    cr_assert_eq(b.status, 0, "Black: %s", b.err);
    cr_assert_eq(w.status, 0, "White: %s", w.err);
    int black, white;
    count_area(&black, &white);
    char counts[8];
    snprintf(counts, sizeof counts, "%3d%3d", black, white);
    for (int i = 0; i < 2; i++) {
        static uint32_t shown[4096][2];
        int n = shown_messages(log[i], shown, 4096);
        const char *who = i ? "White" : "Black";
        /* In play: the side to move and the moves played, in order (White
         * may take the agreement and Black's first stone in one frame). */
        int at = 0;
        for (int m = i; m < 20; m++) {
            char text[8];
            snprintf(text, sizeof text, "%c%5d", m % 2 ? 'W' : 'b', m);
            int k = find_message(shown, n, at, text);
            cr_expect(k >= 0, "%s: '%s' never shown after message %d", who, text, at);
            if (k >= 0)
                at = k;
        }
        int k = find_message(shown, n, at, "PASS");
        cr_expect(k >= 0, "%s: no PASS after Black's pass", who);
        at = k >= 0 ? k : at;
        k = find_message(shown, n, at, counts);
        cr_expect(k >= 0, "%s: the counts '%s' never shown in the review", who, counts);
        at = k >= 0 ? k : at;
        const char *end = i ? "WInnEr" : "LOSEr";
        uint32_t lo, hi;
        message_words(end, &lo, &hi);
        cr_expect(n > 0 && shown[n - 1][0] == lo && shown[n - 1][1] == hi,
                  "%s: the digits end on %08x %08x, not %s", who, n ? shown[n - 1][0] : 0,
                  n ? shown[n - 1][1] : 0, end);
        free(mem[i]);
        free(log[i]);
    }
    free(b.err);
    free(w.err);
}

/* On the board the link game is judged by go_rules unless --rules sw: a
 * memory file has no go_rules, so the first move stops both consoles,
 * each saying why, and the digits say StOP. */
Test(go_link_screen, on_the_board_the_link_game_defaults_to_the_rules_in_logic)
{
    side_t b = {.dir = scratch("lscreen-hb")}, w = {.dir = scratch("lscreen-hw")};
    char *mem = path_join(b.dir, "devmem"), *log = path_join(b.dir, "regs.log"), env[4200];
    int fd = open(mem, O_RDWR | O_CREAT, 0644);
    cr_assert(fd >= 0 && ftruncate(fd, (off_t)1 << 32) == 0, "sparse devmem");
    close(fd);
    snprintf(env, sizeof env, "TABLETOP_BOARD_LOG=%s", log);
    const char *extra[] = {"--backend", "board", "--devmem", mem, NULL};
    play_game(&b, &w, extra, NULL, env, NULL);
    cr_expect_eq(b.status, 1, "Black: %s", b.err);
    cr_expect_eq(w.status, 1, "White: %s", w.err);
    cr_expect(b.err && strstr(b.err, "tabletop: link: ") && strstr(b.err, "rules"),
              "Black does not say its rules failed: %s", b.err);
    cr_expect(w.err && strstr(w.err, "tabletop: link: "), "White does not say why: %s", w.err);
    static uint32_t shown[4096][2];
    int n = shown_messages(log, shown, 4096);
    uint32_t lo, hi;
    message_words("StOP", &lo, &hi);
    cr_expect(n > 0 && shown[n - 1][0] == lo && shown[n - 1][1] == hi,
              "the digits end on %08x %08x, not StOP", n ? shown[n - 1][0] : 0,
              n ? shown[n - 1][1] : 0);
    free(mem);
    free(log);
    free(b.err);
    free(w.err);
}

/* ---- an unreadable save ---- */

/* A save that cannot be resumed is moved aside and the message names why
 * and where (the link itself is refused here: nobody listens). */
Test(go_link_screen, an_unreadable_save_is_named_with_its_reason_and_corrupt_file)
{
    static const struct {
        const char *sgf, *side, *why;
    } cases[] = {
        {"(;GM[1]FF[4]SZ[9];B[ee];W[", "black\n", "not closed"},
        {"(;GM[1]FF[4]SZ[9]KM[5.5];B[ee];W[dd])", NULL, "go-link.side is missing"},
        {"(;GM[1]FF[4]SZ[9]KM[5.5]AB[aa];B[ee];W[dd])", "white\n", "setup stones"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *dir = scratch("lscreen-save"), *save = path_join(dir, "save");
        cr_assert_eq(mkdir(save, 0755), 0);
        char *sgf = path_join(save, "go-link.sgf"), *side = path_join(save, "go-link.side");
        char *corrupt = path_join(save, "go-link.sgf.corrupt");
        write_text(sgf, cases[i].sgf);
        if (cases[i].side)
            write_text(side, cases[i].side);
        char spec[64];
        snprintf(spec, sizeof spec, "tcp:127.0.0.1:%d", free_port());
        const char *extra[] = {"--game", "go", "--link", spec, NULL};
        run_t r = play_in(dir, "await-peer 2000\n", extra);
        cr_expect_eq(r.status, 1, "case %zu: %s", i, r.err);
        char want[4200];
        snprintf(want, sizeof want, "tabletop: saved link game unreadable (");
        const char *at = strstr(r.err, want);
        cr_expect(at && strstr(at, cases[i].why), "case %zu: no reason '%s' in: %s", i,
                  cases[i].why, r.err);
        snprintf(want, sizeof want, "); moved to %s; starting a new one", corrupt);
        cr_expect(at && strstr(at, want), "case %zu: the .corrupt file is not named: %s", i,
                  r.err);
        char *kept = read_all(corrupt, NULL);
        cr_expect(kept && !strcmp(kept, cases[i].sgf), "case %zu: %s does not hold the save", i,
                  corrupt);
        cr_expect(!file_exists(sgf), "case %zu: the unreadable save is still in place", i);
        free(kept);
        free(sgf);
        free(side);
        free(corrupt);
        free(save);
        cleanup(dir);
    }
}
