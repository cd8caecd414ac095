#!/usr/bin/env bash
# After scripts/real-runs/collect-treecode.sh: writes the tree-code real-run validation cases
# (validation/treecode-shm-{,4r-}{clustered,smooth}, validation/treecode-testbed-{2,4}n-{100mbit,1gbit}-{clustered,smooth}):
# case.json (cost anchored on the 1-rank shared-memory runs; platforms from ping-pong + dgemm traces only, plus on the
# testbed the 2-node swap and Open MPI's eager limit, btl_tcp_eager_limit 65536 B with header: docs/simulated-mpi.md;
# and everywhere the cost of an empty MPI_Iprobe on the placement, scripts/real-runs/collect-iprobe.sh: docs/treecode.md)
# and measured.csv (scalecast treecode measured over the raw runs that exist). A case whose raw runs
# or traces are missing is skipped with a message (no partial case).
# Then: scalecast validate validation/treecode-shm-* validation/treecode-testbed-*
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)"
cd "$ROOT"
N="${N:-200000}"
DGN="${DGEMM_N:-192}"   # docs/treecode.md: the largest probe order whose 3 matrices fit one core's 1 MiB L2
runs() { local cfg="$1" d="$2" f out=(); for f in traces/raw/treecode/$cfg/$d-r*.csv; do [ -s "$f" ] && out+=("$f"); done; (IFS=,; echo "${out[*]}"); }
make_case() { # $1 name $2 distribution $3 configs (space separated) $4 title $5 dgemm trace $6 calibrate args (JSON list items) $7 procs $8 ranks-per-node
  local name="$1" d="$2" cfgs="$3" title="$4" dg="$5" cal="$6" procs="$7" rpn="$8" cfg all=() anchor
  anchor="$(runs shm-1r "$d")"
  [ -n "$anchor" ] || { echo "$name: no 1-rank anchor runs (traces/raw/treecode/shm-1r/$d-r*.csv): skipped"; return 0; }
  [ -s "$dg" ] || { echo "$name: no $dg: skipped"; return 0; }
  for cfg in $cfgs; do
    local r; r="$(runs "$cfg" "$d")"
    [ -n "$r" ] || { echo "$name: no runs of $cfg: skipped"; return 0; }
    all+=("$r")
  done
  local dir="validation/$name"; mkdir -p "$dir"
  local anchor_json; anchor_json="$(echo "$anchor" | sed 's/,/, /g')"
  cat > "$dir/case.json.tmp" <<JSON
{
  "title": "$title",
  "steps": [
    ["treecode", "cost", "--run", "$anchor", "--anchor-dgemm", "$dg", "--anchor-dgemm-n", "$DGN",
     "--anchor-iprobe", "traces/local/iprobe-shm-1r.csv", "--out", "{work}/cost.json"],
    ["calibrate", $cal, "--dgemm", "$dg", "--dgemm-n", "$DGN", "--out", "{work}/platform.xml"],
    ["predict", "treecode", "--platform", "{work}/platform.xml", "--particles", "$N", "--distribution", "$d", "--seed", "1",
     "--procs", "$procs", "--steps", "2", "--ranks-per-node", "$rpn", "--cost-model", "{work}/cost.json", "--out", "{work}/predicted.csv"]
  ],
  "predicted": "{work}/predicted.csv",
  "measured": "measured.csv",
  "key": ["procs"],
  "predicted_value": "t_grav_s",
  "measured_value": "t_grav_s",
  "tolerance": {"max_abs_rel_error": 0.15, "median_abs_rel_error": 0.08},
  "source": "measured here with sc_treecode by scripts/real-runs/collect-treecode.sh (raw runs: traces/raw/treecode/{$(echo $cfgs | tr ' ' ',')}/$d-r*.csv, step 2, loadavg in each table); platform from ping-pong + dgemm traces only; see validation/treecode-real-runs.md"
}
JSON
  mv "$dir/case.json.tmp" "$dir/case.json"
  chrt --idle 0 nice -n 19 ./scalecast treecode measured --runs "$(IFS=,; echo "${all[*]}")" --out "$dir/measured.csv" \
    --note "sc_treecode $d, $N particles, 2 steps, step 2 (ORB by step 1's work); medians over runs; spread = (max-min)/median; wait policy, priority and loadavg per run in the raw tables" >/dev/null
  echo "$name: written"
}
for d in clustered smooth; do
  make_case "treecode-shm-$d" "$d" "shm-1r shm-2r" \
    "Tree code (sc_treecode), $N $d particles, 1/2 ranks on this host's shared memory (2 cores); cost anchored on the 1-rank run" \
    traces/local/dgemm-treecode-2r.csv \
    '"--pingpong", "traces/local/pingpong-shm-2r-nocma.csv", "--iprobe", "traces/local/iprobe-shm-2r.csv", "--dgemm-loaded", "2", "--nodes", "1", "--cores-per-node", "2", "--name", "shm"' \
    1,2 2
  # 4 ranks on the 2 cores (2 pinned per core, Open MPI's oversubscribed yield: SHM4_MCA in common.sh): one
  # host whose 2 cores SimGrid shares among the 4 ranks, and the poll cost measured on that placement.
  make_case "treecode-shm-4r-$d" "$d" "shm-4r" \
    "Tree code (sc_treecode), $N $d particles, 4 ranks on this host's shared memory (2 cores, 2 ranks pinned per core); cost anchored on the 1-rank run" \
    traces/local/dgemm-treecode-2r.csv \
    '"--pingpong", "traces/local/pingpong-shm-2r-nocma.csv", "--iprobe", "traces/local/iprobe-shm-4r.csv", "--dgemm-loaded", "2", "--nodes", "1", "--cores-per-node", "2", "--name", "shm4"' \
    4 4
  for rate in 100mbit 1gbit; do
    for nodes in 2 4; do
      make_case "treecode-testbed-${nodes}n-$rate-$d" "$d" "testbed-${nodes}n-$rate" \
        "Tree code (sc_treecode), $N $d particles, $nodes testbed nodes at $rate (one rank per node; the nodes share this host's 2 cores); cost anchored on the 1-rank shared-memory run" \
        "$( [ "$nodes" -gt 2 ] && echo traces/local/dgemm-treecode-4r-sustained.csv || echo traces/local/dgemm-treecode-${nodes}r.csv )" \
        "\"--pingpong\", \"traces/testbed/pingpong-2n-$rate.csv\", \"--swap\", \"traces/testbed/swap-2n-$rate.csv\", \"--send-release\", \"traces/testbed/release-2n-$rate.csv\", \"--eager-threshold\", \"65535\", \"--iprobe\", \"traces/testbed/iprobe-${nodes}n-$rate.csv\", \"--dgemm-loaded\", \"$nodes\", \"--nodes\", \"$nodes\", \"--cores-per-node\", \"1\", \"--name\", \"tb$nodes-$rate\"" \
        "$nodes" 1
    done
  done
done
