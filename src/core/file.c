#include "core/file.h"

#include "core/mem.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

file_status file_read_all(const char *path, size_t max_bytes, char **text, size_t *len, int *errnum)
{
    *text = NULL;
    *len = 0;
    *errnum = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        *errnum = errno;
        return FILE_CANNOT_OPEN;
    }
    size_t cap = 1 << 14, n = 0;
    char *buf = mem_realloc(NULL, cap, 1);
    for (;;) {
        n += fread(buf + n, 1, cap - n - 1, f);
        if (n < cap - 1 || (max_bytes && n >= max_bytes))
            break;
        cap *= 2;
        buf = mem_realloc(buf, cap, 1);
    }
    file_status st = FILE_OK;
    if (ferror(f)) {
        *errnum = errno;
        st = FILE_CANNOT_READ;
    } else if (max_bytes && n >= max_bytes) {
        st = FILE_TOO_LARGE;
    }
    fclose(f);
    if (st != FILE_OK) {
        free(buf);
        return st;
    }
    buf[n] = '\0';
    *text = buf;
    *len = n;
    return FILE_OK;
}
