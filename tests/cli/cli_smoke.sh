#!/bin/sh
# The executable answers --help and --version, and refuses an unknown option with exit 2.
exe="$1"
fail=0
"$exe" --version | grep -q '^sandtable [0-9]' || { echo "FAIL --version"; fail=1; }
"$exe" --help | grep -q 'validate' || { echo "FAIL --help lists validate"; fail=1; }
"$exe" --bogus >/dev/null 2>&1; rc=$?
[ "$rc" -eq 2 ] || { echo "FAIL --bogus exit $rc, want 2"; fail=1; }
exit $fail
