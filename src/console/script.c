/* script.c - headless key scripts; see script.h. */
#include "script.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "common/keys.h"

#define LINE_MAX_LEN 512
/* A file line's buffer: the longest line the parser takes (LINE_MAX_LEN - 1
 * characters) with its "\r\n" and NUL. */
#define FILE_LINE_BUF (LINE_MAX_LEN + 2)
#define WAIT_MAX_MS 86400000u /* a day of game time is surely a typo beyond */

struct script {
    FILE *f;
    int line;
    int owns_file;
};

static const struct {
    const char *name;
    int key;
} named_keys[] = {
    {"up", HID_KEY_UP},         {"down", HID_KEY_DOWN},     {"left", HID_KEY_LEFT},
    {"right", HID_KEY_RIGHT},   {"enter", HID_KEY_ENTER},   {"space", HID_KEY_SPACE},
    {"escape", HID_KEY_ESCAPE}, {"backspace", HID_KEY_BACKSPACE}, {"tab", HID_KEY_TAB},
    {"f1", 0x3A}, /* help (console-wide) */
};

/* Splits off the next whitespace-separated word; returns NULL at the end. */
static char *next_word(char **p)
{
    char *s = *p;
    while (*s && isspace((unsigned char)*s))
        s++;
    if (!*s)
        return NULL;
    char *w = s;
    while (*s && !isspace((unsigned char)*s))
        s++;
    if (*s)
        *s++ = 0;
    *p = s;
    return w;
}

int script_parse_line(const char *text, int line, script_step_t *out, char *err, size_t errlen)
{
    char buf[LINE_MAX_LEN];
    size_t n = strlen(text);
    if (n >= sizeof buf) {
        snprintf(err, errlen, "line %d: line too long", line);
        return -1;
    }
    memcpy(buf, text, n + 1);
    char *hash = strchr(buf, '#');
    if (hash)
        *hash = 0;
    char *p = buf;
    char *word = next_word(&p);
    if (!word)
        return 0;
    char *arg = next_word(&p);
    char *extra = arg ? next_word(&p) : NULL;
    *out = (script_step_t){.line = line};

    if (!strcasecmp(word, "wait") || !strcasecmp(word, "key") || !strcasecmp(word, "snap") ||
        !strcasecmp(word, "await-peer")) {
        if (!arg || extra) {
            snprintf(err, errlen, "line %d: '%s' takes one argument", line, word);
            return -1;
        }
    } else if (arg) {
        snprintf(err, errlen, "line %d: unexpected '%s' after key '%s'", line, arg, word);
        return -1;
    }

    /* arg is set here (checked above); testing it again tells the analyzer. */
    if (arg && !strcasecmp(word, "wait")) {
        char *end;
        errno = 0;
        unsigned long ms = strtoul(arg, &end, 10);
        if (errno || *end || !isdigit((unsigned char)arg[0]) || ms > WAIT_MAX_MS) {
            snprintf(err, errlen, "line %d: wait wants milliseconds 0..%u, not '%s'", line,
                     WAIT_MAX_MS, arg);
            return -1;
        }
        out->op = SCRIPT_WAIT;
        out->wait_ms = (uint32_t)ms;
        return 1;
    }
    if (arg && !strcasecmp(word, "await-peer")) { /* link games */
        char *end;
        errno = 0;
        unsigned long ms = strtoul(arg, &end, 10);
        if (errno || *end || !isdigit((unsigned char)arg[0]) || ms == 0 || ms > WAIT_MAX_MS) {
            snprintf(err, errlen, "line %d: await-peer wants milliseconds 1..%u, not '%s'", line,
                     WAIT_MAX_MS, arg);
            return -1;
        }
        out->op = SCRIPT_AWAIT_PEER;
        out->wait_ms = (uint32_t)ms;
        return 1;
    }
    if (arg && !strcasecmp(word, "key")) {
        char *end;
        errno = 0;
        unsigned long code = strtoul(arg, &end, 0);
        if (errno || *end || !isdigit((unsigned char)arg[0]) || code == 0 || code > 0xFF) {
            snprintf(err, errlen, "line %d: key wants a HID usage code 0x01..0xFF, not '%s'", line,
                     arg);
            return -1;
        }
        out->op = SCRIPT_KEY;
        out->key = (int)code;
        return 1;
    }
    if (arg && !strcasecmp(word, "snap")) {
        size_t len = strlen(arg);
        int ok = len > 0 && len < SCRIPT_NAME_MAX && arg[0] != '.';
        for (size_t i = 0; ok && i < len; i++)
            ok = isalnum((unsigned char)arg[i]) || arg[i] == '_' || arg[i] == '-' || arg[i] == '.';
        if (!ok) {
            snprintf(err, errlen, "line %d: snap name '%s' must be letters, digits, '_', '-' or "
                                  "'.' (at most %d)", line, arg, SCRIPT_NAME_MAX - 1);
            return -1;
        }
        out->op = SCRIPT_SNAP;
        memcpy(out->name, arg, len + 1);
        return 1;
    }
    out->op = SCRIPT_KEY;
    for (size_t i = 0; i < sizeof named_keys / sizeof named_keys[0]; i++)
        if (!strcasecmp(word, named_keys[i].name)) {
            out->key = named_keys[i].key;
            return 1;
        }
    if (!word[1] && isalpha((unsigned char)word[0])) {
        out->key = HID_KEY_A + (tolower((unsigned char)word[0]) - 'a');
        return 1;
    }
    if (!word[1] && isdigit((unsigned char)word[0])) {
        out->key = word[0] == '0' ? HID_KEY_0 : HID_KEY_1 + (word[0] - '1');
        return 1;
    }
    snprintf(err, errlen, "line %d: unknown step '%s' (a key name, key 0xNN, wait MS, snap NAME)",
             line, word);
    return -1;
}

/* Reads one line; 1, 0 at EOF, -1 for a line too long. */
static int read_line(FILE *f, char *buf, size_t len)
{
    if (!fgets(buf, (int)len, f))
        return 0;
    size_t n = strlen(buf);
    if (n && buf[n - 1] == '\n') {
        buf[--n] = 0;
        if (n && buf[n - 1] == '\r')
            buf[--n] = 0;
        return 1;
    }
    if (feof(f))
        return 1;
    return -1;
}

script_t *script_open(const char *path, char *err, size_t errlen)
{
    script_t *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (!strcmp(path, "-")) {
        s->f = stdin;
    } else {
        s->f = fopen(path, "r");
        s->owns_file = 1;
        if (!s->f) {
            snprintf(err, errlen, "cannot read script %s: %s", path, strerror(errno));
            free(s);
            return NULL;
        }
    }
    struct stat st;
    if (fstat(fileno(s->f), &st) == 0 && S_ISREG(st.st_mode)) {
        /* Check every line now, so a typo at the end does not waste a run. */
        char line[FILE_LINE_BUF];
        script_step_t step;
        int r, n = 0;
        char msg[256];
        while ((r = read_line(s->f, line, sizeof line)) != 0) {
            n++;
            if (r < 0 || script_parse_line(line, n, &step, msg, sizeof msg) < 0) {
                if (r < 0)
                    snprintf(msg, sizeof msg, "line %d: line too long", n);
                snprintf(err, errlen, "script %s: %s", path, msg);
                script_close(s);
                return NULL;
            }
        }
        rewind(s->f);
    }
    return s;
}

int script_next(script_t *s, script_step_t *out, char *err, size_t errlen)
{
    char line[FILE_LINE_BUF];
    for (;;) {
        int r = read_line(s->f, line, sizeof line);
        if (r == 0)
            return 0;
        s->line++;
        if (r < 0) {
            snprintf(err, errlen, "script line %d: line too long", s->line);
            return -1;
        }
        char msg[256];
        r = script_parse_line(line, s->line, out, msg, sizeof msg);
        if (r < 0) {
            snprintf(err, errlen, "script %s", msg);
            return -1;
        }
        if (r > 0)
            return 1;
    }
}

void script_close(script_t *s)
{
    if (!s)
        return;
    if (s->owns_file && s->f)
        fclose(s->f);
    free(s);
}
