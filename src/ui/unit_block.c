/* Block geometry for units of stands: offsets kept while dragging, the front line's ends, and
 * the wheel about one end (the arc its outer end travels is what the rule set charges). */
#include "ui/unit_block.h"

#include "core/geom.h"

#include <math.h>

static int index_of(const table *t, figure_id id)
{
    const figure *f = table_figure_const(t, id);
    return f ? (int)(f - t->figures) : -1;
}

static vec2s sub(vec2s a, vec2s b)
{
    return (vec2s){{a.x - b.x, a.y - b.y}};
}

static vec2s add_scaled(vec2s a, vec2s b, float k)
{
    return (vec2s){{a.x + b.x * k, a.y + b.y * k}};
}

static float dot(vec2s a, vec2s b)
{
    return a.x * b.x + a.y * b.y;
}

/* The common parent of the selected figures' units when they are two or more units under one
 * parent; 0 otherwise. */
static unit_id selection_parent(const table *t, side_id own, const uint8_t *flags, unsigned mask)
{
    unit_id first = {0}, parent = {0};
    bool several = false;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (!(flags[i] & mask) || !table_figure_active(f) || f->side.id != own.id)
            continue;
        const unit *u = table_unit_const(t, f->unit);
        if (!u || !u->parent.id)
            return (unit_id){0};
        if (!first.id) {
            first = u->id;
            parent = u->parent;
        } else if (u->parent.id != parent.id) {
            return (unit_id){0};
        } else if (u->id.id != first.id) {
            several = true;
        }
    }
    return several ? parent : (unit_id){0};
}

static int active_in_unit(const table *t, unit_id u)
{
    int n = 0;
    for (int i = 0; i < t->figure_count; i++)
        n += t->figures[i].unit.id == u.id && table_figure_active(&t->figures[i]);
    return n;
}

rules_command ui_unit_block_command(const table *t, int pressed, const uint8_t *flags,
                                    unsigned selected_mask, rules_command_kind kind)
{
    const figure *f = &t->figures[pressed];
    rules_command cmd = {.kind = kind, .side = f->side};
    unit_id parent = kind == RULES_CMD_MOVE && flags
                         ? selection_parent(t, f->side, flags, selected_mask)
                         : (unit_id){0};
    if (parent.id)
        cmd.unit = parent;
    else if (f->unit.id && active_in_unit(t, f->unit) > 1)
        cmd.unit = f->unit;
    else
        rules_command_add_figure(&cmd, f->id);
    return cmd;
}

void ui_unit_block_init(ui_unit_block *b, const table *t, const figure_id *ids, int n)
{
    b->count = 0;
    for (int i = 0; i < n && b->count < UI_UNIT_BLOCK_MAX; i++) {
        int k = index_of(t, ids[i]);
        if (k >= 0)
            b->fig[b->count++] = k;
    }
    for (int i = 0; i < b->count; i++)
        b->offset[i] = sub(t->figures[b->fig[i]].pos, t->figures[b->fig[0]].pos);
}

bool ui_unit_block_has(const ui_unit_block *b, int fig)
{
    for (int i = 0; i < b->count; i++)
        if (b->fig[i] == fig)
            return true;
    return false;
}

vec2s ui_unit_block_place(const ui_unit_block *b, int k, vec2s ref)
{
    return add_scaled(ref, b->offset[k], 1);
}

vec2s ui_unit_block_ref_for(const ui_unit_block *b, int k, vec2s p)
{
    return sub(p, b->offset[k]);
}

/* ---- wheeling -------------------------------------------------------------------------------- */

/* The four corners of a figure's base (a round base as its bounding square). */
static void corners(const figure *f, vec2s out[4])
{
    vec2s d = geom_dir(f->facing), across = {{-d.y, d.x}};
    float hw = f->base.kind == GEOM_BASE_RECT ? 0.5f * f->base.frontage_cm : f->base.radius_cm;
    float hd = f->base.kind == GEOM_BASE_RECT ? 0.5f * f->base.depth_cm : f->base.radius_cm;
    for (int c = 0; c < 4; c++)
        out[c] = add_scaled(add_scaled(f->pos, d, c & 1 ? hd : -hd), across, c & 2 ? hw : -hw);
}

bool ui_unit_block_front_ends(const ui_unit_block *b, const table *t, vec2s ends[2])
{
    if (b->count == 0)
        return false;
    const figure *ref = &t->figures[b->fig[0]];
    /* In the reference's frame: the front line lies at the farthest corner ahead, between the
     * outermost corners to either side (right = clockwise on screen from the facing). */
    vec2s d = geom_dir(ref->facing), right = {{-d.y, d.x}};
    float ahead = -INFINITY, lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < b->count; i++) {
        vec2s c[4];
        corners(&t->figures[b->fig[i]], c);
        for (int k = 0; k < 4; k++) {
            vec2s r = sub(c[k], ref->pos);
            ahead = fmaxf(ahead, dot(r, d));
            lo = fminf(lo, dot(r, right));
            hi = fmaxf(hi, dot(r, right));
        }
    }
    vec2s front = add_scaled(ref->pos, d, ahead);
    ends[0] = add_scaled(front, right, lo);
    ends[1] = add_scaled(front, right, hi);
    return true;
}

ui_unit_wheel ui_unit_block_wheel(const ui_unit_block *b, const table *t, int end)
{
    ui_unit_wheel w = {0};
    vec2s ends[2];
    if (!ui_unit_block_front_ends(b, t, ends))
        return w;
    w.swing = ends[end ? 1 : 0];
    w.pivot = ends[end ? 0 : 1];
    w.facing = t->figures[b->fig[0]].facing;
    for (int i = 0; i < b->count; i++) {
        vec2s c[4];
        corners(&t->figures[b->fig[i]], c);
        for (int k = 0; k < 4; k++)
            w.radius = fmaxf(w.radius, glms_vec2_distance(c[k], w.pivot));
    }
    return w;
}

float ui_unit_wheel_turn(const ui_unit_wheel *w, vec2s p)
{
    vec2s to = sub(p, w->pivot);
    if (glms_vec2_norm(to) < 1e-4f)
        return 0;
    return geom_angle_diff(geom_angle_of(sub(w->swing, w->pivot)), geom_angle_of(to));
}

float ui_unit_wheel_arc_cm(const ui_unit_wheel *w, float turn)
{
    return fabsf(turn) * w->radius;
}

void ui_unit_wheel_pose(const ui_unit_wheel *w, const ui_unit_block *b, const table *t, int k,
                        float turn, vec2s *pos, float *facing)
{
    const figure *f = &t->figures[b->fig[k]];
    vec2s r = sub(f->pos, w->pivot);
    float s = sinf(turn), c = cosf(turn);
    *pos = (vec2s){{w->pivot.x + r.x * c - r.y * s, w->pivot.y + r.x * s + r.y * c}};
    *facing = f->facing + turn;
}

rules_command ui_unit_wheel_command(const ui_unit_wheel *w, const ui_unit_block *b, const table *t,
                                    float turn)
{
    const figure *ref = &t->figures[b->fig[0]];
    rules_command cmd = {.kind = RULES_CMD_WHEEL,
                         .side = ref->side,
                         .unit = ref->unit,
                         .point = w->pivot,
                         .face_set = true,
                         .facing = geom_angle_of(geom_dir(w->facing + turn))};
    return cmd;
}
