/* artgen: the generator of Sandtable's own art (sprites, stands, cards, terrain textures, dice).
 *
 * Each asset is a name, a size, a kind and a draw function; artgen writes NAME.png for each (and
 * NAME_tint.png when the drawing has side-colour areas) and a manifest.json listing them all.
 */
#ifndef ARTGEN_ARTGEN_H
#define ARTGEN_ARTGEN_H

#include "art_canvas.h"

typedef struct art_asset {
    const char *name; /* file stem, e.g. "fig_infantry" */
    const char *kind; /* sprite, stand, card, texture, die, badge, marker */
    int w, h;
    int param; /* passed to draw (a die face, a card type...) */
    void (*draw)(art_canvas *cv, int param);
    const char *use; /* what it is for, one line */
} art_asset;

/* The asset tables of each module; *n receives the count. */
const art_asset *art_sprites_list(int *n);
const art_asset *art_cards_list(int *n);
const art_asset *art_textures_list(int *n);
const art_asset *art_dice_list(int *n);
const art_asset *art_markers_list(int *n);

/* Card layout shared with the manifest: boxes left free for text drawn at run time. */
typedef struct art_box {
    int x, y, w, h;
} art_box;
#define ART_CARD_W 180
#define ART_CARD_H 252
art_box art_card_title_box(void);
art_box art_card_text_box(void);

#endif // ARTGEN_ARTGEN_H
