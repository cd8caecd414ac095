#!/usr/bin/env bash
# Development tree-code cases from collect-treecode-dev-3r.sh's runs (2026-12-02): validation/treecode-dev-3r-PLACEMENT-DIST,
# 200000 particles (seed 1, the development sets), 3 ranks, by the one tree-code recipe (scripts/real-runs/treecode-recipe.sh)
# unchanged: cost anchored on this machine's 1-rank runs of the same sets (traces/raw/treecode/2026-12-02-shm-1r) and
# their traces (traces/suite/treecode-2026-12-02-shm-1r); platforms from traces/suite/treecode-2026-12-02-PLACEMENT.
# measured.csv from the raw runs (scalecast treecode measured). Then: scalecast validate $(ls -d validation/treecode-dev-3r-*)
# NP=5: the 5-rank development batch (collect-treecode-dev-3r.sh NP=5), validation/treecode-dev-5r-PLACEMENT-DIST, platforms
# from traces/suite/treecode-2026-12-02-dev5-PLACEMENT (traces taken after those runs with measure suite's iprobe recipe:
# NP=5 TAG=-b IPROBE_RUNS="--runs 3 --max-runs 6" collect-holdout-treecode-traces.sh).
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)"
cd "$ROOT"
. "$ROOT/scripts/real-runs/treecode-recipe.sh"
N=200000; export SEED=1
# the recipe's poll cost timed in the tree code's walk (treecode-recipe.sh WALK_DIR; traces/walk/README.md)
export WALK_DIR="${WALK_DIR:-traces/walk/2026-12-02-warm}"
NP="${NP:-3}"
RAW="traces/raw/treecode/2026-12-02-dev-${NP}r"
SUITE="traces/suite/treecode-2026-12-02"; PSUITE="$SUITE"; [ "$NP" = 3 ] || PSUITE="$SUITE-dev$NP"
VARIABILITY="${VARIABILITY-traces/variability/dgemm-2r-2026-12-02T0447.csv,traces/variability/dgemm-2r-2026-12-02T0451.csv}"
for d in clustered smooth; do
  mapfile -t placements < <(treecode_placements "$NP")
  for p in "${placements[@]}"; do
    read -r place nodes cores rpn what <<< "$p"
    dir="validation/treecode-dev-${NP}r-$place-$d"
    measured="$(run_tables "$RAW/$place" "$d")"
    [ -n "$measured" ] || { echo "$dir: no runs in $RAW/$place: skipped"; continue; }
    mkdir -p "$dir"
    [ -s "$dir/measured.csv" ] || ./scalecast treecode measured --runs "$measured" --out "$dir/measured.csv" \
      --note "sc_treecode $d, $N particles (seed 1), 2 steps, step 2 (ORB by step 1's work); medians over the runs; development runs of 2026-12-02 (not held out), collected by scripts/real-runs/collect-treecode-dev-3r.sh"
    treecode_case_json "$dir" "Tree code (sc_treecode), $N $d particles (seed 1), $what; development runs of 2026-12-02; cost anchored on this machine's 1-rank runs" \
      "$d" "$N" "$NP" "$rpn" "$nodes" "$cores" "$(run_tables traces/raw/treecode/2026-12-02-shm-1r "$d")" "$SUITE-shm-1r" "$PSUITE-$place" \
      "development runs measured here with sc_treecode by scripts/real-runs/collect-treecode-dev-3r.sh (raw runs: $RAW/$place/$d-r*.csv, step 2, loadavg in each table); platform from the traces of $PSUITE-$place only, taken apart from the runs (the recipe of scripts/real-runs/treecode-recipe.sh)"
    echo "$dir: case.json written"
  done
done
