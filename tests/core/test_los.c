/* Line of sight: seed 000's distinctions (edge sees out, deep inside blocks, solid blocks,
 * single tree never blocks), heights (low wall, roof, steeple), bases in the way, arcs and
 * templates, and the grid index against a brute-force scan. */
#include "core/los.h"

#include "core/dice.h"
#include "core/table.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#define V(x, y) ((vec2s){{(float)(x), (float)(y)}})

enum { T_TREE, T_JUNGLE, T_HOUSE, T_CHURCH, T_WALL_LOW, T_WALL_HIGH, T_COUNT };

static void add_types(table *t)
{
    static const struct {
        const char *name;
        terrain_los los;
        float height;
    } types[T_COUNT] = {
        {"tree", TERRAIN_LOS_CLEAR, 30},  {"jungle", TERRAIN_LOS_AREA, 20},
        {"house", TERRAIN_LOS_SOLID, 10}, {"church", TERRAIN_LOS_SOLID, 20},
        {"wall", TERRAIN_LOS_SOLID, 4},   {"high_wall", TERRAIN_LOS_SOLID, 7},
    };
    for (int i = 0; i < T_COUNT; i++) {
        terrain_type ty = {.move_mult = 1, .los = types[i].los, .height_ft = types[i].height};
        strncpy(ty.name, types[i].name, TABLE_NAME_MAX - 1);
        table_add_type(t, &ty);
    }
}

static int add_rect(table *t, int type, float x0, float y0, float x1, float y1)
{
    vec2s pts[4] = {V(x0, y0), V(x1, y0), V(x1, y1), V(x0, y1)};
    terrain_feature f = {.type = type, .shape = TERRAIN_SHAPE_AREA, .area = {pts, 4}};
    return table_add_feature(t, &f);
}

static int add_wall(table *t, int type, float x0, float y0, float x1, float y1)
{
    vec2s pts[2] = {V(x0, y0), V(x1, y1)};
    terrain_feature f = {.type = type, .shape = TERRAIN_SHAPE_LINE, .line = {pts, 2}};
    return table_add_feature(t, &f);
}

static figure_id add_fig(table *t, uint32_t side_no, float x, float y, figure_posture posture)
{
    figure f = {.side = {side_no}, .posture = posture, .pos = V(x, y)};
    f.base = (geom_base){GEOM_BASE_ROUND, 1.25f, 0, 0};
    return table_add_figure(t, &f);
}

static void test_area_edge_sees_out_deep_blocks(void **state)
{
    (void)state;
    table *t = table_create(NULL);
    add_types(t);
    int jungle = add_rect(t, T_JUNGLE, 50, 0, 80, 40);
    los_index *ix = los_create(t, NULL);
    figure_id edge = add_fig(t, 1, 51, 20, FIGURE_POSTURE_FOOT);
    figure_id deep = add_fig(t, 1, 60, 20, FIGURE_POSTURE_FOOT);
    figure_id out = add_fig(t, 2, 20, 20, FIGURE_POSTURE_FOOT);
    figure_id far_edge = add_fig(t, 2, 79, 20, FIGURE_POSTURE_FOOT);
    figure_id beyond = add_fig(t, 2, 90, 20, FIGURE_POSTURE_FOOT);
    figure_id near_deep = add_fig(t, 2, 61.5f, 20, FIGURE_POSTURE_FOOT);

    assert_int_equal(los_figures(ix, t, edge, out, NULL).verdict, LOS_CLEAR);
    assert_int_equal(los_figures(ix, t, out, edge, NULL).verdict, LOS_CLEAR);
    los_result r = los_figures(ix, t, deep, out, NULL);
    assert_int_equal(r.verdict, LOS_BLOCKED_TERRAIN);
    assert_int_equal(r.feature, jungle);
    assert_true(fabsf(r.inside_cm - 10.0f) < 1e-4f);
    /* through the jungle from outside, and between its two edges */
    assert_int_equal(los_figures(ix, t, out, beyond, NULL).verdict, LOS_BLOCKED_TERRAIN);
    assert_int_equal(los_figures(ix, t, edge, far_edge, NULL).verdict, LOS_BLOCKED_TERRAIN);
    /* two figures deep inside but 1.5 cm apart see each other */
    assert_int_equal(los_figures(ix, t, deep, near_deep, NULL).verdict, LOS_CLEAR);
    /* clipping the corner: 2.24 cm inside, under the 2.5 cm see-into depth */
    assert_false(los_blocked(ix, V(46, 3), V(54, -1), 6, NULL));
    assert_true(los_blocked(ix, V(46, 5), V(58, -1), 6, NULL));
    /* running exactly along its edge: on the boundary, not inside (as for movement) */
    assert_false(los_blocked(ix, V(50, -10), V(50, 50), 6, NULL));
    /* a deeper see-into depth lets the 10 cm figure out */
    los_index *ix2 = los_create(t, &(los_desc){.see_into_cm = 12});
    assert_int_equal(los_figures(ix2, t, deep, out, NULL).verdict, LOS_CLEAR);
    los_destroy(ix2);
    los_destroy(ix);
    table_destroy(t);
}

/* A U-shaped wood (concave): arms 2 cm thick, a clearing between them open to +y. */
static void test_concave_area(void **state)
{
    (void)state;
    table *t = table_create(NULL);
    add_types(t);
    vec2s pts[8] = {V(100, 20), V(120, 20), V(120, 40), V(118, 40),
                    V(118, 22), V(102, 22), V(102, 40), V(100, 40)};
    terrain_feature f = {.type = T_JUNGLE, .shape = TERRAIN_SHAPE_AREA, .area = {pts, 8}};
    int wood = table_add_feature(t, &f);
    los_index *ix = los_create(t, NULL);
    /* from the clearing out of its mouth, and through one 2 cm arm */
    assert_false(los_blocked(ix, V(110, 30), V(110, 60), 6, NULL));
    assert_false(los_blocked(ix, V(110, 30), V(90, 30), 6, NULL));
    /* through both arms (4 cm inside in all) */
    int which;
    assert_true(los_blocked(ix, V(90, 30), V(130, 30), 6, &which));
    assert_int_equal(which, wood);
    /* along the clearing's inner wall: on the boundary, not inside */
    assert_false(los_blocked(ix, V(102, 25), V(102, 60), 6, NULL));
    /* into the clearing over the back (2 cm) and through the back to the far arm (2 + 2 more) */
    assert_false(los_blocked(ix, V(110, 10), V(110, 30), 6, NULL));
    assert_true(los_blocked(ix, V(110, 10), V(119, 39), 6, NULL));
    los_destroy(ix);
    table_destroy(t);
}

static void test_solid_blocks_tree_never_does(void **state)
{
    (void)state;
    table *t = table_create(NULL);
    add_types(t);
    int house = add_rect(t, T_HOUSE, 100, 50, 110, 60);
    add_rect(t, T_TREE, 28, 78, 32, 82);
    los_index *ix = los_create(t, NULL);
    int f;
    assert_true(los_blocked(ix, V(90, 55), V(120, 55), 6, &f));
    assert_int_equal(f, house);
    /* along its wall, and grazing its corner: touching blocks */
    assert_true(los_blocked(ix, V(90, 50), V(120, 50), 6, NULL));
    assert_true(los_blocked(ix, V(95, 55), V(105, 45), 6, NULL));
    assert_false(los_blocked(ix, V(90, 49.99), V(120, 49.99), 6, NULL));
    /* a man on a roof (12 ft) sees over it */
    assert_false(los_blocked(ix, V(90, 55), V(120, 55), 12, NULL));
    /* a man just inside, at a window, sees out; one in the middle of the house does not */
    assert_false(los_blocked(ix, V(101, 55), V(80, 55), 6, NULL));
    assert_true(los_blocked(ix, V(105, 55), V(80, 55), 6, &f));
    assert_int_equal(f, house);
    /* standing against its wall, looking away */
    assert_false(los_blocked(ix, V(110, 55), V(130, 55), 6, NULL));
    /* the single tree (30 ft, but CLEAR) never blocks */
    assert_false(los_blocked(ix, V(10, 80), V(50, 80), 6, NULL));
    los_destroy(ix);
    table_destroy(t);
}

static void test_heights_walls_roof_steeple(void **state)
{
    (void)state;
    table *t = table_create(NULL);
    add_types(t);
    int high = add_wall(t, T_WALL_HIGH, 140, 0, 140, 40);
    add_wall(t, T_WALL_LOW, 150, 0, 150, 40);
    int church = add_rect(t, T_CHURCH, 100, 80, 115, 100);
    add_rect(t, T_JUNGLE, 120, 80, 130, 100);
    add_rect(t, T_HOUSE, 160, 80, 170, 90);
    add_rect(t, T_HOUSE, 160, 95, 170, 100);
    los_index *ix = los_create(t, NULL);

    figure_id foot = add_fig(t, 1, 130, 20, FIGURE_POSTURE_FOOT);
    figure_id rider = add_fig(t, 1, 130, 22, FIGURE_POSTURE_MOUNTED);
    figure_id across = add_fig(t, 2, 145, 20, FIGURE_POSTURE_FOOT);
    figure_id past_low = add_fig(t, 2, 160, 20, FIGURE_POSTURE_FOOT);
    los_result r = los_figures(ix, t, foot, across, NULL);
    assert_int_equal(r.verdict, LOS_BLOCKED_TERRAIN);
    assert_int_equal(r.feature, high);
    assert_int_equal(los_figures(ix, t, rider, across, NULL).verdict, LOS_CLEAR);
    /* the low wall (4 ft) never blocks men on foot */
    assert_int_equal(los_figures(ix, t, across, past_low, NULL).verdict, LOS_CLEAR);
    /* a sight line that ends on the wall is not blocked by it */
    assert_false(los_blocked(ix, V(130, 10), V(140, 10), 6, NULL));

    /* the steeple (24 ft) sees over the jungle (20 ft) beyond the church; a man on foot at the
     * church door does not, and a roof (12 ft) does not see over the 20 ft jungle */
    figure_id steeple = add_fig(t, 1, 107, 90, FIGURE_POSTURE_STEEPLE);
    figure_id foot_out = add_fig(t, 2, 140, 90, FIGURE_POSTURE_FOOT);
    figure_id door = add_fig(t, 1, 116, 90, FIGURE_POSTURE_FOOT);
    assert_int_equal(los_figures(ix, t, steeple, foot_out, NULL).verdict, LOS_CLEAR);
    assert_int_equal(los_figures(ix, t, door, foot_out, NULL).verdict, LOS_BLOCKED_TERRAIN);
    figure_id on_roof = add_fig(t, 1, 165, 85, FIGURE_POSTURE_ROOF);
    figure_id in_house = add_fig(t, 1, 165, 85.5f, FIGURE_POSTURE_FOOT);
    figure_id yard = add_fig(t, 2, 165, 110, FIGURE_POSTURE_FOOT);
    assert_int_equal(los_figures(ix, t, on_roof, yard, NULL).verdict, LOS_CLEAR);
    assert_int_equal(los_figures(ix, t, in_house, yard, NULL).verdict, LOS_BLOCKED_TERRAIN);
    assert_int_equal(los_figure_point(ix, t, on_roof, V(125, 85), 0, NULL).verdict,
                     LOS_BLOCKED_TERRAIN);
    /* a man on foot sees the steeple top (24 ft) over the church itself */
    r = los_figure_point(ix, t, foot_out, V(107, 90), 24, NULL);
    assert_int_equal(r.verdict, LOS_CLEAR);
    r = los_figure_point(ix, t, foot_out, V(107, 90), 0, NULL);
    assert_int_equal(r.verdict, LOS_BLOCKED_TERRAIN);
    assert_true(r.feature == church || r.feature == church + 1);
    los_destroy(ix);
    table_destroy(t);
}

static void test_bases_in_the_way(void **state)
{
    (void)state;
    table *t = table_create(NULL);
    add_types(t);
    los_index *ix = los_create(t, NULL);
    figure_id a = add_fig(t, 1, 10, 10, FIGURE_POSTURE_FOOT);
    figure_id mid = add_fig(t, 1, 20, 11, FIGURE_POSTURE_FOOT); /* 1 cm off the line */
    figure_id far = add_fig(t, 1, 25, 10, FIGURE_POSTURE_FOOT); /* behind b */
    figure_id b = add_fig(t, 2, 22, 10, FIGURE_POSTURE_FOOT);
    figure_id off = add_fig(t, 2, 15, 12.5f, FIGURE_POSTURE_FOOT); /* 2.5 off: rim 1.25 short */
    (void)far;
    (void)off;
    assert_int_equal(los_figures(ix, t, a, b, NULL).verdict, LOS_CLEAR);
    los_opts all = {.bases_block = true};
    los_result r = los_figures(ix, t, a, b, &all);
    assert_int_equal(r.verdict, LOS_BLOCKED_FIGURE);
    assert_int_equal(r.figure.id, mid.id);
    /* LCR: only friendly bases block the shooter's line */
    los_opts enemy_only = {.bases_block = true, .base_side = {2}};
    assert_int_equal(los_figures(ix, t, a, b, &enemy_only).verdict, LOS_CLEAR);
    /* a dead figure is no obstacle */
    table_figure(t, mid)->status |= FIGURE_STATUS_DEAD;
    assert_int_equal(los_figures(ix, t, a, b, &all).verdict, LOS_CLEAR);
    los_destroy(ix);
    table_destroy(t);
}

static void test_arc_targets_and_templates(void **state)
{
    (void)state;
    table *t = table_create(NULL);
    add_types(t);
    add_rect(t, T_HOUSE, 30, 90, 34, 94);
    los_index *ix = los_create(t, NULL);
    figure_id v = add_fig(t, 1, 20, 100, FIGURE_POSTURE_FOOT);
    figure_id friend_ = add_fig(t, 1, 30, 100, FIGURE_POSTURE_FOOT);
    figure_id near = add_fig(t, 2, 40, 100, FIGURE_POSTURE_FOOT);
    figure_id far = add_fig(t, 2, 49, 100, FIGURE_POSTURE_FOOT);
    figure_id beyond = add_fig(t, 2, 55, 100, FIGURE_POSTURE_FOOT);
    figure_id aside = add_fig(t, 2, 20, 115, FIGURE_POSTURE_FOOT);
    figure_id hidden = add_fig(t, 2, 44, 84, FIGURE_POSTURE_FOOT);  /* behind the house */
    figure_id rim = add_fig(t, 2, 40, 121.5f, FIGURE_POSTURE_FOOT); /* base edge on the arc */
    (void)friend_, (void)beyond, (void)aside;
    figure_id out[8];
    los_arc_desc d = {.half_angle = (float)(GEOM_PI / 4), .range_cm = 30};
    int n = los_arc_targets(ix, t, v, &d, out, 8);
    assert_int_equal(n, 3);
    assert_int_equal(out[0].id, near.id);
    assert_int_equal(out[1].id, far.id);
    assert_int_equal(out[2].id, rim.id);
    d.centre_only = true;
    assert_int_equal(los_arc_targets(ix, t, v, &d, out, 8), 2);
    d.centre_only = false;
    /* the hidden one is in the arc and range but behind the house */
    d.range_cm = 0;
    n = los_arc_targets(ix, t, v, &d, out, 8);
    assert_int_equal(n, 4);
    for (int i = 0; i < n; i++)
        assert_int_not_equal(out[i].id, hidden.id);
    /* range edge to edge: 35 - 2.5 reaches beyond at 33 cm */
    d.range_cm = 33;
    d.edge_to_edge = true;
    assert_int_equal(los_arc_targets(ix, t, v, &d, out, 8), 4);

    /* Lt Toledo's area fire: a 16 cm semicircle centred on the nearest enemy, round side away
     * from the firer; a figure just behind the flat side is not in it */
    table *u = table_create(NULL);
    figure_id target = add_fig(u, 2, 100, 60, FIGURE_POSTURE_FOOT);
    figure_id in1 = add_fig(u, 2, 110, 65, FIGURE_POSTURE_FOOT);
    figure_id edge = add_fig(u, 2, 100 + 16 + 1.25f, 60, FIGURE_POSTURE_FOOT);
    figure_id behind = add_fig(u, 2, 98.5f, 60, FIGURE_POSTURE_FOOT); /* rim 0.25 behind */
    figure_id touching = add_fig(u, 2, 98.75f, 70, FIGURE_POSTURE_FOOT);
    add_fig(u, 1, 100, 75, FIGURE_POSTURE_FOOT); /* a friend of the firer, other side */
    (void)behind;
    geom_template tpl = {GEOM_TEMPLATE_SEMICIRCLE, V(100, 60), 16, 0};
    los_template_desc td = {.side = {2}};
    n = los_template_figures(u, &tpl, &td, out, 8);
    assert_int_equal(n, 4);
    assert_int_equal(out[0].id, target.id);
    assert_int_equal(out[1].id, touching.id);
    assert_int_equal(out[2].id, in1.id);
    assert_int_equal(out[3].id, edge.id);
    td.centre_only = true;
    assert_int_equal(los_template_figures(u, &tpl, &td, out, 8), 2);
    geom_template circle = {GEOM_TEMPLATE_CIRCLE, V(100, 60), 16, 0};
    assert_int_equal(los_template_figures(u, &circle, NULL, out, 8), 6);
    table_destroy(u);
    los_destroy(ix);
    table_destroy(t);
}

/* Brute force: does the segment meet any SOLID feature taller than the eye? */
static int brute_blocker(const table *t, vec2s a, vec2s b, float eye)
{
    for (int i = 0; i < t->feature_count; i++) {
        const terrain_feature *f = &t->features[i];
        if (table_feature_height_ft(t, f) <= eye)
            continue;
        geom_segment s = {a, b};
        if (f->shape == TERRAIN_SHAPE_AREA ? geom_segment_polygon_intersect(s, &f->area)
                                           : geom_segment_polyline_intersect(s, &f->line))
            return i;
    }
    return -1;
}

static float grid_coord(dice_rng *rng, float span)
{
    return (float)dice_below(rng, (uint32_t)(span * 4)) * 0.25f;
}

/* The grid index finds exactly the blockers a scan of every feature finds, with segments and
 * walls lying on cell boundaries (cells of 5 cm, coordinates on a quarter-cm grid). */
static void test_index_matches_brute_force(void **state)
{
    (void)state;
    dice_rng rng;
    dice_seed(&rng, 2026);
    table *t = table_create(NULL);
    add_types(t);
    for (int i = 0; i < 60; i++) {
        float x = grid_coord(&rng, 170), y = grid_coord(&rng, 110);
        float w = 0.25f + grid_coord(&rng, 8), h = 0.25f + grid_coord(&rng, 8);
        int type = i % 3 == 0 ? T_CHURCH : T_HOUSE;
        if (i % 5 == 0)
            add_wall(t, T_WALL_HIGH, x, y, x + w * (i % 2 ? 1 : 0), y + h);
        else
            add_rect(t, type, x, y, x + w, y + h);
    }
    los_index *ix = los_create(t, &(los_desc){.cell_cm = 5});
    int checked = 0, blocked = 0;
    for (int i = 0; i < 6000; i++) {
        vec2s a = V(grid_coord(&rng, 180), grid_coord(&rng, 120));
        vec2s b = V(grid_coord(&rng, 180), grid_coord(&rng, 120));
        if (i % 4 == 0)
            b.y = a.y; /* horizontal, often along cell boundaries */
        if (i % 4 == 1)
            b.x = a.x;
        if (brute_blocker(t, a, a, 0) >= 0 || brute_blocker(t, b, b, 0) >= 0)
            continue; /* endpoints inside terrain follow the occupant rule, not a plain scan */
        float eye = i % 3 == 0 ? 12.0f : 6.0f;
        bool want = brute_blocker(t, a, b, eye) >= 0;
        int f;
        bool got = los_blocked(ix, a, b, eye, &f);
        if (want != got)
            fail_msg("segment %d (%g,%g)-(%g,%g) eye %g: index %d, brute force %d", i, a.x, a.y,
                     b.x, b.y, eye, got, want);
        if (got) {
            geom_segment s = {a, b};
            const terrain_feature *tf = &t->features[f];
            assert_true(tf->shape == TERRAIN_SHAPE_AREA
                            ? geom_segment_polygon_intersect(s, &tf->area)
                            : geom_segment_polyline_intersect(s, &tf->line));
        }
        checked++;
        blocked += got;
    }
    assert_true(checked > 1500);
    assert_true(blocked > checked / 10 && blocked < checked * 9 / 10);
    los_destroy(ix);
    table_destroy(t);
}

/* Near misses along long sight lines, both ways and at every angle: the walk's first filter
 * (float, with an error bound) must keep an edge end 0.5 GEOM_EPS from the line (blocked) and
 * may drop one 2 GEOM_EPS away (clear); 0.97 and 1.03 GEOM_EPS (within the float error of the
 * boundary) are decided by the exact distance. Small cells, so spans run over more than one
 * occupancy window (56 cells) in a row, leftwards and rightwards. */
static void test_index_near_misses_long_lines(void **state)
{
    (void)state;
    dice_rng rng;
    dice_seed(&rng, 19);
    for (int round = 0; round < 40; round++) {
        table *t = table_create(NULL);
        add_types(t);
        double ang = dice_unit(&rng) * 2 * GEOM_PI, ux = cos(ang), uy = sin(ang);
        double cx = 60 + dice_unit(&rng) * 60, cy = 40 + dice_unit(&rng) * 40;
        /* a high wall whose end (cx, cy) lies beside the sight line, at right angles to it */
        vec2s end = V(cx, cy), far = V(cx - uy * 5, cy + ux * 5);
        vec2s pts[2] = {end, far};
        terrain_feature wall = {.type = T_WALL_HIGH, .shape = TERRAIN_SHAPE_LINE, .line = {pts, 2}};
        int w = table_add_feature(t, &wall);
        los_index *ix = los_create(t, &(los_desc){.cell_cm = 0.5f});
        static const double dists[] = {0.5, 2, 0.97, 1.03}; /* times GEOM_EPS */
        for (int k = 0; k < 4; k++) {
            double d = dists[k] * GEOM_EPS, len = 40 + dice_unit(&rng) * 50;
            /* the foot of the perpendicular from the wall's end, d away on the far side */
            double fx = end.x + uy * d, fy = end.y - ux * d;
            vec2s a = V(fx - ux * len, fy - uy * len), b = V(fx + ux * len, fy + uy * len);
            double dist = geom_point_segment_distance(end, (geom_segment){a, b});
            bool want = dist <= GEOM_EPS;
            for (int dir = 0; dir < 2; dir++) {
                int f = -1;
                bool got = dir ? los_blocked(ix, b, a, 6, &f) : los_blocked(ix, a, b, 6, &f);
                if (got != want)
                    fail_msg("round %d angle %g: %g from the wall's end, blocked %d", round, ang,
                             dist, got);
                if (got)
                    assert_int_equal(f, w);
            }
        }
        los_destroy(ix);
        table_destroy(t);
    }
}

/* A figure inside a house sees out through a wall within the see-into depth, wherever it
 * stands in its grid cell: the index's summary of where an area may hold a point (sub-cells)
 * never misses the house holding it, even on the boundary or a hair inside it. */
static void test_inside_points_everywhere_in_a_cell(void **state)
{
    (void)state;
    dice_rng rng;
    dice_seed(&rng, 7);
    for (int round = 0; round < 20; round++) {
        table *t = table_create(NULL);
        add_types(t);
        /* a convex 12-gon house of radius 6-10 cm, turned at random */
        vec2s pts[12];
        double cx = 50 + dice_unit(&rng) * 80, cy = 30 + dice_unit(&rng) * 60;
        double rad = 6 + dice_unit(&rng) * 4, turn = dice_unit(&rng);
        for (int i = 0; i < 12; i++) {
            double a = (i + turn) * GEOM_PI / 6;
            pts[i] = V(cx + rad * cos(a), cy + rad * sin(a));
        }
        terrain_feature f = {.type = T_HOUSE, .shape = TERRAIN_SHAPE_AREA, .area = {pts, 12}};
        int house = table_add_feature(t, &f);
        los_index *ix = los_create(t, &(los_desc){.cell_cm = 2});
        for (int i = 0; i < 300; i++) {
            /* a point of an edge, moved inwards by 0 to 2 cm (or exactly onto the edge) */
            int e = (int)dice_below(&rng, 12);
            vec2s p0 = pts[e], p1 = pts[(e + 1) % 12];
            double u = 0.05 + 0.9 * dice_unit(&rng), ex = p1.x - p0.x, ey = p1.y - p0.y;
            double el = sqrt(ex * ex + ey * ey), nx = ey / el, ny = -ex / el; /* outward */
            double depth = i % 5 == 0 ? 0 : (i % 5 == 1 ? 1e-5 : dice_unit(&rng) * 2.0);
            vec2s p = V(p0.x + u * ex - nx * depth, p0.y + u * ey - ny * depth);
            vec2s out = V(p.x + nx * 30, p.y + ny * 30);
            if (!geom_point_in_polygon(p, &t->features[house].area))
                continue; /* float rounding put it outside: no claim */
            int blocker = -1;
            if (los_blocked(ix, p, out, 6, &blocker))
                fail_msg("round %d: a point %g cm inside the house, looking out, blocked by %d",
                         round, depth, blocker);
            /* and from deep inside, through the house, it is blocked */
            assert_true(los_blocked(ix, V(cx, cy), out, 6, NULL));
        }
        los_destroy(ix);
        table_destroy(t);
    }
}

/* los_blind_radius: deep inside a convex blocking area every longer sight line from (or to) the
 * point is blocked; the edge, a taller eye and a concave wood prove nothing. The shortcut
 * los_blocked takes from it answers as los_points' full measure does. */
static void test_blind_radius(void **state)
{
    (void)state;
    table *t = table_create(NULL);
    add_types(t);
    add_rect(t, T_JUNGLE, 50, 0, 80, 40);
    add_rect(t, T_HOUSE, 100, 50, 110, 58);
    vec2s u[8] = {V(100, 10), V(120, 10), V(120, 40), V(116, 40),
                  V(116, 20), V(104, 20), V(104, 40), V(100, 40)};
    terrain_feature wood = {.type = T_JUNGLE, .shape = TERRAIN_SHAPE_AREA, .area = {u, 8}};
    table_add_feature(t, &wood);
    los_index *ix = los_create(t, NULL);
    float r = los_blind_radius(ix, V(60, 20), 6);
    assert_true(isfinite(r) && r > LOS_SEE_INTO_DEFAULT_CM && r < LOS_SEE_INTO_DEFAULT_CM + 0.1f);
    assert_true(isfinite(los_blind_radius(ix, V(105, 54), 6)));
    assert_false(isfinite(los_blind_radius(ix, V(51, 20), 6)));  /* 1 cm in: sees out */
    assert_false(isfinite(los_blind_radius(ix, V(60, 20), 30))); /* eye over the jungle */
    assert_false(isfinite(los_blind_radius(ix, V(20, 20), 6)));  /* in the open */
    assert_false(isfinite(los_blind_radius(ix, V(110, 15), 6))); /* 5 cm in, but concave */
    dice_rng rng;
    dice_seed(&rng, 19);
    vec2s deep[3] = {V(60, 20), V(75, 4), V(105, 54)};
    int far = 0;
    for (int i = 0; i < 3000; i++) {
        vec2s a = deep[i % 3];
        vec2s b = V(grid_coord(&rng, 150), grid_coord(&rng, 70));
        if (i % 5 == 0)
            b = V(a.x + 0.01f * (float)dice_below(&rng, 600) - 3, a.y + 0.5f);
        float eye = i % 7 == 0 ? 12.0f : 6.0f;
        bool quick = i % 2 ? los_blocked(ix, a, b, eye, NULL) : los_blocked(ix, b, a, eye, NULL);
        los_result full =
            i % 2 ? los_points(ix, t, a, b, eye, NULL) : los_points(ix, t, b, a, eye, NULL);
        assert_int_equal(quick, full.verdict != LOS_CLEAR);
        if (glms_vec2_distance(a, b) > los_blind_radius(ix, a, eye)) {
            assert_true(quick);
            far++;
        }
    }
    assert_true(far > 1000);
    los_destroy(ix);
    table_destroy(t);
}

/* los_blocked's shortcuts (an end deep in an area, or a line crossing one edge cleanly) answer
 * as los_points' full measure does, on concave areas, a building and a wall, from and to
 * points inside them and out. */
static void test_quick_matches_full(void **state)
{
    (void)state;
    table *t = table_create(NULL);
    add_types(t);
    vec2s north[6] = {V(0, 0), V(180, 0), V(180, 24), V(130, 28), V(70, 24), V(0, 20)};
    terrain_feature jn = {.type = T_JUNGLE, .shape = TERRAIN_SHAPE_AREA, .area = {north, 6}};
    table_add_feature(t, &jn);
    vec2s u[8] = {V(100, 40), V(140, 40), V(140, 80), V(132, 80),
                  V(132, 48), V(108, 48), V(108, 80), V(100, 80)};
    terrain_feature wood = {.type = T_JUNGLE, .shape = TERRAIN_SHAPE_AREA, .area = {u, 8}};
    table_add_feature(t, &wood);
    add_rect(t, T_HOUSE, 40, 60, 52, 70);
    add_wall(t, T_WALL_HIGH, 20, 90, 60, 95);
    los_index *ix = los_create(t, NULL);
    dice_rng rng;
    dice_seed(&rng, 1919);
    int blocked = 0;
    for (int i = 0; i < 6000; i++) {
        vec2s a = V(grid_coord(&rng, 180), grid_coord(&rng, 120));
        vec2s b = V(grid_coord(&rng, 180), grid_coord(&rng, 120));
        if (i % 3 == 0)
            a.y = 0.1f * (float)dice_below(&rng, 280); /* in the northern jungle */
        if (i % 5 == 0)
            b = V(a.x + 0.01f * (float)dice_below(&rng, 800) - 4,
                  a.y + 0.01f * (float)dice_below(&rng, 800) - 4); /* short lines */
        float eye = i % 7 == 0 ? 30.0f : 6.0f;
        bool quick = los_blocked(ix, a, b, eye, NULL);
        bool full = los_points(ix, t, a, b, eye, NULL).verdict != LOS_CLEAR;
        if (quick != full)
            fail_msg("line %d (%g,%g)-(%g,%g) eye %g: quick %d, full %d", i, a.x, a.y, b.x, b.y,
                     eye, quick, full);
        blocked += quick;
    }
    assert_true(blocked > 600 && blocked < 5400);
    los_destroy(ix);
    table_destroy(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_area_edge_sees_out_deep_blocks),
        cmocka_unit_test(test_concave_area),
        cmocka_unit_test(test_solid_blocks_tree_never_does),
        cmocka_unit_test(test_heights_walls_roof_steeple),
        cmocka_unit_test(test_bases_in_the_way),
        cmocka_unit_test(test_arc_targets_and_templates),
        cmocka_unit_test(test_index_matches_brute_force),
        cmocka_unit_test(test_index_near_misses_long_lines),
        cmocka_unit_test(test_inside_points_everywhere_in_a_cell),
        cmocka_unit_test(test_blind_radius),
        cmocka_unit_test(test_quick_matches_full),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
