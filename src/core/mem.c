#include "core/mem.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void mem_fail(size_t n, size_t size)
{
    fprintf(stderr, "sandtable: out of memory (asked for %zu x %zu bytes)\n", n, size);
    exit(3);
}

void *mem_calloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        mem_fail(n, size);
    return p;
}

void *mem_realloc(void *p, size_t n, size_t size)
{
    if (size && n > SIZE_MAX / size)
        mem_fail(n, size);
    size_t bytes = n * size;
    void *q = realloc(p, bytes ? bytes : 1);
    if (!q)
        mem_fail(n, size);
    return q;
}

void *mem_dup(const void *src, size_t n, size_t size)
{
    if (!src || n == 0)
        return NULL;
    void *p = mem_realloc(NULL, n, size);
    memcpy(p, src, n * size);
    return p;
}

char *mem_strdup(const char *s)
{
    return mem_dup(s, strlen(s) + 1, 1);
}

void mem_grow(void **arr, int *cap, int need, size_t size)
{
    if (need <= *cap)
        return;
    int n = *cap ? *cap : 8;
    while (n < need)
        n *= 2;
    *arr = mem_realloc(*arr, (size_t)n, size);
    *cap = n;
}

void mem_strcopy(char *dst, size_t size, const char *src)
{
    if (size == 0)
        return;
    size_t n = strnlen(src, size - 1);
    memmove(dst, src, n);
    dst[n] = '\0';
}
