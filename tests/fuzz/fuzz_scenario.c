/* libFuzzer target: the scenario loader on arbitrary bytes must refuse or accept, never crash;
 * a scenario that loads is set up as a match by its rule set (which may refuse it), and a match
 * that starts gets the screen's queries and a few bot moves (fuzz_drive.h). */
#include "fuzz_drive.h"
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
    game_error gerr;
    game *g = game_create(&(game_desc){.scenario = sc, .take_scenario = true}, &gerr);
    if (!g) {
        scenario_destroy(sc);
        return 0;
    }
    fuzz_drive_game(g);
    game_destroy(g);
    return 0;
}
