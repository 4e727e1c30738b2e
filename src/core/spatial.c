#include "core/spatial.h"

#include "core/mem.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { SPATIAL_SIDE_MAX = 256 };

static int clampi(int v, int lo, int hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

/* The column of x, clamped to the grid. A quotient >= 0 takes the short way: its floor is its
 * truncation, and the floor reaches cols exactly when the quotient does (cols is whole). */
static int col_of(const spatial *s, float x)
{
    float q = (x - s->x0) / s->cell_cm;
    if (q >= 0.0f)
        return q >= (float)s->cols ? s->cols - 1 : (int)q;
    float c = floorf(q);
    return c < 0 ? 0 : (c >= (float)s->cols ? s->cols - 1 : (int)c);
}

static int row_of(const spatial *s, float y)
{
    float q = (y - s->y0) / s->cell_cm;
    if (q >= 0.0f)
        return q >= (float)s->rows ? s->rows - 1 : (int)q;
    float r = floorf(q);
    return r < 0 ? 0 : (r >= (float)s->rows ? s->rows - 1 : (int)r);
}

/* col_of and row_of for a centre the grid covers (never left of or above its origin): the same
 * quotient, truncated, which for a quotient >= 0 is its floor, without the call. */
static int build_col_of(const spatial *s, float x)
{
    int c = (int)((x - s->x0) / s->cell_cm);
    return c >= s->cols ? s->cols - 1 : c;
}

static int build_row_of(const spatial *s, float y)
{
    int r = (int)((y - s->y0) / s->cell_cm);
    return r >= s->rows ? s->rows - 1 : r;
}

/* The grid covers the figures' centres; the cell is a few bases wide (so a base-sized query
 * reads a handful of cells) and never so small that the grid passes SPATIAL_SIDE_MAX a side. */
static void size_grid(spatial *s, const table *t)
{
    float x0 = 0, y0 = 0, x1 = t->width_cm, y1 = t->height_cm;
    s->reach_max_cm = 0;
    s->count = 0;
    s->nonfinite = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (!table_figure_active(f))
            continue;
        if (!isfinite(f->pos.x) || !isfinite(f->pos.y)) {
            s->nonfinite++;
            continue;
        }
        /* fminf and fmaxf inline (library calls otherwise): the centre is finite, and a NaN
         * reach is passed over as fmaxf does; which zero a tie keeps changes no cell. */
        x0 = f->pos.x < x0 ? f->pos.x : x0;
        y0 = f->pos.y < y0 ? f->pos.y : y0;
        x1 = f->pos.x > x1 ? f->pos.x : x1;
        y1 = f->pos.y > y1 ? f->pos.y : y1;
        float reach = spatial_base_reach(&f->base);
        s->reach_max_cm = reach > s->reach_max_cm ? reach : s->reach_max_cm;
        s->indexed[s->count++] = i;
    }
    float w = fmaxf(x1 - x0, 1.0f), h = fmaxf(y1 - y0, 1.0f);
    /* About one figure a cell on average: building clears and sums every cell, so a grid of
     * far more cells than figures (a small skirmish on a big table) costs more to build than
     * its queries save. The answers never depend on the cell size. */
    float cell = fmaxf(fmaxf(4.0f * s->reach_max_cm, 2.0f), sqrtf(w * h / (float)(s->count + 1)));
    float per_side = fmaxf(w, h) / SPATIAL_SIDE_MAX;
    if (cell < per_side)
        cell = per_side;
    s->x0 = x0;
    s->y0 = y0;
    s->cell_cm = cell;
    s->cols = clampi((int)ceilf(w / cell) + 1, 1, SPATIAL_SIDE_MAX + 1);
    s->rows = clampi((int)ceilf(h / cell) + 1, 1, SPATIAL_SIDE_MAX + 1);
}

void spatial_build(spatial *s, const table *t)
{
    /* every buffer holds any figure count up to the table's (scratch serves the queries too) */
    if (t->figure_count > s->cap_items || !s->items) {
        s->cap_items = t->figure_count > 0 ? t->figure_count : 1;
        s->items = mem_realloc(s->items, (size_t)s->cap_items, sizeof *s->items);
        s->scratch = mem_realloc(s->scratch, (size_t)s->cap_items, sizeof *s->scratch);
        s->indexed = mem_realloc(s->indexed, (size_t)s->cap_items, sizeof *s->indexed);
        s->cell_of = mem_realloc(s->cell_of, (size_t)s->cap_items, sizeof *s->cell_of);
    }
    s->figures = t->figure_count;
    for (int i = 0; i < t->figure_count; i++)
        s->cell_of[i] = -1;
    size_grid(s, t);
    int cells = s->cols * s->rows;
    if (cells + 1 > s->cap_cells) {
        s->cap_cells = cells + 1;
        s->start = mem_realloc(s->start, (size_t)s->cap_cells, sizeof *s->start);
    }
    memset(s->start, 0, (size_t)(cells + 1) * sizeof *s->start);
    /* Counting sort by cell over the figures size_grid listed (active, finite centre), in
     * figure order so each cell stays ascending. The first pass keeps each one's cell in
     * scratch, so the second does not work it out again. */
    for (int k = 0; k < s->count; k++) {
        const figure *f = &t->figures[s->indexed[k]];
        int c = build_row_of(s, f->pos.y) * s->cols + build_col_of(s, f->pos.x);
        s->scratch[k] = c;
        s->cell_of[s->indexed[k]] = c;
        s->start[c + 1]++;
    }
    for (int c = 0; c < cells; c++)
        s->start[c + 1] += s->start[c];
    for (int k = 0; k < s->count; k++)
        s->items[s->start[s->scratch[k]]++] = s->indexed[k];
    /* start[c] now holds the end of cell c: shift back by one cell. */
    memmove(s->start + 1, s->start, (size_t)cells * sizeof *s->start);
    s->start[0] = 0;
}

bool spatial_move(spatial *s, int index, vec2s pos)
{
    if (!s->cell_of || index < 0 || index >= s->figures || s->cell_of[index] < 0)
        return false;
    /* build_col_of's truncation is its floor from the origin on; past the far side the last
     * column or row takes the centre, as in a build */
    if (!isfinite(pos.x) || !isfinite(pos.y) || !((pos.x - s->x0) / s->cell_cm >= 0.0f) ||
        !((pos.y - s->y0) / s->cell_cm >= 0.0f))
        return false;
    int from = s->cell_of[index];
    int to = build_row_of(s, pos.y) * s->cols + build_col_of(s, pos.x);
    if (to == from)
        return true;
    int at = s->start[from];
    while (s->items[at] != index)
        at++;
    if (to > from) {
        /* out of cell `from`, the items up to cell `to`'s place for it one step down */
        int put = s->start[to] - 1; /* its place once the others moved down */
        while (put + 1 < s->start[to + 1] && s->items[put + 1] < index)
            put++;
        memmove(s->items + at, s->items + at + 1, (size_t)(put - at) * sizeof *s->items);
        s->items[put] = index;
        for (int c = from + 1; c <= to; c++)
            s->start[c]--;
    } else {
        /* out of cell `from`, the items from cell `to`'s place for it one step up */
        int put = s->start[to];
        while (put < s->start[to + 1] && s->items[put] < index)
            put++;
        memmove(s->items + put + 1, s->items + put, (size_t)(at - put) * sizeof *s->items);
        s->items[put] = index;
        for (int c = to + 1; c <= from; c++)
            s->start[c]++;
    }
    s->cell_of[index] = to;
    return true;
}

void spatial_free(spatial *s)
{
    free(s->start);
    free(s->items);
    free(s->scratch);
    free(s->indexed);
    free(s->cell_of);
    memset(s, 0, sizeof *s);
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The figures of the cells the grown box covers into scratch, cell by cell; *sorted is
 * whether they came ascending. */
static inline int gather_box(spatial *s, geom_aabb box, float grow_cm, int *sorted)
{
    /* A centre further than this from the box has no part of its base inside the grown box. */
    float g = grow_cm + s->reach_max_cm + 0.01f;
    float x0 = box.min.x - g, y0 = box.min.y - g, x1 = box.max.x + g, y1 = box.max.y + g;
    int c0 = col_of(s, x0), c1 = col_of(s, x1), r0 = row_of(s, y0), r1 = row_of(s, y1);
    int n = 0, last = -1, up = 1; /* a local: a store through sorted might alias scratch */
    for (int r = r0; r <= r1; r++)
        for (int c = c0; c <= c1; c++) {
            int cell = r * s->cols + c;
            for (int k = s->start[cell]; k < s->start[cell + 1]; k++) {
                int i = s->items[k];
                if (i < last)
                    up = 0;
                last = i;
                s->scratch[n++] = i;
            }
        }
    *sorted = up;
    return n;
}

int spatial_near_box_any(spatial *s, geom_aabb box, float grow_cm, const int **out)
{
    *out = s->scratch;
    int sorted;
    return s->count == 0 ? 0 : gather_box(s, box, grow_cm, &sorted);
}

int spatial_near_box(spatial *s, geom_aabb box, float grow_cm, const int **out)
{
    *out = s->scratch;
    if (s->count == 0)
        return 0;
    int sorted;
    int n = gather_box(s, box, grow_cm, &sorted);
    if (!sorted && n > 32) {
        qsort(s->scratch, (size_t)n, sizeof *s->scratch, cmp_int);
    } else if (!sorted) { /* a few indices, each listed once: in place, no calls */
        for (int a = 1; a < n; a++) {
            int v = s->scratch[a], b = a;
            for (; b > 0 && s->scratch[b - 1] > v; b--)
                s->scratch[b] = s->scratch[b - 1];
            s->scratch[b] = v;
        }
    }
    return n;
}

/* The candidates of one cell against the best so far: (squared distance, index) ordered. */
static void nearest_in_cell(const spatial *s, const table *t, int cell, vec2s p,
                            spatial_accept_fn accept, void *user, float *best, int *who)
{
    for (int k = s->start[cell]; k < s->start[cell + 1]; k++) {
        int i = s->items[k];
        const figure *e = &t->figures[i];
        float dx = e->pos.x - p.x, dy = e->pos.y - p.y, d = dx * dx + dy * dy;
        if ((d < *best || (d == *best && *who >= 0 && i < *who)) && (!accept || accept(user, i))) {
            *best = d;
            *who = i;
        }
    }
}

int spatial_nearest(const spatial *s, const table *t, vec2s p, spatial_accept_fn accept, void *user,
                    float *d2)
{
    float best = INFINITY;
    int who = -1;
    *d2 = INFINITY;
    if (s->count == 0 || !isfinite(p.x) || !isfinite(p.y))
        return -1; /* no distance from nowhere is less than infinity */
    int cx = col_of(s, p.x), cy = row_of(s, p.y);
    int rings = s->cols > s->rows ? s->cols : s->rows;
    for (int k = 0; k <= rings; k++) {
        /* ring k: the cells k steps (in columns or rows) from p's cell */
        for (int r = cy - k; r <= cy + k; r++) {
            if (r < 0 || r >= s->rows)
                continue;
            bool edge = r == cy - k || r == cy + k;
            for (int c = cx - k; c <= cx + k; c += edge || k == 0 ? 1 : 2 * k) {
                if (c >= 0 && c < s->cols)
                    nearest_in_cell(s, t, r * s->cols + c, p, accept, user, &best, &who);
            }
        }
        /* every cell of ring k + 1 and beyond lies at least k cells from p */
        float clear = (float)k * s->cell_cm;
        if (who >= 0 && best < clear * clear)
            break;
    }
    *d2 = best;
    return who;
}
