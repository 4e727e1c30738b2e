#!/usr/bin/env bash
# Installs the Debian packages Sandtable needs to build, run and test.
# Idempotent: installs only what is missing; runs `apt-get update` once, only when something is missing.
set -euo pipefail

PACKAGES=(
  build-essential pkg-config meson ninja-build clang libclang-rt-14-dev
  libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libstb-dev libcglm-dev libjansson-dev
  libcmocka-dev libgeos-dev libenet-dev fonts-dejavu-core
  xvfb xdotool x11-utils imagemagick python3 python3-jsonschema
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "setup: all ${#PACKAGES[@]} packages present"
  exit 0
fi

echo "setup: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
