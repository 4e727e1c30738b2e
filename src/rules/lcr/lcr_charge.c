/* Little Colonial Rules: the charge. See lcr_charge.h. */
#include "rules/lcr/lcr_charge.h"

#include "core/path.h"
#include "rules/lcr/lcr_move.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define REF_CHARGE LCR_REF " — Close Combat: charge into contact"

static float edge_gap_at(const figure *f, vec2s at, const figure *e)
{
    geom_placed_base a = {f->base, at, f->facing}, b = {e->base, e->pos, e->facing};
    return (float)geom_base_edge_distance(&a, &b);
}

/* The path of a charger: where it stands, then the command's waypoints shifted by its offset
 * from the leader. Returns the point count. */
static int charger_path(const table *t, const rules_command *cmd, const figure *f, vec2s *pts)
{
    const figure *lead = table_figure_const(t, cmd->figures[0]);
    vec2s off = glms_vec2_sub(f->pos, lead->pos);
    int n = cmd->path_count < RULES_CMD_PATH_MAX ? cmd->path_count : RULES_CMD_PATH_MAX;
    pts[0] = f->pos;
    for (int k = 0; k < n; k++)
        pts[k + 1] = glms_vec2_add(cmd->path[k], off);
    return n + 1;
}

static bool check_charger(const rules_state *rs, const table *t, const rules_command *cmd,
                          const figure *f, char *why, size_t size)
{
    if (!lcr_may_act(rs, t, f->id, why, size))
        return false;
    vec2s pts[RULES_CMD_PATH_MAX + 1];
    int n = charger_path(t, cmd, f, pts);
    for (int k = 1; k < n; k++)
        if (pts[k].x < 0 || pts[k].y < 0 || pts[k].x > t->width_cm || pts[k].y > t->height_cm)
            return lcr_refuse(why, size, "the charge ends off the table");
    const lcr_move_class *mc = lcr_move_class_of(rs->data, f);
    if (!lcr_move_check_turns(mc, f->pos, pts + 1, n - 1, size ? lcr_name(t, f->id) : "", why,
                              size))
        return false;
    if (mc->must_move_all)
        return true; /* raw riders go the whole roll: the path gives the direction */
    path_desc pd = lcr_path_desc(rs);
    path_result res;
    lcr_path_cost(rs, t, &pd, pts, n, mc->max_cm / lcr_hook_move_factor(rs, f), &res);
    if (res.stop == PATH_STOP_END)
        return true;
    lcr_why(why, size, "%s cannot charge so far: %s", lcr_name(t, f->id),
            res.stop == PATH_STOP_IMPASSABLE ? "impassable terrain"
                                             : "beyond the best roll over this terrain");
    return false;
}

bool lcr_charge_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *why,
                         size_t size)
{
    if (cmd->figure_count < 1 || cmd->path_count < 1)
        return lcr_refuse(why, size, "a charge names its chargers, its target and its path");
    const figure *target = table_figure_const(t, cmd->target);
    if (!target || !table_figure_active(target) || target->side.id == rs->acting_side.id)
        return lcr_refuse(why, size, "the target of a charge must be an enemy figure in play");
    const figure *lead = table_figure_const(t, cmd->figures[0]);
    if (!lead)
        return lcr_refuse(why, size, "unknown figure");
    int blocker = -1;
    if (lcr_hidden(rs, t, lead->pos, table_posture_eye_ft(lead->posture), target, &blocker)) {
        lcr_why(why, size, "%s cannot see the target of his charge (%s in the way)",
                lcr_name(t, lead->id),
                blocker >= 0 ? t->types[t->features[blocker].type].name : "terrain");
        return false;
    }
    if (edge_gap_at(lead, cmd->path[cmd->path_count - 1], target) > rs->data->contact_cm + 1e-3f) {
        lcr_why(why, size, "the charge must end within %.1f cm of %s", rs->data->contact_cm,
                lcr_name(t, target->id));
        return false;
    }
    for (int i = 0; i < cmd->figure_count; i++) {
        for (int j = 0; j < i; j++)
            if (cmd->figures[j].id == cmd->figures[i].id)
                return lcr_refuse(why, size, "a figure is named twice");
        const figure *f = table_figure_const(t, cmd->figures[i]);
        if (!f)
            return lcr_refuse(why, size, "unknown figure");
        if (!check_charger(rs, t, cmd, f, why, size))
            return false;
    }
    return true;
}

void lcr_charge_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const table *t = ctx->table;
    char text[200];
    snprintf(text, sizeof text, "%d figure%s charge %s", cmd->figure_count,
             cmd->figure_count == 1 ? "" : "s", lcr_name(t, cmd->target));
    rules_event ev = {.kind = RULES_EV_NOTE, .figure = cmd->figures[0], .other = cmd->target};
    lcr_emit_text(ctx, ev, REF_CHARGE, text);
    for (int i = 0; i < cmd->figure_count; i++) {
        const figure *f = table_figure_const(t, cmd->figures[i]);
        vec2s pts[RULES_CMD_PATH_MAX + 1];
        int n = charger_path(t, cmd, f, pts);
        lcr_move_figure(rs, ctx, f->id, pts, n);
        bool home = (rs->flags[f->id.id - 1] & LCR_FF_ENGAGED) != 0;
        snprintf(text, sizeof text, "%s %s", lcr_name(t, f->id),
                 home ? "strikes home: the close combat is fought when the activation ends"
                      : "falls short: the roll did not carry him into contact");
        rules_event note = {.kind = RULES_EV_NOTE, .figure = f->id, .other = cmd->target};
        lcr_emit_text(ctx, note, REF_CHARGE, text);
    }
}

/* The largest base radius among the enemies of side sd (0 when none). */
static float enemy_radius_max(const table *t, side_id sd)
{
    float r = 0;
    for (int i = 0; i < t->figure_count; i++)
        if (t->figures[i].side.id != sd.id)
            r = fmaxf(r, t->figures[i].base.radius_cm);
    return r;
}

int lcr_charge_legal(const rules_state *rs, const table *t, side_id sd, rules_command *out, int max)
{
    int n = 0;
    float enemy_r = -1; /* not asked yet */
    for (int i = lcr_activated_next(rs, t, -1); i >= 0 && n < max;
         i = lcr_activated_next(rs, t, i)) {
        const figure *f = &t->figures[i];
        if (!(rs->flags[i] & LCR_FF_ACTIVATED) || f->side.id != sd.id || !lcr_move_is_mounted(f) ||
            !lcr_may_act(rs, t, f->id, NULL, 0))
            continue;
        const lcr_move_class *mc = lcr_move_class_of(rs->data, f);
        float sure = (mc->base_cm + (float)mc->dice) / lcr_hook_move_factor(rs, f);
        if (enemy_r < 0)
            enemy_r = enemy_radius_max(t, sd);
        /* A nearest enemy in sight further than the surest roll and the widest gap (and a
         * centimetre for rounding) gets no charge: the search looks no further. */
        float reach = sure + f->base.radius_cm + enemy_r + 0.5f * rs->data->contact_cm + 1.0f;
        const figure *e = table_figure_const(t, lcr_nearest_enemy_within(rs, t, sd, f->pos, reach));
        if (!e)
            continue;
        vec2s d = glms_vec2_sub(e->pos, f->pos);
        float dist = glms_vec2_norm(d);
        float gap = f->base.radius_cm + e->base.radius_cm + 0.5f * rs->data->contact_cm;
        if (dist <= gap + 0.1f || dist - gap > sure)
            continue; /* offered only where the smallest roll strikes home over clear ground */
        rules_command c = {.kind = RULES_CMD_CHARGE, .side = sd, .target = e->id, .path_count = 1};
        rules_command_add_figure(&c, f->id);
        c.path[0] = glms_vec2_add(f->pos, glms_vec2_scale(d, (dist - gap) / dist));
        out[n++] = c;
    }
    return n;
}

/* The distribution of the sum of the move class's dice (summed exactly): dist[s] for s in
 * 0..*top. Each die's pass reads and writes only the sums it can reach. */
typedef struct charge_dice {
    double dist[LCR_MOVE_DICE_MAX * 100 + 1];
    int top;
} charge_dice;

static void charge_dice_of(const lcr_move_class *mc, charge_dice *ds)
{
    ds->dist[0] = 1.0;
    ds->top = 0;
    double next[LCR_MOVE_DICE_MAX * 100 + 1];
    for (int d = 0; d < mc->dice && d < LCR_MOVE_DICE_MAX && mc->sides <= 100; d++) {
        if (mc->sides <= 0) {  /* no face to roll: every chance 0, the top runs down */
            ds->dist[0] = 0.0; /* the one sum read from here on (top <= 0) */
            ds->top += mc->sides;
            continue;
        }
        int reach = ds->top + mc->sides;
        memset(next, 0, (size_t)(reach + 1) * sizeof *next);
        for (int s = 0; s <= ds->top; s++)
            for (int f = 1; f <= mc->sides; f++)
                next[s + f] += ds->dist[s] / mc->sides;
        ds->top = reach;
        memcpy(ds->dist, next, (size_t)(reach + 1) * sizeof *next);
    }
}

/* Chance that base + dice x d(sides) reaches `cost` cm. */
static float chance_to_reach(const charge_dice *ds, const lcr_move_class *mc, float factor,
                             float cost)
{
    double p = 0;
    for (int s = 0; s <= ds->top; s++) {
        float cm = fminf(mc->base_cm + (float)s, mc->max_cm) / factor;
        p += cm + 1e-4f >= cost ? ds->dist[s] : 0;
    }
    return (float)p;
}

int lcr_charge_targets(const rules_state *rs, const table *t, const rules_command *charge,
                       rules_target *out, int max)
{
    const figure *lead =
        charge->figure_count > 0 ? table_figure_const(t, charge->figures[0]) : NULL;
    if (!lead)
        return 0;
    const lcr_move_class *mc = lcr_move_class_of(rs->data, lead);
    float factor = lcr_hook_move_factor(rs, lead);
    path_desc pd = lcr_path_desc(rs);
    charge_dice ds;
    bool summed = false;
    int n = 0;
    for (int i = 0; i < t->figure_count && n < max; i++) {
        const figure *e = &t->figures[i];
        if (e->side.id == lead->side.id || !table_figure_active(e))
            continue;
        vec2s d = glms_vec2_sub(e->pos, lead->pos);
        float dist = glms_vec2_norm(d);
        float gap = lead->base.radius_cm + e->base.radius_cm + rs->data->contact_cm;
        /* beyond the most the dice can give first: sight is dearer to ask (either drops him) */
        if (dist <= gap || dist - gap > mc->max_cm / factor ||
            lcr_hidden(rs, t, lead->pos, table_posture_eye_ft(lead->posture), e, NULL))
            continue;
        vec2s pts[2] = {lead->pos,
                        glms_vec2_add(lead->pos, glms_vec2_scale(d, (dist - gap) / dist))};
        path_result res;
        lcr_path_cost(rs, t, &pd, pts, 2, 1e6f, &res);
        if (res.stop != PATH_STOP_END)
            continue;
        if (!summed) /* the same for every target: summed once */
            charge_dice_of(mc, &ds);
        summed = true;
        float p = chance_to_reach(&ds, mc, factor, res.spent_cm);
        if (p <= 0)
            continue;
        rules_target *tg = &out[n++];
        *tg = (rules_target){.figure = e->id, .unit = e->unit, .range_cm = dist, .dice = mc->dice};
        /* The close combat after contact is taken as even odds: one dies either way. */
        tg->p_hit = p;
        tg->expected_hits = p;
        tg->expected_kills = 0.5f * p;
        lcr_copy(tg->band, sizeof tg->band, "charge");
        snprintf(tg->note, sizeof tg->note,
                 "charge: strikes home %.0f%% of the time (%.1f cm to contact), then close combat",
                 100.0 * p, res.spent_cm);
    }
    return n;
}
