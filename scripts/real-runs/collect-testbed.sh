#!/usr/bin/env bash
# Every testbed trace and real run the validation cases use, in one campaign, for the node counts in
# $NODES (default "2 4"), each measurement under flock /tmp/scalecast-measure.lock at nice -n -19 by the
# script that takes it:
#   2 nodes: ping-pong, swap, dgemm (collect-probes.sh), send release (collect-release.sh), empty iprobe
#            (collect-iprobe.sh), b_eff (collect-probes.sh), HPCC at N 1000 and 2000 (collect.sh), tree code
#   4 nodes: all-pairs ping-pong, dgemm, empty iprobe, b_eff, tree code
# Existing outputs are kept (every script resumes): move a trace or raw run folder away to re-take it.
# Nothing else should run on the host meanwhile (docs/testbed.md, "Measuring"): ~40 min for 2 nodes.
# Usage: scripts/real-runs/collect-testbed.sh   |   NODES=2 scripts/real-runs/collect-testbed.sh
set -euo pipefail
D="$(dirname "$(readlink -f "$0")")"
for n in ${NODES:-2 4}; do
  RUNS=3 NODES="$n" "$D/collect-probes.sh" pingpong swap dgemm
  if [ "$n" = 2 ]; then SHM=0 "$D/collect-release.sh"; fi
  NODES="$n" "$D/collect-iprobe.sh" testbed
  RUNS=3 NODES="$n" "$D/collect-probes.sh" beff
  if [ "$n" = 2 ]; then "$D/collect.sh" hpcc-testbed; fi
  NODES="$n" "$D/collect-treecode.sh" testbed
done
