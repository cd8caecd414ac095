#!/usr/bin/env bash
# Is the flat 4-node 100mbit testbed's all-to-all slow (twice its wire time, docs/notebook/whatif.md) because three
# TCP flows converge on each receiver's small tbf bucket? The same MPI_Alltoall (`measure alltoall --np 4`, 64 KiB and
# 1 MiB per pair) on the flat testbed at 100mbit with the default bucket (64 KiB) and with 1 MiB and 4 MiB buckets.
# Under the lock, every other process capped (QUIET=1), nice -19. Existing outputs are kept. Output: traces/raw/diagnostics/2026-12-02-alltoall-burst/alltoall-4n-burst-*.csv
set -euo pipefail
QUIET="${QUIET:-1}"
source "$(dirname "$(readlink -f "$0")")/common.sh"
quiet_setup
TB="${TB:-a2b}"
NICE=(nice -n -19)
OUT="$ROOT/traces/raw/diagnostics/2026-12-02-alltoall-burst"; mkdir -p "$OUT"
exec 9>"$LOCK"; log "waiting for the measurement lock"; flock 9; log "lock taken"
for burst in default 1MiB 4MiB; do
  out="$OUT/alltoall-4n-burst-$burst.csv"; [ -s "$out" ] && { log "$out: already there"; continue; }
  cleanup
  if [ "$burst" = default ]; then "$SC" testbed up --name "$TB" --nodes 4 --rate 100mbit --slots 1 >&2
  else "$SC" testbed up --name "$TB" --nodes 4 --rate 100mbit --slots 1 --burst "$burst" >&2; fi
  line="$(testbed_line)"
  quiet_on
  "${NICE[@]}" "$SC" measure alltoall --testbed "$TB" --np 4 --runs 3 --reps 3 --sizes 64KiB,1MiB \
    --wrapper "${NICE[*]}" --out "$out.tmp" --summary-out "$out.summary.tmp" >&2
  quiet_off
  for f in "$out.tmp" "$out.summary.tmp"; do
    mark_priority "$f"
    sed -i "/^# loadavg:/a # $(quiet_line)\n# testbed: $line\n# collected by: scripts/real-runs/collect-alltoall-burst.sh (tbf bucket $burst)" "$f"
  done
  mv "$out.summary.tmp" "${out%.csv}-summary.csv"; mv "$out.tmp" "$out"; log "$out: written"
  cleanup
done
flock -u 9; exec 9>&-
log "done"
