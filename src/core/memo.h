/* A memo of a pure function's results: a fixed number of slots, each keyed by the exact bytes of
 * the arguments, a newer result evicting an older one of the same slot. A hit returns what the
 * function returned for those very bytes, so a caller that memoises a function of its arguments
 * alone (line of sight over static terrain, a path's cost) gets bit-identical answers, only
 * sooner. Keys must have no padding left uninitialised (zero the key struct first).
 *
 * Not thread-safe: one memo per match (and its clones), used by the thread that plays it. */
#ifndef CORE_MEMO_H
#define CORE_MEMO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct memo memo;

/* 2^slots_log2 slots of `key_size` bytes of key (a multiple of 4) and `value_size` of value. */
memo *memo_create(int slots_log2, size_t key_size, size_t value_size);
void memo_destroy(memo *m);
/* True with the stored value copied to `value` when `key` was put and not evicted since. */
bool memo_get(const memo *m, const void *key, void *value);
void memo_put(memo *m, const void *key, const void *value);
/* Lookups and hits since creation (for the benchmarks and tests). */
void memo_stats(const memo *m, uint64_t *lookups, uint64_t *hits);

#endif // CORE_MEMO_H
