/* libFuzzer target: the save loader (parse, embedded scenario, log replay with hash checks) on
 * arbitrary bytes, played by the engine tests' toy rule set. */
#include "../game/toy_rules.h"
#include "game/game.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    game_error err;
    game *g = game_load_string((const char *)data, size, "fuzz.json",
                               &(game_load_desc){.rules = &toy_rules_ops}, &err);
    if (g) {
        /* a loaded game must survive undo and redo to both ends */
        while (game_undo(g))
            ;
        while (game_redo(g))
            ;
        game_destroy(g);
    }
    return 0;
}
