/* Referee commands: when the players and the engine disagree, the players win. A REFEREE
 * command (rules/command.h) sets the table as the players agree, in every rule set, without the
 * rule set's say: move or turn any figure, take one off or put one back, change what happened
 * to him (wounded, seriously wounded, shaken, demoralised), and fix the next die. It is logged
 * like any other command, so undo, saves, replays and hashes keep it; its events carry the tag
 * "referee" and read "Referee: ..." in the log.
 *
 * What it may not do is stack bases: a referee move, turn or return ends clear of every other
 * base, as every displacement does (core/place.h).
 */
#include "game/game_internal.h"

#include "core/geom.h"
#include "core/place.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The statuses a referee sets by hand: what happened to a figure, not where he is (dead,
 * captured, off the table are "remove" and "restore"), nor a rule set's own flags. */
#define REFEREE_STATUS_MASK GAME_REFEREE_STATUS_MASK

typedef enum referee_action {
    REFEREE_NONE = 0,
    REFEREE_MOVE,
    REFEREE_ROTATE,
    REFEREE_REMOVE,
    REFEREE_RESTORE,
    REFEREE_STATUS,
    REFEREE_DIE,
} referee_action;

static const char *const action_names[] = {
    [REFEREE_MOVE] = GAME_REFEREE_MOVE,     [REFEREE_ROTATE] = GAME_REFEREE_ROTATE,
    [REFEREE_REMOVE] = GAME_REFEREE_REMOVE, [REFEREE_RESTORE] = GAME_REFEREE_RESTORE,
    [REFEREE_STATUS] = GAME_REFEREE_STATUS, [REFEREE_DIE] = GAME_REFEREE_DIE,
};

static referee_action action_of(const rules_command *cmd)
{
    for (int a = REFEREE_MOVE; a <= REFEREE_DIE; a++)
        if (strcmp(cmd->option, action_names[a]) == 0)
            return (referee_action)a;
    return REFEREE_NONE;
}

static bool refuse(char *reason, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static bool refuse(char *reason, size_t size, const char *fmt, ...)
{
    if (reason && size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(reason, size, fmt, ap);
        va_end(ap);
    }
    return false;
}

static const char *name_of(const table *t, figure_id id)
{
    return table_figure_label(t, id, "that figure");
}

/* The figure's base clear of every other at pos/facing, and wholly on the table. */
static bool spot_free(const game *g, const figure *f, vec2s pos, float facing, char *reason,
                      size_t size)
{
    const table *t = g->table;
    geom_aabb box = geom_base_bounds(&(geom_placed_base){f->base, pos, facing});
    if (box.min.x < 0 || box.min.y < 0 || box.max.x > t->width_cm || box.max.y > t->height_cm)
        return refuse(reason, size, "%s would stand off the table", name_of(t, f->id));
    figure_id in_way = place_blocker(t, f->id, pos, facing, NULL, 0);
    if (!in_way.id)
        return true;
    /* a base some side may not see (cwr's concealed units) is not named: the referee's
     * screen is a player's too */
    bool seen_by_all = true;
    for (int i = 0; i < t->side_count; i++)
        seen_by_all = seen_by_all && game_visible(g, t->sides[i].id, in_way);
    if (reason && size && seen_by_all)
        snprintf(reason, size, "%s would stand on %s's base", name_of(t, f->id),
                 name_of(t, in_way));
    else if (reason && size)
        snprintf(reason, size, "%s cannot stand there", name_of(t, f->id));
    return false;
}

static bool validate_figure(const game *g, const rules_command *cmd, referee_action a, char *reason,
                            size_t size)
{
    const table *t = g->table;
    const figure *f = table_figure_const(t, cmd->figure);
    if (!f)
        return refuse(reason, size, "%s", "the referee must name a figure");
    bool on = table_figure_active(f);
    switch (a) {
    case REFEREE_MOVE:
        if (!on)
            return refuse(reason, size, "%s is not on the table", f->name);
        if (!cmd->point_set)
            return refuse(reason, size, "%s", "the referee must say where the figure goes");
        return spot_free(g, f, cmd->point, cmd->face_set ? cmd->facing : f->facing, reason, size);
    case REFEREE_ROTATE:
        if (!on)
            return refuse(reason, size, "%s is not on the table", f->name);
        if (!cmd->face_set || !isfinite(cmd->facing))
            return refuse(reason, size, "%s", "the referee must give the new facing");
        return spot_free(g, f, f->pos, cmd->facing, reason, size);
    case REFEREE_REMOVE:
        return on || refuse(reason, size, "%s is already off the table", name_of(t, f->id));
    case REFEREE_RESTORE:
        if (on)
            return refuse(reason, size, "%s is already on the table", name_of(t, f->id));
        return spot_free(g, f, cmd->point_set ? cmd->point : f->pos, f->facing, reason, size);
    case REFEREE_STATUS:
        if (!on)
            return refuse(reason, size, "%s is not on the table", name_of(t, f->id));
        if ((uint32_t)cmd->count & ~(uint32_t)REFEREE_STATUS_MASK)
            return refuse(reason, size, "%s",
                          "the referee sets only wounded, seriously wounded, shaken and "
                          "demoralised");
        return true;
    default:
        return false;
    }
}

/* The rule set's referee table, or NULL. */
static const rules_referee_ops *ruleset_referee(const game *g)
{
    return g->ops->referee && g->ops->referee->validate && g->ops->referee->resolve
               ? g->ops->referee
               : NULL;
}

int game_referee_rulings(const game *g, figure_id fig, rules_ruling *out, int max)
{
    const rules_referee_ops *r = ruleset_referee(g);
    if (!r || !r->rulings || max <= 0 || game_over(g))
        return 0;
    int n = r->rulings(g->rs, g->table, fig, out, max);
    for (int i = 0; i < n; i++)
        out[i].cmd.kind = RULES_CMD_REFEREE;
    return n;
}

int game_referee_rulings_seen(const game *g, side_id viewer, figure_id fig, rules_ruling *out,
                              int max)
{
    int n = game_referee_rulings(g, fig, out, max), k = 0;
    for (int i = 0; i < n; i++)
        if (!viewer.id || !out[i].secret.id || out[i].secret.id == viewer.id)
            out[k++] = out[i];
    return k;
}

bool game_referee_validate(const game *g, const rules_command *cmd, char *reason, size_t size)
{
    referee_action a = action_of(cmd);
    if (a == REFEREE_NONE && ruleset_referee(g)) /* a ruling of the rule set's own */
        return ruleset_referee(g)->validate(g->rs, g->table, cmd, reason, size);
    if (a == REFEREE_NONE)
        return refuse(reason, size, "not a referee command (\"%s\")", cmd->option);
    if (a == REFEREE_DIE) {
        if (cmd->count < 1 || cmd->count > 100)
            return refuse(reason, size, "%s", "the next die must show 1 to 100");
        return true;
    }
    return validate_figure(g, cmd, a, reason, size);
}

/* ---- resolving ---------------------------------------------------------------------------- */

/* Every referee event: tagged "referee", no rule-book reference, "Referee: what happened". */
static void emit(rules_ctx *ctx, rules_event ev, const char *text)
{
    snprintf(ev.tag, sizeof ev.tag, "referee");
    rules_emitf(ctx, ev, "", "Referee: %s", text);
}

static const char *who(const figure *f)
{
    return f->name[0] ? f->name : "a figure";
}

static void resolve_move(rules_ctx *ctx, const figure *f, const rules_command *cmd)
{
    vec2s to = cmd->point;
    float facing = cmd->face_set ? cmd->facing : f->facing;
    double cm = hypot((double)to.x - f->pos.x, (double)to.y - f->pos.y);
    rules_event ev = {.kind = RULES_EV_MOVE,
                      .side = f->side,
                      .unit = f->unit,
                      .figure = f->id,
                      .from = f->pos,
                      .pos = to,
                      .facing = facing};
    char text[120];
    snprintf(text, sizeof text, "%s moved %.1f cm", who(f), cm);
    emit(ctx, ev, text);
}

static void resolve_rotate(rules_ctx *ctx, const figure *f, const rules_command *cmd)
{
    double deg = fabs(remainder((double)cmd->facing - f->facing, 2 * 3.14159265358979323846)) *
                 180 / 3.14159265358979323846;
    rules_event ev = {.kind = RULES_EV_MOVE,
                      .side = f->side,
                      .unit = f->unit,
                      .figure = f->id,
                      .from = f->pos,
                      .pos = f->pos,
                      .facing = cmd->facing};
    char text[120];
    snprintf(text, sizeof text, "%s turned %.0f degrees", who(f), deg);
    emit(ctx, ev, text);
}

static void resolve_remove(rules_ctx *ctx, const figure *f)
{
    rules_event ev = {.kind = RULES_EV_REMOVE,
                      .side = f->side,
                      .unit = f->unit,
                      .figure = f->id,
                      .status_set = FIGURE_STATUS_DEAD};
    char text[120];
    snprintf(text, sizeof text, "%s taken off the table", who(f));
    emit(ctx, ev, text);
}

static void resolve_restore(rules_ctx *ctx, const figure *f, const rules_command *cmd)
{
    rules_event st = {.kind = RULES_EV_STATUS,
                      .side = f->side,
                      .unit = f->unit,
                      .figure = f->id,
                      .status_clear =
                          FIGURE_STATUS_DEAD | FIGURE_STATUS_CAPTURED | FIGURE_STATUS_OFF_TABLE};
    char text[120];
    snprintf(text, sizeof text, "%s put back on the table", who(f));
    emit(ctx, st, text);
    if (cmd->point_set) {
        rules_event mv = {.kind = RULES_EV_MOVE,
                          .side = f->side,
                          .unit = f->unit,
                          .figure = f->id,
                          .from = f->pos,
                          .pos = cmd->point,
                          .facing = f->facing};
        snprintf(text, sizeof text, "%s placed", who(f));
        emit(ctx, mv, text);
    }
}

static void status_words(uint32_t bits, char *buf, size_t size)
{
    static const struct {
        uint32_t bit;
        const char *word;
    } words[] = {{FIGURE_STATUS_WOUNDED, "wounded"},
                 {FIGURE_STATUS_SERIOUS, "seriously wounded"},
                 {FIGURE_STATUS_SHAKEN, "shaken"},
                 {FIGURE_STATUS_DEMORALISED, "demoralised"}};
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (bits & words[i].bit)
            snprintf(buf + strlen(buf), size - strlen(buf), "%s%s", buf[0] ? ", " : "",
                     words[i].word);
    if (!buf[0])
        snprintf(buf, size, "unhurt and steady");
}

static void resolve_status(rules_ctx *ctx, const figure *f, const rules_command *cmd)
{
    uint32_t want = (uint32_t)cmd->count & REFEREE_STATUS_MASK;
    rules_event ev = {.kind = RULES_EV_STATUS,
                      .side = f->side,
                      .unit = f->unit,
                      .figure = f->id,
                      .status_set = want,
                      .status_clear = REFEREE_STATUS_MASK & ~want};
    char words[96], text[160];
    status_words(want, words, sizeof words);
    snprintf(text, sizeof text, "%s is now %s", who(f), words);
    emit(ctx, ev, text);
}

void game_referee_resolve(game *g, rules_ctx *ctx, const rules_command *cmd)
{
    referee_action a = action_of(cmd);
    if (a == REFEREE_NONE) { /* the rule set's own (validated by it) */
        ruleset_referee(g)->resolve(g->rs, ctx, cmd);
        return;
    }
    if (a == REFEREE_DIE) {
        g->rng.forced = cmd->count;
        rules_event ev = {.kind = RULES_EV_NOTE, .value = cmd->count};
        char text[64];
        snprintf(text, sizeof text, "the next die shows %d", cmd->count);
        emit(ctx, ev, text);
        return;
    }
    const figure *f = table_figure_const(g->table, cmd->figure);
    figure copy = *f; /* the events below change the table under f */
    switch (a) {
    case REFEREE_MOVE:
        resolve_move(ctx, &copy, cmd);
        break;
    case REFEREE_ROTATE:
        resolve_rotate(ctx, &copy, cmd);
        break;
    case REFEREE_REMOVE:
        resolve_remove(ctx, &copy);
        break;
    case REFEREE_RESTORE:
        resolve_restore(ctx, &copy, cmd);
        break;
    case REFEREE_STATUS:
        resolve_status(ctx, &copy, cmd);
        break;
    default:
        break;
    }
}

/* A rule set's ruling in its own words: the label rulings() gave it. */
static void ruling_words(const game *g, const rules_command *cmd, char *buf, size_t size)
{
    rules_ruling list[48];
    int n = game_referee_rulings(g, cmd->figure, list, 48);
    for (int i = 0; i < n; i++)
        if (strcmp(list[i].cmd.option, cmd->option) == 0 && list[i].cmd.count == cmd->count &&
            list[i].cmd.card == cmd->card && list[i].cmd.unit.id == cmd->unit.id) {
            snprintf(buf, size, "Referee: %s", list[i].label);
            return;
        }
    snprintf(buf, size, "Referee: a ruling on the rules");
}

const char *game_referee_describe(const game *g, const rules_command *cmd, char *buf, size_t size)
{
    const char *name = name_of(g->table, cmd->figure);
    switch (action_of(cmd)) {
    case REFEREE_MOVE:
        snprintf(buf, size, "Referee: move %s", name);
        break;
    case REFEREE_ROTATE:
        snprintf(buf, size, "Referee: turn %s", name);
        break;
    case REFEREE_REMOVE:
        snprintf(buf, size, "Referee: take %s off the table", name);
        break;
    case REFEREE_RESTORE:
        snprintf(buf, size, "Referee: put %s back", name);
        break;
    case REFEREE_STATUS:
        snprintf(buf, size, "Referee: change what happened to %s", name);
        break;
    case REFEREE_DIE:
        snprintf(buf, size, "Referee: the next die shows %d", cmd->count);
        break;
    default:
        ruling_words(g, cmd, buf, size);
        break;
    }
    return buf;
}

int game_referee_count(const game *g)
{
    int n = 0;
    for (int i = 0; i < g->cursor; i++)
        n += g->log[i].cmd.kind == RULES_CMD_REFEREE;
    return n;
}
