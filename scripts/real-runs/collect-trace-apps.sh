#!/usr/bin/env bash
# Issue #25's real runs: the programs whose traces are recorded on this host's shared memory
# (traces/apps/NAME-shm-4r, `scalecast trace record --np 4`, 4 ranks folded on the 2 cores) run
# unmodified on the testbed, 4 ranks on 4 (or 2, CONFIGS) nodes (ranks in blocks: node k has ranks
# k*4/N .. (k+1)*4/N-1), at 100mbit and 1gbit, REPEATS times each, under the measurement lock
# (QUIET=1 by default: every other process held to 5 % of a CPU during each stretch, common.sh).
# The measured time is what a trace replay predicts: from the last rank's return from MPI_Init
# to the last rank's entry into MPI_Finalize, taken by libscrec with SCREC_SPAN=1 (it records
# nothing else then; CLOCK_MONOTONIC, one clock for every namespace of the host).
# Programs (each a few seconds; their work does not depend on timing, so a trace of one run is
# the work of every run):
#   treecode  sc_treecode, 20000 smooth particles (seed 1), 2 steps, --wait yield
#   lammps    Debian's LAMMPS (lmp, package lammps), its examples/melt/in.melt (3d LJ melt, 4000 atoms, 250 steps)
#   pingpong  sc_pingpong --pairs all, 1 B - 64 KiB, 50 round trips per size (fixed), both pairs at once
# and, for held-out batch b2 (validation/holdout/README.md), three other workloads of the same programs:
#   treecode-clustered  sc_treecode, 30000 clustered particles (seed 2), 2 steps, --wait yield
#   lammps-crack        Debian's LAMMPS, its examples/crack/in.crack (2d LJ crack, 8000 atoms, 5000 short steps)
#   pingpong-1mib       sc_pingpong --pairs all, 1 B - 1 MiB (eager and rendezvous), 20 round trips per size
# and, for held-out batch b3 (NP=2, one rank per node: no two ranks share a core), three more:
#   treecode-smooth40k  sc_treecode, 40000 smooth particles (seed 3), 2 steps, --wait yield
#   lammps-friction     Debian's LAMMPS, its examples/friction/in.friction (2d LJ friction, 20000 short steps)
#   lammps-micelle      Debian's LAMMPS, its examples/micelle/in.micelle (2d bead-spring micelles, 2 x 1000 steps)
# and, for held-out batch b4 (NP=2; recorded with the recorder's clock fix and MPI_Request_free of sends), four more:
#   treecode-clustered50k  sc_treecode, 50000 clustered particles (seed 4), 2 steps, --wait yield
#   lammps-obstacle     Debian's LAMMPS, its examples/obstacle/in.obstacle (2d LJ flow around an obstacle)
#   lammps-flow         Debian's LAMMPS, its examples/flow/in.flow.pois (2d Poiseuille flow)
#   lammps-nemd         Debian's LAMMPS, its examples/nemd/in.nemd (non-equilibrium MD; frees its send requests)
# batch b5 (validation/holdout/README.md), workloads no earlier batch has:
#   treecode-smooth60k  sc_treecode, 60000 smooth particles (seed 5), 2 steps, --wait yield
#   lammps-pour         Debian's LAMMPS, its examples/pour/in.pour.2d (2d granular pour, particles inserted as it runs)
#   lammps-dipole       Debian's LAMMPS, its examples/dipole/in.dipole (2d point dipoles)
#   lammps-colloid      Debian's LAMMPS, its examples/colloid/in.colloid (2d big and small particles)
# NP=N runs N ranks (default 4): traces in APPS/<prog>-shm-<N>r, N/nodes ranks per node.
# Traces are recorded with --gzip (rank files and bursts as .gz, about a tenth of the size: docs/trace.md, "Compressed
# trace folders"), so a held-out batch's commit stays small; every scalecast command reads them as plain ones.
# Raw: traces/raw/trace-apps/<nodes>n-<rate>/<prog>-r<REP>.txt; tables: validation/trace-<prog>/measured.csv.
# Usage: scripts/real-runs/collect-trace-apps.sh [record] [runs] [tables]   (default: all three)
# RATE_FROM=FILE records with --rate-from FILE (the dgemm trace or platform the validation cases calibrate from).
# SCALECAST=path overrides the launcher (e.g. a copy of the build that no rebuild touches meanwhile).
# RAW=DIR writes the runs there instead (a diagnostic or a held-out batch), TB_UP_ARGS="..." adds testbed up options
# (e.g. --burst 4MiB). APPS=DIR records the traces into DIR/<prog>-shm-4r (default traces/apps); TABLE=PATTERN writes
# each program's table to the folder PATTERN with %s replaced by the program (default validation/trace-%s).
set -euo pipefail
QUIET="${QUIET:-1}"   # before common.sh, whose own default is 0
source "$(dirname "$(readlink -f "$0")")/common.sh"
SC="${SCALECAST:-$SC}"
TB="${TB:-trc}"
REPEATS="${REPEATS:-5}"
NP="${NP:-4}"
CONFIGS="${CONFIGS:-4:1gbit 4:100mbit 2:1gbit 2:100mbit}"
PROGS="${PROGS:-treecode lammps pingpong}"
PROBES="${PROBES:-$ROOT/target/probes}"
LIB="${LIB:-$PROBES/libscrec.so}"
RAW="${RAW:-$ROOT/traces/raw/trace-apps}"   # RAW=DIR: runs elsewhere (a diagnostic)
IN="${IN:-/tmp/scalecast-trace-apps}"
APPS="${APPS:-$ROOT/traces/apps}"
TABLE="${TABLE:-$ROOT/validation/trace-%s}"
NICE=(nice -n -19)
parts=("$@"); [ ${#parts[@]} -gt 0 ] || parts=(record runs tables)
want() { local p; for p in "${parts[@]}"; do [ "$p" = "$1" ] && return 0; done; return 1; }

mkdir -p "$IN"
[ -s "$IN/smooth20000.bin" ] || "$SC" treecode particles --n 20000 --distribution smooth --seed 1 --out "$IN/smooth20000.bin" >&2
case " $PROGS " in *" treecode-clustered "*)
  [ -s "$IN/clustered30000-s2.bin" ] || "$SC" treecode particles --n 30000 --distribution clustered --seed 2 --out "$IN/clustered30000-s2.bin" >&2 ;;
esac
case " $PROGS " in *" treecode-smooth40k "*)
  [ -s "$IN/smooth40000-s3.bin" ] || "$SC" treecode particles --n 40000 --distribution smooth --seed 3 --out "$IN/smooth40000-s3.bin" >&2 ;;
esac
case " $PROGS " in *" treecode-clustered50k "*)
  [ -s "$IN/clustered50000-s4.bin" ] || "$SC" treecode particles --n 50000 --distribution clustered --seed 4 --out "$IN/clustered50000-s4.bin" >&2 ;;
esac
case " $PROGS " in *" treecode-smooth60k "*)
  [ -s "$IN/smooth60000-s5.bin" ] || "$SC" treecode particles --n 60000 --distribution smooth --seed 5 --out "$IN/smooth60000-s5.bin" >&2 ;;
esac
case " $PROGS " in *" lammps"*)
  # Debian's LAMMPS (its example inputs come with the package); installed here when missing, as root
  [ -s /usr/share/lammps/examples/melt/in.melt ] || { log "installing Debian's lammps (lmp and its examples)"; DEBIAN_FRONTEND=noninteractive apt-get install -y -q lammps >&2; }
  cp /usr/share/lammps/examples/melt/in.melt "$IN/in.melt"; cp /usr/share/lammps/examples/crack/in.crack "$IN/in.crack"
  cp /usr/share/lammps/examples/friction/in.friction "$IN/in.friction"; cp /usr/share/lammps/examples/micelle/data.micelle "$IN/data.micelle"
  # in.micelle reads its data file from the working folder: the copy names it by its full path
  sed "s|data.micelle|$IN/data.micelle|" /usr/share/lammps/examples/micelle/in.micelle > "$IN/in.micelle"
  cp /usr/share/lammps/examples/obstacle/in.obstacle /usr/share/lammps/examples/flow/in.flow.pois /usr/share/lammps/examples/nemd/in.nemd "$IN/"
  cp /usr/share/lammps/examples/pour/in.pour.2d /usr/share/lammps/examples/dipole/in.dipole /usr/share/lammps/examples/colloid/in.colloid "$IN/" ;;
esac
prog_cmd() {
  case "$1" in
    treecode) echo "$PROBES/sc_treecode $IN/smooth20000.bin --steps 2 --wait yield" ;;
    lammps) echo "/usr/bin/lmp -in $IN/in.melt -log none -screen none" ;;
    pingpong) echo "$PROBES/sc_pingpong --pairs all --max-bytes 65536 --min-reps 50 --max-reps 50 --warmup 2 --trials 1" ;;
    treecode-clustered) echo "$PROBES/sc_treecode $IN/clustered30000-s2.bin --steps 2 --wait yield" ;;
    lammps-crack) echo "/usr/bin/lmp -in $IN/in.crack -log none -screen none" ;;
    pingpong-1mib) echo "$PROBES/sc_pingpong --pairs all --max-bytes 1048576 --min-reps 20 --max-reps 20 --warmup 2 --trials 1" ;;
    treecode-smooth40k) echo "$PROBES/sc_treecode $IN/smooth40000-s3.bin --steps 2 --wait yield" ;;
    lammps-friction) echo "/usr/bin/lmp -in $IN/in.friction -log none -screen none" ;;
    lammps-micelle) echo "/usr/bin/lmp -in $IN/in.micelle -log none -screen none" ;;
    treecode-clustered50k) echo "$PROBES/sc_treecode $IN/clustered50000-s4.bin --steps 2 --wait yield" ;;
    lammps-obstacle) echo "/usr/bin/lmp -in $IN/in.obstacle -log none -screen none" ;;
    lammps-flow) echo "/usr/bin/lmp -in $IN/in.flow.pois -log none -screen none" ;;
    lammps-nemd) echo "/usr/bin/lmp -in $IN/in.nemd -log none -screen none" ;;
    treecode-smooth60k) echo "$PROBES/sc_treecode $IN/smooth60000-s5.bin --steps 2 --wait yield" ;;
    lammps-pour) echo "/usr/bin/lmp -in $IN/in.pour.2d -log none -screen none" ;;
    lammps-dipole) echo "/usr/bin/lmp -in $IN/in.dipole -log none -screen none" ;;
    lammps-colloid) echo "/usr/bin/lmp -in $IN/in.colloid -log none -screen none" ;;
    *) echo "collect-trace-apps: unknown program $1 (treecode, lammps, pingpong, treecode-clustered, lammps-crack, pingpong-1mib, treecode-smooth40k, lammps-friction, lammps-micelle, treecode-clustered50k, lammps-obstacle, lammps-flow, lammps-nemd, treecode-smooth60k, lammps-pour, lammps-dipole, lammps-colloid)" >&2; exit 2 ;;
  esac
}
for p in $PROGS; do prog_cmd "$p" > /dev/null || exit 2; done
lock() { log "$1: waiting for the measurement lock"; exec 9>"$LOCK"; flock 9; quiet_on; }
unlock() { quiet_off; flock -u 9; exec 9>&-; }
quiet_setup

if want record; then
  for p in $PROGS; do
    lock "record $p"
    # shellcheck disable=SC2046
    "$SC" trace record --out "$APPS/$p-shm-${NP}r" --np "$NP" --gzip ${RATE_FROM:+--rate-from "$RATE_FROM"} -- $(prog_cmd "$p") >&2
    unlock
  done
fi

# one measured run: $1 = config dir, $2 = program, $3 = repeat, $4 = retries so far (the caller holds the lock)
one() {
  local cfg="$1" p="$2" rep="$3" out="$RAW/$1/$2-r$3.txt" work rc=0 before after start
  [ -s "$out" ] && return 0
  work="$(mktemp -d /tmp/sc-trace-apps.XXXXXX)"; chmod 777 "$work"
  before="$(cut -d' ' -f1-3 /proc/loadavg)"; start="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  # shellcheck disable=SC2046
  "$SC" testbed run --name "$TB" --timeout 300 --workdir "$work" -- "${NICE[@]}" {mpirun} -np "$NP" \
    -x LD_PRELOAD="$LIB" -x SCREC_DIR="$work" -x SCREC_SPAN=1 $(prog_cmd "$p") > "$work/stdout.txt" 2>&1 || rc=$?
  after="$(cut -d' ' -f1-3 /proc/loadavg)"
  local n; n="$(find "$work" -name 'rank-*.span' | wc -l)"
  if [ "$rc" != 0 ] || [ "$n" != "$NP" ]; then
    # Open MPI's daemons sometimes fail to start ("mkdir /tmp/ompi.vm.0/jf.N: File exists", a session folder of
    # another job with the same family id on this host): such a launch is tried again, twice at most
    log "$cfg $p r$rep: FAILED (exit $rc, $n span files; $(grep -m1 -o 'Error: *[A-Za-z ]*\|unable to [a-z ]*' "$work/stdout.txt" || true)); output kept in $work"
    [ "${4:-0}" -lt 2 ] && one "$cfg" "$p" "$rep" $(( ${4:-0} + 1 ))
    return 0
  fi
  mkdir -p "$RAW/$cfg"
  {
    echo "time_s: $(cat "$work"/rank-*.span | awk 'NR==1{i=$1;f=$2} {if($1>i)i=$1; if($2>f)f=$2} END{printf "%.6f", f-i}')"
    echo "spans: $(cat "$work"/rank-*.span | tr '\n' ';')"
    echo "config: $cfg"; echo "program: $p"; echo "repeat: $rep"; echo "start: $start"
    echo "loadavg_before: $before"; echo "loadavg_after: $after"
    echo "command: ${NICE[*]} {mpirun} -np $NP -x LD_PRELOAD=$LIB -x SCREC_SPAN=1 $(prog_cmd "$p")"
    echo "mpi: $(mpirun --version 2>&1 | head -1)"
    echo "host: $(uname -n) $(uname -srm), $(nproc) cores"
    echo "testbed: $(testbed_line)"
    quiet_line
  } > "$out"
  log "$cfg $p r$rep: $(head -1 "$out")"
  rm -rf "$work"
}

if want runs; then
  # STRETCH=all: one lock around every configuration (testbed set-ups included)
  if [ "${STRETCH:-repeat}" = all ]; then lock "all configurations"; fi
  for c in $CONFIGS; do
    nodes="${c%%:*}"; rate="${c##*:}"; cfg="${nodes}n-$rate"
    cleanup
    "$SC" testbed up --name "$TB" --nodes "$nodes" --rate "$rate" --slots $((NP / nodes)) ${TB_UP_ARGS:-} >&2
    # STRETCH=config: one lock for all repeats of a configuration (when the lock is contended, each wait for it is minutes)
    if [ "${STRETCH:-repeat}" = config ]; then lock "$cfg"; fi
    for rep in $(seq 1 "$REPEATS"); do
      [ "${STRETCH:-repeat}" != repeat ] || lock "$cfg r$rep"
      for p in $PROGS; do one "$cfg" "$p" "$rep"; done
      [ "${STRETCH:-repeat}" != repeat ] || unlock
    done
    if [ "${STRETCH:-repeat}" = config ]; then unlock; fi
    cleanup
  done
  if [ "${STRETCH:-repeat}" = all ]; then unlock; fi
fi

if want tables; then
  for p in $PROGS; do
    # shellcheck disable=SC2059
    dir="$(printf "$TABLE" "$p")"; mkdir -p "$dir"
    {
      echo "# kind: apprun"
      echo "# source: measured here: scripts/real-runs/collect-trace-apps.sh ($p unmodified on the testbed, libscrec with SCREC_SPAN=1 timing MPI_Init to MPI_Finalize)"
      echo "# note: time_s = median over repeats of (last rank's MPI_Finalize entry - last rank's MPI_Init return); spread = (max-min)/median; rate = 1/time_s; $NP ranks in blocks over the nodes; raw runs with loadavg and the testbed line: ${RAW#"$ROOT"/}/<nodes>n-<rate>/$p-r*.txt"
      echo "# command: $(prog_cmd "$p")"
      echo "# host: $(uname -n) $(uname -srm), $(nproc) cores"
      echo "# mpi: $(mpirun --version 2>&1 | head -1)"
      echo "# date: $(grep -h '^start:' "$RAW"/*/"$p"-r*.txt 2>/dev/null | sort | head -1 | cut -d' ' -f2) .. $(grep -h '^start:' "$RAW"/*/"$p"-r*.txt 2>/dev/null | sort | tail -1 | cut -d' ' -f2)"
      echo "# loadavg: $(for f in "$RAW"/*/"$p"-r*.txt; do [ -s "$f" ] && printf '%s: [before %s; after %s] ' "${f#"$RAW"/}" "$(grep '^loadavg_before' "$f" | cut -d' ' -f2-)" "$(grep '^loadavg_after' "$f" | cut -d' ' -f2-)"; done)"
      echo "app,ranks,nodes,parameters,time_s,rate,rate_unit,repeat,spread,link_rate,time_min_s,time_max_s"
      for c in $CONFIGS; do
        nodes="${c%%:*}"; rate="${c##*:}"; cfg="${nodes}n-$rate"
        ls "$RAW/$cfg/$p"-r*.txt >/dev/null 2>&1 || continue
        grep -h '^time_s:' "$RAW/$cfg/$p"-r*.txt | cut -d' ' -f2 | sort -g | awk -v p="$p" -v n="$nodes" -v r="$rate" -v np="$NP" '
          { t[NR] = $1 } END {
            m = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
            printf "%s,%d,%d,link=%s,%.6f,%.6f,1/s,%d,%.4f,%s,%.6f,%.6f\n", p, np, n, r, m, 1 / m, NR, (t[NR] - t[1]) / m, r, t[1], t[NR] }'
      done
    } > "$dir/measured.csv"
    log "wrote $dir/measured.csv"
  done
fi
