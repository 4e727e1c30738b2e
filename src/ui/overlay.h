/* Tool overlays drawn over the table: arcs of fire, the area-fire semicircle, line-of-sight
 * lines, the measuring tape and a move path. They only draw what the caller computed (with
 * core/path.h, core/los.h, the engine's queries); colours are fixed so tests can find them. */
#ifndef UI_OVERLAY_H
#define UI_OVERLAY_H

#include "render/render.h"

#define UI_OVERLAY_ARC_HALF_ANGLE 0.7853982f /* 45 degrees, when a rule set says nothing */
#define UI_OVERLAY_ROUND_HALF     3.1315f    /* a half-angle this wide (179.4 deg) is all round */
#define UI_LOS_CLEAR_RGB          0x2ee66bu
#define UI_LOS_BLOCKED_RGB        0xff2f2fu
#define UI_SEMICIRCLE_RGB         0xffb020u
#define UI_TAPE_RGB               0xfff3a0u
#define UI_PATH_OK_RGB            0x7fd7ffu
#define UI_PATH_BAD_RGB           0xff5a5au
#define UI_BURST_RGB              0xff5020u

/* A figure's arc of fire: facing +- half_angle out to range_cm, tinted rgb. */
void ui_overlay_arc(render_ctx *ctx, const render_camera *cam, const figure *f, float half_angle,
                    float range_cm, uint32_t rgb);
/* The area-fire semicircle: centre on the target point, flat side towards the firer (`facing`
 * points from the firer to the target), radius r_cm. */
void ui_overlay_semicircle(render_ctx *ctx, const render_camera *cam, vec2s centre, float facing,
                           float r_cm);
/* A circular area template laid where a shot fell (a shell's burst): centre, radius r_cm. */
void ui_overlay_circle(render_ctx *ctx, const render_camera *cam, vec2s centre, float r_cm);
/* A shot's path laid this turn (a roundshot's flight, solid; its deviation or bounce, dashed),
 * from a to b, with a marker where it ends. */
void ui_overlay_shot_line(render_ctx *ctx, const render_camera *cam, vec2s a, vec2s b, bool dashed);
/* A line-of-sight line from a to b; blocked draws the stretch after `block_at` dashed and red. */
void ui_overlay_los(render_ctx *ctx, const render_camera *cam, vec2s a, vec2s b, bool blocked,
                    vec2s block_at);
/* The measuring tape through pts (n >= 2) with a label at each waypoint. */
void ui_overlay_tape(render_ctx *ctx, const render_camera *cam, const vec2s *pts, int n,
                     render_units units);
/* A move path; the part after `stop` (when the allowance ran out) drawn red. */
void ui_overlay_path(render_ctx *ctx, const render_camera *cam, const vec2s *pts, int n, bool ok);
/* A label with a dark halo next to a table point. */
/* Labels and readouts keep left of `right_px` (the panels on the right; 0: the view's edge)
 * so none is cut under a panel. Set by the table screen each frame. */
void ui_overlay_set_right(float right_px);
/* x moved left as needed so `text` at `size` ends left of that edge. */
float ui_overlay_text_x(render_ctx *ctx, float x, const char *text, float size);
/* An arc of fire all round (a gun that turns, a skirmisher): a disc of `range_cm` about c cut
 * to the table's w x h, without the radial seam a 360-degree sector would draw. */
void ui_overlay_round_arc(render_ctx *ctx, const render_camera *cam, vec2s c, float range_cm,
                          float table_w_cm, float table_h_cm, uint32_t rgb);
void ui_overlay_label(render_ctx *ctx, const render_camera *cam, vec2s at, const char *text,
                      uint32_t rgba);

#endif // UI_OVERLAY_H
