/* file_atomic.c - the one atomic file writer; see file_atomic.h. */
#define _GNU_SOURCE /* renameat2, RENAME_NOREPLACE */
#include "file_atomic.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The folder part of path ("." for a bare name) into dir. */
static void file_dir_of(const char *path, char *dir, size_t len)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, len, ".");
    else if (slash == path)
        snprintf(dir, len, "/");
    else
        snprintf(dir, len, "%.*s", (int)(slash - path), path);
}

/* Makes a rename in path's folder durable: until the folder itself is on
 * disk, a power cut can bring the old name back.  Best effort: the new
 * file is already complete whatever happens here. */
static void file_sync_dir(const char *path)
{
    char dir[4096];
    file_dir_of(path, dir, sizeof dir);
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return;
    (void)fsync(fd);
    close(fd);
}

/* What is at path now: 0 nothing, 1 a regular file (*st filled), or -1
 * with the reason in err and *status (a symbolic link, a directory, a
 * device, FIFO or socket, or lstat failing). */
static int file_check_target(const char *path, struct stat *st, file_atomic_status_t *status,
                             char *err, size_t errlen)
{
    if (lstat(path, st) != 0) {
        if (errno == ENOENT)
            return 0;
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        *status = FILE_ATOMIC_LOOKUP;
        return -1;
    }
    if (S_ISREG(st->st_mode))
        return 1;
    *status = FILE_ATOMIC_NOT_REGULAR;
    if (S_ISLNK(st->st_mode))
        snprintf(err, errlen, "%s: is a symbolic link; not replaced", path);
    else if (S_ISDIR(st->st_mode))
        snprintf(err, errlen, "%s: is a directory; not replaced", path);
    else
        snprintf(err, errlen, "%s: not a regular file (a device, FIFO or socket); not written",
                 path);
    return -1;
}

/* Writes all len bytes to fd.  Returns 0, or -1 with errno set. */
static int file_write_all(int fd, const char *data, size_t len)
{
    size_t done = 0;
    while (done < len) {
        ssize_t w = write(fd, data + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            if (w == 0)
                errno = EIO; /* no progress and no reason: do not spin */
            return -1;
        }
        done += (size_t)w;
    }
    return 0;
}

/* Puts tmp at path: over the regular file checked before (st, exists), or
 * on the free name, never over what took its place meanwhile. */
static file_atomic_status_t file_put_in_place(const char *tmp, const char *path, int exists,
                                              const struct stat *st, char *err, size_t errlen)
{
    struct stat now;
    char why[512];
    file_atomic_status_t ignored;
    int again = file_check_target(path, &now, &ignored, why, sizeof why);
    if (again != exists || (exists && (now.st_dev != st->st_dev || now.st_ino != st->st_ino))) {
        snprintf(err, errlen, "%s: changed while saving; not replaced", path);
        errno = 0;
        return FILE_ATOMIC_RACE;
    }
    int rc = 0;
    if (!exists) {
        /* A free name: never replace what appears there meanwhile. */
#if defined(__EMSCRIPTEN__)
        /* The page's file system (docs/web.md) has neither renameat2 nor
         * link(), and only this program in it: nothing can take the name
         * checked free above. */
        rc = rename(tmp, path);
#else
        rc = renameat2(AT_FDCWD, tmp, AT_FDCWD, path, RENAME_NOREPLACE);
        if (rc != 0 && (errno == EINVAL || errno == ENOSYS)) {
            /* No RENAME_NOREPLACE here: link() refuses an existing name too. */
            rc = link(tmp, path);
            if (rc == 0)
                unlink(tmp);
        }
#endif
    } else {
        rc = rename(tmp, path);
    }
    if (rc == 0)
        return FILE_ATOMIC_OK;
    int saved = errno;
    if (saved == EEXIST) {
        snprintf(err, errlen, "%s: appeared while saving; not replaced", path);
        errno = saved;
        return FILE_ATOMIC_RACE;
    }
    snprintf(err, errlen, "%s: cannot write: %s", path, strerror(saved));
    errno = saved;
    return FILE_ATOMIC_WRITE;
}

file_atomic_status_t file_atomic_write(const char *path, const void *data, size_t len,
                                       const file_atomic_options_t *opts, char *err,
                                       size_t errlen)
{
    file_atomic_options_t o = {0};
    if (opts)
        o = *opts;
    file_atomic_status_t status = FILE_ATOMIC_OK;
    char *resolved = NULL;
    struct stat st = {0};
    int exists = file_check_target(path, &st, &status, err, errlen);
    if (exists < 0 && o.follow_links && S_ISLNK(st.st_mode)) {
        resolved = realpath(path, NULL);
        if (!resolved) {
            int saved = errno;
            snprintf(err, errlen, "%s: cannot follow the symbolic link: %s", path,
                     strerror(saved));
            errno = saved;
            return FILE_ATOMIC_LOOKUP;
        }
        path = resolved;
        exists = file_check_target(path, &st, &status, err, errlen);
    }
    if (exists < 0) {
        int saved = status == FILE_ATOMIC_LOOKUP ? errno : 0;
        free(resolved);
        errno = saved;
        return status;
    }
    /* A replaced file keeps its mode and, where allowed, its owner; a new
     * one gets the mode asked for, or the usual 0666 less the umask. */
    mode_t mode;
    if (exists) {
        mode = st.st_mode & 07777;
    } else if (o.new_mode) {
        mode = (mode_t)o.new_mode & 07777;
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }

    size_t plen = strlen(path);
    char *tmp = malloc(plen + 16);
    if (!tmp) {
        snprintf(err, errlen, "%s: out of memory", path);
        free(resolved);
        errno = ENOMEM;
        return FILE_ATOMIC_NO_MEMORY;
    }
    snprintf(tmp, plen + 16, "%s.tmpXXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        int saved = errno;
        snprintf(err, errlen, "%s: cannot create a temporary file: %s", path, strerror(saved));
        free(tmp);
        free(resolved);
        errno = saved;
        return FILE_ATOMIC_CREATE;
    }
    /* Past a file-size limit (ulimit -f) the kernel sends SIGXFSZ, whose
     * default kills the process mid-save; ignored, the write fails with
     * EFBIG like any other failed write, and the temporary file goes. */
    struct sigaction ignore = {.sa_handler = SIG_IGN}, old_xfsz;
    sigemptyset(&ignore.sa_mask);
    int xfsz_set = sigaction(SIGXFSZ, &ignore, &old_xfsz) == 0;
    int rc = file_write_all(fd, data, len);
    if (rc == 0 && exists && (st.st_uid != geteuid() || st.st_gid != getegid()))
        (void)fchown(fd, st.st_uid, st.st_gid); /* root keeps a user's file theirs */
    if (rc == 0 && (fchmod(fd, mode) != 0 || fsync(fd) != 0))
        rc = -1;
    int saved = errno;
    if (xfsz_set)
        sigaction(SIGXFSZ, &old_xfsz, NULL);
    if (close(fd) != 0 && rc == 0) {
        rc = -1;
        saved = errno;
    }
    if (rc != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(saved));
        status = FILE_ATOMIC_WRITE;
    } else {
        status = file_put_in_place(tmp, path, exists, &st, err, errlen);
        saved = errno;
    }
    if (status == FILE_ATOMIC_OK)
        file_sync_dir(path);
    else
        unlink(tmp);
    free(tmp);
    free(resolved);
    errno = status == FILE_ATOMIC_OK ? 0 : saved;
    return status;
}
