#!/usr/bin/env bash
# Replays the golden games (tests/game/golden/, written by the gcc build) from a second compiler
# and flag set, so a build that rounds floats differently (fused multiply-adds, another
# optimiser) is caught: clang -O3 (release) -march=x86-64-v3 where clang and an FMA/AVX2 CPU
# are present, else gcc -O0. Builds only the replay test in build-cross/ (ccache keeps reruns
# cheap: about 4 minutes the first time on a loaded 2-core machine, seconds after).
#   tools/cross_replay.sh [EXTRA_C_ARGS]   e.g. "-ffp-contract=fast" to see the goldens diverge
set -euo pipefail
cd "$(dirname "$0")/.."

dir=build-cross
extra=${1:-}
if command -v clang >/dev/null && grep -qw fma /proc/cpuinfo && grep -qw avx2 /proc/cpuinfo; then
  cc=clang
  args="-march=x86-64-v3 $extra"
  buildtype=release
else
  cc=gcc
  args="-O0 $extra"
  buildtype=plain
fi
stamp="$cc $buildtype $args"
if [ ! -f "$dir/build.ninja" ] || [ "$(cat "$dir/.flags" 2>/dev/null)" != "$stamp" ]; then
  rm -rf "$dir"
  CC=$cc meson setup "$dir" --buildtype="$buildtype" -Dc_args="$args" -Db_ndebug=false \
    >"${TMPDIR:-/tmp}/sandtable-cross-setup.log" 2>&1 ||
    { cat "${TMPDIR:-/tmp}/sandtable-cross-setup.log"; exit 1; }
  echo "$stamp" >"$dir/.flags"
fi
echo "cross replay: $stamp"
ninja -C "$dir" tests/game/test_replay >/dev/null
SANDTABLE_SOURCE_DIR="$PWD" "$dir/tests/game/test_replay"
