#include "core/place.h"

#include <assert.h>
#include <math.h>
#include <stddef.h>

/* The base shrunk by half the contact tolerance on every side: two shrunk bases that still
 * touch overlapped by more than the tolerance. */
static geom_placed_base shrunk(geom_placed_base b)
{
    if (b.base.kind == GEOM_BASE_RECT) {
        b.base.frontage_cm = fmaxf(0.0f, b.base.frontage_cm - PLACE_CONTACT_CM);
        b.base.depth_cm = fmaxf(0.0f, b.base.depth_cm - PLACE_CONTACT_CM);
    } else {
        b.base.radius_cm = fmaxf(0.0f, b.base.radius_cm - 0.5f * PLACE_CONTACT_CM);
    }
    return b;
}

bool place_bases_overlap(const geom_placed_base *a, const geom_placed_base *b)
{
    if (a->base.kind != GEOM_BASE_RECT && b->base.kind != GEOM_BASE_RECT) {
        double reach = (double)a->base.radius_cm + b->base.radius_cm - PLACE_CONTACT_CM;
        return reach > 0 && geom_point_distance(a->pos, b->pos) < reach;
    }
    geom_placed_base sa = shrunk(*a), sb = shrunk(*b);
    return geom_base_edge_distance(&sa, &sb) <= 0.0;
}

static geom_placed_base figure_base_at(const figure *f, vec2s pos, float facing)
{
    return (geom_placed_base){.base = f->base, .pos = pos, .facing = facing};
}

static bool ignored(figure_id id, const figure_id *ignore, int ignore_count)
{
    for (int i = 0; i < ignore_count; i++)
        if (ignore[i].id == id.id)
            return true;
    return false;
}

/* Half the widest extent of a base: what the searches step by. */
static float base_reach_cm(const geom_base *b)
{
    if (b->kind == GEOM_BASE_RECT)
        return 0.5f * sqrtf(b->frontage_cm * b->frontage_cm + b->depth_cm * b->depth_cm);
    return b->radius_cm;
}

figure_id place_blocker(const table *t, figure_id fig, vec2s pos, float facing,
                        const figure_id *ignore, int ignore_count)
{
    const figure *self = table_figure_const(t, fig);
    assert(self && "place_blocker: no such figure");
    geom_placed_base mine = figure_base_at(self, pos, facing);
    figure_id best = {0};
    double best_d = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *o = &t->figures[i];
        if (o->id.id == fig.id || !table_figure_active(o) || ignored(o->id, ignore, ignore_count))
            continue;
        geom_placed_base theirs = figure_base_at(o, o->pos, o->facing);
        if (!place_bases_overlap(&mine, &theirs))
            continue;
        /* The one most in the way: the nearest centre (lowest id on a tie), the base a player
         * dropping a figure there means. */
        double d = geom_point_distance(pos, o->pos);
        if (!best.id || d < best_d) {
            best = o->id;
            best_d = d;
        }
    }
    return best;
}

static bool on_table(const table *t, const figure *f, vec2s p, float facing)
{
    geom_aabb box = geom_base_bounds(&(geom_placed_base){f->base, p, facing});
    return box.min.x >= -PLACE_CONTACT_CM && box.min.y >= -PLACE_CONTACT_CM &&
           box.max.x <= t->width_cm + PLACE_CONTACT_CM &&
           box.max.y <= t->height_cm + PLACE_CONTACT_CM;
}

static bool spot_ok(const table *t, const figure *f, vec2s p, float facing, const figure_id *ignore,
                    int ignore_count, bool (*ok)(void *, vec2s), void *user)
{
    return on_table(t, f, p, facing) &&
           place_blocker(t, f->id, p, facing, ignore, ignore_count).id == 0 && (!ok || ok(user, p));
}

bool place_free_near(const table *t, figure_id fig, vec2s want, float facing,
                     const figure_id *ignore, int ignore_count, float max_shift_cm,
                     bool (*ok)(void *user, vec2s p), void *user, vec2s *out)
{
    const figure *f = table_figure_const(t, fig);
    assert(f && "place_free_near: no such figure");
    *out = want;
    if (spot_ok(t, f, want, facing, ignore, ignore_count, ok, user))
        return true;
    /* Rings a quarter of the base apart; on each ring, points about that far apart, starting
     * at angle 0 and going anticlockwise: the first free point of the nearest ring wins. */
    float step = fmaxf(0.1f, 0.25f * base_reach_cm(&f->base));
    for (float r = step; r <= max_shift_cm + 1e-4f; r += step) {
        int n = (int)ceilf(2.0f * (float)GEOM_PI * r / step);
        if (n < 8)
            n = 8;
        for (int k = 0; k < n; k++) {
            float a = 2.0f * (float)GEOM_PI * (float)k / (float)n;
            vec2s p = {{want.x + r * cosf(a), want.y + r * sinf(a)}};
            if (spot_ok(t, f, p, facing, ignore, ignore_count, ok, user)) {
                *out = p;
                return true;
            }
        }
    }
    return false;
}

/* The figures fig already overlaps at `from`, added to the ignore list (up to cap). */
static int overlapped_at_start(const table *t, const figure *f, vec2s from, float facing,
                               const figure_id *ignore, int ignore_count, figure_id *out, int cap)
{
    int n = 0;
    for (int i = 0; i < ignore_count && n < cap; i++)
        out[n++] = ignore[i];
    geom_placed_base mine = figure_base_at(f, from, facing);
    for (int i = 0; i < t->figure_count && n < cap; i++) {
        const figure *o = &t->figures[i];
        if (o->id.id == f->id.id || !table_figure_active(o))
            continue;
        geom_placed_base theirs = figure_base_at(o, o->pos, o->facing);
        if (place_bases_overlap(&mine, &theirs))
            out[n++] = o->id;
    }
    return n;
}

#define PLACE_IGNORE_MAX 256

float place_path_stop(const table *t, figure_id fig, vec2s from, vec2s to, float facing,
                      const figure_id *ignore, int ignore_count, vec2s *out)
{
    const figure *f = table_figure_const(t, fig);
    assert(f && "place_path_stop: no such figure");
    figure_id skip[PLACE_IGNORE_MAX];
    int n = overlapped_at_start(t, f, from, facing, ignore, ignore_count, skip, PLACE_IGNORE_MAX);
    float dx = to.x - from.x, dy = to.y - from.y;
    float len = sqrtf(dx * dx + dy * dy);
    *out = from;
    if (len <= 0.0f)
        return 0.0f;
    /* Sample finely enough that no base is jumped over, then bisect the first blocked step. */
    float step = fminf(0.5f, 0.25f * base_reach_cm(&f->base));
    if (step <= 0.0f)
        step = 0.05f;
    float free_s = 0.0f;
    for (float s = step;; s += step) {
        float at = fminf(s, len);
        vec2s p = {{from.x + dx * at / len, from.y + dy * at / len}};
        if (place_blocker(t, fig, p, facing, skip, n).id != 0) {
            float lo = free_s, hi = at;
            for (int i = 0; i < 24; i++) {
                float mid = 0.5f * (lo + hi);
                vec2s q = {{from.x + dx * mid / len, from.y + dy * mid / len}};
                if (place_blocker(t, fig, q, facing, skip, n).id != 0)
                    hi = mid;
                else
                    lo = mid;
            }
            free_s = lo;
            break;
        }
        free_s = at;
        if (at >= len)
            break;
    }
    *out = (vec2s){{from.x + dx * free_s / len, from.y + dy * free_s / len}};
    return free_s;
}

int place_overlaps(const table *t, figure_id (*pairs)[2], int max)
{
    int n = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *a = &t->figures[i];
        if (!table_figure_active(a))
            continue;
        geom_placed_base ba = figure_base_at(a, a->pos, a->facing);
        for (int j = i + 1; j < t->figure_count; j++) {
            const figure *b = &t->figures[j];
            if (!table_figure_active(b))
                continue;
            geom_placed_base bb = figure_base_at(b, b->pos, b->facing);
            if (!place_bases_overlap(&ba, &bb))
                continue;
            if (pairs && n < max) {
                pairs[n][0] = a->id;
                pairs[n][1] = b->id;
            }
            n++;
        }
    }
    return n;
}
