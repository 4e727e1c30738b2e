/* `sandtable replay FILE`: re-runs a save headless and checks every stored hash. */
#include "cli/cli.h"

#include "game/replay.h"

#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static void print_turn(void *user, int turn, int commands, uint64_t hash)
{
    (void)user;
    printf("turn %3d  after command %5d  hash %016" PRIx64 "\n", turn, commands, hash);
}

static int usage(void)
{
    fprintf(stderr,
            "usage: sandtable replay FILE [--quiet] [--json] [--watch]\n"
            "Re-runs a saved game, checks the hash after every command, prints the hash\n"
            "at the end of each turn, and stops at the first divergence.\n"
            "--json prints instead, once every hash matches, the final table as JSON: every\n"
            "figure (id, name, side, unit, position in cm, facing, base, status) and the\n"
            "outcome (see docs/engine.md).\n"
            "--watch opens the window on the replay viewer: the game from its start, command\n"
            "by command (Right/Left, Space plays, -/+ pace, 1-9 jumps to a turn, Esc closes).\n");
    return 2;
}

static json_t *status_json(uint32_t status)
{
    static const struct {
        uint32_t bit;
        const char *word;
    } words[] = {
        {FIGURE_STATUS_DEAD, "dead"},           {FIGURE_STATUS_WOUNDED, "wounded"},
        {FIGURE_STATUS_SERIOUS, "serious"},     {FIGURE_STATUS_DEMORALISED, "demoralised"},
        {FIGURE_STATUS_SHAKEN, "shaken"},       {FIGURE_STATUS_CAPTURED, "captured"},
        {FIGURE_STATUS_OFF_TABLE, "off_table"}, {FIGURE_STATUS_IN_COMBAT, "in_combat"},
    };
    json_t *a = json_array();
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (status & words[i].bit)
            json_array_append_new(a, json_string(words[i].word));
    return a;
}

static json_t *figure_json(const table *t, const figure *f)
{
    const side *sd = table_side(t, f->side);
    const unit *u = table_unit_const(t, f->unit);
    json_t *base =
        f->base.kind == GEOM_BASE_RECT
            ? json_pack("{s:s, s:f, s:f, s:f}", "kind", "rect", "frontage_cm",
                        (double)f->base.frontage_cm, "depth_cm", (double)f->base.depth_cm,
                        "radius_cm",
                        0.5 * sqrt((double)f->base.frontage_cm * f->base.frontage_cm +
                                   (double)f->base.depth_cm * f->base.depth_cm))
            : json_pack("{s:s, s:f}", "kind", "round", "radius_cm", (double)f->base.radius_cm);
    return json_pack("{s:i, s:s, s:i, s:s, s:i, s:s, s:[f,f], s:f, s:f, s:o, s:b, s:o, s:i}", "id",
                     (int)f->id.id, "name", f->name, "side", (int)f->side.id, "side_name",
                     sd ? sd->name : "", "unit", (int)f->unit.id, "unit_name", u ? u->name : "",
                     "pos_cm", (double)f->pos.x, (double)f->pos.y, "facing", (double)f->facing,
                     "facing_deg", (double)f->facing * 180.0 / 3.14159265358979, "base", base,
                     "active", table_figure_active(f), "status", status_json(f->status),
                     "status_bits", (int)f->status);
}

/* The final table and the outcome of a save that replays cleanly. */
static int print_json(const char *path)
{
    game_error err;
    char buf[1200];
    game *g = game_load(path, NULL, &err);
    if (!g) {
        fprintf(stderr, "%s\n", game_error_format(&err, buf, sizeof buf));
        return 1;
    }
    const table *t = game_table(g);
    rules_outcome oc;
    game_outcome(g, &oc);
    const side *w = oc.winner.id ? table_side(t, oc.winner) : NULL;
    char seed[24]; /* a string: JSON numbers lose 64-bit integers */
    snprintf(seed, sizeof seed, "%" PRIu64, game_seed(g));
    json_t *figs = json_array();
    for (int i = 0; i < t->figure_count; i++)
        json_array_append_new(figs, figure_json(t, &t->figures[i]));
    json_t *sides = json_array();
    for (int i = 0; i < t->side_count; i++)
        json_array_append_new(
            sides, json_pack("{s:i, s:s}", "id", (int)t->sides[i].id.id, "name", t->sides[i].name));
    json_t *o =
        json_pack("{s:s, s:s, s:s, s:s, s:i, s:i, s:{s:b, s:i, s:s, s:s}, s:o, s:o}", "file", path,
                  "ruleset", game_rules(g)->id, "scenario", game_scenario(g)->title, "seed", seed,
                  "commands", game_cursor(g), "turn", game_turn(g), "outcome", "over", oc.over,
                  "winner", (int)oc.winner.id, "winner_name", w ? w->name : "", "reason", oc.reason,
                  "sides", sides, "figures", figs);
    json_dumpf(o, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(7));
    putchar('\n');
    json_decref(o);
    game_destroy(g);
    return 0;
}

int cli_replay(int argc, char **argv)
{
    const char *path = NULL;
    bool quiet = false, json = false, watch = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage();
            return 0;
        }
        if (strcmp(argv[i], "--quiet") == 0 || strcmp(argv[i], "-q") == 0)
            quiet = true;
        else if (strcmp(argv[i], "--json") == 0)
            json = true;
        else if (strcmp(argv[i], "--watch") == 0)
            watch = true;
        else if (argv[i][0] == '-' || path)
            return usage();
        else
            path = argv[i];
    }
    if (!path)
        return usage();
    if (watch)
        return cli_watch(path);
    replay_report rep;
    game_error err;
    char buf[1200];
    memset(&err, 0, sizeof err);
    if (replay_file(path, NULL, quiet || json ? NULL : print_turn, NULL, &rep, &err)) {
        if (json)
            return print_json(path);
        printf("%s: %d commands replayed, every hash matches\n", path, rep.checked);
        return 0;
    }
    if (rep.diverged_at || rep.message[0]) {
        fprintf(stderr, "%s: DIVERGED: ", path);
        cli_fputs_escaped(rep.message, stderr);
    } else
        cli_fputs_escaped(game_error_format(&err, buf, sizeof buf), stderr);
    fputc('\n', stderr);
    return 1;
}
