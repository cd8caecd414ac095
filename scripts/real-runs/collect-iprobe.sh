#!/usr/bin/env bash
# The cost of an empty MPI_Iprobe in a compute loop (measure iprobe, sc_iprobe) on every placement the
# tree code runs on (scripts/real-runs/collect-treecode.sh), with the same MCA settings:
#   shared memory, 1 rank (the tree code's cost anchor) and 2 ranks: --mca btl_vader_single_copy_mechanism none --mca mpi_yield_when_idle 0
#   shared memory, 4 ranks: --mca btl_vader_single_copy_mechanism none --mca mpi_yield_when_idle 1, 2 ranks pinned per core
#   testbed, 2 and 4 nodes at 100mbit and 1gbit, 1 rank per node: the testbed's own settings (mpi_yield_when_idle 1)
# Every piece of the probe's work also walks WS_KB KiB (default: one core's L2 from sysfs, common.sh l2_kib; the L2 of
# this AMD EPYC: 1024 KiB), as the
# tree code's walk keeps its cache full: a poll that enters the kernel evicts part of it (diagnostics e6/e7 in
# traces/raw/treecode/diagnostics/README.md). WS_KB=0: arithmetic only (the traces before 2026-12-01).
# Under flock /tmp/scalecast-measure.lock and nice -n -19 like the other collections; RUNS launches each.
# Output: traces/local/iprobe-shm-{1,2,4}r.csv, traces/testbed/iprobe-{2,4}n-{100mbit,1gbit}.csv (summary traces,
# input of calibrate --iprobe). Existing files are kept (delete one to re-measure it).
# Usage: scripts/real-runs/collect-iprobe.sh [shm] [testbed]   (default: both); NODES="2" or "4": testbed node counts (default both)
set -euo pipefail
source "$(dirname "$(readlink -f "$0")")/common.sh"   # ROOT, SC, LOCK, log, testbed_line, cleanup (trap EXIT), SHM_MCA, SHM4_MCA
RUNS="${RUNS:-3}"
REPEATS="${REPEATS:-3}"
RATES="${RATES:-100mbit 1gbit}"
TB="${TB:-ip}"
WS_KB="${WS_KB:-$(l2_kib)}"
WS_KB="${WS_KB:-0}"
NICE=(nice -n -19)
parts=("$@"); [ ${#parts[@]} -gt 0 ] || parts=(shm testbed)
want() { local p; for p in "${parts[@]}"; do [ "$p" = "$1" ] && return 0; done; return 1; }

exec 9>"$LOCK"
log "waiting for the measurement lock"; flock 9; log "lock taken"
if want shm; then
  for np in 1 2 4; do
    out="$ROOT/traces/local/iprobe-shm-${np}r.csv"
    [ -s "$out" ] && { log "$out: already there"; continue; }
    mca="$SHM_MCA"; [ "$np" = 4 ] && mca="$SHM4_MCA"
    "${NICE[@]}" "$SC" measure iprobe --np "$np" --mpirun-args "$mca" --runs "$RUNS" --repeats "$REPEATS" --working-set-kb "$WS_KB" --out "$out" >&2
    mark_priority "$out"
  done
fi
if want testbed; then
  for rate in $RATES; do
    for nodes in ${NODES:-2 4}; do
      out="$ROOT/traces/testbed/iprobe-${nodes}n-$rate.csv"
      [ -s "$out" ] && { log "$out: already there"; continue; }
      cleanup; "$SC" testbed up --name "$TB" --nodes "$nodes" --rate "$rate" >&2
      "${NICE[@]}" "$SC" measure iprobe --testbed "$TB" --np "$nodes" --runs "$RUNS" --repeats "$REPEATS" --working-set-kb "$WS_KB" --out "$out" >&2
      mark_priority "$out"
      sed -i "/^# loadavg:/a # testbed: $(testbed_line); tbf on both ends of each node's veth, 1 rank per node; the nodes share this host's 2 cores" "$out"
      cleanup
    done
  done
fi
log "done"
