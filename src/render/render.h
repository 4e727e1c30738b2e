/* The renderer: the only user of SDL_Renderer, SDL2_ttf and SDL2_image. It draws the table (a
 * cached static layer of cloth, terrain, linear features and deployment zones, then the figures)
 * and the overlays the tools need, in table centimetres through a render_camera, plus screen text,
 * panels, a scale bar and a legend. The same code draws into a window (platform) and into an
 * offscreen software renderer (preview, tests, benchmark).
 *
 * Colours are 0xRRGGBBAA. Screen positions are output pixels. Nothing here reads input or
 * changes the game: the caller says what to draw.
 */
#ifndef RENDER_RENDER_H
#define RENDER_RENDER_H

#include "core/table.h"
#include "render/camera.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct SDL_Renderer;
typedef struct render_ctx render_ctx;

#define RENDER_DEFAULT_FONT      "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
#define RENDER_DEFAULT_BOLD_FONT "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
#define RENDER_CM_PER_INCH       2.5f /* the seeds' convention */

typedef struct render_desc {
    float ui_scale;        /* text and widget scale (HiDPI); 0 means 1 */
    const char *font_path; /* NULL: DejaVu Sans from fonts-dejavu-core */
    const char *art_dir;   /* generated art (assets/art); NULL or missing: plain shapes */
    /* Offscreen: draw everything through SDL's software renderer, not the fast path that writes
     * the same pixels itself (tests compare the two). */
    bool sdl_only;
} render_desc;

/* The art folder: assets/art under the working directory, else under the source tree; NULL
 * (plain shapes) when neither has a manifest.json. */
const char *render_find_art_dir(char *buf, size_t size);

/* Draws into an existing renderer (owned by the caller). NULL with a message on failure. */
render_ctx *render_create(struct SDL_Renderer *renderer, const render_desc *desc, char *err,
                          size_t err_size);
/* An offscreen software renderer on a w x h surface; needs no display. */
render_ctx *render_create_offscreen(int w, int h, const render_desc *desc, char *err,
                                    size_t err_size);
void render_destroy(render_ctx *ctx);

void render_output_size(const render_ctx *ctx, int *w, int *h);
float render_ui_scale(const render_ctx *ctx);
/* Starts a frame: clears to the background colour. */
void render_begin(render_ctx *ctx);
/* Shows the frame (windows only; a no-op offscreen). */
void render_present(render_ctx *ctx);
/* Reads the pixel at (x, y) of what was drawn so far as 0xRRGGBB. */
uint32_t render_read_pixel(render_ctx *ctx, int x, int y);
/* Writes what was drawn as a PNG (deterministic bytes). 0 on success, else -1 with a message. */
int render_write_png(render_ctx *ctx, const char *path, char *err, size_t err_size);

/* ---- the table ------------------------------------------------------------------------------ */

typedef enum render_units {
    RENDER_UNITS_CM = 0,
    RENDER_UNITS_INCH,
} render_units;

typedef struct render_zone {
    side_id side;
    const vec2s *pts;
    int count;
} render_zone;

/* Per-figure drawing flags. */
enum {
    RENDER_FIG_SELECTED = 1 << 0,
    RENDER_FIG_HOVER = 1 << 1,
    RENDER_FIG_HIGHLIGHT = 1 << 2, /* inside a template, a legal target */
    RENDER_FIG_GHOST = 1 << 3,     /* left behind by a drag */
    RENDER_FIG_HIDDEN = 1 << 4,
};

typedef struct render_scene {
    const table *table;
    const render_zone *zones;
    int zone_count;
    bool show_deployment;
    bool show_labels;
    const uint8_t *figure_flags; /* table->figure_count entries, or NULL */
    uint32_t terrain_version;    /* change it when terrain or zones change (cache key) */
    /* The camera is moving (zoom animation): a scaled copy of the cached static layer will do
     * until it settles. */
    bool camera_moving;
} render_scene;

/* What a rectangular stand is drawn as (its symbol): guns for a gun or an artillery unit, horse
 * for a mounted figure or a cavalry unit (dragoons, hussars...), else foot. */
typedef enum render_arm { RENDER_ARM_FOOT = 0, RENDER_ARM_HORSE, RENDER_ARM_GUNS } render_arm;
render_arm render_stand_arm(const table *t, const figure *f);

/* Draws the whole table: static layer (cached while camera and terrain_version stay), labels,
 * then every figure on the table. */
void render_table(render_ctx *ctx, const render_camera *cam, const render_scene *scene);
/* Draws only the static layer (cloth, terrain, features, zones). */
void render_table_static(render_ctx *ctx, const render_camera *cam, const render_scene *scene);
/* Draws labels (when asked) and the figures: render_table without the static layer, so overlays
 * can sit between terrain and figures. */
void render_table_figures(render_ctx *ctx, const render_camera *cam, const render_scene *scene);
/* Where a terrain name goes: its feature, the top centre of the text and the box it covers
 * (px, with a little padding). */
typedef struct render_label {
    int feature;
    float x, y;
    float x0, y0, x1, y1;
} render_label;
/* Lays out the names of the terrain features, the biggest features first: a name that would
 * cover one already placed moves a line up or down, and is left out when neither is free.
 * Fills up to `max` labels; returns how many. */
int render_table_label_layout(render_ctx *ctx, const render_camera *cam, const table *t,
                              render_label *out, int max);
/* Draws the names of the terrain features as render_table_label_layout places them. */
void render_table_labels(render_ctx *ctx, const render_camera *cam, const table *t);
/* Draws one figure at `pos` facing `facing` (a drag preview, or as the table has it). */
void render_figure(render_ctx *ctx, const render_camera *cam, const table *t, const figure *f,
                   vec2s pos, float facing, unsigned flags);
/* The drawn radius of a figure's base in pixels (never below a visible minimum). */
float render_figure_radius_px(const render_camera *cam, const figure *f);

/* The colours the table uses, exposed for tests and legends. */
uint32_t render_cloth_rgb(void);
uint32_t render_side_rgb(const table *t, side_id sid);

/* ---- overlays in table centimetres --------------------------------------------------------- */

void render_line_cm(render_ctx *ctx, const render_camera *cam, vec2s a, vec2s b, float width_px,
                    uint32_t rgba);
void render_dashed_line_cm(render_ctx *ctx, const render_camera *cam, vec2s a, vec2s b,
                           float width_px, float dash_px, uint32_t rgba);
void render_polyline_cm(render_ctx *ctx, const render_camera *cam, const vec2s *pts, int n,
                        float width_px, uint32_t rgba);
/* Fills a star-shaped region seen from `centre` (a reachable area, a visibility polygon). */
void render_fan_cm(render_ctx *ctx, const render_camera *cam, vec2s centre, const vec2s *ring,
                   int n, uint32_t fill_rgba);
void render_circle_cm(render_ctx *ctx, const render_camera *cam, vec2s c, float r_cm,
                      float width_px, uint32_t rgba);
/* A filled sector from angle a0 to a1 (radians, clockwise on screen), outlined. */
void render_sector_cm(render_ctx *ctx, const render_camera *cam, vec2s c, float r_cm, float a0,
                      float a1, uint32_t fill_rgba, uint32_t outline_rgba);
void render_marker_cm(render_ctx *ctx, const render_camera *cam, vec2s p, float r_px,
                      uint32_t rgba);

/* ---- screen space -------------------------------------------------------------------------- */

typedef enum render_align {
    RENDER_ALIGN_LEFT = 0,
    RENDER_ALIGN_CENTRE,
    RENDER_ALIGN_RIGHT,
} render_align;

/* Draws UTF-8 text with its top at y; `size` in points before ui scale; returns its width. */
int render_text(render_ctx *ctx, float x, float y, const char *text, float size, uint32_t rgba,
                render_align align);
/* Text with a dark halo, readable on any terrain. */
int render_text_outlined(render_ctx *ctx, float x, float y, const char *text, float size,
                         uint32_t rgba, render_align align);
void render_text_size(render_ctx *ctx, const char *text, float size, int *w, int *h);
/* `text` cut with "..." to fit max_w px (whole UTF-8 characters only), written to buf; returns
 * buf. */
const char *render_text_fit(render_ctx *ctx, const char *text, float size, float max_w, char *buf,
                            size_t cap);
/* Word wrapping: how many bytes of `text` go on its first line within max_w px, broken before a
 * space (a single word too long for the line still goes whole, up to 511 bytes); 0 only for an
 * empty text. The caller skips the spaces after it. */
size_t render_text_line_len(render_ctx *ctx, const char *text, float size, float max_w);
void render_rect(render_ctx *ctx, float x, float y, float w, float h, uint32_t rgba);
void render_rect_outline(render_ctx *ctx, float x, float y, float w, float h, uint32_t rgba);
/* A panel of text lines (tooltip, help): a dark box at (x, y) kept on screen. */
void render_text_panel(render_ctx *ctx, float x, float y, const char *const *lines, int n,
                       float size);

/* Draws the art folder's image `name` (file stem: "card_officer"), tinted with side_rgb
 * (0xRRGGBB) through its mask when it has one, scaled into the rect (x, y, w, h) with opacity
 * `alpha`. False (nothing drawn) when the art is missing: the caller draws a plain shape. */
bool render_image(render_ctx *ctx, const char *name, float x, float y, float w, float h,
                  uint32_t side_rgb, uint8_t alpha);

/* A scale bar in the chosen units with its bottom-left corner at (x, y). */
void render_scale_bar(render_ctx *ctx, const render_camera *cam, float x, float y,
                      render_units units);
/* A bar showing both cm and inches (preview). Returns its height. */
float render_scale_bar_both(render_ctx *ctx, const render_camera *cam, float x, float y);
/* The legend of the terrain types used on the table; returns its height. */
float render_terrain_legend(render_ctx *ctx, const table *t, float x, float y);
/* Formats a distance in the chosen units: "12.5 cm" or "5.0\"". */
const char *render_format_distance(float cm, render_units units, char *buf, size_t size);

/* ---- pictures ------------------------------------------------------------------------------ */

typedef struct render_picture render_picture;

/* What the offscreen renderer `src` drew so far, as an image `ctx` can draw (a scenario's
 * preview on the start screen). NULL with a message on failure. Destroy it before ctx. */
render_picture *render_picture_capture(render_ctx *ctx, render_ctx *src, char *err,
                                       size_t err_size);
void render_picture_size(const render_picture *img, int *w, int *h);
/* Draws the image scaled into the rectangle (output pixels). */
void render_picture_draw(render_ctx *ctx, const render_picture *img, float x, float y, float w,
                         float h);
void render_picture_destroy(render_picture *img);

#endif // RENDER_RENDER_H
