/* The target tool: point at an enemy to see the rule set's odds (the area-fire semicircle,
 * the need and the expected hits, or why not), click to fire; a fire the rules want the range
 * stated for waits for the number typed (rules_target.range_guess), with no measuring meanwhile. */
#include "ui/tv.h"

#include "core/mem.h"
#include "ui/action_panel.h"
#include "ui/app.h"
#include "ui/overlay.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct tv_target {
    tv_tool base;
    char option[RULES_WORD_MAX]; /* the fire's option (ammunition); "" none */
    bool guess_on;
    char guess[8];
    rules_command guess_cmd;
    int guess_fig;
} tv_target;

static tv_target *target_of(tv *v)
{
    return (tv_target *)v->tools[TV_TOOL_TARGET];
}

void ui_tv_target_choose(tv *v, const char *option)
{
    ui_tv_choose(v, TV_TOOL_TARGET);
    snprintf(target_of(v)->option, sizeof target_of(v)->option, "%s", option);
}

static const char *target_begin(tv_tool *tl, tv *v, ui_app *app)
{
    ((tv_target *)tl)->option[0] = 0; /* the tool's own fire: the rules' default */
    if (ui_tv_first_selected(v, ui_tv_table(app)) < 0)
        return "Target: select who fires first, then point at an enemy";
    return NULL;
}

/* The fire: the selection with the option chosen on the action panel. */
static rules_command fire_command(const tv_target *tg, const tv *v, const table *t, int ref)
{
    rules_command cmd = ui_tv_selection_command(v, t, ref, RULES_CMD_FIRE);
    snprintf(cmd.option, sizeof cmd.option, "%s", tg->option);
    return cmd;
}

/* A fire with an option aimed at a point (a gun's roundshot): at the clicked figure's centre
 * or the clicked table point, in *out; true when the rules accept it so. */
static bool point_fire(const tv_target *tg, const tv *v, ui_app *app, const table *t, int ref,
                       int hit, rules_command *out)
{
    *out = fire_command(tg, v, t, ref);
    out->point_set = true;
    out->point = hit >= 0 ? t->figures[hit].pos : v->mouse_cm;
    char reason[256];
    return tg->option[0] && game_validate(app->game, out, reason, sizeof reason);
}

/* True when the rules want the range stated for this fire at its target. */
static bool needs_guess(ui_app *app, const rules_command *cmd)
{
    rules_target tg[64];
    int n = game_targets(app->game, cmd, tg, 64);
    for (int i = 0; i < n; i++)
        if (tg[i].figure.id == cmd->target.id && tg[i].range_guess)
            return true;
    return false;
}

static void guess_start(tv_target *tg, ui_app *app, const rules_command *cmd, int hit)
{
    tg->guess_on = true;
    tg->guess[0] = 0;
    tg->guess_cmd = *cmd;
    tg->guess_fig = hit;
    ui_app_toast(app, "State the range in %s: type it, Enter fires, Esc cancels",
                 strcmp(game_measure(app->game), "inch") == 0 ? "inches" : "cm");
}

static bool target_press(tv_tool *tl, tv *v, ui_app *app, const ui_input *in)
{
    (void)in;
    tv_target *tg = (tv_target *)tl;
    const table *t = ui_tv_table(app);
    int hit = ui_tv_hit(v, t, v->mouse_cm);
    int ref = ui_tv_first_selected(v, t);
    if (ref < 0 || (hit >= 0 && ui_tv_selected(v, hit)))
        return false;
    rules_command cmd = fire_command(tg, v, t, ref);
    char reason[256];
    if (hit >= 0)
        cmd.target = t->figures[hit].id;
    if (hit >= 0 && needs_guess(app, &cmd)) {
        guess_start(tg, app, &cmd, hit);
        return false;
    }
    /* A figure named as the target first; else the point, when the rules aim so. On empty
     * table an option's point fire is sent even when refused: the rules say why. */
    rules_command at_point;
    bool as_target = hit >= 0 && game_validate(app->game, &cmd, reason, sizeof reason);
    if (!as_target) {
        bool point_ok = point_fire(tg, v, app, t, ref, hit, &at_point);
        if (point_ok || (hit < 0 && tg->option[0]))
            cmd = at_point;
        else if (hit < 0)
            return false;
    }
    if (ui_tv_submit(v, app, &cmd, reason, sizeof reason)) {
        const figure *tf = table_figure_const(ui_tv_table(app), cmd.target);
        ui_app_toast(app, "Fired at %s", tf && tf->name[0] ? tf->name : "the point");
        ui_tv_choose(v, TV_TOOL_SELECT);
        tg->option[0] = 0;
    } else {
        ui_tv_refused(v, app, "fire", reason);
    }
    return false;
}

static bool target_holds_keys(const tv_tool *tl)
{
    return ((const tv_target *)tl)->guess_on;
}

/* Typing the stated range: digits, Backspace, Enter fires, Esc gives up. */
static bool target_key(tv_tool *tl, tv *v, ui_app *app, int key)
{
    tv_target *tg = (tv_target *)tl;
    if (!tg->guess_on)
        return false;
    size_t n = strlen(tg->guess);
    if (key >= '0' && key <= '9' && n + 1 < sizeof tg->guess) {
        tg->guess[n] = (char)key;
        tg->guess[n + 1] = 0;
    } else if (key == UI_KEY_BACKSPACE && n > 0) {
        tg->guess[n - 1] = 0;
    } else if (key == 'm' || key == 'l') {
        ui_app_toast(app, "No measuring while you guess the range");
    } else if (key == UI_KEY_ESCAPE) {
        tg->guess_on = false;
        ui_app_toast(app, "No shot fired");
    } else if (key == UI_KEY_RETURN && n > 0) {
        rules_command cmd = tg->guess_cmd;
        cmd.count = atoi(tg->guess);
        char reason[256];
        tg->guess_on = false;
        if (ui_tv_submit(v, app, &cmd, reason, sizeof reason))
            ui_app_toast(app, "The gunner calls %d: the shell falls", cmd.count);
        else
            ui_app_toast(app, "%s", reason);
    }
    return true;
}

/* ---- the aim ------------------------------------------------------------------------------- */

/* The rule set's answer for the hovered figure as a target of the selection: false when it is
 * not a legal target now. */
static bool hovered_target(const tv_target *tgt, tv *v, ui_app *app, const table *t,
                           rules_target *out)
{
    int ref = ui_tv_first_selected(v, t);
    if (ref < 0)
        return false;
    rules_command fire = fire_command(tgt, v, t, ref);
    rules_target tg[64];
    int n = game_targets(app->game, &fire, tg, 64);
    for (int i = 0; i < n; i++)
        if (tg[i].figure.id == t->figures[v->hover].id.id) {
            *out = tg[i];
            return true;
        }
    /* A unit-based rule set names the target unit by one figure: any of its figures will do. */
    for (int i = 0; i < n; i++)
        if (tg[i].unit.id && tg[i].unit.id == t->figures[v->hover].unit.id) {
            *out = tg[i];
            return true;
        }
    return false;
}

/* Line of sight from the first firer to the hovered target, in words for the action panel. */
static void aim_sight(tv *v, const table *t, ui_action_aim *aim)
{
    int from = ui_tv_first_selected(v, t);
    if (from < 0)
        return;
    ui_tools_los_result r = ui_tools_los(ui_tv_los(v, t), t, from, v->hover, v->mouse_cm);
    if (r.blocked)
        snprintf(aim->sight, sizeof aim->sight, "blocked by %.100s", r.blocker);
    else
        snprintf(aim->sight, sizeof aim->sight, "clear");
}

/* No legal target: why, in the rule set's words ("why not?"). */
static void draw_why_not(const tv_target *tg, tv *v, ui_app *app, render_ctx *ctx, const table *t,
                         ui_action_aim *aim)
{
    rules_command fire = fire_command(tg, v, t, ui_tv_first_selected(v, t));
    fire.target = t->figures[v->hover].id;
    char reason[200] = "", line[240];
    if (game_validate(app->game, &fire, reason, sizeof reason))
        snprintf(line, sizeof line, "No odds from the rules for this target");
    else
        snprintf(line, sizeof line, "Cannot fire: %s", reason);
    snprintf(aim->why_not, sizeof aim->why_not, "%.190s", line);
    ui_overlay_label(ctx, &v->cam, t->figures[v->hover].pos, line, UI_LOS_BLOCKED_RGB << 8 | 0xff);
}

/* The rule set sizes the area-fire semicircle (lcr: one cm per firer): it and the figures
 * under it, with the odds. */
static void draw_area(tv *v, ui_app *app, render_ctx *ctx, const table *t,
                      const rules_target *target, const char *plan)
{
    vec2s c = t->figures[v->hover].pos, d = glms_vec2_sub(c, ui_tv_selection_centre(v, t));
    float facing = atan2f(d.y, d.x), r = target->area_radius_cm;
    int firers = 0;
    for (int i = 0; i < t->figure_count; i++)
        firers += ui_tv_selected(v, i) && table_figure_active(&t->figures[i]);
    ui_overlay_semicircle(ctx, &v->cam, c, facing, r);
    geom_template tpl = {GEOM_TEMPLATE_SEMICIRCLE, c, r, facing};
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        geom_placed_base b = {f->base, f->pos, f->facing};
        if (table_figure_active(f) && !ui_tv_selected(v, i) && geom_template_base_overlap(&tpl, &b))
            render_figure(ctx, &v->cam, t, f, f->pos, f->facing, RENDER_FIG_HIGHLIGHT);
    }
    char a[32], line[330];
    snprintf(line, sizeof line, "%s%d firer%s, area %s: need %d+, ~%.1f hits", plan, firers,
             firers == 1 ? "" : "s", ui_tv_units_text(app, r, a, sizeof a), target->need,
             target->expected_hits);
    ui_overlay_label(ctx, &v->cam, c, line, UI_SEMICIRCLE_RGB << 8 | 0xff);
}

static void draw_aim(const tv_target *tg, tv *v, ui_app *app, render_ctx *ctx, const table *t,
                     ui_action_aim *aim)
{
    vec2s c = t->figures[v->hover].pos;
    rules_target target;
    if (!hovered_target(tg, v, app, t, &target)) {
        draw_why_not(tg, v, app, ctx, t, aim);
        return;
    }
    aim->valid = true;
    aim->target = target;
    aim_sight(v, t, aim);
    /* Pointed at before the firers may fire (not yet activated, another side's card): the odds
     * are a plan, and say so with the rules' reason. */
    char plan[16] = "";
    rules_command fire = fire_command(tg, v, t, ui_tv_first_selected(v, t));
    fire.target = t->figures[v->hover].id;
    if (tg->option[0]) { /* a gun's shot at a point: at the target's centre */
        fire.point_set = true;
        fire.point = c;
    }
    if (!game_validate(app->game, &fire, aim->plan, sizeof aim->plan))
        snprintf(plan, sizeof plan, "Plan: ");
    else
        aim->plan[0] = 0;
    const figure *hf = &t->figures[v->hover];
    if (target.range_guess) {
        render_figure(ctx, &v->cam, t, hf, c, hf->facing, RENDER_FIG_HIGHLIGHT);
        ui_overlay_label(ctx, &v->cam, c, "Click, then state the range (no measuring)",
                         UI_SEMICIRCLE_RGB << 8 | 0xff);
        return;
    }
    if (target.area_radius_cm > 0) {
        draw_area(v, app, ctx, t, &target, plan);
        return;
    }
    /* 0 is a single target. */
    render_figure(ctx, &v->cam, t, hf, c, hf->facing, RENDER_FIG_HIGHLIGHT);
    char line[260];
    snprintf(line, sizeof line, "%s%s", plan, target.note);
    ui_overlay_label(ctx, &v->cam, c, line, UI_SEMICIRCLE_RGB << 8 | 0xff);
}

/* The range being stated, by the target: only the typed number, never the distance. */
static void draw_guess(const tv_target *tg, tv *v, ui_app *app, render_ctx *ctx, const table *t)
{
    if (!tg->guess_on || tg->guess_fig < 0 || tg->guess_fig >= t->figure_count)
        return;
    const figure *f = &t->figures[tg->guess_fig];
    render_figure(ctx, &v->cam, t, f, f->pos, f->facing, RENDER_FIG_HIGHLIGHT);
    char line[96];
    snprintf(line, sizeof line, "Range guess: %s_ %s  (Enter fires, Esc cancels)", tg->guess,
             strcmp(game_measure(app->game), "inch") == 0 ? "in" : "cm");
    ui_overlay_label(ctx, &v->cam, f->pos, line, 0xffd080ff);
}

/* Every frame, chosen or not, the action panel is told what is aimed at (nothing, unless the
 * tool points at an enemy with firers selected). */
static void target_draw(tv_tool *tl, tv *v, ui_app *app, render_ctx *ctx, const table *t,
                        tv_layer layer)
{
    tv_target *tg = (tv_target *)tl;
    if (layer != TV_LAYER_OVER)
        return;
    ui_action_aim aim = {0};
    /* Nobody selected: nobody fires, so no aim (and no firer to ask the rules about). */
    if (v->tool == TV_TOOL_TARGET && v->hover >= 0 && !ui_tv_selected(v, v->hover) &&
        ui_tv_first_selected(v, t) >= 0)
        draw_aim(tg, v, app, ctx, t, &aim);
    ui_action_panel_set_aim(v->actions, &aim);
    draw_guess(tg, v, app, ctx, t);
}

static const tv_tool_ops target_ops = {
    .name = "target",
    .hint = "Target: point at an enemy, click to fire",
    .begin = target_begin,
    .press = target_press,
    .key = target_key,
    .holds_keys = target_holds_keys,
    .draw = target_draw,
};

tv_tool *ui_tv_target_create(void)
{
    tv_target *tg = mem_calloc(1, sizeof *tg);
    tg->base.ops = &target_ops;
    return &tg->base;
}
