/*
 * link_bot.c - `tabletop link-bot --link SPEC --engine "CMD" [--color b|w]`
 * (seed 001's serbot.py): any GTP engine plays as the far console
 * over the same link protocol (games/go/link.h) a console speaks.
 */
#include "link_bot.h"

#include <errno.h>
#include <fcntl.h>
#include <strings.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <unistd.h>

#include "common/file_atomic.h"
#include "games/go/link.h"
#include "games/go/sgf.h"
#include "console/console_link.h"
#include "protocols/cli_args.h"

typedef struct {
    pid_t pid;
    pid_t guard;    /* the guard process (engine_guard), 0 if none */
    int guard_fd;   /* the write end of its pipe, only link-bot holds it */
    int in, out; /* we write to in, read from out */
    char buf[4096];
    size_t len;
} engine_t;

/* The engine's process group, for the signal handler: every way out of
 * link-bot takes the engine (and whatever its shell started) with it. */
static volatile sig_atomic_t engine_group, guard_pid;
/* In the game loop a signal only asks it to stop (quit_signal): the loop
 * leaves through the normal way out, which saves the record and stops the
 * engine, and the signal is raised again at the end.  Elsewhere (waiting
 * for a peer) and for a second signal, the engine goes at once. */
static volatile sig_atomic_t in_game_loop, quit_signal;

static void on_fatal_signal(int sig)
{
    if (in_game_loop && !quit_signal) {
        quit_signal = sig;
        return;
    }
    pid_t g = engine_group, guard = guard_pid;
    if (g > 0) {
        kill(-g, SIGKILL);
        if (guard > 0) { /* before the leader is reaped: its pid is the group's id */
            kill(guard, SIGKILL);
            waitpid(guard, NULL, 0);
        }
        waitpid(g, NULL, 0); /* SIGKILL cannot be ignored: this returns */
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* The guard: PR_SET_PDEATHSIG reaches the engine's first process only,
 * and a SIGKILL leaves link-bot no say.  A small process of its own (in a
 * process group of its own, so that a signal to link-bot's group leaves it)
 * holds the read end of a pipe whose write end only link-bot holds
 * (close-on-exec: the engine never gets it).  However link-bot ends, the
 * kernel closes that end; the guard reads end of file and ends the
 * engine's whole process group: SIGTERM, a moment, SIGKILL.  On the normal
 * way out engine_stop ends the group itself and then the guard. */
static void engine_guard(pid_t group, int fd)
{
    signal(SIGINT, SIG_IGN);
    signal(SIGHUP, SIG_IGN);
    signal(SIGQUIT, SIG_IGN);
    signal(SIGTERM, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    setpgid(0, 0);
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) { /* the caller's pipes are not held open by the guard */
        dup2(null, 0), dup2(null, 1), dup2(null, 2);
        if (null > 2)
            close(null);
    }
    long max = sysconf(_SC_OPEN_MAX);
    for (int i = 3; i < (max > 0 && max < 65536 ? max : 1024); i++)
        if (i != fd)
            close(i);
    char c;
    for (;;) {
        ssize_t r = read(fd, &c, 1);
        if (r == 0 || (r < 0 && errno != EINTR))
            break;
    }
    if (kill(-group, SIGTERM) == 0) {
        for (int i = 0; i < 25 && kill(-group, 0) == 0; i++)
            usleep(20000);
        kill(-group, SIGKILL);
    }
    _exit(0);
}

static int engine_start(engine_t *e, const char *cmd)
{
    int to[2], from[2];
    if (pipe(to) != 0)
        return -1;
    if (pipe(from) != 0) {
        close(to[0]), close(to[1]);
        return -1;
    }
    e->pid = fork();
    if (e->pid < 0)
        return -1;
    if (e->pid == 0) {
        /* Its own process group, so that one kill reaches a shell's children too;
         * and it dies with us even when we are killed outright. */
        setpgid(0, 0);
#ifdef __linux__
        prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
        dup2(to[0], 0);
        dup2(from[1], 1);
        close(to[0]), close(to[1]), close(from[0]), close(from[1]);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    setpgid(e->pid, e->pid); /* also here: whichever of the two runs first */
    engine_group = e->pid;
    close(to[0]);
    close(from[1]);
    e->in = to[1];
    e->out = from[0];
    e->len = 0;
    /* The guard, after the engine: it knows the group, and the engine
     * never saw its pipe.  Without one (a failed fork) PDEATHSIG still
     * takes the engine's first process. */
    int gp[2];
    e->guard = 0;
    e->guard_fd = -1;
    if (pipe(gp) == 0 && fcntl(gp[1], F_SETFD, FD_CLOEXEC) == 0) {
        pid_t g = fork();
        if (g == 0) {
            close(gp[1]);
            engine_guard(e->pid, gp[0]);
        }
        close(gp[0]);
        if (g > 0) {
            e->guard = g;
            e->guard_fd = gp[1];
            guard_pid = g;
        } else
            close(gp[1]);
    }
    return 0;
}

static void engine_stop(engine_t *e)
{
    if (e->pid <= 0)
        return;
    if (write(e->in, "quit\n", 5) < 0) {
        /* it is gone already */
    }
    close(e->in);
    close(e->out);
    /* A second to quit, a second after SIGTERM, then SIGKILL; the whole group
     * each time (a shell's children hold our caller's pipes too). */
    /* The leader is only waited for (not reaped) until the group is killed,
     * so that its pid, the group's id, cannot be reused in between. */
    for (int i = 0; i < 100; i++) {
        siginfo_t info = {0};
        if (i == 50)
            kill(-e->pid, SIGTERM);
        if (waitid(P_PID, (id_t)e->pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid)
            break;
        usleep(20000);
    }
    kill(-e->pid, SIGKILL); /* whatever is left of the group */
    if (e->guard > 0) {
        /* Its work is done; ended before the leader is reaped (the group's
         * id stays taken until then, so the guard never hits another group). */
        kill(e->guard, SIGKILL);
        while (waitpid(e->guard, NULL, 0) < 0 && errno == EINTR) {
        }
        guard_pid = 0;
        e->guard = 0;
    }
    if (e->guard_fd >= 0)
        close(e->guard_fd);
    e->guard_fd = -1;
    while (waitpid(e->pid, NULL, 0) < 0 && errno == EINTR) {
    }
    engine_group = 0;
    e->pid = 0;
}

/* A complete GTP answer ("=..." or "?..." ended by a blank line) in out,
 * without the final blank line: 1; 0 if not complete; -1 if the engine
 * closed its output. */
static int engine_poll_answer(engine_t *e, char *out, size_t len)
{
    for (;;) {
        char *end = NULL;
        for (size_t i = 0; i + 1 < e->len; i++)
            if (e->buf[i] == '\n' && e->buf[i + 1] == '\n') {
                end = e->buf + i;
                break;
            }
        if (end) {
            size_t n = (size_t)(end - e->buf);
            snprintf(out, len, "%.*s", (int)n, e->buf);
            memmove(e->buf, end + 2, e->len - n - 2);
            e->len -= n + 2;
            return 1;
        }
        struct pollfd p = {.fd = e->out, .events = POLLIN};
        if (poll(&p, 1, 0) <= 0)
            return 0;
        if (e->len == sizeof e->buf - 1)
            e->len = 0; /* an absurd answer: forget it */
        ssize_t r = read(e->out, e->buf + e->len, sizeof e->buf - 1 - e->len);
        if (r <= 0)
            return -1;
        /* GTP allows CR; drop it. */
        size_t base = e->len, kept = 0;
        for (size_t i = 0; i < (size_t)r; i++)
            if (e->buf[base + i] != '\r')
                e->buf[base + kept++] = e->buf[base + i];
        e->len = base + kept;
    }
}

static int engine_send(engine_t *e, const char *line)
{
    size_t n = strlen(line);
    return write(e->in, line, n) == (ssize_t)n ? 0 : -1;
}

/* Sends a command and waits (bounded) for its answer; 0 if "=". */
static int engine_cmd(engine_t *e, const char *line, char *ans, size_t len, int timeout_ms)
{
    if (engine_send(e, line) != 0)
        return -1;
    uint64_t end = now_ms() + (uint64_t)timeout_ms;
    while (now_ms() < end && !quit_signal) {
        int r = engine_poll_answer(e, ans, len);
        if (r < 0)
            return -1;
        if (r > 0)
            return ans[0] == '=' ? 0 : -2;
        struct pollfd p = {.fd = e->out, .events = POLLIN};
        poll(&p, 1, 50);
    }
    return -3;
}

static int usage(void)
{
    printf("usage: tabletop link-bot --link SPEC --engine \"COMMAND ...\" [--color b|w]\n"
           "                         [--size N] [--komi K] [--sgf FILE] [--take-saved]\n"
           "  --sgf FILE     the record, saved after every move; an unfinished record of\n"
           "                 link-bot's own in FILE is resumed (a finished one, or one it\n"
           "                 did not write, is refused and left as it is)\n"
           "  --take-saved   when link-bot holds no saved game and the other console\n"
           "                 offers its own, take it (the default refuses it)\n");
    return 0;
}

/* What the record says link-bot is: PB or PW (not both) names it. */
#define LINK_BOT_NAME "tabletop link-bot"

/* What the engine has been told: the moves of the link given to it so far
 * (link_to_sgf's reading of the bytes: RESUME is no move). */
typedef struct {
    BoardState b;
    int n; /* move bytes of the link the engine has */
} replay_t;

/* Advances the replay over the byte at r->n; 1 with the move to give the
 * engine (colour, move), 0 for a byte that is no move. */
static int replay_step(replay_t *r, uint8_t byte, Stone *who, Move *m)
{
    r->n++;
    if (byte == LINK_BYTE_RESIGN)
        return 0;
    if (byte == LINK_BYTE_RESUME) {
        r->b.game_over = 0;
        r->b.consecutive_passes = 0;
        return 0;
    }
    if (link_decode_move(r->b.size, byte, m) != 0)
        return 0;
    *who = r->b.turn;
    board_apply(&r->b, *m);
    return 1;
}

static int pump_out(console_link_t *t, link_t *l, char *err, size_t errlen)
{
    uint8_t buf[LINK_OUT_CAP];
    size_t n = link_take_output(l, buf, sizeof buf);
    return console_link_send(t, buf, n, err, errlen);
}

/* Plays to the engine every move the link holds that it has not been
 * given (a resumed game, the other console's moves, a catch-up).
 * Returns 0, or -1 with why. */
static int engine_catch_up(engine_t *e, replay_t *r, const link_t *l, char *why, size_t len)
{
    int n;
    const uint8_t *moves = link_moves(l, &n);
    while (r->n < n) {
        Stone who;
        Move m;
        if (!replay_step(r, moves[r->n], &who, &m))
            continue;
        char v[8], line[64], ans[256];
        board_vertex_format(r->b.size, m, v, sizeof v);
        snprintf(line, sizeof line, "play %s %s\n", who == BLACK ? "b" : "w", v);
        if (engine_cmd(e, line, ans, sizeof ans, 10000) != 0) {
            snprintf(why, len, "the engine refused move %d, %s %s: %.80s", r->n,
                     who == BLACK ? "black" : "white", v, ans);
            return -1;
        }
    }
    return 0;
}

/* The record (--sgf FILE), written atomically whenever the game changed:
 * every move of either side, the review, the end, and on the way out. */
typedef struct {
    const char *path; /* NULL: no record */
    int ready;        /* the agreement is known: there is a game to write */
    int written;      /* something was written */
    int n_moves;      /* what was last written */
    link_state_t state;
    char result[16];
    int failed_told;  /* a failed save is told once */
} record_t;

/* Writes the record if the game changed since the last write (or always
 * when force).  A failure is one line on stderr, once; the game goes on. */
static void record_save(record_t *r, const link_t *l, int force)
{
    if (!r->path || !r->ready)
        return;
    int n;
    char res[16];
    link_moves(l, &n);
    link_result_string(l, res, sizeof res);
    if (!force && r->written && n == r->n_moves && link_state(l) == r->state &&
        !strcmp(res, r->result))
        return;
    static sgf_game_t g;
    char serr[300];
    char *text = NULL;
    int bad = 0;
    if (link_to_sgf(l, &g) != 0) {
        snprintf(serr, sizeof serr, "%s: the game is too long for a record", r->path);
        bad = 1;
    } else {
        snprintf(g.application, SGF_TEXT, "%s", "tabletop link");
        /* Whose record it is: link-bot's side is named (resuming reads it). */
        snprintf(link_agreement(l)->mine == BLACK ? g.black : g.white, SGF_TEXT, "%s",
                 LINK_BOT_NAME);
        size_t need = sgf_write(&g, NULL, 0);
        text = malloc(need + 1);
        if (!text) {
            snprintf(serr, sizeof serr, "%s: out of memory", r->path);
            bad = 1;
        } else {
            sgf_write(&g, text, need + 1);
            bad = file_atomic_write(r->path, text, need, NULL, serr, sizeof serr) != 0;
        }
    }
    free(text);
    if (bad) {
        if (!r->failed_told)
            fprintf(stderr, "tabletop link-bot: the record was not saved: %s\n", serr);
        r->failed_told = 1;
        return;
    }
    r->written = 1;
    r->n_moves = n;
    r->state = link_state(l);
    snprintf(r->result, sizeof r->result, "%s", res);
}

/* What the command line asks for. */
typedef struct link_bot_args {
    const char *spec, *cmd, *sgf_path;
    link_prefs_t prefs;
    int size_set; /* --size given */
} link_bot_args_t;

/* --color, --size or --komi's value v.  Returns 0, or the exit status after
 * the message. */
static int link_bot_parse_game(link_bot_args_t *args, const char *a, const char *v)
{
    link_prefs_t *prefs = &args->prefs;
    char *end;
    if (!strcmp(a, "--color")) {
        if (!strcmp(v, "b") || !strcmp(v, "black"))
            prefs->color = BLACK;
        else if (!strcmp(v, "w") || !strcmp(v, "white"))
            prefs->color = WHITE;
        else
            return cli_bad("link-bot", "--color wants b or w, not '%s'", v);
    } else if (!strcmp(a, "--size")) {
        long sz = strtol(v, &end, 10);
        if (!*v || *end || sz < BOARD_MIN_SIZE || sz > LINK_MAX_SIZE) {
            fprintf(stderr, "tabletop link-bot: --size wants %d..%d, not '%s' (try tabletop "
                            "link-bot --help)\n", BOARD_MIN_SIZE, LINK_MAX_SIZE, v);
            return 2;
        }
        prefs->size = (int)sz;
        args->size_set = 1;
    } else { /* --komi */
        double k = strtod(v, &end);
        if (!*v || *end || !(k >= -60 && k <= 60) || (int)(k * 2) != k * 2)
            return cli_bad("link-bot", "--komi wants a multiple of 0.5 in -60..60, not '%s'", v);
        prefs->komi2 = (int)(k * 2);
        prefs->komi_set = 1;
    }
    return 0;
}

/* Reads the command line into args.  Returns -1 to go on, else the exit
 * status (0 after --help, 2 after a message). */
static int link_bot_parse_args(int argc, char **argv, link_bot_args_t *args)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            return usage();
        if (!strcmp(a, "--take-saved")) {
            args->prefs.theirs = LINK_THEIRS_TAKE;
            continue;
        }
        if (strcmp(a, "--link") && strcmp(a, "--engine") && strcmp(a, "--sgf") &&
            strcmp(a, "--color") && strcmp(a, "--size") && strcmp(a, "--komi"))
            return cli_bad("link-bot", "unknown option '%s'", a);
        if (i + 1 >= argc)
            return cli_bad("link-bot", "%s wants a value", a);
        const char *v = argv[++i];
        int status = 0;
        if (!strcmp(a, "--link"))
            args->spec = v;
        else if (!strcmp(a, "--engine"))
            args->cmd = v;
        else if (!strcmp(a, "--sgf"))
            args->sgf_path = v;
        else
            status = link_bot_parse_game(args, a, v);
        if (status)
            return status;
    }
    if (!args->spec)
        return cli_bad("link-bot", "%s is missing", "--link SPEC");
    if (!args->cmd)
        return cli_bad("link-bot", "%s is missing", "--engine \"COMMAND ...\"");
    link_prefs_t *prefs = &args->prefs;
    if (prefs->size == 0 && prefs->komi_set)
        prefs->size = BOARD_DEFAULT_SIZE;
    else if (prefs->size && !prefs->komi_set)
        prefs->komi2 = prefs->size == 9 ? BOARD_DEFAULT_KOMI2 : 15;
    char err[256];
    if (console_link_spec_check(args->spec, err, sizeof err) != 0) {
        fprintf(stderr, "tabletop link-bot: %s\n", err);
        return 2;
    }
    return -1;
}

/* The game in --sgf FILE that link-bot resumes (n 0: none). */
typedef struct saved_game {
    uint8_t bytes[LINK_MAX_MOVES];
    int n, size, komi2;
    Stone mine;
} saved_game_t;

/* Why r, read from args->sgf_path, is no game of link-bot's own to resume:
 * one line on stderr, and 2; or 0 with s filled. */
static int link_bot_take_saved(const link_bot_args_t *args, const sgf_game_t *r,
                               saved_game_t *s)
{
    const char *path = args->sgf_path;
    int b = !strcmp(r->black, LINK_BOT_NAME), w = !strcmp(r->white, LINK_BOT_NAME);
    if (b == w) {
        fprintf(stderr, "tabletop link-bot: %s is not link-bot's record (PB or PW \"%s\"); "
                        "not resumed, not overwritten\n", path, LINK_BOT_NAME);
        return 2;
    }
    if (r->result[0]) {
        fprintf(stderr, "tabletop link-bot: %s holds a finished game (%.20s); not "
                        "overwritten\n", path, r->result);
        return 2;
    }
    s->mine = b ? BLACK : WHITE;
    s->size = r->size;
    s->komi2 = r->komi2;
    s->n = link_bytes_from_sgf(r, s->bytes, LINK_MAX_MOVES);
    if (s->n < 0) {
        fprintf(stderr, "tabletop link-bot: %s is no link game (setup stones, a board over "
                        "%dx%d, a move off the board or over %d moves); not overwritten\n",
                path, LINK_MAX_SIZE, LINK_MAX_SIZE, LINK_MAX_MOVES);
        return 2;
    }
    const link_prefs_t *prefs = &args->prefs;
    if ((prefs->color != EMPTY && prefs->color != s->mine) ||
        (args->size_set && prefs->size != s->size) ||
        (prefs->komi_set && prefs->komi2 != s->komi2)) {
        fprintf(stderr, "tabletop link-bot: %s is a %dx%d game, komi %g, link-bot %s: "
                        "--color, --size or --komi say otherwise\n", path, s->size,
                s->size, s->komi2 / 2.0, s->mine == BLACK ? "black" : "white");
        return 2;
    }
    return 0;
}

/* An unfinished record of link-bot's own in --sgf FILE: the game to resume
 * (its agreement goes into args->prefs).  Anything else there is refused
 * and never overwritten.  Returns 0, or 2 after the message. */
static int link_bot_load_saved(link_bot_args_t *args, saved_game_t *s)
{
    const char *path = args->sgf_path;
    if (!path || access(path, F_OK) != 0)
        return 0;
    static sgf_game_t r;
    char lerr[300];
    if (sgf_load_file(path, &r, lerr, sizeof lerr) != 0) {
        fprintf(stderr, "tabletop link-bot: %s; not resumed, not overwritten\n", lerr);
        return 2;
    }
    if (link_bot_take_saved(args, &r, s) != 0)
        return 2;
    fprintf(stderr, "tabletop link-bot: resuming %s: %d moves, link-bot %s\n", path,
            r.n_moves, s->mine == BLACK ? "black" : "white");
    /* No move yet: the record still says what was agreed. */
    args->prefs.color = s->mine;
    args->prefs.size = s->size;
    args->prefs.komi2 = s->komi2;
    args->prefs.komi_set = 1;
    return 0;
}

/* The nonce only breaks ties: the clock and the process, mixed (splitmix64). */
static uint32_t link_bot_nonce(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t z = (uint64_t)ts.tv_nsec ^ (uint64_t)ts.tv_sec << 30 ^
                 (uint64_t)getpid() << 12 ^ 0x9E3779B97F4A7C15ull;
    z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ z >> 27) * 0x94D049BB133111EBull;
    return (uint32_t)(z ^ z >> 31);
}

/* One game between the link and the engine. */
typedef struct bot {
    link_t *l;
    engine_t eng;
    console_link_t *t;
    record_t rec;
    replay_t rp;
    int rc;           /* the exit status */
    int thinking;     /* genmove sent, its answer awaited */
    uint64_t over_at; /* when the game was first seen over, ms; 0: not yet */
    char why[420];    /* why rc is 1; "" for nothing to say */
    char ans[4096];
    char err[256];
} bot_t;

/* Stops the game with rc 1 and why.  Returns 1 (stop). */
static int bot_fail(bot_t *bot, const char *why)
{
    snprintf(bot->why, sizeof bot->why, "%s", why);
    bot->rc = 1;
    return 1;
}

/* Sends what the link has to say; a failed send closes the link. */
static void bot_pump(bot_t *bot)
{
    if (pump_out(bot->t, bot->l, bot->err, sizeof bot->err) != 0)
        link_close(bot->l, LINK_ERR_CLOSED, bot->err);
}

/* The agreement is known: the engine gets the board and the record starts.
 * Returns 0, or 1 (stop) when the engine refuses the board. */
static int bot_on_ready(bot_t *bot)
{
    const link_agreement_t *a = link_agreement(bot->l);
    char line[64];
    snprintf(line, sizeof line, "boardsize %d\n", a->size);
    int bad = engine_cmd(&bot->eng, line, bot->ans, sizeof bot->ans, 10000);
    snprintf(line, sizeof line, "komi %d%s\n", a->komi2 / 2, a->komi2 & 1 ? ".5" : "");
    bad |= engine_cmd(&bot->eng, line, bot->ans, sizeof bot->ans, 10000);
    bad |= engine_cmd(&bot->eng, "clear_board\n", bot->ans, sizeof bot->ans, 10000);
    bot->rec.ready = 1;
    record_save(&bot->rec, bot->l, 1);
    if (bad) {
        snprintf(bot->why, sizeof bot->why, "the engine refused a %dx%d board", a->size,
                 a->size);
        bot->rc = 1;
        return 1;
    }
    board_reset(&bot->rp.b, a->size, a->komi2);
    bot->rp.n = 0;
    if (a->resumed)
        fprintf(stderr, "tabletop link-bot: connected; the engine plays %s; the game "
                        "goes on after move %d\n",
                a->mine == BLACK ? "black" : "white", a->resumed);
    else
        fprintf(stderr, "tabletop link-bot: connected; the engine plays %s\n",
                a->mine == BLACK ? "black" : "white");
    return 0;
}

/* The link's bytes in, its clock, its events.  Returns 0, or 1 (stop). */
static int bot_take_link(bot_t *bot, uint64_t now)
{
    uint8_t buf[256];
    int n = console_link_receive(bot->t, now * 1000u, buf, sizeof buf, bot->err,
                                 sizeof bot->err);
    if (n < 0) {
        if (link_state(bot->l) == LINK_OVER && link_settled(bot->l))
            return 1;
        link_close(bot->l, LINK_ERR_CLOSED, bot->err);
    } else if (n > 0)
        link_feed(bot->l, buf, (size_t)n, now);
    link_tick(bot->l, now);
    link_event_t ev;
    while (link_next_event(bot->l, &ev))
        if (ev.kind == LINK_EV_READY && bot_on_ready(bot))
            return 1;
    return 0;
}

/* The end of the game: our last move acknowledged, and a moment for the
 * peer's last ack to land.  Returns 0, or 1 (stop). */
static int bot_check_over(bot_t *bot, uint64_t now)
{
    if (link_state(bot->l) != LINK_OVER)
        return 0;
    if (!bot->over_at)
        bot->over_at = now;
    if (link_settled(bot->l) && now - bot->over_at > 300)
        return 1;
    if (now - bot->over_at > 20000)
        return bot_fail(bot, "the other console never confirmed the end");
    return 0;
}

/* The review: the bot leaves the marking to the player on the other console
 * and accepts every state of the marks it is shown. */
static void bot_review(bot_t *bot, uint64_t now)
{
    const link_review_t *rv = link_review(bot->l);
    int accepted = link_agreement(bot->l)->mine == BLACK ? rv->accepted_black
                                                          : rv->accepted_white;
    if (link_state(bot->l) == LINK_REVIEW && rv->known && !rv->pending && !accepted) {
        link_review_accept(bot->l, 1, now);
        record_save(&bot->rec, bot->l, 0);
        bot_pump(bot);
    }
}

/* The engine's answer to genmove (v, after "= ") played on the link.
 * Returns 0, or 1 (stop). */
static int bot_play_answer(bot_t *bot, uint64_t now)
{
    const char *v = bot->ans + 1;
    while (*v == ' ')
        v++;
    Move m;
    if (bot->ans[0] != '=') {
        snprintf(bot->why, sizeof bot->why, "the engine failed genmove: %.100s", bot->ans);
        bot->rc = 1;
        return 1;
    }
    if (!strcasecmp(v, "resign")) {
        link_resign(bot->l, now);
    } else if (board_vertex_parse(link_board(bot->l)->size, v, &m) != 0 ||
               link_play(bot->l, m, now) != MOVE_OK) {
        snprintf(bot->why, sizeof bot->why, "the engine played %.20s, not a legal move here", v);
        bot->rc = 1;
        return 1;
    }
    /* The engine made this move itself: the replay only follows. */
    int held;
    const uint8_t *mv = link_moves(bot->l, &held);
    Stone who;
    Move mm;
    while (bot->rp.n < held)
        replay_step(&bot->rp, mv[bot->rp.n], &who, &mm);
    /* Our move is in the record before it leaves. */
    record_save(&bot->rec, bot->l, 0);
    bot_pump(bot);
    return 0;
}

/* Our turn: genmove to the engine, and its answer when it comes.  Returns
 * 0, or 1 (stop). */
static int bot_engine_turn(bot_t *bot, uint64_t now)
{
    if (link_my_turn(bot->l) && !bot->thinking) {
        char line[32];
        snprintf(line, sizeof line, "genmove %s\n",
                 link_agreement(bot->l)->mine == BLACK ? "b" : "w");
        if (engine_send(&bot->eng, line) != 0)
            return bot_fail(bot, "the engine exited");
        bot->thinking = 1;
    }
    if (!bot->thinking)
        return 0;
    int r = engine_poll_answer(&bot->eng, bot->ans, sizeof bot->ans);
    if (r < 0)
        return bot_fail(bot, "the engine exited");
    if (r == 0)
        return 0;
    bot->thinking = 0;
    return bot_play_answer(bot, now);
}

/* One turn of the game loop.  Returns 0, or 1 (stop, bot->rc says how). */
static int bot_step(bot_t *bot)
{
    if (quit_signal)
        return 1;
    uint64_t now = now_ms();
    if (bot_take_link(bot, now))
        return 1;
    /* Every move the link holds reaches the engine before it thinks:
     * a resumed game (ours or the other console's), the peer's moves. */
    if (bot->rec.ready &&
        engine_catch_up(&bot->eng, &bot->rp, bot->l, bot->why, sizeof bot->why) != 0) {
        bot->rc = 1;
        return 1;
    }
    /* Saved before the bytes go out (our acks, our moves sent again):
     * the other console never holds a move our record lacks. */
    record_save(&bot->rec, bot->l, 0);
    bot_pump(bot);
    if (link_state(bot->l) == LINK_FAILED)
        return bot_fail(bot, link_message(bot->l));
    if (bot_check_over(bot, now))
        return 1;
    bot_review(bot, now);
    if (bot_engine_turn(bot, now))
        return 1;
    struct pollfd p[2] = {{.fd = console_link_fd(bot->t), .events = POLLIN},
                          {.fd = bot->eng.out, .events = POLLIN}};
    poll(p, bot->thinking ? 2 : 1, 20);
    return 0;
}

/* After the game: the result, the record, the counters, why it failed; the
 * link and the engine closed.  Returns the exit status. */
static int bot_finish(bot_t *bot)
{
    in_game_loop = 0;
    if (quit_signal)
        bot->rc = 1, bot->why[0] = 0;
    if (!quit_signal && (bot->rc == 0 || link_state(bot->l) == LINK_OVER)) {
        char res[32];
        link_result_string(bot->l, res, sizeof res);
        printf("%s\n", res);
        fflush(stdout);
    }
    record_save(&bot->rec, bot->l, 0);
    const link_stats_t *st = link_stats(bot->l);
    if (getenv("TABLETOP_LINK_STATS")) /* docs/link.md: the fault counters */
        fprintf(stderr,
            "tabletop link-bot: link: %u frames in, %u out, %u CRC errors, %u framing errors, "
            "%u late partial frames, %u duplicates, %u stale, %u retransmissions\n",
            st->frames_in, st->frames_out, st->crc_errors, st->framing_errors, st->gap_drops,
            st->duplicates, st->stale, st->retransmits);
    if (bot->rc && bot->why[0])
        fprintf(stderr, "tabletop link-bot: %s\n", bot->why);
    console_link_close(bot->t);
    engine_stop(&bot->eng);
    if (quit_signal) { /* leave as the signal would have */
        fflush(stdout);
        signal(quit_signal, SIG_DFL);
        raise(quit_signal);
    }
    return bot->rc;
}

/* The engine started and answering GTP, then the link opened (a listen:
 * waits for its peer here).  Returns 0, or 1 after the message. */
static int bot_start(bot_t *bot, const char *cmd, const char *spec)
{
    signal(SIGPIPE, SIG_IGN);
    signal(SIGINT, on_fatal_signal);
    signal(SIGTERM, on_fatal_signal);
    signal(SIGHUP, on_fatal_signal);
    if (engine_start(&bot->eng, cmd) != 0 ||
        engine_cmd(&bot->eng, "protocol_version\n", bot->ans, sizeof bot->ans, 10000) != 0) {
        fprintf(stderr, "tabletop link-bot: the engine \"%s\" does not answer GTP\n", cmd);
        engine_stop(&bot->eng);
        return 1;
    }
    bot->t = console_link_open(NULL, spec, bot->err, sizeof bot->err);
    const char *why = bot->t ? console_link_error(bot->t) : bot->err;
    if (why) {
        fprintf(stderr, "tabletop link-bot: %s\n", why);
        console_link_close(bot->t);
        engine_stop(&bot->eng);
        return 1;
    }
    return 0;
}

int link_bot_main(int argc, char **argv)
{
    link_bot_args_t args = {0};
    int status = link_bot_parse_args(argc, argv, &args);
    if (status >= 0)
        return status;
    static saved_game_t saved;
    if (link_bot_load_saved(&args, &saved) != 0)
        return 2;
    static link_t l;
    args.prefs.nonce = link_bot_nonce();
    if (link_init(&l, &args.prefs, saved.bytes, saved.n, saved.size, saved.komi2,
                  saved.mine) != 0) {
        fprintf(stderr, "tabletop link-bot: %s: %s; not overwritten\n", args.sgf_path,
                link_message(&l));
        return 2;
    }
    static bot_t bot;
    bot = (bot_t){.l = &l, .rec = {.path = args.sgf_path}};
    if (bot_start(&bot, args.cmd, args.spec) != 0)
        return 1;
    in_game_loop = 1;
    while (!bot_step(&bot)) {
    }
    return bot_finish(&bot);
}
