/* For the lcr window test: reads an autosave and prints the match as one JSON object (the
 * decision, the command log, each side's held cards, the figures, the legal commands and the
 * numbered orders as the action panel lists them), so the script can decide its next click and
 * check what was played. Usage: e2e_lcr_check SAVE.json */
#include "game/game.h"
#include "ui/actions.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

static json_t *decision_json(const game *g)
{
    rules_decision d;
    game_decision(g, &d);
    return json_pack("{s:s, s:i, s:i, s:i, s:i, s:s}", "kind", rules_decision_kind_name(d.kind),
                     "side", (int)d.side.id, "figure", (int)d.figure.id, "card", d.card, "count",
                     d.count, "prompt", d.prompt);
}

static json_t *log_json(const game *g)
{
    json_t *a = json_array();
    for (int i = 0; i < game_cursor(g); i++)
        json_array_append_new(a, rules_command_to_json(game_command_at(g, i)));
    return a;
}

/* Held cards per side as that side sees them: card number and its officer. */
static json_t *hands_json(const game *g)
{
    const table *t = game_table(g);
    json_t *o = json_object();
    for (int s = 0; s < t->side_count; s++) {
        rules_driver_item items[128];
        int n = game_driver(g, t->sides[s].id, items, 128);
        json_t *a = json_array();
        for (int i = 0; i < n; i++)
            if (items[i].kind == RULES_DRIVER_CARD && !items[i].current &&
                items[i].side.id == t->sides[s].id.id)
                json_array_append_new(a, json_pack("{s:i, s:i}", "card", items[i].value, "figure",
                                                   (int)items[i].figure.id));
        char key[8];
        snprintf(key, sizeof key, "%u", (unsigned)t->sides[s].id.id);
        json_object_set_new(o, key, a);
    }
    return o;
}

static json_t *figures_json(const table *t)
{
    json_t *o = json_object();
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        const unit *u = table_unit_const(t, f->unit);
        char key[16];
        snprintf(key, sizeof key, "%u", (unsigned)f->id.id);
        json_object_set_new(
            o, key,
            json_pack("{s:s, s:i, s:i, s:s, s:s, s:[f,f], s:b, s:s}", "name", f->name, "side",
                      (int)f->side.id, "unit", (int)f->unit.id, "unit_name", u ? u->name : "",
                      "formation", u ? u->formation : "", "pos", (double)f->pos.x, (double)f->pos.y,
                      "active", table_figure_active(f), "role", table_role_name(f->role)));
    }
    return o;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: e2e_lcr_check SAVE.json\n");
        return 2;
    }
    game_error err;
    game *g = game_load(argv[1], NULL, &err);
    if (!g) {
        char buf[800];
        fprintf(stderr, "%s\n", game_error_format(&err, buf, sizeof buf));
        return 1;
    }
    rules_command legal[128];
    int n = game_legal(g, legal, 128);
    json_t *la = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(la, rules_command_to_json(&legal[i]));
    ui_actions orders;
    ui_actions_collect(g, &orders);
    json_t *oa = json_array();
    for (int i = 0; i < orders.count; i++)
        json_array_append_new(oa, json_pack("{s:s, s:s}", "label", orders.items[i].label, "kind",
                                            rules_command_kind_name(orders.items[i].cmd.kind)));
    json_t *root =
        json_pack("{s:i, s:i, s:o, s:o, s:o, s:o, s:o, s:o}", "log", game_log_count(g), "cursor",
                  game_cursor(g), "decision", decision_json(g), "commands", log_json(g), "hands",
                  hands_json(g), "figures", figures_json(game_table(g)), "legal", la, "orders", oa);
    /* what the last command did, in the log's words */
    json_t *said = json_array();
    int ne = 0;
    const rules_event *ev = game_events(g, game_cursor(g) - 1, &ne);
    for (int i = 0; i < ne; i++)
        json_array_append_new(said, json_pack("{s:s, s:s}", "text", ev[i].text, "tag", ev[i].tag));
    json_object_set_new(root, "last_events", said);
    char *text = json_dumps(root, JSON_COMPACT);
    puts(text);
    free(text);
    json_decref(root);
    game_destroy(g);
    return 0;
}
