#!/bin/sh
# `sandtable validate` and `sandtable info` on the good and bad scenarios: exit codes, "FILE: ok"
# on stdout, each bad file's exact message (its .expect file) on stderr, and the info summary.
exe="$1"
case "$exe" in /*) ;; *) exe="$(pwd)/$exe" ;; esac
here="$SANDTABLE_SOURCE_DIR/tests/scenario"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { # check DESCRIPTION CONDITION...
    desc=$1
    shift
    "$@" || { echo "FAIL: $desc"; fail=1; }
}

cd "$here/good" || exit 1
"$exe" validate skirmish.json >"$tmp/out" 2>"$tmp/err"
check "good file exits 0" [ $? -eq 0 ]
check "good file prints ok" [ "$(cat "$tmp/out")" = "skirmish.json: ok" ]
check "good file is silent on stderr" [ ! -s "$tmp/err" ]

cd "$here/bad" || exit 1
# All bad files in one run (fast under the sanitizers): each message, in argument order.
for f in *.json; do cat "${f%.json}.expect"; done >"$tmp/want"
"$exe" validate *.json >"$tmp/out" 2>"$tmp/err"
check "bad files exit 1" [ $? -eq 1 ]
check "bad files print nothing on stdout" [ ! -s "$tmp/out" ]
cmp -s "$tmp/err" "$tmp/want" || {
    echo "FAIL: bad file messages differ:"
    diff "$tmp/want" "$tmp/err"
    fail=1
}
"$exe" validate bad_colour.json 2>/dev/null
check "one bad file exits 1" [ $? -eq 1 ]

"$exe" validate "$here/good/skirmish.json" bad_quality.json >"$tmp/out" 2>"$tmp/err"
check "good + bad exits 1" [ $? -eq 1 ]
check "good + bad still reports the good one" grep -q 'skirmish.json: ok' "$tmp/out"
check "good + bad reports the bad one" grep -q '^bad_quality.json:12:37: ' "$tmp/err"

# Files the loader accepts but their rule set refuses (the rule set's wording is its own, so
# only the place and the prefix are checked).
cd "$here/bad_rules" || exit 1
"$exe" validate tiny_unknown_option.json >"$tmp/out" 2>"$tmp/err"
check "rule-set refusal exits 1" [ $? -eq 1 ]
check "rule-set refusal at the option" grep -q \
    '^tiny_unknown_option.json:4:32: $.ruleset_options.bogus: rule set tiny refuses the scenario: ' \
    "$tmp/err"
# lcr reads only its own options, in range, and knows every weapon (issue 21)
for want in \
    'lcr_max_turns.json:7:36: $.ruleset_options.max_turns: rule set lcr refuses the scenario: expected an integer from 1 to 1000' \
    'lcr_soldier_cards.json:7:40: $.ruleset_options.soldier_cards: rule set lcr refuses the scenario: expected an integer from 0 to 50' \
    'lcr_unknown_option.json:7:32: $.ruleset_options.wound: rule set lcr refuses the scenario: unknown option' \
    'lcr_unknown_weapon.json:26:5: $.units[0]: rule set lcr refuses the scenario: figure "Sgt Ruiz" has weapon "mausr", which lcr does not know'; do
  file=${want%%:*}
  "$exe" validate "$file" 2>"$tmp/err"
  check "$file refused" [ $? -eq 1 ]
  check "$file at its place" grep -qF "$want" "$tmp/err"
done
"$exe" validate tiny_three_sides.json 2>"$tmp/err"
check "rule-set refusal without a path exits 1" [ $? -eq 1 ]
check "rule-set refusal without a path names \$.ruleset" grep -q \
    '^tiny_three_sides.json:3:14: $.ruleset: rule set tiny refuses the scenario: ' "$tmp/err"
cd "$here/bad" || exit 1

"$exe" validate /nonexistent/x.json 2>"$tmp/err"
check "missing file exits 1" [ $? -eq 1 ]
check "missing file message" grep -q '^/nonexistent/x.json: cannot open: ' "$tmp/err"

"$exe" validate --help >"$tmp/out"
check "validate --help exits 0" [ $? -eq 0 ]
check "validate --help shows usage" grep -q '^usage: sandtable validate FILE' "$tmp/out"
"$exe" validate 2>/dev/null
check "validate without files exits 2" [ $? -eq 2 ]

"$exe" info "$here/good/skirmish.json" >"$tmp/out"
check "info exits 0" [ $? -eq 0 ]
for line in 'Test skirmish at the ford' 'rule set: lcr' 'table: 120 x 90 cm' \
    'side Spanish (#c8a040): 9 figures' '    by role: soldier 7 nco 1 officer 1' \
    '    by quality: regular 8 veteran 1' '    by quality: regular 1 seasoned 3 elite 1' \
    '    unit 1st Section: 7 figures, line_infantry, line, led by Lt Toledo' \
    '    stream: 1 line' '    paddy: 1 area' '    Spanish: Relief; turn 3; west edge at [0, 45]' \
    '    Moro: Reserve; when first_casualty; north edge at [60, 0]' \
    '    hold (Spanish): Hold the ford' '    turns after 8 turns'; do
    grep -qxF "$line" "$tmp/out" || { echo "FAIL: info lacks '$line'"; fail=1; }
done
"$exe" info bad_quality.json 2>"$tmp/err"
check "info on a bad file exits 1" [ $? -eq 1 ]
check "info on a bad file names the error" cmp -s "$tmp/err" bad_quality.expect
"$exe" info --help | grep -q '^usage: sandtable info FILE'
check "info --help" [ $? -eq 0 ]
"$exe" info 2>/dev/null
check "info without a file exits 2" [ $? -eq 2 ]
exit $fail
