#include "ui/action_panel.h"

#include "core/mem.h"
#include "ui/driver_panel.h"
#include "ui/overlay.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define AP_ACTIONS 16
#define AP_LEGAL   128
#define PAD        10.0f
#define ROW_H      24.0f

typedef struct ap_rect {
    float x, y, w, h;
} ap_rect;

struct ui_action_panel {
    figure_id selected;
    ui_action_aim aim;
    /* what the engine said, for (game, state_version, selected) */
    const game *seen_game;
    uint32_t seen_version;
    figure_id seen_selected;
    side_id seen_viewer; /* the orders are the viewer's only */
    bool ready;
    rules_decision dec;
    figure_id actor;
    rules_action acts[AP_ACTIONS];
    int act_count;
    ui_actions orders;
    /* hit allocation */
    int pick_cursor; /* the log cursor the pick belongs to; -1 none */
    figure_id pick[UI_ACTION_PICK_MAX];
    int pick_count;
    rules_command suggested;
    bool has_suggested;
    bool pick_ok;
    char pick_reason[200];
    /* the area of the last fire the player aimed (when the rule set cannot say it again) */
    rules_target last_aim;
    vec2s last_aim_from;
    bool has_last_aim;
    /* layout by the last draw */
    bool paint;
    ap_rect panel;
    ap_rect act_r[AP_ACTIONS];
    ap_rect order_r[UI_ACTIONS_MAX];
    ap_rect accept_r, confirm_r, clear_r;
    ap_rect actor_r, aim_r, pick_r, suggested_r; /* lines that name figures */
    int hover_act;
    char why_not[200]; /* shown for the hovered disabled action */
};

ui_action_panel *ui_action_panel_create(void)
{
    ui_action_panel *p = mem_calloc(1, sizeof *p);
    p->pick_cursor = -1;
    p->hover_act = -1;
    return p;
}

void ui_action_panel_destroy(ui_action_panel *p)
{
    free(p);
}

void ui_action_panel_set_selected(ui_action_panel *p, figure_id selected)
{
    p->selected = selected;
}

void ui_action_panel_set_aim(ui_action_panel *p, const ui_action_aim *aim)
{
    p->aim = *aim;
    if (aim->valid && aim->target.area_radius_cm > 0) {
        p->last_aim = aim->target;
        p->has_last_aim = true;
    }
}

/* ---- reading the engine -------------------------------------------------------------------- */

static void pick_check(ui_action_panel *p, const game *g)
{
    rules_command cmd = {.kind = RULES_CMD_ALLOCATE, .side = p->dec.side};
    for (int i = 0; i < p->pick_count; i++)
        rules_command_add_figure(&cmd, p->pick[i]);
    p->pick_reason[0] = 0;
    p->pick_ok = p->pick_count > 0 && game_validate(g, &cmd, p->pick_reason, sizeof p->pick_reason);
}

static void allocation_refresh(ui_action_panel *p, const game *g)
{
    if (p->dec.kind != RULES_DECIDE_ALLOCATE_HITS) {
        p->pick_cursor = -1;
        p->pick_count = 0;
        p->has_suggested = false;
        return;
    }
    if (p->pick_cursor != game_cursor(g)) {
        p->pick_cursor = game_cursor(g);
        p->pick_count = 0;
    }
    rules_command legal[8];
    int n = game_legal(g, legal, 8);
    p->has_suggested = false;
    for (int i = 0; i < n && !p->has_suggested; i++)
        if (legal[i].kind == RULES_CMD_ALLOCATE) {
            p->suggested = legal[i];
            p->has_suggested = true;
        }
    pick_check(p, g);
}

/* True when the actor listed can do something of his own now (ending the activation or
 * passing is the side's, not his). */
static bool any_enabled(const ui_action_panel *p)
{
    for (int i = 0; i < p->act_count; i++)
        if (p->acts[i].enabled && p->acts[i].kind != RULES_CMD_END_ACTIVATION &&
            p->acts[i].kind != RULES_CMD_PASS)
            return true;
    return false;
}

static bool any_enabled_at_all(const ui_action_panel *p)
{
    for (int i = 0; i < p->act_count; i++)
        if (p->acts[i].enabled)
            return true;
    return false;
}

static void refresh(ui_action_panel *p, const ui_view *view)
{
    const game *g = view->game;
    if (p->ready && p->seen_game == g && p->seen_version == view->state_version &&
        p->seen_selected.id == p->selected.id && p->seen_viewer.id == view->viewer.id)
        return;
    game_decision_seen(g, view->viewer, &p->dec);
    const figure *sel = p->selected.id ? table_figure_const(game_table(g), p->selected) : NULL;
    p->actor = sel && sel->side.id == p->dec.side.id ? p->selected : p->dec.figure;
    p->act_count =
        p->dec.kind == RULES_DECIDE_NONE ? 0 : game_actions(g, p->actor, p->acts, AP_ACTIONS);
    /* The panel follows the decision's actor: a selected figure that can do nothing now (the
     * one picked before the card came up) gives way to the figure the engine says acts. */
    if (p->dec.figure.id && p->actor.id != p->dec.figure.id && !any_enabled(p)) {
        p->actor = p->dec.figure;
        p->act_count = game_actions(g, p->actor, p->acts, AP_ACTIONS);
    }
    /* Another side's orders are not the viewer's to give, and would name its concealed units
     * (a network player or spectator watching the other side decide). */
    if (view->viewer.id && p->dec.side.id != view->viewer.id)
        p->orders.count = 0;
    else
        ui_actions_collect(g, &p->orders);
    allocation_refresh(p, g);
    p->ready = true;
    p->seen_game = g;
    p->seen_version = view->state_version;
    p->seen_selected = p->selected;
    p->seen_viewer = view->viewer;
}

/* ---- what a click asks for ----------------------------------------------------------------- */

static bool has_figure(const rules_command *c, figure_id f)
{
    for (int i = 0; i < c->figure_count; i++)
        if (c->figures[i].id == f.id)
            return true;
    return c->figure.id == f.id && f.id;
}

/* The engine's own example of an action of this kind (and option), preferring one that
 * includes the actor. */
static bool legal_example(const game *g, const rules_action *a, figure_id actor, rules_command *out)
{
    rules_command *legal = mem_calloc(AP_LEGAL, sizeof *legal);
    int n = game_legal(g, legal, AP_LEGAL), best = -1;
    for (int i = 0; i < n; i++) {
        if (legal[i].kind != a->kind || (a->option[0] && strcmp(legal[i].option, a->option) != 0))
            continue;
        if (best < 0 ||
            (actor.id && has_figure(&legal[i], actor) && !has_figure(&legal[best], actor)))
            best = i;
    }
    if (best >= 0)
        *out = legal[best];
    free(legal);
    return best >= 0;
}

static ui_action_request action_request(ui_action_panel *p, const ui_view *view,
                                        const rules_action *a)
{
    const game *g = view->game;
    const table *t = game_table(g);
    rules_command ex = {0};
    bool have = legal_example(g, a, p->actor, &ex);
    switch (a->kind) {
    case RULES_CMD_MOVE:
    case RULES_CMD_EVADE:
    case RULES_CMD_WHEEL:
    case RULES_CMD_ROTATE:
    case RULES_CMD_FIRE:
    case RULES_CMD_CHARGE: {
        if (!have) {
            ex = (rules_command){.kind = a->kind, .side = p->dec.side};
            snprintf(ex.option, sizeof ex.option, "%s", a->option);
            if (p->actor.id)
                rules_command_add_figure(&ex, p->actor);
        }
        /* A unit order names the unit: its active figures are the ones to drag or fire. */
        if (ex.figure_count == 0 && ex.unit.id)
            for (int i = 0; i < t->figure_count; i++)
                if (t->figures[i].unit.id == ex.unit.id && table_figure_active(&t->figures[i]))
                    rules_command_add_figure(&ex, t->figures[i].id);
        bool aim = a->kind == RULES_CMD_FIRE || a->kind == RULES_CMD_CHARGE;
        return (ui_action_request){.kind = aim ? UI_ACTION_TARGET : UI_ACTION_MOVE, .cmd = ex};
    }
    default:
        break;
    }
    if (!have) {
        const figure *f = p->actor.id ? table_figure_const(t, p->actor) : NULL;
        ex = (rules_command){.kind = a->kind,
                             .side = p->dec.side,
                             .figure = p->actor,
                             .unit = f ? f->unit : p->dec.unit};
        snprintf(ex.option, sizeof ex.option, "%s", a->option);
    }
    return (ui_action_request){.kind = UI_ACTION_SUBMIT, .cmd = ex};
}

/* ---- drawing ------------------------------------------------------------------------------- */

static bool in_rect(ap_rect r, float x, float y)
{
    return r.w > 0 && x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;
}

static void ap_fill(const ui_action_panel *p, render_ctx *ctx, ap_rect r, uint32_t rgba)
{
    if (p->paint)
        render_rect(ctx, r.x, r.y, r.w, r.h, rgba);
}

static void ap_outline(const ui_action_panel *p, render_ctx *ctx, ap_rect r, uint32_t rgba)
{
    if (p->paint)
        render_rect_outline(ctx, r.x, r.y, r.w, r.h, rgba);
}

static void ap_text(const ui_action_panel *p, render_ctx *ctx, float x, float y, const char *text,
                    float size, uint32_t rgba)
{
    if (p->paint)
        render_text(ctx, x, y, text, size, rgba, RENDER_ALIGN_LEFT);
}

/* Text wrapped at word boundaries into the panel's width; returns the y below it. */
static float ap_wrapped(const ui_action_panel *p, render_ctx *ctx, float x, float y,
                        const char *text, float size, uint32_t rgba, float max_w)
{
    float k = render_ui_scale(ctx);
    char line[256];
    const char *s = text;
    while (*s) {
        size_t best = render_text_line_len(ctx, s, size, max_w);
        snprintf(line, sizeof line, "%.*s", (int)best, s);
        ap_text(p, ctx, x, y, line, size, rgba);
        y += size * k * 1.45f;
        s += best;
        while (*s == ' ')
            s++;
    }
    return y;
}

static float title(const ui_action_panel *p, render_ctx *ctx, float y, const char *text)
{
    float k = render_ui_scale(ctx);
    ap_text(p, ctx, p->panel.x + PAD * k, y, text, 11, 0xffe08aff);
    return y + 17 * k;
}

static void actor_line(const ui_action_panel *p, const table *t, char *buf, size_t size)
{
    const figure *f = p->actor.id ? table_figure_const(t, p->actor) : NULL;
    const unit *u = f ? table_unit_const(t, f->unit) : table_unit_const(t, p->dec.unit);
    if (f && u)
        snprintf(buf, size, "%s, %s %s - %s (%s)", f->name[0] ? f->name : "figure",
                 table_quality_name(f->quality), table_role_name(f->role), u->name,
                 u->formation[0] ? u->formation : "-");
    else if (f)
        snprintf(buf, size, "%s", f->name);
    else if (u)
        snprintf(buf, size, "%s (%s)", u->name, u->formation);
    else
        buf[0] = 0;
}

/* Action buttons two to a row: enabled bright, disabled grey; the hovered disabled one's
 * reason below them. */
static float draw_actions(ui_action_panel *p, const ui_view *view, render_ctx *ctx, float y,
                          float mx, float my)
{
    float k = render_ui_scale(ctx), x0 = p->panel.x + PAD * k;
    float bw = (p->panel.w - 2 * PAD * k - 6 * k) / 2, bh = ROW_H * k;
    const table *t = game_table(view->game);
    char line[200];
    actor_line(p, t, line, sizeof line);
    y = title(p, ctx, y, "Actions");
    if (line[0]) {
        float y0 = y;
        y = ap_wrapped(p, ctx, x0, y, line, 10, 0xd8dee8ff, p->panel.w - 2 * PAD * k);
        p->actor_r = (ap_rect){x0, y0, p->panel.w - 2 * PAD * k, y - y0};
    }
    p->hover_act = -1;
    for (int i = 0; i < p->act_count; i++) {
        const rules_action *a = &p->acts[i];
        ap_rect r = {x0 + (float)(i % 2) * (bw + 6 * k), y + (float)(i / 2) * (bh + 5 * k), bw, bh};
        p->act_r[i] = r;
        bool hover = in_rect(r, mx, my);
        if (hover)
            p->hover_act = i;
        ap_fill(p, ctx, r, a->enabled ? (hover ? 0x35507af0 : 0x263a5af0) : 0x24262af0);
        ap_outline(p, ctx, r, a->enabled ? 0x7fa8e0ff : 0x4a4e56ff);
        char fitted[64];
        if (p->paint)
            render_text_fit(ctx, a->label, 11, r.w - 12 * k, fitted, sizeof fitted);
        ap_text(p, ctx, r.x + 8 * k, r.y + 5 * k, p->paint ? fitted : "", 11,
                a->enabled ? 0xffffffff : 0x80858eff);
    }
    y += (float)((p->act_count + 1) / 2) * (bh + 5 * k);
    p->why_not[0] = 0;
    if (p->hover_act >= 0 && !p->acts[p->hover_act].enabled) {
        snprintf(line, sizeof line, "Why not: %s", p->acts[p->hover_act].reason);
        snprintf(p->why_not, sizeof p->why_not, "%s", p->acts[p->hover_act].reason);
        y = ap_wrapped(p, ctx, x0, y + 2 * k, line, 10, 0xffb080ff, p->panel.w - 2 * PAD * k);
    }
    return y + 6 * k;
}

static float draw_orders(ui_action_panel *p, render_ctx *ctx, float y)
{
    float k = render_ui_scale(ctx), x0 = p->panel.x + PAD * k, bh = 22 * k;
    float bw = p->panel.w - 2 * PAD * k;
    if (p->orders.count == 0)
        return y;
    y = title(p, ctx, y, "Orders (keys 1-9)");
    for (int i = 0; i < p->orders.count; i++) {
        ap_rect r = {x0, y, bw, bh};
        p->order_r[i] = r;
        char text[128];
        snprintf(text, sizeof text, "%d  %s", i + 1, p->orders.items[i].label);
        char fitted[128];
        if (p->paint)
            render_text_fit(ctx, text, 11, r.w - 12 * k, fitted, sizeof fitted);
        ap_fill(p, ctx, r, 0x203048e8);
        ap_outline(p, ctx, r, 0x5f88c0ff);
        ap_text(p, ctx, r.x + 7 * k, r.y + 4 * k, p->paint ? fitted : "", 11, 0xffffffff);
        y += bh + 4 * k;
    }
    return y + 4 * k;
}

static float draw_aim(ui_action_panel *p, const ui_view *view, render_ctx *ctx, float y)
{
    float k = render_ui_scale(ctx), x0 = p->panel.x + PAD * k, mw = p->panel.w - 2 * PAD * k;
    if (p->aim.why_not[0] && !p->aim.valid) {
        y = title(p, ctx, y, "Target");
        return ap_wrapped(p, ctx, x0, y, p->aim.why_not, 10, 0xff9a8aff, mw) + 6 * k;
    }
    if (!p->aim.valid)
        return y;
    const rules_target *tg = &p->aim.target;
    const table *t = game_table(view->game);
    const figure *f = table_figure_const(t, tg->figure);
    const unit *u = table_unit_const(t, tg->unit.id ? tg->unit : (f ? f->unit : (unit_id){0}));
    char line[256], dist[32];
    y = title(p, ctx, y,
              p->aim.plan[0] ? "Target (a plan: no fire yet)" : "Target (click to fire)");
    p->aim_r = (ap_rect){x0, y, mw, 14 * k};
    snprintf(line, sizeof line, "%s%s%s", f ? f->name : "figure", u ? " - " : "", u ? u->name : "");
    y = ap_wrapped(p, ctx, x0, y, line, 10, 0xffffffff, mw);
    if (p->aim.plan[0])
        y = ap_wrapped(p, ctx, x0, y, p->aim.plan, 10, 0xffc080ff, mw);
    if (tg->range_guess) {
        /* the gunner guesses: no range, no odds, until the shot has fallen */
        y = ap_wrapped(p, ctx, x0, y, "Range withheld: state your guess (click, type, Enter)", 10,
                       0xffd080ff, mw);
        if (tg->note[0])
            y = ap_wrapped(p, ctx, x0, y, tg->note, 10, 0xb8c0ccff, mw);
        return y + 6 * k;
    }
    snprintf(line, sizeof line, "Range %s, band: %s",
             render_format_distance(tg->range_cm, view->settings.units, dist, sizeof dist),
             tg->band[0] ? tg->band : "-");
    y = ap_wrapped(p, ctx, x0, y, line, 10, 0xe0e6f0ff, mw);
    snprintf(line, sizeof line, "Sight: %s", p->aim.sight[0] ? p->aim.sight : "clear");
    y = ap_wrapped(p, ctx, x0, y, line, 10, 0xe0e6f0ff, mw);
    const char *dice = tg->dice == 1 ? "die" : "dice";
    if (tg->need >= 7)
        snprintf(line, sizeof line, "%d %s: cannot score (need %d+)", tg->dice, dice, tg->need);
    else
        snprintf(line, sizeof line, "%d %s, need %d+%s", tg->dice, dice, tg->need,
                 tg->dice == 1 ? "" : " on each");
    y = ap_wrapped(p, ctx, x0, y, line, 10, 0xe0e6f0ff, mw);
    snprintf(line, sizeof line, "Expected: %.1f hits, %.1f removed", tg->expected_hits,
             tg->expected_kills);
    y = ap_wrapped(p, ctx, x0, y, line, 11, 0x9af0a0ff, mw);
    if (tg->area_radius_cm > 0) {
        snprintf(
            line, sizeof line, "Area fire: hits fall in a semicircle of %s",
            render_format_distance(tg->area_radius_cm, view->settings.units, dist, sizeof dist));
        y = ap_wrapped(p, ctx, x0, y, line, 10, 0xe0e6f0ff, mw);
    }
    if (tg->note[0])
        y = ap_wrapped(p, ctx, x0, y, tg->note, 10, 0xb8c0ccff, mw);
    return y + 6 * k;
}

static float button(ui_action_panel *p, render_ctx *ctx, ap_rect *out, float x, float y, float w,
                    const char *label, bool enabled, bool primary)
{
    float k = render_ui_scale(ctx);
    *out = (ap_rect){x, y, w, ROW_H * k};
    ap_fill(p, ctx, *out, !enabled ? 0x24262af0 : primary ? 0x2f6a3ef0 : 0x263a5af0);
    ap_outline(p, ctx, *out, !enabled ? 0x4a4e56ff : primary ? 0x8fe0a0ff : 0x7fa8e0ff);
    ap_text(p, ctx, x + 8 * k, y + 5 * k, label, 11, enabled ? 0xffffffff : 0x80858eff);
    return y + (ROW_H + 5) * k;
}

static void names_of(const table *t, const figure_id *ids, int n, char *buf, size_t size)
{
    buf[0] = 0;
    size_t len = 0;
    for (int i = 0; i < n && len + 4 < size; i++) {
        const figure *f = table_figure_const(t, ids[i]);
        int w = snprintf(buf + len, size - len, "%s%s", i ? ", " : "", f ? f->name : "?");
        if (w < 0)
            break;
        len += (size_t)w;
    }
}

static float draw_allocation(ui_action_panel *p, const ui_view *view, render_ctx *ctx, float y)
{
    if (p->dec.kind != RULES_DECIDE_ALLOCATE_HITS)
        return y;
    float k = render_ui_scale(ctx), x0 = p->panel.x + PAD * k, mw = p->panel.w - 2 * PAD * k;
    const table *t = game_table(view->game);
    char line[400], names[300];
    y = title(p, ctx, y, "Allocate hits");
    snprintf(line, sizeof line, "%s. Click figures inside the area to pick them.",
             p->dec.prompt[0] ? p->dec.prompt : "Pick the figures that take the hits");
    y = ap_wrapped(p, ctx, x0, y, line, 10, 0xffffffff, mw);
    names_of(t, p->pick, p->pick_count, names, sizeof names);
    snprintf(line, sizeof line, "Your pick (%d of %d): %s", p->pick_count, p->dec.count,
             p->pick_count ? names : "none yet");
    float y0 = y;
    y = ap_wrapped(p, ctx, x0, y, line, 10, 0xff9090ff, mw);
    p->pick_r = (ap_rect){x0, y0, mw, y - y0};
    if (p->pick_count && !p->pick_ok && p->pick_reason[0]) {
        snprintf(line, sizeof line, "Not yet: %s", p->pick_reason);
        y = ap_wrapped(p, ctx, x0, y, line, 10, 0xffb080ff, mw);
    }
    if (p->has_suggested) {
        names_of(t, p->suggested.figures, p->suggested.figure_count, names, sizeof names);
        snprintf(line, sizeof line, "Suggested: %s", names);
        y0 = y;
        y = ap_wrapped(p, ctx, x0, y, line, 10, 0xffe08aff, mw);
        p->suggested_r = (ap_rect){x0, y0, mw, y - y0};
    }
    float bw = (mw - 6 * k) / 2;
    button(p, ctx, &p->accept_r, x0, y + 2 * k, bw, "Accept suggested", p->has_suggested, true);
    y = button(p, ctx, &p->confirm_r, x0 + bw + 6 * k, y + 2 * k, bw, "Confirm my pick", p->pick_ok,
               false);
    y = button(p, ctx, &p->clear_r, x0, y, bw, "Clear pick", p->pick_count > 0, false);
    return y + 4 * k;
}

static float sections(ui_action_panel *p, const ui_view *view, render_ctx *ctx, float mx, float my)
{
    float k = render_ui_scale(ctx), y = p->panel.y + 8 * k;
    y = draw_allocation(p, view, ctx, y);
    y = draw_aim(p, view, ctx, y);
    /* While hits are allocated the figures' actions wait: no Fire to click and be refused. In
     * a short window a grid of nothing but greyed buttons gives its room to the orders. */
    int vw, vh;
    render_output_size(ctx, &vw, &vh);
    bool room = (float)vh >= 700 * k || any_enabled_at_all(p);
    if (p->act_count && p->dec.kind != RULES_DECIDE_ALLOCATE_HITS && room)
        y = draw_actions(p, view, ctx, y, mx, my);
    return draw_orders(p, ctx, y);
}

void ui_action_panel_draw(ui_action_panel *p, const ui_view *view, render_ctx *ctx, float top,
                          float mouse_x, float mouse_y)
{
    refresh(p, view);
    float k = render_ui_scale(ctx);
    int w, h;
    render_output_size(ctx, &w, &h);
    p->panel =
        (ap_rect){(float)w - (UI_DRIVER_PANEL_W + 8) * k, top + 8 * k, UI_DRIVER_PANEL_W * k, 0};
    memset(p->act_r, 0, sizeof p->act_r);
    memset(p->order_r, 0, sizeof p->order_r);
    p->accept_r = p->confirm_r = p->clear_r = (ap_rect){0};
    p->actor_r = p->aim_r = p->pick_r = p->suggested_r = (ap_rect){0};
    p->paint = false;
    float bottom = sections(p, view, ctx, mouse_x, mouse_y);
    if (bottom <= p->panel.y + 8 * k + 1)
        return;
    p->panel.h = bottom - p->panel.y;
    render_rect(ctx, p->panel.x, p->panel.y, p->panel.w, p->panel.h, 0x101418ff);
    p->paint = true;
    sections(p, view, ctx, mouse_x, mouse_y);
    render_rect_outline(ctx, p->panel.x, p->panel.y, p->panel.w, p->panel.h, 0x40506aff);
}

bool ui_action_panel_action_rect(const ui_action_panel *p, rules_command_kind kind, float *x,
                                 float *y, float *w, float *h)
{
    for (int i = 0; i < p->act_count; i++)
        if (p->acts[i].kind == kind && p->act_r[i].w > 0) {
            *x = p->act_r[i].x, *y = p->act_r[i].y, *w = p->act_r[i].w, *h = p->act_r[i].h;
            return true;
        }
    return false;
}

bool ui_action_panel_order_rect(const ui_action_panel *p, int n, float *x, float *y, float *w,
                                float *h)
{
    if (n < 0 || n >= p->orders.count || p->order_r[n].w <= 0)
        return false;
    *x = p->order_r[n].x, *y = p->order_r[n].y, *w = p->order_r[n].w, *h = p->order_r[n].h;
    return true;
}

figure_id ui_action_panel_actor(const ui_action_panel *p)
{
    return p->actor;
}

const char *ui_action_panel_why_not(const ui_action_panel *p)
{
    return p->why_not;
}

/* ---- input --------------------------------------------------------------------------------- */

bool ui_action_panel_contains(const ui_action_panel *p, float x, float y)
{
    return in_rect(p->panel, x, y);
}

static ui_action_request submit_of(const rules_command *cmd)
{
    return (ui_action_request){.kind = UI_ACTION_SUBMIT, .cmd = *cmd};
}

static ui_action_request note_of(const rules_action *a)
{
    ui_action_request rq = {.kind = UI_ACTION_NOTE};
    snprintf(rq.note, sizeof rq.note, "%s: %s", a->label, a->reason);
    return rq;
}

bool ui_action_panel_click(ui_action_panel *p, const ui_view *view, float x, float y,
                           ui_action_request *out)
{
    *out = (ui_action_request){0};
    if (!ui_action_panel_contains(p, x, y))
        return false;
    refresh(p, view);
    for (int i = 0; i < p->act_count; i++)
        if (in_rect(p->act_r[i], x, y)) {
            if (p->acts[i].enabled)
                *out = action_request(p, view, &p->acts[i]);
            else
                *out = note_of(&p->acts[i]);
            return true;
        }
    for (int i = 0; i < p->orders.count; i++)
        if (in_rect(p->order_r[i], x, y))
            return ui_action_panel_order(p, view, i, out), true;
    if (in_rect(p->accept_r, x, y) && p->has_suggested)
        *out = submit_of(&p->suggested);
    if (in_rect(p->confirm_r, x, y))
        ui_action_panel_confirm(p, view, out);
    if (in_rect(p->clear_r, x, y)) {
        p->pick_count = 0;
        pick_check(p, view->game);
    }
    return true;
}

bool ui_action_panel_order(ui_action_panel *p, const ui_view *view, int n, ui_action_request *out)
{
    refresh(p, view);
    *out = (ui_action_request){0};
    if (n < 0 || n >= p->orders.count)
        return false;
    *out = submit_of(&p->orders.items[n].cmd);
    return true;
}

/* ---- hit allocation -------------------------------------------------------------------------- */

bool ui_action_panel_allocating(const ui_view *view)
{
    rules_decision d;
    game_decision(view->game, &d);
    return d.kind == RULES_DECIDE_ALLOCATE_HITS;
}

void ui_action_panel_note_submit(ui_action_panel *p, const game *g, const rules_command *cmd)
{
    if (cmd->kind != RULES_CMD_FIRE || !cmd->target.id)
        return;
    rules_target tg[64];
    int n = game_targets(g, cmd, tg, 64);
    for (int i = 0; i < n; i++)
        if (tg[i].figure.id == cmd->target.id && tg[i].area_radius_cm > 0) {
            p->last_aim = tg[i];
            p->has_last_aim = true;
        }
}

const char *ui_action_panel_pick(ui_action_panel *p, const ui_view *view, figure_id fig)
{
    refresh(p, view);
    for (int i = 0; i < p->pick_count; i++)
        if (p->pick[i].id == fig.id) {
            memmove(&p->pick[i], &p->pick[i + 1],
                    sizeof p->pick[0] * (size_t)(p->pick_count - i - 1));
            p->pick_count--;
            pick_check(p, view->game);
            return NULL;
        }
    if (p->pick_count < UI_ACTION_PICK_MAX)
        p->pick[p->pick_count++] = fig;
    pick_check(p, view->game);
    if (!p->pick_ok && p->pick_count >= p->dec.count && p->pick_reason[0])
        return p->pick_reason;
    return NULL;
}

bool ui_action_panel_confirm(ui_action_panel *p, const ui_view *view, ui_action_request *out)
{
    refresh(p, view);
    *out = (ui_action_request){0};
    if (p->dec.kind != RULES_DECIDE_ALLOCATE_HITS)
        return false;
    if (!p->pick_ok) {
        out->kind = UI_ACTION_REFUSED;
        snprintf(out->refused.what, sizeof out->refused.what, "allocate so");
        snprintf(out->refused.reason, sizeof out->refused.reason, "%s",
                 p->pick_reason[0] ? p->pick_reason : "pick figures first");
        return true;
    }
    rules_command cmd = {.kind = RULES_CMD_ALLOCATE, .side = p->dec.side};
    for (int i = 0; i < p->pick_count; i++)
        rules_command_add_figure(&cmd, p->pick[i]);
    *out = submit_of(&cmd);
    return true;
}

bool ui_action_panel_picked(const ui_action_panel *p, figure_id fig)
{
    for (int i = 0; i < p->pick_count; i++)
        if (p->pick[i].id == fig.id)
            return true;
    return false;
}

/* The area of the fire whose hits are being allocated: the last FIRE in the log, sized by the
 * rule set's targets query, else by the aim the player saw before firing. */
static bool fire_area(ui_action_panel *p, const game *g, vec2s *centre, float *facing, float *r)
{
    const table *t = game_table(g);
    for (int i = game_cursor(g) - 1; i >= 0 && i >= game_cursor(g) - 4; i--) {
        const rules_command *c = game_command_at(g, i);
        if (!c || c->kind != RULES_CMD_FIRE || !c->target.id)
            continue;
        const figure *tf = table_figure_const(t, c->target);
        if (!tf || c->figure_count == 0)
            return false;
        vec2s from = {{0, 0}};
        for (int k = 0; k < c->figure_count; k++) {
            const figure *f = table_figure_const(t, c->figures[k]);
            from = glms_vec2_add(from, f ? f->pos : tf->pos);
        }
        from = glms_vec2_scale(from, 1.0f / (float)c->figure_count);
        rules_target tg[64];
        int n = game_targets(g, c, tg, 64);
        *r = 0;
        for (int k = 0; k < n; k++)
            if (tg[k].figure.id == c->target.id)
                *r = tg[k].area_radius_cm;
        if (*r <= 0 && p->has_last_aim && p->last_aim.figure.id == c->target.id)
            *r = p->last_aim.area_radius_cm;
        *centre = tf->pos;
        *facing = atan2f(tf->pos.y - from.y, tf->pos.x - from.x);
        return *r > 0;
    }
    return false;
}

void ui_action_panel_draw_table(ui_action_panel *p, const ui_view *view, render_ctx *ctx,
                                const render_camera *cam)
{
    refresh(p, view);
    if (p->dec.kind != RULES_DECIDE_ALLOCATE_HITS)
        return;
    const table *t = game_table(view->game);
    vec2s c;
    float facing, r;
    if (fire_area(p, view->game, &c, &facing, &r))
        ui_overlay_semicircle(ctx, cam, c, facing, r);
    for (int i = 0; p->has_suggested && i < p->suggested.figure_count; i++) {
        const figure *f = table_figure_const(t, p->suggested.figures[i]);
        if (f)
            render_circle_cm(ctx, cam, f->pos, f->base.radius_cm + 0.5f, 1.5f, 0xffe08aff);
    }
    for (int i = 0; i < p->pick_count; i++) {
        const figure *f = table_figure_const(t, p->pick[i]);
        if (f)
            render_circle_cm(ctx, cam, f->pos, f->base.radius_cm + 0.9f, 3.0f, 0xff4040ff);
    }
}

/* ---- what is named under the pointer ------------------------------------------------------- */

static void add_command(ui_names *set, const game *g, const rules_command *c)
{
    ui_names_add(set, c->figure);
    for (int i = 0; i < c->figure_count; i++)
        ui_names_add(set, c->figures[i]);
    ui_names_add(set, c->target);
    /* An order to a leader: he and the figures he would activate. */
    if (c->figure.id && (c->kind == RULES_CMD_ACTIVATE || c->kind == RULES_CMD_PLAY_RESERVED)) {
        figure_id ids[UI_NAMES_MAX];
        float r;
        int n = game_command_radius(g, c->figure, &r, ids, UI_NAMES_MAX);
        for (int i = 0; i < n && i < UI_NAMES_MAX; i++)
            ui_names_add(set, ids[i]);
    }
    if (c->unit.id && c->figure_count == 0 && !c->figure.id) {
        const table *t = game_table(g);
        for (int i = 0; i < t->figure_count; i++)
            if (t->figures[i].unit.id == c->unit.id && table_figure_active(&t->figures[i]))
                ui_names_add(set, t->figures[i].id);
    }
}

bool ui_action_panel_named(ui_action_panel *p, const ui_view *view, float x, float y, ui_names *out)
{
    if (!ui_action_panel_contains(p, x, y))
        return false;
    refresh(p, view);
    const game *g = view->game;
    for (int i = 0; i < p->orders.count; i++)
        if (in_rect(p->order_r[i], x, y))
            add_command(out, g, &p->orders.items[i].cmd);
    for (int i = 0; i < p->act_count; i++)
        if (in_rect(p->act_r[i], x, y))
            ui_names_add(out, p->actor);
    if (in_rect(p->actor_r, x, y))
        ui_names_add(out, p->actor);
    if (in_rect(p->aim_r, x, y) && p->aim.valid)
        ui_names_add(out, p->aim.target.figure);
    for (int i = 0; in_rect(p->pick_r, x, y) && i < p->pick_count; i++)
        ui_names_add(out, p->pick[i]);
    for (int i = 0; in_rect(p->suggested_r, x, y) && i < p->suggested.figure_count; i++)
        ui_names_add(out, p->suggested.figures[i]);
    return true;
}

const ui_action_aim *ui_action_panel_aim(const ui_action_panel *p)
{
    return &p->aim;
}
