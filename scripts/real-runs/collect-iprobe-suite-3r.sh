#!/usr/bin/env bash
# Re-measures the iprobe trace of the 2026-12-02 tree-code trace folders (traces/suite/treecode-2026-12-02-*) with
# the sc_iprobe that also records each rank's CPU time per poll (iprobe_cpu_cost_s; issue #22, docs/notebook/treecode.md
# 2026-12-02 10:26-10:40 UTC), on the same placements and settings as the folders' first traces: the 1-rank anchor
# (SHM_MCA), 3 ranks on shared memory (SHM4_MCA: ranks 0 and 2 on core 0), 3 testbed nodes at 1gbit and 100mbit; 100000
# polls of 2 us of work, the L2-sized chain (l2_kib). RUNS launches x REPEATS repeats each (default 3 x 5). Under flock
# /tmp/scalecast-measure.lock, nice -n -19; QUIET=1 recommended (each folder is its own measured stretch).
# Overwrites the file DIR/iprobe.csv of each folder given links to (default: all four); the earlier traces are in git history.
# Usage: collect-iprobe-suite-3r.sh [shm-1r] [shm-3r] [testbed-3n-1gbit] [testbed-3n-100mbit]
set -euo pipefail
source "$(dirname "$(readlink -f "$0")")/common.sh"   # ROOT, SC, LOCK, log, testbed_line, cleanup, quiet_*, SHM_MCA, SHM4_MCA, l2_kib
RUNS="${RUNS:-3}"
REPEATS="${REPEATS:-5}"
TB="${TB:-ips}"
WS_KB="${WS_KB:-$(l2_kib)}"
NICE=(nice -n -19)
folders=("$@"); [ ${#folders[@]} -gt 0 ] || folders=(shm-1r shm-3r testbed-3n-1gbit testbed-3n-100mbit)
quiet_setup

measure() {   # $1 = folder suffix, then measure iprobe's placement options
  # the folder's iprobe.csv is a link into traces/local or traces/testbed: the trace is written where it points
  local f="$1" out; out="$(readlink -f "$ROOT/traces/suite/treecode-2026-12-02-$1/iprobe.csv")"; shift
  quiet_on
  "${NICE[@]}" "$SC" measure iprobe "$@" --runs "$RUNS" --repeats "$REPEATS" --working-set-kb "$WS_KB" --out "$out.tmp" >&2 || {
    quiet_off; rm -f "$out.tmp"; log "$f: FAILED"; return 0; }
  quiet_off
  mark_priority "$out.tmp"
  local q; q="$(quiet_line)"; [ -n "$q" ] && sed -i "/^# loadavg:/a # $q" "$out.tmp"
  sed -i "/^# loadavg:/a # collected by: scripts/real-runs/collect-iprobe-suite-3r.sh (re-measured with the CPU-time column; other engineers were building, machine loaded)" "$out.tmp"
  case "$f" in testbed-*) sed -i "/^# loadavg:/a # testbed: $(testbed_line); 1 rank per node; the nodes share this host's 2 cores" "$out.tmp";; esac
  mv "$out.tmp" "$out"
  log "$f: $(grep -E '^# per_rank:' "$out")"
}

exec 9>"$LOCK"
log "waiting for the measurement lock"; flock 9; log "lock taken"
for f in "${folders[@]}"; do
  case "$f" in
    shm-1r) measure "$f" --np 1 --mpirun-args "$SHM_MCA";;
    shm-3r) measure "$f" --np 3 --mpirun-args "$SHM4_MCA";;
    testbed-3n-*)
      rate="${f##*-}"
      cleanup; "$SC" testbed up --name "$TB" --nodes 3 --rate "$rate" >&2
      measure "$f" --testbed "$TB" --np 3
      cleanup;;
    *) log "unknown folder $f"; exit 2;;
  esac
done
log "done"
