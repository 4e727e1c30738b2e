/* The bot's hints for Little Colonial Rules (rules_view_ops.bot_value): when to act on a card,
 * when to hold it in reserve to interrupt, and when to play a held card before the enemy's.
 * A card's worth is what its leader's men can shoot now (the odds of targets()), and the
 * danger is how close the enemy stands to them. */
#include "rules/lcr/lcr_hint.h"

#include "rules/lcr/lcr_command.h"
#include "rules/lcr/lcr_deck.h"
#include "rules/lcr/lcr_fire.h"
#include "rules/lcr/lcr_state.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum { HINT_GROUP_MAX = RULES_CMD_FIGURES_MAX, HINT_TARGETS_MAX = 64 };

/* Ahead of this many cm from the nearest enemy, a held card has nothing to interrupt. */
#define HINT_DANGER_CM 45.0f
/* Expected casualties at which acting now beats holding the card. */
#define HINT_SHOT_WORTH 0.3f

typedef struct card_use {
    float shot;     /* expected casualties of the group's best shot now */
    float enemy_cm; /* nearest enemy to any of the group, cm */
    const char *who;
} card_use;

static card_use use_of(const rules_state *rs, const table *t, figure_id fig)
{
    card_use u = {.enemy_cm = INFINITY, .who = "the soldier"};
    const figure *f = table_figure_const(t, fig);
    if (!f)
        return u;
    u.who = f->name[0] ? f->name : "the soldier";
    figure_id group[HINT_GROUP_MAX];
    int n = 1;
    group[0] = f->id;
    if (lcr_is_leader(f))
        n = lcr_command_in_command(t, rs->data, f, lcr_command_radius(rs->data, f), group,
                                   HINT_GROUP_MAX);
    rules_command fire = {.kind = RULES_CMD_FIRE, .side = f->side};
    for (int i = 0; i < n; i++) {
        const figure *m = table_figure_const(t, group[i]);
        if (m && lcr_figure_can_fire(rs, m) && fire.figure_count < RULES_CMD_FIGURES_MAX)
            rules_command_add_figure(&fire, m->id);
        for (int k = 0; m && k < t->figure_count; k++) {
            const figure *e = &t->figures[k];
            if (e->side.id != f->side.id && table_figure_active(e))
                u.enemy_cm = fminf(u.enemy_cm, (float)geom_point_distance(m->pos, e->pos));
        }
    }
    rules_target tg[HINT_TARGETS_MAX];
    int nt = fire.figure_count ? lcr_fire_targets(rs, t, &fire, tg, HINT_TARGETS_MAX) : 0;
    for (int i = 0; i < nt; i++)
        u.shot = fmaxf(u.shot, tg[i].expected_kills);
    return u;
}

/* The drawn card's leader when it is the enemy's: his men are the danger of the moment. */
static float drawn_threat_cm(const rules_state *rs, const table *t, side_id own)
{
    if (rs->drawn < 0)
        return INFINITY;
    const lcr_card *c = &rs->deck.cards[rs->drawn];
    if (c->side.id == own.id || c->kind != LCR_CARD_LEADER)
        return INFINITY;
    return use_of(rs, t, c->leader).enemy_cm;
}

static void say(char *why, size_t size, const char *what, const card_use *u)
{
    if (why && size)
        snprintf(why, size, "%s %s", what, u->who);
}

bool lcr_bot_value(const rules_state *rs, const table *t, const rules_command *cmd, float *v,
                   char *why, size_t size)
{
    card_use u;
    switch (cmd->kind) {
    case RULES_CMD_ACTIVATE:
        u = use_of(rs, t, cmd->figure);
        *v = 1.0f + 10.0f * u.shot + (u.enemy_cm < HINT_DANGER_CM ? 0.5f : 0);
        if (why && size && u.shot > 0)
            snprintf(why, size, "acts with %s: a shot worth %.1f casualties", u.who,
                     (double)u.shot);
        else if (why && size)
            snprintf(why, size, "acts with %s", u.who);
        return true;
    case RULES_CMD_RESERVE_CARD: {
        if (rs->drawn < 0)
            return false;
        const lcr_card *c = &rs->deck.cards[rs->drawn];
        u = use_of(rs, t, c->kind == LCR_CARD_LEADER ? c->leader : (figure_id){0});
        if (c->kind != LCR_CARD_LEADER)
            u.who = "the soldier";
        /* nothing to shoot yet, but the enemy near: keep the card to strike first later */
        bool hold = u.shot < HINT_SHOT_WORTH && u.enemy_cm < HINT_DANGER_CM;
        *v = hold ? 2.5f : -1.0f;
        if (why && size)
            snprintf(why, size, "holds %s's card to interrupt", u.who);
        return true;
    }
    case RULES_CMD_PLAY_RESERVED: {
        u = use_of(rs, t, cmd->figure);
        float threat = drawn_threat_cm(rs, t, cmd->side);
        bool interrupt = rs->drawn >= 0 && rs->deck.cards[rs->drawn].side.id != cmd->side.id;
        if (!interrupt) {
            /* its own card came up: the held one is used like it (held cards go back at the
             * End of Turn card) */
            *v = 1.0f + 10.0f * u.shot;
            say(why, size, "plays the card it held for", &u);
        } else if (u.shot >= HINT_SHOT_WORTH) {
            *v = 1.5f + 10.0f * u.shot;
            say(why, size, interrupt ? "interrupts to fire first with" : "plays the card held for",
                &u);
        } else if (interrupt && threat < HINT_DANGER_CM * 0.6f) {
            *v = 2.0f;
            say(why, size, "interrupts before the enemy's men close in, with", &u);
        } else if (rs->deck.draw_count <= 3) {
            *v = 1.0f + 10.0f * u.shot;
            say(why, size, "uses its held card before the turn ends, with", &u);
        } else {
            *v = 0.2f;
            say(why, size, "has nothing worth interrupting for with", &u);
        }
        return true;
    }
    case RULES_CMD_PASS:
        if (rs->drawn < 0 || rs->active >= 0)
            return false;
        *v = 0.5f;
        if (why && size)
            snprintf(why, size, "keeps its reserved card for a better moment");
        return true;
    default:
        return false;
    }
}
