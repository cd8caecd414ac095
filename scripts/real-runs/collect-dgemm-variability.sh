#!/usr/bin/env bash
# The node rate's spread between launches (issue #24, docs/intervals.md): one repeated dgemm measurement on this
# host (2 ranks, both loaded and rank 0 alone), at the orders and inner dimensions the HPL and tree-code cases
# execute, in one locked stretch with the quiet cap (QUIET=1, default here) and nice -n -19, as the development
# runs ran (nice -n -19 on a host otherwise idle: load about 2). Several stretches at different times give
# several traces; calibrate --variability takes them all (their launches pooled).
# Usage: scripts/real-runs/collect-dgemm-variability.sh OUT.csv   (RUNS=6 launches by default)
set -euo pipefail
QUIET="${QUIET:-1}"
source "$(dirname "$(readlink -f "$0")")/common.sh"   # ROOT, SC, LOCK, log, quiet_*
[ $# = 1 ] || { echo "usage: collect-dgemm-variability.sh OUT.csv" >&2; exit 2; }
out="$1"; RUNS="${RUNS:-6}"
NICE=(nice -n -19)
quiet_setup
trap quiet_off EXIT   # no testbed to take down
log "dgemm variability: waiting for the measurement lock (load $(cut -d' ' -f1-3 /proc/loadavg))"
exec 9>"$LOCK"; flock 9
quiet_on
"${NICE[@]}" "$SC" measure dgemm --np 2 --runs "$RUNS" --sizes 192,512,1024,2048 --k 1,8,80,160 --budget 0.1 --out "$out" >&2
quiet_off
flock -u 9
sed -i "/^# loadavg:/a # priority: under flock $LOCK in one stretch, $(quiet_line), the measure command and everything it launched under ${NICE[*]}" "$out"
log "dgemm variability: $(grep -o 'node rate per run.*' "$out" || true)"
