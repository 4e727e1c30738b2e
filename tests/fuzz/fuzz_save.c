/* libFuzzer target: the save loader (parse, embedded scenario, log replay with hash checks) on
 * arbitrary bytes, then the screen's queries and a few bot moves on a save that loads
 * (fuzz_drive.h). Saves of lcr and tiny games replay through their rule sets; the toy rule set
 * of the engine tests stands in for the id cr15 (registered under it here). */
#include "../game/toy_rules.h"
#include "fuzz_drive.h"
#include "game/game.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static rules_ops toy;

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    toy = toy_rules_ops;
    rules_register(&toy);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    game_error err;
    game *g = game_load_string((const char *)data, size, "fuzz.json", NULL, &err);
    if (g) {
        /* a loaded game must survive undo and redo to both ends */
        while (game_undo(g))
            ;
        while (game_redo(g))
            ;
        fuzz_drive_game(g); /* the queries and a few bot moves on what was loaded */
        game_destroy(g);
    }
    return 0;
}
