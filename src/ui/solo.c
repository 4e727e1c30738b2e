#include "ui/solo.h"

#include "ui/end_screen.h"
#include "ui/net_play.h"

#include <stdio.h>
#include <string.h>

/* The bot's stream of the match seed; any fixed odd-making constant keeps it apart from the
 * match dice (which use stream 0 of the same seed). */
#define SOLO_STREAM_SALT 0x736f6c6fu /* "solo" */

double ui_solo_delay(float anim_speed)
{
    if (anim_speed <= 0)
        return 0.15;
    double d = UI_SOLO_DELAY_S / anim_speed;
    return d < UI_SOLO_DELAY_MIN_S ? UI_SOLO_DELAY_MIN_S : d;
}

dice_rng ui_solo_rng(const game *g)
{
    dice_rng rng;
    dice_seed_stream(&rng, game_seed(g) ^ SOLO_STREAM_SALT, (uint64_t)game_cursor(g));
    return rng;
}

ui_controller ui_solo_controller(const ui_app *app, side_id sid)
{
    return sid.id > 0 && sid.id < UI_APP_SIDES_MAX ? app->controller[sid.id] : UI_CONTROLLER_HUMAN;
}

bot_level ui_solo_level(const ui_app *app, side_id sid)
{
    int lv = sid.id > 0 && sid.id < UI_APP_SIDES_MAX ? app->bot_level[sid.id] : 0;
    return lv > 0 && lv < BOT_LEVEL_COUNT ? (bot_level)lv : BOT_NORMAL;
}

/* A screen over the table (cover, pause menu, help) stops the bot: the player is not looking. */
static bool table_on_top(const ui_app *app)
{
    return app->depth > 0 && !app->stack[app->depth - 1]->modal;
}

static bool is_sealed(const rules_decision *d, const rules_command *cmd)
{
    return d->simultaneous || (d->kind == RULES_DECIDE_SETUP && cmd->kind == RULES_CMD_CHOOSE);
}

static void announce_end(ui_solo *s, ui_app *app)
{
    bool over = game_over(app->game);
    if (over && !s->over_told) {
        rules_outcome o;
        game_outcome(app->game, &o);
        const side *w = table_side(game_table(app->game), o.winner);
        if (w)
            ui_app_toast(app, "Game over: %s win%s%s", w->name, o.reason[0] ? " - " : "", o.reason);
        else
            ui_app_toast(app, "Game over: a draw%s%s", o.reason[0] ? " - " : "", o.reason);
        ui_app_show(app, UI_SCREEN_END, NULL); /* who won, why, losses, replay */
    }
    s->over_told = over;
}

bool ui_solo_next(ui_solo *s, ui_app *app, double now, rules_command *out)
{
    if (!app->game)
        return false;
    ui_app_follow_cover(app);
    announce_end(s, app);
    rules_decision d;
    game_decision(app->game, &d);
    bool bot_turn =
        d.kind != RULES_DECIDE_NONE && ui_solo_controller(app, d.side) == UI_CONTROLLER_BOT;
    if (!bot_turn || !table_on_top(app) || now < s->stuck_until) {
        s->due = 0;
        return false;
    }
    if (s->due == 0 || s->version != app->state_version || s->hold) {
        /* Something changed (a command, an undo): a readable pause before the next one. */
        s->due = now + ui_solo_delay(app->settings.anim_speed);
        s->version = app->state_version;
        return false;
    }
    if (now < s->due)
        return false;
    dice_rng rng = ui_solo_rng(app->game);
    if (!bot_choose_why(app->game, ui_solo_level(app, d.side), &rng, out, s->why, sizeof s->why)) {
        rules_decision seen; /* the toast is the viewer's to read */
        game_decision_seen(app->game, app->viewer, &seen);
        ui_app_toast(app, "The bot has no legal command for %s", seen.prompt);
        s->stuck_until = now + 2.0;
        return false;
    }
    s->due = 0;
    s->submitting = true;
    s->side = d.side;
    s->sealed = is_sealed(&d, out);
    return true;
}

/* "Move - Rifleman 15" with the reason "Rifleman 15 closes on Cazador 2" reads "Move - Rifleman
 * 15 closes on Cazador 2": the figure is named once, by the reason that says what he does. */
static void drop_name_the_reason_repeats(char *what, const char *why)
{
    char *tail = strrchr(what, '-');
    if (!tail || tail == what || tail[-1] != ' ' || tail[1] != ' ')
        return;
    const char *name = tail + 2;
    size_t n = strlen(name);
    if (n && strncmp(why, name, n) == 0 && why[n] == ' ')
        tail[-1] = '\0';
}

void ui_solo_done(ui_solo *s, ui_app *app, const rules_command *cmd, bool ok, const char *reason)
{
    s->submitting = false;
    const table *t = game_table(app->game);
    const side *sd = table_side(t, s->side);
    const char *name = sd && sd->name[0] ? sd->name : "side";
    if (!ok) {
        /* A bot command the engine refuses is a bug of the bot or the rule set: say so and wait
         * rather than asking again every frame. */
        ui_app_toast(app, "The bot's command for %s was refused: %s", name, reason);
        s->stuck_until = app->time + 2.0;
        return;
    }
    /* The pause before the next one runs from now (one frame per command at high speed). */
    s->due = app->time + ui_solo_delay(app->settings.anim_speed);
    s->version = app->state_version;
    if (s->sealed) {
        ui_app_toast(app, "%s (bot) made its sealed choice", name);
        return;
    }
    if (!game_command_visible(app->game, app->viewer, game_cursor(app->game) - 1)) {
        ui_app_toast(app, "%s (bot) acts out of sight", name);
        return;
    }
    char what[200];
    game_describe(app->game, cmd, what, sizeof what);
    drop_name_the_reason_repeats(what, s->why);
    /* one line: what it did and why ("holds Lt Toledo's card to interrupt"); a reason that
     * already says what it did ("Gatling detachment chooses Move at the double") is the line */
    if (s->why[0] && what[0] && strstr(s->why, what))
        ui_app_toast(app, "%s (bot): %s", name, s->why);
    else if (s->why[0])
        ui_app_toast(app, "%s (bot): %s - %s", name, what, s->why);
    else
        ui_app_toast(app, "%s (bot): %s", name, what);
}

bool ui_solo_may_submit(const ui_solo *s, const ui_app *app, const rules_command *cmd, char *reason,
                        size_t size)
{
    if (ui_solo_controller(app, cmd->side) == UI_CONTROLLER_REMOTE) {
        const side *rs = app->game ? table_side(game_table(app->game), cmd->side) : NULL;
        snprintf(reason, size, "%s is the other player's",
                 rs && rs->name[0] ? rs->name : "that side");
        return false;
    }
    if (s->submitting || ui_solo_controller(app, cmd->side) != UI_CONTROLLER_BOT)
        return true;
    const side *sd = app->game ? table_side(game_table(app->game), cmd->side) : NULL;
    snprintf(reason, size, "%s is played by the bot (hand it back from the pause menu, Esc)",
             sd && sd->name[0] ? sd->name : "that side");
    return false;
}

static bool any_bot(const ui_app *app)
{
    for (int i = 1; i < UI_APP_SIDES_MAX; i++)
        if (app->controller[i] == UI_CONTROLLER_BOT)
            return true;
    return false;
}

void ui_solo_draw(const ui_solo *s, ui_app *app, render_ctx *ctx)
{
    (void)s;
    if (!app->game)
        return;
    rules_decision d;
    game_decision(app->game, &d);
    const table *t = game_table(app->game);
    const side *sd = table_side(t, d.side);
    if (d.kind == RULES_DECIDE_NONE || !sd)
        return;
    bool bot = ui_solo_controller(app, d.side) == UI_CONTROLLER_BOT;
    char line[160];
    if (bot)
        snprintf(line, sizeof line, "%s: the bot is playing (%s)", sd->name,
                 bot_level_label(ui_solo_level(app, d.side)));
    else if (ui_solo_controller(app, d.side) == UI_CONTROLLER_REMOTE)
        snprintf(line, sizeof line, "%s: %s is deciding", sd->name,
                 ui_net_player_name(app->net, d.side.id)[0]
                     ? ui_net_player_name(app->net, d.side.id)
                     : "the other player");
    else if (any_bot(app))
        snprintf(line, sizeof line, "Your decision: %s", sd->name);
    else
        snprintf(line, sizeof line, "%s to decide", sd->name);
    int w, h, tw, th;
    render_output_size(ctx, &w, &h);
    render_text_size(ctx, line, 13, &tw, &th);
    float k = render_ui_scale(ctx), bw = (float)tw + 34 * k, x = ((float)w - bw) / 2, y = 34 * k;
    render_rect(ctx, x, y, bw, (float)th + 10 * k, 0x101418e0);
    render_rect_outline(ctx, x, y, bw, (float)th + 10 * k, render_side_rgb(t, d.side) << 8 | 0xff);
    render_rect(ctx, x + 8 * k, y + 5 * k + ((float)th - 12 * k) / 2, 12 * k, 12 * k,
                render_side_rgb(t, d.side) << 8 | 0xff);
    render_text(ctx, x + 26 * k, y + 5 * k, line, 13, bot ? 0xc8d0dcff : 0xffffffff,
                RENDER_ALIGN_LEFT);
}
