/* `sandtable info FILE`: a human summary of a scenario. */
#include "cli/cli.h"

#include "rules/rules.h"
#include "scenario/scenario.h"

#include <stdio.h>
#include <string.h>

static void print_usage(FILE *out)
{
    fprintf(out,
            "usage: sandtable info FILE\n\n"
            "Summarises a scenario: title, rule set, table size, sides and their units,\n"
            "figure counts by role and by quality per side, terrain features by type,\n"
            "deployment zones, reinforcements and victory conditions.\n"
            "Exit status: 0 printed, 1 the file was refused (error on stderr), 2 usage error.\n");
}

static const char *const edge_names[] = {"none", "north", "south", "west", "east"};

static void print_header(const scenario *s)
{
    const table *t = s->table;
    cli_printf("%s\n", s->title);
    if (s->description[0])
        cli_printf("\n%s\n\n", s->description);
    cli_printf("rule set: %s\n", s->ruleset);
    cli_printf("table: %g x %g cm\n", (double)t->width_cm, (double)t->height_cm);
    cli_printf("seed: %llu\n", (unsigned long long)s->seed);
    if (s->campaign_position)
        cli_printf("campaign: %s, scenario %d\n", s->campaign, s->campaign_position);
}

static void print_counts(const char *label, const int *counts, int n, const char *(*name)(int))
{
    cli_printf("    %s:", label);
    for (int i = 0; i < n; i++)
        if (counts[i])
            cli_printf(" %s %d", name(i), counts[i]);
    cli_printf("\n");
}

static const char *role_name(int i)
{
    return table_role_name((figure_role)i);
}

static const char *quality_name(int i)
{
    return table_quality_name((figure_quality)i);
}

static int unit_figures(const table *t, unit_id u)
{
    int n = 0;
    for (int i = 0; i < t->figure_count; i++)
        n += t->figures[i].unit.id == u.id;
    return n;
}

static void print_side(const table *t, const side *sd)
{
    int roles[FIGURE_ROLE_COUNT] = {0}, qualities[FIGURE_QUALITY_COUNT] = {0}, total = 0;
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        if (f->side.id != sd->id.id)
            continue;
        roles[f->role]++;
        qualities[f->quality]++;
        total++;
    }
    cli_printf("side %s (#%06x): %d figures\n", sd->name, (unsigned)sd->colour, total);
    print_counts("by role", roles, FIGURE_ROLE_COUNT, role_name);
    print_counts("by quality", qualities, FIGURE_QUALITY_COUNT, quality_name);
    for (int i = 0; i < t->unit_count; i++) {
        const unit *u = &t->units[i];
        if (u->side.id != sd->id.id)
            continue;
        const figure *cmd = table_figure_const(t, u->commander);
        const unit *parent = table_unit_const(t, u->parent);
        int n = unit_figures(t, u->id);
        cli_printf("    unit %s: %d figure%s", u->name, n, n == 1 ? "" : "s");
        if (u->kind[0])
            cli_printf(", %s", u->kind);
        if (u->formation[0])
            cli_printf(", %s", u->formation);
        if (cmd)
            cli_printf(", led by %s", cmd->name);
        if (parent)
            cli_printf(", part of %s", parent->name);
        cli_printf("\n");
    }
}

static void print_terrain(const table *t)
{
    cli_printf("terrain: %d features\n", t->feature_count);
    for (int ty = 0; ty < t->type_count; ty++) {
        int areas = 0, lines = 0;
        for (int i = 0; i < t->feature_count; i++) {
            if (t->features[i].type != ty)
                continue;
            areas += t->features[i].shape == TERRAIN_SHAPE_AREA;
            lines += t->features[i].shape == TERRAIN_SHAPE_LINE;
        }
        if (areas)
            cli_printf("    %s: %d area%s\n", t->types[ty].name, areas, areas > 1 ? "s" : "");
        if (lines)
            cli_printf("    %s: %d line%s\n", t->types[ty].name, lines, lines > 1 ? "s" : "");
    }
}

static void print_reinforcements(const scenario *s)
{
    const table *t = s->table;
    cli_printf("reinforcements: %d\n", s->reinforcement_count);
    for (int i = 0; i < s->reinforcement_count; i++) {
        const scenario_reinforcement *r = &s->reinforcements[i];
        cli_printf("    %s:", table_side(t, r->side)->name);
        for (int j = 0; j < r->unit_count; j++)
            cli_printf("%s %s", j ? "," : "", table_unit_const(t, r->units[j])->name);
        if (r->turn)
            cli_printf("; turn %d", r->turn);
        else
            cli_printf("; when %s", r->trigger);
        cli_printf("; %s edge at [%g, %g]\n", edge_names[r->edge], (double)r->entry.x,
                   (double)r->entry.y);
    }
}

static void print_victory(const scenario *s)
{
    cli_printf("victory conditions: %d\n", s->victory_count);
    for (int i = 0; i < s->victory_count; i++) {
        const scenario_victory *v = &s->victory[i];
        const side *sd = table_side(s->table, v->side);
        cli_printf("    %s", v->kind);
        if (sd)
            cli_printf(" (%s)", sd->name);
        if (v->turns)
            cli_printf(" after %d turns", v->turns);
        if (v->value)
            cli_printf(" value %d", v->value);
        if (v->text[0])
            cli_printf(": %s", v->text);
        cli_printf("\n");
    }
}

static void print_info(const scenario *s)
{
    print_header(s);
    for (int i = 0; i < s->table->side_count; i++)
        print_side(s->table, &s->table->sides[i]);
    print_terrain(s->table);
    cli_printf("deployment zones: %d\n", s->zone_count);
    print_reinforcements(s);
    print_victory(s);
}

int cli_info(int argc, char **argv)
{
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        print_usage(stdout);
        return 0;
    }
    if (argc != 2 || argv[1][0] == '-') {
        print_usage(stderr);
        return 2;
    }
    scenario_error err;
    scenario *s = scenario_load_file(argv[1], &err);
    if (s && !rules_scenario_check(s, &err)) {
        scenario_destroy(s);
        s = NULL;
    }
    if (!s) {
        char msg[1200];
        cli_fputs_escaped(scenario_error_format(&err, msg, sizeof msg), stderr);
        fputc('\n', stderr);
        return 1;
    }
    print_info(s);
    scenario_destroy(s);
    return 0;
}
