#!/usr/bin/env bash
# Validation cases for HPCC HPL across 2 testbed nodes (issue #7), from the raw runs that
# collect.sh hpcc-testbed writes: for each rate, tabulate-hpcc → validation/hpl-testbed-2n-RATE
# (measured.csv, runs.csv, dgemm.csv = HPCC's StarDGEMM/SingleDGEMM of the same runs) and two
# case.json files:
#   hpl-testbed-2n-RATE         the documented recipe: calibrate --traces traces/suite/testbed-2n-RATE (traces
#                               taken at other times than the runs)
#   hpl-testbed-2n-RATE-shapes  kernel model from the dgemm shape traces taken in the runs' windows
#                               (collect.sh SHAPES=1 → traces/raw/hpcc/testbed-2n-RATE-shapes/r<REP>.csv;
#                               only those repeats' runs, tabulate-hpcc --shapes → dgemm-shapes.csv);
#                               without such traces, from traces/local/dgemm-shapes.csv (another window); what the
#                               run's own window contributes, not a prediction a user can make before the run
# Platform: the ping-pong trace of the same testbed (traces/testbed/pingpong-2n-RATE.csv) and
# the runs' dgemm; no HPL figure enters. The two testbed nodes share this host's 2 cores, so the
# kernel model uses the rows with 2 ranks computing at once (--dgemm-load 2).
# Usage: scripts/real-runs/hpl-testbed-cases.sh [RAW_ROOT] [OUT_ROOT]   (defaults: traces/raw/hpcc, validation)
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)"
RAW="${1:-$ROOT/traces/raw/hpcc}"
OUT="${2:-$ROOT/validation}"
NS="${TB_NS:-1000,2000}"
for rate in ${RATES:-100mbit 1gbit}; do
  case="hpl-testbed-2n-$rate"
  [ -d "$RAW/testbed-2n-$rate" ] || { echo "no raw runs in $RAW/testbed-2n-$rate" >&2; continue; }
  mkdir -p "$OUT/$case" "$OUT/$case-shapes"
  "$ROOT/scalecast" testbed tabulate-hpcc "$RAW/testbed-2n-$rate" --out "$OUT/$case" --nodes 2 \
    --placement "2 testbed nodes (network namespaces on this host, tbf $rate on each veth), 1 rank per node, mpirun --map-by node; each node pinned to one of the host's 2 cores"
  for variant in "" "-shapes"; do
    plat="{work}/tb$rate.xml"
    [ -z "$variant" ] && plat="{work}/p.xml"
    if [ -z "$variant" ]; then
      what="the documented recipe (calibrate --traces traces/suite/testbed-2n-$rate, traces taken at other times than the runs)"
    elif [ -d "$RAW/testbed-2n-$rate-shapes" ]; then
      "$ROOT/scalecast" testbed tabulate-hpcc "$RAW/testbed-2n-$rate" --out "$OUT/$case$variant" --nodes 2 \
        --placement "2 testbed nodes (network namespaces on this host, tbf $rate on each veth), 1 rank per node, mpirun --map-by node; each node pinned to one of the host's 2 cores" \
        --shapes "$RAW/testbed-2n-$rate-shapes"
      dgemm="validation/$case$variant/dgemm-shapes.csv"
      what="the dgemm shape traces (measure dgemm --k, 2 ranks loaded on this host) taken in the same windows as the runs, merged"
    else
      rm -f "$OUT/$case$variant/measured.csv" "$OUT/$case$variant/runs.csv" "$OUT/$case$variant/dgemm.csv" "$OUT/$case$variant/dgemm-shapes.csv"
      dgemm="traces/local/dgemm-shapes.csv"; what="the dgemm shape trace traces/local/dgemm-shapes.csv (measure dgemm --k, 2 ranks loaded on this host)"
    fi
    if [ -z "$variant" ]; then
      steps='["calibrate", "--traces", "traces/suite/testbed-2n-'"$rate"'", "--nodes", "2", "--cores-per-node", "1", "--name", "p", "--out", "{work}/p.xml"],
    ["predict", "hpl", "--platform", "{work}/p.xml", "--n", "'"$NS"'", "--nb", "80", "--p", "1", "--q", "2", "--quiet", "--out", "{work}/predicted.csv"]'
    else
      steps='["calibrate", "--pingpong", "traces/testbed/pingpong-2n-'"$rate"'.csv", "--swap", "traces/testbed/swap-2n-'"$rate"'.csv", "--send-release", "traces/testbed/release-2n-'"$rate"'.csv",
     "--eager-threshold", "65535", "--dgemm", "'"$dgemm"'", "--nodes", "2", "--cores-per-node", "1",
     "--note", "eager threshold: Open MPI 4.1.4 btl_tcp_eager_limit = 65536 B including ob1'"'"'s match header (ompi_info --param btl tcp --level 9)",
     "--name", "tb'"$rate"'", "--out", "{work}/tb'"$rate"'.xml"],
    ["predict", "hpl", "--platform", "{work}/tb'"$rate"'.xml", "--n", "'"$NS"'", "--nb", "80", "--p", "1", "--q", "2",
     "--dgemm", "'"$dgemm"'", "--ranks-per-node", "1", "--dgemm-load", "2", "--quiet", "--out", "{work}/predicted.csv"]'
    fi
    cat > "$OUT/$case$variant/case.json" <<JSON
{
  "title": "HPCC 1.5.0 HPL across 2 testbed nodes at $rate, 1 rank per node; platform from $what",
  "steps": [
    $steps
  ],
  "predicted": "{work}/predicted.csv",
  "measured": "$( [ -f "$OUT/$case$variant/measured.csv" ] && echo measured.csv || echo "../$case/measured.csv" )",
  "key": ["n", "nb", "p", "q"],
  "predicted_value": "gflops",
  "measured_value": "gflops",
  "node_check": {"platform": "$plat", "measured_gflops": "star_dgemm_gflops_median"},
  "tolerance": {"max_abs_rel_error": 0.10, "median_abs_rel_error": 0.05},
  "source": "HPCC 1.5.0 HPL measured across 2 testbed nodes at $rate (scripts/real-runs/collect.sh hpcc-testbed; see measured.csv provenance); platform from network and node traces only: $what; HPL Gflops are only compared against"
}
JSON
  done
  echo "wrote $OUT/$case and $OUT/$case-shapes"
done
