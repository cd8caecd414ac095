#!/usr/bin/env bash
# Records a held-out HPL batch's predictions before its runs are taken (validation/holdout/README.md): writes the
# batch's case.json files with holdout-cases.sh (from the configuration lists: no run exists yet), runs each case's
# steps with case-steps.sh, and writes every predicted Gflops to one CSV that is committed before the first run. The
# two paths are the two cases holdout-cases.sh writes per setup:
#   recipe     hpl-SETUP-bN           calibrate --traces traces/suite/SUITE-SETUP, then predict hpl
#   pingpong   hpl-SETUP-bN-pingpong  calibrate --pingpong SUITE-SETUP/pingpong.csv --dgemm SUITE-SETUP/dgemm.csv only
# Usage: SUITE=2026-12-04 SUFFIX=-b5 OUT=validation/holdout/batch5-predicted-before-runs.csv \
#          SHM_LIST="N P Q NB BCAST;..." GBIT_LIST="..." MBIT_LIST="..." scripts/real-runs/holdout-record.sh
# (configurations as collect-holdout.sh takes them; a setup whose list is empty is skipped; RAW as holdout-cases.sh
# will take it after the runs, default traces/raw/holdout/hpcc$SUFFIX, which must not exist yet).
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)"
: "${SUITE:?SUITE=YYYY-MM-DD names traces/suite/SUITE-SETUP}" "${OUT:?OUT=the record CSV}" "${SUFFIX:?SUFFIX=-bN names the batch}"
export SUITE SUFFIX RAW="${RAW:-$ROOT/traces/raw/holdout/hpcc$SUFFIX}"
CASES="${CASES_OUT:-$ROOT/validation/holdout}"
declare -A LIST=([shm-2r]="${SHM_LIST:-}" [testbed-2n-1gbit]="${GBIT_LIST:-}" [testbed-2n-100mbit]="${MBIT_LIST:-}")
for setup in "${!LIST[@]}"; do
  [ -n "${LIST[$setup]}" ] || continue
  [ -d "$RAW/$setup" ] && { echo "holdout-record: $RAW/$setup has runs already: a record is made before them" >&2; exit 2; }
  [ -d "$ROOT/traces/suite/$SUITE-$setup" ] || { echo "holdout-record: no trace folder traces/suite/$SUITE-$setup" >&2; exit 2; }
done
OUT="$CASES" "$ROOT/scripts/real-runs/holdout-cases.sh"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
rows="$work/rows.csv"; : > "$rows"
for setup in shm-2r testbed-2n-1gbit testbed-2n-100mbit; do
  for path in recipe pingpong; do
    dir="$CASES/hpl-$setup$SUFFIX"; [ "$path" = pingpong ] && dir="$dir-pingpong"
    [ -s "$dir/case.json" ] || continue
    "$ROOT/scripts/real-runs/case-steps.sh" "$dir" "$work/$setup-$path" > /dev/null
    # each predict step's configuration and its table's Gflops, in the steps' order
    python3 - "$dir/case.json" "$work/$setup-$path" "$setup" "$path" >> "$rows" <<'PY'
import csv, json, sys
case, work, setup, path = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3], sys.argv[4]
for step in case["steps"]:
    if step[:2] != ["predict", "hpl"]:
        continue
    opt = {step[i]: step[i + 1] for i in range(2, len(step) - 1) if step[i].startswith("--")}
    rows = [l for l in open(opt["--out"].replace("{work}", work)) if not l.startswith("#")]
    g = next(csv.DictReader(rows))["gflops"]
    print(",".join([setup, path, opt["--n"], opt["--nb"], opt["--p"], opt["--q"], opt["--bcast"], g]))
PY
  done
done
tmp="$OUT.tmp.$$"
{
  echo "# kind: prediction-record"
  echo "# source: scalecast $(git -C "$ROOT" rev-parse --short HEAD), predicted on $(date -u +%Y-%m-%dT%H:%M:%SZ) before any run of the batch was taken, by scripts/real-runs/holdout-record.sh: the steps of the cases ${CASES#$ROOT/}/hpl-SETUP$SUFFIX (recipe: calibrate --traces traces/suite/$SUITE-SETUP, then predict hpl) and hpl-SETUP$SUFFIX-pingpong (calibrate --pingpong and --dgemm of the same folder only); validate recomputes them"
  echo "setup,path,n,nb,p,q,bcast,predicted_gflops"
  cat "$rows"
} > "$tmp"
mv "$tmp" "$OUT"
echo "holdout-record: $(wc -l < "$rows") predictions in $OUT" >&2
