#!/usr/bin/env bash
# Seed 000's non-powers of two (issue #31): remote requests (cache lines, one request message each) and reply bytes per
# rank of the real tree code (sc_treecode's own counters) against what the skeleton sends in simulation, at 2..16 ranks,
# on the clustered and the dense-core set and, as the control without a dense region, the smooth set; writes
# validation/treecode-seeds/cuts/cuts-SET-Nk.{csv,txt}.
# The counts do not depend on timing: the ranks are folded onto this machine's cores (sc_treecode --wait yield, Open
# MPI's oversubscription), so nothing here is timed and no measurement lock is taken; it runs niced. The skeleton is
# simulated on the Roadrunner Myrinet platform with the seed cost anchor (neither changes a count).
# Usage: [SETS='clustered dense-core smooth'] scripts/treecode-seed-cuts.sh [N] (default 130000, the seed predictions'
# particle count).
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-130000}
tag=$((n / 1000))k
out=validation/treecode-seeds/cuts
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for set in ${SETS:-clustered dense-core smooth}; do
  ./scalecast treecode particles --n "$n" --distribution "$set" --seed 1 --out "$tmp/$set.bin"
  nice -n 10 ./scalecast treecode cuts --particles "$tmp/$set.bin" --procs 2,3,4,5,6,8,12,16 --steps 2 \
    --platform platforms/roadrunner-gm-myrinet.xml --cost-model validation/treecode-seeds/cost-anchor.json \
    --out "$out/cuts-$set-$tag.csv" | tee "$out/cuts-$set-$tag.txt"
done
