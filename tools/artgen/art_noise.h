/* Tileable value noise and a small seeded random source for the generated art.
 *
 * Noise is defined over a square tile of `size` pixels and repeats exactly with that period, so
 * a texture built from it tiles. Random placement uses the project's PCG32 (core/dice.h).
 */
#ifndef ARTGEN_ART_NOISE_H
#define ARTGEN_ART_NOISE_H

#include "core/dice.h"

#include <stdint.h>

/* A hash of integer lattice coordinates and a seed, in [0, 1). */
float art_hash(int x, int y, uint32_t seed);
/* Value noise in [0, 1] at pixel (x, y) with `cells` lattice cells across a tile of `size`. */
float art_noise(float x, float y, int cells, float size, uint32_t seed);
/* The same with different cell counts across and down (streaks). */
float art_noise_aniso(float x, float y, int cells_x, int cells_y, float size, uint32_t seed);
/* Sum of `octaves` noises, cells doubling each octave, amplitude halving; in [0, 1]. */
float art_fbm(float x, float y, int cells, int octaves, float size, uint32_t seed);
/* Uniform float in [lo, hi). */
float art_rand(dice_rng *rng, float lo, float hi);

#endif // ARTGEN_ART_NOISE_H
