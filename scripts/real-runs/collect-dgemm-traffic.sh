#!/usr/bin/env bash
# The compute rate ranks get while they also communicate (issue #22: the kernel's TCP work shares the cores): on a
# 2-node testbed at each rate, measure dgemm --sustained with and without --traffic (a ring of 1 MiB MPI messages
# streaming between the nodes while both ranks call dgemm back to back), alternated launch by launch so that both see
# the same machine. Under flock /tmp/scalecast-measure.lock, nice -n -19 and, with QUIET=1, every other process held
# to 5 % of a CPU (common.sh quiet_on/quiet_off) for each stretch.
# Output: traces/testbed/dgemm-2n-RATE-quiet.csv and traces/testbed/dgemm-traffic-2n-RATE.csv (existing files are kept;
# delete one to re-measure it). calibrate --dgemm-traffic takes the second; the first is the comparison taken beside it.
# Usage: QUIET=1 scripts/real-runs/collect-dgemm-traffic.sh   (RATES, RUNS, SIZES, SUSTAINED, TRAFFIC override)
set -euo pipefail
source "$(dirname "$(readlink -f "$0")")/common.sh"
RUNS="${RUNS:-3}"
RATES="${RATES:-100mbit 1gbit}"
SIZES="${SIZES:-192,256}"
SUSTAINED="${SUSTAINED:-2}"
TRAFFIC="${TRAFFIC:-1MiB}"
TB="${TB:-dt}"
NICE=(nice -n -19)
quiet_setup
mark() {
  mark_priority "$1"
  sed -i "/^# loadavg:/a # testbed: $(testbed_line); tbf on both ends of each node's veth, 1 rank per node, each node pinned to its own core" "$1"
  [ "$QUIET" = 1 ] && sed -i "/^# loadavg:/a # $(quiet_line)" "$1"
  return 0
}
exec 9>"$LOCK"
log "waiting for the measurement lock"; flock 9; log "lock taken"
for rate in $RATES; do
  quiet_out="$ROOT/traces/testbed/dgemm-2n-$rate-quiet.csv"
  traffic_out="$ROOT/traces/testbed/dgemm-traffic-2n-$rate.csv"
  [ -s "$quiet_out" ] && [ -s "$traffic_out" ] && { log "$rate: already there"; continue; }
  cleanup; "$SC" testbed up --name "$TB" --nodes 2 --rate "$rate" >&2
  work="$(mktemp -d /tmp/sc-dgemm-traffic.XXXXXX)"
  quiet_on
  for r in $(seq 1 "$RUNS"); do   # alternate: each traffic launch beside a quiet one
    "${NICE[@]}" "$SC" measure dgemm --testbed "$TB" --np 2 --sizes "$SIZES" --sustained "$SUSTAINED" --out "$work/q$r.csv" >&2
    "${NICE[@]}" "$SC" measure dgemm --testbed "$TB" --np 2 --sizes "$SIZES" --sustained "$SUSTAINED" --traffic "$TRAFFIC" --out "$work/t$r.csv" >&2
  done
  quiet_off
  # one trace per kind with a run column, as measure dgemm --runs writes
  for kind in q t; do
    out="$quiet_out"; [ "$kind" = t ] && out="$traffic_out"
    python3 - "$out" "$work"/$kind*.csv <<'PY'
import re, sys
out, files = sys.argv[1], sys.argv[2:]
prov, rows, header = {}, [], None
order = []
for i, f in enumerate(files, 1):
    lines = open(f).read().splitlines()
    for l in lines:
        if l.startswith('# '):
            k, _, v = l[2:].partition(': ')
            if k not in prov:
                order.append(k); prov[k] = [v]
            elif k in ('loadavg', 'date', 'traffic', 'spread'):
                prov[k].append(v)
        elif header is None:
            header = l
        elif l != header:
            rows.append(l + ',' + str(i))
with open(out, 'w') as w:
    for k in order:
        v = prov[k]
        if k == 'traffic' and len(v) > 1:   # one line: the first launch's text with every launch's receive rate
            rates = [re.search(r'received per rank ([0-9.]+) MB/s median', x).group(1) for x in v]
            text = re.sub(r'received per rank [^;]*; ', '', v[0]).replace('while every rank computes;', 'while every rank computes;'
                    ' received per rank (median over ranks and sizes, per launch) ' + ' / '.join(r + ' MB/s' for r in rates) + ';')
            w.write('# traffic: %s\n' % text)
            continue
        w.write('# %s: %s\n' % (k, v[0] if len(v) == 1 else ' | '.join('[run %d] %s' % (j + 1, x) for j, x in enumerate(v))))
    w.write('# runs: %d launches of the command above, alternated with the other kind (scripts/real-runs/collect-dgemm-traffic.sh); run column = launch\n' % len(files))
    w.write(header + ',run\n')
    for r in rows:
        w.write(r + '\n')
PY
    mark "$out"
  done
  rm -rf "$work"
  cleanup
done
log "done"
