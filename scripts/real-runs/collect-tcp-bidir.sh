#!/usr/bin/env bash
# Do back-to-back 1 MiB exchanges take turns in plain TCP on the testbed, or only under Open MPI? (docs/notebook/
# simulated-mpi.md, 2026-12-03: Open MPI's swap probe crosses both ways once and takes turns ten times back to back;
# plain TCP streams in both directions at once were measured on separate connections only.) tcp-bidir.py between the
# two nodes of a 2-node testbed, one socket for both directions and one per direction, 3 launches of ITERS exchanges.
# Under the measurement lock, QUIET=1 by default. Usage: scripts/real-runs/collect-tcp-bidir.sh
#   (RATE=100mbit RATE_BPS=12.5e6 ITERS=10 BYTES=1048576 OUT=traces/raw/diagnostics/2026-12-03-tcp-bidir)
set -euo pipefail
QUIET="${QUIET:-1}"
source "$(dirname "$(readlink -f "$0")")/common.sh"
TB="${TB:-tcpbd}"
RATE="${RATE:-100mbit}"
RATE_BPS="${RATE_BPS:-12.5e6}"
ITERS="${ITERS:-10}"
BYTES="${BYTES:-1048576}"
OUT="${OUT:-$ROOT/traces/raw/diagnostics/2026-12-03-tcp-bidir}"
PY="$ROOT/scripts/real-runs/tcp-bidir.py"
mkdir -p "$OUT"
quiet_setup
trap 'quiet_off; cleanup' EXIT
cleanup
"$SC" testbed up --name "$TB" --nodes 2 --rate "$RATE" >&2
line="$(testbed_line)"
addr="$(awk '/^ *1 /{print $2}' <("$SC" testbed status))"
for conns in 1 2; do
  f="$OUT/exchange-$RATE-conns$conns.txt"
  {
    echo "# kind: diagnostic"
    echo "# source: measured here: scripts/real-runs/collect-tcp-bidir.sh (scripts/real-runs/tcp-bidir.py, plain TCP, no MPI)"
    echo "# testbed: $line"
    echo "# what: $BYTES B each way at once, $ITERS times back to back per launch, $conns socket(s) (1: both directions on one, as Open MPI's TCP BTL; 2: one per direction); 3 launches"
    echo "# date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  } > "$f.tmp"
  for launch in 1 2 3; do
    log "conns=$conns launch $launch: waiting for the measurement lock"
    exec 9>"$LOCK"; flock 9; quiet_on
    echo "# launch $launch: loadavg before $(cut -d' ' -f1-3 /proc/loadavg)" >> "$f.tmp"
    ip netns exec "sc-$TB-n1" nice -n -19 taskset -c 1 python3 "$PY" server "$addr" "$BYTES" "$ITERS" "$conns" "$RATE_BPS" &
    srv=$!
    sleep 0.5
    ip netns exec "sc-$TB-n0" nice -n -19 taskset -c 0 python3 "$PY" client "$addr" "$BYTES" "$ITERS" "$conns" "$RATE_BPS" >> "$f.tmp"
    wait "$srv"
    quiet_off; flock -u 9; exec 9>&-
  done
  mv "$f.tmp" "$f"
done
cleanup
