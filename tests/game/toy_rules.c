#include "toy_rules.h"

#include "core/mem.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define TOY_MOVE_CM  10.0f
#define TOY_RANGE_CM 30.0f
#define TOY_CLOSE_CM 15.0f
#define TOY_REF      "toy rules"

struct rules_state {
    int turn;
    int max_turns;
    uint32_t active; /* side id to act: 1 or 2 */
    int actions;     /* actions taken so far */
};

static rules_state *toy_create(const rules_create_desc *desc, char *err, size_t err_size)
{
    rules_state *rs = mem_calloc(1, sizeof *rs);
    rs->turn = 1;
    rs->active = 1;
    rs->max_turns = 10;
    const json_t *turns = json_object_get(desc->scenario->rules_options, "turns");
    if (turns) {
        if (!json_is_integer(turns) || json_integer_value(turns) < 1) {
            snprintf(err, err_size, "option \"turns\" must be a positive integer");
            free(rs);
            return NULL;
        }
        rs->max_turns = (int)json_integer_value(turns);
    }
    if (desc->table->side_count != 2) {
        snprintf(err, err_size, "needs exactly two sides");
        free(rs);
        return NULL;
    }
    return rs;
}

static void toy_destroy(rules_state *rs)
{
    free(rs);
}

static rules_state *toy_clone(const rules_state *rs)
{
    return mem_dup(rs, 1, sizeof *rs);
}

void toy_clone_into(rules_state *dst, const rules_state *src)
{
    *dst = *src;
}

static void toy_begin(rules_state *rs, rules_ctx *ctx)
{
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_TURN, .value = 1}, TOY_REF, "Turn 1 begins");
}

static int alive(const table *t, uint32_t side_no)
{
    int n = 0;
    for (int i = 0; i < t->figure_count; i++)
        n += t->figures[i].side.id == side_no && table_figure_active(&t->figures[i]);
    return n;
}

static void toy_outcome(const rules_state *rs, const table *t, rules_outcome *out)
{
    int a = alive(t, 1), b = alive(t, 2);
    memset(out, 0, sizeof *out);
    if (a == 0 || b == 0) {
        out->over = true;
        out->winner.id = a ? 1 : b ? 2 : 0;
        snprintf(out->reason, sizeof out->reason, "a side has no figure left");
    } else if (rs->turn > rs->max_turns) {
        out->over = true;
        out->winner.id = a > b ? 1 : b > a ? 2 : 0;
        snprintf(out->reason, sizeof out->reason, "%d turns played", rs->max_turns);
    }
}

static void toy_decision(const rules_state *rs, const table *t, rules_decision *out)
{
    memset(out, 0, sizeof *out);
    out->kind = RULES_DECIDE_ACT;
    out->side.id = rs->active;
    snprintf(out->phase, sizeof out->phase, "action");
    snprintf(out->prompt, sizeof out->prompt, "Side %u: one action", rs->active);
}

static float dist(vec2s a, vec2s b)
{
    return hypotf(a.x - b.x, a.y - b.y);
}

static const figure *own_figure(const rules_state *rs, const table *t, figure_id id)
{
    const figure *f = table_figure_const(t, id);
    return f && f->side.id == rs->active && table_figure_active(f) ? f : NULL;
}

static int need_at(float range)
{
    return range <= TOY_CLOSE_CM ? 4 : 5;
}

static bool check_move(const table *t, const figure *f, const rules_command *cmd, char *reason,
                       size_t size)
{
    if (cmd->path_count != 1) {
        snprintf(reason, size, "a move is one straight stretch");
        return false;
    }
    vec2s to = cmd->path[0];
    if (dist(f->pos, to) > TOY_MOVE_CM + 1e-3f) {
        snprintf(reason, size, "%.1f cm is beyond the 10 cm move", (double)dist(f->pos, to));
        return false;
    }
    if (to.x < 0 || to.y < 0 || to.x > t->width_cm || to.y > t->height_cm) {
        snprintf(reason, size, "off the table");
        return false;
    }
    return true;
}

static bool check_fire(const rules_state *rs, const table *t, const figure *f,
                       const rules_command *cmd, char *reason, size_t size)
{
    const figure *tg = table_figure_const(t, cmd->target);
    if (f->status & FIGURE_STATUS_SHAKEN) {
        snprintf(reason, size, "a shaken figure cannot fire; rally it first");
        return false;
    }
    if (!tg || !table_figure_active(tg) || tg->side.id == rs->active) {
        snprintf(reason, size, "no enemy figure to fire at");
        return false;
    }
    if (dist(f->pos, tg->pos) > TOY_RANGE_CM) {
        snprintf(reason, size, "out of range (%.1f cm > 30 cm)", (double)dist(f->pos, tg->pos));
        return false;
    }
    return true;
}

static bool toy_validate(const rules_state *rs, const table *t, const rules_command *cmd,
                         char *reason, size_t size)
{
    if (cmd->kind == RULES_CMD_END_PHASE)
        return true;
    const figure *f = cmd->figure_count == 1 ? own_figure(rs, t, cmd->figures[0]) : NULL;
    if (cmd->kind != RULES_CMD_MOVE && cmd->kind != RULES_CMD_FIRE &&
        cmd->kind != RULES_CMD_RALLY) {
        snprintf(reason, size, "toy rules know only move, fire, rally and end_phase");
        return false;
    }
    if (!f) {
        snprintf(reason, size, "name one of your own figures still in play");
        return false;
    }
    if (cmd->kind == RULES_CMD_MOVE)
        return check_move(t, f, cmd, reason, size);
    if (cmd->kind == RULES_CMD_FIRE)
        return check_fire(rs, t, f, cmd, reason, size);
    if (!(f->status & FIGURE_STATUS_SHAKEN)) {
        snprintf(reason, size, "the figure is not shaken");
        return false;
    }
    return true;
}

static void resolve_move(rules_ctx *ctx, const figure *f, const rules_command *cmd)
{
    vec2s to = cmd->path[0];
    float facing = atan2f(to.y - f->pos.y, to.x - f->pos.x);
    if (dist(f->pos, to) < 1e-6f)
        facing = f->facing;
    rules_emitf(ctx,
                (rules_event){.kind = RULES_EV_MOVE,
                              .side = f->side,
                              .figure = f->id,
                              .from = f->pos,
                              .pos = to,
                              .facing = facing,
                              .value = (int)lroundf(dist(f->pos, to) * 100)},
                TOY_REF ", move", "%s moves %.1f cm", f->name, (double)dist(f->pos, to));
}

static void resolve_fire(rules_ctx *ctx, const figure *f, const rules_command *cmd)
{
    const figure *tg = table_figure_const(ctx->table, cmd->target);
    int need = need_at(dist(f->pos, tg->pos));
    int g = rules_roll_group(ctx);
    int face = rules_roll(ctx, 6, need, "to_hit", f->id, g, TOY_REF ", fire");
    if (face < need)
        return;
    int effect = rules_roll(ctx, 6, 5, "effect", tg->id, g, TOY_REF ", fire: effect");
    rules_emitf(
        ctx,
        (rules_event){
            .kind = RULES_EV_HIT, .figure = tg->id, .other = f->id, .side = tg->side, .value = 1},
        TOY_REF ", fire", "%s hits %s", f->name, tg->name);
    if (effect >= 5 || (tg->status & FIGURE_STATUS_SHAKEN))
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_REMOVE, .figure = tg->id, .side = tg->side},
                    TOY_REF ", fire: effect", "%s is killed", tg->name);
    else
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_STATUS,
                                  .figure = tg->id,
                                  .side = tg->side,
                                  .status_set = FIGURE_STATUS_SHAKEN},
                    TOY_REF ", fire: effect", "%s is shaken", tg->name);
}

static void resolve_rally(rules_ctx *ctx, const figure *f)
{
    if (rules_roll(ctx, 6, 4, "rally", f->id, rules_roll_group(ctx), TOY_REF ", rally") >= 4)
        rules_emitf(ctx,
                    (rules_event){.kind = RULES_EV_STATUS,
                                  .figure = f->id,
                                  .side = f->side,
                                  .status_clear = FIGURE_STATUS_SHAKEN},
                    TOY_REF ", rally", "%s rallies", f->name);
}

static void toy_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const figure *f = cmd->figure_count ? table_figure_const(ctx->table, cmd->figures[0]) : NULL;
    if (cmd->kind == RULES_CMD_MOVE)
        resolve_move(ctx, f, cmd);
    else if (cmd->kind == RULES_CMD_FIRE)
        resolve_fire(ctx, f, cmd);
    else if (cmd->kind == RULES_CMD_RALLY)
        resolve_rally(ctx, f);
    uint32_t next = rs->active == 1 ? 2 : 1;
    rules_emitf(ctx, (rules_event){.kind = RULES_EV_ACTIVATE, .side.id = next}, TOY_REF,
                "Side %u to act", next);
    if (next == 1)
        rules_emitf(ctx, (rules_event){.kind = RULES_EV_TURN, .value = rs->turn + 1}, TOY_REF,
                    "Turn %d begins", rs->turn + 1);
}

static void toy_apply(rules_state *rs, const table *t, const rules_event *ev)
{
    if (ev->kind == RULES_EV_ACTIVATE) {
        rs->active = ev->side.id;
        rs->actions++;
    } else if (ev->kind == RULES_EV_TURN) {
        rs->turn = ev->value;
    }
}

static void toy_hash(const rules_state *rs, rules_hasher *hs)
{
    rules_hash_i32(hs, rs->turn);
    rules_hash_i32(hs, rs->max_turns);
    rules_hash_u32(hs, rs->active);
    rules_hash_i32(hs, rs->actions);
}

static int toy_turn(const rules_state *rs)
{
    return rs->turn;
}

static bool toy_reach(const rules_state *rs, const table *t, const rules_command *move, vec2s dir,
                      rules_reach *out)
{
    const figure *f = move->figure_count ? table_figure_const(t, move->figures[0]) : NULL;
    if (!f)
        return false;
    float d = TOY_MOVE_CM;
    /* Stop at the table's edge. */
    if (dir.x > 0)
        d = fminf(d, (t->width_cm - f->pos.x) / dir.x);
    if (dir.x < 0)
        d = fminf(d, -f->pos.x / dir.x);
    if (dir.y > 0)
        d = fminf(d, (t->height_cm - f->pos.y) / dir.y);
    if (dir.y < 0)
        d = fminf(d, -f->pos.y / dir.y);
    d = fmaxf(d, 0);
    out->max_cm = out->sure_cm = d;
    out->allowance_cm = TOY_MOVE_CM;
    out->stop = (vec2s){{f->pos.x + dir.x * d, f->pos.y + dir.y * d}};
    snprintf(out->limit, sizeof out->limit, d < TOY_MOVE_CM ? "table edge" : "10 cm allowance");
    return true;
}

static rules_target target_of(const figure *f, const figure *tg)
{
    rules_target r = {.figure = tg->id, .unit = tg->unit, .dice = 1};
    r.range_cm = dist(f->pos, tg->pos);
    r.need = need_at(r.range_cm);
    r.p_hit = (7 - r.need) / 6.0f;
    r.expected_hits = r.p_hit;
    r.expected_kills = r.p_hit * ((tg->status & FIGURE_STATUS_SHAKEN) ? 1.0f : 2.0f / 6.0f);
    snprintf(r.band, sizeof r.band, r.need == 4 ? "close" : "long");
    return r;
}

static int toy_targets(const rules_state *rs, const table *t, const rules_command *fire,
                       rules_target *out, int max)
{
    const figure *f = fire->figure_count ? own_figure(rs, t, fire->figures[0]) : NULL;
    int n = 0;
    if (!f || (f->status & FIGURE_STATUS_SHAKEN))
        return 0;
    for (int i = 0; i < t->figure_count && n < max; i++) {
        const figure *tg = &t->figures[i];
        if (tg->side.id != rs->active && table_figure_active(tg) &&
            dist(f->pos, tg->pos) <= TOY_RANGE_CM)
            out[n++] = target_of(f, tg);
    }
    return n;
}

static const figure *nearest_enemy(const rules_state *rs, const table *t, const figure *f)
{
    const figure *best = NULL;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *e = &t->figures[i];
        if (e->side.id != rs->active && table_figure_active(e) &&
            (!best || dist(f->pos, e->pos) < dist(f->pos, best->pos)))
            best = e;
    }
    return best;
}

static rules_command one(const rules_state *rs, rules_command_kind kind, const figure *f)
{
    rules_command c = {.kind = kind, .side.id = rs->active, .figure_count = 1};
    c.figures[0] = f->id;
    return c;
}

/* Full moves toward the nearest enemy and in the four table directions. */
static int legal_moves(const rules_state *rs, const table *t, const figure *f, rules_command *out,
                       int max)
{
    const figure *e = nearest_enemy(rs, t, f);
    vec2s dirs[5] = {{{1, 0}}, {{-1, 0}}, {{0, 1}}, {{0, -1}}, {{0, 0}}};
    int nd = 4, n = 0;
    if (e && dist(f->pos, e->pos) > 1e-3f) {
        float d = dist(f->pos, e->pos);
        dirs[nd++] = (vec2s){{(e->pos.x - f->pos.x) / d, (e->pos.y - f->pos.y) / d}};
    }
    for (int k = 0; k < nd && n < max; k++) {
        rules_reach r;
        rules_command c = one(rs, RULES_CMD_MOVE, f);
        if (!toy_reach(rs, t, &c, dirs[k], &r) || r.max_cm < 0.5f)
            continue;
        c.path_count = 1;
        c.path[0] = r.stop;
        out[n++] = c;
    }
    return n;
}

static int toy_legal(const rules_state *rs, const table *t, rules_command *out, int max)
{
    int n = 0;
    for (int i = 0; i < t->figure_count && n < max; i++) {
        const figure *f = own_figure(rs, t, t->figures[i].id);
        if (!f)
            continue;
        rules_target tg[64];
        rules_command probe = one(rs, RULES_CMD_FIRE, f);
        int nt = toy_targets(rs, t, &probe, tg, 64);
        for (int k = 0; k < nt && n < max; k++) {
            out[n] = probe;
            out[n++].target = tg[k].figure;
        }
        if ((f->status & FIGURE_STATUS_SHAKEN) && n < max)
            out[n++] = one(rs, RULES_CMD_RALLY, f);
        n += legal_moves(rs, t, f, out + n, max - n);
    }
    if (n < max)
        out[n++] = (rules_command){.kind = RULES_CMD_END_PHASE, .side.id = rs->active};
    return n;
}

static int toy_actions(const rules_state *rs, const table *t, figure_id fig, rules_action *out,
                       int max)
{
    static const rules_command_kind kinds[] = {RULES_CMD_MOVE, RULES_CMD_FIRE, RULES_CMD_RALLY};
    const figure *f = own_figure(rs, t, fig);
    int n = 0;
    for (int k = 0; k < 3 && n < max && f; k++) {
        rules_action *a = &out[n++];
        memset(a, 0, sizeof *a);
        a->kind = kinds[k];
        snprintf(a->label, sizeof a->label, "%s", rules_command_kind_name(kinds[k]));
        rules_target tg[64];
        rules_command probe = one(rs, kinds[k], f);
        a->enabled = true;
        if (kinds[k] == RULES_CMD_FIRE && toy_targets(rs, t, &probe, tg, 64) == 0) {
            a->enabled = false;
            snprintf(a->reason, sizeof a->reason,
                     (f->status & FIGURE_STATUS_SHAKEN) ? "shaken" : "no enemy within 30 cm");
        } else if (kinds[k] == RULES_CMD_RALLY && !(f->status & FIGURE_STATUS_SHAKEN)) {
            a->enabled = false;
            snprintf(a->reason, sizeof a->reason, "not shaken");
        }
    }
    return n;
}

static const rules_view_ops toy_view_ops = {
    .actions = toy_actions,
    .reach = toy_reach,
    .targets = toy_targets,
};

const rules_ops toy_rules_ops = {
    .id = "toy",
    .name = "Toy rules (tests only)",
    .seed = "none",
    .create = toy_create,
    .destroy = toy_destroy,
    .clone = toy_clone,
    .begin = toy_begin,
    .decision = toy_decision,
    .legal = toy_legal,
    .validate = toy_validate,
    .resolve = toy_resolve,
    .apply = toy_apply,
    .hash = toy_hash,
    .outcome = toy_outcome,
    .turn = toy_turn,

    .view = &toy_view_ops,
};
