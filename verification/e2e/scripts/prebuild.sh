#!/bin/sh
# Starts cmd/prebuild (the suites' builds, ahead of time) at idle CPU and I/O priority, its output
# in <dir>/prebuild.log: the root pom runs it in the background at the build's first step.
# Usage: prebuild.sh <dir> [cmd/prebuild's flags]
set -eu
dir=${1:?usage: prebuild.sh <output directory> [flags]}
shift
mkdir -p "$dir"
exec >"$dir/prebuild.log" 2>&1
cd "$(dirname "$0")/.."
command -v go >/dev/null || { echo "prebuild: no go on the PATH: nothing built ahead of time"; exit 0; }
# SCHED_IDLE: only CPU time nothing else wants; the idle I/O class likewise. Both are open to any
# user; where chrt or ionice is missing, nice alone.
idle="nice -n 19"
if ionice -c 3 true 2>/dev/null; then idle="ionice -c 3 $idle"; fi
if chrt --idle 0 true 2>/dev/null; then idle="chrt --idle 0 $idle"; fi
echo "prebuild: at $idle"
$idle go build -o "$dir/prebuild" ./cmd/prebuild
# The binary takes this shell's place: Maven, this shell's parent, is its parent.
exec $idle "$dir/prebuild" -parent "$PPID" "$@"
