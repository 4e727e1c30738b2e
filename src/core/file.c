#include "core/file.h"

#include "core/mem.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* ---- atomic write ------------------------------------------------------------------------- */

static bool write_all(int fd, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, data, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        data += n;
        len -= (size_t)n;
    }
    return true;
}

static bool fsync_dir_of(const char *path)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == dir)
        dir[1] = '\0';
    else
        *slash = '\0';
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd < 0)
        return false;
    bool ok = fsync(fd) == 0;
    close(fd);
    return ok;
}

/* A new file beside `path` (same directory, so a rename into place is atomic) under a unique
 * name, `path`.tmp-XXXXXX in *tmp: two writers never share a temporary file. */
static int open_temp_beside(const char *path, char *tmp, size_t size)
{
    int n = snprintf(tmp, size, "%s.tmp-XXXXXX", path);
    if (n < 0 || (size_t)n >= size) {
        errno = ENAMETOOLONG;
        return -1;
    }
    int fd = mkstemp(tmp);
    if (fd >= 0 && fchmod(fd, 0644) != 0) {
        int saved = errno;
        close(fd);
        unlink(tmp);
        errno = saved;
        return -1;
    }
    return fd;
}

/* Writes `len` bytes to a unique temporary file beside `path`, synced; its name in *tmp. */
static bool write_temp(const char *path, const char *data, size_t len, char *tmp, size_t size)
{
    int fd = open_temp_beside(path, tmp, size);
    if (fd < 0)
        return false;
    bool ok = write_all(fd, data, len) && fsync(fd) == 0;
    int saved = errno;
    ok = close(fd) == 0 && ok;
    if (!ok) {
        unlink(tmp);
        errno = saved ? saved : errno;
    }
    return ok;
}

/* A hard link to FILE under a unique name beside FILE.bak, in *tmp: 1 made, 0 FILE does not
 * exist, -1 no hard links on this file system, -2 another error (errno). */
static int link_temp(const char *path, const char *bak, char *tmp, size_t size)
{
    for (int tries = 0; tries < 8; tries++) {
        int fd = open_temp_beside(bak, tmp, size);
        if (fd < 0)
            return -2;
        close(fd);
        unlink(tmp); /* the random name, reserved for the link */
        if (link(path, tmp) == 0)
            return 1;
        if (errno == ENOENT)
            return 0;
        if (errno != EEXIST)
            return -1;
    }
    return -2;
}

/* A copy of FILE in a unique temporary file beside FILE.bak, in *tmp (as link_temp). */
static int copy_temp(const char *path, const char *bak, char *tmp, size_t size)
{
    char *old = NULL;
    size_t len = 0;
    int errnum = 0;
    file_status st = file_read_all(path, 0, &old, &len, &errnum);
    if (st == FILE_CANNOT_OPEN && errnum == ENOENT)
        return 0;
    if (st != FILE_OK) {
        errno = errnum;
        return -2;
    }
    bool ok = write_temp(bak, old, len, tmp, size);
    free(old);
    return ok ? 1 : -2;
}

/* FILE.bak becomes the previous save while FILE stays in place: a hard link to FILE (or, with
 * no hard links here, a copy) under a unique name, renamed over FILE.bak (rename replaces
 * atomically). FILE itself is never moved, so at every instant FILE is a whole save, whatever
 * another writer does at the same moment. */
static bool keep_backup(const char *path, const char *bak)
{
    char tmp[4096];
    int made = link_temp(path, bak, tmp, sizeof tmp);
    if (made == -1)
        made = copy_temp(path, bak, tmp, sizeof tmp);
    if (made <= 0)
        return made == 0;
    if (rename(tmp, bak) == 0)
        return true;
    int saved = errno;
    unlink(tmp);
    errno = saved;
    return false;
}

bool file_write_atomic(const char *path, const char *data, size_t len, char *err, size_t size)
{
    char tmp[4096], bak[4096];
    snprintf(bak, sizeof bak, "%s.bak", path);
    if (!write_temp(path, data, len, tmp, sizeof tmp)) {
        snprintf(err, size, "cannot write beside %s: %s", path, strerror(errno));
        return false;
    }
    if (!keep_backup(path, bak)) {
        snprintf(err, size, "cannot keep %s: %s", bak, strerror(errno));
        unlink(tmp);
        return false;
    }
    if (rename(tmp, path) != 0) {
        snprintf(err, size, "cannot rename %s to %s: %s", tmp, path, strerror(errno));
        unlink(tmp);
        return false;
    }
    if (!fsync_dir_of(path)) {
        snprintf(err, size, "cannot sync the directory of %s: %s", path, strerror(errno));
        return false;
    }
    return true;
}
