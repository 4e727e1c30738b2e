#include "core/dice.h"

#include <string.h>

#define PCG_MULT 6364136223846793005ULL

void dice_seed_stream(dice_rng *rng, uint64_t seed, uint64_t stream)
{
    rng->state = 0;
    rng->forced = 0; /* no referee ruling on a fresh generator */
    rng->inc = (stream << 1u) | 1u;
    dice_next_u32(rng);
    rng->state += seed;
    dice_next_u32(rng);
}

void dice_seed(dice_rng *rng, uint64_t seed)
{
    dice_seed_stream(rng, seed, 0x5a4d7461626c65ULL); /* "ZMtable": a fixed default stream */
}

uint32_t dice_next_u32(dice_rng *rng)
{
    uint64_t old = rng->state;
    rng->state = old * PCG_MULT + rng->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

uint32_t dice_below(dice_rng *rng, uint32_t bound)
{
    if (bound <= 1)
        return 0;
    /* Reject the low 2^32 mod bound values so every residue is equally likely. */
    uint32_t threshold = (0u - bound) % bound;
    for (;;) {
        uint32_t r = dice_next_u32(rng);
        if (r >= threshold)
            return r % bound;
    }
}

double dice_unit(dice_rng *rng)
{
    uint64_t hi = dice_next_u32(rng) >> 5; /* 27 bits */
    uint64_t lo = dice_next_u32(rng) >> 6; /* 26 bits */
    return (double)((hi << 26) | lo) / 9007199254740992.0;
}

/* The forced face instead of `drawn` when this die can show it (and the force is spent). */
static int take_forced(dice_rng *rng, int drawn, int lo, int hi)
{
    if (rng->forced < lo || rng->forced > hi)
        return drawn;
    int v = rng->forced;
    rng->forced = 0;
    return v;
}

int dice_roll(dice_rng *rng, int sides)
{
    if (sides < 1)
        return 0;
    int v = 1 + (int)dice_below(rng, (uint32_t)sides);
    return rng->forced ? take_forced(rng, v, 1, sides) : v;
}

int dice_d6(dice_rng *rng)
{
    return dice_roll(rng, 6);
}

int dice_d10(dice_rng *rng)
{
    return dice_roll(rng, 10);
}

int dice_d100(dice_rng *rng)
{
    int forced = rng->forced; /* a forced percentile is the whole roll, not its tens die */
    rng->forced = 0;
    int tens = dice_d10(rng) % 10;
    int units = dice_d10(rng) % 10;
    int v = tens * 10 + units;
    rng->forced = forced;
    v = v == 0 ? 100 : v;
    return rng->forced ? take_forced(rng, v, 1, 100) : v;
}

int dice_average(dice_rng *rng)
{
    static const int faces[6] = {2, 3, 3, 4, 4, 5};
    int v = faces[dice_below(rng, 6)];
    return rng->forced ? take_forced(rng, v, 2, 5) : v;
}

int dice_sum(dice_rng *rng, int n, int sides, int *out)
{
    int total = 0;
    for (int i = 0; i < n; i++) {
        int v = dice_roll(rng, sides);
        if (out)
            out[i] = v;
        total += v;
    }
    return total;
}

int dice_count_at_least(dice_rng *rng, int n, int need, int *out)
{
    int hits = 0;
    for (int i = 0; i < n; i++) {
        int v = dice_d6(rng);
        if (out)
            out[i] = v;
        hits += v >= need;
    }
    return hits;
}

int dice_pairs_of_sixes(const int *faces, int n)
{
    int sixes = 0;
    for (int i = 0; i < n; i++)
        sixes += faces[i] == 6;
    return sixes / 2;
}

void dice_shuffle(dice_rng *rng, void *base, int n, int size)
{
    unsigned char tmp[256];
    unsigned char *b = base;
    if (size <= 0 || size > (int)sizeof tmp)
        return;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)dice_below(rng, (uint32_t)i + 1);
        memcpy(tmp, b + (size_t)i * size, (size_t)size);
        memcpy(b + (size_t)i * size, b + (size_t)j * size, (size_t)size);
        memcpy(b + (size_t)j * size, tmp, (size_t)size);
    }
}
