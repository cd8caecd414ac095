#!/usr/bin/env bash
# Does asynchronous progress in the MPI library shorten the tree code's waits? (issue #31, seed 000's LAM against MPICH.)
# sc_treecode on 3 testbed nodes (one rank each, the nodes share this host's 2 cores), 200000 clustered particles
# (seed 1, the development set), 2 steps, each configuration with Open MPI's TCP progress thread off (the default) and on
# (--mca btl_tcp_progress_thread 1, Open MPI 4.1.4's asynchronous progress of the TCP transport):
#   request    the code as it is: owners answer cache requests at their polls (every 64 node visits, after each
#              particle's pp forces)
#   rare       the same with the walk polling every 16384 node visits and after each bucket only (--poll-visits 16384
#              --poll-pp 0: no poll after each particle's pp forces): the wait
#              for an owner's next poll made large, to see whether the progress thread shortens it
#   rma        lines fetched with passive-target MPI_Get (--cache rma, osc pt2pt, the only one-sided component that runs
#              over the tcp BTL here): the library, not the owner's code, serves the request
# Configurations alternate inside each repeat (REPEATS, default 5); one locked stretch per repeat with every other
# process held to 5 % of a CPU (QUIET=1, common.sh); a run whose table exists is skipped (resumable). No run is dropped.
# Raw outputs: traces/raw/treecode/2026-12-02-progress/<config>-pt<0|1>/clustered-r<REP>.csv (+ .log).
set -euo pipefail
QUIET="${QUIET:-1}"
source "$(dirname "$(readlink -f "$0")")/common.sh"
quiet_setup
REPEATS="${REPEATS:-5}"; N="${N:-200000}"; SEED="${SEED:-1}"; RATE="${RATE:-100mbit}"; TB="${TB:-ap}"
CONFIGS="${CONFIGS:-request rare rma}"
PARTS_DIR="${PARTS_DIR:-/tmp/scalecast-dev-particles}"
RAW="${RAW:-$ROOT/traces/raw/treecode/2026-12-02-progress}"
mkdir -p "$PARTS_DIR"
f="$PARTS_DIR/clustered$N-s$SEED.bin"
[ -s "$f" ] || nice -n 19 "$SC" treecode particles --n "$N" --distribution clustered --seed "$SEED" --out "$f" >&2
options() {   # $1 = config: the treecode run options that make it
  case "$1" in
    request) echo "--cache request";;
    rare) echo "--cache request --poll-visits 16384 --poll-pp 0";;
    rma) echo "--cache rma";;
  esac
}
for rep in $(seq 1 "$REPEATS"); do
  log "rep=$rep: waiting for the measurement lock"; exec 9>"$LOCK"; flock 9; log "rep=$rep: lock taken"
  cleanup; "$SC" testbed up --name "$TB" --nodes 3 --rate "$RATE" >&2
  # alternate the progress thread's order between repeats, so neither setting always runs first
  order="0 1"; [ $((rep % 2)) = 0 ] && order="1 0"
  for cfg in $CONFIGS; do
    for pt in $order; do
      dir="$RAW/$cfg-pt$pt"; out="$dir/clustered-r$rep.csv"
      [ -s "$out" ] && continue
      mkdir -p "$dir"
      mca="--mca btl_tcp_progress_thread $pt"; [ "$cfg" = rma ] && mca="$mca --mca osc pt2pt"
      prov="# collected by: scripts/real-runs/collect-treecode-progress.sh (config $cfg, btl_tcp_progress_thread $pt, repeat $rep of $REPEATS)"
      prov="$prov\n# testbed: $(testbed_line); one rank per node; the nodes share this host's 2 cores"
      [ "$QUIET" = 1 ] && prov="$prov\n# $(quiet_line)"
      prov="$prov\n# priority: the run (scalecast and everything it launched) ran under nice -n -19"
      # shellcheck disable=SC2046
      treecode_quiet_run "$out" "$prov" --particles "$f" --np 3 --testbed "$TB" --timeout 600 $(options "$cfg") \
        --mpirun-args "$mca"
    done
  done
  cleanup
  flock -u 9; exec 9>&-
done
log "done"
