#!/usr/bin/env bash
# Our own probes across the testbed (issue #4), under flock /tmp/scalecast-measure.lock and
# nice -n -19 like collect.sh:
#   b_eff across 2 and 4 nodes at 100mbit and 1gbit (L_max capped, see below), 3 launches each
#   dgemm per rank with 2 and 4 ranks placed one per node (the "nodes" share the host's cores)
# b_eff's L_max is memory/128 by definition; here it is capped at $BEFF_LMAX (1 MiB) because one
# 128 MiB message takes 10 s at 100 Mbit/s and the run would last hours. The cap is in provenance.
# Stop it with SIGINT/SIGTERM only between measurements: its EXIT trap takes the testbed down,
# which kills a measurement in flight (by design: nothing may outlive the testbed).
# Usage: scripts/real-runs/collect-probes.sh [beff] [dgemm]   (default: both)
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)"
SC="$ROOT/scalecast"
LOCK=/tmp/scalecast-measure.lock
RUNS="${RUNS:-1}"   # launches per trace (3 when the host is quiet enough); b_eff itself repeats every measurement 3 times inside one launch
RATES="${RATES:-100mbit 1gbit}"
BEFF_LMAX="${BEFF_LMAX:-1MiB}"
BEFF_RANDOM="${BEFF_RANDOM:-10}"
BEFF_T="${BEFF_T:-0.2}"   # target seconds per length and method (b_eff 3.5 uses 0.5; shortened for the shared host)
TB=rb
NICE=(${NICE-nice -n -19})
parts=("$@"); [ ${#parts[@]} -gt 0 ] || parts=(beff dgemm)
want() { local p; for p in "${parts[@]}"; do [ "$p" = "$1" ] && return 0; done; return 1; }
# The testbed's shape, for provenance (the probe's own lines name the hostfile, not the rate).
testbed_line() { "$SC" testbed status | awk -v n="$TB" '$1=="testbed" && $2==n":" {sub(/^testbed /,""); print; exit}'; }
log() { echo "[$(date -u +%H:%M:%S)] $*" >&2; }
cleanup() { "$SC" testbed down --name "$TB" >/dev/null 2>&1 || true; }
trap cleanup EXIT
mkdir -p "$ROOT/traces/testbed"

mark() {  # record the priority in the trace's provenance
  if [ ${#NICE[@]} -gt 0 ]; then
    sed -i "/^# loadavg:/a # testbed: $(testbed_line); tbf on both ends of each node's veth, ranks placed one per node" "$1"
    sed -i "/^# loadavg:/a # priority: the measure command and everything it launched ran under ${NICE[*]} (host shared with other work)" "$1"
  fi
}

for nodes in 2 4; do
  for rate in $RATES; do
    cleanup; "$SC" testbed up --name "$TB" --nodes "$nodes" --rate "$rate" >&2
    if want beff; then
      out="$ROOT/traces/testbed/beff-${nodes}n-$rate.csv"
      if [ ! -s "$out" ]; then
        log "beff ${nodes}n $rate: waiting for the measurement lock"
        flock "$LOCK" "${NICE[@]}" "$SC" measure beff --testbed "$TB" --np "$nodes" --runs "$RUNS" --lmax "$BEFF_LMAX" \
          --random "$BEFF_RANDOM" --time-per-loop "$BEFF_T" --timeout 3000 --out "$out" --summary-out "${out%.csv}-summary.csv" >&2
        mark "$out"; mark "${out%.csv}-summary.csv"
      fi
    fi
    if want dgemm && [ "$rate" = "${RATES%% *}" ]; then
      out="$ROOT/traces/testbed/dgemm-${nodes}n.csv"
      if [ ! -s "$out" ]; then
        log "dgemm ${nodes}n: waiting for the measurement lock"
        flock "$LOCK" "${NICE[@]}" "$SC" measure dgemm --testbed "$TB" --np "$nodes" --runs "$RUNS" --out "$out" >&2
        mark "$out"
      fi
    fi
    cleanup
  done
done
log "done"
