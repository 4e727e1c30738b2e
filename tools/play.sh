#!/usr/bin/env bash
# Sets up (Debian packages), builds, and starts Sandtable on the default scenario.
# Extra arguments go to `sandtable` (for example a scenario file).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
[ -f build/build.ninja ] || meson setup build --buildtype=debugoptimized
ninja -C build
exec ./build/src/sandtable "$@"
