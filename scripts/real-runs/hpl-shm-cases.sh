#!/usr/bin/env bash
# Validation cases for HPCC HPL on shared memory (issue #7), from the raw runs that
# collect.sh hpcc-shm writes, for 1 and 2 ranks:
#   hpl-shm-Rr         every run; platform by the documented recipe: calibrate --traces traces/suite/2026-11-30-shm-2r (traces
#                      taken at other times than the runs; the run's window is then part of the error)
#   hpl-shm-Rr-shapes  the runs of the repeats that have a dgemm shape trace of their window
#                      (collect.sh SHAPES=1 → traces/raw/hpcc/shm-shapes/r<REP>.csv); kernel model
#                      from those traces merged (tabulate-hpcc --shapes → dgemm-shapes.csv): what the run's own window
#                      contributes, not a prediction a user can make before the run
# Platform: the shared-memory ping-pong trace and the dgemm trace; no HPL figure enters.
# Usage: scripts/real-runs/hpl-shm-cases.sh [RAW_ROOT] [OUT_ROOT]   (defaults: traces/raw/hpcc, validation)
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)"
RAW="${1:-$ROOT/traces/raw/hpcc}"
OUT="${2:-$ROOT/validation}"
NS="${SHM_NS:-1000,2000,3000}"
for ranks in 1 2; do
  case="hpl-shm-${ranks}r"
  [ -d "$RAW/shm-${ranks}r" ] || { echo "no raw runs in $RAW/shm-${ranks}r" >&2; continue; }
  placement="$ranks rank(s) on this host (shared memory), mpirun -np $ranks, nice -n -19"
  for variant in "" "-shapes"; do
    mkdir -p "$OUT/$case$variant"
    if [ -z "$variant" ]; then
      "$ROOT/scalecast" testbed tabulate-hpcc "$RAW/shm-${ranks}r" --out "$OUT/$case" --placement "$placement"
      runs="every run"
    else
      [ -d "$RAW/shm-shapes" ] || { echo "no shape traces in $RAW/shm-shapes: $case$variant not written" >&2; continue; }
      "$ROOT/scalecast" testbed tabulate-hpcc "$RAW/shm-${ranks}r" --out "$OUT/$case$variant" --placement "$placement" \
        --shapes "$RAW/shm-shapes"
      dgemm="validation/$case$variant/dgemm-shapes.csv"
      what="the dgemm shape traces (measure dgemm --k) taken in the same windows as the runs, merged"
      runs="the runs of the repeats that have a shape trace of their window"
    fi
    plat="{work}/shm$ranksr.xml"
    [ -z "$variant" ] && plat="{work}/p.xml"
    if [ -z "$variant" ]; then
      what="the documented recipe (calibrate --traces traces/suite/2026-11-30-shm-2r, traces taken at other times than the runs)"
      steps='["calibrate", "--traces", "traces/suite/2026-11-30-shm-2r", "--nodes", "1", "--cores-per-node", "2", "--name", "p", "--out", "{work}/p.xml"],
    ["predict", "hpl", "--platform", "{work}/p.xml", "--n", "'"$NS"'", "--nb", "80", "--p", "1", "--q", "'"$ranks"'", "--quiet", "--out", "{work}/predicted.csv"]'
    else
      steps='["calibrate", "--pingpong", "traces/local/pingpong-shm-2r.csv", "--dgemm", "'"$dgemm"'",
     "--nodes", "1", "--cores-per-node", "2", "--name", "shm'"$ranks"'r", "--out", "{work}/shm'"$ranks"'r.xml"],
    ["predict", "hpl", "--platform", "{work}/shm'"$ranks"'r.xml", "--n", "'"$NS"'", "--nb", "80", "--p", "1", "--q", "'"$ranks"'",
     "--dgemm", "'"$dgemm"'", "--ranks-per-node", "'"$ranks"'", "--quiet", "--out", "{work}/predicted.csv"]'
    fi
    cat > "$OUT/$case$variant/case.json" <<JSON
{
  "title": "HPCC 1.5.0 HPL, $ranks rank(s), shared memory on this host; platform from $what",
  "steps": [
    $steps
  ],
  "predicted": "{work}/predicted.csv",
  "measured": "measured.csv",
  "key": ["n", "nb", "p", "q"],
  "predicted_value": "gflops",
  "measured_value": "gflops",
  "node_check": {"platform": "$plat", "measured_gflops": "star_dgemm_gflops_median"},
  "tolerance": {"max_abs_rel_error": 0.10, "median_abs_rel_error": 0.05},
  "source": "HPCC 1.5.0 HPL measured here ($runs of scripts/real-runs/collect.sh hpcc-shm; dates and loads in measured.csv); platform from $what (network and node measurements only); HPL Gflops are only compared against"
}
JSON
    echo "wrote $OUT/$case$variant"
  done
done
