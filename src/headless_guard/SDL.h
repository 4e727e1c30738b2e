/* Poisoned header: only on the include path of the headless library (src/core, src/scenario,
 * src/rules, src/game). Reaching it means SDL leaked below the front end. */
#error                                                                                             \
    "SDL must not be included from the headless core (src/core, src/scenario, src/rules, src/game)"
