#include "render/camera.h"

#include <math.h>

vec2s render_camera_to_px(const render_camera *cam, vec2s cm)
{
    return (vec2s){{(cm.x - cam->centre_cm.x) * cam->px_per_cm + cam->view_w * 0.5f,
                    (cm.y - cam->centre_cm.y) * cam->px_per_cm + cam->view_h * 0.5f}};
}

vec2s render_camera_to_cm(const render_camera *cam, vec2s px)
{
    return (vec2s){{(px.x - cam->view_w * 0.5f) / cam->px_per_cm + cam->centre_cm.x,
                    (px.y - cam->view_h * 0.5f) / cam->px_per_cm + cam->centre_cm.y}};
}

void render_camera_resize(render_camera *cam, int view_w, int view_h)
{
    cam->view_w = view_w > 1 ? view_w : 1;
    cam->view_h = view_h > 1 ? view_h : 1;
    if (cam->px_per_cm <= 0)
        cam->px_per_cm = cam->target_px_per_cm = 4;
}

static float clamp_scale(float s)
{
    return fminf(fmaxf(s, RENDER_CAMERA_MIN_PX_PER_CM), RENDER_CAMERA_MAX_PX_PER_CM);
}

void render_camera_fit(render_camera *cam, float table_w_cm, float table_h_cm, int margin_px,
                       bool snap)
{
    float sx = (cam->view_w - 2.0f * margin_px) / table_w_cm;
    float sy = (cam->view_h - 2.0f * margin_px) / table_h_cm;
    cam->target_px_per_cm = clamp_scale(fminf(sx, sy));
    cam->target_centre_cm = (vec2s){{table_w_cm * 0.5f, table_h_cm * 0.5f}};
    if (snap || cam->px_per_cm <= 0) {
        cam->px_per_cm = cam->target_px_per_cm;
        cam->centre_cm = cam->target_centre_cm;
    }
}

void render_camera_zoom_at(render_camera *cam, vec2s px, float factor)
{
    /* Zoom the target view about the point under the cursor *in the target view*, so repeated
     * wheel steps during an animation compose instead of fighting each other. */
    render_camera target = *cam;
    target.centre_cm = cam->target_centre_cm;
    target.px_per_cm = cam->target_px_per_cm;
    vec2s anchor = render_camera_to_cm(&target, px);
    float s = clamp_scale(target.px_per_cm * factor);
    cam->target_px_per_cm = s;
    cam->target_centre_cm = (vec2s){
        {anchor.x - (px.x - cam->view_w * 0.5f) / s, anchor.y - (px.y - cam->view_h * 0.5f) / s}};
}

void render_camera_pan_px(render_camera *cam, vec2s delta_px)
{
    vec2s d = {{delta_px.x / cam->px_per_cm, delta_px.y / cam->px_per_cm}};
    cam->centre_cm = glms_vec2_sub(cam->centre_cm, d);
    /* The target keeps its own zoom; pan it by the same table distance. */
    cam->target_centre_cm = glms_vec2_sub(cam->target_centre_cm, d);
}

bool render_camera_settled(const render_camera *cam)
{
    return cam->px_per_cm == cam->target_px_per_cm && cam->centre_cm.x == cam->target_centre_cm.x &&
           cam->centre_cm.y == cam->target_centre_cm.y;
}

bool render_camera_update(render_camera *cam, float dt, float speed)
{
    if (render_camera_settled(cam))
        return false;
    /* Exponential easing: the same fraction of the gap closes per second whatever the frame
     * rate. Zoom eases in log space so it feels even. */
    float k = speed <= 0 ? 1.0f : 1.0f - expf(-14.0f * speed * dt);
    float ls = logf(cam->px_per_cm), lt = logf(cam->target_px_per_cm);
    /* Keep the screen point of the target centre moving along with the zoom. */
    cam->px_per_cm = expf(ls + (lt - ls) * k);
    cam->centre_cm = glms_vec2_lerp(cam->centre_cm, cam->target_centre_cm, k);
    float gap_px = glms_vec2_distance(cam->centre_cm, cam->target_centre_cm) * cam->px_per_cm;
    if (gap_px < 0.05f && fabsf(lt - logf(cam->px_per_cm)) < 1e-4f) {
        cam->px_per_cm = cam->target_px_per_cm;
        cam->centre_cm = cam->target_centre_cm;
    }
    return true;
}
