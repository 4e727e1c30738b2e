#include "rules/lcr/lcr_fire_math.h"

#include <stdio.h>

#define LCR_PI 3.14159265358979323846

void lcr_fire_throw(dice_rng *rng, int n, int need, int modifier, lcr_fire_dice *out)
{
    out->count = n;
    out->need = need;
    out->modifier = modifier;
    out->successes = 0;
    out->ones = 0;
    for (int i = 0; i < n; i++) {
        int face = dice_d6(rng);
        if (i < LCR_FIRE_DICE_MAX)
            out->faces[i] = face;
        out->successes += face + modifier >= need;
        out->ones += face == 1;
    }
}

bool lcr_fire_need(const lcr_weapon *w, float range_cm, int *need, const char **band)
{
    int b = lcr_data_band(w, range_cm);
    if (b < 0)
        return false;
    *need = w->bands[b].need;
    if (band)
        *band = w->bands[b].name;
    return true;
}

int lcr_fire_effective_need(const lcr_data *d, const lcr_weapon *w, int band_need, bool mounted)
{
    (void)d;
    return band_need - (mounted ? w->mounted_modifier : 0);
}

int lcr_fire_confirm_need(const lcr_data *d, int need)
{
    if (need <= 6)
        return 0;
    return d->mounted_confirm_past_six && need <= 9 ? need - 3 : 7;
}

float lcr_fire_p_hit(const lcr_data *d, int need)
{
    if (need <= 6)
        return (float)(7 - (need < 1 ? 1 : need)) / 6.0f;
    int c = lcr_fire_confirm_need(d, need);
    return c > 6 ? 0.0f : (1.0f / 6.0f) * (float)(7 - c) / 6.0f;
}

lcr_save_result lcr_fire_save_mounted(const lcr_data *d, int face)
{
    if (face >= d->save_mounted_unhurt_need)
        return LCR_SAVE_UNHURT;
    return face >= d->save_mounted_horse_need ? LCR_SAVE_HORSE_LOST : LCR_SAVE_FAILED;
}

bool lcr_fire_in_semicircle(vec2s centre, vec2s away, float radius, vec2s p)
{
    geom_semicircle sc = {centre, radius, geom_angle_of(away)};
    return geom_semicircle_contains(sc, p);
}

bool lcr_fire_in_arc(vec2s pos, float facing, float full_deg, vec2s target)
{
    if (full_deg >= 360.0f)
        return true;
    geom_arc arc = {pos, facing, (float)(full_deg * LCR_PI / 360.0), 0};
    return geom_arc_contains(&arc, target);
}

int lcr_fire_leader_class(figure_role role)
{
    switch (role) {
    case FIGURE_ROLE_NCO:
    case FIGURE_ROLE_LEADER:
        return 1;
    case FIGURE_ROLE_OFFICER:
    case FIGURE_ROLE_GENERAL:
    case FIGURE_ROLE_BRIGADIER:
        return 2;
    default:
        return 0;
    }
}

/* Soldiers that must fall before a leader of this role may. */
static int soldiers_before(const lcr_data *d, figure_role role)
{
    if (role == FIGURE_ROLE_LEADER)
        return d->soldiers_before_leader;
    return lcr_fire_leader_class(role) == 1 ? d->soldiers_before_nco : d->soldiers_before_officer;
}

static int find_candidate(const lcr_fire_candidate *cands, int n, figure_id id)
{
    for (int i = 0; i < n; i++)
        if (cands[i].id.id == id.id)
            return i;
    return -1;
}

static int count_soldiers(const lcr_fire_candidate *cands, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += lcr_fire_leader_class(cands[i].role) == 0;
    return s;
}

bool lcr_fire_allocation_valid(const lcr_data *d, const lcr_fire_candidate *cands, int n, int hits,
                               const figure_id *picks, int pick_count, char *why, size_t why_size)
{
    int want = hits < n ? hits : n;
    if (pick_count != want) {
        snprintf(why, why_size, "%d hits on %d figures in the area remove %d figures, not %d", hits,
                 n, want, pick_count);
        return false;
    }
    int soldiers_area = count_soldiers(cands, n), soldiers = 0;
    for (int i = 0; i < pick_count; i++) {
        int c = find_candidate(cands, n, picks[i]);
        if (c < 0) {
            snprintf(why, why_size, "figure %u is not inside the area", picks[i].id);
            return false;
        }
        for (int j = 0; j < i; j++)
            if (picks[j].id == picks[i].id) {
                snprintf(why, why_size, "figure %u is picked twice", picks[i].id);
                return false;
            }
        soldiers += lcr_fire_leader_class(cands[c].role) == 0;
    }
    for (int i = 0; i < pick_count; i++) {
        const lcr_fire_candidate *c = &cands[find_candidate(cands, n, picks[i])];
        if (lcr_fire_leader_class(c->role) == 0)
            continue;
        int before = soldiers_before(d, c->role);
        if (soldiers < before && soldiers < soldiers_area) {
            snprintf(why, why_size,
                     "a %s may fall only after %d soldiers (or every soldier in the area); "
                     "%d picked",
                     table_role_name(c->role), before, soldiers);
            return false;
        }
    }
    return true;
}

/* Can x officers and y NCO-class leaders be taken with k casualties? */
static bool leaders_fit(const lcr_data *d, int k, int x, int y, int soldiers_area)
{
    int s = k - x - y;
    if (s < 0 || s > soldiers_area)
        return false;
    int need_off =
        d->soldiers_before_officer < soldiers_area ? d->soldiers_before_officer : soldiers_area;
    int nco_gate = d->soldiers_before_nco > d->soldiers_before_leader ? d->soldiers_before_nco
                                                                      : d->soldiers_before_leader;
    int need_nco = nco_gate < soldiers_area ? nco_gate : soldiers_area;
    return (x == 0 || s >= need_off) && (y == 0 || s >= need_nco);
}

int lcr_fire_allocation_default(const lcr_data *d, const lcr_fire_candidate *cands, int n, int hits,
                                figure_id *picks)
{
    int k = hits < n ? hits : n, soldiers_area = count_soldiers(cands, n);
    int officers = 0, ncos = 0;
    for (int i = 0; i < n; i++) {
        int c = lcr_fire_leader_class(cands[i].role);
        officers += c == 2;
        ncos += c == 1;
    }
    int bx = 0, by = 0;
    bool found = false;
    for (int x = officers; x >= 0 && !found; x--)
        for (int y = ncos; y >= 0 && !found; y--)
            if (leaders_fit(d, k, x, y, soldiers_area)) {
                bx = x;
                by = y;
                found = true;
            }
    int m = 0, s = k - bx - by;
    for (int i = 0; i < n && m < k; i++) {
        int c = lcr_fire_leader_class(cands[i].role);
        int *left = c == 2 ? &bx : c == 1 ? &by : &s;
        if (*left > 0) {
            (*left)--;
            picks[m++] = cands[i].id;
        }
    }
    return m;
}
