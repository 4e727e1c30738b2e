/* Reading a whole file: the one loop behind scenario, save and rule-data loading. */
#ifndef CORE_FILE_H
#define CORE_FILE_H

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

#endif // CORE_FILE_H
