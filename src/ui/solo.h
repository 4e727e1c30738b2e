/* Solo play: the sides handed to the bot (app->controller[side] == UI_CONTROLLER_BOT) decide
 * through game/bot.h, one command at a time at a readable pace, and the table view submits each
 * through the same path as the player's (animations, dice tray, log, toast).
 *
 * The bot's generator is seeded from the match seed and the command's index in the log, so its
 * choice at a point of the match depends only on the match (not on timing, undo or resuming):
 * a solo game stays a reproducible command log.
 *
 * Use from the table view's update:
 *     if (ui_solo_next(&solo, app, app->time, &cmd))
 *         ui_solo_done(&solo, app, &cmd, submit(&cmd, why), why);
 * and refuse a player's command for a bot's side with ui_solo_may_submit. */
#ifndef UI_SOLO_H
#define UI_SOLO_H

#include "game/bot.h"
#include "ui/app.h"

#include <stdbool.h>

#define UI_SOLO_DELAY_S     0.6  /* between two bot commands at animation speed 1 */
#define UI_SOLO_DELAY_MIN_S 0.02 /* never faster (speed 0 = no animation uses 0.15 s) */

typedef struct ui_solo {
    double due;         /* when the next bot command may go; 0 = not scheduled */
    uint32_t version;   /* app->state_version when it was scheduled */
    bool submitting;    /* between ui_solo_next returning true and ui_solo_done */
    side_id side;       /* the side of the command being submitted */
    bool sealed;        /* that command is a sealed or simultaneous choice */
    double stuck_until; /* after a refused command, wait before asking the bot again */
    bool over_told;     /* the end of the match was announced */
    /* Set by the caller each frame while something the player should watch is still moving
     * (cards flying, dice rolling): the bot waits for it, then its usual pause. */
    bool hold;
    char why[160]; /* the bot's reason for the command being submitted ("" when none) */
} ui_solo;

/* The bot's level on side `sid` (app->bot_level, zero = normal). */
bot_level ui_solo_level(const ui_app *app, side_id sid);

/* The delay between two bot commands at this animation speed, in seconds. */
double ui_solo_delay(float anim_speed);

/* The bot's generator for the decision at the match's current cursor. */
dice_rng ui_solo_rng(const game *g);

/* Keeps the viewer right (ui_app_follow_cover) and announces the end of the match (a toast
 * "Game over: ..."), then, when the deciding side is the bot's, no
 * screen is over the table and the pause since the last change has passed, writes the bot's
 * command to *out and returns true. The caller submits it and calls ui_solo_done. */
bool ui_solo_next(ui_solo *s, ui_app *app, double now, rules_command *out);

/* A badge under the top bar saying whose decision it is: "Moro: the bot is playing", "Your
 * decision: Spanish" (against the bot), "Moro to decide" (players only). */
void ui_solo_draw(const ui_solo *s, ui_app *app, render_ctx *ctx);

/* After submitting the bot's command: says what the bot did (a sealed choice without its
 * content) or why it was refused. */
void ui_solo_done(ui_solo *s, ui_app *app, const rules_command *cmd, bool ok, const char *reason);

/* False (with the reason) for a command of a side the bot plays, unless it is the bot's own. */
bool ui_solo_may_submit(const ui_solo *s, const ui_app *app, const rules_command *cmd, char *reason,
                        size_t size);

/* The side's controller (human when out of range). */
ui_controller ui_solo_controller(const ui_app *app, side_id sid);

#endif // UI_SOLO_H
