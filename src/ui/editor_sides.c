/* The editor's edits of the sides (ui/editor_units.h): names, colours, a side more or less. */
#include "ui/editor_units.h"

#include "ui/editor_doc_ops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const editor_colour editor_side_palette[EDITOR_PALETTE_COUNT] = {
    {0xb03a2e, "red"},    {0x2e5eaa, "blue"},   {0x3a8a3a, "green"}, {0xc8a040, "gold"},
    {0x7a4fa0, "purple"}, {0xd07a2a, "orange"}, {0x5a5a5a, "grey"},  {0xe8e0d0, "white"},
};

static json_t *side_json(editor_doc *d, int side_ix)
{
    return side_ix < 0 ? NULL : json_array_get(editor_doc_list(d, "sides"), (size_t)side_ix);
}

static int side_count(const editor_doc *d)
{
    return (int)json_array_size(json_object_get(editor_doc_json(d), "sides"));
}

int editor_side_colour(const editor_doc *d, int side_ix)
{
    const table *t = editor_doc_scenario(d)->table;
    if (side_ix < 0 || side_ix >= t->side_count)
        return -1;
    for (int i = 0; i < EDITOR_PALETTE_COUNT; i++)
        if (editor_side_palette[i].rgb == t->sides[side_ix].colour)
            return i;
    return -1;
}

static bool colour_taken(const editor_doc *d, int side_ix, int palette_index)
{
    for (int s = 0; s < side_count(d); s++)
        if (s != side_ix && editor_side_colour(d, s) == palette_index)
            return true;
    return false;
}

bool editor_side_set_colour(editor_doc *d, int side_ix, int palette_index)
{
    if (!side_json(d, side_ix))
        return editor_doc_refuse(d, "No such side");
    if (palette_index < 0 || palette_index >= EDITOR_PALETTE_COUNT)
        return editor_doc_refuse(d, "No such colour");
    if (colour_taken(d, side_ix, palette_index))
        return editor_doc_refuse(d, "Another side is %s already",
                                 editor_side_palette[palette_index].name);
    char hex[8];
    snprintf(hex, sizeof hex, "#%06x", (unsigned)editor_side_palette[palette_index].rgb);
    json_t *before = editor_doc_edit_begin(d);
    json_object_set_new(side_json(d, side_ix), "colour", json_string(hex));
    return editor_doc_edit_end(d, before);
}

bool editor_side_cycle_colour(editor_doc *d, int side_ix, int step)
{
    int now = editor_side_colour(d, side_ix);
    int at = now < 0 ? (step > 0 ? -1 : 0) : now;
    for (int i = 1; i <= EDITOR_PALETTE_COUNT; i++) {
        int next =
            ((at + step * i) % EDITOR_PALETTE_COUNT + EDITOR_PALETTE_COUNT) % EDITOR_PALETTE_COUNT;
        if (!colour_taken(d, side_ix, next))
            return editor_side_set_colour(d, side_ix, next);
    }
    return editor_doc_refuse(d, "No colour is free");
}

/* Every string of `v` (objects and arrays within) equal to `from` becomes `to`. */
static void replace_strings(json_t *v, const char *from, const char *to, int depth)
{
    if (depth > 8)
        return;
    if (json_is_object(v)) {
        const char *key;
        json_t *e;
        json_object_foreach(v, key, e)
        {
            if (json_is_string(e) && strcmp(json_string_value(e), from) == 0)
                json_object_set_new(v, key, json_string(to));
            else
                replace_strings(e, from, to, depth + 1);
        }
    } else if (json_is_array(v)) {
        for (size_t i = 0; i < json_array_size(v); i++) {
            json_t *e = json_array_get(v, i);
            if (json_is_string(e) && strcmp(json_string_value(e), from) == 0)
                json_array_set_new(v, i, json_string(to));
            else
                replace_strings(e, from, to, depth + 1);
        }
    }
}

/* The "side" of every element of the document's list `key` that names `from`. */
static void rename_in(editor_doc *d, const char *key, const char *from, const char *to)
{
    json_t *arr = json_object_get(editor_doc_root(d), key);
    for (size_t i = 0; i < json_array_size(arr); i++) {
        json_t *e = json_array_get(arr, i);
        const char *s = json_string_value(json_object_get(e, "side"));
        if (s && strcmp(s, from) == 0)
            json_object_set_new(e, "side", json_string(to));
        /* the editor's own victory text begins with the side's name */
        const char *text = json_string_value(json_object_get(e, "text"));
        size_t n = strlen(from);
        if (strcmp(key, "victory") == 0 && text && strncmp(text, from, n) == 0 && text[n] == ' ') {
            char made[300];
            snprintf(made, sizeof made, "%s%s", to, text + n);
            json_object_set_new(e, "text", json_string(made));
        }
    }
}

bool editor_side_rename(editor_doc *d, int side_ix, const char *name)
{
    json_t *sj = side_json(d, side_ix);
    if (!sj)
        return editor_doc_refuse(d, "No such side");
    if (!name || !name[0])
        return editor_doc_refuse(d, "A side needs a name");
    if (strlen(name) >= TABLE_NAME_MAX)
        return editor_doc_refuse(d, "A side's name is at most %d letters", TABLE_NAME_MAX - 1);
    char old[TABLE_NAME_MAX];
    snprintf(old, sizeof old, "%s", json_string_value(json_object_get(sj, "name")));
    if (strcmp(old, name) == 0)
        return editor_doc_refuse(d, "The side is called %s already", name);
    for (int s = 0; s < side_count(d); s++) {
        const char *n = json_string_value(json_object_get(side_json(d, s), "name"));
        if (s != side_ix && n && strcmp(n, name) == 0)
            return editor_doc_refuse(d, "Another side is called %s", name);
    }
    json_t *before = editor_doc_edit_begin(d);
    json_object_set_new(side_json(d, side_ix), "name", json_string(name));
    rename_in(d, "units", old, name);
    rename_in(d, "deployment", old, name);
    rename_in(d, "reinforcements", old, name);
    rename_in(d, "victory", old, name);
    replace_strings(json_object_get(editor_doc_root(d), "ruleset_options"), old, name, 0);
    return editor_doc_edit_end(d, before);
}

/* Would the rule set set up a match from the document with this change? (NULL: yes) */
static bool rules_take(editor_doc *d, char *why, size_t size)
{
    char *text = json_dumps(editor_doc_root(d), JSON_COMPACT | JSON_PRESERVE_ORDER);
    scenario_error err;
    scenario *s = text ? scenario_load_string(text, strlen(text), "scenario", &err) : NULL;
    free(text);
    if (!s) {
        snprintf(why, size, "%s", err.message);
        return false;
    }
    rules_validation v;
    bool ok = rules_scenario_validate(s, &err, &v);
    if (!ok)
        snprintf(why, size, "%s", v.reason[0] ? v.reason : err.message);
    scenario_destroy(s);
    return ok;
}

bool editor_side_add(editor_doc *d, int *index)
{
    int n = side_count(d);
    if (n >= SCENARIO_SIDES_MAX)
        return editor_doc_refuse(d, "A scenario has at most %d sides", SCENARIO_SIDES_MAX);
    int colour = -1;
    for (int i = 0; i < EDITOR_PALETTE_COUNT && colour < 0; i++)
        if (!colour_taken(d, -1, i))
            colour = i;
    if (colour < 0)
        return editor_doc_refuse(d, "No colour is free for another side");
    char name[TABLE_NAME_MAX];
    snprintf(name, sizeof name, "%s", editor_side_palette[colour].name);
    name[0] = (char)(name[0] - 'a' + 'A');
    for (int s = 0; s < n; s++) { /* "Green" may be taken by a side of another colour */
        const char *taken = json_string_value(json_object_get(side_json(d, s), "name"));
        if (taken && strcmp(taken, name) == 0) {
            snprintf(name, sizeof name, "Side %d", n + 1);
            break;
        }
    }
    char hex[8];
    snprintf(hex, sizeof hex, "#%06x", (unsigned)editor_side_palette[colour].rgb);
    char why_before[600] = "", why[600] = "";
    bool took_before = rules_take(d, why_before, sizeof why_before);
    json_t *before = editor_doc_edit_begin(d);
    json_array_append_new(editor_doc_list(d, "sides"),
                          json_pack("{s:s, s:s}", "name", name, "colour", hex));
    if (took_before && !rules_take(d, why, sizeof why)) {
        editor_doc_edit_cancel(d, before);
        const rules_ops *ops = rules_find(editor_doc_scenario(d)->ruleset);
        return editor_doc_refuse(d, "%s plays %d sides, no more (%s)",
                                 ops ? ops->name : "The rule set", n, why);
    }
    if (!editor_doc_edit_end(d, before))
        return false;
    if (index)
        *index = n;
    return true;
}

bool editor_side_delete(editor_doc *d, int side_ix)
{
    json_t *sj = side_json(d, side_ix);
    if (!sj)
        return editor_doc_refuse(d, "No such side");
    char name[TABLE_NAME_MAX];
    snprintf(name, sizeof name, "%s", json_string_value(json_object_get(sj, "name")));
    json_t *units = json_object_get(editor_doc_json(d), "units");
    for (size_t i = 0; i < json_array_size(units); i++) {
        const char *s = json_string_value(json_object_get(json_array_get(units, i), "side"));
        if (s && strcmp(s, name) == 0)
            return editor_doc_refuse(d, "%s still has troops: take them away first", name);
    }
    if (side_count(d) <= 2)
        return editor_doc_refuse(d, "A scenario needs two sides");
    json_t *before = editor_doc_edit_begin(d);
    json_array_remove(editor_doc_list(d, "sides"), (size_t)side_ix);
    static const char *const lists[] = {"deployment", "reinforcements", "victory"};
    for (int l = 0; l < 3; l++) {
        json_t *arr = json_object_get(editor_doc_root(d), lists[l]);
        for (size_t i = json_array_size(arr); i-- > 0;) {
            const char *s = json_string_value(json_object_get(json_array_get(arr, i), "side"));
            if (s && strcmp(s, name) == 0)
                json_array_remove(arr, i);
        }
    }
    return editor_doc_edit_end(d, before);
}
