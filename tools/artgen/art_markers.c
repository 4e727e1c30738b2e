/* Role badges and status markers drawn by the front end beside or over a figure, and a fallen
 * figure for casualties left on the table. Badges and markers are 32x32 icons on a disc with
 * a dark rim, readable down to 12 px. */
#include "artgen.h"

enum { BADGE_OFFICER, BADGE_NCO, BADGE_LEADER, BADGE_GENERAL };
enum { MARK_WOUNDED, MARK_DEMORALISED, MARK_SHAKEN, MARK_DEAD };

#define GOLD      art_rgb(236, 196, 72)
#define GOLD_DARK art_rgb(150, 112, 40)
#define RIM       art_rgb(26, 22, 18)

static void disc(art_canvas *cv, art_rgba c)
{
    art_circle(cv, 16.8f, 17.2f, 14.5f, art_solid(art_rgba8(0, 0, 0, 80)));
    art_circle(cv, 16, 16, 14.5f, art_solid(RIM));
    art_circle(cv, 16, 16, 12.8f, art_radial(art_shade(c, 1.3f), art_shade(c, 0.75f), 12, 11, 18));
}

static void star5(art_canvas *cv, float x, float y, float r, art_paint p)
{
    float v[20];
    for (int i = 0; i < 10; i++) {
        float a = 36.0f * (float)i * ART_PI / 180.0f, rr = i % 2 ? r * 0.42f : r;
        v[2 * i] = x + rr * art_sin(a);
        v[2 * i + 1] = y - rr * art_cos(a);
    }
    art_polygon(cv, v, 10, p);
}

static void draw_badge(art_canvas *cv, int which)
{
    art_paint gold = art_linear(art_shade(GOLD, 1.2f), 0, 6, GOLD_DARK, 0, 26);
    switch (which) {
    case BADGE_OFFICER:
        disc(cv, art_rgb(120, 30, 36));
        star5(cv, 16, 16.8f, 9.5f, gold);
        break;
    case BADGE_NCO:
        disc(cv, art_rgb(34, 56, 110));
        for (int k = 0; k < 3; k++) {
            float y = 9.5f + 5.0f * (float)k;
            float v[6] = {8, y + 5, 16, y, 24, y + 5};
            art_polyline(cv, v, 3, 3.0f, gold);
        }
        break;
    case BADGE_LEADER: {
        disc(cv, art_rgb(30, 96, 62));
        /* a plume of three feathers rising from a band */
        art_leaf(cv, 16, 22, 16, 6, 3.2f, gold);
        art_leaf(cv, 15, 22, 8.5f, 9, 2.6f, gold);
        art_leaf(cv, 17, 22, 23.5f, 9, 2.6f, gold);
        art_rect(cv, 9, 21, 23, 25, 1.5f, gold);
        break;
    }
    default:
        disc(cv, art_rgb(60, 40, 90));
        star5(cv, 10.5f, 17, 5.2f, gold);
        star5(cv, 21.5f, 17, 5.2f, gold);
        star5(cv, 16, 10.5f, 5.2f, gold);
        break;
    }
}

static void draw_marker(art_canvas *cv, int which)
{
    switch (which) {
    case MARK_WOUNDED:
        disc(cv, art_rgb(240, 238, 232));
        art_rect(cv, 13, 6.5f, 19, 25.5f, 1, art_solid(art_rgb(196, 30, 36)));
        art_rect(cv, 6.5f, 13, 25.5f, 19, 1, art_solid(art_rgb(196, 30, 36)));
        break;
    case MARK_DEMORALISED: {
        disc(cv, art_rgb(90, 96, 104));
        art_line(cv, 10, 7, 10, 26, 1.8f, art_solid(art_rgb(120, 84, 50)));
        float flag[8] = {11, 7.5f, 24, 9.5f, 22.5f, 15, 11, 16};
        art_polygon(cv, flag, 4,
                    art_linear(art_rgb(255, 255, 255), 11, 8, art_rgb(200, 200, 196), 24, 16));
        break;
    }
    case MARK_SHAKEN:
        disc(cv, art_rgb(232, 180, 40));
        art_taper(cv, 16, 7.5f, 16, 19, 4.4f, 3.0f, art_solid(RIM));
        art_circle(cv, 16, 23.8f, 2.3f, art_solid(RIM));
        break;
    default:
        disc(cv, art_rgb(60, 56, 54));
        art_line(cv, 9.5f, 9.5f, 22.5f, 22.5f, 3.6f, art_solid(art_rgb(210, 40, 40)));
        art_line(cv, 22.5f, 9.5f, 9.5f, 22.5f, 3.6f, art_solid(art_rgb(210, 40, 40)));
        break;
    }
}

/* A figure lying where he fell, seen from above, head toward the top right. */
static void draw_casualty(art_canvas *cv, int param)
{
    (void)param;
    art_translate(cv, 32, 32);
    art_rotate(cv, 62);
    art_scale(cv, 1.05f);
    art_ellipse(cv, 6, -6, 10, 7, 30, art_solid(art_rgba8(120, 16, 12, 170))); /* blood */
    art_line(cv, -16, 10, 14, -24, 2.0f, art_solid(art_rgb(110, 72, 40)));     /* dropped rifle */
    for (int s = -1; s <= 1; s += 2) {                                         /* legs */
        float x = 3.2f * (float)s;
        art_line(cv, x, 6, x + 1.5f * (float)s, 20, 4.4f,
                 art_radial(art_rgb(200, 200, 200), art_rgb(120, 120, 120), 0, 6, 18));
        art_ellipse(cv, x + 1.6f * (float)s, 21.5f, 2.2f, 3, 0, art_solid(art_rgb(40, 30, 24)));
    }
    art_paint coat = art_radial(art_rgb(255, 255, 255), art_rgb(140, 140, 140), -2, -6, 14);
    coat.tint = 1.0f;
    coat.c0 = art_rgb(235, 235, 235);
    art_ellipse(cv, 0, -1, 7.5f, 10, 0, coat);
    coat.tint = 1.0f;
    art_line(cv, -7, -6, -11, -15, 4.2f, coat); /* arms flung out */
    art_line(cv, 7, -6, 12, 2, 4.2f, coat);
    art_circle(cv, -11.5f, -16, 2, art_solid(art_rgb(226, 176, 134)));
    art_circle(cv, 12.5f, 3, 2, art_solid(art_rgb(226, 176, 134)));
    art_circle(cv, 0, -13.5f, 4.6f,
               art_radial(art_rgb(240, 196, 150), art_rgb(150, 100, 70), -1, -15, 6));
    art_ellipse(cv, 6, -20, 5.5f, 4.5f, 20,
                art_radial(art_rgb(240, 234, 214), art_rgb(170, 160, 136), 5, -21,
                           6)); /* helmet fallen off */
    art_xform_reset(cv);
    art_outline(cv, 1.2f, art_rgba8(24, 20, 16, 220));
}

static const art_asset MARKERS[] = {
    {"fig_casualty", "sprite", 64, 64, 0, draw_casualty,
     "a fallen figure (casualty left on the table)"},
    {"badge_officer", "badge", 32, 32, BADGE_OFFICER, draw_badge, "role badge: officer (star)"},
    {"badge_nco", "badge", 32, 32, BADGE_NCO, draw_badge, "role badge: NCO (chevrons)"},
    {"badge_leader", "badge", 32, 32, BADGE_LEADER, draw_badge,
     "role badge: native leader (plume)"},
    {"badge_general", "badge", 32, 32, BADGE_GENERAL, draw_badge,
     "role badge: general or brigadier (three stars)"},
    {"marker_wounded", "marker", 32, 32, MARK_WOUNDED, draw_marker, "status: wounded (red cross)"},
    {"marker_demoralised", "marker", 32, 32, MARK_DEMORALISED, draw_marker,
     "status: demoralised (white flag)"},
    {"marker_shaken", "marker", 32, 32, MARK_SHAKEN, draw_marker, "status: shaken (exclamation)"},
    {"marker_dead", "marker", 32, 32, MARK_DEAD, draw_marker, "status: killed (red cross-out)"},
};

const art_asset *art_markers_list(int *n)
{
    *n = (int)(sizeof MARKERS / sizeof MARKERS[0]);
    return MARKERS;
}
