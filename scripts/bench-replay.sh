#!/usr/bin/env bash
# Replay speed, scalecast's simulated MPI against SMPI's smpireplaymain, on the same synthetic trace and platform:
# a ring (irecv from rank-1, isend of BYTES to rank+1, waitall, a compute burst) of ITERS steps per rank.
# Prints replayed MPI events per wall second for both engines and their ratio. Not a test: a benchmark.
#   scripts/bench-replay.sh [RANKS_LIST=16,256] [ITERS=100] [BYTES=65536]
# Wall time: each engine's own simulation (scalecast: the child JVM's, SMPI: smpirun's), JVM start-up excluded.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
ranks_list=${1:-16,256}
iters=${2:-100}
bytes=${3:-65536}
work=$(mktemp -d /tmp/scalecast-bench-replay-XXXXXX)
trap 'rm -rf "$work"' EXIT
echo "# bench replay: ring of $iters steps x $bytes B per rank; loadavg $(cut -d' ' -f1-3 /proc/loadavg); $(date -u +%FT%TZ)"
printf '%6s %10s %14s %14s %14s %14s %8s\n' ranks events scalecast_s smpi_s scalecast_ev/s smpi_ev/s ratio
for n in ${ranks_list//,/ }; do
  d=$work/ring-$n; mkdir -p "$d"; : > "$d/traces.list"
  for ((r = 0; r < n; r++)); do
    awk -v r=$r -v n=$n -v it=$iters -v b=$bytes 'BEGIN {
      print r " init";
      for (i = 0; i < it; i++) {
        print r " irecv " (r + n - 1) % n " 1 " b " 6"; print r " isend " (r + 1) % n " 1 " b " 6";
        print r " waitall 2"; print r " compute 1000000" }
      print r " finalize" }' > "$d/rank-$r.ti"
    echo "rank-$r.ti" >> "$d/traces.list"
  done
  printf '{"ranks": %d, "rate_flops_per_s": 1e9, "complete": true, "unsupported": {}, "source": "scripts/bench-replay.sh (synthetic ring)"}\n' $n > "$d/trace.json"
  hosts=$(( n < 64 ? n : 64 ))
  cat > "$work/p-$n.xml" <<XML
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <config><prop id="network/model" value="SMPI"/><prop id="smpi/lat-factor" value="0:1"/><prop id="smpi/bw-factor" value="0:1"/></config>
  <cluster id="b" prefix="b-" suffix="" radical="0-$((hosts - 1))" speed="1Gf" bw="125MBps" lat="10us" sharing_policy="SPLITDUPLEX" bb_bw="100GBps" bb_lat="1us" bb_sharing_policy="FATPIPE"/>
</platform>
XML
  rpn=$(( (n + hosts - 1) / hosts ))
  sc=$("$here/scalecast" predict trace --trace "$d" --platform "$work/p-$n.xml" --ranks-per-node $rpn)
  sm=$("$here/scalecast" predict trace --trace "$d" --platform "$work/p-$n.xml" --ranks-per-node $rpn --engine smpi)
  ev=$(sed -n 's/.* \([0-9]*\) MPI events.*/\1/p' <<<"$sc")
  ws=$(sed -n 's/.*simulated in \([0-9.]*\) s wall.*/\1/p' <<<"$sc")
  wm=$(sed -n 's/.*simulated in \([0-9.]*\) s wall.*/\1/p' <<<"$sm")
  ts=$(sed -n 's/predicted run time \([0-9.e+-]*\) s.*/\1/p' <<<"$sc")
  tm=$(sed -n 's/predicted run time \([0-9.e+-]*\) s.*/\1/p' <<<"$sm")
  awk -v n=$n -v e=$ev -v ws=$ws -v wm=$wm -v ts=$ts -v tm=$tm 'BEGIN {
    printf "%6d %10d %14.2f %14.2f %14.0f %14.0f %8.3f   (simulated %.6g s / %.6g s)\n", n, e, ws, wm, e / ws, e / wm, (e / ws) / (e / wm), ts, tm }'
done
