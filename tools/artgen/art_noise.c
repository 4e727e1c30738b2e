#include "art_noise.h"

#include <math.h>

float art_hash(int x, int y, uint32_t seed)
{
    uint32_t h = seed * 0x9E3779B9u;
    h ^= (uint32_t)x * 0x85EBCA6Bu;
    h = (h << 13) | (h >> 19);
    h ^= (uint32_t)y * 0xC2B2AE35u;
    h ^= h >> 16;
    h *= 0x7FEB352Du;
    h ^= h >> 15;
    h *= 0x846CA68Bu;
    h ^= h >> 16;
    return (float)(h >> 8) / 16777216.0f;
}

static int wrap(int i, int n)
{
    return ((i % n) + n) % n;
}

float art_noise(float x, float y, int cells, float size, uint32_t seed)
{
    return art_noise_aniso(x, y, cells, cells, size, seed);
}

float art_noise_aniso(float x, float y, int cells_x, int cells_y, float size, uint32_t seed)
{
    float u = x * (float)cells_x / size, v = y * (float)cells_y / size;
    float fu = floorf(u), fv = floorf(v);
    int iu = (int)fu, iv = (int)fv;
    float tu = u - fu, tv = v - fv;
    tu = tu * tu * (3.0f - 2.0f * tu);
    tv = tv * tv * (3.0f - 2.0f * tv);
    int u0 = wrap(iu, cells_x), u1 = wrap(iu + 1, cells_x);
    int v0 = wrap(iv, cells_y), v1 = wrap(iv + 1, cells_y);
    float a = art_hash(u0, v0, seed), b = art_hash(u1, v0, seed);
    float c = art_hash(u0, v1, seed), d = art_hash(u1, v1, seed);
    float top = a + (b - a) * tu, bot = c + (d - c) * tu;
    return top + (bot - top) * tv;
}

float art_fbm(float x, float y, int cells, int octaves, float size, uint32_t seed)
{
    float sum = 0.0f, amp = 1.0f, norm = 0.0f;
    for (int o = 0; o < octaves; o++) {
        sum += amp * art_noise(x, y, cells, size, seed + (uint32_t)o * 101u);
        norm += amp;
        amp *= 0.5f;
        cells *= 2;
    }
    return sum / norm;
}

float art_rand(dice_rng *rng, float lo, float hi)
{
    /* 24 bits are exactly representable in a float, so the result is the same everywhere. */
    float u = (float)(dice_next_u32(rng) >> 8) / 16777216.0f;
    return lo + (hi - lo) * u;
}
