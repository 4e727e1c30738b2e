/* What a panel or widget may read of the match on screen, handed down by the screen that owns
 * it: widgets never reach into the app (microui: a widget returns its result to its owner, who
 * acts on it). The app fills one each frame (ui_app_view). */
#ifndef UI_VIEW_H
#define UI_VIEW_H

#include "game/game.h"
#include "ui/settings.h"

#include <stdint.h>

#define UI_SIDES_MAX 8 /* sides a match may have on screen (index = side id) */

/* Who plays a side at this desktop. */
typedef enum ui_controller {
    UI_CONTROLLER_HUMAN = 0, /* a player at the screen (hot-seat when both sides are human) */
    UI_CONTROLLER_BOT,       /* the bot (game/bot.h), played at a readable pace */
    UI_CONTROLLER_REMOTE,    /* the other player of a network match (ui/net_play.h) */
} ui_controller;

typedef struct ui_view {
    const game *game;       /* the match on screen (NULL: none) */
    side_id viewer;         /* whose hidden things show (0: a spectator's, all) */
    double time;            /* seconds, the frame's clock */
    ui_settings settings;   /* the player's settings */
    uint32_t state_version; /* bumped whenever the match state changes */
} ui_view;

#endif // UI_VIEW_H
