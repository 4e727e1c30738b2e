/* Little Colonial Rules: artillery, the pure rules (seed 000, Types Of Artillery). The wiring
 * into the command flow is in lcr_artillery_play.c. */
#include "rules/lcr/lcr_artillery_math.h"

#include "core/spatial.h"

#include <math.h>
#include <string.h>

const lcr_gun *lcr_artillery_gun_of(const lcr_data *d, const figure *f)
{
    if (!f || f->role != FIGURE_ROLE_GUN)
        return NULL;
    return lcr_data_gun(d, f->weapon);
}

bool lcr_artillery_fires(const lcr_gun *g, lcr_ammo ammo)
{
    return g && ammo >= 0 && ammo < LCR_AMMO_COUNT && g->ammo[ammo].fires;
}

lcr_crew lcr_artillery_crew_count(const lcr_artillery *a, int gunners, int stand_ins)
{
    lcr_crew c = {.gunners = gunners, .stand_ins = stand_ins};
    int g = gunners < a->crew ? gunners : a->crew;
    int s = stand_ins / a->stand_ins_per_gunner;
    c.effective = g + (s < a->crew - g ? s : a->crew - g);
    c.missing = a->crew - c.effective;
    c.modifier = c.missing * a->modifier_per_missing;
    return c;
}

/* A figure that may serve the gun: of its side, in play, not demoralised, not a gun, close. */
static bool serves(const lcr_data *d, const figure *gun, const figure *f)
{
    return f != gun && f->side.id == gun->side.id && table_figure_active(f) &&
           !(f->status & FIGURE_STATUS_DEMORALISED) && f->role != FIGURE_ROLE_GUN &&
           glms_vec2_distance(f->pos, gun->pos) <= d->artillery.crew_radius_cm + 1e-4f;
}

lcr_crew lcr_artillery_crew_of(const lcr_data *d, const table *t, const figure *gun,
                               const bool *skip, figure_id *ids, int *n, int max)
{
    const lcr_artillery *a = &d->artillery;
    /* Gunners first; then only as many stand-ins, in whole pairs, as the crew still lacks:
     * the first `crew` gunners and the first so many stand-ins in figure order, both found in
     * one pass (it ends when neither list can grow). */
    int want_gunners = a->crew < 256 ? a->crew : 256;
    int most_stand_ins = a->crew * a->stand_ins_per_gunner;
    most_stand_ins = most_stand_ins < 256 ? most_stand_ins : 256;
    figure_id gun_got[256], stand_got[256];
    int gunners = 0, stand_ins = 0, count = 0;
    for (int i = 0; i < t->figure_count && (gunners < want_gunners || stand_ins < most_stand_ins);
         i++) {
        const figure *f = &t->figures[i];
        if ((skip && skip[i]) || !serves(d, gun, f))
            continue;
        if (f->role == FIGURE_ROLE_CREW) {
            if (gunners < want_gunners)
                gun_got[gunners++] = f->id;
        } else if (stand_ins < most_stand_ins) {
            stand_got[stand_ins++] = f->id;
        }
    }
    int want_stand_ins = (a->crew - gunners) * a->stand_ins_per_gunner;
    if (stand_ins > want_stand_ins)
        stand_ins = want_stand_ins > 0 ? want_stand_ins : 0;
    stand_ins -= stand_ins % a->stand_ins_per_gunner; /* an odd man does not make a gunner */
    for (int k = 0; ids && k < gunners && count < max; k++)
        ids[count++] = gun_got[k];
    for (int k = 0; ids && k < stand_ins && count < max; k++)
        ids[count++] = stand_got[k];
    if (n)
        *n = count;
    return lcr_artillery_crew_count(a, gunners, stand_ins);
}

bool lcr_artillery_need(const lcr_gun *g, lcr_ammo ammo, float range_cm, int crew_modifier,
                        int *need, const char **band)
{
    if (!lcr_artillery_fires(g, ammo) || ammo == LCR_AMMO_GRAPESHOT)
        return false;
    const lcr_gun_ammo *am = &g->ammo[ammo];
    for (int i = 0; i < am->band_count; i++)
        if (range_cm <= am->bands[i].max_cm + 1e-4f) {
            *need = am->bands[i].need - crew_modifier;
            if (band)
                *band = am->bands[i].name;
            return true;
        }
    return false;
}

float lcr_artillery_max_range(const lcr_gun *g, lcr_ammo ammo)
{
    if (!lcr_artillery_fires(g, ammo))
        return 0;
    const lcr_gun_ammo *am = &g->ammo[ammo];
    if (ammo == LCR_AMMO_GRAPESHOT)
        return am->range_cm;
    return am->band_count > 0 ? am->bands[am->band_count - 1].max_cm : 0;
}

int lcr_artillery_grape_hits(const lcr_gun *g, const lcr_crew *crew)
{
    int hits = g->ammo[LCR_AMMO_GRAPESHOT].hits + crew->modifier;
    return hits > 0 ? hits : 0;
}

vec2s lcr_artillery_deviate(const lcr_artillery *a, vec2s from, vec2s aim, int direction_face,
                            int distance_pips, float *angle_deg, float *dist_cm)
{
    int face = direction_face < 1 ? 1 : direction_face;
    face = face > a->deviation_faces ? a->deviation_faces : face;
    float deg = a->deviation_faces > 0 ? a->deviation_deg[face - 1] : 0.0f;
    vec2s line = glms_vec2_sub(aim, from);
    float base = glms_vec2_norm(line) > 1e-6f ? geom_angle_of(line) : 0.0f;
    float dist = (float)distance_pips * a->deviation_cm_per_pip;
    if (angle_deg)
        *angle_deg = deg;
    if (dist_cm)
        *dist_cm = dist;
    return glms_vec2_add(aim,
                         glms_vec2_scale(geom_dir(base + deg * (float)(GEOM_PI / 180.0)), dist));
}

float lcr_artillery_stop_cm(const lcr_data *d, const table *t, geom_segment s)
{
    double len = geom_segment_length(s), best = INFINITY;
    for (int i = 0; i < t->feature_count; i++) {
        const terrain_feature *tf = &t->features[i];
        const lcr_terrain *lt = lcr_data_terrain(d, t->types[tf->type].name);
        if (!lt || !lt->blocks_individual_fire)
            continue;
        double first = INFINITY;
        if (tf->shape == TERRAIN_SHAPE_AREA) {
            geom_interval in[4];
            if (geom_segment_clip_polygon(s, &tf->area, in, 4) > 0)
                first = in[0].t0;
        } else {
            double ts[4];
            if (geom_segment_polyline_crossings(s, &tf->line, ts, 4) > 0)
                first = ts[0];
        }
        best = fmin(best, first * len);
    }
    return (float)best;
}

/* The segment from a, length len along dir; len <= 0 gives a point. */
static geom_segment ray(vec2s a, vec2s dir, float len)
{
    return (geom_segment){a, glms_vec2_add(a, glms_vec2_scale(dir, fmaxf(len, 0.0f)))};
}

int lcr_artillery_ball_hits(const table *t, figure_id gun, vec2s muzzle, vec2s impact,
                            float bounce_cm, float stop_cm, lcr_ball_hit *out, int max, vec2s *end)
{
    vec2s line = glms_vec2_sub(impact, muzzle);
    float flight = glms_vec2_norm(line);
    vec2s dir = flight > 1e-6f ? glms_vec2_scale(line, 1.0f / flight) : (vec2s){{1, 0}};
    float cut = stop_cm;
    geom_segment s1 = ray(muzzle, dir, fminf(flight, cut));
    geom_segment s2 = ray(impact, dir, fminf(bounce_cm, cut - flight));
    bool has_bounce = cut > flight && bounce_cm > 0;
    if (end)
        *end = has_bounce ? s2.b : s1.b;
    /* A base whose centre lies further from a segment's box than its reach (and a margin far
     * above GEOM_EPS) cannot touch that segment: no exact test. */
    geom_aabb b1 = geom_aabb_of_segment(s1), b2 = geom_aabb_of_segment(s2);
    int n = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->id.id == gun.id || !table_figure_active(f))
            continue;
        float r = spatial_base_reach(&f->base) + 1e-2f;
        bool near1 = f->pos.x >= b1.min.x - r && f->pos.x <= b1.max.x + r &&
                     f->pos.y >= b1.min.y - r && f->pos.y <= b1.max.y + r;
        bool near2 = has_bounce && f->pos.x >= b2.min.x - r && f->pos.x <= b2.max.x + r &&
                     f->pos.y >= b2.min.y - r && f->pos.y <= b2.max.y + r;
        if (!near1 && !near2)
            continue;
        geom_placed_base b = {f->base, f->pos, f->facing};
        bool on_flight = near1 && geom_segment_base_intersect(s1, &b);
        bool on_bounce = !on_flight && near2 && geom_segment_base_intersect(s2, &b);
        if (!on_flight && !on_bounce)
            continue;
        lcr_ball_hit h = {f->id, glms_vec2_dot(glms_vec2_sub(f->pos, muzzle), dir), on_bounce};
        if (n >= max)
            break;
        int k = n++;
        for (; k > 0 && out[k - 1].along_cm > h.along_cm; k--) /* nearest the muzzle first */
            out[k] = out[k - 1];
        out[k] = h;
    }
    return n;
}

int lcr_artillery_burst(const table *t, vec2s centre, float radius_cm, figure_id *out, int max)
{
    int n = 0;
    for (int i = 0; i < t->figure_count && n < max; i++) {
        const figure *f = &t->figures[i];
        if (table_figure_active(f) && glms_vec2_distance(f->pos, centre) <= radius_cm + 1e-4f)
            out[n++] = f->id;
    }
    return n;
}
