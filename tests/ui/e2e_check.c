/* Reads a save written by the window test and prints what the test checks, one fact a line:
 *   cursor N / log N / figure NAME X Y FACING(deg) for each figure.
 * The toy rule set is registered under its own id "toy", as in sandtable_toy. */
#include "game/game.h"
#include "toy_rules.h"

#include <math.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: e2e_check SAVE.json\n");
        return 2;
    }
    static rules_ops ops;
    ops = toy_rules_ops;
    rules_register(&ops);
    game_error err;
    game *g = game_load(argv[1], NULL, &err);
    if (!g) {
        char buf[800];
        fprintf(stderr, "e2e_check: %s\n", game_error_format(&err, buf, sizeof buf));
        return 1;
    }
    printf("cursor %d\nlog %d\n", game_cursor(g), game_log_count(g));
    const table *t = game_table(g);
    for (int i = 0; i < t->figure_count; i++) {
        const figure *f = &t->figures[i];
        printf("figure %s|%.3f|%.3f|%.1f\n", f->name, (double)f->pos.x, (double)f->pos.y,
               (double)(f->facing * 180 / 3.14159265f));
    }
    game_destroy(g);
    return 0;
}
