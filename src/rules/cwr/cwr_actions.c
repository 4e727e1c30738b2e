/* Permitted Actions: the pairs a unit may play after its morale check (fourteen on a pass,
 * nine on a fail, in data), which are open now and why the others are not. */
#include "rules/cwr/cwr_state.h"

#include <stdio.h>
#include <string.h>

int cwr_pairs_offered(const rules_state *rs, unit_id u, const int **list)
{
    const cwr_unit_state *us = cwr_ustate_const(rs, u);
    bool failed = us && (us->flags & CWR_U_FAILED);
    *list = failed ? rs->data->on_fail : rs->data->on_pass;
    return failed ? rs->data->fail_count : rs->data->pass_count;
}

cwr_step cwr_current_step(const rules_state *rs)
{
    if (rs->phase != CWR_PHASE_ACT || rs->pair < 0)
        return CWR_STEP_NONE;
    const cwr_pair *p = &rs->data->pairs[rs->pair];
    return rs->step < p->step_count ? p->steps[rs->step] : CWR_STEP_NONE;
}

rules_command_kind cwr_step_command(cwr_step s)
{
    switch (s) {
    case CWR_STEP_FIRE:
        return RULES_CMD_FIRE;
    case CWR_STEP_MOVE:
    case CWR_STEP_MOVE_DOUBLE:
    case CWR_STEP_MOVE_AWAY:
    case CWR_STEP_MOVE_DOUBLE_AWAY:
        return RULES_CMD_MOVE;
    case CWR_STEP_FORMATION:
    case CWR_STEP_LIMBER:
    case CWR_STEP_UNLIMBER:
        return RULES_CMD_FORMATION;
    case CWR_STEP_CHARGE:
        return RULES_CMD_CHARGE;
    case CWR_STEP_COMBAT:
        return RULES_CMD_SPECIAL;
    default:
        return RULES_CMD_NONE;
    }
}

const char *cwr_step_label(cwr_step s)
{
    static const char *const labels[CWR_STEP_COUNT] = {
        "",
        "Fire",
        "Move",
        "Move at the double",
        "Move away from the enemy",
        "Move at the double away from the enemy",
        "Change formation",
        "Limber up",
        "Unlimber",
        "Charge home",
        "Close combat",
    };
    return (int)s > 0 && s < CWR_STEP_COUNT ? labels[s] : "";
}

static bool is_move(cwr_step s)
{
    return s == CWR_STEP_MOVE || s == CWR_STEP_MOVE_DOUBLE || s == CWR_STEP_MOVE_AWAY ||
           s == CWR_STEP_MOVE_DOUBLE_AWAY;
}

/* Can step s be played by u at all, and (when it comes first) right now? `limbered` is the
 * limber state the step will find (a pair's first step may change it). */
static bool step_open(const rules_state *rs, const table *t, unit_id u, cwr_step s, bool first,
                      bool limbered, char *why, size_t size)
{
    const cwr_troop *tr = cwr_troop_of(rs, t, u);
    bool art = tr->type == CWR_TYPE_ARTILLERY;
    switch (s) {
    case CWR_STEP_FIRE:
        if (!cwr_unit_has_weapon(rs, t, u)) {
            cwr_say(why, size, "it has no weapon that fires");
            return false;
        }
        if (art && limbered) {
            cwr_say(why, size, "its guns are limbered");
            return false;
        }
        return !first || cwr_can_fire_now(rs, t, u, why, size);
    case CWR_STEP_FORMATION:
        if (art) {
            cwr_say(why, size, "artillery limbers or unlimbers instead");
            return false;
        }
        if (tr->type == CWR_TYPE_INDIVIDUAL || cwr_unit_strength(t, u) < 2) {
            cwr_say(why, size, "a single figure has no formation");
            return false;
        }
        return true;
    case CWR_STEP_LIMBER:
    case CWR_STEP_UNLIMBER:
        if (!art) {
            cwr_say(why, size, "artillery only");
            return false;
        }
        if (s == CWR_STEP_LIMBER && limbered) {
            cwr_say(why, size, "already limbered");
            return false;
        }
        if (s == CWR_STEP_UNLIMBER && !limbered) {
            cwr_say(why, size, "already unlimbered");
            return false;
        }
        return true;
    case CWR_STEP_CHARGE: {
        if (art || tr->type == CWR_TYPE_TRANSPORT || tr->type == CWR_TYPE_MACHINE_GUN) {
            cwr_say(why, size, "guns and transport do not charge");
            return false;
        }
        unit_id tg[1]; /* any will do: the search stops at the first */
        if (cwr_charge_targets(rs, t, u, tg, 1) == 0) {
            cwr_say(why, size, "no enemy in sight within its charge reach");
            return false;
        }
        return true;
    }
    case CWR_STEP_COMBAT:
        if (first && !cwr_contact_enemy(rs, t, u).id) {
            cwr_say(why, size, "no enemy in base contact with its front rank");
            return false;
        }
        return true;
    default:
        if (is_move(s) && cwr_move_dice(rs, t, u, false) <= 0) {
            cwr_say(why, size, "it cannot move");
            return false;
        }
        return true;
    }
}

bool cwr_pair_open(const rules_state *rs, const table *t, unit_id u, int k, char *why, size_t size)
{
    const cwr_pair *p = &rs->data->pairs[k];
    bool limbered = cwr_unit_limbered(t, u);
    char r[128] = "";
    bool told = why && size; /* else a yes or no: no reason is built */
    for (int i = 0; i < p->step_count; i++) {
        if (!step_open(rs, t, u, p->steps[i], i == 0, limbered, told ? r : NULL,
                       told ? sizeof r : 0)) {
            cwr_say(why, size, "%s: %s", cwr_step_label(p->steps[i]), r);
            return false;
        }
        if (p->steps[i] == CWR_STEP_LIMBER)
            limbered = true;
        else if (p->steps[i] == CWR_STEP_UNLIMBER)
            limbered = false;
    }
    return true;
}
