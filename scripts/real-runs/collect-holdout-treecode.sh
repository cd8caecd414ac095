#!/usr/bin/env bash
# Held-out tree-code runs (issue #22, validation/holdout/README.md): sc_treecode at a particle count (120000) and a
# rank count (3) that no development case has, both distributions, particle seed 2 (the development sets use seed 1):
#   shm-3r               3 ranks on this host's shared memory (2 cores: the placement of collect-treecode.sh's 4 ranks,
#                        SHM4_MCA in common.sh, so ranks 0 and 2 share core 0)
#   testbed-3n-RATE      3 testbed nodes, one rank each, at 1gbit and 100mbit (the nodes share this host's 2 cores)
# Same code options as the development runs (collect-treecode.sh: --wait yield, 2 steps; the validation uses step 2).
# NP (default 3) sets the rank count: configurations shm-<NP>r and testbed-<NP>n-RATE (the second held-out batch of
# validation/holdout/README.md: NP=5 N=160000 SEED=3 RAW=traces/raw/holdout/treecode-b2).
# Repeats are the outer loop (REPEATS, default 5); one locked stretch per repeat, with every other process on the host
# held to 5 % of a CPU (QUIET=1, common.sh); a run whose table exists is skipped (resumable). No run is dropped.
# Raw outputs: traces/raw/holdout/treecode/<config>/<distribution>-r<REP>.csv (+ .log).
# A development batch (runs for designing the model, never held out) takes the same path with its own RAW, N, SEED
# and SET (the provenance label): scripts/real-runs/collect-treecode-dev-3r.sh.
set -euo pipefail
QUIET="${QUIET:-1}"
source "$(dirname "$(readlink -f "$0")")/common.sh"
quiet_setup
REPEATS="${REPEATS:-5}"; NP="${NP:-3}"; N="${N:-120000}"; SEED="${SEED:-2}"; SET="${SET:-held-out set}"
RATES="${RATES:-1gbit 100mbit}"; DISTS="clustered smooth"; TB="${TB:-ho}"
PARTS_DIR="${PARTS_DIR:-/tmp/scalecast-holdout-particles}"
RAW="${RAW:-$ROOT/traces/raw/holdout/treecode}"
mkdir -p "$PARTS_DIR"
for d in $DISTS; do
  f="$PARTS_DIR/$d$N-s$SEED.bin"
  [ -s "$f" ] || nice -n 19 "$SC" treecode particles --n "$N" --distribution "$d" --seed "$SEED" --out "$f" >&2
done
missing() { local d; for d in $DISTS; do [ -s "$RAW/$1/$d-r$2.csv" ] || return 0; done; return 1; }
config_runs() {   # $1 = config, $2 = repeat, then treecode run options; the caller holds the lock
  local cfg="$1" rep="$2" d prov; shift 2
  mkdir -p "$RAW/$cfg"
  for d in $DISTS; do
    [ -s "$RAW/$cfg/$d-r$rep.csv" ] && continue
    prov="# collected by: scripts/real-runs/collect-holdout-treecode.sh ($SET, repeat $rep of $REPEATS)"
    case "$cfg" in testbed-*) prov="$prov\n# testbed: $(testbed_line); one rank per node; the nodes share this host's 2 cores";; esac
    [ "$QUIET" = 1 ] && prov="$prov\n# $(quiet_line)"
    prov="$prov\n# priority: the run (scalecast and everything it launched) ran under nice -n -19"
    treecode_quiet_run "$RAW/$cfg/$d-r$rep.csv" "$prov" --particles "$PARTS_DIR/$d$N-s$SEED.bin" --timeout 900 "$@"
  done
}
for rep in $(seq 1 "$REPEATS"); do
  log "rep=$rep: waiting for the measurement lock"; exec 9>"$LOCK"; flock 9; log "rep=$rep: lock taken"
  missing "shm-${NP}r" "$rep" && config_runs "shm-${NP}r" "$rep" --np "$NP" --mpirun-args "$SHM4_MCA"
  for rate in $RATES; do
    missing "testbed-${NP}n-$rate" "$rep" || continue
    cleanup; "$SC" testbed up --name "$TB" --nodes "$NP" --rate "$rate" >&2
    config_runs "testbed-${NP}n-$rate" "$rep" --np "$NP" --testbed "$TB"
    cleanup
  done
  flock -u 9; exec 9>&-
done
log "done"
