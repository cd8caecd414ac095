#!/usr/bin/env bash
# The testbed's intra-node path (issue #25, #22): a ping-pong between two ranks of ONE testbed node, as the trace
# validation cases' 2-node runs place ranks 0-1 and 2-3 (4 ranks, --slots 2: both on the node's one pinned core,
# Open MPI's TCP over the namespace's loopback, the same mpirun options as every testbed run). The same probe
# options as measure suite's ping-pong; `--intra-node` checks both ranks are on node 0 and marks the trace
# (# path: intra-node), so calibrate --traces takes it as the platform's loopback (or give it as --intra-pingpong).
# One trace per link rate (the loopback does not cross the shaped veth link; two rates show whether it matters).
# Under the measurement lock, QUIET=1 by default (every other process held to 5 % of a CPU while it runs).
# Usage: scripts/real-runs/collect-intra.sh   (RATES="1gbit 100mbit", OUT=traces/testbed)
set -euo pipefail
QUIET="${QUIET:-1}"
source "$(dirname "$(readlink -f "$0")")/common.sh"
TB="${TB:-intra}"
RATES="${RATES:-1gbit 100mbit}"
OUT="${OUT:-$ROOT/traces/testbed}"
quiet_setup
for rate in $RATES; do
  cleanup
  "$SC" testbed up --name "$TB" --nodes 2 --rate "$rate" --slots 2 >&2
  log "intra $rate: waiting for the measurement lock"
  exec 9>"$LOCK"; flock 9; quiet_on
  "$SC" measure pingpong --intra-node --np 2 --testbed "$TB" --wrapper 'nice -n -19' --runs 3 --max-bytes 4MiB \
    --out "$OUT/pingpong-intra-2n-$rate.csv" >&2
  quiet_off; flock -u 9; exec 9>&-
  f="$OUT/pingpong-intra-2n-$rate.csv"
  sed -i "/^# loadavg:/a # testbed: $(testbed_line); tbf on both ends of each node's veth; --slots 2: ranks 0 and 1 both on node 0 (its one pinned core), talking over Open MPI's TCP on the node's loopback (scalecast testbed up --name $TB --nodes 2 --rate $rate --slots 2)" "$f"
  sed -i "/^# loadavg:/a # priority: under flock $LOCK, the measure command and everything it launched ran under nice -n -19$([ "$QUIET" = 1 ] && echo "; $(quiet_line)")" "$f"
  cleanup
done
