#!/usr/bin/env bash
# The 4-node testbed's own traces for the trace-replay cases' 4-node points (validation/trace-*): `measure suite` on the
# testbed the runs were taken on (collect-trace-apps.sh: testbed up --nodes 4 --slots 1, the 4 nodes on this host's 2
# cores, 0|1|0|1), at 1gbit and 100mbit, taken at another time than the runs (2026-12-02 03:00 UTC). The suite's dgemm
# then runs 4 ranks at once (its default on a testbed: the nodes share the host's cores), as the 4 nodes compute in a run.
# Under the lock with every other process capped (QUIET=1), the probes at nice -19. Existing folders are kept.
# Output: traces/suite/DAY-testbed-4n-{1gbit,100mbit}/ (DAY: today in UTC unless given; the trace cases of 2026-12-02
# read DAY=2026-12-02). NODES=2 takes the 2-node testbed's suite instead (testbed up --nodes 2 --slots 1, one core per
# node, measure suite --np 2: what the 2-node points calibrate from), RATES="1gbit" one rate only.
set -euo pipefail
QUIET="${QUIET:-1}"
source "$(dirname "$(readlink -f "$0")")/common.sh"
quiet_setup
TB="${TB:-trc4}"
NICE=(nice -n -19)
DAY="${DAY:-$(date -u +%F)}"
NODES="${NODES:-4}"
share="the $NODES nodes share this host's 2 cores"; [ "$NODES" -gt 2 ] || share="one core per node"
exec 9>"$LOCK"; log "waiting for the measurement lock"; flock 9; log "lock taken"
for rate in ${RATES:-1gbit 100mbit}; do
  out="$ROOT/traces/suite/$DAY-testbed-${NODES}n-$rate"
  [ -s "$out/suite.json" ] && { log "$out: already there"; continue; }
  rm -rf "$out.new"
  cleanup; "$SC" testbed up --name "$TB" --nodes "$NODES" --rate "$rate" --slots 1 >&2
  line="$(testbed_line)"
  quiet_on
  "${NICE[@]}" "$SC" measure suite --testbed "$TB" --np "$NODES" --wrapper "${NICE[*]}" --out "$out.new" >&2
  quiet_off
  for f in "$out.new"/*.csv; do
    mark_priority "$f"
    sed -i "/^# loadavg:/a # $(quiet_line)\n# testbed: $line; $share\n# collected by: scripts/real-runs/collect-trace-suites-4n.sh (the ${NODES}-node testbed of the trace cases' runs, taken apart from them)" "$f"
  done
  mv "$out.new" "$out"; log "$out: written"
  cleanup
done
flock -u 9; exec 9>&-
log "done"
