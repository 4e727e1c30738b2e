/* The kill test. `saver kill ROUNDS DIR`: ROUNDS times, forks a child that runs `saver run`,
 * SIGKILLs it a random 0-5 ms after its first save (a save takes about 0.3 ms on tmpfs) (during or
 * between saves) and runs the check on what it left. `saver run PATH LOG`: plays toy games forever,
 * saving PATH after every command and writing "saving OLD NEW" before and "saved NEW" after each
 * save to LOG (OLD and NEW are seed:commands of the previous and the new save). `saver check PATH
 * LINE`: the save (or, if it does not load, its .bak) must load with every hash matching and be the
 * game LINE names: OLD or NEW after "saving", NEW after "saved". Exit 0 when it holds.
 * `saver kill2 ROUNDS DIR`: two `run`s on one save, both killed (see kill_two_rounds). */
#include "game/bot.h"
#include "game/game.h"
#include "toy_rules.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static scenario *load_duel(void)
{
    char path[1024];
    const char *src = getenv("SANDTABLE_SOURCE_DIR");
    snprintf(path, sizeof path, "%s/tests/game/data/duel.json", src ? src : SANDTABLE_SOURCE_DIR);
    scenario_error err;
    scenario *sc = scenario_load_file(path, &err);
    if (!sc)
        exit(3);
    return sc;
}

static void say(int fd, const char *text)
{
    if (write(fd, text, strlen(text)) < 0)
        exit(3);
}

static int run(const char *path, const char *log, scenario *sc)
{
    int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);
    char old[64] = "none", now[64], line[160];
    for (uint64_t seed = (uint64_t)getpid();; seed++) {
        game_error err;
        game *g = game_create(
            &(game_desc){.scenario = sc, .seed_set = true, .seed = seed, .rules = &toy_rules_ops},
            &err);
        dice_rng rng;
        dice_seed(&rng, seed);
        rules_command c;
        while (bot_choose(g, BOT_RANDOM, &rng, &c) && game_submit(g, &c, NULL, 0)) {
            snprintf(now, sizeof now, "%" PRIu64 ":%d", seed, game_cursor(g));
            snprintf(line, sizeof line, "saving %s %s\n", old, now);
            say(fd, line);
            if (!game_save(g, path, &err))
                return 3;
            snprintf(line, sizeof line, "saved %s\n", now);
            say(fd, line);
            snprintf(old, sizeof old, "%s", now);
        }
        game_destroy(g);
    }
}

/* The loaded game as seed:commands, or "" when it does not load. */
static void identify(const char *path, char *out, size_t size)
{
    game_error err;
    game *g = game_load(path, &(game_load_desc){.rules = &toy_rules_ops}, &err);
    out[0] = '\0';
    if (g)
        snprintf(out, size, "%" PRIu64 ":%d", game_seed(g), game_log_count(g));
    game_destroy(g);
}

static int check(const char *path, const char *line)
{
    char kind[16] = "", a[64] = "", b[64] = "", got[64], bak[1100];
    if (sscanf(line, "%15s %63s %63s", kind, a, b) < 2)
        return 0; /* killed before the first save began: nothing to check */
    identify(path, got, sizeof got);
    if (!got[0]) {
        snprintf(bak, sizeof bak, "%s.bak", path);
        identify(bak, got, sizeof got);
    }
    bool saving = strcmp(kind, "saving") == 0;
    const char *want_new = saving ? b : a;
    if (strcmp(got, want_new) == 0 || (saving && strcmp(got, a) == 0))
        return 0;
    if (saving && strcmp(a, "none") == 0 && !got[0])
        return 0; /* the very first save was interrupted: there is no game yet */
    fprintf(stderr, "after '%s' the save holds '%s'\n", line, got[0] ? got : "nothing loadable");
    return 1;
}

static void last_line(const char *log, char *out, size_t size)
{
    out[0] = '\0';
    FILE *f = fopen(log, "r");
    char line[256];
    while (f && fgets(line, sizeof line, f))
        if (strchr(line, '\n')) /* a line cut by the kill is not a complete record */
            snprintf(out, size, "%s", line);
    if (f)
        fclose(f);
}

/* Removes what killed writers left in DIR: the unique temporary files (game.json.tmp-XXXXXX). */
static void clear_temps(const char *dir)
{
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "rm -f '%s'/*.tmp-*", dir);
    if (system(cmd) != 0)
        exit(3);
}

static int kill_rounds(int rounds, const char *dir)
{
    char path[1024], log[1024], line[256], bak[1100];
    snprintf(path, sizeof path, "%s/game.json", dir);
    snprintf(log, sizeof log, "%s/log", dir);
    snprintf(bak, sizeof bak, "%s.bak", path);
    dice_rng rng;
    dice_seed(&rng, 12345);
    int bad = 0, mid_save = 0;
    scenario *sc = load_duel(); /* loaded once; each child gets it by fork */
    for (int i = 0; i < rounds; i++) {
        remove(path), remove(bak), remove(log);
        clear_temps(dir);
        pid_t pid = fork();
        if (pid == 0)
            _exit(run(path, log, sc));
        /* Wait for the first save so that every kill lands in the saving loop. */
        for (int w = 0; w < 5000 && (last_line(log, line, sizeof line), !line[0]); w++)
            nanosleep(&(struct timespec){.tv_sec = 0, .tv_nsec = 1000000}, NULL);
        long us = (long)dice_below(&rng, 5000);
        nanosleep(&(struct timespec){.tv_sec = 0, .tv_nsec = us * 1000}, NULL);
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        last_line(log, line, sizeof line);
        mid_save += strncmp(line, "saving", 6) == 0;
        bad += check(path, line) != 0;
    }
    printf("%d kills (%d in the middle of a save), %d bad saves\n", rounds, mid_save, bad);
    scenario_destroy(sc);
    return bad ? 1 : 0;
}

/* Whether `game` (seed:commands) is a save some writer's log names, saving or saved. */
static bool in_log(const char *log, const char *name)
{
    FILE *f = fopen(log, "r");
    char line[256], kind[16], a[64], b[64];
    bool found = false;
    while (f && !found && fgets(line, sizeof line, f)) {
        int n = sscanf(line, "%15s %63s %63s", kind, a, b);
        found = (n >= 2 && strcmp(a, name) == 0) || (n == 3 && strcmp(b, name) == 0);
    }
    if (f)
        fclose(f);
    return found;
}

/* Whether a writer's log says one of its saves is done. */
static bool in_log_saved(const char *log)
{
    FILE *f = fopen(log, "r");
    char line[256];
    bool found = false;
    while (f && !found && fgets(line, sizeof line, f))
        found = strncmp(line, "saved ", 6) == 0;
    if (f)
        fclose(f);
    return found;
}

/* Two writers on one save (two windows on one scenario, issue 21), both SIGKILLed at a random
 * moment: the save itself (not only its .bak) must be a whole save one of them wrote, and the
 * .bak, when there is one, too. */
static int kill_two_rounds(int rounds, const char *dir)
{
    char path[1024], logs[2][1024], bak[1100], cmd[1200], got[64];
    snprintf(path, sizeof path, "%s/game.json", dir);
    snprintf(bak, sizeof bak, "%s.bak", path);
    for (int k = 0; k < 2; k++)
        snprintf(logs[k], sizeof logs[k], "%s/log%d", dir, k);
    dice_rng rng;
    dice_seed(&rng, 54321);
    int bad = 0;
    scenario *sc = load_duel();
    for (int i = 0; i < rounds; i++) {
        snprintf(cmd, sizeof cmd, "rm -f '%s'/*", dir);
        if (system(cmd) != 0)
            return 3;
        pid_t pid[2];
        for (int k = 0; k < 2; k++)
            if ((pid[k] = fork()) == 0)
                _exit(run(path, logs[k], sc));
        /* Both have saved once before the kill (else there may be no save to check: a first
         * save cut short leaves none, as it should); a loaded machine may take seconds. */
        for (int k = 0; k < 2; k++)
            for (int w = 0; w < 60000 && !in_log_saved(logs[k]); w++)
                nanosleep(&(struct timespec){.tv_sec = 0, .tv_nsec = 1000000}, NULL);
        long us = (long)dice_below(&rng, 5000);
        nanosleep(&(struct timespec){.tv_sec = 0, .tv_nsec = us * 1000}, NULL);
        for (int k = 0; k < 2; k++)
            kill(pid[k], SIGKILL);
        int status[2] = {0, 0};
        for (int k = 0; k < 2; k++)
            waitpid(pid[k], &status[k], 0);
        for (int k = 0; k < 2; k++)
            if (!WIFSIGNALED(status[k])) {
                fprintf(stderr, "round %d: writer %d stopped by itself (a save failed)\n", i, k);
                bad++;
            }
        const char *files[2] = {path, bak};
        for (int f = 0; f < 2; f++) {
            if (f == 1 && access(bak, F_OK) != 0)
                continue;
            identify(files[f], got, sizeof got);
            if (!got[0] || !(in_log(logs[0], got) || in_log(logs[1], got))) {
                fprintf(stderr, "round %d: %s holds '%s'\n", i, files[f],
                        got[0] ? got : "nothing loadable");
                bad++;
            }
        }
    }
    printf("%d rounds of two writers killed, %d bad saves\n", rounds, bad);
    scenario_destroy(sc);
    return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "kill") == 0)
        return kill_rounds(atoi(argv[2]), argv[3]);
    if (argc == 4 && strcmp(argv[1], "kill2") == 0)
        return kill_two_rounds(atoi(argv[2]), argv[3]);
    if (argc == 4 && strcmp(argv[1], "run") == 0)
        return run(argv[2], argv[3], load_duel());
    if (argc == 4 && strcmp(argv[1], "check") == 0)
        return check(argv[2], argv[3]);
    fprintf(stderr,
            "usage: saver kill|kill2 ROUNDS DIR | saver run PATH LOG | saver check PATH LINE\n");
    return 2;
}
