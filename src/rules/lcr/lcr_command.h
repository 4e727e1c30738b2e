/* Little Colonial Rules: who may activate whom (seed 000, Actions: Activate; Formation fire).
 *
 * An officer, NCO or native leader activates figures of his own unit, or of units under it,
 * within his command radius (by rank and quality, in the data file). A formation - figures of a
 * unit joined by base contact, as a line in lateral contact or ranks one behind another - is
 * wholly in command when any of its figures is inside the radius. NCOs cannot activate officers
 * and no one activates a superior.
 */
#ifndef LCR_LCR_COMMAND_H
#define LCR_LCR_COMMAND_H

#include "core/table.h"
#include "rules/lcr/lcr_data.h"

#include <stdbool.h>

/* Command radius of a leader (0 when the figure is no leader). */
float lcr_command_radius(const lcr_data *d, const figure *leader);
/* True when two figures' bases are in contact (edge gap <= contact_gap_cm). */
bool lcr_command_in_contact(const lcr_data *d, const figure *a, const figure *b);
/* True for cavalry: a mounted figure or a figure of a unit of kind "cavalry" (Little Colonial
 * Rules, Cavalry; a trooper whose horse was shot stays cavalry for orders). */
bool lcr_command_is_cavalry(const table *t, const figure *f);
/* True when `leader` may give orders to `f` by the chain of command (ignoring distance). Cavalry
 * NCOs and officers never order infantry, nor infantry ones cavalry; generals order both. */
bool lcr_command_may_order(const table *t, const figure *leader, const figure *f);
/* Each unit's figures in table order, for a table of `count` figures: per table index, the
 * first index of that figure's unit and the next index of the same unit after it (-1 at the
 * last). The rule state keeps them from create (a figure's unit does not change). */
typedef struct lcr_unit_chains {
    const int *first, *next;
    int count;
} lcr_unit_chains;
/* The formation of a figure: every active figure of its unit reachable through base contact.
 * Writes up to `max` ids (the figure itself first) and returns the count. */
int lcr_command_formation(const table *t, const lcr_data *d, const figure *f, figure_id *out,
                          int max);
/* The same, reading the unit's figures off `uc` (NULL, or chains of another table's size: a scan
 * of every figure). */
int lcr_command_formation_in(const table *t, const lcr_data *d, const figure *f, figure_id *out,
                             int max, const lcr_unit_chains *uc);
/* The figures `leader` can activate now: those he may order whose formation has a member within
 * `radius` cm (centre to centre). The leader himself is included first. Returns the count. */
int lcr_command_in_command(const table *t, const lcr_data *d, const figure *leader, float radius,
                           figure_id *out, int max);
/* The same, the formations read with `uc` (lcr_command_formation_in). */
int lcr_command_in_command_in(const table *t, const lcr_data *d, const figure *leader, float radius,
                              figure_id *out, int max, const lcr_unit_chains *uc);

#endif // LCR_LCR_COMMAND_H
