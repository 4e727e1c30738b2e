/* The engine's one overlap check: a move or placement may bring bases into contact but never
 * on top of each other, whatever the rule set. The command is resolved on a copy of the state
 * with a copy of the dice (so exactly as it would be resolved), and the figures it moves are
 * checked where they end. Retreats, flights and evades caused by dice are the rule set's own
 * to keep free (core/place.h); this check is about what a player or the bot asks for. */
#include "game/game_internal.h"

#include "core/place.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static geom_placed_base placed_of(const figure *f)
{
    return (geom_placed_base){.base = f->base, .pos = f->pos, .facing = f->facing};
}

/* The kinds of command whose point is to put figures somewhere (a charge ends in contact,
 * which is allowed, never on top of the target or a bystander). */
static bool places_figures(rules_command_kind kind)
{
    return kind == RULES_CMD_MOVE || kind == RULES_CMD_REFORM || kind == RULES_CMD_EVADE ||
           kind == RULES_CMD_WHEEL || kind == RULES_CMD_ROTATE || kind == RULES_CMD_CHARGE;
}

static const char *name_of(const figure *f, char *buf, size_t size)
{
    if (f->name[0])
        snprintf(buf, size, "%s", f->name);
    else
        snprintf(buf, size, "the figure at %.1f, %.1f cm", f->pos.x, f->pos.y);
    return buf;
}

/* No point of base b lies further than this from its centre (half its frontage plus half its
 * depth bounds the half diagonal, without a square root). */
static float reach_bound(const geom_base *b)
{
    return b->kind == GEOM_BASE_RECT ? 0.5f * (b->frontage_cm + b->depth_cm) : b->radius_cm;
}

/* Whether figure i of `after` may overlap the moved figure m there (reach_m its reach_bound):
 * blocker_of's test of one figure. */
static inline bool blocks(const table *before, const table *after, const figure *m, double reach_m,
                          int i)
{
    const figure *o = &after->figures[i];
    if (o->id.id == m->id.id || !table_figure_active(o))
        return false;
    /* Centres further apart along x or y than both reaches (a margin far above rounding)
     * cannot overlap: most figures are passed over here, before the exact test. */
    double far = (reach_m + reach_bound(&o->base)) * (1.0 + 1e-6) + 1e-3;
    if (fabs((double)o->pos.x - m->pos.x) > far || fabs((double)o->pos.y - m->pos.y) > far)
        return false;
    geom_placed_base pm = placed_of(m), po = placed_of(o);
    if (!place_bases_overlap(&pm, &po))
        return false;
    const figure *m0 = &before->figures[m->id.id - 1];
    geom_placed_base pm0 = placed_of(m0), po0 = placed_of(&before->figures[i]);
    /* stacked before the command (a scenario's placement): not its doing */
    return !(table_figure_active(m0) && table_figure_active(&before->figures[i]) &&
             place_bases_overlap(&pm0, &po0));
}

/* The first figure the moved figure `m` (now at its end on `after`) overlaps and did not
 * overlap before the command; NULL when it ends free. */
static const figure *blocker_of(const table *before, const table *after, const figure *m)
{
    double reach_m = reach_bound(&m->base);
    for (int i = 0; i < after->figure_count; i++)
        if (blocks(before, after, m, reach_m, i))
            return &after->figures[i];
    return NULL;
}

/* Below this many figures blocker_of's scan reads less than the index and the lists. */
enum { PLACE_INDEX_MIN = 24, PLACE_CHANGED_MAX = 256 };

/* The figures of `after` the index of `before` (ix) does not answer for: those active there
 * that stood elsewhere before (or nowhere: a centre that is not a number), or were not active.
 * -1 when more than `max` (the caller scans instead). */
static int changed_figures(const table *before, const table *after, int *out, int max)
{
    int n = 0;
    for (int i = 0; i < after->figure_count; i++) {
        const figure *o = &after->figures[i], *o0 = &before->figures[i];
        if (!table_figure_active(o))
            continue;
        if (o->pos.x != o0->pos.x || o->pos.y != o0->pos.y || !table_figure_active(o0)) {
            if (n == max)
                return -1;
            out[n++] = i;
        }
    }
    return n;
}

/* Sorts the n ints of a ascending and drops repeats; returns the count left. */
static int sort_unique(int *a, int n)
{
    for (int i = 1; i < n; i++) {
        int v = a[i], k = i;
        for (; k > 0 && a[k - 1] > v; k--)
            a[k] = a[k - 1];
        a[k] = v;
    }
    int m = 0;
    for (int i = 0; i < n; i++)
        if (m == 0 || a[m - 1] != a[i])
            a[m++] = a[i];
    return m;
}

/* The figures (indices, ascending) the events in `l` change (rules_event_apply_table's MOVE,
 * STATUS and REMOVE: what else a command does to a figure it does through them); -1 when more
 * than `max`. */
static int events_touched(const game_events_list *l, int count, int *out, int max)
{
    int n = 0;
    for (int k = 0; k < l->count; k++) {
        const rules_event *ev = &l->items[k];
        if (ev->kind != RULES_EV_MOVE && ev->kind != RULES_EV_STATUS && ev->kind != RULES_EV_REMOVE)
            continue;
        int i = (int)ev->figure.id - 1;
        if (i < 0 || i >= count)
            continue; /* no figure: the table is left as it was */
        if (n > 0 && out[n - 1] == i)
            continue;
        if (n == max)
            return -1;
        out[n++] = i;
    }
    return sort_unique(out, n);
}

/* changed_figures' list from the figures the events touched (`touched`, ascending): the others
 * stand as they stood. */
static int changed_among(const table *before, const table *after, const int *touched, int nt,
                         int *out)
{
    int n = 0;
    for (int k = 0; k < nt; k++) {
        const figure *o = &after->figures[touched[k]], *o0 = &before->figures[touched[k]];
        if (table_figure_active(o) &&
            (o->pos.x != o0->pos.x || o->pos.y != o0->pos.y || !table_figure_active(o0)))
            out[n++] = touched[k];
    }
    return n;
}

/* blocker_of answered from the index of `before` (ix) and the figures that changed since:
 * every figure that stood still lies in ix where it stands, and one the index does not list
 * near m is further than blocks' margin; the candidates are tried in ascending order, as the
 * scan tries them, so the same first blocker is found. */
static const figure *blocker_indexed(const table *before, const table *after, const figure *m,
                                     spatial *ix, const int *changed, int nc)
{
    /* blocks' margin is (m's reach + o's) with o's reach_bound up to sqrt 2 of the index's
     * reach (spatial_base_reach), which near_box adds itself */
    float grow = reach_bound(&m->base) * 1.001f + 0.5f * ix->reach_max_cm + 0.05f;
    geom_aabb box = {m->pos, m->pos};
    double reach_m = reach_bound(&m->base);
    const int *near;
    int nn = spatial_near_box(ix, box, grow, &near);
    for (int a = 0, b = 0; a < nn || b < nc;) {
        int i;
        if (b >= nc || (a < nn && near[a] < changed[b]))
            i = near[a++];
        else if (a >= nn || changed[b] < near[a])
            i = changed[b++];
        else {
            i = near[a++];
            b++;
        }
        if (blocks(before, after, m, reach_m, i))
            return &after->figures[i];
    }
    return NULL;
}

/* The figures the command means to put somewhere. */
static int moved_figures(const game *g, const rules_command *cmd, figure_id *moved)
{
    if (cmd->kind == RULES_CMD_MOVE || cmd->kind == RULES_CMD_WHEEL ||
        cmd->kind == RULES_CMD_CHARGE)
        return game_move_figures(g, cmd, moved, RULES_CMD_FIGURES_MAX);
    int n = 0;
    for (int i = 0; i < cmd->figure_count && n < RULES_CMD_FIGURES_MAX; i++)
        moved[n++] = cmd->figures[i];
    const table *t = g->table;
    for (int i = 0; !cmd->figure_count && cmd->unit.id && i < t->figure_count; i++)
        if (t->figures[i].unit.id == cmd->unit.id && n < RULES_CMD_FIGURES_MAX)
            moved[n++] = t->figures[i].id;
    if (cmd->kind == RULES_CMD_REFORM && cmd->figure.id && n < RULES_CMD_FIGURES_MAX)
        moved[n++] = cmd->figure;
    return n;
}

/* The command passed on this very state already (the bot checked its pick; game_submit asks
 * again): resolving it once more on a copy would give the same answer. */
static bool passed_before(const game *g, const rules_command *cmd)
{
    return g->place_passed.valid && g->place_passed.gen == g->state_gen &&
           memcmp(&g->place_passed.cmd, cmd, sizeof *cmd) == 0;
}

/* Keeps the copy the check resolved (the state after the command) and its events. */
static void remember_pass(const game *g, const rules_command *cmd, table *t, rules_state *rs,
                          dice_rng rng)
{
    game *m = (game *)g; /* a cache beside the state, not the state: g is const to callers */
    m->place_passed.valid = true;
    m->place_passed.gen = g->state_gen;
    m->place_passed.cmd = *cmd;
    m->place_passed.table = t;
    m->place_passed.rs = rs;
    m->place_passed.rng = rng;
}

bool game_place_check(const game *g, const rules_command *cmd, char *reason, size_t size)
{
    if (!places_figures(cmd->kind) || !g->ops->clone)
        return true;
    if (passed_before(g, cmd))
        return true;
    figure_id moved[RULES_CMD_FIGURES_MAX];
    int nm = moved_figures(g, cmd, moved);
    game *keep = (game *)g; /* the events are kept with the copy (remember_pass) */
    game_place_forget(keep);
    table *t = game_place_copy(keep);
    rules_state *rs = game_place_clone_rs(keep);
    dice_rng rng = g->rng;
    rules_ctx ctx = {.ops = g->ops,
                     .state = rs,
                     .table = t,
                     .rng = &rng,
                     .scenario = g->sc,
                     .record = game_events_record,
                     .user = &keep->place_passed.events};
    g->ops->resolve(rs, &ctx, cmd);
    bool ok = true;
    /* The figures near each mover's end from the index of the table before (the bot's pick has
     * it built already), and those that moved besides: a unit's move tried every figure
     * against every mover. */
    spatial *ix = NULL;
    int changed[PLACE_CHANGED_MAX], nc = -1;
    if (t->figure_count >= PLACE_INDEX_MIN) {
        ix = game_figure_index(g);
        /* every centre of the table before a number: the figures no event touched stand
         * where they stood, and where the index has them */
        int touched[PLACE_CHANGED_MAX];
        int nt = ix->nonfinite ? -1
                               : events_touched(&keep->place_passed.events, t->figure_count,
                                                touched, PLACE_CHANGED_MAX);
        nc = nt >= 0 ? changed_among(g->table, t, touched, nt, changed)
                     : changed_figures(g->table, t, changed, PLACE_CHANGED_MAX);
        ix = nc >= 0 ? ix : NULL;
    }
    /* The figures the command means to move, in table order (the scan's), alone: no other is
     * asked about. */
    int order[RULES_CMD_FIGURES_MAX], no = 0;
    for (int k = 0; k < nm; k++)
        if (moved[k].id >= 1 && moved[k].id <= (uint32_t)t->figure_count)
            order[no++] = (int)moved[k].id - 1;
    no = sort_unique(order, no);
    for (int k = 0; ok && k < no; k++) {
        int i = order[k];
        const figure *m = &t->figures[i];
        const figure *m0 = &g->table->figures[i];
        /* the cheap tests first: most figures stand where they stood */
        if (!table_figure_active(m) ||
            (m->pos.x == m0->pos.x && m->pos.y == m0->pos.y && m->facing == m0->facing) ||
            m->id.id != (uint32_t)i + 1)
            continue;
        const figure *o = ix && isfinite(m->pos.x) && isfinite(m->pos.y)
                              ? blocker_indexed(g->table, t, m, ix, changed, nc)
                              : blocker_of(g->table, t, m);
        if (!o)
            continue;
        char a[80], b[80];
        if (!game_visible(g, cmd->side, o->id)) /* say no more than the mover may know */
            snprintf(reason, size, "%s cannot go there", name_of(m0, a, sizeof a));
        else
            snprintf(reason, size, "%s would end on top of %s: bases may touch but not overlap",
                     name_of(m0, a, sizeof a),
                     name_of(&g->table->figures[o->id.id - 1], b, sizeof b));
        ok = false;
    }
    if (ok) {
        remember_pass(g, cmd, t, rs, rng);
        return true;
    }
    game_place_spare_rs(keep, rs);
    game_place_note(keep, &keep->place_passed.events); /* t holds what they changed */
    game_place_spare(keep, t);
    keep->place_passed.events.count = 0;
    return false;
}

bool game_place_end_free(const game *g, const rules_command *cmd, char *reason, size_t size)
{
    /* The index when it is there already (game_legal built it for this table; the same
     * answer), the scan otherwise: building it for one question costs more than the scan. */
    spatial *ix = g->index_valid && g->index_gen == g->places_gen ? (spatial *)&g->index : NULL;
    return game_place_end_free_ix(g, cmd, ix, reason, size);
}

bool game_place_end_free_ix(const game *g, const rules_command *cmd, spatial *ix, char *reason,
                            size_t size)
{
    if (cmd->kind != RULES_CMD_MOVE || cmd->path_count <= 0)
        return true;
    figure_id moved[RULES_CMD_FIGURES_MAX];
    int nm = moved_figures(g, cmd, moved);
    if (nm <= 0)
        return true;
    const figure *ref = table_figure_const(g->table, moved[0]);
    if (!ref)
        return true;
    vec2s end = cmd->path[cmd->path_count - 1];
    /* A base the mover's side cannot see (cwr's concealed units) does not refuse the drop: a
     * refusal would give it away; the rule set's move stops short at it instead. */
    figure_id ignore[RULES_CMD_FIGURES_MAX + 16];
    memcpy(ignore, moved, (size_t)nm * sizeof *moved);
    int ni = nm;
    figure_id in_way;
    for (;;) {
        in_way = ix ? place_blocker_indexed(ix, g->table, ref->id, end, ref->facing, ignore, ni)
                    : place_blocker(g->table, ref->id, end, ref->facing, ignore, ni);
        if (!in_way.id)
            return true;
        if (game_visible(g, cmd->side, in_way))
            break;
        if (ni == (int)(sizeof ignore / sizeof *ignore))
            return true;
        ignore[ni++] = in_way;
    }
    /* Stacked on him already before moving (a scenario's placement): not this move's doing. */
    const figure *o = table_figure_const(g->table, in_way);
    geom_placed_base now = placed_of(ref), theirs = placed_of(o);
    if (place_bases_overlap(&now, &theirs))
        return true;
    if (reason && size) {
        char a[80], b[80];
        snprintf(reason, size, "%s would end on top of %s: bases may touch but not overlap",
                 name_of(ref, a, sizeof a), name_of(o, b, sizeof b));
    }
    return false;
}
