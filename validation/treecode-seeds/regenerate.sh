#!/usr/bin/env bash
# Regenerates this folder's predictions (seed 000, PKDGRAV on Astrolab and Roadrunner) with the current skeleton:
# platforms from published network figures (platforms/*.xml), cost anchored on the 1-rank run here (cost-anchor.json);
# no seed number enters. Particle files go to $PARTS (default /tmp/scalecast-seed-particles).
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)"
cd "$ROOT"
PARTS="${PARTS:-/tmp/scalecast-seed-particles}"
OUT=validation/treecode-seeds
COST=$OUT/cost-anchor.json
ALL=platforms/roadrunner-gm-myrinet.xml,platforms/roadrunner-mpich-fe.xml,platforms/astrolab-lam-fe.xml,platforms/astrolab-mpich-fe.xml
RR=platforms/roadrunner-gm-myrinet.xml,platforms/roadrunner-mpich-fe.xml
mkdir -p "$PARTS"
for spec in clustered:130000 smooth:130000 clustered:1300000; do
  d="${spec%%:*}" n="${spec##*:}" f="$PARTS/$d$n.bin"
  [ -s "$f" ] || ./scalecast treecode particles --n "$n" --distribution "$d" --seed 1 --out "$f" >&2
done
p() { ./scalecast predict treecode --segments 32 --cost-model "$COST" "$@"; }
for s in 1 2; do
  p --platform "$ALL" --particles "$PARTS/clustered130000.bin" --procs 2,3,4,5,6,8,12,16 --steps $s --out $OUT/predicted-clustered130k-step$s.csv
  p --platform platforms/roadrunner-gm-myrinet.xml --particles "$PARTS/smooth130000.bin" --procs 2,4,8,16 --steps $s --out $OUT/predicted-smooth130k-step$s.csv
done
p --platform "$RR" --particles "$PARTS/clustered1300000.bin" --procs 2,32 --out $OUT/predicted-clustered1300k-2-32.csv
