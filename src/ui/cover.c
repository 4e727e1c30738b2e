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
    double since; /* when it first took input; < 0 before */
    bool stale;   /* no hand-over is due any more (the next side went to the bot): lift it */
} cover;

static bool human(const ui_controller *controller, side_id s)
{
    return s.id > 0 && (s.id >= UI_APP_SIDES_MAX || controller[s.id] == UI_CONTROLLER_HUMAN);
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

static cover *showing(const ui_app *app)
{
    for (int i = 0; i < app->depth; i++)
        if (app->stack[i]->name && strcmp(app->stack[i]->name, COVER_NAME) == 0)
            return app->stack[i]->data;
    return NULL;
}

bool ui_cover_showing(const ui_app *app)
{
    return showing(app) != NULL;
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

void ui_cover_update(ui_app *app)
{
    if (!app->game)
        return;
    rules_decision d;
    game_decision(app->game, &d);
    side_id want;
    ui_cover_plan_kind plan =
        ui_cover_plan(game_table(app->game), app->controller, app->viewer, d.side, &want);
    /* Nothing one player may not see (alternate activations, open dice): the hand passes
     * without a cover; the top bar says whose turn it is. */
    if (plan == UI_COVER_HAND_OVER && !showing(app) && !ui_cover_secrets(app->game))
        plan = UI_COVER_SET_VIEWER;
    cover *c = showing(app);
    if (c) {
        /* Players may change hands from the pause menu over the cover: follow the plan; when
         * the screen's player keeps it after all (the side it was for went to the bot), the
         * cover has nothing left to hide and goes as soon as it is on top again. */
        if (plan != UI_COVER_KEEP)
            c->next = want;
        c->stale = plan == UI_COVER_KEEP;
        if (c->stale && app->depth && app->stack[app->depth - 1]->data == c)
            ui_app_pop(app);
        return;
    }
    if (plan == UI_COVER_SET_VIEWER) {
        app->viewer = want;
    } else if (plan == UI_COVER_HAND_OVER) {
        /* The previous player's last toast may name a sealed choice: gone with the table. */
        app->toast[0] = '\0';
        ui_app_show(app, UI_SCREEN_COVER, &(ui_screen_args){.side = want});
    }
}

void ui_cover_reset_viewer(ui_app *app)
{
    if (!app->game)
        return;
    rules_decision d;
    game_decision(app->game, &d);
    ui_cover_plan(game_table(app->game), app->controller, (side_id){0}, d.side, &app->viewer);
}

static void dismiss(ui_app *app, cover *c)
{
    app->viewer = c->next;
    app->state_version++; /* what the viewer may see changed: panels refresh */
    ui_app_pop(app);
}

static void cover_input(ui_screen *s, ui_app *app, const ui_input *in)
{
    cover *c = s->data;
    if (c->stale) {
        ui_app_pop(app);
        return;
    }
    if (c->since < 0)
        c->since = in->time;
    if (in->time - c->since < COVER_GRACE_S)
        return;
    for (int i = 0; i < in->key_count; i++) {
        int k = in->keys[i];
        if ((in->key_mods[i] & UI_MOD_CTRL) && k == 'q') {
            ui_app_quit(app);
            return;
        }
        if (k == UI_KEY_ESCAPE) {
            ui_app_show(app, UI_SCREEN_PAUSE, NULL);
            return;
        }
        if (k == UI_KEY_RETURN || k == ' ') {
            dismiss(app, c);
            return;
        }
    }
    if (in->pressed[UI_MOUSE_LEFT])
        dismiss(app, c);
}

static void cover_draw(ui_screen *s, ui_app *app, render_ctx *ctx)
{
    cover *c = s->data;
    int w, h;
    render_output_size(ctx, &w, &h);
    float k = render_ui_scale(ctx);
    render_rect(ctx, 0, 0, (float)w, (float)h, 0x14181eff);
    const table *t = app->game ? game_table(app->game) : NULL;
    const side *sd = t ? table_side(t, c->next) : NULL;
    const char *name = sd && sd->name[0] ? sd->name : "the next player";
    uint32_t rgb = t ? render_side_rgb(t, c->next) : 0xc0c0c0;
    char line[160];
    snprintf(line, sizeof line, "Pass the mouse to %s.", name);
    float cx = w / 2.0f, cy = h / 2.0f;
    render_rect(ctx, cx - 160 * k, cy - 70 * k, 320 * k, 8 * k, rgb << 8 | 0xff);
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

ui_screen *ui_cover_create(side_id next)
{
    cover *c = mem_calloc(1, sizeof *c);
    c->next = next;
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
