#!/usr/bin/env bash
# Is the 16-PE prediction of validation/beff-sx4-16 sensitive to the latency the SX-4 platform
# assumes? For each latency across the range that b_eff at 8 PEs admits, calibrate the path
# bandwidth to b_eff(8) (as platforms/build.sh does for platforms/sx4.xml, only the latency differs),
# then SIMULATE b_eff at 16 PEs and compare with the measured 16-PE figure (never a calibration input).
# Prints a Markdown table. Usage: validation/beff-sx4-16/sensitivity.sh [LATENCY...]   (default 0.05us 5us 20us)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
WORK="$(mktemp -d /tmp/scalecast-sx4-sens.XXXXXX)"
trap 'rm -rf "$WORK"' EXIT
LATS=("$@")
[ ${#LATS[@]} -gt 0 ] || LATS=(0.05us 5us 20us)
B=traces/seeds/beff-sx4.csv
m8=$(awk -F, '$1==8{print $3}' "$B"); m16=$(awk -F, '$1==16{print $3}' "$B")
echo "| assumed latency | path bandwidth fitted to b_eff(8) | simulated b_eff(8) | simulated b_eff(16) | measured b_eff(16) | error |"
echo "|---|---|---|---|---|---|"
for L in "${LATS[@]}"; do
  n="sx4-${L//./_}"
  ./scalecast calibrate --beff "$B" --beff-procs 8 --beff-lmax 1MiB --beff-random 30 --latency-assumed "$L" \
      --latency-reason "sensitivity run (validation/beff-sx4-16/sensitivity.sh)" --nodes 16 --cores-per-node 1 --node-speed 2Gf \
      --name "$n" --out "$WORK/$n.xml" --quiet >/dev/null
  ./scalecast simulate beff --platform "$WORK/$n.xml" --np 16 --lmax 1MiB --random 30 \
      --out "$WORK/$n-beff.csv" --summary-out "$WORK/$n-sum.csv" >/dev/null
  python3 - "$WORK/$n.calibration.json" "$WORK/$n-sum.csv" "$L" "$m16" <<'PY'
import json, sys
rec = json.load(open(sys.argv[1]))
p = rec["path_from_beff"]
rows = [l for l in open(sys.argv[2]) if not l.startswith("#")]
hdr = rows[0].strip().split(","); val = dict(zip(hdr, rows[1].strip().split(",")))
s16 = float(val["beff_Bps"]); m16 = float(sys.argv[4])
best = min(p["trials"], key=lambda t: abs(t["simulated_beff_Bps"] - p["beff_measured_Bps"]))["simulated_beff_Bps"]
print(f"| {sys.argv[3]} | {p['bandwidth_fitted_Bps']/1e6:.1f} MB/s | {best/1e6:.1f} MB/s | {s16/1e6:.1f} MB/s | {m16/1e6:.1f} MB/s | {100*(s16-m16)/m16:+.2f}% |")
PY
done
