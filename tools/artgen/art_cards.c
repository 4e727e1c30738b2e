/* Order deck cards, 180x252: one back and five face templates. Faces leave a title band and a
 * text box empty for the UI to write in (their boxes are in the manifest); the title band of a
 * side's card is tinted in the side colour. */
#include "artgen.h"

#include "art_noise.h"

#include <math.h>
#include <stddef.h>

enum { CARD_BACK = 0, CARD_OFFICER, CARD_NCO, CARD_LEADER, CARD_SOLDIER, CARD_END, CARD_CAVALRY };

#define PAPER     art_rgb(240, 230, 204)
#define INK       art_rgb(70, 50, 34)
#define GOLD      art_rgb(226, 186, 84)
#define GOLD_DARK art_rgb(150, 112, 40)
#define STEEL     art_rgb(200, 206, 214)

art_box art_card_title_box(void)
{
    return (art_box){14, 12, 152, 26};
}

art_box art_card_text_box(void)
{
    return (art_box){14, 160, 152, 78};
}

static float card_paper(float x, float y, void *ctx)
{
    (void)ctx;
    float n = art_fbm(x, y, 6, 4, 128.0f, 77u);
    return 0.92f + 0.12f * n + 0.03f * (art_hash((int)x, (int)y, 5u) - 0.5f);
}

static void card_blank(art_canvas *cv)
{
    art_rect(cv, 0.5f, 0.5f, ART_CARD_W - 0.5f, ART_CARD_H - 0.5f, 11, art_solid(INK));
    art_rect(cv, 2, 2, ART_CARD_W - 2, ART_CARD_H - 2, 9.5f, art_solid(PAPER));
    art_modulate(cv, card_paper, NULL);
}

/* A thin rounded frame: an ink rectangle with the inside painted again. */
static void frame(art_canvas *cv, art_box b, float r, float w, art_rgba ink, art_paint inside)
{
    art_rect(cv, (float)b.x - w, (float)b.y - w, (float)(b.x + b.w) + w, (float)(b.y + b.h) + w,
             r + w, art_solid(ink));
    art_rect(cv, (float)b.x, (float)b.y, (float)(b.x + b.w), (float)(b.y + b.h), r, inside);
}

static void star(art_canvas *cv, float x, float y, float r_out, float r_in, int points, float deg,
                 art_paint p)
{
    float v[64];
    for (int i = 0; i < 2 * points && i < 32; i++) {
        float a = (deg + 180.0f * (float)i / (float)points) * ART_PI / 180.0f;
        float r = (i % 2) ? r_in : r_out;
        v[2 * i] = x + r * art_sin(a);
        v[2 * i + 1] = y - r * art_cos(a);
    }
    art_polygon(cv, v, 2 * points, p);
}

/* ---- the back ------------------------------------------------------------------------------ */

static art_rgba back_pattern(float x, float y, void *ctx)
{
    (void)ctx;
    const float cx = 90, cy = 126, cell = 18;
    /* inside the inner panel only, with an anti-aliased edge */
    float dx = fabsf(x - cx) - 72, dy = fabsf(y - cy) - 108;
    float edge = art_clamp(0.5f - (dx > dy ? dx : dy), 0, 1);
    if (edge <= 0)
        return (art_rgba){0, 0, 0, 0};
    float u = (x - cx + y - cy) / cell, v = (x - cx - (y - cy)) / cell;
    float du = fabsf(u - floorf(u + 0.5f)) * cell * 0.7071f;
    float dv = fabsf(v - floorf(v + 0.5f)) * cell * 0.7071f;
    float line = art_clamp(1.1f - (du < dv ? du : dv), 0, 1);
    /* a dot in each diamond */
    float cu = u - floorf(u) - 0.5f, cw = v - floorf(v) - 0.5f;
    float dot = art_clamp(2.4f - sqrtf(cu * cu + cw * cw) * cell * 0.7071f * 1.0f, 0, 1);
    art_rgba base = art_mix(art_rgb(26, 40, 82), art_rgb(36, 56, 110),
                            0.5f + 0.5f * art_cos((x - cx) * 0.05f) * art_cos((y - cy) * 0.05f));
    art_rgba c = art_mix(base, art_rgb(196, 162, 84), line * 0.85f);
    c = art_mix(c, art_rgb(150, 40, 44), dot);
    c.a = edge;
    return c;
}

static void draw_back(art_canvas *cv)
{
    art_rect(cv, 0.5f, 0.5f, ART_CARD_W - 0.5f, ART_CARD_H - 0.5f, 11, art_solid(INK));
    art_rect(cv, 2, 2, ART_CARD_W - 2, ART_CARD_H - 2, 9.5f, art_solid(art_rgb(236, 226, 200)));
    art_rect(cv, 14, 14, 166, 238, 3, art_solid(GOLD_DARK));
    art_fill_fn(cv, back_pattern, NULL);
    /* the medallion: a compass rose */
    art_circle(cv, 90, 126, 38, art_solid(GOLD_DARK));
    art_circle(cv, 90, 126, 36,
               art_radial(art_rgb(248, 240, 216), art_rgb(214, 198, 160), 84, 118, 40));
    art_ring(cv, 90, 126, 31, 1.2f, art_solid(GOLD_DARK));
    star(cv, 90, 126, 29, 6, 4, 45, art_solid(art_rgb(150, 40, 44)));
    star(cv, 90, 126, 30, 5.5f, 4, 0, art_solid(art_rgb(30, 46, 92)));
    art_circle(cv, 90, 126, 4, art_solid(GOLD));
    /* corner roses, point-symmetric */
    const float corner[4][2] = {{30, 30}, {150, 30}, {30, 222}, {150, 222}};
    for (int i = 0; i < 4; i++) {
        art_circle(cv, corner[i][0], corner[i][1], 9, art_solid(GOLD_DARK));
        art_circle(cv, corner[i][0], corner[i][1], 7.5f, art_solid(art_rgb(236, 226, 200)));
        star(cv, corner[i][0], corner[i][1], 7, 2, 4, 0, art_solid(art_rgb(150, 40, 44)));
    }
}

/* ---- emblems, centred on (90, 100) ------------------------------------------------------------
 */

static void sabre(art_canvas *cv, float deg)
{
    art_xform keep = cv->xf;
    art_translate(cv, 90, 100);
    art_rotate(cv, deg);
    float blade[8] = {-2.6f, 30, 2.6f, 30, 1.5f, -36, -3.5f, -32};
    art_polygon(cv, blade, 4,
                art_linear(art_rgb(240, 244, 250), -3, 0, art_rgb(140, 146, 160), 3, 0));
    art_line(cv, -10, 30, 10, 30, 3.2f, art_solid(GOLD));
    art_ring(cv, 4, 36, 6, 2, art_solid(GOLD));
    art_line(cv, 0, 31, 0, 42, 4.4f, art_solid(art_rgb(60, 40, 26)));
    cv->xf = keep;
}

static void rifle(art_canvas *cv, float deg)
{
    art_xform keep = cv->xf;
    art_translate(cv, 90, 100);
    art_rotate(cv, deg);
    float stock[8] = {-3.5f, 40, 3.5f, 40, 2.8f, 6, -2.8f, 6};
    art_polygon(cv, stock, 4, art_linear(art_rgb(168, 112, 60), -3, 0, art_rgb(104, 64, 32), 3, 0));
    art_line(cv, 0, 10, 0, -28, 3.0f, art_solid(art_rgb(60, 62, 70)));
    art_taper(cv, 0, -28, 0, -42, 2.6f, 0.6f, art_solid(STEEL));
    art_line(cv, -2.5f, 16, 2.5f, 16, 1.5f, art_solid(GOLD));
    cv->xf = keep;
}

static void emblem_officer(art_canvas *cv)
{
    sabre(cv, -34);
    sabre(cv, 34);
    star(cv, 90, 64, 12, 5, 5, 0, art_solid(GOLD));
}

static void emblem_nco(art_canvas *cv)
{
    for (int k = 0; k < 3; k++) {
        float y = 76.0f + 17.0f * (float)k;
        float v[6] = {56, y + 14, 90, y, 124, y + 14};
        art_polyline(cv, v, 3, 11, art_solid(art_rgb(60, 40, 20)));
        art_polyline(cv, v, 3, 8, art_linear(GOLD, 90, y - 4, GOLD_DARK, 90, y + 12));
    }
}

/* A crescent: inside one circle and outside another, each edge anti-aliased. */
typedef struct crescent_shape {
    float x, y, r, ix, iy, ir;
} crescent_shape;

static art_rgba crescent_at(float x, float y, void *ctx)
{
    const crescent_shape *c = ctx;
    float dx = x - c->x, dy = y - c->y, ex = x - c->ix, ey = y - c->iy;
    float in_outer = art_clamp(c->r + 0.5f - sqrtf(dx * dx + dy * dy), 0, 1);
    float in_inner = art_clamp(c->ir + 0.5f - sqrtf(ex * ex + ey * ey), 0, 1);
    art_rgba col =
        art_mix(art_shade(GOLD, 1.25f), GOLD_DARK, art_clamp((dx + dy) / (2 * c->r) + 0.5f, 0, 1));
    col.a = in_outer * (1.0f - in_inner);
    return col;
}

static void crescent(art_canvas *cv, float x, float y, float r)
{
    crescent_shape c = {x, y, r, x + 0.45f * r, y - 0.3f * r, 0.84f * r};
    art_fill_fn(cv, crescent_at, &c);
}

static void emblem_leader(art_canvas *cv, art_rgba panel)
{
    (void)panel;
    crescent(cv, 88, 84, 25);
    star(cv, 100, 80, 8, 3.4f, 5, 10, art_solid(GOLD));
    art_xform keep = cv->xf;
    for (int s = -1; s <= 1; s += 2) {
        art_translate(cv, 90, 112);
        art_rotate(cv, 50.0f * (float)s);
        float blade[10] = {-2, 16, 2, 16, 6, -26, 1, -23, -3, -27};
        art_polygon(cv, blade, 5, art_solid(STEEL));
        art_line(cv, -6, 16, 6, 16, 2.4f, art_solid(GOLD));
        art_line(cv, 0, 16, 0, 26, 3.6f, art_solid(art_rgb(60, 40, 26)));
        cv->xf = keep;
    }
}

static void emblem_soldier(art_canvas *cv)
{
    rifle(cv, -28);
    rifle(cv, 28);
    art_circle(cv, 90, 100, 9, art_solid(art_rgb(60, 40, 20)));
    art_circle(cv, 90, 100, 7.5f, art_radial(art_shade(GOLD, 1.3f), GOLD_DARK, 87, 97, 9));
}

static void emblem_end(art_canvas *cv)
{
    /* two arrows chasing round the hourglass: the deck is gathered and shuffled */
    for (int k = 0; k < 2; k++) {
        float pts[2 * 17];
        float a0 = 35.0f + 180.0f * (float)k, a1 = a0 + 105.0f;
        for (int i = 0; i <= 16; i++) {
            float a = (a0 + (a1 - a0) * (float)i / 16.0f) * ART_PI / 180.0f;
            pts[2 * i] = 90 + 44 * art_sin(a);
            pts[2 * i + 1] = 100 - 44 * art_cos(a);
        }
        art_polyline(cv, pts, 17, 4.5f, art_solid(GOLD));
        float a = a1 * ART_PI / 180.0f;
        float px = 90 + 44 * art_sin(a), py = 100 - 44 * art_cos(a);
        float tx = art_cos(a), ty = art_sin(a);  /* clockwise tangent */
        float nx = art_sin(a), ny = -art_cos(a); /* outward normal */
        float head[6] = {px + 11 * tx, py + 11 * ty, px + 7 * nx,
                         py + 7 * ny,  px - 7 * nx,  py - 7 * ny};
        art_polygon(cv, head, 3, art_solid(GOLD));
    }
    float glass_t[6] = {72, 70, 108, 70, 90, 100};
    float glass_b[6] = {72, 130, 108, 130, 90, 100};
    art_polygon(cv, glass_t, 3, art_solid(art_rgb(220, 230, 236)));
    art_polygon(cv, glass_b, 3, art_solid(art_rgb(220, 230, 236)));
    float sand_t[6] = {80, 82, 100, 82, 90, 97};
    float sand_b[6] = {76, 128, 104, 128, 90, 112};
    art_polygon(cv, sand_t, 3, art_solid(art_rgb(222, 190, 110)));
    art_polygon(cv, sand_b, 3, art_solid(art_rgb(222, 190, 110)));
    art_line(cv, 90, 97, 90, 128, 1.0f, art_solid(art_rgb(222, 190, 110)));
    art_line(cv, 69, 68, 111, 68, 5, art_solid(art_rgb(112, 72, 40)));
    art_line(cv, 69, 132, 111, 132, 5, art_solid(art_rgb(112, 72, 40)));
}

/* A horseshoe, open end down, with its nail holes, under two crossed lances. */
static void emblem_cavalry(art_canvas *cv)
{
    art_xform keep = cv->xf;
    for (int s = -1; s <= 1; s += 2) {
        art_translate(cv, 90, 100);
        art_rotate(cv, 30.0f * (float)s);
        art_line(cv, 0, 44, 0, -36, 2.6f, art_solid(art_rgb(120, 80, 44)));
        art_leaf(cv, 0, -34, 0, -48, 3.2f, art_solid(STEEL));
        float pennon[6] = {0.8f, -33, 14, -29, 0.8f, -25};
        art_polygon(cv, pennon, 3, art_solid(art_rgb(236, 232, 220)));
        cv->xf = keep;
    }
    float v[2 * 25];
    for (int i = 0; i < 25; i++) {
        float a = (-130.0f + 260.0f * (float)i / 24.0f) * ART_PI / 180.0f;
        v[2 * i] = 90 + 24 * art_sin(a);
        v[2 * i + 1] = 102 - 24 * art_cos(a);
    }
    art_polyline(cv, v, 25, 12, art_solid(art_rgb(60, 40, 20)));
    art_polyline(cv, v, 25, 9,
                 art_linear(art_rgb(214, 220, 228), 70, 80, art_rgb(120, 126, 136), 110, 124));
    for (int i = 2; i < 25; i += 4)
        art_circle(cv, v[2 * i], v[2 * i + 1], 1.4f, art_solid(art_rgb(50, 50, 56)));
}

static art_rgba panel_colour(int type)
{
    switch (type) {
    case CARD_OFFICER:
        return art_rgb(140, 36, 40);
    case CARD_NCO:
        return art_rgb(38, 62, 120);
    case CARD_LEADER:
        return art_rgb(34, 100, 68);
    case CARD_SOLDIER:
        return art_rgb(122, 104, 66);
    case CARD_CAVALRY:
        return art_rgb(96, 56, 110);
    default:
        return art_rgb(58, 58, 66);
    }
}

static void draw_face(art_canvas *cv, int type)
{
    card_blank(cv);
    art_box title = art_card_title_box();
    art_paint band = art_linear(art_rgb(255, 255, 255), 0, 12, art_rgb(200, 200, 200), 0, 38);
    band.tint = type == CARD_END ? 0.0f : 1.0f;
    if (type == CARD_END)
        band = art_linear(art_rgb(80, 80, 88), 0, 12, art_rgb(44, 44, 50), 0, 38);
    frame(cv, title, 4, 1.5f, INK, band);
    art_rgba pc = panel_colour(type);
    art_box panel = {14, 46, 152, 106};
    frame(cv, panel, 4, 1.5f, INK,
          art_radial(art_shade(pc, 1.2f), art_shade(pc, 0.6f), 90, 92, 90));
    switch (type) {
    case CARD_OFFICER:
        emblem_officer(cv);
        break;
    case CARD_NCO:
        emblem_nco(cv);
        break;
    case CARD_LEADER:
        emblem_leader(cv, art_shade(pc, 1.0f));
        break;
    case CARD_SOLDIER:
        emblem_soldier(cv);
        break;
    case CARD_CAVALRY:
        emblem_cavalry(cv);
        break;
    default:
        emblem_end(cv);
        break;
    }
    art_box text = art_card_text_box();
    frame(cv, text, 3, 1.0f, art_rgb(150, 128, 100), art_solid(art_rgb(248, 242, 224)));
}

static void draw_card(art_canvas *cv, int type)
{
    if (type == CARD_BACK)
        draw_back(cv);
    else
        draw_face(cv, type);
}

static const art_asset CARDS[] = {
    {"card_back", "card", ART_CARD_W, ART_CARD_H, CARD_BACK, draw_card, "order deck card back"},
    {"card_officer", "card", ART_CARD_W, ART_CARD_H, CARD_OFFICER, draw_card,
     "officer card face: crossed sabres and star"},
    {"card_nco", "card", ART_CARD_W, ART_CARD_H, CARD_NCO, draw_card,
     "NCO card face: three chevrons"},
    {"card_leader", "card", ART_CARD_W, ART_CARD_H, CARD_LEADER, draw_card,
     "native leader card face: crescent, star and crossed blades"},
    {"card_soldier", "card", ART_CARD_W, ART_CARD_H, CARD_SOLDIER, draw_card,
     "individual soldier card face: crossed rifles"},
    {"card_cavalry", "card", ART_CARD_W, ART_CARD_H, CARD_CAVALRY, draw_card,
     "cavalry officer or NCO card face: horseshoe and crossed lances"},
    {"card_end_turn", "card", ART_CARD_W, ART_CARD_H, CARD_END, draw_card,
     "End of Turn card face: hourglass and reshuffle arrows"},
};

const art_asset *art_cards_list(int *n)
{
    *n = (int)(sizeof CARDS / sizeof CARDS[0]);
    return CARDS;
}
