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
# WALK_DIR (the recipe since 2026-12-02 18:30 UTC; cases written before keep their folders' synthetic iprobe.csv): the
# poll cost measured inside the tree code's own walk of the case's particle set (measure iprobe --treecode-particles;
# scripts/real-runs/collect-iprobe-cpu.sh with WALK=...), WALK_DIR/<dist><N>-s<seed>/<placement>.csv for the platform's
# placement (the folder name of PLATFORM_TRACES without its date prefix) and .../shm-1r.csv for the anchor's 1 rank;
# passed as calibrate --iprobe and treecode cost --anchor-iprobe, which win over the folders' files. A missing file
# is an error, not a fallback.
treecode_case_json() {
  local dir="$1" title="$2" dist="$3" n="$4" procs="$5" rpn="$6" nodes="$7" cores="$8" anchor="$9" atr="${10}" ptr="${11}" src="${12}"
  local seed="${SEED:-1}" steps="${STEPS:-2}" var="" walk="" awalk=""
  [ -n "${VARIABILITY:-}" ] && var="\"--variability\", \"$VARIABILITY\", "
  if [ -n "${WALK_DIR:-}" ]; then
    local wd="$WALK_DIR/$dist$n-s$seed" place
    place="$(basename "$ptr" | sed -E 's/^treecode-[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2})?-(dev[0-9]+-|b[0-9a-z]+-)?//')"
    [ -s "$wd/$place.csv" ] && [ -s "$wd/shm-1r.csv" ] || { echo "treecode_case_json: no $wd/$place.csv or $wd/shm-1r.csv (WALK_DIR)" >&2; return 2; }
    walk="\"--iprobe\", \"$wd/$place.csv\", "
    awalk="\"--anchor-iprobe\", \"$wd/shm-1r.csv\", "
  fi
  mkdir -p "$dir"
  cat > "$dir/case.json.tmp" <<JSON
{
  "title": "$title",
  "steps": [
    ["treecode", "cost", "--run", "$anchor", "--traces", "$atr", $awalk"--out", "{work}/cost.json"],
    ["calibrate", "--traces", "$ptr", $walk"--nodes", "$nodes", "--cores-per-node", "$cores", $var"--name", "p", "--out", "{work}/platform.xml"],
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

# The placements of the 2026-12-02 batches for NP ranks (3: the first held-out and the development batch; 5: the
# second held-out batch), one per line: PLACEMENT NODES CORES RANKS_PER_NODE DESCRIPTION; their traces are
# traces/suite/treecode-2026-12-02-PLACEMENT. On shared memory the launch maps ranks to the 2 cores in turn (SHM4_MCA).
treecode_placements() {
  local np="$1" mates
  mates="$(seq 0 2 $((np - 1)) | paste -sd, - | sed 's/,\([0-9]*\)$/ and \1/; s/,/, /g')"
  echo "shm-${np}r 1 2 $np $np ranks on this host's shared memory (2 cores; ranks $mates share core 0)"
  echo "testbed-${np}n-1gbit $np 1 1 $np testbed nodes at 1gbit (one rank per node; the nodes share this host's 2 cores)"
  echo "testbed-${np}n-100mbit $np 1 1 $np testbed nodes at 100mbit (one rank per node; the nodes share this host's 2 cores)"
}
mapfile -t TREECODE_3R_PLACEMENTS < <(treecode_placements 3)
# Runs the steps of DIR/case.json with {work} = WORK (scripts/real-runs/case-steps.sh) and prints the predicted value of
# each row as KEY,VALUE (the prediction a case makes, without its measured reference: a batch's predictions recorded
# before its runs).
treecode_case_predict() {
  local dir="$1" work="$2" table
  table="$("$(dirname "${BASH_SOURCE[0]}")/case-steps.sh" "$dir" "$work")"
  python3 - "$dir/case.json" "$table" <<'PY'
import csv, json, sys
case = json.load(open(sys.argv[1]))
rows = [l for l in open(sys.argv[2]) if not l.startswith("#")]
for r in csv.DictReader(rows):
    print(",".join(r[k] for k in case["key"]) + "," + r[case["predicted_value"]])
PY
}
# Comma-separated list of the non-empty tables DIR/PREFIX-r*.csv (a case's runs or an anchor's).
run_tables() { local f out=(); for f in "$1"/$2-r*.csv; do [ -s "$f" ] && out+=("$f"); done; (IFS=,; echo "${out[*]}"); }
