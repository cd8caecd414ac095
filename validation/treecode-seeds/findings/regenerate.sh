#!/usr/bin/env bash
# Seed 000's findings as experiments (issue #31): regenerates this folder. Cost models from the 12 quiet 1-rank runs of
# the real code per set (traces/raw/treecode/shm-1r, 200k particles, nice -19); platforms from published figures; no
# seed number enters. The traffic table (real code against the skeleton) is scripts/treecode-seed-cuts.sh, the per-set
# costs of this machine and the MFlops they give scripts/treecode-seed-set-costs.sh.
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "$0")")/../../.." && pwd)"
cd "$ROOT"
OUT=validation/treecode-seeds/findings
PARTS="${PARTS:-/tmp/scalecast-seed-particles}"
mkdir -p "$PARTS"
for d in clustered smooth; do
  ./scalecast treecode cost --run "$(ls traces/raw/treecode/shm-1r/$d-r*.csv | sort -V | paste -sd,)" --anchor-speed 1.26Gf \
    --out $OUT/cost-$d-200k-quiet.json
done
for d in clustered smooth dense-core; do
  [ -s "$PARTS/${d}130000.bin" ] || ./scalecast treecode particles --n 130000 --distribution $d --seed 1 --out "$PARTS/${d}130000.bin" >&2
done
p() { ./scalecast predict treecode --segments 32 --steps 2 "$@"; }
MYR=platforms/roadrunner-gm-myrinet.xml ETH=platforms/roadrunner-mpich-fe.xml
# smooth against clustered MFlops, each set on its own measured cost
for d in clustered smooth; do
  p --platform $MYR --particles "$PARTS/${d}130000.bin" --procs 2,4,8,16 --cost-model $OUT/cost-$d-200k-quiet.json \
    --out $OUT/predicted-${d}130k-myrinet-own-anchor.csv
done
# non-powers of two: the perlinear curve on Myrinet, clustered and dense core
for d in clustered dense-core; do
  p --platform $MYR --particles "$PARTS/${d}130000.bin" --procs 2,3,4,5,6,8,12,16 --cost-model $OUT/cost-clustered-200k-quiet.json \
    --out $OUT/predicted-${d}130k-myrinet-2-16.csv
done
# one against two processes per node on Roadrunner's ethernet
for k in 1 2; do
  p --platform $ETH --particles "$PARTS/clustered130000.bin" --procs 2,4,8,16 --ranks-per-node $k \
    --cost-model $OUT/cost-clustered-200k-quiet.json --out $OUT/predicted-clustered130k-rr-ethernet-$k-per-node.csv
done
