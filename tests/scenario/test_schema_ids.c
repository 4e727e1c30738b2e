/* The schema's list of rule-set ids (docs/scenario.schema.json, $.properties.ruleset.enum) is
 * the registry's built-in list: the registry decides which ids exist, the schema follows it. */
#include "rules/rules.h"

#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

static json_t *schema_enum(json_t **root)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/docs/scenario.schema.json", getenv("SANDTABLE_SOURCE_DIR"));
    json_error_t je;
    *root = json_load_file(path, 0, &je);
    if (!*root)
        fail_msg("%s:%d:%d: %s", path, je.line, je.column, je.text);
    json_t *e =
        json_object_get(json_object_get(json_object_get(*root, "properties"), "ruleset"), "enum");
    if (!json_is_array(e))
        fail_msg("%s: $.properties.ruleset.enum: expected an array of rule-set ids", path);
    return e;
}

static bool in_enum(const json_t *e, const char *id)
{
    for (size_t i = 0; i < json_array_size(e); i++)
        if (strcmp(json_string_value(json_array_get(e, i)) ? json_string_value(json_array_get(e, i))
                                                           : "",
                   id) == 0)
            return true;
    return false;
}

static void test_every_builtin_in_schema(void **state)
{
    (void)state;
    json_t *root;
    json_t *e = schema_enum(&root);
    int missing = 0;
    assert_non_null(rules_at(0));
    for (int i = 0; rules_at(i); i++)
        if (!in_enum(e, rules_at(i)->id)) {
            print_error("docs/scenario.schema.json: $.properties.ruleset.enum lacks \"%s\", a "
                        "built-in rule set\n",
                        rules_at(i)->id);
            missing++;
        }
    json_decref(root);
    assert_int_equal(missing, 0);
}

static void test_every_schema_id_built_in(void **state)
{
    (void)state;
    json_t *root;
    json_t *e = schema_enum(&root);
    int extra = 0;
    for (size_t i = 0; i < json_array_size(e); i++) {
        const char *id = json_string_value(json_array_get(e, i));
        if (!id || !rules_find(id)) {
            print_error("docs/scenario.schema.json: $.properties.ruleset.enum[%zu]: \"%s\" is "
                        "no built-in rule set\n",
                        i, id ? id : "?");
            extra++;
        }
    }
    json_decref(root);
    assert_int_equal(extra, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_builtin_in_schema),
        cmocka_unit_test(test_every_schema_id_built_in),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
