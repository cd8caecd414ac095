#!/usr/bin/env bash
# Replay speed (issue #25): `scalecast bench replay` (predict trace's engine against SMPI's smpireplaymain on the same
# synthetic ring trace, repeat by repeat in turn) under the measurement lock, QUIET=1 by default (every other process
# held to 5 % of a CPU while it runs). Prints the command's table with the window and load averages before and after.
# Usage: scripts/real-runs/bench-replay.sh   (RANKS=16,256 STEPS=1000 REPEATS=5)
set -euo pipefail
QUIET="${QUIET:-1}"
source "$(dirname "$(readlink -f "$0")")/common.sh"
cleanup() { :; }   # no testbed here
RANKS="${RANKS:-16,256}"; STEPS="${STEPS:-1000}"; REPEATS="${REPEATS:-5}"
"$SC" bench --help >/dev/null   # build first (setup.sh), outside the measured stretch
quiet_setup
log "bench replay: waiting for the measurement lock"
exec 9>"$LOCK"; flock 9
before="$(cut -d' ' -f1-3 /proc/loadavg)"; start="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
quiet_on
out="$("$SC" bench replay --ranks "$RANKS" --messages "$STEPS" --repeats "$REPEATS")"
quiet_off; flock -u 9; exec 9>&-
echo "# start: $start; end: $(date -u +%Y-%m-%dT%H:%M:%SZ); loadavg before: $before"
echo "# command: scalecast bench replay --ranks $RANKS --messages $STEPS --repeats $REPEATS; host: $(uname -n), $(nproc) cores"
[ "$QUIET" = 1 ] && echo "# $(quiet_line)"
echo "$out"
