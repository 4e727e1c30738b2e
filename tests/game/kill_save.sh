#!/bin/sh
# SIGKILLs a saving process at random moments ROUNDS times (default 200) and checks each time
# that the save, or its .bak, loads with every hash matching and is the old or the new game; then
# TWO_ROUNDS times (default 100) two processes saving the same file, both killed: the save itself
# and its .bak each load and are a game one of them wrote.
# The forking, killing and checking happen inside the saver helper (fast); see saver.c.
# usage: kill_save.sh SAVER [ROUNDS [TWO_ROUNDS]]
set -eu
# On tmpfs when there is one: fsync there is free, so the 200 rounds take seconds, and what a
# SIGKILL can break (the order of link, rename and write) is the same on any file system.
base=/tmp
[ -d /dev/shm ] && [ -w /dev/shm ] && base=/dev/shm
dir=$(mktemp -d "$base/sandtable-kill-XXXXXX")
trap 'rm -rf "$dir"' EXIT
"$1" kill "${2:-200}" "$dir"
"$1" kill2 "${3:-100}" "$dir"
