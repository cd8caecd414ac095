#!/usr/bin/env bash
# Seed 000's LAM against MPICH (issue #31): how much could asynchronous service of the cache requests give at most?
# The Astrolab LAM platform as built (mpi.request-service at-poll, from platforms/mpi/lam6-tcp.json) and a what-if copy
# whose MPI answers every request at arrival (at-arrival: no wait for the owner's next poll), with the committed anchor,
# 130 000 clustered particles, step 2 (as the README's committed-anchor tables). The copy is written here
# (astrolab-lam-fe-at-arrival.xml) from the built platform by changing that one property and the cluster's name.
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "$0")")/../../.." && pwd)"
cd "$ROOT"
PARTS="${PARTS:-/tmp/scalecast-seed-particles}"
OUT=validation/treecode-seeds/findings
f="$PARTS/clustered130000.bin"
mkdir -p "$PARTS"
[ -s "$f" ] || ./scalecast treecode particles --n 130000 --distribution clustered --seed 1 --out "$f" >&2
grep -q '<prop id="mpi.request-service" value="at-poll"/>' platforms/astrolab-lam-fe.xml
sed -e 's|<prop id="mpi.request-service" value="at-poll"/>|<prop id="mpi.request-service" value="at-arrival"/>|' \
    -e 's|cluster id="astrolab-lam-fe" prefix="astrolab-lam-fe-"|cluster id="astrolab-lam-fe-at-arrival" prefix="astrolab-lam-fe-at-arrival-"|' \
    -e 's|^<!-- Calibrated by|<!-- What-if copy of platforms/astrolab-lam-fe.xml with mpi.request-service at-arrival (request-service-bound.sh). Calibrated by|' \
    platforms/astrolab-lam-fe.xml > $OUT/astrolab-lam-fe-at-arrival.xml
./scalecast predict treecode --segments 32 --cost-model validation/treecode-seeds/cost-anchor.json \
    --platform platforms/astrolab-lam-fe.xml,$OUT/astrolab-lam-fe-at-arrival.xml,platforms/astrolab-mpich-fe.xml \
    --particles "$f" --procs 2,8,12,16 --steps 2 --out $OUT/predicted-clustered130k-astrolab-request-service.csv
