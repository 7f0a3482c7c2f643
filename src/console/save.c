/* save.c - the autosave directory and putting saves aside; see save.h. */
#include "save.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/file_atomic.h"

#define SAVE_PATH_MAX 4096

int save_make_dirs(const char *path)
{
    char tmp[4096];
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof tmp)
        return -1;
    memcpy(tmp, path, n + 1);
    for (char *p = tmp + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = 0;
        if (mkdir(tmp, 0755) != 0 && errno != EEXIST)
            return -1;
        *p = '/';
    }
    if (mkdir(tmp, 0755) != 0 && errno != EEXIST)
        return -1;
    struct stat st;
    return stat(tmp, &st) == 0 && S_ISDIR(st.st_mode) ? 0 : -1;
}

int save_dir_resolve(const char *option, char *buf, size_t len, char *err, size_t errlen)
{
    int n;
    const char *xdg = getenv("XDG_STATE_HOME");
    const char *home = getenv("HOME");
    if (option && *option)
        n = snprintf(buf, len, "%s", option);
    else if (xdg && *xdg == '/')
        n = snprintf(buf, len, "%s/tabletop", xdg);
    else if (home && *home)
        n = snprintf(buf, len, "%s/.local/state/tabletop", home);
    else {
        snprintf(err, errlen, "no place for autosaves: set HOME or XDG_STATE_HOME, or pass "
                              "--save-dir DIR");
        return -1;
    }
    if (n < 0 || (size_t)n >= len) {
        snprintf(err, errlen, "autosave directory path too long");
        return -1;
    }
    if (save_make_dirs(buf) != 0) {
        snprintf(err, errlen, "cannot create autosave directory %s: %s", buf, strerror(errno));
        return -1;
    }
    save_clean_stale_temps(buf);
    return 0;
}

int save_exists(const char *path)
{
    /* lstat: a symbolic link in the save folder is not a save of ours. */
    struct stat st;
    return lstat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int save_remove(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return errno == ENOENT ? 0 : -1;
    if (!S_ISREG(st.st_mode)) {
        errno = S_ISDIR(st.st_mode) ? EISDIR : EPERM;
        return -1;
    }
    return unlink(path);
}

int save_replace(const char *from, const char *to)
{
    struct stat st;
    if (lstat(from, &st) != 0 || !S_ISREG(st.st_mode) ||
        (lstat(to, &st) == 0 && !S_ISREG(st.st_mode))) {
        errno = EPERM;
        return -1;
    }
    return rename(from, to);
}

int save_move_aside(const char *path, const char *suffix, char *newpath, size_t len, char *err,
                    size_t errlen)
{
    for (int i = 0; i < 1000; i++) {
        int n = i ? snprintf(newpath, len, "%s.%d.%s", path, i, suffix)
                  : snprintf(newpath, len, "%s.%s", path, suffix);
        if (n < 0 || (size_t)n >= len) {
            snprintf(err, errlen, "path too long: %s", path);
            return -1;
        }
        struct stat st;
        if (lstat(newpath, &st) == 0)
            continue;
        /* link + unlink never overwrites a file that appeared meanwhile. */
        if (link(path, newpath) == 0) {
            unlink(path);
            return 0;
        }
        if (errno == EEXIST)
            continue;
        if (rename(path, newpath) == 0)
            return 0;
        snprintf(err, errlen, "cannot rename %s to %s: %s", path, newpath, strerror(errno));
        return -1;
    }
    snprintf(err, errlen, "too many old copies of %s", path);
    return -1;
}

void save_clean_stale_temps(const char *dir)
{
    /* Only what is certainly ours and certainly abandoned: NAME.sgf.tmp +
     * six characters of mkstemp's alphabet (sgf_save_file's naming; the
     * save folder may be one the user shares with other programs), a
     * regular file of this user, untouched for a minute (a save in flight,
     * even another console's on the same folder, lives for milliseconds). */
    DIR *d = opendir(dir);
    if (!d)
        return;
    time_t now = time(NULL);
    struct dirent *ent;
    while ((ent = readdir(d)) != NULL) {
        const char *n = ent->d_name;
        size_t len = strlen(n);
        if (len < 15 || strncmp(n + len - 14, ".sgf.tmp", 8) != 0)
            continue;
        int ours = 1;
        for (const char *p = n + len - 6; *p; p++)
            ours &= (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                    (*p >= '0' && *p <= '9');
        struct stat st;
        if (!ours || fstatat(dirfd(d), n, &st, AT_SYMLINK_NOFOLLOW) != 0)
            continue;
        if (S_ISREG(st.st_mode) && st.st_uid == geteuid() && st.st_mtime + 60 < now)
            (void)unlinkat(dirfd(d), n, 0);
    }
    closedir(d);
}

/* The file name without its folder, for messages on the screen. */
static const char *save_base_name(const char *path)
{
    const char *b = strrchr(path, '/');
    return b ? b + 1 : path;
}

/* Writes text to path atomically (common/file_atomic.h): a temporary file
 * in the same folder, written, synced, given the old file's mode and owner
 * (0644 for a new one) and renamed over path.  Refuses to replace anything
 * but a regular file (a symlink or a device is not ours to replace).  Returns 0, or -1 with a
 * message naming the file without its folder in err, and path untouched. */
int save_write_text(const char *path, const char *text, char *err, size_t errlen)
{
    /* The temporary file's name, PATH.tmpXXXXXX, must fit the same bound. */
    if (strlen(path) + strlen(".tmpXXXXXX") >= SAVE_PATH_MAX + 16) {
        snprintf(err, errlen, "path too long: %s", path);
        return -1;
    }
    /* file_atomic_write's "PATH: why" names the folder, which the screen has
     * no room for: these messages name the file alone. */
    char why[512];
    file_atomic_options_t opts = {.new_mode = 0644};
    const char *name = save_base_name(path);
    switch (file_atomic_write(path, text, strlen(text), &opts, why, sizeof why)) {
    case FILE_ATOMIC_OK:
        return 0;
    case FILE_ATOMIC_NOT_REGULAR:
        snprintf(err, errlen, "%s is not a regular file", name);
        break;
    case FILE_ATOMIC_LOOKUP:
    case FILE_ATOMIC_CREATE:
        snprintf(err, errlen, "cannot create a file next to %s: %s", name, strerror(errno));
        break;
    case FILE_ATOMIC_RACE:
        snprintf(err, errlen, "cannot write %s: it changed on disk while saving", name);
        break;
    default:
        snprintf(err, errlen, "cannot write %s: %s", name, strerror(errno));
        break;
    }
    return -1;
}

/* ---- the key/value record (save.h) ---- */

/* save_kv_parse's loop; max_line 0: lines of any length. */
static int kv_parse(const char *text, size_t max_line, save_kv_take_fn take, void *ctx, char *err,
                    size_t errlen)
{
    size_t cap = 256;
    char *line = malloc(cap);
    if (!line) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int line_no = 0, rc = 0;
    for (const char *p = text; *p && rc == 0;) {
        line_no++;
        const char *end = strchr(p, '\n');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (max_line && n > max_line) {
            snprintf(err, errlen, "line %d is too long", line_no);
            rc = -1;
            break;
        }
        if (n + 1 > cap) {
            char *bigger = realloc(line, n + 1);
            if (!bigger) {
                snprintf(err, errlen, "out of memory");
                rc = -1;
                break;
            }
            line = bigger;
            cap = n + 1;
        }
        memcpy(line, p, n);
        line[n] = 0;
        p += n + (end ? 1 : 0);
        while (n && (line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
            line[--n] = 0;
        if (!n || line[0] == '#')
            continue;
        char *value = strchr(line, ' ');
        if (value)
            *value++ = 0;
        else
            value = line + n;
        char why[256] = "";
        if (take(ctx, line, value, why, sizeof why) != 0) {
            snprintf(err, errlen, "line %d: %s", line_no, why[0] ? why : "not understood");
            rc = -1;
        }
    }
    free(line);
    return rc;
}

int save_kv_parse(const char *text, save_kv_take_fn take, void *ctx, char *err, size_t errlen)
{
    return kv_parse(text, 0, take, ctx, err, errlen);
}

int save_kv_parse_lines(const char *text, size_t max_line, save_kv_take_fn take, void *ctx,
                        char *err, size_t errlen)
{
    return kv_parse(text, max_line, take, ctx, err, errlen);
}

int save_kv_read_lines(const char *path, size_t max, size_t max_line, save_kv_take_fn take,
                       void *ctx, char *err, size_t errlen)
{
    char *text;
    if (save_read_text(path, max, &text, err, errlen) != 0)
        return -1;
    int rc = kv_parse(text, max_line, take, ctx, err, errlen);
    free(text);
    return rc;
}

int save_read_text(const char *path, size_t max, char **out, char *err, size_t errlen)
{
    *out = NULL;
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open: %s", strerror(errno));
        return -1;
    }
    char *text = malloc(max + 2);
    if (!text) {
        fclose(f);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    size_t n = fread(text, 1, max + 1, f);
    int bad = ferror(f);
    fclose(f);
    text[n < max ? n : max] = 0;
    if (bad)
        snprintf(err, errlen, "read error");
    else if (n > max)
        snprintf(err, errlen, "larger than %zu bytes", max);
    else if (strlen(text) != n)
        snprintf(err, errlen, "contains a NUL byte");
    else {
        *out = text;
        return 0;
    }
    free(text);
    return -1;
}

int save_kv_read(const char *path, size_t max, save_kv_take_fn take, void *ctx, char *err,
                 size_t errlen)
{
    return save_kv_read_lines(path, max, 0, take, ctx, err, errlen);
}

/* A growing text that kv lines are appended to. */
typedef struct kv_sink {
    char *buf;
    size_t len, cap;
    int failed;
} kv_sink_t;

static void kv_append(kv_sink_t *s, const char *text)
{
    size_t n = strlen(text);
    if (s->failed)
        return;
    if (s->len + n + 1 > s->cap) {
        size_t cap = s->cap ? s->cap : 256;
        while (s->len + n + 1 > cap)
            cap *= 2;
        char *bigger = realloc(s->buf, cap);
        if (!bigger) {
            s->failed = 1;
            return;
        }
        s->buf = bigger;
        s->cap = cap;
    }
    memcpy(s->buf + s->len, text, n + 1);
    s->len += n;
}

static void kv_put(void *sink, const char *key, const char *value)
{
    kv_sink_t *s = sink;
    kv_append(s, key);
    if (value && *value) {
        kv_append(s, " ");
        kv_append(s, value);
    }
    kv_append(s, "\n");
}

char *save_kv_format(const char *header, save_kv_emit_fn emit, void *ctx)
{
    kv_sink_t s = {0};
    kv_append(&s, header ? header : "");
    if (emit(ctx, kv_put, &s) != 0)
        s.failed = 1;
    if (s.failed) {
        free(s.buf);
        return NULL;
    }
    return s.buf;
}

int save_kv_write(const char *path, const char *header, save_kv_emit_fn emit, void *ctx,
                  char *err, size_t errlen)
{
    char *text = save_kv_format(header, emit, ctx);
    if (!text) {
        snprintf(err, errlen, "cannot format %s (out of memory)", save_base_name(path));
        return -1;
    }
    int rc = save_write_text(path, text, err, errlen);
    free(text);
    return rc;
}
