#!/usr/bin/env bash
# Does a rank waiting inside MPI take CPU from a rank computing on the same core? sc_waitshare (src/main/c/waitshare.c)
# with both ranks on core 0 (taskset -c 0, --bind-to none), over shared memory (vader) and TCP, with Open MPI's
# mpi_yield_when_idle 1 (the setting of the testbed's launches and of the oversubscribed shared-memory runs) and 0.
# Under the lock with every other process capped (QUIET=1), at nice -19. Existing outputs are kept.
# Output: traces/raw/diagnostics/2026-12-02-wait-share/{vader,tcp}-yield{0,1}.txt
set -euo pipefail
QUIET="${QUIET:-1}"
source "$(dirname "$(readlink -f "$0")")/common.sh"
quiet_setup
TB=none
NICE=(nice -n -19)
OUT="$ROOT/traces/raw/diagnostics/2026-12-02-wait-share"; mkdir -p "$OUT"
PROBE="$ROOT/target/probes/sc_waitshare"
[ -x "$PROBE" ] || { log "$PROBE missing: build first (./scalecast --help builds it)"; exit 1; }
exec 9>"$LOCK"; log "waiting for the measurement lock"; flock 9; log "lock taken"
for btl in vader tcp; do
  for y in 1 0; do
    out="$OUT/$btl-yield$y.txt"; [ -s "$out" ] && { log "$out: already there"; continue; }
    cmd=(taskset -c 0 mpirun -np 2 --allow-run-as-root --oversubscribe --bind-to none --mca btl "self,$btl"
         --mca mpi_yield_when_idle "$y" "$PROBE" --repeats 5)
    quiet_on
    before="$(cut -d' ' -f1-3 /proc/loadavg)"; start="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    res="$("${NICE[@]}" "${cmd[@]}")"
    after="$(cut -d' ' -f1-3 /proc/loadavg)"
    quiet_off
    {
      echo "# kind: diagnostic"
      echo "# source: scalecast C+MPI probe sc_waitshare (src/main/c/waitshare.c)"
      echo "# host: $(uname -n) ($(uname -srm), $(nproc) cores)"
      echo "# mpi: $(mpirun --version 2>&1 | head -1)"
      echo "# date: $start"
      echo "# command: ${NICE[*]} ${cmd[*]}"
      echo "# loadavg: [before $before; after $after]"
      echo "# $(quiet_line)"
      echo "# priority: under flock $LOCK, the launch under ${NICE[*]}"
      echo "# collected by: scripts/real-runs/collect-wait-share.sh"
      echo "repetition,wall_s,cpu_s,wall_over_cpu"
      awk '$1=="WAITSHARE" {printf "%s,%s,%s,%.4f\n", $2, $3, $4, $3/$4}' <<< "$res"
    } > "$out.tmp"
    mv "$out.tmp" "$out"; log "$out: $(awk -F, 'NR>11 {s=s" "$4} END {print "wall/cpu" s}' "$out")"
  done
done
flock -u 9; exec 9>&-
log "done"
