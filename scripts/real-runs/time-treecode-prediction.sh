#!/usr/bin/env bash
# Prediction speed for issue #8's closing note: 'predict treecode' for 1.3 M clustered particles on
# 32 ranks (Roadrunner Myrinet platform, step 1), timed under the measurement lock at normal
# priority (the time is the machine's, not the queue's), $REPEATS runs, one per locked stretch.
# Output: traces/raw/treecode/prediction-speed.txt (one line per run: wall, user+sys CPU, loadavg).
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)"
SC="$ROOT/scalecast"
REPEATS="${REPEATS:-3}"
OUT="$ROOT/traces/raw/treecode/prediction-speed.txt"
P="${PARTS_DIR:-/tmp/scalecast-treecode-particles}/clustered1300000.bin"
mkdir -p "$(dirname "$P")" "$(dirname "$OUT")"
[ -s "$P" ] || chrt --idle 0 nice -n 19 "$SC" treecode particles --n 1300000 --distribution clustered --seed 1 --out "$P" >&2
COST="$ROOT/validation/treecode-seeds/cost-anchor.json"
done_runs() { [ -s "$OUT" ] && grep -c '^run ' "$OUT" || echo 0; }
while [ "$(done_runs)" -lt "$REPEATS" ]; do
  exec 9>/tmp/scalecast-measure.lock; flock 9
  before="$(cut -d' ' -f1-3 /proc/loadavg)"
  t="$( { /usr/bin/time -f '%e %U %S' "$SC" predict treecode --platform "$ROOT/platforms/roadrunner-gm-myrinet.xml" \
        --particles "$P" --procs 32 --steps 1 --cost-model "$COST" --out /tmp/scalecast-pred-speed.csv >/dev/null 2>/tmp/scalecast-pred-speed.err; } 2>&1 | tail -1)"
  t="$(tail -1 /tmp/scalecast-pred-speed.err)"
  after="$(cut -d' ' -f1-3 /proc/loadavg)"
  flock -u 9; exec 9>&-
  read -r wall user sys <<<"$t"
  echo "run $(( $(done_runs) + 1 )) date=$(date -u +%FT%TZ) wall_s=$wall cpu_s=$(echo "$user + $sys" | bc) loadavg_before=[$before] loadavg_after=[$after] command=scalecast predict treecode --platform platforms/roadrunner-gm-myrinet.xml --particles clustered1300000.bin --procs 32 --steps 1 --cost-model validation/treecode-seeds/cost-anchor.json" >> "$OUT"
  tail -1 "$OUT" >&2
done
