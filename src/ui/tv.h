/* The table screen's inside, shared by table_view.c (camera, hover, selection, dispatch) and
 * its tools, one file each: tv_move.c (select, box and move), tv_wheel.c, tv_rotate.c,
 * tv_tape.c, tv_los.c, tv_target.c. A tool is an object (julius window_type): its own state
 * behind a tv_tool, and callbacks for what the screen hands it. Nothing outside ui/table_view
 * and the tools includes this. */
#ifndef UI_TV_H
#define UI_TV_H

#include "core/los.h"
#include "game/game.h"
#include "render/camera.h"
#include "render/render.h"
#include "ui/input.h"
#include "ui/morale_news.h"
#include "ui/names.h"
#include "ui/roster.h"
#include "ui/solo.h"
#include "ui/teach.h"
#include "ui/tools.h"
#include "ui/turn_banner.h"

#include <stdbool.h>
#include <stddef.h>

#define UI_TV_PI_F              3.14159265358979f
#define UI_TV_DRAG_THRESHOLD_PX 5.0f
#define UI_TV_ANIM_MAX          256

typedef struct ui_app ui_app;
typedef struct ui_action_panel ui_action_panel;
typedef struct ui_driver_panel ui_driver_panel;
typedef struct tv tv;
typedef struct tv_tool tv_tool;

/* The tools the player chooses (keys M, L, T, R; the select tool otherwise) and the wheel,
 * which the select tool's handles start. */
typedef enum tv_tool_id {
    TV_TOOL_SELECT = 0, /* select, box and move (tv_move.c) */
    TV_TOOL_TAPE,
    TV_TOOL_LOS,
    TV_TOOL_TARGET,
    TV_TOOL_ROTATE,
    TV_TOOL_WHEEL,
    TV_TOOL_COUNT
} tv_tool_id;

/* Where over the table a tool draws, in the screen's order: under the figures, the handles
 * over them, the readouts over those, and the box on top. */
typedef enum tv_layer {
    TV_LAYER_UNDER = 0,
    TV_LAYER_HANDLES,
    TV_LAYER_OVER,
    TV_LAYER_TOP
} tv_layer;

/* A tool's callbacks; NULL: nothing to do. "Held" means the tool holds the left button: from
 * the press it took to the release (or Esc). */
typedef struct tv_tool_ops {
    const char *name; /* on the top bar: "measure" */
    const char *hint; /* said when the tool is chosen */
    /* Chosen by its key: resets its state; returns what to say instead of the hint, or NULL. */
    const char *(*begin)(tv_tool *tl, tv *v, ui_app *app);
    /* With the select tool chosen, a left press on one of this tool's handles: true takes it
     * (the tool is held). */
    bool (*grab)(tv_tool *tl, tv *v, ui_app *app, const ui_input *in);
    /* A left press on the table while the tool is chosen: true when the tool is now held. */
    bool (*press)(tv_tool *tl, tv *v, ui_app *app, const ui_input *in);
    /* Every frame while held, after the press. */
    void (*drag)(tv_tool *tl, tv *v, ui_app *app, const ui_input *in);
    void (*release)(tv_tool *tl, tv *v, ui_app *app);
    void (*cancel)(tv_tool *tl, tv *v, ui_app *app); /* Esc while held */
    /* The match changed while held (undo, load): true lets go, the preview dropped. */
    bool (*stale)(tv_tool *tl, tv *v);
    /* Every frame, once the clicks are handled: the pointer is at v->mouse_cm. */
    void (*point)(tv_tool *tl, tv *v, ui_app *app);
    /* A plain key while the tool is chosen (or, holds_keys, while it holds the keyboard):
     * true when the tool took it. */
    bool (*key)(tv_tool *tl, tv *v, ui_app *app, int key);
    /* True while the tool takes every key of the frame (a stated range being typed). */
    bool (*holds_keys)(const tv_tool *tl);
    /* A right click without travel while chosen: true when the tool took it. */
    bool (*right)(tv_tool *tl, tv *v, ui_app *app);
    /* Where figure index fig is drawn while the tool previews it (ghost: its place on the table
     * drawn faded too); false leaves it where it is. */
    bool (*pose)(const tv_tool *tl, const tv *v, const table *t, int fig, bool animating,
                 vec2s *pos, float *facing, bool *ghost);
    /* The viewer's flags were just set: a tool drops a figure it may not see. */
    void (*seen)(tv_tool *tl, const tv *v, const table *t);
    void (*draw)(tv_tool *tl, tv *v, ui_app *app, render_ctx *ctx, const table *t, tv_layer layer);
} tv_tool_ops;

/* The first member of every tool's own struct. */
struct tv_tool {
    const tv_tool_ops *ops;
};

/* The tools, each in its own file; free() destroys one. */
tv_tool *ui_tv_move_create(void);
tv_tool *ui_tv_tape_create(void);
tv_tool *ui_tv_los_create(void);
tv_tool *ui_tv_target_create(void);
tv_tool *ui_tv_rotate_create(void);
tv_tool *ui_tv_wheel_create(void);

/* What the tools say of themselves to the rest of the screen. */
bool ui_tv_move_moving(const tv_tool *tl);                               /* the selection dragged */
bool ui_tv_rotate_facing(const tv_tool *tl, const tv *v, float *facing); /* turn previewed */
void ui_tv_target_choose(tv *v, const char *option); /* a panel's fire: the target tool */

typedef struct tv_anim {
    int fig;
    vec2s from, to;
    float face_from, face_to;
    double t0, dur;
} tv_anim;

/* The screen's state the tools read: camera, pointer, selection flags, animations, panels. */
struct tv {
    render_camera cam;
    bool cam_ready;
    uint8_t *flags; /* RENDER_FIG_* per figure index: selected, hidden */
    int flags_cap;
    int hover;
    double hover_since;
    vec2s mouse_cm, mouse_px;
    vec2s press_px, press_cm; /* where the last left press was */
    tv_tool *tools[TV_TOOL_COUNT];
    tv_tool_id tool; /* the chosen tool */
    tv_tool *held;   /* the tool holding the left button, or NULL */
    bool panning;
    int pan_button;
    bool right_click; /* a right click without travel, with the select tool (referee menu) */
    tv_anim anims[UI_TV_ANIM_MAX];
    int anim_count;
    bool show_arcs, show_sight;
    ui_tools_sight sight;
    uint32_t sight_version;
    int sight_fig;
    uint32_t seen_version;
    ui_action_panel *actions; /* the actor's actions and the orders, under the driver */
    ui_driver_panel *driver;  /* the turn driver (deck, dice, phases) at the top right */
    los_index *los;           /* static terrain never changes during a match */
    const table *los_table;
    ui_solo solo;          /* the bot's sides (ui/solo.h) */
    ui_teach teach;        /* dice tray and event log (ui/teach.h) */
    ui_names named;        /* the figures whose name is under the pointer (ringed) */
    ui_names focus;        /* the figures of the log entry opened by a click (ringed) */
    int focus_key;         /* that entry */
    ui_turn_banner banner; /* "Turn N begins" */
    ui_morale_news news;   /* "Moro morale breaks", its figures ringed */
    ui_roster roster;      /* each side's units and their state (Tab) */
};

/* ---- the screen's helpers for its tools (table_view.c) ------------------------------------ */

const table *ui_tv_table(ui_app *app);
bool ui_tv_selected(const tv *v, int i);
int ui_tv_selection_count(const tv *v, const table *t);
int ui_tv_first_selected(const tv *v, const table *t);
vec2s ui_tv_selection_centre(const tv *v, const table *t);
void ui_tv_select_none(tv *v, const table *t);
void ui_tv_select_set(tv *v, int i, bool on);
/* The topmost figure the viewer sees under cm (with a few pixels' slop), or -1. */
int ui_tv_hit(const tv *v, const table *t, vec2s cm);
float ui_tv_base_radius(const figure *f);
const los_index *ui_tv_los(tv *v, const table *t);
const char *ui_tv_units_text(ui_app *app, float cm, char *buf, size_t size);
/* A command of `kind` for the selection, `ref` first (the engine moves the others by the same
 * offset, keeping the formation). */
rules_command ui_tv_selection_command(const tv *v, const table *t, int ref,
                                      rules_command_kind kind);
/* Figure fig glides from one place to another. */
void ui_tv_anim_add(tv *v, ui_app *app, int fig, vec2s from, vec2s to, float f0, float f1);
/* Submits through the bot's gate (and the network), animating the figures that moved. */
bool ui_tv_submit(tv *v, ui_app *app, const rules_command *cmd, char *reason, size_t size);
/* A refused command: logged by the teaching panels, said in a toast. */
void ui_tv_refused(tv *v, ui_app *app, const char *what, const char *reason);
/* Where figure fig is drawn at `now` while animated; false when it is not. */
bool ui_tv_anim_pose(const tv *v, double now, int fig, vec2s *pos, float *facing);
bool ui_tv_anims_running(const tv *v, double now);
void ui_tv_flags_fit(tv *v, const table *t);
/* Chooses a tool without a word (a tool done with its work hands back to select). */
void ui_tv_choose(tv *v, tv_tool_id id);

/* Draws the table screen (tv_draw.c); the viewer's flags set first. */
void ui_tv_draw(tv *v, ui_app *app, render_ctx *ctx);

/* ---- whatever is named is shown (tv_named.c) ---------------------------------------------- */

/* The figures named where the pointer is: a log entry, the toast, the prompt, a panel's line. */
void ui_tv_named_update(tv *v, ui_app *app, const ui_input *in);
/* The part of the view the panels leave to the table, in px. */
void ui_tv_open_view(const tv *v, ui_app *app, float *x0, float *y0, float *x1, float *y1);
/* A log entry opened by a click rings its figures, panned into view. */
void ui_tv_focus_follow_log(tv *v, ui_app *app);
void ui_tv_draw_named(tv *v, ui_app *app, render_ctx *ctx, const table *t);
void ui_tv_draw_news(tv *v, ui_app *app, render_ctx *ctx, const table *t);

#endif // UI_TV_H
