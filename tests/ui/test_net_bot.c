/* The Host form's "the bot, here" (ui_net_host_desc.bot): the host's own process runs a bot
 * client for the other side over the loopback. It joins the lobby by itself, says it is ready,
 * gets the side the host does not play and plays it: the host, played here by the test through
 * its session, needs no second program (`sandtable join --headless --bot` beside it, before). */
#include "core/config.h"
#include "game/bot.h"
#include "ui/net_play.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h> /* unlink, rmdir */
#include <cmocka.h>

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void test_bot_plays_the_other_side(void **state)
{
    (void)state;
    char data[] = "/tmp/sandtable-net-bot-XXXXXX";
    assert_non_null(mkdtemp(data));
    config_set(&(config_desc){.data_dir = data});
    char path[1200];
    snprintf(path, sizeof path, "%s/scenarios/lcr_teaching.json", config_source_dir());
    game *g = NULL;
    char save[1200], err[512] = "";
    ui_net *n = ui_net_host(
        &(ui_net_host_desc){
            .scenario_path = path, .name = "Host", .bind = "127.0.0.1", .bot = true},
        &g, save, sizeof save, err, sizeof err);
    if (!n)
        fail_msg("cannot host: %s", err);
    net_session *s = ui_net_session(n);
    const table *t = game_table(g);
    uint32_t mine = net_session_side(s), theirs = 0;
    for (int i = 0; i < t->side_count; i++)
        if (t->sides[i].id.id != mine)
            theirs = t->sides[i].id.id;
    assert_true(mine && theirs);
    bot_scratch *b = bot_scratch_create();
    dice_rng rng;
    dice_seed(&rng, 7);
    ui_input in = {0};
    int by_bot = 0;
    bool named = false;
    /* a generous deadline on a shared machine; the loop ends as soon as the bot has played */
    for (double until = now_s() + 60; by_bot < 5 && now_s() < until && !game_over(g);) {
        ui_net_out out;
        ui_net_update(n, &(ui_net_frame){.game = g, .time = now_s(), .top = "table", .in = &in},
                      &out);
        named = named || strcmp(ui_net_player_name(n, theirs), "The bot") == 0;
        if (net_session_in_lobby(s) && named && !net_session_is_ready(s))
            net_session_ready(s, true);
        rules_command c;
        char why[256];
        if (net_session_my_turn(s) && bot_pick(b, g, BOT_GREEDY, &rng, &c))
            assert_true(ui_net_submit(n, &c, why, sizeof why));
        by_bot = 0;
        for (int i = 0; i < game_cursor(g); i++)
            by_bot += game_command_at(g, i)->side.id == theirs;
        nanosleep(&(struct timespec){.tv_nsec = 1000000}, NULL);
    }
    fprintf(stderr, "%d commands, %d by the bot\n", game_cursor(g), by_bot);
    assert_true(named);
    assert_false(net_session_in_lobby(s));
    assert_true(by_bot >= 5);
    bot_scratch_destroy(b);
    ui_net_destroy(n);
    game_destroy(g);
    unlink(save);
    char bak[1300];
    snprintf(bak, sizeof bak, "%s.bak", save);
    unlink(bak);
    rmdir(data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_bot_plays_the_other_side)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
