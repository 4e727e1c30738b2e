/* libFuzzer target: the scenario loader on arbitrary bytes must refuse or accept, never crash;
 * a scenario it accepts is handed to its rule set (create, begin), which must refuse or start. */
#include "game/game.h"
#include "scenario/scenario.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    scenario_error err;
    scenario *sc = scenario_load_string((const char *)data, size, "fuzz.json", &err);
    if (!sc)
        return 0;
    game_error ge;
    game *g = game_create(&(game_desc){.scenario = sc, .take_scenario = true}, &ge);
    if (!g)
        scenario_destroy(sc); /* a refused scenario stays the caller's */
    game_destroy(g);
    return 0;
}
