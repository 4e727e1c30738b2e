/* The table screen's helpers its tools share (ui/tv.h): the selection, hit testing, the
 * sight index, and submitting a command with the moved figures animated. */
#include "ui/tv.h"

#include "core/mem.h"
#include "ui/action_panel.h"
#include "ui/app.h"
#include "ui/net_play.h"
#include "ui/table_view.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const table *ui_tv_table(ui_app *app)
{
    return game_table(app->game);
}

bool ui_tv_selected(const tv *v, int i)
{
    return v->flags[i] & RENDER_FIG_SELECTED;
}

int ui_tv_selection_count(const tv *v, const table *t)
{
    int n = 0;
    for (int i = 0; i < t->figure_count; i++)
        n += ui_tv_selected(v, i);
    return n;
}

int ui_tv_first_selected(const tv *v, const table *t)
{
    for (int i = 0; i < t->figure_count; i++)
        if (ui_tv_selected(v, i))
            return i;
    return -1;
}

void ui_tv_select_none(tv *v, const table *t)
{
    for (int i = 0; i < t->figure_count; i++)
        v->flags[i] &= (uint8_t)~RENDER_FIG_SELECTED;
}

void ui_tv_select_set(tv *v, int i, bool on)
{
    if (on)
        v->flags[i] |= RENDER_FIG_SELECTED;
    else
        v->flags[i] &= (uint8_t)~RENDER_FIG_SELECTED;
}

void ui_tv_flags_fit(tv *v, const table *t)
{
    if (t->figure_count <= v->flags_cap)
        return;
    v->flags = mem_realloc(v->flags, (size_t)t->figure_count, 1);
    memset(v->flags + v->flags_cap, 0, (size_t)(t->figure_count - v->flags_cap));
    v->flags_cap = t->figure_count;
}

/* The topmost active figure under p, skipping those flagged `skip` (flags may be NULL). */
static int hit_skipping(const table *t, vec2s p, float slop_cm, const uint8_t *flags, unsigned skip)
{
    for (int i = t->figure_count - 1; i >= 0; i--) {
        const figure *f = &t->figures[i];
        if (!table_figure_active(f) || (flags && (flags[i] & skip)))
            continue;
        float r = f->base.kind == GEOM_BASE_RECT
                      ? 0.5f * fmaxf(f->base.frontage_cm, f->base.depth_cm)
                      : f->base.radius_cm;
        if (glms_vec2_distance(f->pos, p) <= r + slop_cm)
            return i;
    }
    return -1;
}

int ui_table_view_hit(const table *t, vec2s p, float slop_cm)
{
    return hit_skipping(t, p, slop_cm, NULL, 0);
}

float ui_tv_base_radius(const figure *f)
{
    return f->base.kind == GEOM_BASE_RECT ? 0.5f * fmaxf(f->base.frontage_cm, f->base.depth_cm)
                                          : f->base.radius_cm;
}

int ui_tv_hit(const tv *v, const table *t, vec2s cm)
{
    /* A few pixels of slop so tiny figures stay clickable when zoomed out. */
    return hit_skipping(t, cm, 4.0f / v->cam.px_per_cm, v->flags, RENDER_FIG_HIDDEN);
}

vec2s ui_tv_selection_centre(const tv *v, const table *t)
{
    vec2s c = {{0, 0}};
    int n = 0;
    for (int i = 0; i < t->figure_count; i++)
        if (ui_tv_selected(v, i)) {
            c = glms_vec2_add(c, t->figures[i].pos);
            n++;
        }
    return n ? glms_vec2_scale(c, 1.0f / (float)n) : c;
}

const los_index *ui_tv_los(tv *v, const table *t)
{
    if (!v->los || v->los_table != t) {
        los_destroy(v->los);
        v->los = los_create(t, NULL);
        v->los_table = t;
    }
    return v->los;
}

const char *ui_tv_units_text(ui_app *app, float cm, char *buf, size_t size)
{
    return render_format_distance(cm, app->settings.units, buf, size);
}

/* A move/rotate command for the selection, with `ref` first (the engine moves the others by
 * the same offset, keeping the formation). */
rules_command ui_tv_selection_command(const tv *v, const table *t, int ref, rules_command_kind kind)
{
    if (ref < 0 || ref >= t->figure_count)
        return (rules_command){.kind = kind}; /* no figures: every rule set refuses it */
    rules_command cmd = {.kind = kind, .side = t->figures[ref].side};
    rules_command_add_figure(&cmd, t->figures[ref].id);
    for (int i = 0; i < t->figure_count; i++)
        if (i != ref && ui_tv_selected(v, i) && t->figures[i].side.id == cmd.side.id)
            rules_command_add_figure(&cmd, t->figures[i].id);
    return cmd;
}

void ui_tv_anim_add(tv *v, ui_app *app, int fig, vec2s from, vec2s to, float f0, float f1)
{
    if (v->anim_count == UI_TV_ANIM_MAX || app->settings.anim_speed <= 0)
        return;
    float dist = glms_vec2_distance(from, to);
    double dur = (0.15 + fmin(dist, 60.0) * 0.008) / app->settings.anim_speed;
    v->anims[v->anim_count++] = (tv_anim){fig, from, to, f0, f1, app->time, dur};
}

/* A figure moved by the rules rather than by its own command (flight at End of Turn, a retreat,
 * a pursuit): it waits for the card or dice that sent it, then runs at a pace the eye follows. */
static void anim_add_run(tv *v, ui_app *app, int fig, vec2s from, vec2s to, float f0, float f1)
{
    float speed = app->settings.anim_speed;
    if (v->anim_count == UI_TV_ANIM_MAX || speed <= 0)
        return;
    float dist = glms_vec2_distance(from, to);
    double dur = (0.4 + fmin(dist, 60.0) * 0.025) / speed;
    v->anims[v->anim_count++] =
        (tv_anim){fig, from, to, f0, f1, app->time + UI_TABLE_VIEW_RUN_DELAY_S / speed, dur};
}

bool ui_tv_anims_running(const tv *v, double now)
{
    for (int i = 0; i < v->anim_count; i++)
        if (now < v->anims[i].t0 + v->anims[i].dur)
            return true;
    return false;
}

static bool command_has(const rules_command *cmd, const figure *f)
{
    for (int i = 0; i < cmd->figure_count; i++)
        if (cmd->figures[i].id == f->id.id)
            return true;
    return cmd->figure.id == f->id.id || (cmd->unit.id && cmd->unit.id == f->unit.id);
}

/* Remembers every figure's place, submits, and animates the figures that moved. */
bool ui_tv_submit(tv *v, ui_app *app, const rules_command *cmd, char *reason, size_t size)
{
    if (!ui_solo_may_submit(&v->solo, app, cmd, reason, size))
        return false;
    const table *t = ui_tv_table(app);
    int n = t->figure_count;
    vec2s *pos = mem_calloc((size_t)n + 1, sizeof *pos);
    float *face = mem_calloc((size_t)n + 1, sizeof *face);
    for (int i = 0; i < n; i++) {
        pos[i] = t->figures[i].pos;
        face[i] = t->figures[i].facing;
    }
    ui_action_panel_note_submit(v->actions, app->game, cmd);
    bool ok = app->net ? ui_net_submit(app->net, cmd, reason, size)
                       : game_submit(app->game, cmd, reason, size);
    if (ok) {
        app->state_version++;
        t = ui_tv_table(app);
        for (int i = 0; i < n && i < t->figure_count; i++) {
            const figure *f = &t->figures[i];
            if (glms_vec2_distance(pos[i], f->pos) <= 1e-4f && face[i] == f->facing)
                continue;
            if (command_has(cmd, f) || game_moves_by_unit(app->game))
                ui_tv_anim_add(v, app, i, pos[i], f->pos, face[i], f->facing);
            else
                anim_add_run(v, app, i, pos[i], f->pos, face[i], f->facing);
        }
    }
    free(pos);
    free(face);
    return ok;
}
/* A refused command: logged by the teaching panels, said in a toast. */
void ui_tv_refused(tv *v, ui_app *app, const char *what, const char *reason)
{
    ui_app_toast(app, "%s", ui_teach_refused(&v->teach, ui_app_view(app), what, reason));
}
bool ui_tv_anim_pose(const tv *v, double now, int fig, vec2s *pos, float *facing)
{
    for (int i = 0; i < v->anim_count; i++) {
        const tv_anim *a = &v->anims[i];
        if (a->fig != fig)
            continue;
        float k = (float)((now - a->t0) / a->dur);
        k = k < 0 ? 0 : k > 1 ? 1 : k;
        k = k * k * (3 - 2 * k);
        *pos = glms_vec2_lerp(a->from, a->to, k);
        float df = remainderf(a->face_to - a->face_from, 2 * UI_TV_PI_F);
        *facing = a->face_from + df * k;
        return true;
    }
    return false;
}

void ui_tv_choose(tv *v, tv_tool_id id)
{
    v->tool = id;
}
