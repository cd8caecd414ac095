#!/usr/bin/env bash
# Development HPL cases from collect-hpl-dev.sh's runs (2026-12-02): one pair of cases per BCAST variant
# (validation/hpl-shm-2r-dev-bBCAST and -pingpong), written by holdout-cases.sh's recipe (calibrate --traces
# traces/suite/2026-12-01-shm-2r, then predict hpl with the configuration's own options; and the ping-pong + dgemm
# path). tabulate-hpcc keys a table by N, NB, P, Q, so each variant's runs are tabulated from their own folder of links
# (traces/raw/hpcc-dev/2026-12-02/by-bcast/bBCAST/shm-2r/).
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)"
DEV="$ROOT/traces/raw/hpcc-dev/2026-12-02"
for b in $(ls "$DEV/shm-2r" | sed -E 's/.*-b([0-9]+)-r[0-9]+$/\1/' | sort -u); do
  links="$DEV/by-bcast/b$b/shm-2r"
  mkdir -p "$links"
  for run in "$DEV/shm-2r"/*-b"$b"-r*; do
    [ -e "$links/$(basename "$run")" ] || ln -s "../../../shm-2r/$(basename "$run")" "$links/$(basename "$run")"
  done
  RAW="$DEV/by-bcast/b$b" OUT="$ROOT/validation" SUFFIX="-dev-b$b" \
    TITLE="HPCC 1.5.0 HPL, SETUP, development runs of 2026-12-02 with BCAST $b (scripts/real-runs/collect-hpl-dev.sh)" \
    ABOUT="development runs (not held out): collect-hpl-dev.sh" "$ROOT/scripts/real-runs/holdout-cases.sh"
done
