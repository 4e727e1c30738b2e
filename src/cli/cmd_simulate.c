/* `sandtable simulate SCENARIO -n N [--seed S] [--jobs J] [--json]`: bot-vs-bot games. */
#include "cli/cli.h"

#include "game/simulate.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct sim_args {
    const char *path;
    int games, jobs, max_commands;
    uint64_t seed;
    bool json, swap_sides;
    bot_level levels[2];
    const char *save_dir;
} sim_args;

static int usage(FILE *out, int status)
{
    fprintf(out,
            "usage: sandtable simulate SCENARIO -n N [--seed S] [--jobs J] [--json]\n"
            "                          [--bots LEVEL[,LEVEL]] [--swap-sides] [--max-commands M]\n"
            "                          [--save-dir DIR]\n"
            "Plays N bot-vs-bot games and prints the win rate of each side with its 95%%\n"
            "interval, mean turns, casualties per side and the most decisive events.\n"
            "LEVEL is easy (= greedy, the default), normal, hard or random; two levels (a,b or\n"
            "a:b; --bot-levels is the same option) are the first and second side's.\n"
            "--swap-sides gives the first level the second side in every other game and prints\n"
            "how often each level won: the strength of one level against another.\n"
            "--save-dir DIR keeps each game's save as DIR/game-0000.json, game-0001.json...\n"
            "(DIR is made if missing); `sandtable replay FILE --json` prints its final table.\n");
    return status;
}

static bool parse_long(const char *s, long long lo, long long hi, long long *out)
{
    char *end;
    if (!s || !*s)
        return false;
    long long v = strtoll(s, &end, 10);
    if (*end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

static bool parse_bots(const char *s, bot_level levels[2])
{
    char a[32], b[32] = "";
    if (!s || strlen(s) >= sizeof a)
        return false;
    snprintf(a, sizeof a, "%s", s);
    char *comma = strpbrk(a, ",:");
    if (comma) {
        *comma = '\0';
        snprintf(b, sizeof b, "%s", comma + 1);
    }
    int x = bot_level_parse(a), y = b[0] ? bot_level_parse(b) : x;
    if (x < 0 || y < 0)
        return false;
    levels[0] = (bot_level)x;
    levels[1] = (bot_level)y;
    return true;
}

/* Reads one option with its value; returns 0 when done, 2 on a usage error. */
static int parse_option(int argc, char **argv, int *i, sim_args *a)
{
    const char *opt = argv[*i], *val = *i + 1 < argc ? argv[*i + 1] : NULL;
    long long v;
    bool ok = true;
    if (strcmp(opt, "-n") == 0 || strcmp(opt, "--games") == 0)
        ok = parse_long(val, 1, 100000000, &v) && (a->games = (int)v, true);
    else if (strcmp(opt, "--jobs") == 0 || strcmp(opt, "-j") == 0)
        ok = parse_long(val, 1, 256, &v) && (a->jobs = (int)v, true);
    else if (strcmp(opt, "--seed") == 0)
        ok = parse_long(val, 0, INT64_MAX, &v) && (a->seed = (uint64_t)v, true);
    else if (strcmp(opt, "--max-commands") == 0)
        ok = parse_long(val, 1, 100000000, &v) && (a->max_commands = (int)v, true);
    else if (strcmp(opt, "--bots") == 0 || strcmp(opt, "--bot-levels") == 0)
        ok = parse_bots(val, a->levels);
    else if (strcmp(opt, "--save-dir") == 0)
        ok = val && val[0] && (a->save_dir = val, true);
    else {
        fprintf(stderr, "sandtable simulate: unknown option '%s'\n", opt);
        return 2;
    }
    if (!ok) {
        fprintf(stderr, "sandtable simulate: bad value for %s: '%s'\n", opt, val ? val : "");
        return 2;
    }
    (*i)++;
    return 0;
}

static int parse_args(int argc, char **argv, sim_args *a)
{
    *a = (sim_args){.games = 0, .jobs = 1, .seed = 1, .levels = {BOT_GREEDY, BOT_GREEDY}};
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return usage(stdout, 0) - 1;
        if (strcmp(argv[i], "--json") == 0) {
            a->json = true;
        } else if (strcmp(argv[i], "--swap-sides") == 0) {
            a->swap_sides = true;
        } else if (argv[i][0] == '-') {
            if (parse_option(argc, argv, &i, a))
                return 2;
        } else if (!a->path) {
            a->path = argv[i];
        } else {
            return usage(stderr, 2);
        }
    }
    if (!a->path || a->games <= 0)
        return usage(stderr, 2);
    return 0;
}

static void progress_bar(void *user, int done, int total)
{
    (void)user;
    int width = 40, filled = (int)((long long)done * width / total);
    fprintf(stderr, "\r[%.*s%*s] %d/%d", filled, "########################################",
            width - filled, "", done, total);
    if (done == total)
        fputc('\n', stderr);
    fflush(stderr);
}

static void print_summary(const sim_args *a, const scenario *sc, const sim_summary *s)
{
    cli_printf("%d games of \"%s\" (%s), seed %" PRIu64
               ", %d job%s, %s vs %s: %.2f s (%.1f games/s)\n",
               s->games, sc->title, sc->ruleset, a->seed, a->jobs, a->jobs == 1 ? "" : "s",
               bot_level_name(a->levels[0]), bot_level_name(a->levels[1]), s->seconds,
               s->seconds > 0 ? s->games / s->seconds : 0.0);
    for (int k = 1; k <= s->side_count; k++)
        cli_printf("  %-20s wins %5.1f%%  (95%% interval %5.1f-%5.1f%%)  mean casualties %.2f\n",
                   s->side_names[k], s->win_pct[k], s->win_lo[k], s->win_hi[k],
                   s->mean_casualties[k]);
    cli_printf("  %-20s      %5.1f%%  (%d unfinished: hit the command cap)\n", "draws",
               s->win_pct[0], s->games - s->finished);
    if (a->swap_sides)
        cli_printf("  %s won %d, %s won %d, %d drawn: %s scores %.1f%% (a draw counts half; "
                   "95%% interval %.1f-%.1f%%), sides swapped every other game\n",
                   bot_level_name(a->levels[0]), s->level_wins[0], bot_level_name(a->levels[1]),
                   s->level_wins[1], s->games - s->level_wins[0] - s->level_wins[1],
                   bot_level_name(a->levels[0]), s->level_pct, s->level_lo, s->level_hi);
    cli_printf("mean turns %.2f (median %.1f), mean commands %.1f\n", s->mean_turns,
               s->median_turns, s->mean_commands);
    cli_printf("reinforcements arrived in %d of %d games (%.1f%%)\n", s->arrival_games, s->games,
               s->games > 0 ? 100.0 * s->arrival_games / s->games : 0.0);
    if (s->cause_count)
        cli_printf("casualties by rule:\n");
    for (int i = 0; i < s->cause_count; i++)
        cli_printf("  %6d  %s (in %d games, %.1f%%)\n", s->causes[i].removed, s->causes[i].ref,
                   s->causes[i].games, s->games > 0 ? 100.0 * s->causes[i].games / s->games : 0.0);
    if (s->decisive_count)
        cli_printf("most decisive events:\n");
    for (int i = 0; i < s->decisive_count; i++) {
        const sim_moment *m = &s->decisive[i];
        cli_printf("  game %d, turn %d, command %d: %d removed: %s\n", m->game, m->turn, m->command,
                   m->removed, m->text);
    }
}

int cli_simulate(int argc, char **argv)
{
    sim_args a;
    int rc = parse_args(argc, argv, &a);
    if (rc)
        return rc < 0 ? 0 : rc;
    scenario_error se;
    scenario *sc = scenario_load_file(a.path, &se);
    char buf[1200];
    if (!sc) {
        cli_fputs_escaped(scenario_error_format(&se, buf, sizeof buf), stderr);
        fputc('\n', stderr);
        return 1;
    }
    if (a.save_dir && mkdir(a.save_dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "%s: cannot make the save directory: %s\n", a.save_dir, strerror(errno));
        scenario_destroy(sc);
        return 1;
    }
    sim_desc d = {.scenario = sc,
                  .games = a.games,
                  .seed = a.seed,
                  .jobs = a.jobs,
                  .levels = {a.levels[0], a.levels[1]},
                  .swap_sides = a.swap_sides,
                  .max_commands = a.max_commands,
                  .save_dir = a.save_dir,
                  .progress = isatty(STDERR_FILENO) ? progress_bar : NULL};
    sim_summary sum;
    game_error err;
    if (!sim_run(&d, &sum, &err)) {
        snprintf(err.file, sizeof err.file, "%s", a.path);
        cli_fputs_escaped(game_error_format(&err, buf, sizeof buf), stderr);
        fputc('\n', stderr);
        scenario_destroy(sc);
        return 1;
    }
    if (a.json) {
        json_t *o = sim_summary_json(&sum);
        json_object_set_new(o, "scenario", json_string(a.path));
        json_object_set_new(o, "ruleset", json_string(sc->ruleset));
        json_object_set_new(o, "seed", json_integer((json_int_t)a.seed));
        json_object_set_new(o, "jobs", json_integer(a.jobs));
        if (a.save_dir)
            json_object_set_new(o, "save_dir", json_string(a.save_dir));
        json_dumpf(o, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
        putchar('\n');
        json_decref(o);
    } else {
        print_summary(&a, sc, &sum);
    }
    scenario_destroy(sc);
    return 0;
}
