#!/usr/bin/env bash
# The tree-code cost anchor of this machine: 1-rank runs of sc_treecode on shared memory (200000 particles, seed 1,
# both distributions, 2 steps; the development cases' 1-rank runs in traces/raw/treecode/shm-1r were taken on the
# development machine), REPEATS runs each (default 5), each repeat in one locked stretch, the runs at nice -19 with
# every other process capped (QUIET=1, common.sh). A calibration input (treecode cost --run), not a validation
# result: it is taken apart from every multi-rank run it helps predict.
# Raw outputs: traces/raw/treecode/$LABEL/<distribution>-r<REP>.csv (+ .log); LABEL default 2026-12-02-shm-1r.
set -euo pipefail
QUIET="${QUIET:-1}"; TB=none   # no testbed here (common.sh's cleanup names one)
source "$(dirname "$(readlink -f "$0")")/common.sh"
quiet_setup
REPEATS="${REPEATS:-5}"; N=200000; LABEL="${LABEL:-2026-12-02-shm-1r}"
PARTS_DIR="${PARTS_DIR:-/tmp/scalecast-treecode-particles}"
RAW="$ROOT/traces/raw/treecode/$LABEL"; mkdir -p "$RAW" "$PARTS_DIR"
for d in clustered smooth; do
  f="$PARTS_DIR/$d$N.bin"
  [ -s "$f" ] || nice -n 19 "$SC" treecode particles --n "$N" --distribution "$d" --seed 1 --out "$f" >&2
done
for rep in $(seq 1 "$REPEATS"); do
  exec 9>"$LOCK"; flock 9
  for d in clustered smooth; do
    [ -s "$RAW/$d-r$rep.csv" ] && continue
    treecode_quiet_run "$RAW/$d-r$rep.csv" "# priority: the run ran under nice -n -19\n# $(quiet_line)\n# collected by: scripts/real-runs/collect-treecode-anchor.sh (repeat $rep of $REPEATS)" \
      --particles "$PARTS_DIR/$d$N.bin" --timeout 600 --np 1 --mpirun-args "$SHM_MCA"
  done
  flock -u 9; exec 9>&-
done
