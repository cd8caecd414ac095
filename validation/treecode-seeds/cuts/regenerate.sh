#!/usr/bin/env bash
# Seed 000's non-powers of two (issue #31): remote traffic of the real tree code against the skeleton's at
# 2..16 ranks, on the clustered set and on the dense-core set. The counts do not depend on timing: the ranks are
# folded onto this machine's cores (sc_treecode --wait yield, Open MPI's oversubscription).
set -euo pipefail
cd "$(dirname "$0")/../../.."
out=validation/treecode-seeds/cuts
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for set in clustered dense-core; do
  ./scalecast treecode particles --n 130000 --distribution "$set" --seed 1 --out "$tmp/$set.bin"
  ./scalecast treecode cuts --particles "$tmp/$set.bin" --procs 2,3,4,5,6,8,12,16 --steps 2 --out "$out/cuts-$set-130k.csv" \
    | tee "$out/cuts-$set-130k.txt"
done
