/* Chat lines and pings kept with a match (game.h "notes"): outside the state, so no hash sees
 * them; in the save as a "notes" array after the commands, written only when there are some
 * (a save without notes is byte for byte what it was before notes existed). */
#include "game/game_internal.h"

#include "core/mem.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* A chat line as it may be kept: control characters dropped, a cut UTF-8 sequence dropped. */
static void clean(char *dst, size_t size, const char *src)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)src; *p && n + 1 < size; p++)
        if (*p >= 0x20 && *p != 0x7f)
            dst[n++] = (char)*p;
    while (n > 0 && ((unsigned char)dst[n - 1] & 0xc0) == 0x80)
        n--;
    if (n > 0 && ((unsigned char)dst[n - 1] & 0x80))
        n--;
    dst[n] = '\0';
}

static bool note_keep(game *g, const game_note *n)
{
    if (g->note_count >= GAME_NOTES_MAX || (n->kind != GAME_NOTE_CHAT && n->kind != GAME_NOTE_PING))
        return false;
    if (g->note_count % 64 == 0)
        g->notes = mem_realloc(g->notes, (size_t)g->note_count + 64, sizeof *g->notes);
    game_note *kept = &g->notes[g->note_count++];
    *kept = *n;
    clean(kept->text, sizeof kept->text, n->kind == GAME_NOTE_CHAT ? n->text : "");
    return true;
}

bool game_note_add(game *g, const game_note *n)
{
    if (!note_keep(g, n))
        return false;
    game_autosave_now(g);
    return true;
}

int game_note_count(const game *g)
{
    return g->note_count;
}

const game_note *game_note_at(const game *g, int index)
{
    return index >= 0 && index < g->note_count ? &g->notes[index] : NULL;
}

json_t *game_notes_to_json(const game *g)
{
    if (!g->note_count)
        return NULL;
    json_t *a = json_array();
    for (int i = 0; i < g->note_count; i++) {
        const game_note *n = &g->notes[i];
        json_t *o = n->kind == GAME_NOTE_CHAT
                        ? json_pack("{s:s,s:i,s:i,s:s}", "kind", "chat", "side", (int)n->side,
                                    "command", n->command, "text", n->text)
                        : json_pack("{s:s,s:i,s:i,s:f,s:f}", "kind", "ping", "side", (int)n->side,
                                    "command", n->command, "x", (double)n->x, "y", (double)n->y);
        json_array_append_new(a, o);
    }
    return a;
}

static bool read_note(const json_t *o, game_note *n, char *why, size_t size)
{
    const char *kind = json_string_value(json_object_get(o, "kind"));
    const json_t *who = json_object_get(o, "side"), *cmd = json_object_get(o, "command");
    *n = (game_note){0};
    if (!json_is_object(o) || !kind || (strcmp(kind, "chat") && strcmp(kind, "ping"))) {
        snprintf(why, size, "expected a note with \"kind\" \"chat\" or \"ping\"");
        return false;
    }
    if (!json_is_integer(who) || json_integer_value(who) < 0 || json_integer_value(who) > 64 ||
        !json_is_integer(cmd) || json_integer_value(cmd) < 0) {
        snprintf(why, size, "expected \"side\" (0-64) and \"command\" (0 or more) as integers");
        return false;
    }
    n->side = (uint32_t)json_integer_value(who);
    n->command = (int)json_integer_value(cmd);
    if (strcmp(kind, "chat") == 0) {
        const json_t *t = json_object_get(o, "text");
        if (!json_is_string(t) || json_string_length(t) >= GAME_NOTE_TEXT_MAX) {
            snprintf(why, size, "expected \"text\", a string under %d bytes", GAME_NOTE_TEXT_MAX);
            return false;
        }
        n->kind = GAME_NOTE_CHAT;
        snprintf(n->text, sizeof n->text, "%s", json_string_value(t));
        return true;
    }
    const json_t *x = json_object_get(o, "x"), *y = json_object_get(o, "y");
    if (!json_is_number(x) || !json_is_number(y) || !isfinite(json_number_value(x)) ||
        !isfinite(json_number_value(y))) {
        snprintf(why, size, "expected the spot \"x\", \"y\" (cm) as numbers");
        return false;
    }
    n->kind = GAME_NOTE_PING;
    n->x = (float)json_number_value(x);
    n->y = (float)json_number_value(y);
    return true;
}

bool game_notes_from_json(game *g, const json_t *a, int *bad, char *why, size_t size)
{
    *bad = -1;
    if (!a)
        return true;
    if (!json_is_array(a) || json_array_size(a) > GAME_NOTES_MAX) {
        snprintf(why, size, "expected an array of at most %d notes", GAME_NOTES_MAX);
        return false;
    }
    for (size_t i = 0; i < json_array_size(a); i++) {
        game_note n;
        if (!read_note(json_array_get(a, i), &n, why, size) || !note_keep(g, &n)) {
            *bad = (int)i;
            return false;
        }
    }
    return true;
}
