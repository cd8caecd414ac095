#!/usr/bin/env bash
# When MPI_Send returns against when the data is in (measure release, sc_release), per size 64 KiB-8 MiB, on the
# placements the HPL and tree-code runs use: shared memory 2 ranks (--mca btl_vader_single_copy_mechanism none) and
# 2 testbed nodes at 100mbit and 1gbit (the testbed's own settings). Under flock /tmp/scalecast-measure.lock and
# nice -n -19; RUNS launches each. Output: traces/local/release-shm-2r.csv, traces/testbed/release-2n-{100mbit,1gbit}.csv
# (summary traces, input of calibrate --send-release). Existing files are kept (delete one to re-measure it).
# UP_ARGS="--line-rate-cap" OUT_DIR=traces/testbed/capped SHM=0: the same on the capped testbed.
# Also, on the testbed, release-delayed-2n-RATE.csv: the receiver computes DELAY_S (default 0.05) seconds before its
# MPI_Recv instead of posting first (--recv-delay-s): whether a sender waits for the receiver's match (DELAYED=0: skip).
set -euo pipefail
source "$(dirname "$(readlink -f "$0")")/common.sh"   # ROOT, SC, LOCK, log, testbed_line, cleanup (trap EXIT)
RUNS="${RUNS:-3}"
RATES="${RATES:-100mbit 1gbit}"
TB="${TB:-rl}"
UP_ARGS="${UP_ARGS:-}"
OUT_DIR="${OUT_DIR:-traces/testbed}"
SHM="${SHM:-1}"
DELAYED="${DELAYED:-1}"
DELAY_S="${DELAY_S:-0.05}"
NICE=(nice -n -19)

exec 9>"$LOCK"
log "waiting for the measurement lock"; flock 9; log "lock taken"
out="$ROOT/traces/local/release-shm-2r.csv"
if [ "$SHM" = 1 ] && [ ! -s "$out" ]; then
  "${NICE[@]}" "$SC" measure release --np 2 --mpirun-args "--mca btl_vader_single_copy_mechanism none" --runs "$RUNS" --out "$out" >&2
  mark_priority "$out"
fi
for rate in $RATES; do
  for kind in release release-delayed; do
    out="$ROOT/$OUT_DIR/$kind-2n-$rate.csv"
    extra=()
    if [ "$kind" = release-delayed ]; then
      [ "$DELAYED" = 1 ] || continue
      extra=(--recv-delay-s "$DELAY_S")
    fi
    [ -s "$out" ] && { log "$out: already there"; continue; }
    cleanup; "$SC" testbed up --name "$TB" --nodes 2 --rate "$rate" $UP_ARGS >&2
    "${NICE[@]}" "$SC" measure release --testbed "$TB" --np 2 --runs "$RUNS" "${extra[@]}" --out "$out" >&2
    mark_priority "$out"
    sed -i "/^# loadavg:/a # testbed: $(testbed_line); tbf on both ends of each node's veth, 1 rank per node" "$out"
    cleanup
  done
done
log "done"
