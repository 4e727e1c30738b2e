/* A contact sheet of all the generated art, for docs/art.md: sprites shown tinted in two side
 * colours, cards and textures at half size, on a neutral ground. Deterministic like the rest. */
#ifndef ARTGEN_ART_SHEET_H
#define ARTGEN_ART_SHEET_H

#include "artgen.h"

#include <stdint.h>

typedef struct art_sheet art_sheet;

art_sheet *art_sheet_create(void);
void art_sheet_destroy(art_sheet *s);
/* Adds one asset's image and its tint mask (NULL when it has none); the sheet keeps copies. */
void art_sheet_add(art_sheet *s, const art_asset *a, const uint8_t *rgba, const uint8_t *tint);
/* Lays the sheet out and writes it as PNG. 0 on success. */
int art_sheet_write(const art_sheet *s, const char *path);

#endif // ARTGEN_ART_SHEET_H
