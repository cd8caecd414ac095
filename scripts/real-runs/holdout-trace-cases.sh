#!/usr/bin/env bash
# A held-out batch of trace-replay cases (issue #25, validation/holdout/README.md): for each program, the case
# validation/holdout/trace-PROG-BATCH/case.json with docs/trace.md's recipe ("Validation cases"): calibrate each
# configuration from its own suite (2 nodes: the 2-node suite with the intra-node ping-pong of that rate; 4 nodes:
# the 4-node testbed's suite), then predict trace once per configuration. Then, with `record`, the predictions
# computed now, before any run of the batch is taken, into OUT (validation/holdout/trace-BATCH-predicted-before-runs.csv),
# with SMPI's replay of the same traces on the same platforms beside them (--engine smpi, without --polls).
# Usage: BATCH=b1 APPS=traces/apps/DAY S2G=traces/suite/X S2M=... S4G=... S4M=... INTRA=traces/testbed/DAY \
#          scripts/real-runs/holdout-trace-cases.sh [cases] [record]   (default: both; PROGS="treecode lammps pingpong")
# The runs are then taken by collect-trace-apps.sh with RAW=traces/raw/holdout/trace-apps-BATCH runs tables and
# TABLE=validation/holdout/trace-%s-BATCH.
# NP=2 (default 4): traces APPS/PROG-shm-2r, 2-node configurations only (S2G, S2M), one rank per node, so neither the
# 4-node suites nor the intra-node ping-pong are used (S4G, S4M, INTRA may be left out).
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)"
SC="$ROOT/scalecast"
NP="${NP:-4}"
: "${BATCH:?BATCH=b1 names the batch}" "${APPS:?APPS=the folder of the recorded traces}" "${S2G:?}" "${S2M:?}"
if [ "$NP" = 4 ]; then : "${INTRA:?INTRA=the intra-node ping-pong folder}" "${S4G:?}" "${S4M:?}";
elif [ "$NP" = 2 ]; then INTRA=""; S4G=""; S4M="";
else echo "holdout-trace-cases: NP=$NP: expected 2 or 4" >&2; exit 2; fi
PROGS="${PROGS:-treecode lammps pingpong}"
OUT="${OUT:-$ROOT/validation/holdout/trace-$BATCH-predicted-before-runs.csv}"
parts=("$@"); [ ${#parts[@]} -gt 0 ] || parts=(cases record)
want() { local p; for p in "${parts[@]}"; do [ "$p" = "$1" ] && return 0; done; return 1; }
for d in "$APPS" "$INTRA" "$S2G" "$S2M" "$S4G" "$S4M"; do
  [ -z "$d" ] || [ -d "$ROOT/$d" ] || { echo "holdout-trace-cases: no folder $d" >&2; exit 2; }
done

if want cases; then
  for p in $PROGS; do
    [ -d "$ROOT/$APPS/$p-shm-${NP}r" ] || { echo "holdout-trace-cases: no trace $APPS/$p-shm-${NP}r" >&2; exit 2; }
    dir="$ROOT/validation/holdout/trace-$p-$BATCH"; mkdir -p "$dir"
    python3 - "$dir/case.json" "$p" "$BATCH" "$APPS" "$INTRA" "$S2G" "$S2M" "$S4G" "$S4M" "$NP" <<'EOF'
import json, os, sys
out, prog, batch, apps, intra, s2g, s2m, s4g, s4m, np = sys.argv[1:]
np = int(np)
steps, predicted = [], []
configs = ((2, "1gbit", s2g), (4, "1gbit", s4g), (2, "100mbit", s2m), (4, "100mbit", s4m))
for nodes, rate, suite in [c for c in configs if c[0] <= np]:
    cal = ["calibrate", "--traces", suite]
    if np // nodes > 1:
        cal += ["--intra-pingpong", f"{intra}/pingpong-intra-2n-{rate}.csv"]
    cal += ["--nodes", str(nodes), "--cores-per-node", "1", "--name", f"tb{nodes}-{rate}", "--out", f"{{work}}/p{nodes}-{rate}.xml"]
    steps.append(cal)
    steps.append(["predict", "trace", "--trace", f"{apps}/{prog}-shm-{np}r", "--platform", f"{{work}}/p{nodes}-{rate}.xml",
                  "--ranks-per-node", str(np // nodes), "--app", prog, "--label", f"link_rate={rate}", "--polls",
                  "--out", f"{{work}}/t{nodes}-{rate}.csv"])
    predicted.append(f"{{work}}/t{nodes}-{rate}.csv")
case = {
    "title": f"Held-out trace replay, batch {batch}: {prog}, {np} ranks on "
             + ("2 and 4 testbed nodes" if np == 4 else "2 testbed nodes, one rank per node,")
             + f" at 1 Gbit/s and 100 Mbit/s; trace recorded on shared memory ({apps}/{prog}-shm-{np}r), platforms by calibrate --traces of each "
             f"configuration's own suite (docs/trace.md, 'Validation cases')",
    "steps": steps,
    "predicted": predicted,
    "measured": "measured.csv",
    "key": ["app", "nodes", "link_rate"],
    "predicted_value": "time_s",
    "measured_value": "time_s",
    "tolerance": {"max_abs_rel_error": 0.2, "median_abs_rel_error": 0.1},
    "source": f"real runs of the unmodified program on the testbed, taken after the predictions were recorded "
              f"(validation/holdout/trace-{batch}-predicted-before-runs.csv; scripts/real-runs/collect-trace-apps.sh, "
              f"5 repeats per configuration, medians); inputs: {', '.join(x for x in (s2g, s2m, s4g, s4m, intra, apps) if x)} only; "
              f"run times are only compared against",
}
tmp = out + ".tmp"
with open(tmp, "w") as f:
    json.dump(case, f, indent=2)
    f.write("\n")
os.replace(tmp, out)
EOF
    echo "holdout-trace-cases: wrote ${dir#"$ROOT"/}/case.json" >&2
  done
fi

if want record; then
  work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
  rows="$work/rows.csv"; : > "$rows"
  for p in $PROGS; do
    dir="$ROOT/validation/holdout/trace-$p-$BATCH"
    # both engines on the same platforms (docs/trace.md: SMPI's figure is the same step with --engine smpi, no --polls)
    mapfile -t ours < <("$ROOT/scripts/real-runs/case-steps.sh" "$dir" "$work/$p")
    mapfile -t theirs < <("$ROOT/scripts/real-runs/case-steps.sh" "$dir" "$work/$p-smpi" --engine smpi)
    # and scalecast's platform without the network stack's CPU (calibrate --no-network-cpu), beside it
    mapfile -t bare < <(CAL_EXTRA=--no-network-cpu "$ROOT/scripts/real-runs/case-steps.sh" "$dir" "$work/$p-bare")
    [ "${#ours[@]}" -gt 0 ] && [ "${#ours[@]}" = "${#theirs[@]}" ] && [ "${#ours[@]}" = "${#bare[@]}" ] \
      || { echo "holdout-trace-cases: $p: a step failed" >&2; exit 1; }
    for i in "${!ours[@]}"; do
      python3 -c 'import csv,sys
def rows(f): return list(csv.DictReader([l for l in open(f) if not l.startswith("#")]))
for d, e, b in zip(rows(sys.argv[1]), rows(sys.argv[2]), rows(sys.argv[4])):
    assert (d["nodes"], d["link_rate"]) == (e["nodes"], e["link_rate"]) == (b["nodes"], b["link_rate"])
    print(",".join([sys.argv[3], d["nodes"], d["link_rate"], d["time_s"], e["time_s"], b["time_s"]]))' "${ours[$i]}" "${theirs[$i]}" "$p" "${bare[$i]}" >> "$rows"
    done
  done
  tmp="$OUT.tmp.$$"
  {
    echo "# kind: prediction-record"
    echo "# source: scalecast $(git -C "$ROOT" rev-parse --short HEAD), predicted on $(date -u +%Y-%m-%dT%H:%M:%SZ) before any run of the batch was taken, by scripts/real-runs/holdout-trace-cases.sh (the steps of validation/holdout/trace-PROG-$BATCH/case.json; smpi_time_s: the same predict steps with --engine smpi and without --polls, SimGrid's smpireplaymain; no_network_cpu_time_s: the same steps with calibrate --no-network-cpu); the cases recompute these when validate runs"
    echo "app,nodes,link_rate,predicted_time_s,smpi_time_s,no_network_cpu_time_s"
    sort "$rows"
  } > "$tmp"
  mv "$tmp" "$OUT"
  echo "holdout-trace-cases: $(wc -l < "$rows") predictions in ${OUT#"$ROOT"/}" >&2
fi
