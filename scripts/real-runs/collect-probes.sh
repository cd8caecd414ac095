#!/usr/bin/env bash
# Our own probes across the testbed (issue #4), under flock /tmp/scalecast-measure.lock and
# nice -n -19 like collect.sh:
#   b_eff across 2 and 4 nodes at 100mbit and 1gbit (L_max capped, see below), 3 launches each
#   dgemm per rank with 2 and 4 ranks placed one per node (the "nodes" share the host's cores)
#   on request only: ping-pong (as collect.sh's; across 4 nodes every pair at once, --all-pairs) and
#   Worley's swap across 2 nodes at each rate
# NODES="2" or "4" restricts everything to one node count (default both).
# b_eff's L_max is memory/128 by definition; here it is capped at $BEFF_LMAX (1 MiB) because one
# 128 MiB message takes 10 s at 100 Mbit/s and the run would last hours. The cap is in provenance.
# Stop it with SIGINT/SIGTERM only between measurements: its EXIT trap takes the testbed down,
# which kills a measurement in flight (by design: nothing may outlive the testbed).
# Usage: scripts/real-runs/collect-probes.sh [beff] [dgemm] [pingpong] [swap]   (default: beff dgemm)
#        TB_UP_ARGS=--line-rate-cap OUT_DIR=traces/testbed/capped scripts/real-runs/collect-probes.sh pingpong swap beff
#        (the capped campaign: every testbed brought up with the extra options, traces in another folder)
set -euo pipefail
source "$(dirname "$(readlink -f "$0")")/common.sh"   # ROOT, SC, LOCK, log, testbed_line, cleanup (trap EXIT)
RUNS="${RUNS:-1}"   # launches per trace (3 when the host is quiet enough); b_eff itself repeats every measurement 3 times inside one launch
RATES="${RATES:-100mbit 1gbit}"
BEFF_LMAX="${BEFF_LMAX:-1MiB}"
BEFF_RANDOM="${BEFF_RANDOM:-10}"
BEFF_T="${BEFF_T:-0.2}"   # target seconds per length and method (b_eff 3.5 uses 0.5; shortened for the shared host)
SWAP_REPEATS="${SWAP_REPEATS:-3}"   # swaps per point inside one launch (the swap's own min over repeats)
TB_UP_ARGS="${TB_UP_ARGS:-}"   # extra `testbed up` options, e.g. --line-rate-cap (recorded in the traces' testbed line)
OUT_DIR="${OUT_DIR:-traces/testbed}"   # relative to the repository
TB="${TB:-rb}"   # testbed name: another name lets a second collection run beside this one
NICE=(${NICE-nice -n -19})
parts=("$@"); [ ${#parts[@]} -gt 0 ] || parts=(beff dgemm)
for p in "${parts[@]}"; do
  case "$p" in beff|dgemm|pingpong|swap) ;; *) echo "collect-probes.sh: unknown part $p (expected beff dgemm pingpong swap)" >&2; exit 2;; esac
done
want() { local p; for p in "${parts[@]}"; do [ "$p" = "$1" ] && return 0; done; return 1; }
OUT="$ROOT/$OUT_DIR"
mkdir -p "$OUT"

mark() {  # record the testbed and the priority in the trace's provenance
  if [ ${#NICE[@]} -gt 0 ]; then
    sed -i "/^# loadavg:/a # testbed: $(testbed_line); tbf on both ends of each node's veth, ranks placed one per node (scalecast testbed up --name $TB --nodes $nodes --rate $rate${TB_UP_ARGS:+ $TB_UP_ARGS})" "$1"
    sed -i "/^# loadavg:/a # priority: under flock $LOCK, the measure command and everything it launched ran under ${NICE[*]} (host shared with other work)" "$1"
  fi
}

for nodes in ${NODES:-2 4}; do
  for rate in $RATES; do
    cleanup; "$SC" testbed up --name "$TB" --nodes "$nodes" --rate "$rate" $TB_UP_ARGS >&2
    if want pingpong && [ "$nodes" = 2 ]; then
      out="$OUT/pingpong-2n-$rate.csv"
      if [ ! -s "$out" ]; then
        log "pingpong 2n $rate: waiting for the measurement lock (load $(cut -d' ' -f1-3 /proc/loadavg))"
        flock "$LOCK" "${NICE[@]}" "$SC" measure pingpong --testbed "$TB" --np 2 --runs "$RUNS" --max-bytes 4MiB --out "$out" >&2
        mark "$out"
      fi
    fi
    if want pingpong && [ "$nodes" = 4 ]; then
      out="$OUT/pingpong-4n-$rate-pairs.csv"
      if [ ! -s "$out" ]; then
        log "pingpong 4n $rate all pairs: waiting for the measurement lock (load $(cut -d' ' -f1-3 /proc/loadavg))"
        flock "$LOCK" "${NICE[@]}" "$SC" measure pingpong --testbed "$TB" --np 4 --all-pairs --runs "$RUNS" --max-bytes 4MiB --out "$out" >&2
        mark "$out"
      fi
    fi
    if want swap && [ "$nodes" = 2 ]; then
      out="$OUT/swap-2n-$rate.csv"
      if [ ! -s "$out" ]; then
        log "swap 2n $rate: waiting for the measurement lock (load $(cut -d' ' -f1-3 /proc/loadavg))"
        flock "$LOCK" "${NICE[@]}" "$SC" measure swap --testbed "$TB" --np 2 --volume 1048576 --max-messages 64 \
          --repeats "$SWAP_REPEATS" --out "$out" --summary-out "${out%.csv}-summary.csv" >&2
        mark "$out"; mark "${out%.csv}-summary.csv"
      fi
    fi
    if want beff; then
      out="$OUT/beff-${nodes}n-$rate.csv"
      if [ ! -s "$out" ]; then
        log "beff ${nodes}n $rate: waiting for the measurement lock (load $(cut -d' ' -f1-3 /proc/loadavg))"
        flock "$LOCK" "${NICE[@]}" "$SC" measure beff --testbed "$TB" --np "$nodes" --runs "$RUNS" --lmax "$BEFF_LMAX" \
          --random "$BEFF_RANDOM" --time-per-loop "$BEFF_T" --timeout 3000 --out "$out" --summary-out "${out%.csv}-summary.csv" >&2
        mark "$out"; mark "${out%.csv}-summary.csv"
      fi
    fi
    if want dgemm && [ "$rate" = "${RATES%% *}" ]; then
      out="$OUT/dgemm-${nodes}n.csv"
      if [ ! -s "$out" ]; then
        log "dgemm ${nodes}n: waiting for the measurement lock (load $(cut -d' ' -f1-3 /proc/loadavg))"
        flock "$LOCK" "${NICE[@]}" "$SC" measure dgemm --testbed "$TB" --np "$nodes" --runs "$RUNS" --out "$out" >&2
        mark "$out"
      fi
    fi
    cleanup
  done
done
log "done"
