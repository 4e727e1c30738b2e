/* The one seeded random generator and the dice built on it.
 *
 * Algorithm: PCG32 (XSH-RR output, 64-bit LCG state, O'Neill 2014). The whole state is two
 * 64-bit words, saved as they are; the same seed and the same sequence of calls give the same
 * rolls on every machine. Bounded draws use rejection (no modulo bias).
 */
#ifndef CORE_DICE_H
#define CORE_DICE_H

#include <stdint.h>

typedef struct dice_rng {
    uint64_t state;
    uint64_t inc; /* odd; selects the stream */
    /* The face the next die shows, set by a referee ("the next die shows 6"); 0 = none. The
     * next dice_roll (or d100, or average die) that can show it does, and clears it; it still
     * draws from the generator, so the dice after it fall as they would have. */
    int forced;
} dice_rng;

/* Seeds the generator (stream 0 unless dice_seed_stream is used). */
void dice_seed(dice_rng *rng, uint64_t seed);
void dice_seed_stream(dice_rng *rng, uint64_t seed, uint64_t stream);
uint32_t dice_next_u32(dice_rng *rng);
/* Uniform in [0, bound) for bound >= 1. */
uint32_t dice_below(dice_rng *rng, uint32_t bound);
/* Uniform double in [0, 1). */
double dice_unit(dice_rng *rng);

/* One die of `sides` faces: 1..sides. */
int dice_roll(dice_rng *rng, int sides);
int dice_d6(dice_rng *rng);
int dice_d10(dice_rng *rng);
/* 1..100 (two d10 read as tens and units, 00 = 100). */
int dice_d100(dice_rng *rng);
/* The average die: faces 2,3,3,4,4,5 (seed 002's "DAve"). */
int dice_average(dice_rng *rng);
/* Sum of n dice of `sides` faces; each face written to out[i] when out is not NULL. */
int dice_sum(dice_rng *rng, int n, int sides, int *out);
/* Rolls n d6 and counts the faces >= `need` (need 6 counts sixes). */
int dice_count_at_least(dice_rng *rng, int n, int need, int *out);
/* Number of disjoint pairs of sixes among n given d6 faces. */
int dice_pairs_of_sixes(const int *faces, int n);

/* Shuffles n elements of `size` bytes in place (Fisher-Yates). */
void dice_shuffle(dice_rng *rng, void *base, int n, int size);

#endif // CORE_DICE_H
