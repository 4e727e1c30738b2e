/* The pips each commander has left, as a small badge by his figure on the table: drawn from the
 * turn driver (game_driver items of kind RULES_DRIVER_PIPS that name a figure), for any rule
 * set that has them. The driver panel lists the same dice; the badge puts them on the table. */
#ifndef UI_COMMANDER_PIPS_H
#define UI_COMMANDER_PIPS_H

#include "game/game.h"
#include "render/camera.h"
#include "render/render.h"

/* Where the badge of figure f sits: its centre in output pixels and its radius. */
void ui_commander_pips_anchor(const render_camera *cam, const figure *f, float ui_scale,
                              vec2s *centre, float *radius);
/* Draws a badge by every commander in play with a pips item: the pips left, "-" before the
 * dice are rolled; the side whose turn it is in its side colour, the other dimmed. */
void ui_commander_pips_draw(render_ctx *ctx, const render_camera *cam, const game *g,
                            side_id viewer);

#endif // UI_COMMANDER_PIPS_H
