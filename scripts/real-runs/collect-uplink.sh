#!/usr/bin/env bash
# b_eff and an all-to-all across two groups of testbed nodes joined by one shaped uplink (issue #26:
# `testbed up --groups`), and the calibration traces of the same testbed, taken in a separate stretch:
#   calib: ping-pong on all pairs at once (pairs 0-1 and 2-3: each within its group, so the node link alone),
#          swap and send-release between nodes 0 and 1 (same group);
#   runs:  b_eff across the 4 nodes, RUNS launches; MPI_Alltoall across the 4 nodes, RUNS launches of REPS repetitions;
#   a2a:   the all-to-all of runs alone (a repeat of it into another OUT_DIR);
#   flat:  the same all-to-all on 4 nodes on one bridge (no groups, same rate and cap), for comparison ($OUT/flat/).
# Every measurement under flock /tmp/scalecast-measure.lock and nice -n -19; QUIET=1 holds every other process to
# 5 % of a CPU during each stretch (common.sh). Traces go to $OUT_DIR (default traces/testbed/uplink); a trace
# already there is skipped.
# Usage: QUIET=1 scripts/real-runs/collect-uplink.sh [calib] [runs] [a2a] [flat]
set -euo pipefail
source "$(dirname "$(readlink -f "$0")")/common.sh"   # ROOT, SC, LOCK, log, testbed_line, cleanup, quiet_*
RATE="${RATE:-100mbit}"; NODES=4; GROUPS_N=2
RUNS="${RUNS:-5}"; REPS="${REPS:-3}"
TB_UP_ARGS="${TB_UP_ARGS:---line-rate-cap}"
OUT="$ROOT/${OUT_DIR:-traces/testbed/uplink}"
TB="${TB:-ul}"
NICE=(nice -n -19)
parts=("$@"); [ ${#parts[@]} -gt 0 ] || parts=(calib runs)
for p in "${parts[@]}"; do case "$p" in calib|runs|a2a|flat) ;; *) echo "collect-uplink.sh: unknown part $p (expected calib runs a2a flat)" >&2; exit 2;; esac; done
want() { local p; for p in "${parts[@]}"; do [ "$p" = "$1" ] && return 0; done; return 1; }
mkdir -p "$OUT"
UP="testbed up --name $TB --nodes $NODES --groups $GROUPS_N --rate $RATE $TB_UP_ARGS"
mark() {  # the testbed, the priority and the quiet cap in the trace's provenance
  sed -i "/^# loadavg:/a # testbed: $(testbed_line); tbf on both ends of each node's veth (and of each group's uplink), ranks placed one per node (scalecast $UP)" "$1"
  sed -i "/^# loadavg:/a # priority: under flock $LOCK, the measure command and everything it launched ran under ${NICE[*]}${QUIET:+; $(quiet_line)}" "$1"
}
lock() { log "$1: waiting for the measurement lock (load $(cut -d' ' -f1-3 /proc/loadavg))"; exec 9>"$LOCK"; flock 9; quiet_on; }
unlock() { quiet_off; flock -u 9; exec 9>&-; }
quiet_setup
cleanup; "$SC" $UP >&2
a2a() {  # $1 = trace; the all-to-all of the runs
  [ -s "$1" ] || { "${NICE[@]}" "$SC" measure alltoall --testbed "$TB" --np 4 --runs "$RUNS" --reps "$REPS" --sizes 1KiB,64KiB,1MiB \
      --timeout 600 --out "$1" --summary-out "${1%.csv}-summary.csv" >&2; mark "$1"; mark "${1%.csv}-summary.csv"; }
}

if want calib; then
  lock calib
  f="$OUT/pingpong-4n-$RATE-pairs.csv"
  [ -s "$f" ] || { "${NICE[@]}" "$SC" measure pingpong --testbed "$TB" --np 4 --all-pairs --runs 1 --max-bytes 4MiB --out "$f" >&2; mark "$f"; }
  f="$OUT/swap-2n-$RATE.csv"
  [ -s "$f" ] || { "${NICE[@]}" "$SC" measure swap --testbed "$TB" --np 2 --volume 1048576 --max-messages 64 --repeats 3 \
      --out "$f" --summary-out "${f%.csv}-summary.csv" >&2; mark "$f"; mark "${f%.csv}-summary.csv"; }
  f="$OUT/release-2n-$RATE.csv"
  [ -s "$f" ] || { "${NICE[@]}" "$SC" measure release --testbed "$TB" --np 2 --max-bytes 8MiB --repeats 5 --out "$f" >&2; mark "$f"; }
  unlock
fi

if want runs; then
  lock runs
  f="$OUT/beff-4n-$RATE.csv"
  [ -s "$f" ] || { "${NICE[@]}" "$SC" measure beff --testbed "$TB" --np 4 --runs "$RUNS" --lmax 1MiB --random 10 --time-per-loop 0.2 \
      --timeout 1200 --out "$f" --summary-out "${f%.csv}-summary.csv" >&2; mark "$f"; mark "${f%.csv}-summary.csv"; }
  a2a "$OUT/alltoall-4n-$RATE.csv"
  unlock
fi

if want a2a; then
  lock a2a
  a2a "$OUT/alltoall-4n-$RATE.csv"
  unlock
fi

if want flat; then
  UP="testbed up --name $TB --nodes $NODES --rate $RATE $TB_UP_ARGS"
  cleanup; "$SC" $UP >&2
  mkdir -p "$OUT/flat"
  lock flat
  a2a "$OUT/flat/alltoall-4n-$RATE.csv"
  unlock
fi
cleanup
log "done"
