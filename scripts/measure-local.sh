#!/usr/bin/env bash
# Re-measures the committed traces of this machine (traces/local/): our probes and NetPIPE,
# 2 ranks on shared memory, each measurement under the shared measurement lock and repeated.
# Usage: scripts/measure-local.sh [pingpong|pingpong-netpipe|netpipe|swap|beff|dgemm ...]   (default: all)
#        ONE_LOCK=1 flock /tmp/scalecast-measure.lock scripts/measure-local.sh ...   (hold the lock throughout)
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
cd "$ROOT"
OUT=traces/local
LOCK=/tmp/scalecast-measure.lock
RUNS=${RUNS:-3}
mkdir -p "$OUT/raw"
what=("$@"); [ ${#what[@]} -eq 0 ] && what=(pingpong pingpong-netpipe netpipe swap beff dgemm)
# nice -19 inside the lock: the host's 2 cores are shared with other work (builds, tests); without
# it a rank waiting for its partner loses the core for a scheduler slice and large-message
# medians grow from ~0.1 ms to several ms (see pingpong-shm-2r-contended.csv).
WRAP=${WRAP:-nice -n -19}
# NOCMA=1: Open MPI's copy-in/copy-out shared-memory path instead of CMA (process_vm_readv), which is
# erratic on this VM at >= 512 KiB (traces/local/README.md); the files get a "-nocma" suffix.
MCA=(); SUF=""
if [ "${NOCMA:-0}" = 1 ]; then MCA=(--mca btl_vader_single_copy_mechanism none); SUF="-nocma"; fi
# ONE_LOCK=1: the caller already holds the lock for the whole series (one wait in the queue, not five).
if [ "${ONE_LOCK:-0}" = 1 ]; then locked() { "$@"; }; else locked() { flock "$LOCK" "$@"; }; fi
for w in "${what[@]}"; do
  case "$w" in
    pingpong) locked ./scalecast measure pingpong --wrapper "$WRAP" --np 2 --runs "$RUNS" ${MCA[@]+--mpirun-args "${MCA[*]}"} --out "$OUT/pingpong-shm-2r$SUF.csv" ;;
    # NetPIPE's measurement with our probe: its -I buffer layout and its blocks (3 trials of ~0.2 s of
    # back-to-back round trips: NetPIPE 3.7.2's TRIALS=3, RUNTM=0.1 s); compare time_block_s with NetPIPE's time
    pingpong-netpipe) locked ./scalecast measure pingpong --wrapper "$WRAP" --np 2 --runs "$RUNS" --buffers netpipe --trials 3 \
            --budget 0.6 --max-reps 200000 ${MCA[@]+--mpirun-args "${MCA[*]}"} --out "$OUT/pingpong-shm-2r$SUF-netpipe-layout.csv" ;;
    netpipe)
      # NPopenmpi 3.x: one line per size (bytes, Mbps, one-way seconds); -I invalidates the cache between
      # repetitions, like sc_pingpong's cyclic buffers, so both tools measure cache-cold messages.
      for i in $(seq 1 "$RUNS"); do
        f="$OUT/raw/netpipe-shm-2r$SUF.out"; [ "$i" -gt 1 ] && f="$OUT/raw/netpipe-shm-2r$SUF.run$i.out"
        tmp=$(mktemp -d)
        {
          echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
          echo "loadavg before: $(cut -d' ' -f1-3 /proc/loadavg)"
          echo "command: $WRAP mpirun -np 2 --allow-run-as-root ${MCA[*]} NPopenmpi -I -u 4194304 -o $(basename "$f")"
        } > "$tmp/prov"
        ( cd "$tmp" && locked $WRAP mpirun -np 2 --allow-run-as-root ${MCA[@]+"${MCA[@]}"} NPopenmpi -I -u 4194304 -o np.out > np.log 2>&1 )
        echo "loadavg after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$tmp/prov"
        mv "$tmp/np.out" "$f"
        mv "$tmp/prov" "${f%.out}.provenance.txt"
        rm -rf "$tmp"
      done ;;
    swap) locked ./scalecast measure swap --wrapper "$WRAP" --np 2 --runs "$RUNS" ${MCA[@]+--mpirun-args "${MCA[*]}"} \
            --out "$OUT/swap-shm-2r$SUF.csv" --summary-out "$OUT/swap-shm-2r$SUF-summary.csv" ;;
    # BEFF_ARGS: e.g. "--random 10 --time-per-loop 0.1" to shorten the run (recorded in the trace's command line)
    beff) locked ./scalecast measure beff --wrapper "$WRAP" --np 2 --runs "$RUNS" ${BEFF_ARGS:-} ${MCA[@]+--mpirun-args "${MCA[*]}"} \
            --out "$OUT/beff-shm-2r$SUF.csv" --summary-out "$OUT/beff-shm-2r$SUF-summary.csv" ;;
    dgemm) locked ./scalecast measure dgemm --wrapper "$WRAP" --np 2 --runs "$RUNS" --out "$OUT/dgemm.csv" ;;
    *) echo "measure-local.sh: unknown measurement $w (expected pingpong pingpong-netpipe netpipe swap beff dgemm)" >&2; exit 2 ;;
  esac
done
