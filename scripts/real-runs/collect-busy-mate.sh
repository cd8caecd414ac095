#!/usr/bin/env bash
# Does a testbed rank that waits for a message lose time when its core is shared with a process that computes
# without yielding? (docs/notebook/treecode.md, 2026-12-03: the shared-core model lets a waiting rank's core go to
# its core-mates at no cost to the waiter; if the waiter only sees its message at the core-mate's next time slice,
# waits are longer than the network's.) A ping-pong between the two nodes of a 2-node testbed (node 0 on core 0,
# node 1 on core 1), once with the host idle and once with one busy loop pinned to each core at the ranks' own
# priority (nice -n -19), which is what a testbed node computing beside the rank is to the scheduler; and once with
# a loop that yields the core after every ~1 us of work (sched_yield), as a rank of the tree code does when it polls
# in its walk under Open MPI's mpi_yield_when_idle 1 (every MPI_Iprobe runs the progress engine, which yields when
# it finds nothing).
# Under the measurement lock, QUIET=1 by default. Usage: scripts/real-runs/collect-busy-mate.sh
#   (RATES="1gbit", OUT=traces/raw/diagnostics/2026-12-03-busy-mate)
set -euo pipefail
QUIET="${QUIET:-1}"
source "$(dirname "$(readlink -f "$0")")/common.sh"
TB="${TB:-mate}"
RATES="${RATES:-1gbit}"
OUT="${OUT:-$ROOT/traces/raw/diagnostics/2026-12-03-busy-mate}"
mkdir -p "$OUT"
quiet_setup
BUSY=()
YIELDER="$(mktemp -d)/yielder"
cat > "$YIELDER.c" <<'C'
#include <sched.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(void) { volatile double x = 0; for (;;) { double t0 = now(); while (now() - t0 < 1e-6) x += 1; sched_yield(); } }
C
gcc -O1 -o "$YIELDER" "$YIELDER.c"
stop_busy() { for p in "${BUSY[@]:-}"; do [ -n "$p" ] && kill "$p" 2>/dev/null || true; done; BUSY=(); }
trap 'stop_busy; quiet_off; cleanup' EXIT
for rate in $RATES; do
  cleanup
  "$SC" testbed up --name "$TB" --nodes 2 --rate "$rate" >&2
  for mode in ${MODES:-idle busy yield}; do
    log "$rate $mode: waiting for the measurement lock"
    exec 9>"$LOCK"; flock 9; quiet_on
    if [ "$mode" != idle ]; then
      for c in 0 1; do
        if [ "$mode" = busy ]; then nice -n -19 taskset -c "$c" sh -c 'while :; do :; done' & else nice -n -19 taskset -c "$c" "$YIELDER" & fi
        BUSY+=($!)
      done
      sleep 1
    fi
    "$SC" measure pingpong --np 2 --testbed "$TB" --wrapper 'nice -n -19' --runs 3 --max-bytes 64KiB \
      --out "$OUT/pingpong-2n-$rate-$mode.csv" >&2
    stop_busy
    quiet_off; flock -u 9; exec 9>&-
    f="$OUT/pingpong-2n-$rate-$mode.csv"
    sed -i "/^# loadavg:/a # testbed: $(testbed_line); $(case $mode in busy) echo "one busy loop (sh while-true, nice -n -19) pinned to each of cores 0 and 1 during the run";; yield) echo "one loop of ~1 us of work then sched_yield (nice -n -19) pinned to each of cores 0 and 1 during the run";; *) echo "no other load";; esac)" "$f"
    sed -i "/^# loadavg:/a # priority: under flock $LOCK, the measure command and everything it launched ran under nice -n -19$([ "$QUIET" = 1 ] && echo "; $(quiet_line)")" "$f"
  done
  cleanup
done
