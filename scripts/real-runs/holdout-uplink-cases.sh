#!/usr/bin/env bash
# A held-out batch of issue #26's grouped-testbed cases (validation/holdout/README.md): the development cases
# validation/{alltoall,beff}-testbed-4n-2groups-100mbit-capped with every trace taken again into OUT_DIR by
# scripts/real-runs/collect-uplink.sh (calib before the predictions, runs after), the steps otherwise unchanged.
# Writes validation/holdout/{alltoall,beff}-testbed-4n-2groups-100mbit-BATCH/case.json and, with `record`, the
# predictions before the runs exist into validation/holdout/uplink-BATCH-predicted-before-runs.csv.
# Usage: BATCH=b1 OUT_DIR=traces/testbed/uplink-2026-12-04 scripts/real-runs/holdout-uplink-cases.sh [cases] [record]
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)"
: "${BATCH:?BATCH=b1 names the batch}" "${OUT_DIR:?OUT_DIR=the folder collect-uplink.sh wrote}"
parts=("$@"); [ ${#parts[@]} -gt 0 ] || parts=(cases record)
want() { local p; for p in "${parts[@]}"; do [ "$p" = "$1" ] && return 0; done; return 1; }
if want cases; then
  for k in alltoall beff; do
    src="$ROOT/validation/$k-testbed-4n-2groups-100mbit-capped" dst="$ROOT/validation/holdout/$k-testbed-4n-2groups-100mbit-$BATCH"
    mkdir -p "$dst"
    python3 - "$src/case.json" "$dst/case.json" "$OUT_DIR" "$BATCH" <<'PY'
import json, os, sys
src, dst, out_dir, batch = sys.argv[1:]
c = json.load(open(src))
swap = lambda s: s.replace("traces/testbed/uplink/", out_dir.rstrip("/") + "/")
c["steps"] = [[swap(w) for w in step] for step in c["steps"]]
c["measured"] = "../" + swap(c["measured"])          # one folder deeper
c["source"] = swap(c["source"]) + f"; held-out batch {batch}: predictions recorded before the runs (validation/holdout/README.md)"
c["title"] = f"Held-out batch {batch}: " + c["title"]
tmp = dst + ".tmp"
with open(tmp, "w") as f:
    json.dump(c, f, indent=2); f.write("\n")
os.replace(tmp, dst)
PY
    echo "holdout-uplink-cases: wrote ${dst#"$ROOT"/}/case.json" >&2
  done
fi
if want record; then
  work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
  out="$ROOT/validation/holdout/uplink-$BATCH-predicted-before-runs.csv"
  {
    echo "# kind: prediction-record"
    echo "# source: scalecast $(git -C "$ROOT" rev-parse --short HEAD), predicted on $(date -u +%Y-%m-%dT%H:%M:%SZ) before any run of the batch was taken (calibration traces: $OUT_DIR, collect-uplink.sh calib), by scripts/real-runs/holdout-uplink-cases.sh (the steps of each case.json); the cases recompute these when validate runs"
    echo "case,key,value"
    for k in alltoall beff; do
      f="$("$ROOT/scripts/real-runs/case-steps.sh" "$ROOT/validation/holdout/$k-testbed-4n-2groups-100mbit-$BATCH" "$work/$k")"
      python3 -c 'import csv,sys
r=list(csv.DictReader([l for l in open(sys.argv[1]) if not l.startswith("#")]))
for d in r:
    if sys.argv[2] == "alltoall": print("alltoall,bytes_per_pair=%s,time_s=%s" % (d["bytes_per_pair"], d["time_s"]))
    else: print("beff,procs=%s,beff_Bps=%s" % (d["procs"], d["beff_Bps"]))' "$f" "$k"
    done
  } > "$out.tmp"
  mv "$out.tmp" "$out"
  echo "holdout-uplink-cases: wrote ${out#"$ROOT"/}" >&2
fi
