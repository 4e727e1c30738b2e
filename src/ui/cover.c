/* The hand-over cover. Why a screen of its own rather than a flag of the table view: it must hide
 * every panel drawn by any screen (turn driver, reserved hand, log), and the stack draws it over
 * all of them; its opaque fill is the guarantee that nothing of the previous player shows. */
#include "ui/cover.h"

#include "core/mem.h"

#include <stdio.h>
#include <string.h>

#define COVER_NAME "cover"

#define COVER_GRACE_S 0.4 /* a double click's second half must not lift the cover */

typedef struct cover {
    side_id next;
    char name[TABLE_NAME_MAX]; /* next's, as the screen says it */
    uint32_t rgb;
    double since; /* when it first took input; < 0 before */
    bool stale;   /* no hand-over is due any more (the next side went to the bot): lift it */
    ui_cover_answer_kind answer; /* to the last input, until taken */
} cover;

static bool human(const ui_controller *controller, side_id s)
{
    return s.id > 0 && (s.id >= UI_SIDES_MAX || controller[s.id] == UI_CONTROLLER_HUMAN);
}

ui_cover_plan_kind ui_cover_plan(const table *t, const ui_controller *controller, side_id viewer,
                                 side_id deciding, side_id *want)
{
    int humans = 0;
    side_id first = {0};
    for (int i = 0; i < t->side_count; i++)
        if (human(controller, t->sides[i].id)) {
            if (!humans++)
                first = t->sides[i].id;
        }
    if (human(controller, deciding))
        *want = deciding;
    else if (human(controller, viewer))
        *want = viewer;
    else
        *want = first;
    if (want->id == viewer.id)
        return UI_COVER_KEEP;
    /* Another player takes the screen: hot-seat, or the viewer's own side was just handed to
     * the bot (its player may still be looking). */
    if (viewer.id != 0 && want->id != 0 && (humans >= 2 || !human(controller, viewer)))
        return UI_COVER_HAND_OVER;
    return UI_COVER_SET_VIEWER;
}

bool ui_cover_secrets(const game *g)
{
    const table *t = game_table(g);
    rules_driver_item items[128];
    for (int s = 0; s < t->side_count; s++) {
        int n = game_driver(g, t->sides[s].id, items, 128);
        for (int i = 0; i < n; i++)
            if (items[i].kind == RULES_DRIVER_DECK || items[i].kind == RULES_DRIVER_CARD ||
                items[i].kind == RULES_DRIVER_SEALED || items[i].hidden)
                return true;
    }
    /* a figure some side may not see (a concealed unit) is a secret too */
    for (int s = 0; s < t->side_count; s++)
        for (int i = 0; i < t->figure_count; i++)
            if (t->figures[i].side.id != t->sides[s].id.id && table_figure_active(&t->figures[i]) &&
                !game_visible(g, t->sides[s].id, t->figures[i].id))
                return true;
    return false;
}

/* The side named as the screen says it, and its colour. */
static void cover_target(cover *c, const game *g, side_id next)
{
    const table *t = g ? game_table(g) : NULL;
    const side *sd = t ? table_side(t, next) : NULL;
    c->next = next;
    snprintf(c->name, sizeof c->name, "%s", sd && sd->name[0] ? sd->name : "the next player");
    c->rgb = t ? render_side_rgb(t, next) : 0xc0c0c0;
}

ui_cover_step ui_cover_follow(const game *g, const ui_controller *controller, side_id viewer,
                              ui_screen *shown)
{
    rules_decision d;
    game_decision(g, &d);
    side_id want;
    ui_cover_plan_kind plan = ui_cover_plan(game_table(g), controller, viewer, d.side, &want);
    /* Nothing one player may not see (alternate activations, open dice): the hand passes
     * without a cover; the top bar says whose turn it is. */
    if (plan == UI_COVER_HAND_OVER && !shown && !ui_cover_secrets(g))
        plan = UI_COVER_SET_VIEWER;
    if (shown) {
        /* Players may change hands from the pause menu over the cover: follow the plan; when
         * the screen's player keeps it after all (the side it was for went to the bot), the
         * cover has nothing left to hide and goes as soon as it is on top again. */
        cover *c = shown->data;
        if (plan != UI_COVER_KEEP)
            cover_target(c, g, want);
        c->stale = plan == UI_COVER_KEEP;
        return (ui_cover_step){c->stale ? UI_COVER_STEP_LIFT : UI_COVER_STEP_NONE, c->next};
    }
    if (plan == UI_COVER_SET_VIEWER)
        return (ui_cover_step){UI_COVER_STEP_VIEWER, want};
    if (plan == UI_COVER_HAND_OVER)
        return (ui_cover_step){UI_COVER_STEP_SHOW, want};
    return (ui_cover_step){UI_COVER_STEP_NONE, want};
}

side_id ui_cover_first_viewer(const game *g, const ui_controller *controller)
{
    rules_decision d;
    game_decision(g, &d);
    side_id want;
    ui_cover_plan(game_table(g), controller, (side_id){0}, d.side, &want);
    return want;
}

/* Ctrl+Q is the app's at every moment (ui_app_frame). */
static void cover_input(ui_screen *s, ui_app *app, const ui_input *in)
{
    (void)app;
    cover *c = s->data;
    if (c->stale) {
        c->answer = UI_COVER_LIFTED;
        return;
    }
    if (c->since < 0)
        c->since = in->time;
    if (in->time - c->since < COVER_GRACE_S)
        return;
    for (int i = 0; i < in->key_count; i++) {
        int k = in->keys[i];
        if ((in->key_mods[i] & UI_MOD_CTRL) && k == 'q')
            return;
        if (k == UI_KEY_ESCAPE) {
            c->answer = UI_COVER_PAUSE;
            return;
        }
        if (k == UI_KEY_RETURN || k == ' ') {
            c->answer = UI_COVER_DISMISSED;
            return;
        }
    }
    if (in->pressed[UI_MOUSE_LEFT])
        c->answer = UI_COVER_DISMISSED;
}

ui_cover_answer_kind ui_cover_answer(ui_screen *s, side_id *next)
{
    cover *c = s->data;
    ui_cover_answer_kind a = c->answer;
    c->answer = UI_COVER_WAIT;
    *next = c->next;
    return a;
}

static void cover_draw(ui_screen *s, ui_app *app, render_ctx *ctx)
{
    (void)app;
    cover *c = s->data;
    int w, h;
    render_output_size(ctx, &w, &h);
    float k = render_ui_scale(ctx);
    render_rect(ctx, 0, 0, (float)w, (float)h, 0x14181eff);
    char line[160];
    snprintf(line, sizeof line, "Pass the mouse to %s.", c->name);
    float cx = w / 2.0f, cy = h / 2.0f;
    render_rect(ctx, cx - 160 * k, cy - 70 * k, 320 * k, 8 * k, c->rgb << 8 | 0xff);
    render_text(ctx, cx, cy - 40 * k, line, 26, 0xffffffff, RENDER_ALIGN_CENTRE);
    render_text(ctx, cx, cy + 6 * k, "Click when ready.", 18, 0xc8d0dcff, RENDER_ALIGN_CENTRE);
    render_text(ctx, cx, cy + 44 * k, "Reserved cards and sealed choices stay hidden till then.",
                12, 0x8a96a8ff, RENDER_ALIGN_CENTRE);
    render_text(ctx, cx, cy + 64 * k, "Esc: menu (hand a side to the bot, save, quit)", 12,
                0x8a96a8ff, RENDER_ALIGN_CENTRE);
}

static void cover_destroy(ui_screen *s)
{
    free(s->data);
    free(s);
}

bool ui_cover_is(const ui_screen *s)
{
    return s && s->name && strcmp(s->name, COVER_NAME) == 0;
}

ui_screen *ui_cover_create(const game *g, side_id next)
{
    cover *c = mem_calloc(1, sizeof *c);
    cover_target(c, g, next);
    c->since = -1;
    ui_screen *s = mem_calloc(1, sizeof *s);
    *s = (ui_screen){.name = COVER_NAME,
                     .modal = true,
                     .input = cover_input,
                     .draw = cover_draw,
                     .destroy = cover_destroy,
                     .data = c};
    return s;
}
