/* Inside the scenario editor screen (ui/editor.h): its state, shared by the input code
 * (editor.c) and the drawing and the settings panel (editor_draw.c). */
#ifndef UI_EDITOR_PANEL_H
#define UI_EDITOR_PANEL_H

#include "ui/app.h"
#include "ui/editor_balance.h"
#include "ui/editor_doc.h"

#define ED_PANEL_W    310
#define ED_POINTS_MAX 256
#define ED_ROWS_MAX   40
#define ED_GROUP_MAX  256 /* pieces, and units, in one box-selected group */

typedef enum ed_tool {
    ED_TOOL_SELECT = 0,
    ED_TOOL_POLYGON,
    ED_TOOL_RECT,
    ED_TOOL_CIRCLE,
    ED_TOOL_LINE,
    ED_TOOL_UNIT,
    ED_TOOL_ZONE,
    ED_TOOL_VICTORY, /* victory conditions, their areas, the rule set's options */
    ED_TOOL_COUNT
} ed_tool;

typedef enum ed_drag {
    ED_DRAG_NONE = 0,
    ED_DRAG_PAN,
    ED_DRAG_FEATURE, /* the selected piece */
    ED_DRAG_POINT,   /* one of its points */
    ED_DRAG_UNIT,    /* the selected unit */
    ED_DRAG_SHAPE,   /* a rectangle or circle being drawn */
    ED_DRAG_BOX,     /* a box drawn on empty table to choose what lies in it */
    ED_DRAG_GROUP,   /* the box-selected group */
    ED_DRAG_VAREA,   /* the chosen victory condition's area */
    ED_DRAG_VPOINT,  /* one of its points */
    ED_DRAG_FIGURE,  /* one figure of the selected unit (editor_units_panel.c) */
} ed_drag;

typedef enum ed_text {
    ED_TEXT_NONE = 0,
    ED_TEXT_TITLE,
    ED_TEXT_LABEL,
    ED_TEXT_DESCRIPTION,
    ED_TEXT_SIDE_NAME, /* the name of side text_side */
} ed_text;

/* What a row of the panel does when clicked (left part: back, right part: on). */
typedef enum ed_row_kind {
    ED_ROW_TOOL = 1,
    ED_ROW_TITLE,
    ED_ROW_TABLE,
    ED_ROW_TURNS,
    ED_ROW_VICTORY_SIDE,
    ED_ROW_VICTORY_SHARE,
    ED_ROW_AREA_TYPE,
    ED_ROW_LINE_TYPE,
    ED_ROW_SIDE,
    ED_ROW_COUNT,
    ED_ROW_RANKS,
    ED_ROW_FACING,
    ED_ROW_ROLE,
    ED_ROW_QUALITY,
    ED_ROW_WEAPON,
    ED_ROW_KIND,
    ED_ROW_SEL_TYPE,
    ED_ROW_SEL_LABEL,
    ED_ROW_SEL_TURN,
    ED_ROW_SEL_DELETE,
    ED_ROW_SAVE,
    ED_ROW_TRY,
    ED_ROW_BALANCE,
    ED_ROW_DESCRIPTION,
    /* editor_scenario_ui.c */
    ED_ROW_ARRIVE_TURN,
    ED_ROW_ARRIVE_EDGE,
    ED_ROW_ARRIVE_POINT,
    ED_ROW_UNIT_OPTION, /* a rule-set option listing units: the chosen one in or out */
    ED_ROW_VIC_ITEM,    /* arg: the condition */
    ED_ROW_VIC_ADD,
    ED_ROW_VIC_SIDE,
    ED_ROW_VIC_VALUE,
    ED_ROW_VIC_DELETE,
    ED_ROW_OPTION, /* arg: the option */
    /* editor_units_panel.c */
    ED_ROW_SEL_FORMATION,
    ED_ROW_SEL_COMMANDER,
    ED_ROW_SEL_ADD_FIGURE,
    ED_ROW_SIDE_ENTRY, /* arg: the side; the name renames, the colour steps */
    ED_ROW_SIDE_ADD,
    ED_ROW_SIDE_REMOVE, /* arg: the side */
} ed_row_kind;

typedef struct ed_row {
    ed_row_kind kind;
    int arg;
    float x, y, w, h;
} ed_row;

typedef struct ed {
    editor_doc *doc;
    char path[UI_PATH_MAX]; /* where Ctrl+S writes; "" until a new scenario is first saved */
    render_camera cam;
    bool cam_ready;
    ed_tool tool;
    int sel_feature, sel_unit; /* document indices, -1 for none */
    int sel_figure;            /* one figure of sel_unit (editor_units.h numbering), or -1 */
    int press_clicks;          /* 2 for the press of a double click */
    int text_side;             /* the side ED_TEXT_SIDE_NAME renames */
    /* a group chosen by a box (two things or more; one becomes sel_feature or sel_unit) */
    int group_f[ED_GROUP_MAX], group_u[ED_GROUP_MAX];
    int group_nf, group_nu;
    /* a polygon or line being drawn */
    vec2s pts[ED_POINTS_MAX];
    int npts;
    /* the pointer and the drag */
    vec2s mouse_px, mouse_cm, press_px, press_cm, press_snap;
    ed_drag drag;
    int drag_point;
    int pan_button;
    bool moved;
    /* what the drawing tools draw */
    int area_type, line_type; /* indices into the table's types */
    /* what Place units puts down */
    int u_side, u_count, u_ranks, u_facing, u_role, u_quality, u_weapon, u_kind;
    bool u_stand; /* rectangular stands (4 x 2.5 cm) rather than round bases */
    int placed;
    /* the victory condition the panel sets */
    int v_side, v_percent;
    /* text entry */
    ed_text text_target;
    char text[SCENARIO_TEXT_MAX]; /* room for a whole description */
    bool leave_warned;
    /* a trial match over the editor */
    game *trial;
    char saved_scenario_path[UI_PATH_MAX], saved_autosave_path[UI_PATH_MAX];
    /* the balance check running or done, and the document version it was started on */
    editor_balance *balance;
    unsigned balance_version;
    /* the static layer's cache key: new for every document version drawn */
    unsigned seen_version;
    uint32_t terrain_serial;
    bool serial_set;
    /* the scenario-level settings (editor_scenario_ui.c) */
    int sel_victory; /* the chosen victory condition, -1 for none */
    int v_kind;      /* the kind the victory tool adds, an index into the rule set's terms */
    int drag_vpoint;
    bool pick_entry; /* the next click by an edge sets the chosen unit's entry point */
    /* laid out at draw time, read by input */
    ed_row rows[ED_ROWS_MAX];
    int row_count;
} ed;

const char *ed_tool_name(ed_tool t);
const table *ed_table(const ed *e);
void ed_set_tool(ed *e, ed_tool t);
void ed_refused(ed *e, ui_app *app);
void ed_save(ed *e, ui_app *app);
/* Plays the scenario as it stands, over the editor. */
void ed_try(ed *e, ui_app *app);
/* Starts the balance check, or stops the one running. */
void ed_balance_toggle(ed *e, ui_app *app);
/* The destroy condition the document has (side index, percent), or percent 0. */
void ed_victory(const ed *e, int *side_ix, int *percent);
void ed_set_victory(ed *e, ui_app *app, int side_ix, int percent);
void ed_text_begin(ed *e, ed_text target);
void ed_rotate_selected(ed *e, ui_app *app, float deg);
/* Takes away the chosen piece, unit or group. */
void ed_delete_selected(ed *e, ui_app *app);
void ed_cycle_selected_type(ed *e, ui_app *app, int step);
editor_unit_desc ed_unit_desc(const ed *e, vec2s origin);
/* The open table: left of the panel, between the top bar and the check line. */
void ed_view_rect(const ed *e, float k, float *x1, float *y0, float *y1);
/* Fits the table into the open view. */
void ed_fit(ed *e, float k, bool snap_now);

/* The panel's pen: rows are laid out and drawn downwards from y. */
typedef struct panel_pen {
    render_ctx *ctx;
    ed *e;
    float x, y, w, k;
} panel_pen;
void ed_pen_header(panel_pen *p, const char *text);
/* A row: label on the left, value on the right; with `arrows` it steps both ways. */
void ed_pen_row(panel_pen *p, ed_row_kind kind, int arg, const char *label, const char *value,
                bool hot, bool arrows);

/* editor_scenario_ui.c: reinforcements, victory conditions and options on screen */
/* The chosen unit's arrival rows (and its place in options that list units). */
void eds_panel_unit(panel_pen *p);
/* True when the rule set scores victory conditions of `kind` (or gives no list of them). */
bool eds_scores(const ed *e, const char *kind);
/* The chosen unit arrives one turn later (step 1) or earlier; turn 0 is from the start (A). */
void eds_arrival_step(ed *e, ui_app *app, int step);
/* The victory tool's panel: the conditions, the one chosen, the rule set's options. */
void eds_panel_victory(panel_pen *p);
/* A click on one of the rows above; false when the row is none of them. */
bool eds_panel_click(ed *e, ui_app *app, const ed_row *r, int step);
/* A press on the table that these settings take (choosing an entry point, a victory area or
 * its point); false when it is the other tools' to handle. */
bool eds_press(ed *e, ui_app *app, vec2s px);
/* A frame of a drag of a victory area (delta) or of its point (to `at`); false when the drag
 * is not one of these. */
bool eds_drag_motion(ed *e, vec2s delta, vec2s at);
/* Under the balance check's win rates: how often each side's reinforcements mattered. */
void eds_panel_mattered(panel_pen *p, const editor_balance_result *r);
/* Reinforcements ghosted where they queue, with their turn at the entry point; victory areas. */
void eds_draw_marks(ed *e, render_ctx *ctx, float k);

/* editor_draw.c */
void ed_draw(ui_screen *s, ui_app *app, render_ctx *ctx);
void ed_panel_click(ed *e, ui_app *app, vec2s px, bool back);
/* The area or line type of the tool in use, one step on. */
void ed_panel_cycle_type(ed *e, int step);
/* The preview picture beside the saved file (FILE.png for FILE.json); true when written. */
bool ed_write_preview(const ed *e);
/* The line over a trial match saying how to come back (it passes input to the match). */
ui_screen *ed_trial_banner_create(void);

/* editor_units_panel.c: figures one by one, turning groups, formations, commanders, sides */
/* A press on figure `fig` (a table index) with the select tool: true when it chose that figure
 * alone (a double click, or a figure of the unit whose figure is chosen) and starts its drag. */
bool ed_units_press(ed *e, int fig);
/* Turns the chosen group or figure by `deg`; false when neither is chosen. */
bool ed_units_rotate(ed *e, ui_app *app, float deg);
/* Takes away the chosen figure; false when none is chosen. */
bool ed_units_delete(ed *e, ui_app *app);
/* A figure more for the chosen unit: at the pointer on the table, else beside its last. */
void ed_units_add_figure(ed *e, ui_app *app);
void ed_units_panel_group(panel_pen *p);
void ed_units_panel_unit(panel_pen *p);
void ed_units_panel_sides(panel_pen *p);
/* A click on one of the rows above; true when it was one. */
bool ed_units_panel_click(ed *e, ui_app *app, const ed_row *r, vec2s px, bool back);
void ed_units_draw_marks(ed *e, render_ctx *ctx, float k);
void ed_units_text_begin(ed *e, int side);
bool ed_units_text_commit(ed *e, ui_app *app);

#endif // UI_EDITOR_PANEL_H
