#include "rules/lcr/lcr_command.h"

#include "core/mem.h"
#include "core/spatial.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

float lcr_command_radius(const lcr_data *d, const figure *leader)
{
    int rank = lcr_data_rank_of(leader->role);
    return rank < 0 ? 0.0f : d->command_radius_cm[rank][leader->quality];
}

static geom_placed_base placed(const figure *f)
{
    return (geom_placed_base){f->base, f->pos, f->facing};
}

bool lcr_command_in_contact(const lcr_data *d, const figure *a, const figure *b)
{
    geom_placed_base pa = placed(a), pb = placed(b);
    return geom_base_edge_distance(&pa, &pb) <= d->contact_gap_cm;
}

/* Command rank: soldiers 0, NCOs and native leaders 1, officers 2, generals 3. */
static int command_rank(figure_role role)
{
    int r = lcr_data_rank_of(role);
    if (r < 0)
        return 0;
    return r == LCR_RANK_NCO || r == LCR_RANK_LEADER ? 1 : r == LCR_RANK_OFFICER ? 2 : 3;
}

/* True when unit `inner` is `outer` or lies under it (its parent chain reaches it). */
static bool unit_within(const table *t, unit_id inner, unit_id outer)
{
    for (int guard = 0; inner.id != 0 && guard <= t->unit_count; guard++) {
        if (inner.id == outer.id)
            return true;
        const unit *u = table_unit_const(t, inner);
        inner = u ? u->parent : (unit_id){0};
    }
    return false;
}

static bool commands_unit(const table *t, const figure *leader, unit_id u)
{
    const unit *own = table_unit_const(t, u);
    return own && own->commander.id == leader->id.id;
}

bool lcr_command_is_cavalry(const table *t, const figure *f)
{
    const unit *u = table_unit_const(t, f->unit);
    return f->posture == FIGURE_POSTURE_MOUNTED ||
           (f->kind[0] == 'c' && strcmp(f->kind, "cavalry") == 0) ||
           (u && u->kind[0] == 'c' && strcmp(u->kind, "cavalry") == 0);
}

bool lcr_command_may_order(const table *t, const figure *leader, const figure *f)
{
    if (f->id.id == leader->id.id)
        return true;
    if (f->side.id != leader->side.id || !unit_within(t, f->unit, leader->unit))
        return false;
    /* Seed 000, Cavalry: cavalry has its own order cards; the general (assumed) orders both. */
    if (command_rank(leader->role) < 3 &&
        lcr_command_is_cavalry(t, leader) != lcr_command_is_cavalry(t, f))
        return false;
    int lr = command_rank(leader->role), fr = command_rank(f->role);
    if (lr == 0 || fr > lr)
        return false;
    if (fr < lr)
        return true;
    /* Same rank: only the commander of a unit above the other's may order him. */
    return f->unit.id != leader->unit.id ? commands_unit(t, leader, leader->unit) : false;
}

int lcr_command_formation(const table *t, const lcr_data *d, const figure *f, figure_id *out,
                          int max)
{
    return lcr_command_formation_in(t, d, f, out, max, NULL);
}

int lcr_command_formation_in(const table *t, const lcr_data *d, const figure *f, figure_id *out,
                             int max, const lcr_unit_chains *uc)
{
    if (max <= 0)
        return 0;
    int n = 0;
    out[n++] = f->id;
    /* The unit's active figures in table order, gathered once: the search reads only them. */
    const figure *small[256];
    const figure **mates =
        t->figure_count <= 256 ? small : mem_calloc((size_t)t->figure_count, sizeof *mates);
    int count = 0;
    int fi = (int)f->id.id - 1;
    bool chained = uc && uc->count == t->figure_count && fi >= 0 && fi < t->figure_count &&
                   &t->figures[fi] == f;
    for (int i = chained ? uc->first[fi] : 0; i >= 0 && i < t->figure_count;
         i = chained ? uc->next[i] : i + 1)
        if (t->figures[i].unit.id == f->unit.id && table_figure_active(&t->figures[i]))
            mates[count++] = &t->figures[i];
    /* which mates are in out already (ids are a figure's own: a mark per mate says it) */
    bool small_in[256];
    bool *in = count <= 256 ? small_in : mem_calloc((size_t)count, sizeof *in);
    for (int i = 0; i < count; i++)
        in[i] = mates[i]->id.id == f->id.id;
    /* Breadth-first over base contact within the unit. */
    for (int head = 0; head < n; head++) {
        const figure *a = table_figure_const(t, out[head]);
        for (int i = 0; i < count && n < max; i++) {
            const figure *b = mates[i];
            /* centres farther apart than both reaches and the gap: no contact (the bases lie
             * inside their reach circles; a margin far above float error) */
            float dx = b->pos.x - a->pos.x, dy = b->pos.y - a->pos.y;
            float near = spatial_base_reach(&a->base) + spatial_base_reach(&b->base) +
                         d->contact_gap_cm + 1e-2f;
            if (fabsf(dx) > near || fabsf(dy) > near)
                continue;
            if (!in[i] && lcr_command_in_contact(d, a, b)) {
                out[n++] = b->id;
                in[i] = true;
            }
        }
    }
    if (in != small_in)
        free(in);
    if (mates != small)
        free(mates);
    return n;
}

static bool listed(const figure_id *ids, int n, figure_id id)
{
    for (int i = 0; i < n; i++)
        if (ids[i].id == id.id)
            return true;
    return false;
}

/* Is id in out? A mark per figure index answers for ids of the table's figures. */
static bool listed_marked(const bool *marks, int figures, const figure_id *out, int n, figure_id id)
{
    if (id.id >= 1 && id.id <= (uint32_t)figures)
        return marks[id.id - 1];
    return listed(out, n, id);
}

static void add_marked(bool *marks, int figures, figure_id *out, int *n, figure_id id)
{
    out[(*n)++] = id;
    if (id.id >= 1 && id.id <= (uint32_t)figures)
        marks[id.id - 1] = true;
}

int lcr_command_in_command(const table *t, const lcr_data *d, const figure *leader, float radius,
                           figure_id *out, int max)
{
    return lcr_command_in_command_in(t, d, leader, radius, out, max, NULL);
}

int lcr_command_in_command_in(const table *t, const lcr_data *d, const figure *leader, float radius,
                              figure_id *out, int max, const lcr_unit_chains *uc)
{
    int n = 0;
    if (max <= 0)
        return 0;
    int nf = t->figure_count;
    bool *marks = mem_calloc((size_t)nf + 1, sizeof *marks);
    add_marked(marks, nf, out, &n, leader->id);
    figure_id *group = mem_calloc((size_t)nf + 1, sizeof *group);
    for (int i = 0; i < nf && n < max; i++) {
        const figure *f = &t->figures[i];
        /* the distance first: the cheapest test, and most figures fail it */
        if (!table_figure_active(f) || glms_vec2_distance(f->pos, leader->pos) > radius + 1e-4f ||
            listed_marked(marks, nf, out, n, f->id) || !lcr_command_may_order(t, leader, f))
            continue;
        /* Inside: he and his whole formation are in command. */
        int g = lcr_command_formation_in(t, d, f, group, nf, uc);
        for (int k = 0; k < g && n < max; k++) {
            const figure *m = table_figure_const(t, group[k]);
            if (!listed_marked(marks, nf, out, n, group[k]) && lcr_command_may_order(t, leader, m))
                add_marked(marks, nf, out, &n, group[k]);
        }
    }
    free(group);
    free(marks);
    return n;
}
