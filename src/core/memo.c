#include "core/memo.h"

#include "core/mem.h"

#include <stdlib.h>
#include <string.h>

struct memo {
    size_t key_size, value_size, slot_size;
    uint32_t mask;
    uint64_t lookups, hits;
    unsigned char *slots; /* each: uint32_t hash + 1 (0: empty), key, value */
};

memo *memo_create(int slots_log2, size_t key_size, size_t value_size)
{
    memo *m = mem_calloc(1, sizeof *m);
    m->key_size = key_size;
    m->value_size = value_size;
    /* hash, key and value, rounded up so each slot's hash stays aligned */
    m->slot_size = (sizeof(uint32_t) + key_size + value_size + 7) & ~(size_t)7;
    m->mask = (1u << slots_log2) - 1;
    /* Only each slot's hash is read before it is written (0: empty; memo_put writes hash, key
     * and value together): zeroing the whole block was a memo's cost in a short game (hundreds
     * of kilobytes for lcr's path memos, three a match). */
    m->slots = mem_realloc(NULL, (size_t)m->mask + 1, m->slot_size);
    for (size_t i = 0; i <= m->mask; i++)
        memset(m->slots + i * m->slot_size, 0, sizeof(uint32_t));
    return m;
}

void memo_destroy(memo *m)
{
    if (!m)
        return;
    free(m->slots);
    free(m);
}

/* A multiply-xorshift over 64-bit words (a 32-bit tail), folded: half the multiplies of FNV-1a
 * over 32-bit words, which was most of a lookup. Which slot a key lands in changes only which
 * results are kept, never an answer. Inline in both callers: the call was a sixth of a
 * lookup's hashing (lcr keys are 20 to 88 bytes). */
static inline __attribute__((always_inline)) uint32_t key_hash(const void *key, size_t size)
{
    const uint64_t k = 0xff51afd7ed558ccdull;
    uint64_t h = 1469598103934665603ull;
    const unsigned char *p = key;
    size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, sizeof w);
        h = (h ^ w) * k;
        h ^= h >> 32;
    }
    if (i + 4 <= size) {
        uint32_t w;
        memcpy(&w, p + i, sizeof w);
        h = (h ^ w) * k;
        h ^= h >> 32;
    }
    h ^= h >> 29;
    return (uint32_t)(h ^ (h >> 32)) | 1u; /* never 0: 0 marks an empty slot */
}

static unsigned char *slot_of(const memo *m, uint32_t h)
{
    return m->slots + (size_t)((h * 2654435761u) >> 7 & m->mask) * m->slot_size;
}

bool memo_get(const memo *m, const void *key, void *value)
{
    uint32_t h = key_hash(key, m->key_size);
    const unsigned char *s = slot_of(m, h);
    ((memo *)m)->lookups++;
    uint32_t stored;
    memcpy(&stored, s, sizeof stored);
    if (stored != h || memcmp(s + sizeof h, key, m->key_size) != 0)
        return false;
    memcpy(value, s + sizeof h + m->key_size, m->value_size);
    ((memo *)m)->hits++;
    return true;
}

void memo_put(memo *m, const void *key, const void *value)
{
    uint32_t h = key_hash(key, m->key_size);
    unsigned char *s = slot_of(m, h);
    memcpy(s, &h, sizeof h);
    memcpy(s + sizeof h, key, m->key_size);
    memcpy(s + sizeof h + m->key_size, value, m->value_size);
}

void memo_stats(const memo *m, uint64_t *lookups, uint64_t *hits)
{
    *lookups = m ? m->lookups : 0;
    *hits = m ? m->hits : 0;
}
