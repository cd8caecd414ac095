#!/usr/bin/env bash
# The network and node traces the held-out tree-code cases (validation/holdout/treecode-*) are calibrated from, taken on
# the machine of their runs at another time than the runs (2026-12-02, after scripts/real-runs/collect-holdout-treecode.sh),
# the way the development folders traces/suite/treecode-2026-11-30-* were: the same probes, the same MCA settings as the
# runs' placements (common.sh: SHM_MCA for 1-2 ranks, SHM4_MCA for ranks that outnumber the cores), under the lock with
# every other process capped (QUIET=1), the probes at nice -19. Existing files are kept (delete one to re-measure it).
# Output: traces/local/2026-12-02/{dgemm-treecode-2r,dgemm-treecode-3r-sustained,pingpong-shm-2r-nocma,swap-shm-2r-nocma,release-shm-2r-nocma,
# iprobe-shm-1r,iprobe-shm-3r}.csv and traces/testbed/2026-12-02/iprobe-3n-{1gbit,100mbit}.csv.
# NP (default 3) sets the rank count of the loaded dgemm and the iprobe traces (dgemm-treecode-<NP>r-sustained,
# iprobe-shm-<NP>r, iprobe-<NP>n-RATE); the shared-memory pair traces and the 1-rank ones are the same for every NP.
# IPROBE_RUNS (default "--runs 3", batches 1 and 2): the launches of the NP-rank iprobe traces; batch 3 takes measure
# suite's "--runs 3 --max-runs 6" (launched again until the launches agree within 25 %). TAG (default empty) is appended
# to the NP-rank files' names (a second measurement of a placement, e.g. TAG=-b for the development 5-rank folders).
# The 2-rank dgemm (the anchor's rate and the shared-memory platforms') is launched again, up to 6 times, while its launches
# disagree or most of their ranks alone ran slower than the loaded ranks (measure dgemm --max-runs; since 2026-12-05).
# SKIP_IPROBE=1 stops after the dgemm and pair traces (batches from 4 on: their poll cost is measured in the walk).
# DAY (default 2026-12-02) names the output folders; PAIRS_TESTBED=1 also takes the testbed's pair traces (ping-pong, swap,
# release on 2 nodes at 1gbit and 100mbit, measure suite --testbed's options) into traces/testbed/$DAY/KIND-2n-RATE.csv.
set -euo pipefail
QUIET="${QUIET:-1}"
source "$(dirname "$(readlink -f "$0")")/common.sh"
quiet_setup
PURPOSE="${PURPOSE:-traces of the held-out tree-code cases, taken apart from their runs}"
TB="${TB:-hot}"; NP="${NP:-3}"; read -r -a IPROBE_RUNS <<< "${IPROBE_RUNS:---runs 3}"; TAG="${TAG:-}"
WS_KB="${WS_KB:-$(l2_kib)}"; WS_KB="${WS_KB:-0}"
NICE=(nice -n -19)
DAY="${DAY:-2026-12-02}"   # the folders' name: traces/local/$DAY, traces/testbed/$DAY (a later day or machine state: its own)
L="$ROOT/traces/local/$DAY"; T="$ROOT/traces/testbed/$DAY"; mkdir -p "$L" "$T"
mark() { sed -i "/^# loadavg:/a # priority: under flock $LOCK, the measure command and everything it launched under ${NICE[*]}\n# $(quiet_line)\n# collected by: scripts/real-runs/collect-holdout-treecode-traces.sh ($PURPOSE)" "$1"; }
one() {   # $1 = output, then the measure command's words
  local out="$1"; shift
  [ -s "$out" ] && { log "$out: already there"; return 0; }
  quiet_on; "${NICE[@]}" "$SC" measure "$@" --out "$out.tmp" >&2; quiet_off
  mark "$out.tmp"; mv "$out.tmp" "$out"; log "$out: written"
}
exec 9>"$LOCK"; log "waiting for the measurement lock"; flock 9; log "lock taken"
one "$L/dgemm-treecode-2r.csv" dgemm --np 2 --mpirun-args "$SHM_MCA" --sizes 96,128,192,256,384 --runs 3 --max-runs 6
one "$L/dgemm-treecode-${NP}r-sustained$TAG.csv" dgemm --np "$NP" --mpirun-args "$SHM4_MCA" --sizes 96,128,192,256,384 --sustained 2 --runs 3
one "$L/pingpong-shm-2r-nocma.csv" pingpong --np 2 --mpirun-args "$SHM_MCA" --runs 3
one "$L/swap-shm-2r-nocma.csv" swap --np 2 --mpirun-args "$SHM_MCA" --volume 8192 --max-messages 1024 --repeats 3 --runs 3
one "$L/release-shm-2r-nocma.csv" release --np 2 --mpirun-args "$SHM_MCA" --min-bytes 65536 --max-bytes 8388608 --repeats 5 --runs 3
if [ "${PAIRS_TESTBED:-0}" = 1 ]; then   # the testbed's own pair traces on 2 nodes per rate, as measure suite --testbed takes them
  for rate in 1gbit 100mbit; do
    [ -s "$T/pingpong-2n-$rate.csv" ] && [ -s "$T/swap-2n-$rate.csv" ] && [ -s "$T/release-2n-$rate.csv" ] && continue
    cleanup; "$SC" testbed up --name "$TB" --nodes 2 --rate "$rate" >&2
    one "$T/pingpong-2n-$rate.csv" pingpong --np 2 --testbed "$TB" --runs 3 --max-bytes 4MiB
    one "$T/swap-2n-$rate.csv" swap --np 2 --testbed "$TB" --volume 1048576 --max-messages 64 --repeats 3
    one "$T/release-2n-$rate.csv" release --np 2 --testbed "$TB" --runs 3
    for k in pingpong swap release; do sed -i "/^# loadavg:/a # testbed: $(testbed_line)" "$T/$k-2n-$rate.csv"; done
    cleanup
  done
fi
if [ "${SKIP_IPROBE:-0}" = 1 ]; then log "SKIP_IPROBE=1: no synthetic iprobe traces (the recipe's poll cost is the in-walk one: collect-holdout-treecode-walk.sh)"; flock -u 9; exec 9>&-; log "done"; exit 0; fi
one "$L/iprobe-shm-1r.csv" iprobe --np 1 --mpirun-args "$SHM_MCA" --runs 3 --repeats 3 --working-set-kb "$WS_KB"
one "$L/iprobe-shm-${NP}r$TAG.csv" iprobe --np "$NP" --mpirun-args "$SHM4_MCA" "${IPROBE_RUNS[@]}" --repeats 3 --working-set-kb "$WS_KB"
for rate in 1gbit 100mbit; do
  out="$T/iprobe-${NP}n-$rate$TAG.csv"; [ -s "$out" ] && continue
  cleanup; "$SC" testbed up --name "$TB" --nodes "$NP" --rate "$rate" >&2
  one "$out" iprobe --testbed "$TB" --np "$NP" "${IPROBE_RUNS[@]}" --repeats 3 --working-set-kb "$WS_KB"
  sed -i "/^# loadavg:/a # testbed: $(testbed_line); 1 rank per node; the nodes share this host's 2 cores" "$out"
  cleanup
done
flock -u 9; exec 9>&-
log "done"
