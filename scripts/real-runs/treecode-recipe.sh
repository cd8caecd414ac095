# Sourced, not run: the one recipe every tree-code validation case predicts with (docs/treecode.md, "Predicting a run").
# Only the configuration differs between cases: the particle set (distribution, count, seed, steps), the process count,
# the ranks per node, the platform's nodes x cores, the anchor's 1-rank runs and the two trace folders (the anchor
# machine's, the platform's). Nothing per case about kernels: the anchor's dgemm order, the loaded rate, the eager limit
# and the poll costs are what the tools pick from the traces (treecode cost --traces, calibrate --traces).
#
#   . scripts/real-runs/treecode-recipe.sh
#   treecode_case_json DIR TITLE DIST PARTICLES PROCS RANKS_PER_NODE NODES CORES ANCHOR_RUNS ANCHOR_TRACES PLATFORM_TRACES SOURCE
#
# writes DIR/case.json (atomically); ANCHOR_RUNS is a comma-separated list of 1-rank 'treecode run' tables, PROCS a
# comma-separated list of process counts. measured.csv is the caller's (scalecast treecode measured).
# VARIABILITY (optional, the same for every case): repeated dgemm traces for calibrate --variability (the node rate's
# spread between runs, for --intervals: docs/intervals.md); point predictions do not depend on it.
treecode_case_json() {
  local dir="$1" title="$2" dist="$3" n="$4" procs="$5" rpn="$6" nodes="$7" cores="$8" anchor="$9" atr="${10}" ptr="${11}" src="${12}"
  local seed="${SEED:-1}" steps="${STEPS:-2}" var=""
  [ -n "${VARIABILITY:-}" ] && var="\"--variability\", \"$VARIABILITY\", "
  mkdir -p "$dir"
  cat > "$dir/case.json.tmp" <<JSON
{
  "title": "$title",
  "steps": [
    ["treecode", "cost", "--run", "$anchor", "--traces", "$atr", "--out", "{work}/cost.json"],
    ["calibrate", "--traces", "$ptr", "--nodes", "$nodes", "--cores-per-node", "$cores", $var"--name", "p", "--out", "{work}/platform.xml"],
    ["predict", "treecode", "--platform", "{work}/platform.xml", "--particles", "$n", "--distribution", "$dist", "--seed", "$seed",
     "--procs", "$procs", "--steps", "$steps", "--ranks-per-node", "$rpn", "--cost-model", "{work}/cost.json", "--out", "{work}/predicted.csv"]
  ],
  "predicted": "{work}/predicted.csv",
  "measured": "measured.csv",
  "key": ["procs"],
  "predicted_value": "t_grav_s",
  "measured_value": "t_grav_s",
  "tolerance": {"max_abs_rel_error": 0.15, "median_abs_rel_error": 0.08},
  "source": "$src"
}
JSON
  mv "$dir/case.json.tmp" "$dir/case.json"
}

# The three 3-rank placements of 2026-12-02 (held-out and development batches), one per line:
# PLACEMENT NODES CORES RANKS_PER_NODE DESCRIPTION; their traces are traces/suite/treecode-2026-12-02-PLACEMENT.
TREECODE_3R_PLACEMENTS=(
  "shm-3r 1 2 3 3 ranks on this host's shared memory (2 cores; ranks 0 and 2 share core 0)"
  "testbed-3n-1gbit 3 1 1 3 testbed nodes at 1gbit (one rank per node; the nodes share this host's 2 cores)"
  "testbed-3n-100mbit 3 1 1 3 testbed nodes at 100mbit (one rank per node; the nodes share this host's 2 cores)")
# Comma-separated list of the non-empty tables DIR/PREFIX-r*.csv (a case's runs or an anchor's).
run_tables() { local f out=(); for f in "$1"/$2-r*.csv; do [ -s "$f" ] && out+=("$f"); done; (IFS=,; echo "${out[*]}"); }
