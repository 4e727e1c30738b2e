#include "core/table.h"

#include "core/mem.h"

#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Arrays grow to the next power of two when their count reaches one, so no capacity field is
 * needed: the capacity is always the smallest power of two >= max(count, 8). */
static void *grow_for_append(void *arr, int count, size_t size)
{
    if (count < 8) {
        return count == 0 ? mem_realloc(arr, 8, size) : arr;
    }
    if ((count & (count - 1)) == 0)
        return mem_realloc(arr, (size_t)count * 2, size);
    return arr;
}

table *table_create(const table_desc *desc)
{
    table *t = mem_calloc(1, sizeof *t);
    t->width_cm = desc && desc->width_cm > 0 ? desc->width_cm : 180.0f;
    t->height_cm = desc && desc->height_cm > 0 ? desc->height_cm : 120.0f;
    return t;
}

static void feature_free_points(terrain_feature *f)
{
    free(f->area.pts);
    free(f->line.pts);
}

void table_destroy(table *t)
{
    if (!t)
        return;
    for (int i = 0; i < t->feature_count; i++)
        feature_free_points(&t->features[i]);
    free(t->types);
    free(t->features);
    free(t->sides);
    free(t->units);
    free(t->figures);
    free(t);
}

static void feature_copy_points(terrain_feature *dst, const terrain_feature *src)
{
    dst->area.pts = mem_dup(src->area.pts, (size_t)src->area.count, sizeof(vec2s));
    dst->line.pts = mem_dup(src->line.pts, (size_t)src->line.count, sizeof(vec2s));
}

/* A copy of `count` elements sized for appends (see grow_for_append). */
static void *dup_array(const void *src, int count, size_t size)
{
    if (count == 0)
        return NULL;
    size_t cap = 8;
    while (cap < (size_t)count)
        cap *= 2;
    void *p = mem_realloc(NULL, cap, size);
    memcpy(p, src, (size_t)count * size);
    return p;
}

table *table_clone(const table *t)
{
    table *c = mem_calloc(1, sizeof *c);
    *c = *t;
    c->types = dup_array(t->types, t->type_count, sizeof *t->types);
    c->features = dup_array(t->features, t->feature_count, sizeof *t->features);
    c->sides = dup_array(t->sides, t->side_count, sizeof *t->sides);
    c->units = dup_array(t->units, t->unit_count, sizeof *t->units);
    c->figures = dup_array(t->figures, t->figure_count, sizeof *t->figures);
    for (int i = 0; i < t->feature_count; i++)
        feature_copy_points(&c->features[i], &t->features[i]);
    return c;
}

/* The capacity grow_for_append and dup_array give `count` elements (0 for none). */
static size_t capacity_of(int count)
{
    if (count <= 0)
        return 0;
    size_t cap = 8;
    while (cap < (size_t)count)
        cap *= 2;
    return cap;
}

/* Copies `count` elements of `size` bytes from src over dst, writing only those that differ:
 * the overlap check copies the table over the copy it made of an earlier state, which differs
 * in the few figures a command moved, and comparing reads much less than copying writes (a
 * whole-table memcpy per check was a tenth of an lcr game). */
static void copy_changed(void *dst, const void *src, int count, size_t size)
{
    /* Compared a block of elements at a time (a call per figure cost as much as the copy); a
     * block that differs is walked element by element. */
    int per_block = size < 2048 ? (int)(2048 / size) : 1;
    char *d = dst;
    const char *s = src;
    for (int i = 0; i < count; i += per_block) {
        int n = count - i < per_block ? count - i : per_block;
        size_t bytes = (size_t)n * size;
        if (memcmp(d, s, bytes) != 0)
            for (int k = 0; k < n; k++)
                if (memcmp(d + (size_t)k * size, s + (size_t)k * size, size) != 0)
                    memcpy(d + (size_t)k * size, s + (size_t)k * size, size);
        d += bytes;
        s += bytes;
    }
}

/* dup_array into `dst` (holding dst_count elements' capacity) when that is large enough. */
static void *copy_array(void *dst, int dst_count, const void *src, int count, size_t size)
{
    if (count == 0) {
        free(dst);
        return NULL;
    }
    if (!dst || capacity_of(dst_count) < capacity_of(count)) {
        free(dst);
        return dup_array(src, count, size);
    }
    int same = dst_count < count ? dst_count : count; /* past dst_count: nothing to compare */
    copy_changed(dst, src, same, size);
    if (count > same)
        memcpy((char *)dst + (size_t)same * size, (const char *)src + (size_t)same * size,
               (size_t)(count - same) * size);
    return dst;
}

/* mem_dup's exact-size copy of a point list, into `dst` when it holds as many points. */
static vec2s *copy_points(vec2s *dst, int dst_count, const vec2s *src, int count)
{
    if (dst && src && count > 0 && dst_count == count) {
        if (memcmp(dst, src, (size_t)count * sizeof *src) != 0)
            memcpy(dst, src, (size_t)count * sizeof *src);
        return dst;
    }
    free(dst);
    return mem_dup(src, (size_t)count, sizeof(vec2s));
}

/* Each feature copied over dst's own, its point lists into dst's when they hold as many. */
static void copy_features(table *dst, const table *src)
{
    int n = src->feature_count;
    if (!dst->features || capacity_of(dst->feature_count) < capacity_of(n)) {
        for (int i = 0; i < dst->feature_count; i++)
            feature_free_points(&dst->features[i]);
        free(dst->features);
        dst->features = dup_array(src->features, n, sizeof *src->features);
        for (int i = 0; i < n; i++)
            feature_copy_points(&dst->features[i], &src->features[i]);
        return;
    }
    for (int i = n; i < dst->feature_count; i++)
        feature_free_points(&dst->features[i]);
    for (int i = 0; i < n; i++) {
        terrain_feature *d = &dst->features[i];
        const terrain_feature *f = &src->features[i];
        bool old = i < dst->feature_count;
        vec2s *area = old ? d->area.pts : NULL, *line = old ? d->line.pts : NULL;
        int area_n = area ? d->area.count : 0, line_n = line ? d->line.count : 0;
        *d = *f;
        d->area.pts = copy_points(area, area_n, f->area.pts, f->area.count);
        d->line.pts = copy_points(line, line_n, f->line.pts, f->line.count);
    }
    if (n == 0) {
        free(dst->features);
        dst->features = NULL;
    }
}

/* The sides, units and figures of src into dst, reusing the arrays dst had (in keep). */
static void copy_pieces(table *dst, const table *keep, const table *src)
{
    dst->sides =
        copy_array(keep->sides, keep->side_count, src->sides, src->side_count, sizeof *src->sides);
    dst->units =
        copy_array(keep->units, keep->unit_count, src->units, src->unit_count, sizeof *src->units);
    dst->figures = copy_array(keep->figures, keep->figure_count, src->figures, src->figure_count,
                              sizeof *src->figures);
}

void table_copy(table *dst, const table *src)
{
    if (dst == src)
        return;
    copy_features(dst, src);
    table keep = *dst;
    *dst = *src;
    dst->features = keep.features;
    dst->types =
        copy_array(keep.types, keep.type_count, src->types, src->type_count, sizeof *src->types);
    copy_pieces(dst, &keep, src);
}

table *table_copy_shared(table *dst, const table *src)
{
    if (!dst)
        dst = mem_calloc(1, sizeof *dst);
    table keep = *dst;
    *dst = *src; /* the size and the terrain: src's own arrays */
    copy_pieces(dst, &keep, src);
    return dst;
}

void table_destroy_shared(table *t)
{
    if (!t)
        return;
    free(t->sides);
    free(t->units);
    free(t->figures);
    free(t);
}

void table_copy_pieces(table *dst, const table *src)
{
    copy_changed(dst->sides, src->sides, src->side_count, sizeof *src->sides);
    copy_changed(dst->units, src->units, src->unit_count, sizeof *src->units);
    copy_changed(dst->figures, src->figures, src->figure_count, sizeof *src->figures);
}

void table_copy_shared_some(table *dst, const table *src, const int *figs, int n)
{
    table keep = *dst;
    *dst = *src; /* the size and the terrain: src's own arrays */
    dst->sides = keep.sides;
    dst->units = keep.units;
    dst->figures = keep.figures;
    copy_changed(dst->sides, src->sides, src->side_count, sizeof *src->sides);
    copy_changed(dst->units, src->units, src->unit_count, sizeof *src->units);
    for (int k = 0; k < n; k++)
        if (figs[k] >= 0 && figs[k] < src->figure_count)
            dst->figures[figs[k]] = src->figures[figs[k]];
}

int table_add_type(table *t, const terrain_type *type)
{
    if (t->type_count >= TABLE_TYPES_MAX)
        return -1;
    t->types = grow_for_append(t->types, t->type_count, sizeof *t->types);
    t->types[t->type_count] = *type;
    return t->type_count++;
}

int table_add_feature(table *t, const terrain_feature *feature)
{
    t->features = grow_for_append(t->features, t->feature_count, sizeof *t->features);
    terrain_feature *f = &t->features[t->feature_count];
    *f = *feature;
    feature_copy_points(f, feature);
    table_feature_update_bounds(f);
    return t->feature_count++;
}

side_id table_add_side(table *t, const side *s)
{
    t->sides = grow_for_append(t->sides, t->side_count, sizeof *t->sides);
    t->sides[t->side_count] = *s;
    t->sides[t->side_count].id.id = (uint32_t)t->side_count + 1;
    return t->sides[t->side_count++].id;
}

unit_id table_add_unit(table *t, const unit *u)
{
    t->units = grow_for_append(t->units, t->unit_count, sizeof *t->units);
    t->units[t->unit_count] = *u;
    t->units[t->unit_count].id.id = (uint32_t)t->unit_count + 1;
    return t->units[t->unit_count++].id;
}

figure_id table_add_figure(table *t, const figure *f)
{
    t->figures = grow_for_append(t->figures, t->figure_count, sizeof *t->figures);
    t->figures[t->figure_count] = *f;
    t->figures[t->figure_count].id.id = (uint32_t)t->figure_count + 1;
    return t->figures[t->figure_count++].id;
}

int table_type_find(const table *t, const char *name)
{
    for (int i = 0; i < t->type_count; i++)
        if (strcmp(t->types[i].name, name) == 0)
            return i;
    return -1;
}

float table_posture_eye_ft(figure_posture posture)
{
    static const float eye_ft[FIGURE_POSTURE_COUNT] = {6.0f, 9.0f, 12.0f, 24.0f};
    return (unsigned)posture < FIGURE_POSTURE_COUNT ? eye_ft[posture] : 6.0f;
}

float table_feature_height_ft(const table *t, const terrain_feature *f)
{
    if (f->height_ft > 0)
        return f->height_ft;
    return f->type >= 0 && f->type < t->type_count ? t->types[f->type].height_ft : 0.0f;
}

void table_feature_update_bounds(terrain_feature *f)
{
    const vec2s *pts = f->shape == TERRAIN_SHAPE_AREA ? f->area.pts : f->line.pts;
    int n = f->shape == TERRAIN_SHAPE_AREA ? f->area.count : f->line.count;
    float pad = f->shape == TERRAIN_SHAPE_LINE ? f->width_cm * 0.5f : 0.0f;
    geom_aabb b = {{{FLT_MAX, FLT_MAX}}, {{-FLT_MAX, -FLT_MAX}}};
    for (int i = 0; i < n; i++) {
        b.min.x = pts[i].x < b.min.x ? pts[i].x : b.min.x;
        b.min.y = pts[i].y < b.min.y ? pts[i].y : b.min.y;
        b.max.x = pts[i].x > b.max.x ? pts[i].x : b.max.x;
        b.max.y = pts[i].y > b.max.y ? pts[i].y : b.max.y;
    }
    b.min.x -= pad;
    b.min.y -= pad;
    b.max.x += pad;
    b.max.y += pad;
    f->bounds = b;
}

static const char *const role_names[FIGURE_ROLE_COUNT] = {
    "soldier", "nco", "officer", "leader", "general", "brigadier", "gun", "crew", "stand",
};
static const char *const quality_names[FIGURE_QUALITY_COUNT] = {
    "raw", "regular", "seasoned", "veteran", "elite",
};
static const char *const posture_names[FIGURE_POSTURE_COUNT] = {
    "foot",
    "mounted",
    "roof",
    "steeple",
};

static int parse_name(const char *const *names, int count, const char *name)
{
    for (int i = 0; i < count; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    return -1;
}

const char *table_role_name(figure_role role)
{
    return (unsigned)role < FIGURE_ROLE_COUNT ? role_names[role] : "?";
}

int table_role_parse(const char *name)
{
    return parse_name(role_names, FIGURE_ROLE_COUNT, name);
}

const char *table_quality_name(figure_quality q)
{
    return (unsigned)q < FIGURE_QUALITY_COUNT ? quality_names[q] : "?";
}

int table_quality_parse(const char *name)
{
    return parse_name(quality_names, FIGURE_QUALITY_COUNT, name);
}

const char *table_posture_name(figure_posture p)
{
    return (unsigned)p < FIGURE_POSTURE_COUNT ? posture_names[p] : "?";
}

int table_posture_parse(const char *name)
{
    return parse_name(posture_names, FIGURE_POSTURE_COUNT, name);
}

const char *table_figure_label(const table *t, figure_id id, const char *fallback)
{
    const figure *f = id.id ? table_figure_const(t, id) : NULL;
    return f && f->name[0] ? f->name : fallback;
}

const char *table_unit_label(const table *t, unit_id id, const char *fallback)
{
    const unit *u = id.id ? table_unit_const(t, id) : NULL;
    return u && u->name[0] ? u->name : fallback;
}

const char *table_key_words(const char *key, bool capital, char *buf, size_t size)
{
    if (!size)
        return buf;
    snprintf(buf, size, "%s", key ? key : "");
    for (char *p = buf; *p; p++)
        if (*p == '_')
            *p = ' ';
    if (capital && buf[0] >= 'a' && buf[0] <= 'z')
        buf[0] = (char)(buf[0] - 'a' + 'A');
    return buf;
}

const char *table_side_label(const table *t, side_id id, const char *fallback)
{
    const side *s = id.id ? table_side(t, id) : NULL;
    return s && s->name[0] ? s->name : fallback;
}

uint64_t table_areas_at(const table *t, vec2s at)
{
    uint64_t in = 0;
    for (int i = 0; i < t->feature_count && i < 64; i++) {
        const terrain_feature *tf = &t->features[i];
        if (tf->shape == TERRAIN_SHAPE_AREA && geom_point_in_polygon(at, &tf->area))
            in |= (uint64_t)1 << i;
    }
    return in;
}
