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
