/* Hand-made hard cases for core/geom: touching, collinear, endpoints on edges, concave
 * polygons, rotated stands, templates and arcs. */
#include "core/geom.h"

#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#define V(x, y)             ((vec2s){{(float)(x), (float)(y)}})
#define SEG(ax, ay, bx, by) ((geom_segment){V(ax, ay), V(bx, by)})

/* A U open towards +y: the notch is x in (10, 20), y in (10, 30]. */
static vec2s u_pts[8] = {
    {{0, 0}}, {{30, 0}}, {{30, 30}}, {{20, 30}}, {{20, 10}}, {{10, 10}}, {{10, 30}}, {{0, 30}},
};
static const geom_polygon u_shape = {u_pts, 8};

static void assert_near(double got, double want, double tol)
{
    if (fabs(got - want) > tol)
        fail_msg("got %.9f, want %.9f (tol %g)", got, want, tol);
}

static void test_segments_cross_touch_collinear(void **state)
{
    (void)state;
    vec2s p;
    assert_true(geom_segment_intersect(SEG(0, 0, 10, 10), SEG(0, 10, 10, 0), &p));
    assert_near(p.x, 5, 1e-6);
    assert_near(p.y, 5, 1e-6);
    /* shared endpoint only */
    assert_true(geom_segment_intersect(SEG(0, 0, 5, 5), SEG(5, 5, 9, 0), &p));
    assert_near(p.x, 5, 1e-6);
    /* T junction: an endpoint on the other's interior */
    assert_true(geom_segment_intersect(SEG(0, 0, 10, 0), SEG(4, 0, 4, 7), &p));
    assert_near(p.x, 4, 1e-6);
    assert_near(p.y, 0, 1e-6);
    /* collinear overlap: the point is the first shared point along s */
    assert_true(geom_segment_intersect(SEG(0, 0, 10, 0), SEG(6, 0, 14, 0), &p));
    assert_near(p.x, 6, 1e-6);
    /* collinear but disjoint, and collinear touching end to end */
    assert_false(geom_segment_intersect(SEG(0, 0, 10, 0), SEG(11, 0, 14, 0), NULL));
    assert_true(geom_segment_intersect(SEG(0, 0, 10, 0), SEG(10, 0, 14, 0), NULL));
    /* parallel at 2 eps apart: no; at half eps: touching */
    assert_false(geom_segment_intersect(SEG(0, 0, 10, 0), SEG(0, 2e-4, 10, 2e-4), NULL));
    assert_true(geom_segment_intersect(SEG(0, 0, 10, 0), SEG(0, 5e-5, 10, 5e-5), NULL));
    /* near miss of a crossing: the endpoint stops short by 0.01 */
    assert_false(geom_segment_intersect(SEG(0, 0, 10, 0), SEG(5, 5, 5, 0.01), NULL));
    assert_near(geom_segment_segment_distance(SEG(0, 0, 10, 0), SEG(5, 5, 5, 0.01)), 0.01, 1e-6);
    /* a degenerate segment (a point) on another */
    assert_true(geom_segment_intersect(SEG(3, 0, 3, 0), SEG(0, 0, 10, 0), NULL));
}

static void test_point_in_concave_polygon(void **state)
{
    (void)state;
    assert_int_equal(geom_point_polygon_locate(V(5, 20), &u_shape), GEOM_INSIDE);
    assert_int_equal(geom_point_polygon_locate(V(25, 25), &u_shape), GEOM_INSIDE);
    assert_int_equal(geom_point_polygon_locate(V(15, 20), &u_shape), GEOM_OUTSIDE); /* notch */
    assert_int_equal(geom_point_polygon_locate(V(15, 10), &u_shape), GEOM_BOUNDARY);
    assert_int_equal(geom_point_polygon_locate(V(20, 10), &u_shape), GEOM_BOUNDARY); /* vertex */
    assert_int_equal(geom_point_polygon_locate(V(10, 30), &u_shape), GEOM_BOUNDARY);
    assert_int_equal(geom_point_polygon_locate(V(15, 9.99995), &u_shape), GEOM_BOUNDARY);
    assert_int_equal(geom_point_polygon_locate(V(15, 10.001), &u_shape), GEOM_OUTSIDE);
    assert_int_equal(geom_point_polygon_locate(V(-1, 15), &u_shape), GEOM_OUTSIDE);
    /* rays through vertices (y = 10 and y = 30 pass through several) */
    assert_int_equal(geom_point_polygon_locate(V(-5, 10), &u_shape), GEOM_OUTSIDE);
    assert_int_equal(geom_point_polygon_locate(V(5, 10), &u_shape), GEOM_INSIDE);
    assert_int_equal(geom_point_polygon_locate(V(25, 10), &u_shape), GEOM_INSIDE);
    assert_int_equal(geom_point_polygon_locate(V(15, 30), &u_shape), GEOM_OUTSIDE);
    assert_true(geom_point_in_polygon(V(0, 0), &u_shape));
}

static void test_segment_polygon_hard_cases(void **state)
{
    (void)state;
    /* inside the notch, not touching */
    assert_false(geom_segment_polygon_intersect(SEG(12, 20, 18, 20), &u_shape));
    /* endpoints on the notch's walls: touching */
    assert_true(geom_segment_polygon_intersect(SEG(10, 20, 20, 20), &u_shape));
    /* grazing the outer corner (30, 30) */
    assert_true(geom_segment_polygon_intersect(SEG(25, 35, 35, 25), &u_shape));
    assert_false(geom_segment_polygon_intersect(SEG(25, 35.01, 35, 25.01), &u_shape));
    /* along an edge */
    assert_true(geom_segment_polygon_intersect(SEG(5, 0, 25, 0), &u_shape));
    /* wholly inside, touching nothing */
    assert_true(geom_segment_polygon_intersect(SEG(2, 2, 28, 8), &u_shape));
    /* spanning the notch mouth from arm top to arm top */
    assert_true(geom_segment_polygon_intersect(SEG(5, 30, 25, 30), &u_shape));
}

static void test_clip_segment_to_polygon(void **state)
{
    (void)state;
    geom_interval iv[8];
    /* across both arms: x in [0,10] and [20,30] of x in [-5,35] */
    int n = geom_segment_clip_polygon(SEG(-5, 20, 35, 20), &u_shape, iv, 8);
    assert_int_equal(n, 2);
    assert_near(iv[0].t0, 5.0 / 40, 1e-9);
    assert_near(iv[0].t1, 15.0 / 40, 1e-9);
    assert_near(iv[1].t0, 25.0 / 40, 1e-9);
    assert_near(iv[1].t1, 35.0 / 40, 1e-9);
    assert_near(geom_segment_length_inside(SEG(-5, 20, 35, 20), &u_shape), 20.0, 1e-5);
    /* along the notch floor: interior, boundary, interior make one closed interval */
    n = geom_segment_clip_polygon(SEG(-5, 10, 35, 10), &u_shape, iv, 8);
    assert_int_equal(n, 1);
    assert_near(iv[0].t0, 5.0 / 40, 1e-9);
    assert_near(iv[0].t1, 35.0 / 40, 1e-9);
    /* a vertex graze: one zero-length interval at the corner */
    n = geom_segment_clip_polygon(SEG(25, 35, 35, 25), &u_shape, iv, 8);
    assert_int_equal(n, 1);
    assert_near(iv[0].t0, 0.5, 1e-6);
    assert_near(iv[0].t1, 0.5, 1e-6);
    /* endpoints on the notch walls: two touches */
    n = geom_segment_clip_polygon(SEG(10, 20, 20, 20), &u_shape, iv, 8);
    assert_int_equal(n, 2);
    assert_near(iv[0].t1, 0.0, 1e-9);
    assert_near(iv[1].t0, 1.0, 1e-9);
    /* wholly inside */
    n = geom_segment_clip_polygon(SEG(2, 2, 28, 8), &u_shape, iv, 8);
    assert_int_equal(n, 1);
    assert_near(iv[0].t0, 0.0, 1e-12);
    assert_near(iv[0].t1, 1.0, 1e-12);
    /* outside */
    assert_int_equal(geom_segment_clip_polygon(SEG(12, 20, 18, 25), &u_shape, iv, 8), 0);
    /* max smaller than the count: still counted */
    assert_int_equal(geom_segment_clip_polygon(SEG(-5, 20, 35, 20), &u_shape, iv, 1), 2);
}

/* A segment no edge comes near is answered by one point test (geom.c, CLIP_FAR); nearer than
 * that margin the candidates decide: each case here on either side of it, and of GEOM_EPS. */
static void test_clip_far_and_near(void **state)
{
    (void)state;
    geom_interval iv[8];
    /* grazing the corner (30, 30) within GEOM_EPS (7e-5 off it): a touch, as at 0 */
    int n = geom_segment_clip_polygon(SEG(25, 35.0001, 35, 25.0001), &u_shape, iv, 8);
    assert_int_equal(n, 1);
    assert_near(iv[0].t0, 0.5, 1e-5);
    assert_near(iv[0].t1, 0.5, 1e-5);
    /* 3.5e-3 off it (inside the margin, beyond GEOM_EPS), and 0.035 off it: nothing */
    assert_int_equal(geom_segment_clip_polygon(SEG(25, 35.005, 35, 25.005), &u_shape, iv, 8), 0);
    assert_int_equal(geom_segment_clip_polygon(SEG(25, 35.05, 35, 25.05), &u_shape, iv, 8), 0);
    /* along the wall x = 0 within GEOM_EPS outside it: on the boundary all along, inside */
    n = geom_segment_clip_polygon(SEG(-0.00005, 2, -0.00005, 28), &u_shape, iv, 8);
    assert_int_equal(n, 1);
    assert_near(iv[0].t0, 0.0, 1e-12);
    assert_near(iv[0].t1, 1.0, 1e-12);
    /* 5e-3 outside it: nothing; 5e-3 inside it and far inside: the whole segment */
    assert_int_equal(geom_segment_clip_polygon(SEG(-0.005, 2, -0.005, 28), &u_shape, iv, 8), 0);
    for (int k = 0; k < 2; k++) {
        float x = k ? 0.005f : 5.0f;
        n = geom_segment_clip_polygon(SEG(x, 2, x, 28), &u_shape, iv, 8);
        assert_int_equal(n, 1);
        assert_near(iv[0].t0, 0.0, 1e-12);
        assert_near(iv[0].t1, 1.0, 1e-12);
    }
    /* far inside the notch (outside the U), and far off the table: nothing */
    assert_int_equal(geom_segment_clip_polygon(SEG(15, 15, 15, 28), &u_shape, iv, 8), 0);
    assert_int_equal(geom_segment_clip_polygon(SEG(40, 2, 50, 28), &u_shape, iv, 8), 0);
    /* beyond CLIP_FAR_SANE the candidates decide as before: inside a huge square */
    vec2s big_pts[4] = {{{-1e5f, -1e5f}}, {{1e5f, -1e5f}}, {{1e5f, 1e5f}}, {{-1e5f, 1e5f}}};
    const geom_polygon big = {big_pts, 4};
    n = geom_segment_clip_polygon(SEG(2e4, 2e4, 3e4, 5e4), &big, iv, 8);
    assert_int_equal(n, 1);
    assert_near(iv[0].t1, 1.0, 1e-12);
}

static void test_circles(void **state)
{
    (void)state;
    assert_true(geom_segment_circle_intersect(SEG(-5, 2, 5, 2), V(0, 0), 2.0f)); /* tangent */
    assert_false(geom_segment_circle_intersect(SEG(-5, 2.01, 5, 2.01), V(0, 0), 2.0f));
    assert_true(geom_segment_circle_intersect(SEG(0, 0, 0.5, 0), V(0, 0), 2.0f)); /* inside */
    /* a circle wholly inside an arm, one in the notch, one touching the notch wall */
    assert_true(geom_polygon_circle_overlap(&u_shape, V(5, 20), 1.0f));
    assert_false(geom_polygon_circle_overlap(&u_shape, V(15, 20), 2.0f));
    assert_true(geom_polygon_circle_overlap(&u_shape, V(15, 20), 5.0f));
    assert_true(geom_polygon_circle_overlap(&u_shape, V(-2, 15), 2.0f));
    assert_false(geom_polygon_circle_overlap(&u_shape, V(-2.01, 15), 2.0f));
}

static void test_polyline_crossings(void **state)
{
    (void)state;
    vec2s wall[3] = {{{0, 0}}, {{10, 0}}, {{10, 10}}};
    geom_polyline line = {wall, 3};
    double t[4];
    /* through the shared vertex: one crossing */
    assert_int_equal(geom_segment_polyline_crossings(SEG(5, -5, 15, 5), &line, t, 4), 1);
    assert_near(t[0], 0.5, 1e-6);
    /* across both pieces */
    assert_int_equal(geom_segment_polyline_crossings(SEG(5, 5, 15, -5), &line, t, 4), 1);
    assert_int_equal(geom_segment_polyline_crossings(SEG(2, -3, 14, 6), &line, t, 4), 2);
    assert_true(t[0] < t[1]);
    assert_false(geom_segment_polyline_intersect(SEG(2, 1, 9, 9), &line));
}

static geom_placed_base round_at(float x, float y, float r)
{
    return (geom_placed_base){.base = {GEOM_BASE_ROUND, r, 0, 0}, .pos = V(x, y)};
}

static geom_placed_base stand_at(float x, float y, float facing, float frontage, float depth)
{
    return (geom_placed_base){
        .base = {GEOM_BASE_RECT, 0, frontage, depth}, .pos = V(x, y), .facing = facing};
}

static void test_rotated_stands(void **state)
{
    (void)state;
    /* facing +y: frontage 4 runs along x, depth 2 along y; front edge at y = 11 */
    geom_placed_base s = stand_at(10, 10, (float)(GEOM_PI / 2), 4, 2);
    vec2s c[4];
    geom_base_corners(&s, c);
    assert_near(c[0].x, 12, 1e-5); /* front-left is at +x when facing +y (y down on screen) */
    assert_near(c[0].y, 11, 1e-5);
    assert_near(c[1].x, 8, 1e-5);
    assert_near(c[1].y, 11, 1e-5);
    assert_true(geom_base_contains(&s, V(11.9, 10.9)));
    assert_true(geom_base_contains(&s, V(12, 11))); /* corner */
    assert_false(geom_base_contains(&s, V(12.1, 10)));
    assert_false(geom_base_contains(&s, V(10, 11.05)));
    /* rotated 45 degrees: corner reaches sqrt(2) from the centre */
    geom_placed_base d = stand_at(0, 0, (float)(GEOM_PI / 4), 2, 2);
    assert_true(geom_base_contains(&d, V(1.414, 0)));
    assert_false(geom_base_contains(&d, V(1.0, 1.0)));
    assert_true(geom_segment_base_intersect(SEG(1.41421, -3, 1.41421, 3), &d));
    assert_false(geom_segment_base_intersect(SEG(1.4145, -3, 1.4145, 3), &d));
}

static void test_base_distances(void **state)
{
    (void)state;
    geom_placed_base a = round_at(0, 0, 1), b = round_at(5, 0, 1);
    assert_near(geom_base_centre_distance(&a, &b), 5, 1e-9);
    assert_near(geom_base_edge_distance(&a, &b), 3, 1e-6);
    geom_placed_base c = round_at(2, 0, 1); /* touching */
    assert_near(geom_base_edge_distance(&a, &c), 0, 1e-9);
    /* round to rect: x in [9, 11], y in [-2, 2] */
    geom_placed_base r = stand_at(10, 0, 0, 4, 2);
    assert_near(geom_base_edge_distance(&a, &r), 8, 1e-6);
    assert_near(geom_base_edge_distance(&r, &a), 8, 1e-6);
    geom_placed_base corner = round_at(12, 3, 1); /* nearest to the corner (11, 2) */
    assert_near(geom_base_edge_distance(&corner, &r), sqrt(2.0) - 1, 1e-6);
    /* rect to rect: a square and one turned 45 degrees, corner first */
    geom_placed_base sq = stand_at(0, 0, 0, 2, 2), dia = stand_at(5, 0, (float)(GEOM_PI / 4), 2, 2);
    assert_near(geom_base_edge_distance(&sq, &dia), 4 - sqrt(2.0), 1e-5);
    geom_placed_base over = stand_at(1.5, 0.5, 0.3f, 2, 2);
    assert_near(geom_base_edge_distance(&sq, &over), 0, 1e-12);
    geom_placed_base flush = stand_at(2, 0, 0, 2, 2); /* edge to edge */
    assert_near(geom_base_edge_distance(&sq, &flush), 0, 1e-12);
}

/* The rectangle gap as geom_base_edge_distance_exact measured it before its pruning: 0 when
 * the stands touch, else the least of all 32 vertex-to-edge distances (the oracle the faster
 * one must equal to the bit, games depend on it). */
static double old_rect_gap(const geom_placed_base *a, const geom_placed_base *b)
{
    if (geom_base_touch(a, b))
        return 0.0;
    vec2s c[2][4];
    geom_base_corners(a, c[0]);
    geom_base_corners(b, c[1]);
    double m = DBL_MAX;
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < 4; i++)
            for (int k = 0, l = 3; k < 4; l = k++) {
                geom_segment s = {c[1 - side][l], c[1 - side][k]};
                double d = geom_point_segment_distance(c[side][i], s);
                m = m < d ? m : d; /* the old dmin, NaN picks included */
            }
    return m;
}

static uint64_t test_rng = 0x9e3779b97f4a7c15u;

/* A uniform double in [lo, hi) (xorshift, the test's own, fixed sequence). */
static double test_uniform(double lo, double hi)
{
    test_rng ^= test_rng << 13;
    test_rng ^= test_rng >> 7;
    test_rng ^= test_rng << 17;
    return lo + (hi - lo) * (double)(test_rng >> 11) / 9007199254740992.0;
}

/* Random stand pairs, most near each other (side by side, face to face, corner to corner, flush
 * within rounding), some far or on far-off coordinates: the gap is bit-equal to the oracle's. */
static void test_rect_gap_matches_full_search(void **state)
{
    (void)state;
    int apart = 0;
    for (int n = 0; n < 200000; n++) {
        double off = n % 50 == 0 ? test_uniform(-1e4, 1e4) : 0.0;
        double fa = test_uniform(0.05, 12), da = test_uniform(0.05, 8);
        double fb = n % 3 == 0 ? fa : test_uniform(0.05, 12),
               db = n % 3 == 0 ? da : test_uniform(0.05, 8);
        double turn = test_uniform(-GEOM_PI, GEOM_PI);
        double facing = n % 4 == 0 ? 0.0 : test_uniform(-GEOM_PI, GEOM_PI);
        double reach = n % 7 == 0 ? 80.0 : fa + fb;
        geom_placed_base a = stand_at((float)off, (float)off, (float)facing, (float)fa, (float)da);
        /* side by side along the front, with a gap of up to a tenth (often flush) */
        double gap = n % 5 == 0 ? 0.0 : test_uniform(0.0, 0.1 * reach);
        double x = off + cos(facing + GEOM_PI / 2) * (0.5 * (fa + fb) + gap);
        double y = off + sin(facing + GEOM_PI / 2) * (0.5 * (fa + fb) + gap);
        if (n % 2)
            x = off + test_uniform(-reach, reach), y = off + test_uniform(-reach, reach);
        float fb_facing = (float)(n % 4 == 0 ? 0.0 : n % 6 == 1 ? facing : facing + turn);
        geom_placed_base b = stand_at((float)x, (float)y, fb_facing, (float)fb, (float)db);
        double got = geom_base_edge_distance_exact(&a, &b), want = old_rect_gap(&a, &b);
        assert_memory_equal(&got, &want, sizeof got);
        apart += want > 0.0;
    }
    assert_true(apart > 50000); /* most pairs exercise the search, not the touch test */
    /* far-off, infinite and NaN corners take the plain way, with the same answer */
    const float odd[] = {1e20f, -3e30f, INFINITY, NAN};
    for (int n = 0; n < 4; n++) {
        geom_placed_base a = stand_at(odd[n], 0, 0.3f, 4, 2), b = stand_at(odd[n], 5, 1.1f, 4, 2);
        double got = geom_base_edge_distance_exact(&a, &b), want = old_rect_gap(&a, &b);
        assert_true(isnan(want) ? isnan(got) : got == want);
    }
}

static void test_bases_overlapping_terrain(void **state)
{
    (void)state;
    /* a base whose centre stands in the notch but whose rim reaches the arm */
    geom_placed_base in_notch = round_at(11, 20, 1.25f);
    assert_false(geom_point_in_polygon(in_notch.pos, &u_shape));
    assert_true(geom_base_polygon_overlap(&in_notch, &u_shape));
    geom_placed_base clear = round_at(15, 20, 1.25f);
    assert_false(geom_base_polygon_overlap(&clear, &u_shape));
    /* a stand across the notch mouth, rotated so its corners dip into both arms */
    geom_placed_base st = stand_at(15, 32, 0.2f, 4, 12);
    assert_true(geom_base_polygon_overlap(&st, &u_shape));
    geom_placed_base st2 = stand_at(15, 20, 0, 4, 4);
    assert_false(geom_base_polygon_overlap(&st2, &u_shape));
}

static void test_templates_and_arcs(void **state)
{
    (void)state;
    geom_semicircle s = {V(0, 0), 5, 0}; /* round side towards +x */
    assert_true(geom_semicircle_contains(s, V(3, 0)));
    assert_false(geom_semicircle_contains(s, V(-1, 0)));
    assert_true(geom_semicircle_contains(s, V(0, 4)));  /* on the diameter */
    assert_true(geom_semicircle_contains(s, V(0, -5))); /* diameter's end */
    assert_true(geom_semicircle_contains(s, V(-0.00005, 2)));
    assert_false(geom_semicircle_contains(s, V(4, 4)));
    geom_template t = {GEOM_TEMPLATE_SEMICIRCLE, V(0, 0), 5, 0};
    geom_placed_base behind = round_at(-1.5f, 0, 1), rim = round_at(-0.9f, 0, 1);
    assert_false(geom_template_base_overlap(&t, &behind));
    assert_true(geom_template_base_overlap(&t, &rim));
    geom_placed_base beyond = round_at(6.5f, 0, 1), edge = round_at(6, 0, 1);
    assert_false(geom_template_base_overlap(&t, &beyond));
    assert_true(geom_template_base_overlap(&t, &edge));
    /* a stand behind the flat side touching it, and one just off */
    geom_placed_base st = stand_at(-1, 0, 0, 2, 2), st2 = stand_at(-1.01f, 0, 0, 2, 2);
    assert_true(geom_template_base_overlap(&t, &st));
    assert_false(geom_template_base_overlap(&t, &st2));
    /* a stand beside the half disc, behind the diameter line: near the disc but not in it */
    geom_placed_base side = stand_at(-2, 5.5f, 0, 2, 2);
    assert_false(geom_template_base_overlap(&t, &side));
    geom_template c = {GEOM_TEMPLATE_CIRCLE, V(0, 0), 5, 0};
    assert_true(geom_template_base_overlap(&c, &side));
    assert_true(geom_template_contains(&c, V(-3, -4)));
    assert_false(geom_template_contains(&t, V(-3, -4)));

    geom_arc arc = {V(0, 0), 0, (float)(GEOM_PI / 4), 10};
    assert_true(geom_arc_contains(&arc, V(5, 5))); /* on the boundary ray */
    assert_false(geom_arc_contains(&arc, V(5, 5.01)));
    assert_false(geom_arc_contains(&arc, V(11, 0)));
    assert_true(geom_arc_contains(&arc, V(7, 1)));
    assert_false(geom_arc_contains(&arc, V(-1, 0)));
    /* bases against the arc: a rim across a side ray, a stand reaching over the curved rim with
     * every corner outside, a stand with a corner inside, and misses */
    geom_placed_base rim_base = round_at(5, 6, 1), off = round_at(5, 7, 1);
    assert_true(geom_arc_base_overlap(&arc, &rim_base));
    assert_false(geom_arc_base_overlap(&arc, &off));
    geom_placed_base far_stand = stand_at(10.9f, 0, 0, 6, 2); /* x 9.9..11.9, y -3..3 */
    assert_true(geom_arc_base_overlap(&arc, &far_stand));
    geom_placed_base beyond_stand = stand_at(11.5f, 0, 0, 6, 2);
    assert_false(geom_arc_base_overlap(&arc, &beyond_stand));
    geom_placed_base ray_stand = stand_at(3, 3.5f, 0, 1, 8); /* x -1..7 at y 3..4 */
    assert_true(geom_arc_base_overlap(&arc, &ray_stand));
    geom_placed_base behind_stand = stand_at(-3, 0, 0, 2, 2);
    assert_false(geom_arc_base_overlap(&arc, &behind_stand));
    geom_arc back = {V(0, 0), (float)GEOM_PI, (float)(GEOM_PI / 6), 0}; /* wraps at +-pi */
    assert_true(geom_arc_contains(&back, V(-100, 1)));
    assert_true(geom_arc_contains(&back, V(-100, -1)));
    assert_false(geom_arc_contains(&back, V(100, 0)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_segments_cross_touch_collinear),
        cmocka_unit_test(test_point_in_concave_polygon),
        cmocka_unit_test(test_segment_polygon_hard_cases),
        cmocka_unit_test(test_clip_segment_to_polygon),
        cmocka_unit_test(test_clip_far_and_near),
        cmocka_unit_test(test_circles),
        cmocka_unit_test(test_polyline_crossings),
        cmocka_unit_test(test_rotated_stands),
        cmocka_unit_test(test_base_distances),
        cmocka_unit_test(test_rect_gap_matches_full_search),
        cmocka_unit_test(test_bases_overlapping_terrain),
        cmocka_unit_test(test_templates_and_arcs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
