#include "ui/tools.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static geom_placed_base placed(const figure *f)
{
    return (geom_placed_base){f->base, f->pos, f->facing};
}

ui_tools_tape_reading ui_tools_tape_measure(const table *t, const vec2s *pts, const int *figs,
                                            int n)
{
    ui_tools_tape_reading r = {0};
    for (int i = 0; i + 1 < n; i++)
        r.centre_cm += (float)geom_point_distance(pts[i], pts[i + 1]);
    int a = figs[0], b = figs[n - 1];
    r.edge_ok = a >= 0 || b >= 0;
    if (!r.edge_ok)
        return r;
    if (n == 2 && a >= 0 && b >= 0 && a != b) {
        geom_placed_base pa = placed(&t->figures[a]), pb = placed(&t->figures[b]);
        r.edge_cm = (float)geom_base_edge_distance(&pa, &pb);
        return r;
    }
    /* Along a bent tape, take each end's base off its own stretch. */
    float cut = 0;
    if (a >= 0) {
        geom_placed_base pa = placed(&t->figures[a]);
        cut += (float)geom_point_distance(pts[0], pts[1]) -
               (float)geom_base_point_distance(&pa, pts[1]);
    }
    if (b >= 0 && b != a) {
        geom_placed_base pb = placed(&t->figures[b]);
        cut += (float)geom_point_distance(pts[n - 1], pts[n - 2]) -
               (float)geom_base_point_distance(&pb, pts[n - 2]);
    }
    r.edge_cm = fmaxf(r.centre_cm - cut, 0);
    return r;
}

/* Where the sight line a->b is lost to area feature f: after the see-into depth inside it. */
static vec2s area_block_point(const terrain_feature *f, const terrain_type *ty, vec2s a, vec2s b)
{
    geom_interval iv[8];
    geom_segment s = {a, b};
    int n = geom_segment_clip_polygon(s, &f->area, iv, 8);
    if (n <= 0)
        return a;
    double len = geom_segment_length(s), t = iv[0].t0;
    if (ty->los == TERRAIN_LOS_AREA && len > 0)
        t = fmin(t + LOS_SEE_INTO_DEFAULT_CM / len, iv[0].t1);
    return geom_lerp(a, b, t);
}

static vec2s line_block_point(const terrain_feature *f, vec2s a, vec2s b)
{
    double ts[4];
    int n = geom_segment_polyline_crossings((geom_segment){a, b}, &f->line, ts, 4);
    return n > 0 ? geom_lerp(a, b, ts[0]) : a;
}

static void name_blocker(const table *t, const los_result *lr, ui_tools_los_result *r)
{
    if (lr->verdict == LOS_BLOCKED_FIGURE) {
        const figure *f = table_figure_const(t, lr->figure);
        snprintf(r->blocker, sizeof r->blocker, "%s%sfigure %u", f && f->name[0] ? f->name : "",
                 f && f->name[0] ? ", " : "", (unsigned)lr->figure.id);
        if (f)
            r->block_at = geom_lerp(r->from, r->to,
                                    geom_segment_closest_t((geom_segment){r->from, r->to}, f->pos));
        return;
    }
    const terrain_feature *f = &t->features[lr->feature];
    const terrain_type *ty = &t->types[f->type];
    char kind[TABLE_NAME_MAX];
    table_key_words(ty->name, false, kind, sizeof kind);
    if (f->name[0])
        snprintf(r->blocker, sizeof r->blocker, "%s (%s)", f->name, kind);
    else
        snprintf(r->blocker, sizeof r->blocker, "%s", kind);
    r->block_at = f->shape == TERRAIN_SHAPE_AREA ? area_block_point(f, ty, r->from, r->to)
                                                 : line_block_point(f, r->from, r->to);
}

ui_tools_los_result ui_tools_los(const los_index *ix, const table *t, int from, int to,
                                 vec2s cursor)
{
    ui_tools_los_result r = {0};
    const figure *a = &t->figures[from];
    r.from = a->pos;
    los_result lr;
    if (to >= 0) {
        r.to = t->figures[to].pos;
        lr = los_figures(ix, t, a->id, t->figures[to].id, &(los_opts){0});
    } else {
        r.to = cursor;
        lr = los_figure_point(ix, t, a->id, cursor, table_posture_eye_ft(a->posture),
                              &(los_opts){0});
    }
    r.blocked = lr.verdict != LOS_CLEAR;
    r.block_at = r.to;
    if (r.blocked)
        name_blocker(t, &lr, &r);
    return r;
}

/* Distance along `dir` to the table edge from p. */
static float to_edge(const table *t, vec2s p, vec2s dir)
{
    float best = 1e9f;
    if (dir.x > 1e-6f)
        best = fminf(best, (t->width_cm - p.x) / dir.x);
    if (dir.x < -1e-6f)
        best = fminf(best, -p.x / dir.x);
    if (dir.y > 1e-6f)
        best = fminf(best, (t->height_cm - p.y) / dir.y);
    if (dir.y < -1e-6f)
        best = fminf(best, -p.y / dir.y);
    return fmaxf(best, 0);
}

void ui_tools_sight_compute(const los_index *ix, const table *t, int fig, ui_tools_sight *out)
{
    const figure *f = &t->figures[fig];
    float eye = table_posture_eye_ft(f->posture);
    out->origin = f->pos;
    for (int i = 0; i < UI_TOOLS_SIGHT_RAYS; i++) {
        vec2s dir = geom_dir(6.2831853f * (float)i / UI_TOOLS_SIGHT_RAYS);
        float far = to_edge(t, f->pos, dir);
        vec2s end = glms_vec2_add(f->pos, glms_vec2_scale(dir, far));
        if (los_blocked(ix, f->pos, end, eye, NULL)) {
            /* Bisect for the last clear point: sight, once lost along a ray, stays lost for
             * the terrain that blocks it, so the boundary is a single crossing. */
            float lo = 0, hi = far;
            for (int k = 0; k < 14; k++) {
                float mid = 0.5f * (lo + hi);
                vec2s p = glms_vec2_add(f->pos, glms_vec2_scale(dir, mid));
                if (los_blocked(ix, f->pos, p, eye, NULL))
                    hi = mid;
                else
                    lo = mid;
            }
            far = lo;
        }
        out->ring[i] = glms_vec2_add(f->pos, glms_vec2_scale(dir, far));
    }
    out->valid = true;
}

static void status_words(uint32_t st, char *buf, size_t size)
{
    static const struct {
        uint32_t bit;
        const char *word;
    } words[] = {{FIGURE_STATUS_DEAD, "casualty"},
                 {FIGURE_STATUS_WOUNDED, "wounded"},
                 {FIGURE_STATUS_SERIOUS, "seriously wounded"},
                 {FIGURE_STATUS_DEMORALISED, "demoralised"},
                 {FIGURE_STATUS_SHAKEN, "shaken"},
                 {FIGURE_STATUS_CAPTURED, "captured"},
                 {FIGURE_STATUS_OFF_TABLE, "off table"},
                 {FIGURE_STATUS_IN_COMBAT, "in combat"}};
    buf[0] = 0;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (st & words[i].bit) {
            size_t len = strlen(buf);
            snprintf(buf + len, size - len, "%s%s", len ? ", " : "", words[i].word);
        }
    if (!buf[0])
        snprintf(buf, size, "fit");
}

/* True, with the rule set's reason in why, when the figure may not move because it has
 * already moved or acted; any other reason (not its turn yet) leaves the full allowance,
 * which is what a player plans with. */
static bool move_refused(const game *g, figure_id fig, char *why, size_t size)
{
    rules_action acts[32];
    int n = game_actions(g, fig, acts, 32);
    for (int i = 0; i < n; i++)
        if (acts[i].kind == RULES_CMD_MOVE && !acts[i].enabled && acts[i].reason[0] &&
            (strstr(acts[i].reason, "moved") || strstr(acts[i].reason, "acted"))) {
            snprintf(why, size, "%s", acts[i].reason);
            return true;
        }
    return false;
}

int ui_tools_describe(const game *g, int fig, render_units units, char lines[][UI_TOOLS_LINE_MAX],
                      int max)
{
    const table *t = game_table(g);
    const figure *f = &t->figures[fig];
    const unit *u = table_unit_const(t, f->unit);
    const side *s = table_side(t, f->side);
    int n = 0;
    if (n < max)
        snprintf(lines[n++], UI_TOOLS_LINE_MAX, "%s%s%s", f->name[0] ? f->name : "",
                 f->name[0] ? " - " : "", table_role_name(f->role));
    if (n < max)
        snprintf(lines[n++], UI_TOOLS_LINE_MAX, "%s, %s", s ? s->name : "?", u ? u->name : "?");
    if (n < max && f->weapon[0])
        snprintf(lines[n++], UI_TOOLS_LINE_MAX, "quality: %s   weapon: %s",
                 table_quality_name(f->quality), f->weapon);
    else if (n < max)
        snprintf(lines[n++], UI_TOOLS_LINE_MAX, "quality: %s", table_quality_name(f->quality));
    rules_command mv = {.kind = RULES_CMD_MOVE, .side = f->side};
    rules_command_add_figure(&mv, f->id);
    rules_reach reach;
    if (n < max && game_reach(g, &mv, geom_dir(f->facing), &reach)) {
        char a[32];
        /* The allowance while the figure may still move; once it has, why it may not. */
        char why[64];
        if (move_refused(g, f->id, why, sizeof why))
            snprintf(lines[n++], UI_TOOLS_LINE_MAX, "allowance: %s (cannot move now: %s)",
                     render_format_distance(reach.allowance_cm, units, a, sizeof a), why);
        else
            snprintf(lines[n++], UI_TOOLS_LINE_MAX, "allowance: %s",
                     render_format_distance(reach.allowance_cm, units, a, sizeof a));
    }
    char st[128];
    status_words(f->status, st, sizeof st);
    if (n < max)
        snprintf(lines[n++], UI_TOOLS_LINE_MAX, "status: %.100s", st);
    char rs_line[UI_TOOLS_LINE_MAX];
    if (n < max && game_figure_state(g, f->id, rs_line, sizeof rs_line))
        snprintf(lines[n++], UI_TOOLS_LINE_MAX, "%s", rs_line);
    return n;
}
