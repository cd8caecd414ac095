#!/usr/bin/env bash
# The sealed held-out HPL cases (validation/holdout/README.md) from the runs collect-holdout.sh took: for each setup,
# testbed tabulate-hpcc -> validation/holdout/hpl-SETUP/{measured.csv,runs.csv,dgemm.csv} and two case.json files,
# both built the way docs/hpl.md tells a user to predict a run before it happens, from traces taken at another time:
#   hpl-SETUP           calibrate --traces traces/suite/SUITE-SETUP (ping-pong, swap, release, iprobe, dgemm, rowswap; a suite
#                       older than rowswap.csv takes this host's traces/local or traces/testbed rowswap trace), then predict hpl
#   hpl-SETUP-pingpong  calibrate --pingpong … --dgemm … only (what a person with NetPIPE output and one dgemm trace has;
#                       the rest from the MPI profile the ping-pong names)
# runs.csv (one row per run, with its own StarDGEMM) is what validate's node check reads run by run (node_check runs);
# dgemm.csv (HPCC's own StarDGEMM of the runs) is kept for the record; no case reads it.
# Usage: scripts/real-runs/holdout-cases.sh   (RAW defaults to traces/raw/holdout/hpcc; a later batch of held-out runs:
#        RAW=traces/raw/holdout/hpcc-b2 SUFFIX=-b2 scripts/real-runs/holdout-cases.sh)
# Before a batch's runs exist, a setup's configurations come from SHM_LIST / GBIT_LIST / MBIT_LIST ("N P Q NB BCAST;...",
# as collect-holdout.sh takes them) and only the case.json files are written: what holdout-record.sh predicts from.
# A development batch (collect-hpl-dev.sh) is written by the same recipe into validation/ with OUT, SUFFIX, TITLE and
# ABOUT set (scripts/real-runs/hpl-dev-cases.sh).
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)"
RAW="$(readlink -f "${RAW:-$ROOT/traces/raw/holdout/hpcc}")"
RAW_REL="${RAW#$ROOT/}"
SUFFIX="${SUFFIX:-}"
OUT="${OUT:-$ROOT/validation/holdout}"
TITLE="${TITLE:-HELD-OUT: HPCC 1.5.0 HPL, SETUP, configurations no development case has}"
ABOUT="${ABOUT:-sealed held-out runs (validation/holdout/README.md)}"
SUITE="${SUITE:-2026-12-01}"   # the trace folders traces/suite/SUITE-SETUP (taken apart from the runs, same machine)
declare -A PLACEMENT=(
  [shm-2r]="2 ranks on this host's shared memory (Open MPI vader), mpirun -np 2"
  [testbed-2n-100mbit]="2 testbed nodes (network namespaces on this host, tbf 100mbit on each veth), 1 rank per node, mpirun --map-by node; each node pinned to one of the host's 2 cores"
  [testbed-2n-1gbit]="2 testbed nodes (network namespaces on this host, tbf 1gbit on each veth), 1 rank per node, mpirun --map-by node; each node pinned to one of the host's 2 cores")
declare -A LIST=([shm-2r]="${SHM_LIST:-}" [testbed-2n-1gbit]="${GBIT_LIST:-}" [testbed-2n-100mbit]="${MBIT_LIST:-}")
configs() {   # $1 = setup: "N NB P Q BCAST" per line, from the runs' folder names, else from the setup's list
  if [ -d "$RAW/$1" ]; then
    ls "$RAW/$1" | sed 's/-r[0-9]*$//' | sort -u | sed -E 's/^n([0-9]+)-nb([0-9]+)-([0-9]+)x([0-9]+)-b([0-9]+)$/\1 \2 \3 \4 \5/'
  elif [ -n "${LIST[$1]}" ]; then
    local c n p q nb bc; IFS=';' read -r -a cs <<< "${LIST[$1]}"
    for c in "${cs[@]}"; do read -r n p q nb bc <<< "$c"; echo "$n $nb $p $q $bc"; done
  fi
}
for setup in shm-2r testbed-2n-100mbit testbed-2n-1gbit; do
  mapfile -t cfgs < <(configs "$setup")
  [ ${#cfgs[@]} -gt 0 ] || { echo "no held-out runs in $RAW/$setup" >&2; continue; }
  case="hpl-$setup$SUFFIX"
  if [ "$setup" = shm-2r ]; then nodes=1; cores=2; rpn=2; else nodes=2; cores=1; rpn=1; fi
  mkdir -p "$OUT/$case" "$OUT/$case-pingpong"
  [ -d "$RAW/$setup" ] && "$ROOT/scalecast" testbed tabulate-hpcc "$RAW/$setup" --out "$OUT/$case" --nodes "$nodes" --placement "${PLACEMENT[$setup]}" >&2
  # one predict step per configuration (the runs' hpccinf.txt: N, NB, P, Q, BCAST)
  steps=(); files=()
  i=0
  for cfg in "${cfgs[@]}"; do
    i=$((i + 1))
    read -r n nb p q bc <<< "$cfg"
    steps+=("[\"predict\", \"hpl\", \"--platform\", \"{work}/p.xml\", \"--n\", \"$n\", \"--nb\", \"$nb\", \"--p\", \"$p\", \"--q\", \"$q\", \"--bcast\", \"$bc\", \"--quiet\", \"--out\", \"{work}/c$i.csv\"]")
    files+=("\"{work}/c$i.csv\"")
  done
  predict="$(IFS=,; echo "${steps[*]}")"; predicted="$(IFS=,; echo "${files[*]}")"
  # the node check: against the suite's square dgemm at the runs' StarDGEMM order where the suite took one (the same kernel),
  # else against the platform's node rate (HPL's rank-NB update)
  if [ -f "$ROOT/traces/suite/$SUITE-$setup/dgemm-square.csv" ]; then
    nodecheck="{\"square\": \"traces/suite/$SUITE-$setup/dgemm-square.csv\", \"dgemm_n\": \"dgemm_n\", \"measured_gflops\": \"star_dgemm_gflops_median\"}"
  else
    nodecheck="{\"platform\": \"{work}/p.xml\", \"measured_gflops\": \"star_dgemm_gflops_median\"}"
  fi
  for variant in "" "-pingpong"; do
    runs="runs.csv"; [ -n "$variant" ] && runs="../$case/runs.csv"
    check="${nodecheck%\}}, \"runs\": {\"table\": \"$runs\", \"measured_gflops\": \"star_dgemm_gflops\"}}"
    if [ -z "$variant" ]; then
      # a suite from before measure suite took rowswap.csv: this host's row interchange trace (traces/local/README.md)
      rowswap=""
      if [ ! -f "$ROOT/traces/suite/$SUITE-$setup/rowswap.csv" ]; then
        rs="traces/local/rowswap-shm-2r.csv"; [ "$setup" != "shm-2r" ] && rs="traces/testbed/rowswap-2n.csv"
        rowswap="\"--rowswap\", \"$rs\", "
      fi
      cal="[\"calibrate\", \"--traces\", \"traces/suite/$SUITE-$setup\", \"--nodes\", \"$nodes\", \"--cores-per-node\", \"$cores\", \"--name\", \"p\", $rowswap\"--out\", \"{work}/p.xml\"]"
      what="calibrate --traces traces/suite/$SUITE-$setup (measure suite and a repeated dgemm shape trace, taken on the same machine apart from the runs)"
    else
      cal="[\"calibrate\", \"--pingpong\", \"traces/suite/$SUITE-$setup/pingpong.csv\", \"--dgemm\", \"traces/suite/$SUITE-$setup/dgemm.csv\", \"--nodes\", \"$nodes\", \"--cores-per-node\", \"$cores\", \"--name\", \"p\", \"--out\", \"{work}/p.xml\"]"
      what="calibrate --pingpong and --dgemm only (the MPI profile the ping-pong names supplies the rest)"
      [ -s "$OUT/$case/measured.csv" ] && cp "$OUT/$case/measured.csv" "$OUT/$case-pingpong/measured.csv"
    fi
    cat > "$OUT/$case$variant/case.json" <<JSON
{
  "title": "${TITLE//SETUP/$setup}; platform by $what",
  "steps": [
    $cal,
    $predict
  ],
  "predicted": [$predicted],
  "measured": "measured.csv",
  "key": ["n", "nb", "p", "q"],
  "predicted_value": "gflops",
  "measured_value": "gflops",
  "node_check": $check,
  "tolerance": {"max_abs_rel_error": 0.15, "median_abs_rel_error": 0.08},
  "source": "$ABOUT: HPCC 1.5.0 HPL measured by scripts/real-runs/collect-holdout.sh, raw in $RAW_REL/$setup; median of the runs per configuration (spread in measured.csv); the platform comes only from network and node traces taken at other times (traces/suite/README.md); HPL Gflops are only compared against"
}
JSON
  done
done
