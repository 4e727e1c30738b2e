/* The camera: maps table centimetres to screen pixels and back, zooms about a point, pans, fits
 * the table, and eases towards a target so motion is smooth and time-based. Pure math, no SDL.
 *
 * Screen pixels are the renderer's output pixels (on HiDPI displays, more than window points).
 */
#ifndef RENDER_CAMERA_H
#define RENDER_CAMERA_H

#include <cglm/struct.h>
#include <stdbool.h>

typedef struct render_camera {
    vec2s centre_cm;    /* the table point at the centre of the view */
    float px_per_cm;    /* zoom */
    int view_w, view_h; /* viewport in pixels */
    /* Where smooth motion is heading; render_camera_update eases towards it. */
    vec2s target_centre_cm;
    float target_px_per_cm;
} render_camera;

#define RENDER_CAMERA_MIN_PX_PER_CM 0.5f
#define RENDER_CAMERA_MAX_PX_PER_CM 80.0f

vec2s render_camera_to_px(const render_camera *cam, vec2s cm);
vec2s render_camera_to_cm(const render_camera *cam, vec2s px);
/* Sets view size, keeping the centre. */
void render_camera_resize(render_camera *cam, int view_w, int view_h);
/* Fits a w x h cm table with `margin_px` around it; `snap` skips the smooth motion. */
void render_camera_fit(render_camera *cam, float table_w_cm, float table_h_cm, int margin_px,
                       bool snap);
/* Zooms the target by `factor` keeping the table point under `px` fixed on screen. */
void render_camera_zoom_at(render_camera *cam, vec2s px, float factor);
/* Pans by a screen delta (pixels), immediately (drag follows the hand, no easing). */
void render_camera_pan_px(render_camera *cam, vec2s delta_px);
/* Eases the camera towards its target over `dt` seconds; returns true while still moving.
 * `speed` scales the easing rate (1 normal, larger is faster; <= 0 snaps). */
bool render_camera_update(render_camera *cam, float dt, float speed);
/* True when the camera sits exactly on its target. */
bool render_camera_settled(const render_camera *cam);

#endif // RENDER_CAMERA_H
