/* Little Colonial Rules: killed and wounded, Compassionate or Ruthless. See lcr_wounds.h. */
#include "rules/lcr/lcr_wounds.h"

#include "core/path.h"
#include "core/mem.h"
#include "rules/lcr/lcr_morale.h"
#include "rules/lcr/lcr_move_math.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define REF_WOUND     LCR_REF " — Killed and Wounded"
#define REF_CHOICE    LCR_REF " — Killed and Wounded: the sealed choice"
#define REF_AID       LCR_REF " — Killed and Wounded: Compassionate"
#define REF_RUTHLESS  LCR_REF " — Killed and Wounded: Ruthless"
#define REF_CHALLENGE LCR_REF " — Killed and Wounded: the challenge"
#define REF_CIVILISED LCR_REF " — Killed and Wounded: civilised side"
_Static_assert(sizeof REF_CHOICE <= RULES_EVENT_REF_MAX, "the longest reference fits an event");

static const char *const choice_names[] = {"none", "compassionate", "ruthless"};

/* ---- pure rule functions ----------------------------------------------------------------------
 */

lcr_wound lcr_wounds_result(const lcr_data *d, int face)
{
    if (face < 1 || face > d->wounds.die_sides || face > LCR_WOUND_FACES_MAX)
        return LCR_WOUND_KILLED;
    return d->wounds.results[face - 1];
}

float lcr_wounds_drag_factor(const lcr_data *d, lcr_wound kind, int helpers)
{
    if ((kind != LCR_WOUND_TORSO && kind != LCR_WOUND_LEG) || helpers < 1 || helpers > 2)
        return 0;
    return d->wounds.drag[kind == LCR_WOUND_TORSO ? 0 : 1][helpers - 1];
}

int lcr_wounds_civilised_pct(const lcr_data *d, int campaign_position)
{
    int played = campaign_position > 1 ? campaign_position - 1 : 0;
    return d->wounds.civilised_ruthless_pct + played * d->wounds.civilised_campaign_step_pct;
}

/* A share of n, rounded to the nearest whole (halves up). */
static int share(int n, int pct)
{
    return (n * pct * 2 + 100) / 200;
}

int lcr_wounds_civilised_loss(const lcr_data *d, int chits, int campaign_position)
{
    int n = share(chits, lcr_wounds_civilised_pct(d, campaign_position));
    return n > chits ? chits : n;
}

int lcr_wounds_penalty_count(const lcr_data *d, int healthy)
{
    int n = share(healthy, d->wounds.penalty_pct);
    if (n < d->wounds.penalty_min_figures)
        n = d->wounds.penalty_min_figures;
    return n > healthy ? healthy : n;
}

/* ---- state ------------------------------------------------------------------------------------
 */

static bool option_sides(lcr_wounds_state *w, const scenario *scn, const table *t, char *err,
                         size_t err_size)
{
    json_t *v = json_object_get(scn->rules_options, "civilised");
    if (!v)
        return true;
    const char *file = scn->file[0] ? scn->file : "scenario";
    if (!json_is_array(v)) {
        snprintf(err, err_size, "%s: $.ruleset_options.civilised: expected a list of sides", file);
        return false;
    }
    for (size_t i = 0; i < json_array_size(v); i++) {
        json_t *e = json_array_get(v, i);
        int s = 0;
        for (int k = 0; k < t->side_count && json_is_string(e); k++)
            if (strcmp(t->sides[k].name, json_string_value(e)) == 0)
                s = k + 1;
        if (json_is_integer(e))
            s = (int)json_integer_value(e);
        if (s < 1 || s > t->side_count || s > LCR_WOUNDS_SIDES_MAX) {
            snprintf(err, err_size, "%s: $.ruleset_options.civilised[%zu]: not a side", file, i);
            return false;
        }
        w->civilised |= 1u << (s - 1);
    }
    return true;
}

bool lcr_wounds_init(lcr_wounds_state *w, const lcr_data *d, const scenario *scn, const table *t,
                     char *err, size_t err_size)
{
    *w = (lcr_wounds_state){.enabled = d->wounds.enabled};
    if (!scn)
        return true;
    json_t *v = json_object_get(scn->rules_options, "wounds");
    if (v && !json_is_boolean(v)) {
        snprintf(err, err_size, "%s: $.ruleset_options.wounds: expected true or false",
                 scn->file[0] ? scn->file : "scenario");
        return false;
    }
    if (v)
        w->enabled = json_is_true(v);
    w->campaign_position = scn->campaign_position;
    return option_sides(w, scn, t, err, err_size);
}

void lcr_wounds_hash(const lcr_wounds_state *w, rules_hasher *hs)
{
    if (!w->enabled)
        return; /* without the rule nothing here changes: games hash as before */
    for (int s = 0; s < LCR_WOUNDS_SIDES_MAX; s++)
        rules_hash_u32(hs, (uint32_t)w->choice[s] | (uint32_t)w->revealed[s] << 4 |
                               (uint32_t)w->challenge_used[s] << 5);
    rules_hash_u32(hs, (uint32_t)w->setup_done);
    rules_hash_u32(hs, w->react.id);
    rules_hash_u32(hs, w->aider.id);
}

lcr_wound lcr_wounds_of(const figure *f)
{
    if (f->status & LCR_STATUS_TORSO)
        return LCR_WOUND_TORSO;
    if (f->status & LCR_STATUS_LEG)
        return LCR_WOUND_LEG;
    if (f->status & FIGURE_STATUS_WOUNDED)
        return LCR_WOUND_LIGHT;
    return LCR_WOUND_KILLED;
}

static bool serious(const figure *f)
{
    return (f->status & FIGURE_STATUS_SERIOUS) != 0;
}

static const char *side_name(const table *t, side_id s)
{
    const side *sd = table_side(t, s);
    return sd ? sd->name : "?";
}

/* ---- decisions --------------------------------------------------------------------------------
 */

static side_id first_unsealed(const rules_state *rs)
{
    for (int s = 0; s < rs->side_count && s < LCR_WOUNDS_SIDES_MAX; s++)
        if (lcr_wounds_get(rs)->choice[s] == LCR_CHOICE_NONE)
            return (side_id){(uint32_t)s + 1};
    return (side_id){0};
}

bool lcr_wounds_decision(const rules_state *rs, const table *t, rules_decision *out)
{
    const lcr_wounds_state *w = lcr_wounds_get(rs);
    if (!w->enabled)
        return false;
    if (!w->setup_done) {
        side_id s = first_unsealed(rs);
        *out = (rules_decision){.kind = RULES_DECIDE_SETUP, .side = s};
        lcr_copy(out->phase, sizeof out->phase, "setup");
        snprintf(out->prompt, sizeof out->prompt,
                 "%s: seal your choice for the wounded: compassionate or ruthless",
                 side_name(t, s));
        return true;
    }
    if (w->react.id != 0) {
        *out = (rules_decision){.kind = RULES_DECIDE_REACT, .side = w->react};
        snprintf(out->phase, sizeof out->phase, "turn %d", rs->turn);
        snprintf(out->prompt, sizeof out->prompt,
                 "%s gives aid to a wounded man: challenge their sealed choice (once a game)?",
                 side_name(t, w->aider));
        return true;
    }
    return false;
}

bool lcr_wounds_validate(const rules_state *rs, const table *t, const rules_decision *d,
                         const rules_command *cmd, char *why, size_t size)
{
    (void)rs;
    (void)t;
    if (d->kind == RULES_DECIDE_SETUP) {
        if (cmd->kind == RULES_CMD_CHOOSE && (strcmp(cmd->option, choice_names[1]) == 0 ||
                                              strcmp(cmd->option, choice_names[2]) == 0))
            return true;
        lcr_why(why, size, "seal a choice first: choose \"compassionate\" or \"ruthless\"");
        return false;
    }
    if (cmd->kind == RULES_CMD_CHALLENGE || cmd->kind == RULES_CMD_PASS)
        return true;
    lcr_why(why, size, "challenge the aid or pass");
    return false;
}

int lcr_wounds_legal(const rules_state *rs, const table *t, const rules_decision *d,
                     rules_command *out, int max)
{
    (void)rs;
    (void)t;
    int n = 0;
    if (d->kind == RULES_DECIDE_SETUP) {
        for (int c = 1; c <= 2 && n < max; c++) {
            out[n] = (rules_command){.kind = RULES_CMD_CHOOSE, .side = d->side};
            lcr_copy(out[n].option, sizeof out[n].option, choice_names[c]);
            n++;
        }
    } else if (d->kind == RULES_DECIDE_REACT) {
        if (n < max)
            out[n++] = (rules_command){.kind = RULES_CMD_PASS, .side = d->side};
        if (n < max)
            out[n++] = (rules_command){.kind = RULES_CMD_CHALLENGE, .side = d->side};
    }
    return n;
}

/* ---- acting with wounded figures --------------------------------------------------------------
 */

static bool enemy_within(const table *t, const figure *f, float cm)
{
    for (int i = 0; i < t->figure_count; i++) {
        const figure *e = &t->figures[i];
        if (e->side.id != f->side.id && table_figure_active(e) && !serious(e) &&
            glms_vec2_distance(e->pos, f->pos) <= cm)
            return true;
    }
    return false;
}

static bool behind_lines(const rules_state *rs, const table *t, const figure *f)
{
    return !enemy_within(t, f, rs->data->wounds.behind_lines_cm);
}

bool lcr_wounds_may_act(const rules_state *rs, const table *t, const figure *f, char *why,
                        size_t size)
{
    if (!lcr_wounds_get(rs)->enabled || !serious(f) || behind_lines(rs, t, f))
        return true;
    lcr_why(why, size,
            "%s is seriously wounded: he may only defend himself behind the lines (no enemy "
            "within %.0f cm)",
            lcr_name(t, f->id), rs->data->wounds.behind_lines_cm);
    return false;
}

bool lcr_wounds_immobile(const rules_state *rs, const figure *f)
{
    return lcr_wounds_get(rs)->enabled && serious(f);
}

bool lcr_wounds_check_act(const rules_state *rs, const table *t, const rules_command *cmd,
                          char *why, size_t size)
{
    if (!lcr_wounds_get(rs)->enabled ||
        (cmd->kind != RULES_CMD_MOVE && cmd->kind != RULES_CMD_REFORM &&
         cmd->kind != RULES_CMD_CHARGE))
        return true;
    for (int i = 0; i < cmd->figure_count; i++) {
        const figure *f = table_figure_const(t, cmd->figures[i]);
        if (f && serious(f)) {
            lcr_why(why, size, "%s is seriously wounded: he cannot move, only be dragged (aid)",
                    lcr_name(t, f->id));
            return false;
        }
    }
    return true;
}

float lcr_wounds_move_factor(const rules_state *rs, const figure *f)
{
    if (lcr_wounds_get(rs)->enabled && (f->status & FIGURE_STATUS_WOUNDED) && !serious(f))
        return rs->data->wounds.light_move_factor;
    return 1.0f;
}

float lcr_wounds_range(const rules_state *rs, const figure *f, float range_cm)
{
    if (lcr_wounds_get(rs)->enabled && serious(f))
        return range_cm * rs->data->wounds.defend_range_mult;
    return range_cm;
}

int lcr_wounds_driver(const rules_state *rs, const table *t, side_id viewer, rules_driver_item *out,
                      int max)
{
    (void)t;
    int n = 0;
    for (int s = 0;
         lcr_wounds_get(rs)->enabled && s < rs->side_count && s < LCR_WOUNDS_SIDES_MAX && n < max;
         s++) {
        int c = lcr_wounds_get(rs)->choice[s];
        if (c == LCR_CHOICE_NONE)
            continue;
        rules_driver_item *it = &out[n++];
        *it = (rules_driver_item){.kind = RULES_DRIVER_SEALED, .side = {(uint32_t)s + 1}};
        it->value = c;
        it->hidden =
            !lcr_wounds_get(rs)->revealed[s] && viewer.id != 0 && viewer.id != (uint32_t)s + 1;
        if (it->hidden) {
            it->value = 0;
            lcr_copy(it->label, sizeof it->label, "sealed choice on the wounded");
        } else {
            snprintf(it->label, sizeof it->label, "wounded: %s", choice_names[c]);
        }
    }
    return n;
}

/* ---- aid: dragging the seriously wounded ------------------------------------------------------
 */

/* The helpers of an AID command: `figure` and then `figures`, without repeats. */
static int aid_helpers(const rules_command *cmd, figure_id *out)
{
    int n = 0;
    figure_id all[RULES_CMD_FIGURES_MAX + 1];
    int k = 0;
    if (cmd->figure.id)
        all[k++] = cmd->figure;
    for (int i = 0; i < cmd->figure_count; i++)
        all[k++] = cmd->figures[i];
    for (int i = 0; i < k; i++) {
        bool dup = false;
        for (int j = 0; j < n; j++)
            dup |= out[j].id == all[i].id;
        if (!dup && n < 3)
            out[n++] = all[i];
    }
    return n;
}

static float edge_gap(const figure *a, const figure *b)
{
    geom_placed_base pa = {a->base, a->pos, a->facing}, pb = {b->base, b->pos, b->facing};
    return (float)geom_base_edge_distance(&pa, &pb);
}

/* The most a figure may move this activation before terrain (its class's maximum roll). */
static float helper_max(const rules_state *rs, const figure *h)
{
    return lcr_move_class_of(rs->data, h)->max_cm / lcr_wounds_move_factor(rs, h);
}

static bool check_helper(const rules_state *rs, const table *t, const figure *h, const figure *hurt,
                         char *why, size_t size)
{
    if (!h || h->side.id != hurt->side.id || h->id.id == hurt->id.id) {
        lcr_why(why, size, "the helpers must be other figures of the wounded man's side");
        return false;
    }
    if (!lcr_may_act(rs, t, h->id, why, size))
        return false;
    if (serious(h)) {
        lcr_why(why, size, "%s is seriously wounded himself", lcr_name(t, h->id));
        return false;
    }
    if (edge_gap(h, hurt) > rs->data->wounds.contact_cm + 1e-3f) {
        lcr_why(why, size, "%s must be in base contact with %s (%.1f cm apart)", lcr_name(t, h->id),
                lcr_name(t, hurt->id), edge_gap(h, hurt));
        return false;
    }
    return true;
}

bool lcr_wounds_validate_aid(const rules_state *rs, const table *t, const rules_command *cmd,
                             char *why, size_t size)
{
    if (!lcr_wounds_get(rs)->enabled) {
        lcr_why(why, size, "the killed and wounded rule is not in play in this scenario");
        return false;
    }
    const figure *hurt = table_figure_const(t, cmd->target);
    if (!hurt || !table_figure_active(hurt) || !serious(hurt) ||
        hurt->side.id != rs->acting_side.id) {
        lcr_why(why, size, "the target must be a seriously wounded figure of your side");
        return false;
    }
    figure_id helpers[3];
    int nh = aid_helpers(cmd, helpers);
    if (nh < 1 || nh > 2) {
        lcr_why(why, size, "one or two helpers drag a wounded man");
        return false;
    }
    for (int i = 0; i < nh; i++)
        if (!check_helper(rs, t, table_figure_const(t, helpers[i]), hurt, why, size))
            return false;
    if (cmd->path_count != 1 || glms_vec2_distance(cmd->path[0], hurt->pos) < 1e-3f) {
        lcr_why(why, size, "an aid names one end point: the wounded man is dragged straight");
        return false;
    }
    float r = hurt->base.radius_cm;
    if (cmd->path[0].x < r || cmd->path[0].y < r || cmd->path[0].x > t->width_cm - r ||
        cmd->path[0].y > t->height_cm - r) {
        lcr_why(why, size, "the drag ends off the table");
        return false;
    }
    float allow = INFINITY;
    for (int i = 0; i < nh; i++)
        allow = fminf(allow, helper_max(rs, table_figure_const(t, helpers[i])));
    allow /= lcr_wounds_drag_factor(rs->data, lcr_wounds_of(hurt), nh);
    path_desc pd = lcr_path_desc(rs);
    path_result res;
    vec2s pts[2] = {hurt->pos, cmd->path[0]};
    lcr_path_cost(rs, t, &pd, pts, 2, allow, &res);
    if (res.stop != PATH_STOP_END) {
        lcr_why(why, size, "%s cannot be dragged so far: %s", lcr_name(t, hurt->id),
                res.stop == PATH_STOP_IMPASSABLE ? "impassable terrain"
                                                 : "beyond the helpers' allowance for this drag");
        return false;
    }
    return true;
}

static void emit_ruleset(rules_ctx *ctx, const char *tag, side_id sd, figure_id fig, int value,
                         const char *ref, const char *text)
{
    rules_event ev = {.kind = RULES_EV_RULESET, .side = sd, .figure = fig, .value = value};
    lcr_copy(ev.tag, sizeof ev.tag, tag);
    lcr_emit_text(ctx, ev, ref, text);
}

static void emit_note(rules_ctx *ctx, figure_id fig, const char *ref, const char *text)
{
    rules_event ev = {.kind = RULES_EV_NOTE, .figure = fig};
    lcr_emit_text(ctx, ev, ref, text);
}

static void emit_move(rules_ctx *ctx, const figure *f, vec2s to, float spent, const char *text)
{
    rules_event ev = {.kind = RULES_EV_MOVE,
                      .figure = f->id,
                      .side = f->side,
                      .from = f->pos,
                      .pos = to,
                      .facing = f->facing,
                      .value = (int)lroundf(spent * 100.0f)};
    lcr_emit_text(ctx, ev, REF_AID, text);
}

/* The drag's allowance: the smallest of the helpers' rolled allowances. */
static float roll_drag_allowance(rules_state *rs, rules_ctx *ctx, const figure_id *helpers, int nh)
{
    float allow = INFINITY;
    for (int i = 0; i < nh; i++) {
        const figure *h = table_figure_const(ctx->table, helpers[i]);
        lcr_allowance a;
        lcr_move_allowance(rs->data, h, ctx->rng, &a);
        int g = rules_roll_group(ctx);
        for (int k = 0; k < a.dice; k++)
            rules_emit_die(ctx, lcr_move_class_of(rs->data, h)->sides, a.faces[k], 0, "move", h->id,
                           g, REF_AID);
        allow = fminf(allow, a.cm / lcr_wounds_move_factor(rs, h));
    }
    return allow;
}

static void resolve_aid(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    const table *t = ctx->table;
    const figure *hurt = table_figure_const(t, cmd->target);
    figure_id helpers[3];
    int nh = aid_helpers(cmd, helpers);
    lcr_wound kind = lcr_wounds_of(hurt);
    float factor = lcr_wounds_drag_factor(rs->data, kind, nh);
    float allow = roll_drag_allowance(rs, ctx, helpers, nh);
    path_desc pd = lcr_path_desc(rs);
    path_result res;
    vec2s pts[2] = {hurt->pos, cmd->path[0]};
    lcr_path_cost(rs, t, &pd, pts, 2, allow / factor, &res);
    vec2s delta = glms_vec2_sub(res.end, hurt->pos);
    char text[240];
    snprintf(text, sizeof text,
             "%s, wounded in the %s, is dragged %.1f cm by %d helper%s: movement costs x%g "
             "(allowance %.1f cm, %.1f cm of it at this cost)",
             lcr_name(t, hurt->id), kind == LCR_WOUND_TORSO ? "torso" : "leg",
             glms_vec2_norm(delta), nh, nh == 1 ? "" : "s", (double)factor, allow, allow / factor);
    emit_move(ctx, hurt, res.end, res.spent_cm * factor, text);
    for (int i = 0; i < nh; i++) {
        const figure *h = table_figure_const(t, helpers[i]);
        snprintf(text, sizeof text, "%s drags him along", lcr_name(t, h->id));
        emit_move(ctx, h, glms_vec2_add(h->pos, delta), res.spent_cm * factor, text);
        emit_ruleset(ctx, "acted", h->side, h->id, 1, REF_AID, "has acted: aid");
    }
    side_id opp = lcr_other_side(rs, rs->acting_side);
    if (!lcr_wounds_get(rs)->challenge_used[opp.id - 1])
        emit_ruleset(ctx, "wound_react", opp, hurt->id, (int)rs->acting_side.id, REF_CHALLENGE,
                     "the other side may challenge this aid (once a game)");
}

/* ---- the sealed choice ------------------------------------------------------------------------
 */

static void civilised_penalty(rules_state *rs, rules_ctx *ctx, side_id sd)
{
    const lcr_morale *m = &rs->morale[sd.id - 1];
    int total = lcr_morale_total(m);
    int pct = lcr_wounds_civilised_pct(rs->data, lcr_wounds_get(rs)->campaign_position);
    int lost = lcr_wounds_civilised_loss(rs->data, total, lcr_wounds_get(rs)->campaign_position);
    rules_event ev = {.kind = RULES_EV_MORALE, .side = sd, .value = lost};
    lcr_copy(ev.tag, sizeof ev.tag, "wound_morale");
    rules_emitf(
        ctx, ev, REF_CIVILISED,
        "%s, civilised and ruthless, loses %d%% of its chits (%d of %d): %d%% + %d%% per "
        "campaign scenario played before (position %d)",
        side_name(ctx->table, sd), pct, lost, total, rs->data->wounds.civilised_ruthless_pct,
        rs->data->wounds.civilised_campaign_step_pct, lcr_wounds_get(rs)->campaign_position);
    lcr_sync_demoralised(rs, ctx, sd);
}

static void resolve_choose(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    int c =
        strcmp(cmd->option, choice_names[2]) == 0 ? LCR_CHOICE_RUTHLESS : LCR_CHOICE_COMPASSIONATE;
    char text[160];
    snprintf(text, sizeof text, "%s seals its choice on the wounded (hidden from the other side)",
             side_name(ctx->table, cmd->side));
    emit_ruleset(ctx, "wound_choice", cmd->side, (figure_id){0}, c, REF_CHOICE, text);
    if (first_unsealed(rs).id != 0)
        return;
    emit_ruleset(ctx, "wound_sealed", (side_id){0}, (figure_id){0}, 0, REF_CHOICE,
                 "both choices are sealed: play begins");
    for (int s = 0; s < rs->side_count && s < LCR_WOUNDS_SIDES_MAX; s++)
        if ((lcr_wounds_get(rs)->civilised & (1u << s)) &&
            lcr_wounds_get(rs)->choice[s] == LCR_CHOICE_RUTHLESS)
            civilised_penalty(rs, ctx, (side_id){(uint32_t)s + 1});
}

/* ---- the challenge ----------------------------------------------------------------------------
 */

/* Seed 000: caught against its slip, a side loses its wounded and a tenth of its healthy men. */
static void caught_penalty(rules_state *rs, rules_ctx *ctx, side_id sd)
{
    const table *t = ctx->table;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->side.id != sd.id || !table_figure_active(f))
            continue;
        if (serious(f)) {
            rules_event ev = {.kind = RULES_EV_REMOVE,
                              .figure = f->id,
                              .side = sd,
                              .status_set = FIGURE_STATUS_DEAD};
            rules_emitf(ctx, ev, REF_CHALLENGE,
                        "%s, seriously wounded, now counts as killed (already a morale casualty)",
                        lcr_name(t, f->id));
        } else if (f->status & FIGURE_STATUS_WOUNDED) {
            lcr_casualty_final(rs, ctx, f->id, FIGURE_STATUS_DEAD, REF_CHALLENGE,
                               "a wounded man now counts as killed");
        }
    }
    figure_id healthy[1024];
    int n = 0;
    for (int i = 0; i < t->figure_count && n < 1024; i++)
        if (t->figures[i].side.id == sd.id && table_figure_active(&t->figures[i]))
            healthy[n++] = t->figures[i].id;
    int lose = lcr_wounds_penalty_count(rs->data, n);
    char text[160];
    snprintf(text, sizeof text,
             "%s loses %d%% of its %d healthy figures: %d casualties, each "
             "rolling for wounds",
             side_name(t, sd), rs->data->wounds.penalty_pct, n, lose);
    emit_note(ctx, (figure_id){0}, REF_CHALLENGE, text);
    for (int k = 0; k < lose && n > 0; k++) {
        int pick =
            n == 1 ? 1 : rules_roll(ctx, n, 0, "penalty_victim", healthy[0], 0, REF_CHALLENGE);
        figure_id victim = healthy[pick - 1];
        healthy[pick - 1] = healthy[--n];
        lcr_casualty(rs, ctx, victim, FIGURE_STATUS_DEAD, REF_CHALLENGE,
                     "a casualty of being caught against the sealed choice");
    }
}

static void resolve_challenge(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    side_id aider = lcr_wounds_get(rs)->aider;
    char text[200];
    snprintf(text, sizeof text, "%s challenges: %s's sealed slip is opened",
             side_name(ctx->table, cmd->side), side_name(ctx->table, aider));
    emit_ruleset(ctx, "wound_challenge", cmd->side, (figure_id){0}, (int)aider.id, REF_CHALLENGE,
                 text);
    int c = lcr_wounds_get(rs)->choice[aider.id - 1];
    snprintf(text, sizeof text, "%s wrote \"%s\": %s", side_name(ctx->table, aider),
             choice_names[c],
             c == LCR_CHOICE_RUTHLESS ? "caught giving aid against its choice"
                                      : "the aid was honest; no penalty");
    emit_note(ctx, (figure_id){0}, REF_CHALLENGE, text);
    if (c == LCR_CHOICE_RUTHLESS)
        caught_penalty(rs, ctx, aider);
}

bool lcr_wounds_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    if (!lcr_wounds_get(rs)->enabled)
        return false;
    switch (cmd->kind) {
    case RULES_CMD_CHOOSE:
        resolve_choose(rs, ctx, cmd);
        return true;
    case RULES_CMD_AID:
        resolve_aid(rs, ctx, cmd);
        return true;
    case RULES_CMD_CHALLENGE:
        resolve_challenge(rs, ctx, cmd);
        return true;
    case RULES_CMD_PASS:
        if (lcr_wounds_get(rs)->react.id == 0)
            return false;
        emit_ruleset(ctx, "wound_pass", cmd->side, (figure_id){0}, 0, REF_CHALLENGE,
                     "no challenge");
        return true;
    default:
        return false;
    }
}

/* ---- killed or wounded ------------------------------------------------------------------------
 */

static void emit_status(rules_ctx *ctx, const figure *f, uint32_t set, uint32_t clear,
                        const char *text)
{
    rules_event ev = {.kind = RULES_EV_STATUS,
                      .figure = f->id,
                      .side = f->side,
                      .status_set = set,
                      .status_clear = clear};
    lcr_emit_text(ctx, ev, REF_WOUND, text);
}

bool lcr_wounds_on_kill(rules_state *rs, rules_ctx *ctx, figure_id id, const char *ref)
{
    (void)ref;
    if (!lcr_wounds_get(rs)->enabled)
        return false;
    const table *t = ctx->table;
    const figure *f = table_figure_const(t, id);
    char text[200];
    if (serious(f)) {
        rules_event ev = {.kind = RULES_EV_REMOVE,
                          .figure = id,
                          .side = f->side,
                          .status_set = FIGURE_STATUS_DEAD};
        rules_emitf(ctx, ev, REF_WOUND,
                    "%s, already seriously wounded, is killed (he was counted for morale)",
                    lcr_name(t, id));
        return true;
    }
    int face = rules_roll(ctx, rs->data->wounds.die_sides, 0, "wound", id, 0, REF_WOUND);
    lcr_wound w = lcr_wounds_result(rs->data, face);
    switch (w) {
    case LCR_WOUND_KILLED:
        snprintf(text, sizeof text, "wound die %d: %s is killed", face, lcr_name(t, id));
        emit_note(ctx, id, REF_WOUND, text);
        return false;
    case LCR_WOUND_TORSO:
    case LCR_WOUND_LEG:
        snprintf(text, sizeof text,
                 "wound die %d: %s is seriously wounded in the %s (%s); a morale casualty", face,
                 lcr_name(t, id), w == LCR_WOUND_TORSO ? "torso" : "leg",
                 w == LCR_WOUND_TORSO ? "he must be dragged" : "he helps his rescuers");
        emit_status(ctx, f,
                    FIGURE_STATUS_SERIOUS |
                        (w == LCR_WOUND_TORSO ? LCR_STATUS_TORSO : LCR_STATUS_LEG),
                    FIGURE_STATUS_WOUNDED, text);
        lcr_take_chit(rs, ctx, id);
        return true;
    default:
        snprintf(text, sizeof text,
                 "wound die %d: %s is lightly wounded: he acts on, paying double for movement",
                 face, lcr_name(t, id));
        emit_status(ctx, f, FIGURE_STATUS_WOUNDED, 0, text);
        return true;
    }
}

/* Seed 000, Ruthless: the enemy reaching a wounded man left behind kills him, takes his arms. */
void lcr_wounds_after_command(rules_state *rs, rules_ctx *ctx)
{
    if (!lcr_wounds_get(rs)->enabled || rs->over)
        return;
    const table *t = ctx->table;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (!table_figure_active(f) || !serious(f) || f->side.id > LCR_WOUNDS_SIDES_MAX ||
            lcr_wounds_get(rs)->choice[f->side.id - 1] != LCR_CHOICE_RUTHLESS)
            continue;
        for (int j = 0; j < t->figure_count; j++) {
            const figure *e = &t->figures[j];
            if (e->side.id == f->side.id || !table_figure_active(e) || serious(e) ||
                edge_gap(e, f) > rs->data->wounds.contact_cm + 1e-3f)
                continue;
            rules_event ev = {.kind = RULES_EV_REMOVE,
                              .figure = f->id,
                              .other = e->id,
                              .side = f->side,
                              .status_set = FIGURE_STATUS_DEAD};
            rules_emitf(ctx, ev, REF_RUTHLESS,
                        "%s, a wounded man of a ruthless side, is reached by %s: he is killed and "
                        "his arms are taken",
                        lcr_name(t, f->id), lcr_name(t, e->id));
            break;
        }
    }
}

/* ---- legal aid for the bot --------------------------------------------------------------------
 */

/* Where to drag: straight away from the nearest enemy, as far as the drag allows. */
static bool drag_point(const rules_state *rs, const table *t, const figure *hurt, int nh,
                       float allow, vec2s *out)
{
    figure_id e = lcr_nearest_enemy_any(rs, t, hurt->side, hurt->pos);
    const figure *ef = table_figure_const(t, e);
    if (!ef)
        return false;
    vec2s away = glms_vec2_sub(hurt->pos, ef->pos);
    if (glms_vec2_norm(away) < 1e-3f)
        return false;
    float go = allow / lcr_wounds_drag_factor(rs->data, lcr_wounds_of(hurt), nh);
    path_desc pd = lcr_path_desc(rs);
    path_result res;
    vec2s end = lcr_path_reach(rs, t, &pd, hurt->pos, geom_angle_of(away), go * 0.95f, &res);
    float r = hurt->base.radius_cm + 0.1f;
    end.x = fminf(fmaxf(end.x, r), t->width_cm - r);
    end.y = fminf(fmaxf(end.y, r), t->height_cm - r);
    if (glms_vec2_distance(end, hurt->pos) < 0.5f)
        return false;
    *out = end;
    return true;
}

static int legal_aid_for(const rules_state *rs, const table *t, const figure *hurt,
                         rules_command *out, int max)
{
    figure_id near[2];
    int nh = 0;
    float allow = INFINITY;
    for (int i = 0; i < t->figure_count && nh < 2; i++) {
        const figure *h = &t->figures[i];
        if (h == hurt || h->side.id != hurt->side.id || serious(h) ||
            !check_helper(rs, t, h, hurt, NULL, 0))
            continue;
        near[nh++] = h->id;
        allow = fminf(allow, helper_max(rs, h));
    }
    if (nh == 0 || max < 1)
        return 0;
    rules_command c = {
        .kind = RULES_CMD_AID, .side = hurt->side, .target = hurt->id, .path_count = 1};
    c.figure = near[0];
    for (int k = 1; k < nh; k++)
        rules_command_add_figure(&c, near[k]);
    return drag_point(rs, t, hurt, nh, allow, &c.path[0]) ? (out[0] = c, 1) : 0;
}

/* A healthy activated friend goes to a wounded man's side. */
static int legal_reach_for(const rules_state *rs, const table *t, const figure *hurt,
                           rules_command *out, int max)
{
    for (int i = 0; i < t->figure_count && max > 0; i++) {
        const figure *h = &t->figures[i];
        if (h == hurt || h->side.id != hurt->side.id || serious(h) ||
            !lcr_may_act(rs, t, h->id, NULL, 0))
            continue;
        vec2s d = glms_vec2_sub(hurt->pos, h->pos);
        float dist = glms_vec2_norm(d);
        float want = dist - hurt->base.radius_cm - h->base.radius_cm - 0.5f;
        if (want < 0.5f || want > helper_max(rs, h))
            continue;
        rules_command c = {.kind = RULES_CMD_MOVE, .side = hurt->side, .path_count = 1};
        rules_command_add_figure(&c, h->id);
        c.path[0] = glms_vec2_add(h->pos, glms_vec2_scale(d, want / dist));
        out[0] = c;
        return 1;
    }
    return 0;
}

int lcr_wounds_legal_act(const rules_state *rs, const table *t, side_id sd, rules_command *out,
                         int max)
{
    if (!lcr_wounds_get(rs)->enabled || sd.id < 1 || sd.id > LCR_WOUNDS_SIDES_MAX ||
        lcr_wounds_get(rs)->choice[sd.id - 1] != LCR_CHOICE_COMPASSIONATE)
        return 0;
    int n = 0;
    for (int i = 0; i < t->figure_count && n < max; i++) {
        const figure *f = &t->figures[i];
        if (f->side.id != sd.id || !table_figure_active(f) || !serious(f))
            continue;
        int k = legal_aid_for(rs, t, f, out + n, max - n);
        if (k == 0)
            k = legal_reach_for(rs, t, f, out + n, max - n);
        n += k;
    }
    return n;
}

/* ---- apply ------------------------------------------------------------------------------------
 */

bool lcr_wounds_apply(rules_state *rs, const table *t, const rules_event *ev)
{
    (void)t;
    if ((ev->kind != RULES_EV_RULESET && ev->kind != RULES_EV_MORALE) || ev->tag[0] != 'w' ||
        strncmp(ev->tag, "wound_", 6) != 0)
        return false;
    lcr_wounds_state *w = lcr_wounds_get(rs);
    int s = (int)ev->side.id - 1;
    bool side_ok = s >= 0 && s < LCR_WOUNDS_SIDES_MAX && s < rs->side_count;
    if (strcmp(ev->tag, "wound_choice") == 0 && side_ok) {
        w->choice[s] = (uint8_t)ev->value;
    } else if (strcmp(ev->tag, "wound_sealed") == 0) {
        w->setup_done = true;
    } else if (strcmp(ev->tag, "wound_react") == 0) {
        w->react = ev->side;
        w->aider = (side_id){(uint32_t)ev->value};
    } else if (strcmp(ev->tag, "wound_pass") == 0) {
        w->react = (side_id){0};
    } else if (strcmp(ev->tag, "wound_challenge") == 0 && side_ok) {
        w->challenge_used[s] = true;
        if (ev->value >= 1 && ev->value <= LCR_WOUNDS_SIDES_MAX)
            w->revealed[ev->value - 1] = true;
        w->react = (side_id){0};
    } else if (strcmp(ev->tag, "wound_morale") == 0 && side_ok) {
        for (int k = 0; k < ev->value; k++)
            lcr_morale_take(&rs->morale[s]);
    }
    return true;
}

/* ---- the hooks --------------------------------------------------------------------------------
 */

lcr_wounds_state *lcr_wounds_get(const rules_state *rs)
{
    return lcr_option_state(rs, &lcr_wounds_option);
}

static void *wounds_create(const rules_state *rs, const table *t, char *err, size_t err_size)
{
    lcr_wounds_state *w = mem_calloc(1, sizeof *w);
    if (!lcr_wounds_init(w, rs->data, rs->scn, t, err, err_size)) {
        free(w);
        return NULL;
    }
    return w;
}

static void *wounds_clone(const void *state)
{
    return mem_dup(state, 1, sizeof(lcr_wounds_state));
}

static void wounds_clone_into(void *dst, const void *src)
{
    memcpy(dst, src, sizeof(lcr_wounds_state));
}

static void wounds_hash(const void *state, rules_hasher *hs)
{
    lcr_wounds_hash(state, hs);
}

static bool wounds_on(const void *state)
{
    return ((const lcr_wounds_state *)state)->enabled;
}

/* CHOOSE, AID, CHALLENGE and a PASS on a challenge, each followed by the after-command check. */
static bool wounds_resolve(rules_state *rs, rules_ctx *ctx, const rules_command *cmd)
{
    if (!lcr_wounds_resolve(rs, ctx, cmd))
        return false;
    lcr_wounds_after_command(rs, ctx);
    return true;
}

/* The action panel's Aid. */
static int wounds_actions(const rules_state *rs, const table *t, const figure *f, rules_action *out,
                          int max)
{
    if (max <= 0)
        return 0;
    bool in_play = rs->active >= 0 && !rs->over;
    rules_action *a = &out[0];
    *a = (rules_action){.kind = RULES_CMD_AID, .enabled = in_play};
    lcr_copy(a->label, sizeof a->label, "Aid a wounded man");
    if (!in_play)
        lcr_copy(a->reason, sizeof a->reason, "no card is in play");
    else if (lcr_hook_immobile(rs, f))
        a->enabled = false, lcr_copy(a->reason, sizeof a->reason, "seriously wounded");
    else
        a->enabled = lcr_may_act(rs, t, f->id, a->reason, sizeof a->reason);
    return 1;
}

const lcr_option lcr_wounds_option = {
    .name = "wounds",
    .create = wounds_create,
    .destroy = free,
    .clone = wounds_clone,
    .clone_into = wounds_clone_into,
    .hash = wounds_hash,
    .on = wounds_on,
    .decision = lcr_wounds_decision,
    .validate_decision = lcr_wounds_validate,
    .legal_decision = lcr_wounds_legal,
    .command = RULES_CMD_AID,
    .validate_command = lcr_wounds_validate_aid,
    .legal_act = lcr_wounds_legal_act,
    .actions = wounds_actions,
    .check_act = lcr_wounds_check_act,
    .may_act = lcr_wounds_may_act,
    .immobile = lcr_wounds_immobile,
    .move_factor = lcr_wounds_move_factor,
    .range = lcr_wounds_range,
    .resolve = wounds_resolve,
    .on_kill = lcr_wounds_on_kill,
    .after_command = lcr_wounds_after_command,
    .apply = lcr_wounds_apply,
    .driver = lcr_wounds_driver,
};
