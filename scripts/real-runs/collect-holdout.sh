#!/usr/bin/env bash
# The sealed held-out HPL runs (validation/holdout/README.md): HPCC 1.5.0 at HPL configurations that no
# development case has, measured once. Each run is taken under flock /tmp/scalecast-measure.lock with the
# measured processes at nice -n -19, loadavg before/after and the window in run.txt (common.sh hpcc_run).
# Repeats are the outer loop so that an interrupted collection still has every configuration; a complete run
# is never taken again (resumable, and sealed: delete nothing to "improve" a result).
#   shm         2 ranks on this host's shared memory
#   100mbit     2 testbed nodes (1 rank each) joined at 100 Mbit/s (tbf), testbed $TB
#   1gbit       the same at 1 Gbit/s
# Configurations "N P Q NB BCAST" per setup (BCAST: 1 = 1rM, HPCC's default; 3 = 2rM; 4 = Lng). At 100 Mbit/s one
# HPCC run takes ~3 min whatever N (its LatencyBandwidth and RandomAccess sections), at 1 Gbit/s ~1 min, so those
# setups have one and two configurations. QUIET=1 (default here, common.sh): every other process on the host is held
# to 5 % of one CPU during each run; GAP seconds (default 20) between runs let that other work go on.
# Raw outputs: traces/raw/holdout/hpcc/<setup>/n<N>-nb<NB>-<P>x<Q>-b<BCAST>-r<REP>/{hpccinf.txt,hpccoutf.txt,run.txt}.
# Usage: scripts/real-runs/collect-holdout.sh [shm] [100mbit] [1gbit]   (default: all); REPEATS (default 5)
# A development batch (new runs for designing a model, never held out) takes the same path with its own RAW and
# configurations: SHM_LIST / GBIT_LIST / MBIT_LIST = configurations separated by ';' (scripts/real-runs/collect-hpl-dev.sh).
# RECHECK=traces/suite/S (the suite the predictions came from) runs `scalecast measure recheck` just before each run and
# writes its line into run.txt (RECHECK_ARGS="--testbed ho" for a testbed suite: the nodes this script brings up); with
# GATE=N a run whose node is more than 10 % off the suite's waits 30 s and rechecks, up to N times, and is skipped
# (logged) if it never holds, at once when the suite's own two dgemm steps disagree (measure recheck says so): the check
# a user makes before a run (docs/hpl.md). common.sh hpcc_run does it.
set -euo pipefail
QUIET="${QUIET:-1}"   # before common.sh, whose own default is 0
source "$(dirname "$(readlink -f "$0")")/common.sh"   # ROOT, SC, LOCK, log, testbed_line, cleanup, hpcc_run
REPEATS="${REPEATS:-5}"
TB=ho
NICE=(nice -n -19)
RAW="${RAW:-$ROOT/traces/raw/holdout/hpcc}"
quiet_setup
SHM_CONFIGS=("3000 1 2 64 1" "4000 2 1 128 1" "5000 1 2 160 3" "4000 1 2 96 4")
GBIT_CONFIGS=("3000 1 2 64 1" "4000 2 1 128 1")
MBIT_CONFIGS=("3000 1 2 64 1")
list() { local -n out="$1"; [ -n "${2:-}" ] || return 0; IFS=';' read -r -a out <<< "$2"; }
list SHM_CONFIGS "${SHM_LIST:-}"; list GBIT_CONFIGS "${GBIT_LIST:-}"; list MBIT_CONFIGS "${MBIT_LIST:-}"
parts=("$@"); [ ${#parts[@]} -gt 0 ] || parts=(shm 100mbit 1gbit)
want() { local p; for p in "${parts[@]}"; do [ "$p" = "$1" ] && return 0; done; return 1; }
name() { local -a c; read -r -a c <<< "$1"; echo "n${c[0]}-nb${c[3]}-${c[1]}x${c[2]}-b${c[4]}"; }
# $1 = setup, $2 = rep, then the configs: is a run missing?
missing() {
  local setup="$1" rep="$2" c; shift 2
  for c in "$@"; do grep -qs "End of Summary section" "$RAW/$setup/$(name "$c")-r$rep/hpccoutf.txt" || return 0; done
  return 1
}

ran=0
for rep in $(seq 1 "$REPEATS"); do
  if want shm; then
    for c in "${SHM_CONFIGS[@]}"; do
      hpcc_run "$RAW/shm-2r/$(name "$c")-r$rep" "shm-2r $(name "$c") rep=$rep" "$rep" 2 "$c" \
        timeout 1200 mpirun --allow-run-as-root -np 2 hpcc
      [ "$ran" = 1 ] && sleep "${GAP:-20}"; ran=0
    done
  fi
  for rate in 1gbit 100mbit; do
    want "$rate" || continue
    if [ "$rate" = 1gbit ]; then configs=("${GBIT_CONFIGS[@]}"); else configs=("${MBIT_CONFIGS[@]}"); fi
    missing "testbed-2n-$rate" "$rep" "${configs[@]}" || continue
    cleanup; "$SC" testbed up --name "$TB" --nodes 2 --rate "$rate" >&2
    for c in "${configs[@]}"; do
      hpcc_run "$RAW/testbed-2n-$rate/$(name "$c")-r$rep" "testbed-2n-$rate $(name "$c") rep=$rep" "$rep" 2 "$c" \
        "$SC" testbed run --name "$TB" --timeout 1200 -- "{mpirun}" -np 2 --map-by node hpcc
      [ "$ran" = 1 ] && sleep "${GAP:-20}"; ran=0
    done
    cleanup
  done
done
log "done"
