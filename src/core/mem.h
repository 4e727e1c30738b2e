/* The one checked allocator: out of memory prints a message and exits (error tier two). */
#ifndef CORE_MEM_H
#define CORE_MEM_H

#include <stddef.h>

/* Zeroed allocation of n * size bytes; never returns NULL (n == 0 allocates one byte). */
void *mem_calloc(size_t n, size_t size);
/* Resizes p to n * size bytes; never returns NULL. */
void *mem_realloc(void *p, size_t n, size_t size);
/* Copies n * size bytes from src into a new block (NULL src or n == 0 gives NULL). */
void *mem_dup(const void *src, size_t n, size_t size);
/* A copy of a C string. */
char *mem_strdup(const char *s);
/* snprintf(dst, size, "%s", src) without the formatter: at most size - 1 bytes of src and a
 * terminating NUL (nothing written when size is 0), the bytes after it left as they were. */
void mem_strcopy(char *dst, size_t size, const char *src);

/* Grows *arr (of *cap elements of size `size`) to hold at least `need`, doubling. */
void mem_grow(void **arr, int *cap, int need, size_t size);

#endif // CORE_MEM_H
