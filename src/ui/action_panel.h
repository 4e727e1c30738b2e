/* The action panel, on the right under the turn driver: what the deciding side can do now, as
 * the engine says, for any rule set.
 *
 *  - the actor (the decision's figure or unit, or the selected figure of the deciding side) and
 *    its actions from game_actions (move, fire, charge, rally, reform, formation...): enabled
 *    ones are buttons, disabled ones greyed with the rule set's reason shown on hover;
 *  - the orders of the moment that are not placed on the table (draw, activate, reserve, pass,
 *    end activation...), numbered 1-9 for the keys;
 *  - while a target is pointed at: range band, sight, dice, score needed, expected hits and
 *    kills (rules_target) before the click commits;
 *  - when hits must be allocated: the figures picked on the table, checked by game_validate
 *    (its reason shown), or the suggested pick (the legal ALLOCATE command) accepted. */
#ifndef UI_ACTION_PANEL_H
#define UI_ACTION_PANEL_H

#include "game/game.h"
#include "render/render.h"
#include "ui/actions.h"
#include "ui/names.h"
#include "ui/view.h"

#include <stdbool.h>

typedef struct ui_action_panel ui_action_panel;

#define UI_ACTION_PICK_MAX RULES_CMD_FIGURES_MAX

/* What a click or key on the panel asks of the table view. */
typedef enum ui_action_request_kind {
    UI_ACTION_NONE = 0,
    UI_ACTION_SUBMIT,  /* submit cmd */
    UI_ACTION_MOVE,    /* select cmd's figures for the player to drag */
    UI_ACTION_TARGET,  /* select cmd's figures (the firers) and point at a target */
    UI_ACTION_REFUSED, /* refused (log `refused` as a refusal) */
    UI_ACTION_NOTE,    /* nothing to do: show `note` (why a button is greyed) */
} ui_action_request_kind;

typedef struct ui_action_request {
    ui_action_request_kind kind;
    rules_command cmd;
    ui_refusal refused; /* UI_ACTION_REFUSED: what and why */
    char note[280];     /* UI_ACTION_NOTE */
} ui_action_request;

/* What the table view shows of a target being pointed at (the target tool). */
typedef struct ui_action_aim {
    bool valid;          /* a legal target is hovered */
    rules_target target; /* the rule set's odds */
    char sight[128];     /* "clear" or "blocked by Jungle" */
    char why_not[200];   /* a hovered enemy that is no legal target: the reason */
    char plan[200];      /* a target the firers may not fire at yet: why (the odds are a plan) */
} ui_action_aim;

ui_action_panel *ui_action_panel_create(void);
void ui_action_panel_destroy(ui_action_panel *p);

/* The actor whose actions are listed: `selected` (a figure of the deciding side, else 0). */
void ui_action_panel_set_selected(ui_action_panel *p, figure_id selected);
/* The target being pointed at now (aim->valid false: none). */
void ui_action_panel_set_aim(ui_action_panel *p, const ui_action_aim *aim);
/* The target being shown (by the last set_aim). */
const ui_action_aim *ui_action_panel_aim(const ui_action_panel *p);

/* Draws the panel from `top` down on the right; mouse position for hover reasons. */
void ui_action_panel_draw(ui_action_panel *p, const ui_view *view, render_ctx *ctx, float top,
                          float mouse_x, float mouse_y);
/* True when (x, y) is over the panel. */
bool ui_action_panel_contains(const ui_action_panel *p, float x, float y);
/* A left click: true when the panel took it (*out says what to do, maybe nothing). */
bool ui_action_panel_click(ui_action_panel *p, const ui_view *view, float x, float y,
                           ui_action_request *out);
/* Key 1-9: the n-th order (0-based). False when there is none. */
bool ui_action_panel_order(ui_action_panel *p, const ui_view *view, int n, ui_action_request *out);

/* The figures named where the pointer is on the panel (by the last draw): an order's figures
 * (an order to a leader: he and whoever he would activate), an action's actor, the actor line,
 * the target, the allocation's pick or suggestion; added to *out. False when (x, y) is not on
 * the panel. */
bool ui_action_panel_named(ui_action_panel *p, const ui_view *view, float x, float y,
                           ui_names *out);

/* Where the action of `kind` was drawn by the last draw (false when it was not). */
bool ui_action_panel_action_rect(const ui_action_panel *p, rules_command_kind kind, float *x,
                                 float *y, float *w, float *h);
/* Where the n-th order (0-based) was drawn by the last draw (false when it was not). */
bool ui_action_panel_order_rect(const ui_action_panel *p, int n, float *x, float *y, float *w,
                                float *h);
/* The actor whose actions the panel lists (0: none), as of the last draw. */
figure_id ui_action_panel_actor(const ui_action_panel *p);
/* The "why not" line the last draw showed for the hovered disabled action ("" when none). */
const char *ui_action_panel_why_not(const ui_action_panel *p);

/* ---- hit allocation -------------------------------------------------------------------- */

/* Called with each command just before it is submitted (by the player or the bot): a fire's
 * area is remembered while the rule set can still size it, to be drawn while its hits are
 * allocated. */
void ui_action_panel_note_submit(ui_action_panel *p, const game *g, const rules_command *cmd);
/* True when the decision is to allocate hits (clicks on figures pick them). */
bool ui_action_panel_allocating(const ui_view *view);
/* A figure clicked during allocation: added to or removed from the pick. Returns why a full
 * pick is refused, for the owner to show, or NULL. */
const char *ui_action_panel_pick(ui_action_panel *p, const ui_view *view, figure_id fig);
/* Enter during allocation: the pick when the rules accept it (else UI_ACTION_REFUSED says why). */
bool ui_action_panel_confirm(ui_action_panel *p, const ui_view *view, ui_action_request *out);
/* True when the figure is in the player's pick (drawn ringed). */
bool ui_action_panel_picked(const ui_action_panel *p, figure_id fig);
/* Draws on the table: the area of the hits (the last fire's semicircle) and the suggested and
 * picked figures. */
void ui_action_panel_draw_table(ui_action_panel *p, const ui_view *view, render_ctx *ctx,
                                const render_camera *cam);

#endif // UI_ACTION_PANEL_H
