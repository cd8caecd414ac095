#!/usr/bin/env bash
# The real runs of issue #8: the MPI tree code (sc_treecode) measured on this host, taken under
# flock /tmp/scalecast-measure.lock with the measured processes at nice -n -19 and loadavg
# before/after recorded in each run's table:
#   dgemm     per-rank dgemm rate with 2 and with 4 ranks loaded on this host's 2 cores (node
#             measurements for the platforms: traces/local/dgemm-treecode-{2,4}r.csv), and the
#             sustained rate of 4 ranks (traces/local/dgemm-treecode-4r-sustained.csv, measure dgemm --sustained)
#   shm       1, 2 and 4 ranks on this host's shared memory (vader, copy-in/copy-out as the
#             ping-pong trace traces/local/pingpong-shm-2r-nocma.csv was measured; 4 ranks: SHM4_MCA in common.sh)
#   testbed   2 and 4 testbed nodes (one rank each) at 100mbit and 1gbit (testbed $TB, always torn down)
# both particle distributions (clustered, smooth), $N particles, $STEPS steps (the validation
# uses steps 2.. : ORB balanced by the previous step's work, as a running PKDGRAV).
# Repeats are the outer loop, so an interrupted collection still has every configuration; a run
# whose table exists is skipped (resumable). One locked stretch = one repeat of everything (the first
# also takes the dgemm traces): 14 runs of ~5-20 s, ~5 min. The lock is contended by several
# sessions (waits of 10-30 min were seen), so a few short stretches finish sooner than many tiny ones.
# Raw outputs: traces/raw/treecode/<config>/<distribution>-r<REP>.csv (+ .log with the command's output).
# Usage: scripts/real-runs/collect-treecode.sh [dgemm] [shm] [testbed]   (default: all); NODES="2" or "4": testbed node counts (default both)
set -euo pipefail
source "$(dirname "$(readlink -f "$0")")/common.sh"   # ROOT, SC, LOCK, log, testbed_line, cleanup (trap EXIT), SHM_MCA, SHM4_MCA
REPEATS="${REPEATS:-3}"
N="${N:-200000}"
STEPS="${STEPS:-2}"
RATES="${RATES:-100mbit 1gbit}"
DISTS="${DISTS:-clustered smooth}"
TB="${TB:-tc}"
PARTS_DIR="${PARTS_DIR:-/tmp/scalecast-treecode-particles}"
# How ranks wait for MPI (docs/treecode.md, "Ranks sharing cores"): the same for every run.
WAIT_ARGS=(--wait "${WAIT:-yield}" --spin-us "${SPIN_US:-50}" --sleep-us "${SLEEP_US:-1000}")
# Open MPI turns mpi_yield_when_idle on by itself when ranks outnumber slots (every empty poll
# then calls sched_yield); the code's own wait policy decides instead, in every configuration.
NOYIELD="--mca mpi_yield_when_idle 0"
# SHM_MCA (1 and 2 ranks: $NOYIELD) and SHM4_MCA (4 ranks) come from common.sh. With SHM4_MCA every empty poll
# yields the core to the other rank on it, so a cache request waits for a poll gap, not for the scheduler's
# slice: with mpi_yield_when_idle 0 a step took 10-12 s instead of 2.2-2.3 s (2026-12-01 00:45 UTC; those runs
# are in traces/raw/treecode/diagnostics/shm-4r-noyield/).
# On the testbed keep its own mpi_yield_when_idle 1 (TB_MCA empty): a rank that computes without
# entering the kernel keeps the veth softirq that delivers a cache request off its core; repeat 1 of
# 2026-11-30 ran with TB_MCA="$NOYIELD" and saw 0.5-1.3 ms per request (validation/treecode-real-runs.md).
TB_MCA="${TB_MCA-}"
NICE=(nice -n -19)
RAW="$ROOT/traces/raw/treecode"
parts=("$@"); [ ${#parts[@]} -gt 0 ] || parts=(dgemm shm testbed)
want() { local p; for p in "${parts[@]}"; do [ "$p" = "$1" ] && return 0; done; return 1; }

mkdir -p "$PARTS_DIR"
for d in $DISTS; do
  f="$PARTS_DIR/$d$N.bin"
  [ -s "$f" ] || chrt --idle 0 nice -n 19 "$SC" treecode particles --n "$N" --distribution "$d" --seed 1 --out "$f" >&2
done

lock() { log "$1: waiting for the measurement lock"; exec 9>"$LOCK"; flock 9; log "$1: lock taken"; }
unlock() { flock -u 9; exec 9>&-; }
# $1 = config folder, $2 = rep: are runs missing?
missing() { local d; for d in $DISTS; do [ -s "$RAW/$1/$d-r$2.csv" ] || return 0; done; return 1; }

# One configuration's runs (the caller holds the lock): $1 = config folder, $2 = rep, $3.. = treecode run options.
config_runs() {
  local cfg="$1" rep="$2"; shift 2
  local todo=() d
  for d in $DISTS; do [ -s "$RAW/$cfg/$d-r$rep.csv" ] || todo+=("$d"); done
  [ ${#todo[@]} -gt 0 ] || { log "$cfg rep=$rep: already there"; return 0; }
  mkdir -p "$RAW/$cfg"
  for d in "${todo[@]}"; do
    local out="$RAW/$cfg/$d-r$rep.csv" rc=0
    # the scalecast command records loadavg before/after each launch and the mpirun command line
    "${NICE[@]}" "$SC" treecode run --particles "$PARTS_DIR/$d$N.bin" --steps "$STEPS" --repeats 1 --timeout 600 \
      "${WAIT_ARGS[@]}" "$@" --out "$out.tmp" > "$RAW/$cfg/$d-r$rep.log" 2>&1 || rc=$?
    if [ "$rc" = 0 ]; then
      sed -i "/^# loadavg:/a # priority: the run (scalecast and everything it launched) ran under ${NICE[*]}, host shared with other work" "$out.tmp"
      case "$cfg" in testbed-*) sed -i "/^# loadavg:/a # testbed: $(testbed_line); one rank per node; the nodes share this host's 2 cores" "$out.tmp";; esac
      mv "$out.tmp" "$out"
      log "$cfg $d rep=$rep: $(tail -2 "$RAW/$cfg/$d-r$rep.log" | head -1)"
    else
      rm -f "$out.tmp"; log "$cfg $d rep=$rep: FAILED (exit $rc), see $RAW/$cfg/$d-r$rep.log"
    fi
  done
}

for rep in $(seq 1 "$REPEATS"); do
  need=0
  want dgemm && { [ -s "$ROOT/traces/local/dgemm-treecode-2r.csv" ] && [ -s "$ROOT/traces/local/dgemm-treecode-4r.csv" ] \
    && [ -s "$ROOT/traces/local/dgemm-treecode-4r-sustained.csv" ] || need=1; }
  want shm && { missing shm-1r "$rep" || missing shm-2r "$rep" || missing shm-4r "$rep"; } && need=1
  for rate in $RATES; do
    want testbed && { missing "testbed-2n-$rate" "$rep" || missing "testbed-4n-$rate" "$rep"; } && need=1
  done
  [ "$need" = 1 ] || { log "rep=$rep: already there"; continue; }
  lock "rep=$rep"
  if want dgemm; then
    for np in 2 4; do
      out="$ROOT/traces/local/dgemm-treecode-${np}r.csv"
      [ -s "$out" ] && continue
      "${NICE[@]}" "$SC" measure dgemm --np "$np" --mpirun-args "$SHM_MCA" --sizes 96,128,192,256,384 \
        --runs 3 --out "$out" >&2
      sed -i "/^# loadavg:/a # priority: the measure command and everything it launched ran under ${NICE[*]} (host shared with other work)" "$out"
      log "dgemm ${np}r: $(grep -E '^192,' "$out" | tr '\n' ' ')"
    done
    # 4 ranks on 2 cores: a single call fits in one scheduler slice, so the per-call rate above does
    # not see the sharing a second-long walk phase gets; the sustained rate (calls back to back) does.
    out="$ROOT/traces/local/dgemm-treecode-4r-sustained.csv"
    if [ ! -s "$out" ]; then
      "${NICE[@]}" "$SC" measure dgemm --np 4 --mpirun-args "$SHM_MCA" --sizes 192 --sustained 2 --runs 3 --out "$out" >&2
      sed -i "/^# loadavg:/a # priority: the measure command and everything it launched ran under ${NICE[*]} (host shared with other work)" "$out"
      log "dgemm 4r sustained: $(grep -E '^192,' "$out" | tr '\n' ' ')"
    fi
  fi
  if want shm; then
    for np in 1 2; do
      config_runs "shm-${np}r" "$rep" --np "$np" --mpirun-args "$SHM_MCA"
    done
    config_runs "shm-4r" "$rep" --np 4 --mpirun-args "$SHM4_MCA"
  fi
  if want testbed; then
    for rate in $RATES; do
      for nodes in ${NODES:-2 4}; do
        missing "testbed-${nodes}n-$rate" "$rep" || continue
        cleanup; "$SC" testbed up --name "$TB" --nodes "$nodes" --rate "$rate" >&2
        config_runs "testbed-${nodes}n-$rate" "$rep" --np "$nodes" --testbed "$TB" ${TB_MCA:+--mpirun-args "$TB_MCA"}
        cleanup
      done
    done
  fi
  unlock
done
log "done"
