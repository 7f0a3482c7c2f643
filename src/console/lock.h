/*
 * lock.h - one console per save folder.  Two consoles writing the same
 * go.sgf or connect4.txt would silently overwrite each other's games, so
 * the console holds an fcntl() write lock on SAVE_DIR/tabletop.lock while it
 * runs; a second console on the same folder is refused (docs/play.md).  The
 * kernel drops the lock when the process ends, however it ends (kill -9
 * included), so a stale lock file never blocks anybody.
 */
#ifndef TABLETOP_LOCK_H
#define TABLETOP_LOCK_H

#include <stddef.h>

/* The lock file's name inside the save folder. */
#define LOCK_FILE_NAME "tabletop.lock"

typedef struct console_lock {
    int fd; /* the open lock file, or -1 */
} console_lock_t;

/* Results of lock_acquire(). */
typedef enum {
    LOCK_HELD = 0,     /* this process holds the lock now */
    LOCK_BUSY = 1,     /* another process holds it: err says which */
    LOCK_NO_FILE = -1, /* the lock file cannot be opened or created (err says why) */
} lock_status_t;

/* Takes the lock on dir/tabletop.lock (created 0644 if missing; the holder's
 * pid is written into it for people).  Never blocks. */
lock_status_t lock_acquire(console_lock_t *l, const char *dir, char *err, size_t errlen);

/* Releases the lock (closing the file); safe on a lock never taken. */
void lock_release(console_lock_t *l);

#endif
