#include "ui/dice_tray.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The timeline of one throw in nominal seconds (divided by the speed). */
#define T_LAND_FIRST 0.40f /* the first die lands */
#define T_LAND_LAST  0.90f /* the last die lands */
#define T_SORT_START 1.05f
#define T_SORT_END   1.45f
#define T_MARK_END   1.65f
#define T_NEXT       1.85f /* the next throw (the saves) starts rolling */

#define PANEL_RGBA 0x101418e8u
#define TRAY_RGBA  0x2a3a2cffu /* the felt of a tray */
#define SAVE_RGBA  0x263246ffu
#define TITLE_RGBA 0xf0f0f0ffu
#define REF_RGBA   0x9aa6b4ffu

/* ---- filling the tray ---------------------------------------------------------------------- */

static int group_of(const ui_dice_tray *t, const rules_event *e, const int *keys)
{
    /* Dice thrown without a group number stand alone, but a run of them with one purpose (a
     * leader's d6 after d6) still reads better together. */
    for (int g = 0; g < t->group_count; g++) {
        const ui_dice_group *gr = &t->groups[g];
        /* Untested dice of several figures in one throw are each figure's own (opposed close
         * combat dice, commanders' order dice): sorted together they would lose their owner. */
        bool owner = e->need > 0 || gr->figure.id == e->figure.id;
        if (keys[g] == e->group && owner &&
            (e->group != 0 || (g == t->group_count - 1 && strcmp(gr->tag, e->tag) == 0)))
            return g;
    }
    return -1;
}

static int cmp_face_desc(const void *a, const void *b)
{
    const ui_dice_die *x = a, *y = b;
    if (x->value != y->value)
        return y->value - x->value;
    return x->thrown - y->thrown;
}

static void group_title(ui_dice_tray *t, ui_dice_group *g, const table *names)
{
    int lo = 1000, hi = 0, total = 0;
    for (int i = 0; i < g->count; i++) {
        const ui_dice_die *d = &t->dice[g->first + i];
        total += d->value;
        if (d->need > 0) {
            lo = d->need < lo ? d->need : lo;
            hi = d->need > hi ? d->need : hi;
        }
    }
    char what[96], need[48] = "";
    table_key_words(g->tag[0] ? g->tag : "roll", true, what, sizeof what);
    bool save = strcmp(g->tag, "save") == 0;
    if (save)
        snprintf(what, sizeof what, "Saving rolls");
    const figure *f = names && g->figure.id ? table_figure_const(names, g->figure) : NULL;
    if (f && f->name[0]) {
        size_t len = strlen(what);
        snprintf(what + len, sizeof what - len, " - %s", f->name);
    }
    if (g->tested && lo == hi)
        snprintf(need, sizeof need, " needing %d+", lo);
    else if (g->tested)
        snprintf(need, sizeof need, " needing %d+ to %d+", lo, hi);
    if (g->percentile && g->mark > 0)
        snprintf(g->title, sizeof g->title, "%s: percentage dice %d, needing more than %d - %s",
                 what, g->reading, g->mark, g->mark_ok ? "passed" : "failed");
    else if (g->percentile)
        snprintf(g->title, sizeof g->title, "%s: percentage dice %d", what, g->reading);
    else if (!g->tested && g->mark > 0)
        snprintf(g->title, sizeof g->title, "%s: %d %s, total %d against %d - %s", what, g->count,
                 g->count == 1 ? "die" : "dice", total, g->mark, g->mark_ok ? "passed" : "failed");
    else if (!g->tested)
        snprintf(g->title, sizeof g->title, "%s: %d %s, total %d", what, g->count,
                 g->count == 1 ? "die" : "dice", total);
    else
        snprintf(g->title, sizeof g->title, "%s: %d %s%s", what, g->count,
                 g->count == 1 ? "die" : "dice", need);
}

static void group_finish(ui_dice_tray *t, ui_dice_group *g, const table *names)
{
    if (!g->percentile) /* percentage dice keep their order: tens, then ones */
        qsort(&t->dice[g->first], (size_t)g->count, sizeof t->dice[0], cmp_face_desc);
    g->successes = 0;
    for (int i = 0; i < g->count; i++)
        g->successes += t->dice[g->first + i].need > 0 && t->dice[g->first + i].success;
    group_title(t, g, names);
}

/* Collects the dice group by group (the dice of one group kept together in throw order). */
static void collect(ui_dice_tray *t, const rules_event *ev, int count)
{
    int keys[UI_DICE_TRAY_GROUPS_MAX];
    int per[UI_DICE_TRAY_GROUPS_MAX] = {0};
    /* First pass: the groups and how many dice each has. */
    for (int i = 0; i < count; i++) {
        const rules_event *e = &ev[i];
        if (e->kind != RULES_EV_DIE)
            continue;
        int g = group_of(t, e, keys);
        if (g < 0 && t->group_count < UI_DICE_TRAY_GROUPS_MAX) {
            g = t->group_count++;
            keys[g] = e->group;
            memset(&t->groups[g], 0, sizeof t->groups[g]);
            snprintf(t->groups[g].tag, sizeof t->groups[g].tag, "%s", e->tag);
            snprintf(t->groups[g].ref, sizeof t->groups[g].ref, "%s", e->ref);
            t->groups[g].key = e->group;
            t->groups[g].figure = e->need > 0 ? (figure_id){0} : e->figure;
        }
        if (g >= 0)
            per[g]++;
    }
    int at = 0;
    for (int g = 0; g < t->group_count; g++) {
        t->groups[g].first = at;
        int room = UI_DICE_TRAY_DICE_MAX - at;
        at += per[g] < room ? per[g] : room;
    }
    /* Second pass: the dice, each after the ones of its group already placed. */
    for (int i = 0; i < count; i++) {
        const rules_event *e = &ev[i];
        int g = e->kind == RULES_EV_DIE ? group_of(t, e, keys) : -1;
        /* a verdict on the whole throw (total against a mark) names the group it judges */
        for (int k = 0; e->kind != RULES_EV_DIE && e->group && e->need > 0 && k < t->group_count;
             k++)
            if (keys[k] == e->group) {
                t->groups[k].mark = e->need;
                t->groups[k].mark_ok = e->success;
            }
        for (int k = 0; e->kind != RULES_EV_DIE && e->group && k < t->group_count; k++)
            if (keys[k] == e->group && strcmp(e->tag, RULES_TAG_PER_RESULT) == 0)
                t->groups[k].per = e->value;
            else if (keys[k] == e->group && strcmp(e->tag, RULES_TAG_PERCENTILE) == 0) {
                t->groups[k].percentile = true;
                t->groups[k].reading = e->value;
            }
        if (g < 0 || t->groups[g].first + t->groups[g].count >= UI_DICE_TRAY_DICE_MAX ||
            t->groups[g].count >= per[g])
            continue;
        ui_dice_group *gr = &t->groups[g];
        ui_dice_die *d = &t->dice[gr->first + gr->count];
        *d = (ui_dice_die){.sides = e->sides,
                           .value = e->value,
                           .need = e->need,
                           .success = e->success,
                           .thrown = gr->count};
        gr->tested |= e->need > 0;
        gr->count++;
    }
    t->dice_count = at;
}

/* A throw split by owner (each figure's own dice, as in a close combat) is a contest: the owner
 * the same command then removes, after those dice and before the next throw, lost it, and the
 * others of the throw won. */
static void contests(ui_dice_tray *t, const rules_event *ev, int count)
{
    for (int g = 0; g < t->group_count; g++) {
        ui_dice_group *gr = &t->groups[g];
        int owners = 0, last = -1;
        for (int h = 0; h < t->group_count; h++)
            owners += t->groups[h].key == gr->key && gr->key && t->groups[h].figure.id;
        if (owners < 2 || !gr->figure.id)
            continue;
        for (int i = 0; i < count; i++)
            if (ev[i].kind == RULES_EV_DIE && ev[i].group == gr->key)
                last = i;
        for (int i = last + 1; last >= 0 && i < count; i++) {
            if (ev[i].kind == RULES_EV_DIE && ev[i].group != gr->key)
                break;
            if (ev[i].kind != RULES_EV_REMOVE)
                continue;
            for (int h = 0; h < t->group_count; h++)
                if (t->groups[h].key == gr->key && t->groups[h].figure.id)
                    t->groups[h].contest = t->groups[h].figure.id == ev[i].figure.id ? -1 : 1;
            break;
        }
    }
}

/* True once every throw of g's contest has been sorted (the verdict is shown then). */
static bool contest_settled(const ui_dice_tray *t, const ui_dice_group *g, double now);

int ui_dice_tray_show(ui_dice_tray *t, const rules_event *ev, int count, const char *caption,
                      const table *names, double now, float speed)
{
    int dice = 0;
    for (int i = 0; i < count; i++)
        dice += ev[i].kind == RULES_EV_DIE;
    if (!dice)
        return 0;
    memset(t, 0, sizeof *t);
    snprintf(t->caption, sizeof t->caption, "%s", caption ? caption : "");
    collect(t, ev, count);
    contests(t, ev, count);
    t->speed = speed > 0 ? speed : 0;
    for (int g = 0; g < t->group_count; g++) {
        group_finish(t, &t->groups[g], names);
        t->groups[g].start = t->speed > 0 ? now + g * T_NEXT / t->speed : now;
    }
    t->visible = true;
    return t->group_count;
}

void ui_dice_tray_tick(ui_dice_tray *t, double now)
{
    if (!t->visible || t->pinned || t->collapsed || !ui_dice_tray_settled(t, now))
        return;
    if (t->settled_at <= 0)
        t->settled_at = now;
    else if (now - t->settled_at >= UI_DICE_TRAY_LINGER_S)
        t->collapsed = true;
}

void ui_dice_tray_hide(ui_dice_tray *t)
{
    t->visible = false;
}

/* Seconds (nominal) into a group's animation; large when there is no animation. */
static float group_clock(const ui_dice_tray *t, const ui_dice_group *g, double now)
{
    if (t->speed <= 0)
        return 1e6f;
    return (float)((now - g->start) * t->speed);
}

static bool contest_settled(const ui_dice_tray *t, const ui_dice_group *g, double now)
{
    for (int h = 0; h < t->group_count; h++)
        if (t->groups[h].key == g->key && group_clock(t, &t->groups[h], now) < T_SORT_END)
            return false;
    return true;
}

bool ui_dice_tray_settled(const ui_dice_tray *t, double now)
{
    if (!t->visible || !t->group_count)
        return true;
    return group_clock(t, &t->groups[t->group_count - 1], now) >= T_MARK_END;
}

/* ---- drawing one die ----------------------------------------------------------------------- */

bool ui_dice_tray_pip(int value, int k, float *dx, float *dy)
{
    /* Pip spots on a 3 x 3 grid: -1, 0, +1 times a quarter of the side. */
    static const signed char spots[7][6][2] = {
        {{0}},
        {{0, 0}},
        {{-1, -1}, {1, 1}},
        {{-1, -1}, {0, 0}, {1, 1}},
        {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}},
        {{-1, -1}, {1, -1}, {0, 0}, {-1, 1}, {1, 1}},
        {{-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {1, 1}},
    };
    if (value < 1 || value > 6 || k < 0 || k >= value)
        return false;
    *dx = spots[value][k][0] * 0.26f;
    *dy = spots[value][k][1] * 0.26f;
    return true;
}

uint32_t ui_dice_tray_body_rgb(int mark, bool save)
{
    if (mark < 0)
        return save ? 0x7d8490u : 0x8c877au; /* a failure is dimmed */
    return save ? 0xdde8f6u : 0xf4eddcu;
}

static render_camera screen_camera(render_ctx *ctx)
{
    int w, h;
    render_output_size(ctx, &w, &h);
    return (render_camera){
        .centre_cm = {{w * 0.5f, h * 0.5f}}, .px_per_cm = 1, .view_w = w, .view_h = h};
}

static void square_at(render_ctx *ctx, float cx, float cy, float edge, float angle, uint32_t rgba)
{
    if (fabsf(angle) < 1e-3f) {
        render_rect(ctx, cx - edge / 2, cy - edge / 2, edge, edge, rgba);
        return;
    }
    render_camera cam = screen_camera(ctx);
    vec2s ring[4];
    float r = edge * 0.7071f;
    for (int i = 0; i < 4; i++) {
        float a = angle + 0.7854f + i * 1.5708f;
        ring[i] = (vec2s){{cx + r * cosf(a), cy + r * sinf(a)}};
    }
    render_fan_cm(ctx, &cam, (vec2s){{cx, cy}}, ring, 4, rgba);
}

static void die_face(render_ctx *ctx, float cx, float cy, float size, float angle, int sides,
                     int value, const char *text, uint32_t ink)
{
    float dx, dy;
    if (!text && (sides == 6 || sides == 0) && ui_dice_tray_pip(value, 0, &dx, &dy)) {
        render_camera cam = screen_camera(ctx);
        float c = cosf(angle), s = sinf(angle), r = fmaxf(1.5f, size * 0.095f);
        for (int k = 0; ui_dice_tray_pip(value, k, &dx, &dy); k++) {
            vec2s p = {{cx + (dx * c - dy * s) * size, cy + (dx * s + dy * c) * size}};
            render_marker_cm(ctx, &cam, p, r, ink);
        }
        return;
    }
    char num[16];
    snprintf(num, sizeof num, "%s", text ? text : "");
    if (!text)
        snprintf(num, sizeof num, "%d", value);
    float pt = size / render_ui_scale(ctx) * (strlen(num) >= 2 ? 0.45f : 0.6f);
    int tw, th;
    render_text_size(ctx, num, pt, &tw, &th);
    render_text(ctx, cx, cy - th / 2.0f, num, pt, ink, RENDER_ALIGN_CENTRE);
}

/* A die as ui_dice_tray_draw_die, its face `text` when given (a tens die's "70"). */
static void draw_die(render_ctx *ctx, float cx, float cy, float size, float angle, int sides,
                     int value, const char *text, int mark, bool save)
{
    float k = render_ui_scale(ctx), frame = fmaxf(2.0f, 2.5f * k);
    if (mark != 0)
        square_at(ctx, cx, cy, size + 2 * frame, angle,
                  (mark > 0 ? UI_DICE_HIT_RGB : UI_DICE_MISS_RGB) << 8 | 0xff);
    else
        square_at(ctx, cx, cy, size + 2, angle, 0x202020ff);
    square_at(ctx, cx, cy, size, angle, ui_dice_tray_body_rgb(mark, save) << 8 | 0xff);
    die_face(ctx, cx, cy, size, angle, sides, value, text,
             mark < 0 ? 0x3a3a3aff : UI_DICE_PIP_RGB << 8 | 0xff);
}

void ui_dice_tray_draw_die(render_ctx *ctx, float cx, float cy, float size, float angle, int sides,
                           int value, int mark, bool save)
{
    draw_die(ctx, cx, cy, size, angle, sides, value, NULL, mark, save);
}

/* ---- layout -------------------------------------------------------------------------------- */

typedef struct tray_layout {
    float k, pad, gap, size, title_h;
    int cols;
} tray_layout;

static tray_layout layout_for(render_ctx *ctx, const ui_dice_group *g, float w)
{
    tray_layout l = {.k = render_ui_scale(ctx)};
    l.pad = 8 * l.k;
    l.gap = (g->per > 1 ? 10 : 4) * l.k; /* room under each row for the bars of its sets */
    l.size = (g->count > 96 ? 14 : g->count > 60 ? 18 : 22) * l.k;
    l.title_h = 20 * l.k;
    l.cols = (int)((w - 2 * l.pad + l.gap) / (l.size + l.gap));
    l.cols = l.cols < 1 ? 1 : l.cols;
    return l;
}

static float group_height(render_ctx *ctx, const ui_dice_group *g, float w)
{
    tray_layout l = layout_for(ctx, g, w);
    int rows = (g->count + l.cols - 1) / l.cols;
    return l.title_h + rows * (l.size + l.gap) + l.pad;
}

static vec2s slot_centre(const tray_layout *l, const ui_dice_group *g, int slot)
{
    return (vec2s){{g->x + l->pad + (slot % l->cols) * (l->size + l->gap) + l->size / 2,
                    g->y + l->title_h + (slot / l->cols) * (l->size + l->gap) + l->size / 2}};
}

/* ---- animation ----------------------------------------------------------------------------- */

static uint32_t hash32(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

static float unit_rand(uint32_t seed)
{
    return (float)(hash32(seed) & 0xffffu) / 65535.0f;
}

static float smooth(float x)
{
    x = x < 0 ? 0 : x > 1 ? 1 : x;
    return x * x * (3 - 2 * x);
}

typedef struct die_pose {
    vec2s c;
    float angle;
    int face;
    int mark;
    bool shown;
} die_pose;

/* Where a die is at nominal time `tt` of its throw: tumbling in, landed where thrown, sliding
 * to its sorted place, then marked. */
static die_pose pose_at(const tray_layout *l, const ui_dice_group *g, const ui_dice_die *d,
                        int sorted, float tt)
{
    die_pose p = {.face = d->value, .shown = tt >= 0};
    uint32_t seed = (uint32_t)(d->thrown * 7919 + g->first * 104729);
    float land = T_LAND_FIRST + (T_LAND_LAST - T_LAND_FIRST) *
                                    (g->count > 1 ? (float)d->thrown / (g->count - 1) : 0.0f);
    vec2s thrown = slot_centre(l, g, d->thrown), place = slot_centre(l, g, sorted);
    if (tt < land) {
        float u = tt / land, ease = 1 - (1 - u) * (1 - u);
        vec2s from = {{thrown.x - (40 + 80 * unit_rand(seed)) * l->k,
                       thrown.y - (30 + 40 * unit_rand(seed + 1)) * l->k}};
        /* Thrown from up the tray, inside it. */
        from.x = fmaxf(from.x, g->x + l->size * 0.75f);
        from.y = fmaxf(from.y, g->y + l->title_h + l->size * 0.75f);
        p.c = glms_vec2_lerp(from, thrown, ease);
        float room = fmaxf(0, p.c.y - g->y - l->title_h - l->size * 0.75f);
        p.c.y -= sinf(u * 3.14159f) * fminf(10 * l->k, room); /* a hop */
        p.angle = (1 - ease) * (4 + 6 * unit_rand(seed + 2));
        int faces = d->sides == 0 ? 4 : d->sides > 0 ? d->sides : 6;
        p.face = 1 + (int)(hash32(seed + (uint32_t)(tt * 14)) % (uint32_t)faces);
        if (d->sides == 0)
            p.face += 1;
        return p;
    }
    p.c = glms_vec2_lerp(thrown, place, smooth((tt - T_SORT_START) / (T_SORT_END - T_SORT_START)));
    if (d->need > 0 && tt >= T_SORT_END)
        p.mark = d->success ? 1 : -1;
    return p;
}

/* ---- drawing the tray ---------------------------------------------------------------------- */

/* The successes of each whole set (a pair of 6s: one casualty) joined by a bar under them; the
 * ones left over (an odd 6) have none. Sorted highest first, the successes lead the tray. */
static void draw_sets(const ui_dice_tray *t, const ui_dice_group *g, render_ctx *ctx,
                      const tray_layout *l)
{
    if (g->per < 2)
        return;
    int whole = g->successes / g->per * g->per;
    float bar = fmaxf(2.0f, 3.0f * l->k), inset = 0.2f * l->size;
    uint32_t rgba = UI_DICE_SET_RGB << 8 | 0xff;
    for (int i = 0; i + g->per <= whole; i += g->per)
        for (int k = 0; k < g->per; k++) {
            const ui_dice_die *d = &t->dice[g->first + i + k];
            float x0 = d->cx - d->size / 2 + (k == 0 ? inset : 0);
            float x1 = d->cx + d->size / 2 - (k == g->per - 1 ? inset : 0);
            const ui_dice_die *n = k + 1 < g->per ? d + 1 : NULL;
            if (n && fabsf(n->cy - d->cy) < 1) /* on one row: the bar joins them */
                x1 = n->cx - n->size / 2 + 1;  /* overlapping a pixel: no seam */
            render_rect(ctx, x0, d->cy + d->size / 2 + 3.5f * l->k, x1 - x0, bar, rgba);
        }
}

static void draw_group(ui_dice_tray *t, ui_dice_group *g, render_ctx *ctx, double now)
{
    tray_layout l = layout_for(ctx, g, g->w);
    bool save = strcmp(g->tag, "save") == 0;
    render_rect(ctx, g->x, g->y, g->w, g->h, save ? SAVE_RGBA : TRAY_RGBA);
    float tt = group_clock(t, g, now);
    char title[260];
    if (tt >= T_SORT_END && g->tested && g->per > 1)
        snprintf(title, sizeof title, "%s  -  %d succeed: %d %s%s, %d over", g->title, g->successes,
                 g->successes / g->per, g->per == 2 ? "pair" : "set",
                 g->successes / g->per == 1 ? "" : "s", g->successes % g->per);
    else if (tt >= T_SORT_END && g->tested)
        snprintf(title, sizeof title, "%s  -  %d %s", g->title, g->successes,
                 save                                ? "saved"
                 : strncmp(g->tag, "to_hit", 6) == 0 ? "hits"
                                                     : "succeed");
    else if (tt >= 0 && g->contest && contest_settled(t, g, now))
        snprintf(title, sizeof title, "%s  -  %s", g->title, g->contest > 0 ? "wins" : "loses");
    else if (tt >= 0)
        snprintf(title, sizeof title, "%s", g->title);
    else
        snprintf(title, sizeof title, "%s (to come)", g->title);
    uint32_t title_rgba = TITLE_RGBA;
    if (g->contest && tt >= 0 && contest_settled(t, g, now))
        title_rgba = g->contest > 0 ? 0x9af0a0ff : 0xff9a8aff;
    render_text(ctx, g->x + l.pad, g->y + 3 * l.k, title, 11.5f, title_rgba, RENDER_ALIGN_LEFT);
    /* Dice sliding to their places are drawn over those landed. */
    for (int i = 0; i < g->count; i++) {
        ui_dice_die *d = &t->dice[g->first + i];
        die_pose p = pose_at(&l, g, d, i, tt);
        d->cx = p.c.x;
        d->cy = p.c.y;
        d->size = l.size;
        char face[8]; /* percentage dice: the tens die reads "70", a 10 on either "00" / "0" */
        bool landed = tt >= T_SORT_START;
        if (g->percentile && landed && i == 0)
            snprintf(face, sizeof face, "%d0", p.face % 10);
        else if (g->percentile && landed)
            snprintf(face, sizeof face, "%d", p.face % 10);
        if (p.shown)
            draw_die(ctx, p.c.x, p.c.y, l.size, p.angle, d->sides, p.face,
                     g->percentile && landed ? face : NULL, p.mark, save);
    }
    if (tt >= T_SORT_END)
        draw_sets(t, g, ctx, &l);
}

static void draw_caption(ui_dice_tray *t, render_ctx *ctx, float k, const char *text)
{
    render_text(ctx, t->x + 8 * k, t->y + 5 * k, text[0] ? text : "Dice", 12.5f, 0xffe9a8ff,
                RENDER_ALIGN_LEFT);
    t->close_s = 16 * k;
    t->close_x = t->x + t->w - t->close_s - 6 * k;
    t->close_y = t->y + 5 * k;
    render_rect_outline(ctx, t->close_x, t->close_y, t->close_s, t->close_s, 0x8a96a8ff);
    render_text(ctx, t->close_x + t->close_s / 2, t->close_y, "x", 11, 0xd0d8e0ff,
                RENDER_ALIGN_CENTRE);
}

float ui_dice_tray_draw(ui_dice_tray *t, render_ctx *ctx, double now, float x, float bottom,
                        float w, float max_h)
{
    if (!t->visible || !t->group_count)
        return 0;
    float k = render_ui_scale(ctx), head = 26 * k, pad = 6 * k, more_h = 18 * k;
    float inner = w - 2 * pad, total = head + pad;
    if (t->collapsed) {
        /* Folded: the title line and what the first throw gave. */
        t->x = x, t->w = w, t->h = head, t->y = bottom - head;
        render_rect(ctx, t->x, t->y, t->w, t->h, PANEL_RGBA);
        render_rect_outline(ctx, t->x, t->y, t->w, t->h, 0x5a6678ff);
        char line[256], cut[256];
        const ui_dice_group *g = &t->groups[0];
        if (g->tested)
            snprintf(line, sizeof line, "%s: %d of %d - click for the dice",
                     t->caption[0] ? t->caption : "Dice", g->successes, g->count);
        else
            snprintf(line, sizeof line, "%s - click for the dice",
                     t->caption[0] ? t->caption : "Dice");
        draw_caption(t, ctx, k, render_text_fit(ctx, line, 12.5f, w - 40 * k, cut, sizeof cut));
        for (int i = 0; i < t->group_count; i++)
            t->groups[i].drawn = false;
        return head;
    }
    int fit = 0;
    for (; fit < t->group_count; fit++) {
        float gh = group_height(ctx, &t->groups[fit], inner);
        float extra = fit + 1 < t->group_count ? more_h : 0;
        if (fit > 0 && total + gh + pad + extra > max_h)
            break;
        total += gh + pad;
    }
    if (fit < t->group_count)
        total += more_h;
    t->x = x;
    t->w = w;
    t->h = total;
    t->y = bottom - total;
    render_rect(ctx, t->x, t->y, t->w, t->h, PANEL_RGBA);
    render_rect_outline(ctx, t->x, t->y, t->w, t->h, 0x5a6678ff);
    draw_caption(t, ctx, k, t->caption);
    float y = t->y + head;
    for (int g = 0; g < t->group_count; g++) {
        ui_dice_group *gr = &t->groups[g];
        gr->drawn = g < fit;
        if (!gr->drawn)
            continue;
        gr->x = x + pad;
        gr->y = y;
        gr->w = inner;
        gr->h = group_height(ctx, gr, inner);
        draw_group(t, gr, ctx, now);
        y += gr->h + pad;
    }
    if (fit < t->group_count) {
        char line[96];
        snprintf(line, sizeof line, "+ %d more throw%s: see the event log (E)",
                 t->group_count - fit, t->group_count - fit == 1 ? "" : "s");
        render_text(ctx, x + 8 * k, y, line, 11, REF_RGBA, RENDER_ALIGN_LEFT);
    }
    return total;
}

bool ui_dice_tray_contains(const ui_dice_tray *t, float x, float y)
{
    return t->visible && t->group_count && x >= t->x && x <= t->x + t->w && y >= t->y &&
           y <= t->y + t->h;
}

bool ui_dice_tray_click(ui_dice_tray *t, float x, float y)
{
    if (!ui_dice_tray_contains(t, x, y))
        return false;
    if (x >= t->close_x && x <= t->close_x + t->close_s && y >= t->close_y &&
        y <= t->close_y + t->close_s)
        t->visible = false;
    else if (t->collapsed)
        t->collapsed = false, t->pinned = true;
    return true;
}
