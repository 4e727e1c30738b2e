#!/bin/sh
# The executable answers --help and --version, and refuses an unknown option with exit 2.
exe="$1"
fail=0
"$exe" --version | grep -q '^sandtable [0-9]' || { echo "FAIL --version"; fail=1; }
"$exe" --help | grep -q 'validate' || { echo "FAIL --help lists validate"; fail=1; }
"$exe" --bogus >/dev/null 2>&1; rc=$?
[ "$rc" -eq 2 ] || { echo "FAIL --bogus exit $rc, want 2"; fail=1; }

# Names and titles from a file reach the terminal escaped (issue 21): ESC, BEL and the C1 CSI of
# a scenario's title and unit name print as \xNN, so `info` and `simulate` cannot drive the
# terminal, and the error of a bad file quoting such a name neither.
src=${SANDTABLE_SOURCE_DIR:-.}
tmp=$(mktemp -d "${TMPDIR:-/tmp}"/sandtable-esc-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
python3 - "$src/scenarios/lcr_toledo.json" "$tmp" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["title"] = "Toledo \u001b[2J\u001b]0;owned\u0007 end \u009b31m"
d["units"][0]["name"] = "Unit \u001b[31mred"
open(sys.argv[2] + "/esc.json", "w").write(json.dumps(d, indent=1))
d["units"][1]["name"] = d["units"][0]["name"]
open(sys.argv[2] + "/dup.json", "w").write(json.dumps(d, indent=1))
PY
"$exe" info "$tmp/esc.json" >"$tmp/info" 2>&1 || { echo "FAIL info on the escaped file"; fail=1; }
"$exe" simulate "$tmp/esc.json" -n 1 >"$tmp/sim" 2>&1 || { echo "FAIL simulate on the escaped file"; fail=1; }
"$exe" validate "$tmp/dup.json" >"$tmp/val" 2>&1
for f in info sim val; do
  if LC_ALL=C grep -q "$(printf '[\033\007]')" "$tmp/$f" || LC_ALL=C grep -q "$(printf '\302\233')" "$tmp/$f"; then
    echo "FAIL $f printed a control character"; fail=1
  fi
done
grep -qF 'Toledo \x1b[2J\x1b]0;owned\x07 end \xc2\x9b31m' "$tmp/info" || { echo "FAIL info shows the title escaped"; fail=1; }
grep -qF 'Toledo \x1b[2J' "$tmp/sim" || { echo "FAIL simulate shows the title escaped"; fail=1; }
grep -qF 'duplicate unit "Unit \x1b[31mred"' "$tmp/val" || { echo "FAIL validate quotes the name escaped"; fail=1; }
exit $fail
