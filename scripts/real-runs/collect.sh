#!/usr/bin/env bash
# The real runs of issue #4, taken under flock /tmp/scalecast-measure.lock (one measurement at a
# time on this shared host), each with loadavg before/after recorded:
#   A. our ping-pong probe across 2 testbed nodes at 100mbit and 1gbit (3 launches merged)
#   B. HPCC 1.5.0 (HPL + StarDGEMM + ping-pong of the same run) across 2 testbed nodes, 1 rank
#      per node, at 100mbit and 1gbit, N in $TB_NS
#   C. HPCC on shared memory (this host, no testbed) with 1 and 2 ranks, N in $SHM_NS
# Repeats are the outer loop so that an interrupted collection still has every configuration.
# Raw outputs: traces/raw/hpcc/<config>/n<N>-r<REP>/{hpccinf.txt,hpccoutf.txt,run.txt}.
# SHAPES=1: after each repeat's HPCC runs of a setup, in the same locked stretch, the dgemm shape
#   trace HPL's kernels need (measure dgemm --k, 2 ranks loaded and rank 0 alone) goes to
#   traces/raw/hpcc/<setup>-shapes/r<REP>.csv (setup = shm or testbed-2n-RATE), so that the shape
#   kernel model sees the same window of this shared VM as the runs it predicts (docs/hpl.md).
# Usage: scripts/real-runs/collect.sh [pingpong] [hpcc-testbed] [hpcc-shm]   (default: all)
#        ONE_LOCK=1 flock /tmp/scalecast-measure.lock scripts/real-runs/collect.sh ...   (HPCC runs under a lock the caller holds)
set -euo pipefail
source "$(dirname "$(readlink -f "$0")")/common.sh"   # ROOT, SC, LOCK, log, testbed_line, cleanup (trap EXIT)
REPEATS="${REPEATS:-3}"
TB_NS="${TB_NS:-1000 2000}"
SHM_NS="${SHM_NS:-1000 2000 3000}"
RATES="${RATES:-100mbit 1gbit}"
TB=rr   # testbed name used for the runs
# The host is shared with builds and tests of other work: run the measured processes at the
# highest priority so that their timings show the machine rather than the queue (recorded in run.txt).
NICE=(${NICE-nice -n -19})
parts=("$@"); [ ${#parts[@]} -gt 0 ] || parts=(pingpong hpcc-testbed hpcc-shm)
want() { local p; for p in "${parts[@]}"; do [ "$p" = "$1" ] && return 0; done; return 1; }


# The dgemm shape trace of one repeat's window: $1 = setup (shm, testbed-2n-RATE), $2 = rep.
shapes_run() {
  [ "${SHAPES:-0}" = 1 ] || return 0
  local setup="$1" rep="$2"
  # only a repeat whose runs were taken now: an older repeat's window is gone
  [ "$ran" = 1 ] || { log "$setup shapes rep=$rep: no run taken in this pass, no shape trace"; return 0; }
  local out="$ROOT/traces/raw/hpcc/$setup-shapes/r$rep.csv"
  [ -s "$out" ] && { log "$setup shapes rep=$rep: already there"; return 0; }
  mkdir -p "$(dirname "$out")"
  [ "${ONE_LOCK:-0}" = 1 ] || { exec 9>"$LOCK"; flock 9; }
  local rc=0
  "${NICE[@]}" "$SC" measure dgemm --np 2 --k "${SHAPE_KS:-1,2,4,8,16,32,80}" \
    --sizes "${SHAPE_SIZES:-32,64,128,256,512,1024,2048,3072}" --budget 0.1 --min-reps 3 --max-reps 50 \
    --out "$out.tmp" >/dev/null || rc=$?
  [ "${ONE_LOCK:-0}" = 1 ] || { flock -u 9; exec 9>&-; }
  if [ "$rc" != 0 ]; then rm -f "$out.tmp"; log "$setup shapes rep=$rep: FAILED (exit $rc)"; return 0; fi
  sed -i "/^# loadavg:/a # window: taken right after repeat $rep of the $setup HPCC runs, in the same locked stretch (scripts/real-runs/collect.sh SHAPES=1); the measure command and everything it launched ran under ${NICE[*]:-normal priority}" "$out.tmp"
  mv "$out.tmp" "$out"
  log "$setup shapes rep=$rep: $out"
}

if want pingpong; then
  for rate in $RATES; do
    out="$ROOT/traces/testbed/pingpong-2n-$rate.csv"
    [ -s "$out" ] && { log "pingpong $rate: already there"; continue; }
    cleanup; "$SC" testbed up --name "$TB" --nodes 2 --rate "$rate" >&2
    log "pingpong $rate: waiting for the measurement lock"
    flock "$LOCK" "${NICE[@]}" "$SC" measure pingpong --testbed "$TB" --np 2 --runs "$REPEATS" --max-bytes 4MiB \
      --out "$out" >&2
    if [ ${#NICE[@]} -gt 0 ]; then
      sed -i "/^# loadavg:/a # priority: the measure command and everything it launched ran under ${NICE[*]} (host shared with other work)" "$out"
    fi
    sed -i "/^# loadavg:/a # testbed: $(testbed_line); tbf on both ends of each node's veth, 1 rank per node" "$out"
    cleanup
  done
fi

for rep in $(seq 1 "$REPEATS"); do
  if want hpcc-testbed; then
    for rate in $RATES; do
      cleanup; "$SC" testbed up --name "$TB" --nodes 2 --rate "$rate" >&2
      ran=0
      for n in $TB_NS; do
        hpcc_run "$ROOT/traces/raw/hpcc/testbed-2n-$rate/n$n-r$rep" "testbed-2n-$rate n=$n rep=$rep" "$rep" 2 "$n 1 2" "$SC" testbed run --name "$TB" --timeout 1200 -- \
          "{mpirun}" -np 2 --map-by node hpcc
      done
      shapes_run "testbed-2n-$rate" "$rep"
      cleanup
    done
  fi
  if want hpcc-shm; then
    ran=0
    for ranks in 1 2; do
      for n in $SHM_NS; do
        hpcc_run "$ROOT/traces/raw/hpcc/shm-${ranks}r/n$n-r$rep" "shm-${ranks}r n=$n rep=$rep" "$rep" "$ranks" "$n 1 $ranks" timeout 1200 mpirun --allow-run-as-root -np "$ranks" hpcc
      done
    done
    shapes_run shm "$rep"
  fi
done
log "done"
