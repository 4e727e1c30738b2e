/* `sandtable replay FILE`: re-runs a save headless and checks every stored hash. */
#include "cli/cli.h"

#include "game/replay.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static void print_turn(void *user, int turn, int commands, uint64_t hash)
{
    (void)user;
    printf("turn %3d  after command %5d  hash %016" PRIx64 "\n", turn, commands, hash);
}

static int usage(void)
{
    fprintf(stderr, "usage: sandtable replay FILE [--quiet]\n"
                    "Re-runs a saved game, checks the hash after every command, prints the hash\n"
                    "at the end of each turn, and stops at the first divergence.\n");
    return 2;
}

int cli_replay(int argc, char **argv)
{
    const char *path = NULL;
    bool quiet = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage();
            return 0;
        }
        if (strcmp(argv[i], "--quiet") == 0 || strcmp(argv[i], "-q") == 0)
            quiet = true;
        else if (argv[i][0] == '-' || path)
            return usage();
        else
            path = argv[i];
    }
    if (!path)
        return usage();
    replay_report rep;
    game_error err;
    char buf[1200];
    memset(&err, 0, sizeof err);
    if (replay_file(path, NULL, quiet ? NULL : print_turn, NULL, &rep, &err)) {
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
