/*
 * file_atomic.h - the one atomic file writer: every save, record and
 * setting the program writes goes through it, so a crash or a power cut
 * leaves either the old file or the new one, never half of one.
 *
 * A temporary file beside the target (PATH.tmpXXXXXX) is written, synced,
 * given the old file's mode and owner, and renamed over the target; the
 * folder is synced after.  Only a regular file or a free name is written:
 * renaming over a device node would replace it (as root, /dev/null became
 * a file), over a symbolic link would replace the link.  A link is
 * followed only when asked, to the regular file it names.  Every failure
 * removes the temporary file; a file-size limit (ulimit -f) is a failed
 * write (EFBIG, "File too large"): SIGXFSZ is ignored while writing.
 *
 * The lowest layer: libc only, for the console and the protocols.
 */
#ifndef TABLETOP_COMMON_FILE_ATOMIC_H
#define TABLETOP_COMMON_FILE_ATOMIC_H

#include <stddef.h>

/* Zeroed: a symbolic link is refused, a new file gets 0666 less the umask. */
typedef struct file_atomic_options {
    int follow_links;  /* 1: a link is followed and the regular file it names replaced */
    unsigned new_mode; /* permission bits of a new file (0644); 0: 0666 less the umask */
} file_atomic_options_t;

/* Why a write failed; the old file is intact whatever the reason. */
typedef enum file_atomic_status {
    FILE_ATOMIC_OK = 0,
    FILE_ATOMIC_NOT_REGULAR, /* a link (not followed), a directory, a device, FIFO or socket */
    FILE_ATOMIC_LOOKUP,      /* the path could not be examined or its link followed */
    FILE_ATOMIC_CREATE,      /* no temporary file could be made beside it */
    FILE_ATOMIC_WRITE,       /* writing, syncing or renaming failed */
    FILE_ATOMIC_RACE,        /* something else took the path meanwhile: not replaced */
    FILE_ATOMIC_NO_MEMORY,
} file_atomic_status_t;

/* Writes the len bytes at data to path atomically (see above); opts may be
 * NULL (all zero).  Returns FILE_ATOMIC_OK, or why with "PATH: reason" in
 * err and errno set to the failing call's (0 when none did). */
file_atomic_status_t file_atomic_write(const char *path, const void *data, size_t len,
                                       const file_atomic_options_t *opts, char *err,
                                       size_t errlen);

#endif
