#!/usr/bin/env bash
# The inputs a held-out tree-code batch from 4 on takes besides collect-holdout-treecode-traces.sh's dgemm (issue #22,
# validation/holdout/README.md), all before its runs: the poll cost inside the tree code's own walk of the batch's
# particle sets on its placements and on the anchor's 1 rank (traces/walk/2026-12-02-warm/<dist><N>-s<SEED>/, by
# collect-iprobe-cpu.sh with WALK=...), and the trace folders traces/suite/treecode-2026-12-02-b<BATCH>-<placement>
# linking the traces the recipe calibrates from (shared memory: the 2-rank dgemm and pair traces of 2026-12-02; testbed:
# the NP-rank sustained dgemm of this batch and the 2026-12-01 testbed pair traces), as the earlier batches' folders do.
# Usage: BATCH=4 NP=4 N=140000 SEED=5 collect-holdout-treecode-walk.sh
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)"
cd "$ROOT"
BATCH="${BATCH:?BATCH}"; NP="${NP:?NP}"; N="${N:?N}"; SEED="${SEED:?SEED}"
# DAY (default 2026-12-02): the day folders of collect-holdout-treecode-traces.sh the suite folders link, and then
# traces/walk/$DAY for the walk probes; on the default day the walk probes go to 2026-12-02-warm and the testbed pair
# traces are the 2026-12-01 suites', on any other day that day's own (PAIRS_TESTBED=1 of the traces script)
DAY="${DAY:-2026-12-02}"
WALK_OUT="traces/walk/$DAY"; [ "$DAY" = 2026-12-02 ] && WALK_OUT=traces/walk/2026-12-02-warm
PARTS_DIR="${PARTS_DIR:-/tmp/scalecast-holdout-particles}"
mkdir -p "$PARTS_DIR"
for d in clustered smooth; do
  f="$PARTS_DIR/$d$N-s$SEED.bin"
  [ -s "$f" ] || nice -n 19 ./scalecast treecode particles --n "$N" --distribution "$d" --seed "$SEED" --out "$f" >&2
  QUIET="${QUIET:-1}" RUNS=3 REPEATS=3 WALK="$f" OUT="$WALK_OUT/$d$N-s$SEED" \
    NOTE="the poll inside the tree code's walk of held-out batch $BATCH's particle set ($d, $N, seed $SEED), before its runs" \
    scripts/real-runs/collect-iprobe-cpu.sh shm-1r "shm-${NP}r" "testbed-${NP}n-1gbit" "testbed-${NP}n-100mbit"
done
S="traces/suite/treecode-$DAY-b$BATCH"
link() { mkdir -p "$1"; ln -sfn "$2" "$1/$3"; }
for f in dgemm-treecode-2r:dgemm pingpong-shm-2r-nocma:pingpong swap-shm-2r-nocma:swap release-shm-2r-nocma:release; do
  link "$S-shm-${NP}r" "../../local/$DAY/${f%%:*}.csv" "${f##*:}.csv"
done
for rate in 1gbit 100mbit; do
  link "$S-testbed-${NP}n-$rate" "../../local/$DAY/dgemm-treecode-${NP}r-sustained-b$BATCH.csv" dgemm.csv
  for k in pingpong swap release; do
    if [ "$DAY" = 2026-12-02 ]; then link "$S-testbed-${NP}n-$rate" "../2026-12-01-testbed-2n-$rate/$k.csv" "$k.csv"
    else link "$S-testbed-${NP}n-$rate" "../../testbed/$DAY/$k-2n-$rate.csv" "$k.csv"; fi
  done
done
# the anchor's own folder of the day (its 1-rank dgemm), for treecode cost --traces
[ "$DAY" = 2026-12-02 ] || link "traces/suite/treecode-$DAY-shm-1r" "../../local/$DAY/dgemm-treecode-2r.csv" dgemm.csv
for dir in "$S"-*; do for f in "$dir"/*.csv; do [ -s "$f" ] || { echo "$f: dangling link" >&2; exit 2; }; done; done
echo "folders: $(ls -d "$S"-* | tr '\n' ' ')"
