#!/usr/bin/env bash
# Sets up (Debian packages), builds, and starts Sandtable: the start screen, with the default
# scenario selected (Enter starts it). Extra arguments go to `sandtable play` (for example a
# scenario file, which starts straight away, or --bot SIDE).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
[ -f build/build.ninja ] || meson setup build --buildtype=debugoptimized
ninja -C build
exec ./build/src/sandtable play "$@"
