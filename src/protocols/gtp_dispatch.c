/*
 * gtp_dispatch.c - the GTP v2 line machine every engine shares (see
 * gtp_dispatch.h): preprocessing, id, lookup, error replies, framing.
 */
#include "gtp_dispatch.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"

#define GTP_NAME "tabletop"
#define GTP_DEFAULT_MAX_WORDS 64
/* An id longer than this many digits is no id (GNU Go) or refused (gtp-rhino). */
#define GTP_ID_MAX 23

/* What each style answers where GTP leaves the wording or the order open. */
typedef struct gtp_style_rules {
    const char *too_many;      /* the reply to a line of more than max_words words */
    int too_many_without_id;   /* 1: counted before the id is read, so the reply has none */
    int strict_id;             /* 1: a first word starting with a digit must be a whole id */
    const char *bad_id;        /* the reply to one that is not (strict_id) */
    const char *no_command;    /* the reply to an id alone */
    int bare_empty_answer;     /* 1: "=id\n\n" for an empty answer; 0: "=id \n\n" */
    int known_command_exactly_one; /* 1: known_command takes one argument, no more */
} gtp_style_rules_t;

static const gtp_style_rules_t gtp_styles[] = {
    [GTP_STYLE_GNUGO] = {"syntax error", 0, 0, NULL, "syntax error: no command after the id", 0,
                         0},
    [GTP_STYLE_RHINO] = {"syntax error (too many arguments)", 1, 1, "syntax error (bad id)",
                         "syntax error (no command)", 1, 1},
};

struct gtp_dispatch {
    gtp_dispatch_config_t cfg;
    const gtp_style_rules_t *rules;
    char **words; /* cfg.max_words + 1 slots: one more shows a line is too long */
    int quit;
    /* The response being built; `out` is also what execute returns. */
    char *out;
    size_t out_len, out_cap;
    int out_failed; /* set when the growth of `out` failed */
};

static const char gtp_out_of_memory[] = "? out of memory\n\n";

gtp_dispatch_t *gtp_dispatch_new(const gtp_dispatch_config_t *cfg)
{
    gtp_dispatch_t *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->cfg = *cfg;
    if (d->cfg.max_words <= 0)
        d->cfg.max_words = GTP_DEFAULT_MAX_WORDS;
    if ((size_t)d->cfg.style >= sizeof gtp_styles / sizeof gtp_styles[0])
        d->cfg.style = GTP_STYLE_GNUGO;
    d->rules = &gtp_styles[d->cfg.style];
    d->words = malloc(((size_t)d->cfg.max_words + 1) * sizeof *d->words);
    if (!d->words) {
        free(d);
        return NULL;
    }
    return d;
}

void gtp_dispatch_free(gtp_dispatch_t *d)
{
    if (!d)
        return;
    free(d->words);
    free(d->out);
    free(d);
}

void *gtp_dispatch_game(const gtp_dispatch_t *d)
{
    return d->cfg.game;
}

int gtp_dispatch_wants_quit(const gtp_dispatch_t *d)
{
    return d->quit;
}

/* ---- the answer ------------------------------------------------------- */

static void out_reserve(gtp_dispatch_t *d, size_t more)
{
    if (d->out_len + more + 1 <= d->out_cap)
        return;
    size_t cap = d->out_cap ? d->out_cap : 256;
    while (cap < d->out_len + more + 1)
        cap *= 2;
    char *n = realloc(d->out, cap);
    if (!n) {
        d->out_failed = 1;
        return;
    }
    d->out = n;
    d->out_cap = cap;
}

static void out_add(gtp_dispatch_t *d, const char *text, size_t n)
{
    out_reserve(d, n);
    if (d->out_failed)
        return;
    memcpy(d->out + d->out_len, text, n);
    d->out_len += n;
    d->out[d->out_len] = '\0';
}

void gtp_vreply(gtp_dispatch_t *d, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    char small[512];
    int n = vsnprintf(small, sizeof small, fmt, ap);
    if (n >= 0 && (size_t)n < sizeof small) {
        out_add(d, small, (size_t)n);
    } else if (n >= 0) {
        out_reserve(d, (size_t)n);
        if (!d->out_failed) {
            vsnprintf(d->out + d->out_len, (size_t)n + 1, fmt, again);
            d->out_len += (size_t)n;
        }
    }
    va_end(again);
}

void gtp_reply(gtp_dispatch_t *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gtp_vreply(d, fmt, ap);
    va_end(ap);
}

int gtp_vfail(gtp_dispatch_t *d, const char *fmt, va_list ap)
{
    /* A message, not a body: one line, cut at 511 bytes. */
    char msg[512];
    vsnprintf(msg, sizeof msg, fmt, ap);
    d->out_len = 0;
    out_add(d, msg, strlen(msg));
    return -1;
}

int gtp_fail(gtp_dispatch_t *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = gtp_vfail(d, fmt, ap);
    va_end(ap);
    return rc;
}

/* ---- the standard commands ------------------------------------------- */

int gtp_cmd_protocol_version(gtp_dispatch_t *d, int argc, char **argv)
{
    (void)argc, (void)argv;
    gtp_reply(d, "2");
    return 0;
}

int gtp_cmd_name(gtp_dispatch_t *d, int argc, char **argv)
{
    (void)argc, (void)argv;
    gtp_reply(d, GTP_NAME);
    return 0;
}

int gtp_cmd_version(gtp_dispatch_t *d, int argc, char **argv)
{
    (void)argc, (void)argv;
    gtp_reply(d, "%s", TABLETOP_VERSION);
    return 0;
}

/* The row of the game's table named name, or NULL. */
static const gtp_command_t *gtp_lookup(const gtp_dispatch_t *d, const char *name)
{
    for (size_t i = 0; i < d->cfg.n_commands; i++)
        if (!strcmp(d->cfg.commands[i].name, name))
            return &d->cfg.commands[i];
    return NULL;
}

int gtp_cmd_known_command(gtp_dispatch_t *d, int argc, char **argv)
{
    /* GTP: known_command never fails; GNU Go answers "false" to no name. */
    if (argc < 1 && !d->rules->known_command_exactly_one) {
        gtp_reply(d, "false");
        return 0;
    }
    if (argc < 1 || (d->rules->known_command_exactly_one && argc != 1))
        return gtp_fail(d, "syntax error");
    gtp_reply(d, "%s", gtp_lookup(d, argv[0]) ? "true" : "false");
    return 0;
}

int gtp_cmd_list_commands(gtp_dispatch_t *d, int argc, char **argv)
{
    (void)argc, (void)argv;
    for (size_t i = 0; i < d->cfg.n_commands; i++)
        gtp_reply(d, i ? "\n%s" : "%s", d->cfg.commands[i].name);
    return 0;
}

int gtp_cmd_quit(gtp_dispatch_t *d, int argc, char **argv)
{
    (void)argc, (void)argv;
    d->quit = 1;
    return 0;
}

/* ---- a line ----------------------------------------------------------- */

/* 1 if word is all decimal digits (and at least one). */
static int all_digits(const char *word)
{
    size_t k = strspn(word, "0123456789");
    return k > 0 && word[k] == '\0';
}

/* Frames the answer built so far: "=id answer\n\n" (ok) or "?id message\n\n".
 * Returns the response, or the out-of-memory one. */
static const char *gtp_frame(gtp_dispatch_t *d, int ok, const char *id)
{
    if (d->out_failed)
        return gtp_out_of_memory;
    size_t body_len = d->out_len;
    char *body = malloc(body_len + 1);
    if (!body)
        return gtp_out_of_memory;
    memcpy(body, d->out ? d->out : "", body_len);
    body[body_len] = '\0';
    d->out_len = 0;
    const char *gap = body_len == 0 && d->rules->bare_empty_answer ? "" : " ";
    gtp_reply(d, "%c%s%s%s\n\n", ok ? '=' : '?', id, gap, body);
    free(body);
    return d->out_failed ? gtp_out_of_memory : d->out;
}

/* GTP preprocessing: drop control characters other than HT and LF (NUL
 * included: a NUL inside a line must not hide the rest of it), cut at '#',
 * turn HT into a space.  Returns the line in a new buffer, or NULL when
 * memory runs out. */
static char *gtp_preprocess(const char *line, size_t n)
{
    char *buf = malloc(n + 1);
    if (!buf)
        return NULL;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)line[i];
        if (c == '#' || c == '\n')
            break;
        if (c == '\t')
            c = ' ';
        else if (c < 32 || c == 127)
            continue;
        buf[k++] = (char)c;
    }
    buf[k] = '\0';
    return buf;
}

/* buf's words into d->words (at most max_words; *too_many when there were
 * more).  Returns how many. */
static int gtp_split_words(gtp_dispatch_t *d, char *buf, int *too_many)
{
    int argc = 0;
    char *save = NULL;
    for (char *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        if (argc < d->cfg.max_words)
            d->words[argc++] = tok;
        else
            *too_many = 1;
    }
    return argc;
}

/* The optional numeric id that comes first, copied into id to be echoed.
 * Returns the index of the command word (0 or 1), or -1 after the failure
 * a malformed id gets under strict ids. */
static int gtp_take_id(gtp_dispatch_t *d, char id[GTP_ID_MAX + 1])
{
    const char *w = d->words[0];
    id[0] = '\0';
    if (!isdigit((unsigned char)w[0]))
        return 0;
    if (all_digits(w) && strlen(w) <= GTP_ID_MAX) {
        /* GTP's id is an int: GNU Go echoes "01" as "=1". */
        if (!d->rules->strict_id)
            while (w[0] == '0' && w[1])
                w++;
        snprintf(id, GTP_ID_MAX + 1, "%s", w);
        return 1;
    }
    if (!d->rules->strict_id)
        return 0;
    gtp_fail(d, "%s", d->rules->bad_id);
    return -1;
}

/* The answer to the argc words of a line (argc > 0). */
static const char *gtp_run_words(gtp_dispatch_t *d, int argc, int too_many)
{
    if (too_many && d->rules->too_many_without_id) {
        gtp_fail(d, "%s", d->rules->too_many);
        return gtp_frame(d, 0, "");
    }
    char id[GTP_ID_MAX + 1];
    int first = gtp_take_id(d, id);
    if (first < 0)
        return gtp_frame(d, 0, "");
    int rc;
    if (first >= argc) {
        rc = gtp_fail(d, "%s", d->rules->no_command);
    } else if (too_many) {
        rc = gtp_fail(d, "%s", d->rules->too_many);
    } else {
        const gtp_command_t *c = gtp_lookup(d, d->words[first]);
        rc = c ? c->run(d, argc - first - 1, d->words + first + 1)
               : gtp_fail(d, "unknown command");
    }
    return gtp_frame(d, rc == 0, id);
}

const char *gtp_dispatch_execute(gtp_dispatch_t *d, const char *line, size_t n)
{
    char *buf = gtp_preprocess(line, n);
    if (!buf)
        return gtp_out_of_memory;
    int too_many = 0;
    int argc = gtp_split_words(d, buf, &too_many);
    d->out_len = 0;
    d->out_failed = 0;
    out_reserve(d, 64);
    if (d->out)
        d->out[0] = '\0';
    /* An empty line gets no answer. */
    const char *answer = argc ? gtp_run_words(d, argc, too_many) : NULL;
    free(buf);
    return answer;
}
