/* Validation and the queries of the tiny rule set: what may be done now and why not, the legal
 * commands for the bot, how far a unit may move, and the targets with their odds. */
#include "rules/tiny/tiny_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static unit_id cmd_unit(const table *t, const rules_command *cmd)
{
    if (cmd->unit.id)
        return cmd->unit;
    const figure *f = cmd->figure_count ? table_figure_const(t, cmd->figures[0]) : NULL;
    return f ? f->unit : (unit_id){0};
}

static unit_id cmd_target(const table *t, const rules_command *cmd)
{
    if (cmd->target_unit.id)
        return cmd->target_unit;
    const figure *f = table_figure_const(t, cmd->target);
    return f ? f->unit : (unit_id){0};
}

static bool own_troop_unit(const rules_state *rs, const table *t, unit_id u, char *reason,
                           size_t size)
{
    const unit *un = table_unit_const(t, u);
    if (!un || un->side.id != rs->active.id || !tiny_is_troop_unit(t, u)) {
        snprintf(reason, size, "name one of your units");
        return false;
    }
    if (tiny_unit_lost(rs, t, u)) {
        snprintf(reason, size, "%s is no longer on the table", un->name);
        return false;
    }
    return true;
}

/* ---- validation per command -------------------------------------------------------------------
 */

static bool validate_move(const rules_state *rs, const table *t, const rules_command *cmd,
                          char *reason, size_t size)
{
    tiny_plan p;
    if (!tiny_plan_move(rs, t, cmd, &p, reason, size))
        return false;
    if (p.count && tiny_is_commander(table_figure_const(t, p.fig[0])))
        return true;
    tiny_order o;
    return tiny_order_check(rs, t, cmd, cmd->unit.id ? cmd->unit : cmd_unit(t, cmd), &o, reason,
                            size);
}

/* An order to a formed brigade (seed 003, C: one order moves, shoots or rallies a unit or a
 * Formed Brigade): the group, with the reason when there is none. */
static int brigade_group(const rules_state *rs, const table *t, unit_id b, bool rally,
                         unit_id *group, char *reason, size_t size)
{
    const unit *un = table_unit_const(t, b);
    if (!un || un->side.id != rs->active.id) {
        snprintf(reason, size, "name one of your units or brigades");
        return 0;
    }
    int n = tiny_formed_group(rs, t, b, rally, group);
    if (n < 2)
        snprintf(reason, size,
                 "%s has no formed brigade: two or more adjacent units side by side or in column",
                 un->name);
    return n < 2 ? 0 : n;
}

static bool brigade_order(const rules_state *rs, const table *t, const rules_command *cmd,
                          unit_id b, char *reason, size_t size)
{
    tiny_order o;
    rules_command c = *cmd;
    c.unit = b;
    return tiny_order_check(rs, t, &c, b, &o, reason, size);
}

/* A formed brigade shoots when at least one of its units has the target in reach. */
static bool validate_brigade_fire(const rules_state *rs, const table *t, const rules_command *cmd,
                                  unit_id b, char *reason, size_t size)
{
    unit_id group[64];
    int n = brigade_group(rs, t, b, false, group, reason, size);
    bool any = false;
    for (int i = 0; i < n && !any; i++) {
        tiny_fire_plan fp;
        any = tiny_plan_fire(rs, t, group[i], cmd_target(t, cmd), &fp, reason, size);
    }
    return any && brigade_order(rs, t, cmd, b, reason, size);
}

/* A unit of a formed brigade that has something to rally from. */
bool tiny_rally_needed(const rules_state *rs, const table *t, unit_id u)
{
    return rs->units[u.id - 1].hits > rs->data->last_hits_kept || tiny_unit_must_rally(t, u);
}

static bool validate_brigade_rally(const rules_state *rs, const table *t, const rules_command *cmd,
                                   unit_id b, char *reason, size_t size)
{
    unit_id group[64];
    int n = brigade_group(rs, t, b, true, group, reason, size);
    bool any = false;
    for (int i = 0; i < n; i++)
        any |= tiny_rally_needed(rs, t, group[i]);
    if (n && !any)
        snprintf(reason, size, "no unit of %s's formed brigade has anything to rally from",
                 table_unit_const(t, b)->name);
    return any && brigade_order(rs, t, cmd, b, reason, size);
}

static bool validate_fire(const rules_state *rs, const table *t, const rules_command *cmd,
                          char *reason, size_t size)
{
    unit_id u = cmd_unit(t, cmd);
    if (tiny_is_brigade(t, u))
        return validate_brigade_fire(rs, t, cmd, u, reason, size);
    if (!own_troop_unit(rs, t, u, reason, size))
        return false;
    tiny_fire_plan fp;
    if (!tiny_plan_fire(rs, t, u, cmd_target(t, cmd), &fp, reason, size))
        return false;
    if (rs->units[u.id - 1].flags & TINY_U_ORDERED)
        return true; /* light infantry or battalion guns shooting after their move */
    tiny_order o;
    return tiny_order_check(rs, t, cmd, u, &o, reason, size);
}

static bool validate_charge(const rules_state *rs, const table *t, const rules_command *cmd,
                            char *reason, size_t size)
{
    unit_id u = cmd_unit(t, cmd);
    tiny_plan p;
    if (tiny_is_brigade(t, u))
        return tiny_plan_brigade_charge(rs, t, u, cmd_target(t, cmd), &p, reason, size) &&
               brigade_order(rs, t, cmd, u, reason, size);
    if (!own_troop_unit(rs, t, u, reason, size))
        return false;
    if (!tiny_plan_charge(rs, t, u, cmd_target(t, cmd), false, &p, reason, size))
        return false;
    tiny_order o;
    return tiny_order_check(rs, t, cmd, u, &o, reason, size);
}

static bool validate_rally(const rules_state *rs, const table *t, const rules_command *cmd,
                           char *reason, size_t size)
{
    unit_id u = cmd_unit(t, cmd);
    if (tiny_is_brigade(t, u))
        return validate_brigade_rally(rs, t, cmd, u, reason, size);
    if (!own_troop_unit(rs, t, u, reason, size))
        return false;
    const unit *un = table_unit_const(t, u);
    if (rs->units[u.id - 1].flags & TINY_U_ORDERED) {
        snprintf(reason, size, "%s has already had its order this turn", un->name);
        return false;
    }
    if (rs->units[u.id - 1].hits <= rs->data->last_hits_kept && !tiny_unit_must_rally(t, u)) {
        snprintf(reason, size, "%s has nothing to rally from (the last hit never comes off)",
                 un->name);
        return false;
    }
    tiny_order o;
    rules_command c = *cmd;
    c.unit = u;
    return tiny_order_check(rs, t, &c, u, &o, reason, size);
}

static bool validate_formation(const rules_state *rs, const table *t, const rules_command *cmd,
                               char *reason, size_t size)
{
    unit_id u = cmd_unit(t, cmd);
    if (!own_troop_unit(rs, t, u, reason, size) ||
        !tiny_check_formation(rs, t, u, cmd->option, reason, size))
        return false;
    tiny_order o;
    rules_command c = *cmd;
    c.unit = u;
    return tiny_order_check(rs, t, &c, u, &o, reason, size);
}

/* validate() once the game is known not to be over (legal() asks the outcome once). */
static bool validate_live(const rules_state *rs, const table *t, const rules_command *cmd,
                          char *reason, size_t size)
{
    rules_decision d;
    tiny_rules_ops.decision(rs, t, &d);
    if (cmd->side.id && cmd->side.id != d.side.id) {
        snprintf(reason, size, "it is %s's decision", table_side(t, d.side)->name);
        return false;
    }
    rules_command_kind k = cmd->kind;
    if (d.kind == RULES_DECIDE_REACT) {
        if (k == RULES_CMD_EVADE || k == RULES_CMD_PASS)
            return true;
        snprintf(reason, size, "%s first: evade or stand (pass)",
                 table_unit_const(t, rs->react_unit)->name);
        return false;
    }
    if (d.kind == RULES_DECIDE_ROLL_ORDERS) {
        if (k == RULES_CMD_ROLL_ORDERS)
            return true;
        snprintf(reason, size, "roll the order dice first (Tiny Soldiers \u2014 B: Sequence)");
        return false;
    }
    switch (k) {
    case RULES_CMD_END_PHASE:
        return true;
    case RULES_CMD_MOVE:
    case RULES_CMD_WHEEL:
        return validate_move(rs, t, cmd, reason, size);
    case RULES_CMD_FIRE:
        return validate_fire(rs, t, cmd, reason, size);
    case RULES_CMD_CHARGE:
        return validate_charge(rs, t, cmd, reason, size);
    case RULES_CMD_RALLY:
        return validate_rally(rs, t, cmd, reason, size);
    case RULES_CMD_FORMATION:
        return validate_formation(rs, t, cmd, reason, size);
    default:
        snprintf(
            reason, size,
            "Tiny Soldiers orders units to move, wheel, shoot, charge, rally or change formation, "
            "then ends the phase");
        return false;
    }
}

bool tiny_validate(const rules_state *rs, const table *t, const rules_command *cmd, char *reason,
                   size_t size)
{
    rules_outcome oc;
    tiny_rules_ops.outcome(rs, t, &oc);
    if (oc.over) {
        snprintf(reason, size, "the game is over: %s", oc.reason);
        return false;
    }
    return validate_live(rs, t, cmd, reason, size);
}

/* ---- legal commands (for the bot) ---------------------------------------------------------------
 */

typedef struct legal_list {
    rules_command *out;
    int n, max;
} legal_list;

static void try_add(const rules_state *rs, const table *t, legal_list *l, const rules_command *c)
{
    char why[160];
    if (l->n < l->max && validate_live(rs, t, c, why, sizeof why))
        l->out[l->n++] = *c;
}

/* The radius of a circle about g's centre holding all its stands. */
static float unit_radius(const table *t, const tiny_unit_geom *g)
{
    float r = 0;
    for (int i = 0; i < g->count; i++) {
        const figure *f = table_figure_const(t, g->stands[i]);
        r = fmaxf(r, (float)geom_point_distance(f->pos, g->centre) + tiny_stand_radius(f));
    }
    return r;
}

static bool nearest_enemy(const rules_state *rs, const table *t, const tiny_unit_geom *g,
                          side_id own, tiny_unit_geom *eg, float *gap)
{
    (void)rs;
    *gap = INFINITY;
    bool found = false;
    float rg = unit_radius(t, g);
    for (int i = 0; i < t->unit_count; i++) {
        tiny_unit_geom e;
        if (t->units[i].side.id == own.id || !tiny_unit_geom_of(t, t->units[i].id, &e))
            continue;
        /* bounding circles: a unit that cannot be nearer than the best so far is skipped */
        float lower = (float)geom_point_distance(g->centre, e.centre) - rg - unit_radius(t, &e);
        if (lower > *gap + 1e-3f)
            continue;
        float d = tiny_unit_gap_cm(t, g, &e);
        if (d < *gap) {
            *gap = d;
            *eg = e;
            found = true;
        }
    }
    return found;
}

static void add_moves(const rules_state *rs, const table *t, legal_list *l, unit_id u,
                      float allowance)
{
    tiny_unit_geom g, e;
    float gap;
    side_id own = table_unit_const(t, u)->side;
    if (!tiny_unit_geom_of(t, u, &g) || !nearest_enemy(rs, t, &g, own, &e, &gap))
        return;
    vec2s ref = table_figure_const(t, g.stands[0])->pos;
    vec2s to = {{e.centre.x - g.centre.x, e.centre.y - g.centre.y}};
    float len = hypotf(to.x, to.y);
    if (len < 1e-3f)
        return;
    vec2s dir = {{to.x / len, to.y / len}};
    float room = gap - tiny_cm(rs, 1.5f);
    static const float fractions[] = {1.0f, 0.6f, 0.3f};
    for (int k = 0; k < 3; k++) {
        float d = fminf(allowance, room) * fractions[k];
        if (d < tiny_cm(rs, 0.5f))
            break;
        rules_command c = {.kind = RULES_CMD_MOVE, .side = own, .unit = u, .path_count = 1};
        c.path[0] = (vec2s){{ref.x + dir.x * d, ref.y + dir.y * d}};
        int before = l->n;
        try_add(rs, t, l, &c);
        if (l->n > before)
            break;
    }
    /* Turn to face the enemy when it is outside the frontal zone. */
    if (!tiny_partly_in_frontal_zone(t, &g, tiny_zone_deg(rs), &e)) {
        rules_command c = {.kind = RULES_CMD_MOVE,
                           .side = own,
                           .unit = u,
                           .face_set = true,
                           .facing = geom_angle_of(dir)};
        try_add(rs, t, l, &c);
    }
}

static void add_unit_commands(const rules_state *rs, const table *t, legal_list *l, unit_id u)
{
    side_id own = rs->active;
    const tiny_troop *tr = tiny_troop_of(rs, t, u);
    rules_command c = {.kind = RULES_CMD_RALLY, .side = own, .unit = u};
    try_add(rs, t, l, &c);
    /* Beyond its longest shot and its full move (bounding circles) a unit can neither shoot
     * at nor charge an enemy: skip the validation. */
    tiny_unit_geom ug, eg;
    float reach = tr ? tiny_allowance_cm(rs, t, u, tr) : 0;
    if (tr && tr->band_count)
        reach = fmaxf(reach, tiny_cm(rs, tr->bands[tr->band_count - 1].range_in));
    bool placed = tiny_unit_geom_of(t, u, &ug);
    for (int i = 0; i < t->unit_count; i++) {
        unit_id e = t->units[i].id;
        if (t->units[i].side.id == own.id || !tiny_is_troop_unit(t, e) || tiny_unit_lost(rs, t, e))
            continue;
        if (placed && tiny_unit_geom_of(t, e, &eg) &&
            geom_point_distance(ug.centre, eg.centre) > hypotf(ug.half_width, ug.half_depth) +
                                                            hypotf(eg.half_width, eg.half_depth) +
                                                            reach + 1.0f)
            continue;
        c = (rules_command){.kind = RULES_CMD_FIRE, .side = own, .unit = u, .target_unit = e};
        try_add(rs, t, l, &c);
        c.kind = RULES_CMD_CHARGE;
        try_add(rs, t, l, &c);
    }
    if (tr)
        add_moves(rs, t, l, u, tiny_allowance_cm(rs, t, u, tr));
    /* Guns limber to move and deploy to shoot; infantry forms column to march, line to fight. */
    tiny_unit_geom g, e;
    float gap = INFINITY;
    if (tiny_unit_geom_of(t, u, &g))
        nearest_enemy(rs, t, &g, own, &e, &gap);
    const char *to = NULL;
    const char *cur = tiny_formation_of(rs, t, u);
    if (tr && tr->limber == TINY_LIMBER_MOVE)
        to = strcmp(cur, "limbered") == 0                                              ? "deployed"
             : gap > tiny_cm(rs, tr->bands[tr->band_count - 1].range_in + tr->move_in) ? "limbered"
                                                                                       : NULL;
    else if (tr && tr->column_bonus_in > 0)
        to = strcmp(cur, "column") == 0 && gap < tiny_cm(rs, 12) ? "line"
             : strcmp(cur, "line") == 0 && gap > tiny_cm(rs, 30) ? "column"
                                                                 : NULL;
    if (to) {
        c = (rules_command){.kind = RULES_CMD_FORMATION, .side = own, .unit = u};
        snprintf(c.option, sizeof c.option, "%s", to);
        try_add(rs, t, l, &c);
    }
}

static void add_brigade_moves(const rules_state *rs, const table *t, legal_list *l, unit_id b)
{
    tiny_unit_geom g, e;
    float gap = INFINITY;
    side_id own = rs->active;
    for (int i = 0; i < t->unit_count; i++)
        if (t->units[i].parent.id == b.id && tiny_unit_geom_of(t, t->units[i].id, &g))
            break;
    if (!g.count || !nearest_enemy(rs, t, &g, own, &e, &gap))
        return;
    vec2s ref = table_figure_const(t, g.stands[0])->pos;
    vec2s dir = geom_dir(g.facing);
    float d = fminf(tiny_cm(rs, 6), gap - tiny_cm(rs, 2));
    if (d < tiny_cm(rs, 0.5f))
        return;
    rules_command c = {.kind = RULES_CMD_MOVE, .side = own, .unit = b, .path_count = 1};
    c.path[0] = (vec2s){{ref.x + dir.x * d, ref.y + dir.y * d}};
    try_add(rs, t, l, &c);
}

/* One order shoots, charges or rallies the formed brigade (at the nearest enemy unit). */
static void add_brigade_orders(const rules_state *rs, const table *t, legal_list *l, unit_id b)
{
    tiny_unit_geom g = {0}, e;
    float gap = INFINITY;
    side_id own = rs->active;
    rules_command c = {.kind = RULES_CMD_RALLY, .side = own, .unit = b};
    try_add(rs, t, l, &c);
    for (int i = 0; i < t->unit_count; i++)
        if (t->units[i].parent.id == b.id && tiny_unit_geom_of(t, t->units[i].id, &g))
            break;
    if (!g.count || !nearest_enemy(rs, t, &g, own, &e, &gap) || gap > tiny_cm(rs, 24))
        return;
    unit_id foe = table_figure_const(t, e.stands[0])->unit;
    c = (rules_command){.kind = RULES_CMD_FIRE, .side = own, .unit = b, .target_unit = foe};
    try_add(rs, t, l, &c);
    c.kind = RULES_CMD_CHARGE;
    try_add(rs, t, l, &c);
}

static void add_commander_move(const rules_state *rs, const table *t, legal_list *l,
                               const figure *c)
{
    vec2s sum = {{0, 0}};
    int n = 0;
    for (int i = 0; i < t->unit_count; i++) {
        const unit *un = &t->units[i];
        tiny_unit_geom g;
        bool mine = c->role == FIGURE_ROLE_GENERAL ? un->side.id == c->side.id
                                                   : un->parent.id == c->unit.id;
        if (!mine || !tiny_unit_geom_of(t, un->id, &g))
            continue;
        vec2s back = geom_dir(g.facing);
        sum.x += g.rear.x - back.x * tiny_cm(rs, 2);
        sum.y += g.rear.y - back.y * tiny_cm(rs, 2);
        n++;
    }
    if (!n)
        return;
    vec2s to = {{sum.x / n, sum.y / n}};
    vec2s d = {{to.x - c->pos.x, to.y - c->pos.y}};
    float len = hypotf(d.x, d.y), max = tiny_cm(rs, 23.5f);
    if (len < tiny_cm(rs, 2))
        return;
    if (len > max)
        to = (vec2s){{c->pos.x + d.x / len * max, c->pos.y + d.y / len * max}};
    rules_command cmd = {.kind = RULES_CMD_MOVE, .side = c->side, .path_count = 1};
    rules_command_add_figure(&cmd, c->id);
    cmd.path[0] = to;
    try_add(rs, t, l, &cmd);
}

int tiny_legal(const rules_state *rs, const table *t, rules_command *out, int max)
{
    rules_outcome oc;
    tiny_rules_ops.outcome(rs, t, &oc);
    if (oc.over)
        return 0;
    legal_list l = {.out = out, .max = max};
    rules_decision d;
    tiny_rules_ops.decision(rs, t, &d);
    if (d.kind == RULES_DECIDE_REACT) {
        rules_command c = {.kind = RULES_CMD_EVADE, .side = d.side, .unit = d.unit};
        try_add(rs, t, &l, &c);
        c.kind = RULES_CMD_PASS;
        try_add(rs, t, &l, &c);
        return l.n;
    }
    if (d.kind == RULES_DECIDE_ROLL_ORDERS) {
        rules_command c = {.kind = RULES_CMD_ROLL_ORDERS, .side = d.side};
        try_add(rs, t, &l, &c);
        return l.n;
    }
    rules_command end = {.kind = RULES_CMD_END_PHASE, .side = d.side};
    try_add(rs, t, &l, &end);
    for (int i = 0; i < t->unit_count; i++) {
        const unit *un = &t->units[i];
        if (un->side.id != rs->active.id)
            continue;
        if (tiny_is_troop_unit(t, un->id))
            add_unit_commands(rs, t, &l, un->id);
        else if (tiny_brigadier_of(t, un->id)) {
            add_brigade_moves(rs, t, &l, un->id);
            add_brigade_orders(rs, t, &l, un->id);
        }
    }
    for (int i = 0; i < t->figure_count; i++) {
        const figure *c = &t->figures[i];
        if (c->side.id == rs->active.id && tiny_is_commander(c) && table_figure_active(c))
            add_commander_move(rs, t, &l, c);
    }
    return l.n;
}

/* ---- actions
 * ------------------------------------------------------------------------------------- */

static void add_action(rules_action *out, int *n, int max, rules_command_kind k, const char *option,
                       const char *label, bool enabled, const char *reason)
{
    if (*n >= max)
        return;
    rules_action *a = &out[(*n)++];
    memset(a, 0, sizeof *a);
    a->kind = k;
    snprintf(a->option, sizeof a->option, "%s", option ? option : "");
    snprintf(a->label, sizeof a->label, "%s", label);
    a->enabled = enabled;
    snprintf(a->reason, sizeof a->reason, "%s", enabled ? "" : reason);
}

/* The first enemy unit `kind` is legal against, with the reason of the last refusal. */
static bool any_target(const rules_state *rs, const table *t, unit_id u, rules_command_kind kind,
                       char *why, size_t size)
{
    snprintf(why, size, "no enemy unit on the table");
    for (int i = 0; i < t->unit_count; i++) {
        if (t->units[i].side.id == rs->active.id || !tiny_is_troop_unit(t, t->units[i].id))
            continue;
        rules_command c = {.kind = kind, .unit = u, .target_unit = t->units[i].id};
        if (tiny_validate(rs, t, &c, why, size))
            return true;
    }
    return false;
}

int tiny_actions(const rules_state *rs, const table *t, figure_id fig, rules_action *out, int max)
{
    int n = 0;
    char why[160];
    rules_decision d;
    tiny_rules_ops.decision(rs, t, &d);
    if (d.kind == RULES_DECIDE_ROLL_ORDERS) {
        add_action(out, &n, max, RULES_CMD_ROLL_ORDERS, NULL, "Roll the order dice", true, "");
        return n;
    }
    if (d.kind == RULES_DECIDE_REACT) {
        add_action(out, &n, max, RULES_CMD_EVADE, NULL, "Evade a full move", true, "");
        add_action(out, &n, max, RULES_CMD_PASS, NULL, "Stand", true, "");
        return n;
    }
    const figure *f = table_figure_const(t, fig);
    if (f && tiny_is_commander(f)) {
        bool moved = rs->figs[f->id.id - 1].flags & TINY_F_MOVED;
        add_action(out, &n, max, RULES_CMD_MOVE, NULL, "Move (no order needed)",
                   !moved && f->side.id == rs->active.id && table_figure_active(f),
                   "he has moved this turn, or it is not his side's turn");
    } else if (f) {
        unit_id u = f->unit;
        rules_command mv = {
            .kind = RULES_CMD_MOVE, .unit = u, .face_set = true, .facing = f->facing};
        bool ok = tiny_validate(rs, t, &mv, why, sizeof why);
        add_action(out, &n, max, RULES_CMD_MOVE, NULL, "Move", ok, why);
        ok = any_target(rs, t, u, RULES_CMD_FIRE, why, sizeof why);
        add_action(out, &n, max, RULES_CMD_FIRE, NULL, "Shoot", ok, why);
        ok = any_target(rs, t, u, RULES_CMD_CHARGE, why, sizeof why);
        add_action(out, &n, max, RULES_CMD_CHARGE, NULL, "Charge", ok, why);
        rules_command ra = {.kind = RULES_CMD_RALLY, .unit = u};
        ok = tiny_validate(rs, t, &ra, why, sizeof why);
        add_action(out, &n, max, RULES_CMD_RALLY, NULL, "Rally", ok, why);
        static const char *const forms[] = {"line", "column", "limbered", "deployed", "dismounted"};
        for (int k = 0; k < 5; k++) {
            rules_command fo = {.kind = RULES_CMD_FORMATION, .unit = u};
            snprintf(fo.option, sizeof fo.option, "%s", forms[k]);
            char label[48];
            snprintf(label, sizeof label, "Form %s", forms[k]);
            ok = tiny_validate(rs, t, &fo, why, sizeof why);
            if (ok || !strstr(why, "cannot take"))
                add_action(out, &n, max, RULES_CMD_FORMATION, forms[k], label, ok, why);
        }
    }
    add_action(out, &n, max, RULES_CMD_END_PHASE, NULL, "End the phase: resolve charges", true, "");
    return n;
}

/* ---- reach and targets --------------------------------------------------------------------------
 */

bool tiny_reach(const rules_state *rs, const table *t, const rules_command *move, vec2s dir,
                rules_reach *out)
{
    memset(out, 0, sizeof *out);
    const figure *f0 = move->figure_count ? table_figure_const(t, move->figures[0]) : NULL;
    const tiny_troop *tr;
    vec2s start;
    float allowance;
    if (f0 && tiny_is_commander(f0)) {
        tr = tiny_data_troop(rs->data, "commander");
        start = f0->pos;
        allowance = tiny_cm(rs, tr->move_in);
    } else {
        unit_id u = cmd_unit(t, move);
        figure_id ref; /* a formed brigade: its reference stand's unit */
        if (!tiny_is_troop_unit(t, u) && tiny_move_figures(rs, t, move, &ref, 1) == 1)
            u = table_figure_const(t, ref)->unit;
        tiny_unit_geom g;
        tr = tiny_troop_of(rs, t, u);
        if (!tr || !tiny_unit_geom_of(t, u, &g))
            return false;
        start = table_figure_const(t, g.stands[0])->pos;
        allowance = tiny_allowance_cm(rs, t, u, tr);
    }
    float mult[256], obst[256];
    path_desc pd;
    tiny_path_setup(rs, t, tr, allowance, false, mult, obst, &pd);
    path_result pr;
    vec2s end = path_reach(t, &pd, start, geom_angle_of(dir), allowance, &pr);
    out->stop = end;
    out->max_cm = out->sure_cm = hypotf(end.x - start.x, end.y - start.y);
    out->allowance_cm = allowance;
    snprintf(out->limit, sizeof out->limit, "%s",
             allowance <= 0                    ? "must limber to move"
             : pr.stop == PATH_STOP_IMPASSABLE ? "terrain it may not enter"
             : pr.crossed_count > 0            ? "half a move to cross an obstacle"
                                               : "a full move");
    return true;
}

static float p_at_least(int need)
{
    return need <= 1 ? 1.0f : need > 6 ? 0.0f : (float)(7 - need) / 6.0f;
}

static void fill_fire_target(const rules_state *rs, const table *t, const tiny_fire_plan *fp,
                             unit_id e, rules_target *o)
{
    memset(o, 0, sizeof *o);
    o->unit = e;
    o->figure = fp->aim[0];
    o->range_cm = tiny_cm(rs, fp->range_in[0]);
    o->dice = fp->count;
    o->need = fp->need[0];
    snprintf(o->band, sizeof o->band, "%.0fin", (double)ceilf(fp->range_in[0]));
    float sum = 0;
    for (int i = 0; i < fp->count; i++)
        sum += p_at_least(fp->need[i]);
    o->p_hit = sum / (float)fp->count;
    o->expected_hits = o->expected_kills = sum;
    int w = 0;
    for (int i = 0; i < fp->mods[0].count && w < (int)sizeof o->note - 24; i++)
        w += snprintf(o->note + w, sizeof o->note - (size_t)w, "%s%s %+d", i ? ", " : "",
                      fp->mods[0].m[i].source, fp->mods[0].m[i].value);
}

int tiny_targets(const rules_state *rs, const table *t, const rules_command *fire,
                 rules_target *out, int max)
{
    unit_id u = cmd_unit(t, fire);
    const unit *un = table_unit_const(t, u);
    if (!un)
        return 0;
    int n = 0;
    char why[160];
    for (int i = 0; i < t->unit_count && n < max; i++) {
        unit_id e = t->units[i].id;
        if (t->units[i].side.id == un->side.id || !tiny_is_troop_unit(t, e) ||
            tiny_unit_lost(rs, t, e))
            continue;
        if (fire->kind == RULES_CMD_CHARGE) {
            tiny_plan p;
            if (!tiny_plan_charge(rs, t, u, e, false, &p, why, sizeof why))
                continue;
            rules_target *o = &out[n++];
            memset(o, 0, sizeof *o);
            o->unit = e;
            tiny_unit_geom eg;
            if (tiny_unit_geom_of(t, e, &eg))
                o->figure = eg.stands[0];
            o->range_cm = p.distance_cm;
            snprintf(o->band, sizeof o->band, "charge");
            o->expected_hits = tiny_melee_expected(rs, t, u, e, &o->dice, &o->need);
            o->expected_kills = o->expected_hits;
            o->p_hit = p_at_least(o->need);
            snprintf(o->note, sizeof o->note, "%s", p.note);
        } else {
            tiny_fire_plan fp;
            if (tiny_plan_fire(rs, t, u, e, &fp, why, sizeof why))
                fill_fire_target(rs, t, &fp, e, &out[n++]);
        }
    }
    return n;
}
