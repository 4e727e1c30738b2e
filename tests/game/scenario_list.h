/* For the tests that play or write every shipped scenario: the list of them. */
#ifndef TESTS_GAME_SCENARIO_LIST_H
#define TESTS_GAME_SCENARIO_LIST_H

/* The folder holding scenarios/ and assets/: $SANDTABLE_SOURCE_DIR, else the source tree
 * this build came from. */
const char *scenario_list_source_dir(void);
/* Every scenarios/<name>.json, sorted by path, at most max (each strdup'ed: the caller frees
 * them); -1 when the folder cannot be read. Scenarios are found by listing the folder, so
 * every rule set's are covered as they arrive. */
int scenario_list_shipped(char **out, int max);

#endif // TESTS_GAME_SCENARIO_LIST_H
