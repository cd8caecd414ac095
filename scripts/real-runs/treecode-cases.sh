#!/usr/bin/env bash
# After scripts/real-runs/collect-treecode.sh: writes the tree-code real-run validation cases
# (validation/treecode-shm-{,4r-}{clustered,smooth}, validation/treecode-testbed-{2,4}n-{100mbit,1gbit}-{clustered,smooth}),
# every one with the same recipe (scripts/real-runs/treecode-recipe.sh, docs/treecode.md "Predicting a run"):
#   treecode cost --run <1-rank shared-memory runs> --traces traces/suite/treecode-2026-11-30-shm-1r
#   calibrate --traces traces/suite/treecode-2026-11-30-<placement> --nodes N --cores-per-node C
#   predict treecode … --procs P --ranks-per-node R
# The trace folders link the traces the earlier per-case option lists named (traces/suite/README.md); the tools pick
# what those options picked. measured.csv: scalecast treecode measured over the raw runs that exist. A case whose raw
# runs or traces are missing is skipped with a message (no partial case).
# CASES_ONLY=1 rewrites the case.json files only (measured.csv depends on the raw runs alone).
# Then: scalecast validate validation/treecode-shm-* validation/treecode-testbed-*
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)"
cd "$ROOT"
N="${N:-200000}"
runs() { local cfg="$1" d="$2" f out=(); for f in traces/raw/treecode/$cfg/$d-r*.csv; do [ -s "$f" ] && out+=("$f"); done; (IFS=,; echo "${out[*]}"); }
. "$ROOT/scripts/real-runs/treecode-recipe.sh"
# the 2026-11-30 cases keep the poll cost of their folders (sc_iprobe, taken that day): that testbed's state cannot be
# measured again, so no in-walk figure exists for them (treecode-recipe.sh WALK_DIR)
unset WALK_DIR
SUITE="traces/suite/treecode-2026-11-30"
# the node rate's spread between runs (calibrate --variability), the same for every case, as for the HPL and trace cases
VARIABILITY="${VARIABILITY-traces/variability/dgemm-2r-2026-12-02T0447.csv,traces/variability/dgemm-2r-2026-12-02T0451.csv}"
make_case() { # $1 name $2 distribution $3 configs (space separated) $4 title $5 placement folder $6 procs $7 ranks-per-node $8 nodes $9 cores
  local name="$1" d="$2" cfgs="$3" title="$4" ptr="$SUITE-$5" procs="$6" rpn="$7" nodes="$8" cores="$9" cfg all=() anchor
  anchor="$(runs shm-1r "$d")"
  [ -n "$anchor" ] || { echo "$name: no 1-rank anchor runs (traces/raw/treecode/shm-1r/$d-r*.csv): skipped"; return 0; }
  [ -d "$ptr" ] && [ -d "$SUITE-shm-1r" ] || { echo "$name: no $ptr or $SUITE-shm-1r: skipped"; return 0; }
  for cfg in $cfgs; do
    local r; r="$(runs "$cfg" "$d")"
    [ -n "$r" ] || { echo "$name: no runs of $cfg: skipped"; return 0; }
    all+=("$r")
  done
  local dir="validation/$name"
  treecode_case_json "$dir" "$title" "$d" "$N" "$procs" "$rpn" "$nodes" "$cores" "$anchor" "$SUITE-shm-1r" "$ptr" \
    "measured here with sc_treecode by scripts/real-runs/collect-treecode.sh (raw runs: traces/raw/treecode/{$(echo $cfgs | tr ' ' ',')}/$d-r*.csv, step 2, loadavg in each table); platform from the network and node traces of $ptr only (the recipe of scripts/real-runs/treecode-recipe.sh); see validation/treecode-real-runs.md"
  [ "${CASES_ONLY:-0}" = 1 ] && { echo "$name: case.json written (CASES_ONLY=1: measured.csv kept)"; return 0; }
  chrt --idle 0 nice -n 19 ./scalecast treecode measured --runs "$(IFS=,; echo "${all[*]}")" --out "$dir/measured.csv" \
    --note "sc_treecode $d, $N particles, 2 steps, step 2 (ORB by step 1's work); medians over runs; spread = (max-min)/median; wait policy, priority and loadavg per run in the raw tables" >/dev/null
  echo "$name: written"
}
for d in clustered smooth; do
  make_case "treecode-shm-$d" "$d" "shm-1r shm-2r" \
    "Tree code (sc_treecode), $N $d particles, 1/2 ranks on this host's shared memory (2 cores); cost anchored on the 1-rank run" \
    shm-2r 1,2 2 1 2
  # 4 ranks on the 2 cores (2 pinned per core, Open MPI's oversubscribed yield: SHM4_MCA in common.sh): one
  # host whose 2 cores SimGrid shares among the 4 ranks, and the poll cost measured on that placement.
  make_case "treecode-shm-4r-$d" "$d" "shm-4r" \
    "Tree code (sc_treecode), $N $d particles, 4 ranks on this host's shared memory (2 cores, 2 ranks pinned per core); cost anchored on the 1-rank run" \
    shm-4r 4 4 1 2
  for rate in 100mbit 1gbit; do
    for nodes in 2 4; do
      make_case "treecode-testbed-${nodes}n-$rate-$d" "$d" "testbed-${nodes}n-$rate" \
        "Tree code (sc_treecode), $N $d particles, $nodes testbed nodes at $rate (one rank per node; the nodes share this host's 2 cores); cost anchored on the 1-rank shared-memory run" \
        "testbed-${nodes}n-$rate" "$nodes" 1 "$nodes" 1
    done
  done
done
