#!/usr/bin/env bash
# Records a held-out HPL batch's predictions before its runs are taken (validation/holdout/README.md): for each
# configuration, both paths holdout-cases.sh later writes as cases, computed now and written to one CSV that is
# committed before the first run:
#   recipe     calibrate --traces traces/suite/SUITE-SETUP, then predict hpl
#   pingpong   calibrate --pingpong SUITE-SETUP/pingpong.csv --dgemm SUITE-SETUP/dgemm.csv only
# Usage: SUITE=2026-12-04 OUT=validation/holdout/batch5-predicted-before-runs.csv \
#          SHM_LIST="N P Q NB BCAST;..." GBIT_LIST="..." MBIT_LIST="..." scripts/real-runs/holdout-record.sh
# (configurations as collect-holdout.sh takes them; a setup whose list is empty is skipped).
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)"
SC="$ROOT/scalecast"
: "${SUITE:?SUITE=YYYY-MM-DD names traces/suite/SUITE-SETUP}" "${OUT:?OUT=the record CSV}"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
rows="$work/rows.csv"; : > "$rows"
for setup in shm-2r testbed-2n-1gbit testbed-2n-100mbit; do
  case "$setup" in
    shm-2r) list="${SHM_LIST:-}"; nodes=1; cores=2 ;;
    testbed-2n-1gbit) list="${GBIT_LIST:-}"; nodes=2; cores=1 ;;
    *) list="${MBIT_LIST:-}"; nodes=2; cores=1 ;;
  esac
  [ -n "$list" ] || continue
  dir="traces/suite/$SUITE-$setup"
  [ -d "$ROOT/$dir" ] || { echo "holdout-record: no trace folder $dir" >&2; exit 2; }
  ( cd "$ROOT"
    "$SC" calibrate --traces "$dir" --nodes "$nodes" --cores-per-node "$cores" --name p --out "$work/$setup-recipe.xml" >/dev/null
    "$SC" calibrate --pingpong "$dir/pingpong.csv" --dgemm "$dir/dgemm.csv" --nodes "$nodes" --cores-per-node "$cores" \
      --name p --out "$work/$setup-pingpong.xml" >/dev/null )
  IFS=';' read -r -a configs <<< "$list"
  for c in "${configs[@]}"; do
    read -r n p q nb bc <<< "$c"
    for path in recipe pingpong; do
      f="$work/$setup-$path-$n-$nb.csv"
      "$SC" predict hpl --platform "$work/$setup-$path.xml" --n "$n" --nb "$nb" --p "$p" --q "$q" --bcast "$bc" --quiet --out "$f" >/dev/null
      g=$(python3 -c 'import csv,sys; r=[l for l in open(sys.argv[1]) if not l.startswith("#")]; print(next(csv.DictReader(r))["gflops"])' "$f")
      echo "$setup,$path,$n,$nb,$p,$q,$bc,$g" >> "$rows"
    done
  done
done
tmp="$OUT.tmp.$$"
{
  echo "# kind: prediction-record"
  echo "# source: scalecast $(git -C "$ROOT" rev-parse --short HEAD), predicted on $(date -u +%Y-%m-%dT%H:%M:%SZ) before any run of the batch was taken, by scripts/real-runs/holdout-record.sh (recipe: calibrate --traces traces/suite/$SUITE-SETUP, then predict hpl; pingpong: calibrate --pingpong and --dgemm of the same folder only); the cases recompute these when validate runs"
  echo "setup,path,n,nb,p,q,bcast,predicted_gflops"
  cat "$rows"
} > "$tmp"
mv "$tmp" "$OUT"
echo "holdout-record: $(wc -l < "$rows") predictions in $OUT" >&2
