#!/usr/bin/env bash
# Poll cost in wall time and in the rank's own CPU time (issue #22, 2026-12-02): `measure iprobe` (sc_iprobe, which
# times each phase with MPI_Wtime and CLOCK_THREAD_CPUTIME_ID) on a core per rank and where ranks share cores, with
# the tree code's MCA settings (common.sh SHM_MCA / SHM4_MCA; the testbed's own), to see what the wall-time figure
# holds beyond the rank's own work when a core is shared:
#   shm-2r           2 ranks on shared memory, one per core (SHM_MCA)
#   shm-3r           3 ranks, ranks 0 and 2 on core 0, rank 1 alone on core 1 (SHM4_MCA)
#   shm-3r-ws0       the same, arithmetic only (--working-set-kb 0): what the cache walk adds after a switch
#   shm-4r           4 ranks, two per core (SHM4_MCA)
#   testbed-2n-1gbit 2 testbed nodes, one core each
#   testbed-3n-1gbit 3 testbed nodes, nodes 0 and 2 on core 0
#   shm-5r, testbed-5n-1gbit  5 ranks or nodes, 0, 2 and 4 on core 0 (not in the default list)
#   shm-Nr, testbed-Nn-RATE   any N (shm-1r: the 1-rank anchor's poll)
#   CONFIG-ws0       any of them with arithmetic only (--working-set-kb 0): what the cache walk adds after a switch
# Every other setting as the committed iprobe traces (100000 polls, 2 us of work, WS_KB = one core's L2 from sysfs).
# WALK=F.bin: the poll timed inside sc_treecode's own walk of that particle set instead (measure iprobe
# --treecode-particles; WS_KB and -ws0 do not apply).
# Under flock /tmp/scalecast-measure.lock, nice -n -19, QUIET=1 recommended (each configuration is its own short
# measured stretch). Output: traces/raw/treecode/diagnostics/2026-12-02-iprobe-cpu/CONFIG.csv (summary traces; the
# '# per_rank:' line gives each rank's medians). Existing files are kept. Usage: collect-iprobe-cpu.sh [CONFIG...]
set -euo pipefail
source "$(dirname "$(readlink -f "$0")")/common.sh"   # ROOT, SC, LOCK, log, testbed_line, cleanup, quiet_*, SHM_MCA, SHM4_MCA, l2_kib
RUNS="${RUNS:-2}"
REPEATS="${REPEATS:-5}"
TB="${TB:-ipc}"
WS_KB="${WS_KB:-$(l2_kib)}"
OUT="${OUT:-$ROOT/traces/raw/treecode/diagnostics/2026-12-02-iprobe-cpu}"
NICE=(nice -n -19)
configs=("$@"); [ ${#configs[@]} -gt 0 ] || configs=(shm-2r shm-3r shm-3r-ws0 shm-4r testbed-2n-1gbit testbed-3n-1gbit)
mkdir -p "$OUT"
quiet_setup

measure() {   # $1 = config, then measure iprobe's placement options
  local cfg="$1" out="$OUT/$1.csv" ws="$WS_KB"; shift
  [ -s "$out" ] && { log "$out: already there"; return 0; }
  case "$cfg" in *-ws0) ws=0;; esac
  quiet_on
  local what=(--working-set-kb "$ws"); [ -n "${WALK:-}" ] && what=(--treecode-particles "$WALK")
  "${NICE[@]}" "$SC" measure iprobe "$@" --runs "$RUNS" --repeats "$REPEATS" "${what[@]}" --out "$out.tmp" >&2 || {
    quiet_off; rm -f "$out.tmp"; log "$cfg: FAILED"; return 0; }
  quiet_off
  mark_priority "$out.tmp"
  local q; q="$(quiet_line)"; [ -n "$q" ] && sed -i "/^# loadavg:/a # $q" "$out.tmp"
  sed -i "/^# loadavg:/a # collected by: scripts/real-runs/collect-iprobe-cpu.sh ($cfg${NOTE:+; $NOTE})" "$out.tmp"
  case "$cfg" in testbed-*) sed -i "/^# loadavg:/a # testbed: $(testbed_line); 1 rank per node; the nodes share this host's 2 cores" "$out.tmp";; esac
  mv "$out.tmp" "$out"
  log "$cfg: $(grep -E '^# per_rank:' "$out")"
}

exec 9>"$LOCK"
log "waiting for the measurement lock"; flock 9; log "lock taken"
for cfg in "${configs[@]}"; do
  case "$cfg" in
    shm-*r|shm-*r-ws0)   # 1-2 ranks: a core each (SHM_MCA); more: bound to the 2 cores in turn (SHM4_MCA)
      n="${cfg#shm-}"; n="${n%%r*}"
      if [ "$n" -le 2 ]; then measure "$cfg" --np "$n" --mpirun-args "$SHM_MCA"; else measure "$cfg" --np "$n" --mpirun-args "$SHM4_MCA"; fi;;
    testbed-*n-*)
      n="${cfg#testbed-}"; n="${n%%n-*}"; rate="${cfg%-ws0}"; rate="${rate##*-}"
      [ -s "$OUT/$cfg.csv" ] && { log "$cfg: already there"; continue; }
      cleanup; "$SC" testbed up --name "$TB" --nodes "$n" --rate "$rate" >&2
      measure "$cfg" --testbed "$TB" --np "$n"
      cleanup;;
    *) log "unknown configuration $cfg"; exit 2;;
  esac
done
log "done"
