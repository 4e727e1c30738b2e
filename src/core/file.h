/* Reading a whole file: the one loop behind scenario, save and rule-data loading. */
#ifndef CORE_FILE_H
#define CORE_FILE_H

#include <stdbool.h>
#include <stddef.h>

typedef enum file_status {
    FILE_OK = 0,
    FILE_CANNOT_OPEN,
    FILE_CANNOT_READ,
    FILE_TOO_LARGE, /* max_bytes or more */
} file_status;

/* Reads the file at `path` into a new NUL-terminated buffer (*text, free() it; *len bytes
 * before the NUL). max_bytes 0 means no limit. On failure returns the status, leaves *text
 * NULL and sets *errnum to errno (0 for FILE_TOO_LARGE). */
file_status file_read_all(const char *path, size_t max_bytes, char **text, size_t *len,
                          int *errnum);

/* Replaces the file at `path` by `len` bytes so that a kill at any instant leaves it whole (the
 * old or the new content) and keeps the previous content in PATH.bak: written to a unique
 * temporary file in the same directory (mkstemp), synced, the old file hard-linked (or copied)
 * to PATH.bak the same way, then renamed into place and the directory synced. Two writers at
 * once never share a temporary file, and the file is never moved away. False with a message
 * naming the file and the system's reason. Saves and settings are written so. */
bool file_write_atomic(const char *path, const char *data, size_t len, char *err, size_t size);

#endif // CORE_FILE_H
