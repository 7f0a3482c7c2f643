/* lock.c - one console per save folder; see lock.h. */
#include "lock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Asks the kernel who holds a conflicting lock on fd (0: unknown). */
static long lock_holder(int fd, short type)
{
    struct flock fl = {.l_type = type, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
    if (fcntl(fd, F_GETLK, &fl) != 0 || fl.l_type == F_UNLCK)
        return 0;
    return (long)fl.l_pid;
}

lock_status_t lock_acquire(console_lock_t *l, const char *dir, char *err, size_t errlen)
{
    l->fd = -1;
    char path[4096];
    if (snprintf(path, sizeof path, "%s/%s", dir, LOCK_FILE_NAME) >= (int)sizeof path) {
        snprintf(err, errlen, "save folder path too long: %s", dir);
        return LOCK_NO_FILE;
    }
    short type = F_WRLCK;
    /* O_NOFOLLOW: a symlink planted in the save folder is not followed. */
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0 && (errno == EACCES || errno == EROFS || errno == EPERM)) {
        /* A folder we cannot write: a read lock still sees a running
         * console's write lock (and nothing can be saved there anyway). */
        fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
        type = F_RDLCK;
    }
    if (fd < 0) {
        snprintf(err, errlen, "cannot open the lock file %s: %s", path, strerror(errno));
        return LOCK_NO_FILE;
    }
    struct flock fl = {.l_type = type, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
    if (fcntl(fd, F_SETLK, &fl) != 0) {
        int e = errno;
        if (e == EACCES || e == EAGAIN) {
            long pid = lock_holder(fd, type);
            char who[48] = "";
            if (pid > 0)
                snprintf(who, sizeof who, " (process %ld)", pid);
            snprintf(err, errlen,
                     "the save folder %s is in use by another tabletop%s: quit that one first, "
                     "or give this one its own folder with --save-dir DIR",
                     dir, who);
            close(fd);
            return LOCK_BUSY;
        }
        snprintf(err, errlen, "cannot lock %s: %s", path, strerror(e));
        close(fd);
        return LOCK_NO_FILE;
    }
    if (type == F_WRLCK && ftruncate(fd, 0) == 0) {
        char line[32];
        int n = snprintf(line, sizeof line, "%ld\n", (long)getpid());
        if (pwrite(fd, line, (size_t)n, 0) != n) {
            /* Only informative: the lock itself is held. */
        }
    }
    l->fd = fd;
    return LOCK_HELD;
}

void lock_release(console_lock_t *l)
{
    if (l->fd >= 0)
        close(l->fd);
    l->fd = -1;
}
