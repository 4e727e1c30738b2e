/* Figure sprites seen from above, facing the top of the image, centred on the base centre.
 * Uniform areas are painted as tinted grey (art_tinted) so the front end can colour them by
 * side; skin, leather, metal, horses and guns keep fixed colours. */
#include "artgen.h"

/* ---- palette ------------------------------------------------------------------------------- */

#define SKIN        art_rgb(226, 176, 134)
#define SKIN_DARK   art_rgb(150, 98, 62)
#define LEATHER     art_rgb(112, 74, 42)
#define WOOD        art_rgb(128, 84, 46)
#define STEEL       art_rgb(178, 184, 194)
#define IRON        art_rgb(62, 64, 70)
#define BRASS       art_rgb(214, 172, 70)
#define GOLD        art_rgb(236, 196, 72)
#define KHAKI       art_rgb(232, 224, 198)
#define CLOTH_WHITE art_rgb(236, 232, 220)
#define BLACK       art_rgb(34, 30, 28)
#define HORSE       art_rgb(122, 78, 44)
#define KEPI        art_rgb(52, 58, 74)
#define OUTLINE     art_rgba8(24, 20, 16, 235)

/* A dome: lit from the top left, darker at the rim. */
static art_paint dome(art_rgba c, float x, float y, float r)
{
    return art_radial(art_shade(c, 1.22f), art_shade(c, 0.66f), x - 0.35f * r, y - 0.4f * r,
                      1.6f * r);
}

/* The same in side colour: white at the highlight, grey at the rim. */
static art_paint tdome(float x, float y, float r)
{
    art_paint p = art_radial(art_rgb(255, 255, 255), art_rgb(150, 150, 150), x - 0.35f * r,
                             y - 0.4f * r, 1.6f * r);
    p.tint = 1.0f;
    return p;
}

/* Finishing pass for a figure: dark outline and a soft shadow to the lower right. */
static void finish(art_canvas *cv, float outline)
{
    art_xform_reset(cv);
    art_outline(cv, outline, OUTLINE);
    art_shadow(cv, 2.0f, 2.0f, 1, 0.35f);
}

/* Figures are drawn about 25 units across the shoulders and scaled by 1.28 to fill the 64 px
 * sprite (shoulders half its width), so they still read on a base of 20-30 px on screen. */
static void figure_frame(art_canvas *cv)
{
    art_translate(cv, 32, 33);
    art_scale(cv, 1.28f);
}

/* ---- parts, in the figure's own frame (origin = base centre, facing -y) --------------------- */

static void part_arm(art_canvas *cv, float sx, float sy, float ex, float ey, float hx, float hy,
                     art_rgba hand)
{
    art_line(cv, sx, sy, ex, ey, 5.0f, tdome(sx, sy, 6.0f));
    art_taper(cv, ex, ey, hx, hy, 4.6f, 4.0f, tdome(ex, ey, 6.0f));
    art_circle(cv, hx, hy, 2.1f, dome(hand, hx, hy, 2.1f));
}

static void part_bare_arm(art_canvas *cv, float sx, float sy, float ex, float ey, float hx,
                          float hy)
{
    art_line(cv, sx, sy, ex, ey, 4.8f, dome(SKIN_DARK, sx, sy, 6.0f));
    art_line(cv, sx, sy, sx + 0.45f * (ex - sx), sy + 0.45f * (ey - sy), 5.2f,
             tdome(sx, sy, 6.0f)); /* short sleeve */
    art_taper(cv, ex, ey, hx, hy, 4.4f, 3.8f, dome(SKIN_DARK, ex, ey, 6.0f));
    art_circle(cv, hx, hy, 2.1f, dome(SKIN_DARK, hx, hy, 2.1f));
}

static void part_torso(art_canvas *cv, float rx, float ry)
{
    art_ellipse(cv, 0, 1, rx, ry, 0, tdome(0, 1, rx));
}

static void part_pack(art_canvas *cv)
{
    art_rect(cv, -7.5f, 3, 7.5f, 12.5f, 2.5f, dome(LEATHER, 0, 7, 8));
    art_ellipse(cv, 0, 3.5f, 9.5f, 2.6f, 0, dome(art_rgb(150, 140, 118), 0, 3.5f, 9));
    art_line(cv, -5, 4.5f, -5, 12, 0.9f, art_solid(art_rgb(70, 46, 26)));
    art_line(cv, 5, 4.5f, 5, 12, 0.9f, art_solid(art_rgb(70, 46, 26)));
}

static void part_rifle(art_canvas *cv, float x0, float y0, float x1, float y1, bool bayonet)
{
    float mx = x0 + (x1 - x0) * 0.55f, my = y0 + (y1 - y0) * 0.55f;
    art_line(cv, x0, y0, mx, my, 2.6f, dome(WOOD, x0, y0, 6));
    art_line(cv, mx, my, x1, y1, 1.7f, art_solid(IRON));
    if (bayonet) {
        float dx = x1 - x0, dy = y1 - y0;
        art_taper(cv, x1, y1, x1 + dx * 0.16f, y1 + dy * 0.16f, 1.3f, 0.5f, art_solid(STEEL));
    }
}

static void part_pith_helmet(art_canvas *cv)
{
    art_ellipse(cv, 0, -1.0f, 7.4f, 8.6f, 0, dome(KHAKI, 0, -1, 8));
    art_circle(cv, 0, -1.6f, 5.0f, dome(art_shade(KHAKI, 1.05f), 0, -1.6f, 5));
    art_circle(cv, 0, -1.6f, 1.2f, art_solid(BRASS));
}

static void part_kepi(art_canvas *cv, art_paint crown, art_rgba band)
{
    art_ellipse(cv, 0, -5.6f, 4.6f, 2.4f, 0, art_solid(BLACK)); /* the peak */
    art_circle(cv, 0, -0.8f, 5.6f, art_solid(band));
    art_circle(cv, 0, -0.8f, 4.6f, crown);
}

static void part_turban(art_canvas *cv, float r, art_paint cloth)
{
    art_circle(cv, 0, -0.5f, r, cloth);
    art_paint fold = art_solid(art_rgba8(0, 0, 0, 60));
    art_ring(cv, -0.6f, -1.0f, r * 0.62f, 0.9f, fold);
    art_ring(cv, -0.9f, -1.3f, r * 0.28f, 0.8f, fold);
}

static void part_sword(art_canvas *cv, float hx, float hy, float tx, float ty, float width)
{
    art_taper(cv, hx, hy, tx, ty, width, 0.6f, dome(STEEL, hx, hy, 10));
    float dx = tx - hx, dy = ty - hy;
    art_line(cv, hx - dy * 0.12f, hy + dx * 0.12f, hx + dy * 0.12f, hy - dx * 0.12f, 1.4f,
             art_solid(BRASS));
}

/* ---- figures ------------------------------------------------------------------------------- */

static void draw_infantry(art_canvas *cv, int param)
{
    figure_frame(cv);
    part_pack(cv);
    part_torso(cv, 12.5f, 7.0f);
    art_line(cv, -9.5f, -2.5f, 8.5f, 5.0f, 1.8f, art_solid(art_rgb(96, 64, 38))); /* strap */
    part_arm(cv, 10, 0, 10.5f, -5, 7.0f, -2.4f, SKIN);
    part_rifle(cv, 7.5f, 4.0f, 4.0f, -19.5f, param == 0);
    part_arm(cv, -10, -0.5f, -6.0f, -8.0f, 4.6f, -11.0f, SKIN);
    part_pith_helmet(cv);
    finish(cv, 1.5f);
}

static void draw_native(art_canvas *cv, int param)
{
    figure_frame(cv);
    /* the long kalasag shield on the left arm */
    art_rotate(cv, -14);
    art_rect(cv, -16.5f, -20, -10.5f, 8, 2.6f, dome(art_rgb(150, 104, 58), -13, -8, 10));
    art_line(cv, -13.5f, -18, -13.5f, 6, 1.6f, art_tinted(0.95f));
    art_rotate(cv, 14);
    /* a tinted jacket with short sleeves over the shoulders, and a sash */
    art_ellipse(cv, 0, 1, 11.5f, 6.6f, 0, tdome(0, 1, 11));
    art_line(cv, -8, -1.5f, 7, 5.5f, 2.6f, art_solid(art_rgb(196, 58, 44)));
    part_bare_arm(cv, -10, 0, -9.5f, -6.5f, -7.5f, -9);
    if (param == 1) { /* a spear held forward in both hands */
        art_line(cv, 6.5f, 12.0f, 4.5f, -22.0f, 1.8f, dome(WOOD, 5, -4, 14));
        art_leaf(cv, 4.6f, -20.5f, 4.2f, -27.5f, 1.7f, dome(STEEL, 4.4f, -24, 4));
        part_bare_arm(cv, 10, 0, 10, -4, 5.8f, -1.5f);
    } else {
        part_bare_arm(cv, 10, 0, 11, -6, 9, -8.5f);
        part_sword(cv, 9.6f, -9.5f, 13.5f, -21.5f, 3.4f); /* barong */
    }
    part_turban(cv, 5.6f, dome(art_rgb(226, 208, 160), 0, -0.5f, 5.6f));
    finish(cv, 1.5f);
}

static void draw_officer(art_canvas *cv, int param)
{
    figure_frame(cv);
    part_torso(cv, 12.5f, 7.2f);
    art_line(cv, 9.5f, -2.0f, -7.5f, 5.5f, 2.4f, art_solid(art_rgb(178, 34, 40))); /* sash */
    art_ellipse(cv, -10.5f, 0, 3.2f, 4.2f, 0, dome(GOLD, -10.5f, 0, 4));
    art_ellipse(cv, 10.5f, 0, 3.2f, 4.2f, 0, dome(GOLD, 10.5f, 0, 4));
    part_arm(cv, -10, 0, -9.5f, -7.5f, -6.5f, -14.0f, SKIN); /* revolver hand */
    art_rect(cv, -7.6f, -20.0f, -5.8f, -13.0f, 0.8f, art_solid(IRON));
    part_arm(cv, 10, 0, 12.5f, -6.5f, 10.5f, -11.5f, SKIN);
    part_sword(cv, 10.5f, -11.5f, 14.0f, -22.5f, 2.6f);
    part_kepi(cv, dome(art_rgb(44, 48, 64), 0, -0.8f, 4.6f), GOLD);
    finish(cv, 1.5f);
}

static void draw_nco(art_canvas *cv, int param)
{
    figure_frame(cv);
    part_pack(cv);
    part_torso(cv, 12.5f, 7.0f);
    art_line(cv, -9.5f, -2.5f, 8.5f, 5.0f, 1.8f, art_solid(art_rgb(96, 64, 38)));
    /* rifle at the trail in the right hand, left arm pointing the way */
    part_rifle(cv, 12.5f, 10.0f, 13.5f, -17.0f, false);
    part_arm(cv, 10, 0, 12, -3, 13, -6, SKIN);
    part_arm(cv, -10, -0.5f, -10.5f, -9.0f, -9.0f, -18.0f, SKIN);
    /* chevrons on both upper arms */
    for (int s = -1; s <= 1; s += 2) {
        float x = 10.5f * (float)s;
        for (int k = 0; k < 3; k++) {
            float y = 1.5f - 1.6f * (float)k;
            float v[6] = {x - 2.4f, y - 1.2f, x, y + 0.6f, x + 2.4f, y - 1.2f};
            art_polyline(cv, v, 3, 1.0f, art_solid(GOLD));
        }
    }
    part_kepi(cv, dome(KEPI, 0, -0.8f, 4.6f), art_rgb(150, 40, 40));
    finish(cv, 1.5f);
}

static void draw_leader(art_canvas *cv, int param)
{
    figure_frame(cv);
    /* a cape flaring behind the shoulders */
    float cape[10] = {-12.5f, -1, 12.5f, -1, 16, 15, 0, 18, -16, 15};
    art_paint cp = art_radial(art_rgb(235, 235, 235), art_rgb(120, 120, 120), -3, 2, 22);
    cp.tint = 1.0f;
    art_polygon(cv, cape, 5, cp);
    art_ellipse(cv, 0, 1, 12, 6.8f, 0, dome(art_rgb(70, 30, 34), 0, 1, 12));
    art_line(cv, -9.5f, 1, 9.5f, 1, 1.2f, art_solid(GOLD));
    /* round taming shield on the left arm */
    part_bare_arm(cv, -10.5f, 0, -12, -6, -11, -9);
    art_circle(cv, -12.5f, -8.5f, 7.2f, dome(art_rgb(168, 120, 64), -12.5f, -8.5f, 7.2f));
    art_ring(cv, -12.5f, -8.5f, 5.0f, 1.0f, art_solid(art_rgb(96, 62, 30)));
    art_circle(cv, -12.5f, -8.5f, 1.8f, dome(BRASS, -12.5f, -8.5f, 1.8f));
    part_bare_arm(cv, 10.5f, 0, 12.5f, -6.5f, 11, -11);
    /* kampilan: a long blade widening to a forked tip */
    float blade[10] = {10.2f, -12, 12.0f, -12.4f, 16.2f, -24.5f, 14.6f, -23.2f, 13.2f, -25.0f};
    art_polygon(cv, blade, 5, dome(STEEL, 13, -20, 12));
    art_line(cv, 8.4f, -12.2f, 13.8f, -11.2f, 1.6f, art_solid(BRASS));
    /* a big turban with a feather plume */
    art_leaf(cv, 1, -2, 6, 14, 2.6f, dome(CLOTH_WHITE, 3, 5, 6));
    art_leaf(cv, -1, -2, -5, 13, 2.2f, dome(art_rgb(200, 50, 40), -3, 5, 6));
    part_turban(cv, 7.2f, dome(art_rgb(232, 184, 64), 0, -0.5f, 7.2f));
    art_circle(cv, 0, -5.6f, 1.6f, dome(art_rgb(60, 160, 90), 0, -5.6f, 1.6f));
    finish(cv, 1.5f);
}

/* The horse in its own frame: origin under the rider's seat. */
static void part_horse(art_canvas *cv, art_rgba coat)
{
    art_rgba mane = art_shade(coat, 0.45f);
    art_leaf(cv, 0, 22, 1.5f, 42, 3.6f, dome(mane, 0, 30, 6)); /* tail */
    art_ellipse(cv, 0, 17, 10.5f, 9.5f, 0, dome(coat, 0, 17, 10));
    art_ellipse(cv, 0, 4, 10, 17, 0, dome(coat, 0, 4, 12));
    art_ellipse(cv, 0, -9, 9.2f, 8.5f, 0, dome(coat, 0, -9, 9));
    art_taper(cv, 0, -12, 0, -27, 10, 7, dome(coat, 0, -18, 7));
    art_ellipse(cv, 0, -32, 4.4f, 9.0f, 0, dome(coat, 0, -32, 6));
    art_line(cv, 0, -12, 0, -27, 2.4f, art_solid(mane)); /* mane */
    art_leaf(cv, -2.4f, -25, -3.4f, -20.5f, 1.3f, art_solid(art_shade(coat, 0.8f)));
    art_leaf(cv, 2.4f, -25, 3.4f, -20.5f, 1.3f, art_solid(art_shade(coat, 0.8f)));
    art_circle(cv, 0, -39.5f, 1.4f, art_solid(art_shade(coat, 0.7f))); /* muzzle */
}

static void part_rider(art_canvas *cv, bool officer)
{
    art_rect(cv, -11.5f, -4, 11.5f, 13, 3, tdome(0, 3, 12)); /* saddle cloth */
    art_line(cv, -11, 12, 11, 12, 1.2f, art_solid(GOLD));
    art_ellipse(cv, 0, 4, 7, 8, 0, dome(LEATHER, 0, 4, 8));
    part_torso(cv, 11.5f, 6.6f);
    if (officer) {
        art_ellipse(cv, -10, 0, 3, 4, 0, dome(GOLD, -10, 0, 4));
        art_ellipse(cv, 10, 0, 3, 4, 0, dome(GOLD, 10, 0, 4));
    }
    /* reins to the horse's mouth */
    art_line(cv, -4, -9, -1.5f, -36, 0.8f, art_solid(art_rgb(60, 40, 24)));
    art_line(cv, 4, -9, 1.5f, -36, 0.8f, art_solid(art_rgb(60, 40, 24)));
    part_arm(cv, -9.5f, 0, -8.5f, -6.5f, -4, -9, SKIN);
    part_arm(cv, 9.5f, 0, 11.5f, -6, 10, -10.5f, SKIN);
    part_sword(cv, 10, -10.5f, officer ? 14 : 17, officer ? -24 : -28, 2.6f);
    if (officer)
        part_kepi(cv, dome(art_rgb(44, 48, 64), 0, -0.8f, 4.6f), GOLD);
    else
        part_pith_helmet(cv);
}

static void draw_cavalry(art_canvas *cv, int param)
{
    art_translate(cv, 32, 50);
    art_scale(cv, 1.1f);
    part_horse(cv, param == 1 ? art_rgb(70, 52, 40) : HORSE);
    part_rider(cv, param == 1);
    finish(cv, 1.5f);
}

/* A field gun in its own frame: origin at the axle centre, muzzle toward -y. */
static void part_gun(art_canvas *cv, bool gatling)
{
    art_paint carriage = tdome(0, 10, 18);
    carriage.c1 = art_rgb(110, 110, 110);
    art_taper(cv, 0, 2, 0, 30, 8, 4.5f, carriage); /* trail */
    art_circle(cv, 0, 30, 2.6f, art_solid(IRON));
    art_line(cv, -14, 1, 14, 1, 2.6f, art_solid(IRON)); /* axle */
    for (int s = -1; s <= 1; s += 2) {
        float x = 15.0f * (float)s;
        art_rect(cv, x - 2.4f, -10, x + 2.4f, 12, 2.2f, dome(art_rgb(110, 76, 44), x, 1, 10));
        art_line(cv, x, -10, x, 12, 1.0f, art_solid(art_rgb(58, 56, 56)));
        art_circle(cv, x, 1, 1.8f, art_solid(IRON));
    }
    if (!gatling) {
        art_rect(cv, -5.5f, -6, 5.5f, 8, 2, carriage); /* cheeks */
        art_taper(cv, 0, 7, 0, -25, 7.4f, 5.0f, dome(art_rgb(150, 110, 60), 0, -6, 14));
        art_circle(cv, 0, 8, 3.4f, dome(art_rgb(150, 110, 60), 0, 8, 4)); /* cascabel */
        art_line(cv, -2.9f, -22.5f, 2.9f, -22.5f, 1.4f, art_solid(art_rgb(110, 80, 40)));
        art_circle(cv, 0, -25, 2.0f, art_solid(BLACK)); /* the bore */
        return;
    }
    art_rect(cv, -6.5f, -5, 6.5f, 9, 2, carriage);
    for (int k = 0; k < 5; k++) {
        float x = -4.0f + 2.0f * (float)k;
        art_line(cv, x, 2, x * 0.8f, -24, 1.5f, art_solid(art_rgb(70, 72, 78)));
    }
    art_rect(cv, -5.5f, -16, 5.5f, -12.5f, 1.2f, dome(BRASS, 0, -14, 6));
    art_rect(cv, -5.5f, -2, 5.5f, 5, 1.5f, dome(BRASS, 0, 1, 6)); /* breech casing */
    art_rect(cv, -2.2f, -8, 2.2f, 1, 0.8f, dome(IRON, 0, -4, 5)); /* feed magazine */
    art_line(cv, 5.5f, 2, 10, 2, 1.4f, art_solid(IRON));          /* crank */
    art_line(cv, 10, 2, 10, 5.5f, 1.4f, art_solid(IRON));
}

static void part_crewman(art_canvas *cv, int task);

static void draw_gunner(art_canvas *cv, int param)
{
    figure_frame(cv);
    part_crewman(cv, param);
    finish(cv, 1.5f);
}

static void draw_gun(art_canvas *cv, int param)
{
    art_translate(cv, 32, 29);
    art_scale(cv, 1.1f);
    part_gun(cv, param == 1);
    finish(cv, 1.4f);
}

static void place(art_canvas *cv, float x, float y, float deg, float s)
{
    art_xform_reset(cv);
    art_translate(cv, x, y);
    art_rotate(cv, deg);
    art_scale(cv, s);
}

/* A gun crewman at one of his tasks, without the finishing pass, in the current frame. */
enum { CREW_RAMMER, CREW_HANDSPIKE, CREW_SHOT, CREW_LANYARD };

static void part_crewman(art_canvas *cv, int task)
{
    part_torso(cv, 12.0f, 7.0f);
    switch (task) {
    case CREW_RAMMER:
        art_line(cv, 12.0f, 8.0f, -9.5f, -19.5f, 2.0f, dome(WOOD, 0, 0, 14));
        art_ellipse(cv, -10.0f, -20.0f, 2.4f, 3.6f, -38, art_solid(art_rgb(60, 52, 44)));
        part_arm(cv, 10, 0, 9.5f, -6, 4.5f, -3.0f, SKIN);
        part_arm(cv, -10, -0.5f, -8.0f, -7.5f, -3.6f, -9.8f, SKIN);
        break;
    case CREW_HANDSPIKE:
        art_line(cv, -6.0f, -12.0f, 13.0f, 14.0f, 2.2f, dome(WOOD, 3, 1, 14));
        part_arm(cv, -10, 0, -9, -6, -4.5f, -10, SKIN);
        part_arm(cv, 10, 0, 9, -3, 4.5f, -4, SKIN);
        break;
    case CREW_SHOT:
        part_arm(cv, -10, 0, -8, -7, -2.8f, -10, SKIN);
        part_arm(cv, 10, 0, 8, -7, 2.8f, -10, SKIN);
        art_circle(cv, 0, -12.5f, 3.4f, dome(IRON, 0, -12.5f, 3.4f));
        break;
    default:
        art_line(cv, 11.5f, -13.0f, 4.0f, -24.0f, 0.8f, art_solid(art_rgb(90, 70, 50)));
        part_arm(cv, 10, 0, 12, -6, 11.5f, -12.5f, SKIN);
        part_arm(cv, -10, 0, -12, -4, -11, -1, SKIN);
        break;
    }
    part_kepi(cv, dome(KEPI, 0, -0.8f, 4.6f), art_rgb(150, 40, 40));
}

static void draw_gun_crew(art_canvas *cv, int param)
{
    place(cv, 48, 44, 0, 1.0f);
    part_gun(cv, false);
    place(cv, 21, 38, 10, 0.8f);
    part_crewman(cv, CREW_RAMMER);
    place(cv, 75, 38, -15, 0.8f);
    part_crewman(cv, CREW_SHOT);
    place(cv, 30, 78, 20, 0.8f);
    part_crewman(cv, CREW_HANDSPIKE);
    place(cv, 68, 80, -25, 0.8f);
    part_crewman(cv, CREW_LANYARD);
    finish(cv, 1.3f);
}

/* ---- 18th-century stands: rectangles of little figures, front toward the top ---------------- */

/* A tricorne from above: a rounded triangle, point forward, with a lace edge. */
static void part_tricorne(art_canvas *cv, art_rgba lace)
{
    float hat[8] = {0, -6.4f, 6.4f, 3.8f, -6.4f, 3.8f, 0, -6.4f};
    art_polyline(cv, hat, 4, 2.8f, art_solid(lace));
    art_polygon(cv, hat, 3, dome(BLACK, 0, -1, 7));
    art_polyline(cv, hat, 4, 1.2f, dome(BLACK, 0, -1, 7));
    art_circle(cv, 0, 0.6f, 2.6f, dome(art_rgb(66, 62, 60), 0, 0.6f, 2.6f));
}

/* A flag laid flat from its pole at x0, waving: side colour with a white saltire. */
static void part_flag(art_canvas *cv, float x0, float y0, float w, float h)
{
    float v[2 * 18];
    int n = 0;
    for (int i = 0; i <= 8; i++, n++) {
        float t = (float)i / 8.0f;
        v[2 * n] = x0 + w * t;
        v[2 * n + 1] = y0 + 1.4f * art_sin(t * 2.0f * ART_PI) * t;
    }
    for (int i = 8; i >= 0; i--, n++) {
        float t = (float)i / 8.0f;
        v[2 * n] = x0 + w * t;
        v[2 * n + 1] = y0 + h + 1.4f * art_sin(t * 2.0f * ART_PI) * t;
    }
    art_paint p =
        art_linear(art_rgb(255, 255, 255), x0, y0, art_rgb(176, 176, 176), x0 + w, y0 + h);
    p.tint = 1.0f;
    art_polygon(cv, v, n, p);
    art_line(cv, x0 + 1, y0 + 1, x0 + w - 1, y0 + h - 1, 1.8f, art_solid(CLOTH_WHITE));
    art_line(cv, x0 + 1, y0 + h - 1, x0 + w - 1, y0 + 1, 1.8f, art_solid(CLOTH_WHITE));
}

static void part_tricorne_man(art_canvas *cv, bool flag)
{
    art_ellipse(cv, 0, 1, 11, 6.6f, 0, tdome(0, 1, 11));
    art_line(cv, -8.5f, -3, 7.5f, 5, 2.4f, art_solid(CLOTH_WHITE)); /* crossbelts */
    art_line(cv, 8.5f, -3, -7.5f, 5, 2.4f, art_solid(CLOTH_WHITE));
    if (flag) {
        art_line(cv, 7, 3, 7, -25, 1.8f, art_solid(WOOD));
        part_flag(cv, 7, -25, 26, 17);
        art_circle(cv, 7, -25.5f, 1.6f, art_solid(BRASS));
        part_arm(cv, 9.5f, 0, 10, -5, 7, -6, SKIN);
        part_arm(cv, -9.5f, 0, -6, -8, 6, -10, SKIN);
    } else {
        part_rifle(cv, 7, 5, 4, -19, true);
        part_arm(cv, 9.5f, 0, 10, -5, 6.5f, -4, SKIN);
        part_arm(cv, -9.5f, 0, -6, -8, 4.2f, -10.5f, SKIN);
    }
    part_tricorne(cv, CLOTH_WHITE);
}

static void part_trooper(art_canvas *cv, art_rgba coat, art_rgba lace)
{
    part_horse(cv, coat);
    art_rect(cv, -11.5f, -4, 11.5f, 13, 3, tdome(0, 3, 12));
    art_line(cv, -11, 12, 11, 12, 1.2f, art_solid(lace));
    art_ellipse(cv, 0, 1, 11, 6.6f, 0, tdome(0, 1, 11));
    art_line(cv, -4, -9, -1.5f, -36, 0.8f, art_solid(art_rgb(60, 40, 24)));
    art_line(cv, 4, -9, 1.5f, -36, 0.8f, art_solid(art_rgb(60, 40, 24)));
    part_arm(cv, -9.5f, 0, -8.5f, -6.5f, -4, -9, SKIN);
    part_arm(cv, 9.5f, 0, 11.5f, -6, 10, -10.5f, SKIN);
}

static void draw_stand_infantry(art_canvas *cv, int param)
{
    for (int rank = 0; rank < 2; rank++)
        for (int i = 0; i < 6; i++) {
            place(cv, 10.67f + 21.33f * (float)i, rank ? 47.0f : 22.0f, 0, 0.8f);
            part_tricorne_man(cv, rank == 1 && i == 2);
        }
    finish(cv, 1.1f);
}

static void draw_stand_cavalry(art_canvas *cv, int param)
{
    for (int i = 0; i < 3; i++) {
        place(cv, 21.3f + 42.7f * (float)i, 42, 0, 0.78f);
        part_trooper(cv, i == 1 ? art_rgb(92, 60, 38) : HORSE, CLOTH_WHITE);
        part_sword(cv, 10, -10.5f, 14, -24, 2.6f);
        part_tricorne(cv, CLOTH_WHITE);
    }
    finish(cv, 1.1f);
}

static void draw_stand_artillery(art_canvas *cv, int param)
{
    place(cv, 64, 34, 0, 1.0f);
    part_gun(cv, false);
    const float crew[4][3] = {{28, 26, 10}, {100, 26, -10}, {40, 63, 0}, {88, 63, 0}};
    for (int i = 0; i < 4; i++) {
        place(cv, crew[i][0], crew[i][1], crew[i][2], 0.76f);
        part_tricorne_man(cv, false);
    }
    finish(cv, 1.1f);
}

static void draw_stand_command(art_canvas *cv, int param)
{
    place(cv, 22, 36, 0, 0.6f);
    part_trooper(cv, art_rgb(206, 200, 188), GOLD);
    art_ellipse(cv, -10, 0, 3, 4, 0, dome(GOLD, -10, 0, 4));
    art_ellipse(cv, 10, 0, 3, 4, 0, dome(GOLD, 10, 0, 4));
    art_line(cv, 10, -10.5f, 13, -20, 1.6f, art_solid(art_rgb(40, 30, 20))); /* telescope */
    part_tricorne(cv, GOLD);
    place(cv, 44, 42, 0, 0.6f);
    part_tricorne_man(cv, true);
    finish(cv, 1.1f);
}

static const art_asset SPRITES[] = {
    {"fig_infantry", "sprite", 64, 64, 0, draw_infantry,
     "line infantry soldier (rifle with bayonet, pith helmet)"},
    {"fig_native", "sprite", 64, 64, 0, draw_native,
     "native warrior (barong sword, long shield, turban)"},
    {"fig_native_spear", "sprite", 64, 64, 1, draw_native,
     "native warrior with a spear (long shield, turban)"},
    {"fig_officer", "sprite", 64, 64, 0, draw_officer,
     "officer (drawn sword, revolver, epaulettes)"},
    {"fig_nco", "sprite", 64, 64, 0, draw_nco, "NCO (rifle at the trail, chevrons, pointing)"},
    {"fig_leader", "sprite", 64, 64, 0, draw_leader,
     "native leader (kampilan, round shield, plumed turban, cape)"},
    {"fig_cavalry", "sprite", 64, 96, 0, draw_cavalry, "cavalry trooper, horse and rider"},
    {"fig_cavalry_officer", "sprite", 64, 96, 1, draw_cavalry,
     "mounted officer or general (epaulettes, kepi, dark horse)"},
    {"fig_gun", "sprite", 64, 64, 0, draw_gun, "field gun without crew"},
    {"fig_gatling", "sprite", 64, 64, 1, draw_gun, "Gatling gun on its carriage"},
    {"fig_crew", "sprite", 64, 64, 0, draw_gunner, "gun crewman (rammer)"},
    {"fig_gun_crew", "sprite", 96, 96, 0, draw_gun_crew, "field gun with four crew"},
    {"stand_infantry", "stand", 128, 64, 0, draw_stand_infantry,
     "18th-century infantry stand: two ranks of six with a colour"},
    {"stand_cavalry", "stand", 128, 80, 0, draw_stand_cavalry,
     "18th-century cavalry stand: three troopers"},
    {"stand_artillery", "stand", 128, 80, 0, draw_stand_artillery,
     "18th-century artillery stand: gun and four gunners"},
    {"stand_command", "stand", 64, 64, 0, draw_stand_command,
     "general or brigadier: mounted commander and colour bearer"},
};

const art_asset *art_sprites_list(int *n)
{
    *n = (int)(sizeof SPRITES / sizeof SPRITES[0]);
    return SPRITES;
}
