/* Shared helpers of the lcr tests: the shipped data file and small hand-built tables. */
#ifndef TESTS_LCR_TEST_UTIL_H
#define TESTS_LCR_TEST_UTIL_H

#include "core/table.h"
#include "rules/lcr/lcr_data.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

static inline lcr_data *test_lcr_data(void)
{
    lcr_data_error err;
    lcr_data *d = lcr_data_load_default(&err);
    if (!d) {
        char buf[512];
        fprintf(stderr, "%s\n", lcr_data_error_format(&err, buf, sizeof buf));
    }
    assert_non_null(d);
    return d;
}

/* A figure on a 1.25 cm round base (25 mm), facing +x. */
static inline figure_id test_add_figure(table *t, side_id s, unit_id u, figure_role role,
                                        figure_quality q, float x, float y)
{
    figure f = {0};
    f.side = s;
    f.unit = u;
    f.role = role;
    f.quality = q;
    f.base.kind = GEOM_BASE_ROUND;
    f.base.radius_cm = 1.25f;
    f.pos = (vec2s){{x, y}};
    snprintf(f.weapon, sizeof f.weapon, "mauser");
    snprintf(f.kind, sizeof f.kind, "line_infantry");
    return table_add_figure(t, &f);
}

#endif // TESTS_LCR_TEST_UTIL_H
