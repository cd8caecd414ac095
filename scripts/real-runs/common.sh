# Sourced by the collect-*.sh / collect.sh measurement scripts: the repository, the scalecast launcher,
# the shared measurement lock, a timestamped log, the testbed's status line for provenance, and a
# testbed teardown on exit. Each script sets TB (its testbed name) before it brings a testbed up.
ROOT="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
SC="$ROOT/scalecast"
LOCK=/tmp/scalecast-measure.lock
log() { echo "[$(date -u +%H:%M:%S)] $*" >&2; }
# The testbed's shape, for provenance (the probe's own lines name the hostfile, not the rate).
testbed_line() { "$SC" testbed status | awk -v n="$TB" '$1=="testbed" && $2==n":" {sub(/^testbed /,""); print; exit}'; }
cleanup() { "$SC" testbed down --name "$TB" >/dev/null 2>&1 || true; }
# The priority line of a trace taken under the lock at the script's NICE (each lines-after-loadavg insert lands
# directly below "# loadavg:", so a later insert reads above an earlier one).
mark_priority() { sed -i "/^# loadavg:/a # priority: under flock $LOCK, the measure command and everything it launched under ${NICE[*]}" "$1"; }
trap cleanup EXIT
# The tree code's shared-memory placements, shared by collect-treecode.sh (the runs) and collect-iprobe.sh (the
# poll cost of each placement), so both always measure the same thing. 1 and 2 ranks: copy-in/copy-out as the
# ping-pong trace traces/local/pingpong-shm-2r-nocma.csv, and no yield of Open MPI's own (the code's --wait decides).
# 4 ranks on the 2 cores: Open MPI's own oversubscribed setting (mpi_yield_when_idle 1, given explicitly) and two
# ranks pinned to each core (ranks 0,2 on core 0; 1,3 on core 1), as the 4-node testbed's namespaces are.
SHM_MCA="--mca btl_vader_single_copy_mechanism none --mca mpi_yield_when_idle 0"
SHM4_MCA="--mca btl_vader_single_copy_mechanism none --mca mpi_yield_when_idle 1 --map-by core --bind-to core:overload-allowed"

# One HPCC run under the measurement lock, its hpccinf.txt, hpccoutf.txt and a run.txt (window, loadavg, command,
# versions) kept in $1 (skipped when complete there; sets ran=1 when it ran). $2 = label for the log, $3 = repeat,
# $4 = ranks, $5 = "N P Q [NB [BCAST]]" (hpcc-input.sh), then the launch command words. NICE (array) prefixes the command;
# ONE_LOCK=1: the caller holds the lock. TB names the testbed for provenance when the label starts with testbed-.
# What the host's CPUs did between two /proc/stat "cpu" lines, in seconds (USER_HZ ticks): user, system, idle and the
# hypervisor's steal. A run whose ranks wait for each other every column (HPL with P > 1) slows far more than its
# throughput when a core is taken away in bursts (docs/notebook/hpl.md, 2026-12-07 18:33), which StarDGEMM cannot see.
cpu_split() {
  awk -v hz="$(getconf CLK_TCK)" -v a="$1" -v b="$2" 'BEGIN { split(a, x, " "); split(b, y, " ");
    printf "user %.2f s, system %.2f s, idle %.2f s, steal %.2f s (all CPUs, /proc/stat)", (y[2]+y[3]-x[2]-x[3])/hz,
      (y[4]-x[4])/hz, (y[5]-x[5])/hz, (y[9]-x[9])/hz }'
}

hpcc_run() {
  local dir="$1" label="$2" rep="$3" ranks="$4" input="$5"; shift 5
  local -a in; read -r -a in <<< "$input"
  if [ -s "$dir/hpccoutf.txt" ] && grep -q "End of Summary section" "$dir/hpccoutf.txt"; then
    log "$label: already there"; return 0
  fi
  local work; work="$(mktemp -d /tmp/sc-hpcc.XXXXXX)"
  "$ROOT/scripts/real-runs/hpcc-input.sh" "${in[0]}" "${in[1]}" "${in[2]}" "$work/hpccinf.txt" "${in[@]:3}"
  log "$label: waiting for the measurement lock"
  local rc=0 before after start end
  [ "${ONE_LOCK:-0}" = 1 ] || { exec 9>"$LOCK"; flock 9; }
  quiet_on
  local recheck="" tries=0 why=""
  # RECHECK=SUITE_DIR: measure recheck against the suite the prediction came from, just before the run (RECHECK_ARGS, e.g.
  # "--testbed ho": where the same nodes are now); GATE=N: while the node is more than 10 % off, wait 30 s and recheck,
  # up to N times, and skip the run if it never holds (what a user following docs/hpl.md would do)
  while [ -n "${RECHECK:-}" ]; do
    local rc_r=0
    # shellcheck disable=SC2086
    recheck="$("$SC" measure recheck --traces "$RECHECK" ${RECHECK_ARGS:-} 2>/dev/null | head -1)" || rc_r=$?
    [ "$rc_r" = 0 ] || [ "$rc_r" = 3 ] || { log "$label: measure recheck failed (exit $rc_r)"; recheck="recheck failed (exit $rc_r)"; break; }
    log "$label: recheck: $recheck"
    # a suite whose own two dgemm steps disagree stays so however long one waits: measure it again instead
    case "$recheck" in *"two dgemm steps disagree"*) why="the suite's own two dgemm steps disagree (measure the suite again)"; break ;; esac
    [ "$rc_r" = 3 ] || break
    [ "$tries" -lt "${GATE:-0}" ] || { why="the node stayed more than 10 % off the suite's through $tries rechecks"; break; }
    tries=$((tries + 1)); quiet_off; sleep 30; quiet_on
  done
  if [ "${GATE:-0}" -gt 0 ] && [ -n "$why" ]; then
    quiet_off; [ "${ONE_LOCK:-0}" = 1 ] || { flock -u 9; exec 9>&-; }
    log "$label: SKIPPED: ${recheck:+the last recheck: $recheck; }$why"; rm -rf "$work"; return 0
  fi
  # how the host interrupts the ranks just before the run (measure noise, about a second; NOISE=0 leaves it out): a run
  # whose ranks meet every column loses a partner's whole interruption, which the recheck's throughput cannot see
  local noise=""
  if [ "${NOISE:-1}" = 1 ]; then
    # shellcheck disable=SC2086
    if "$SC" measure noise --np 2 --quanta 5000 ${NOISE_ARGS:-${RECHECK_ARGS:-}} --out "$work/noise.csv" >/dev/null 2>&1; then
      noise="$(sed -n 's/^# per_rank: //p' "$work/noise.csv")"
    else
      noise="measure noise failed"
    fi
  fi
  before="$(cut -d' ' -f1-3 /proc/loadavg)"; start="$(date -u +%Y-%m-%dT%H:%M:%SZ)"; cpu_before="$(grep '^cpu ' /proc/stat)"
  ( cd "$work" && "${NICE[@]}" "$@" > "$work/stdout.txt" 2>&1 ) || rc=$?
  after="$(cut -d' ' -f1-3 /proc/loadavg)"; end="$(date -u +%Y-%m-%dT%H:%M:%SZ)"; cpu_after="$(grep '^cpu ' /proc/stat)"
  quiet_off
  [ "${ONE_LOCK:-0}" = 1 ] || { flock -u 9; exec 9>&-; }
  if [ "$rc" != 0 ] || ! grep -q "End of Summary section" "$work/hpccoutf.txt" 2>/dev/null; then
    log "$label: FAILED (exit $rc); see $work"; return 0
  fi
  mkdir -p "$dir"
  cp "$work/hpccinf.txt" "$work/hpccoutf.txt" "$dir/"
  [ ! -f "$work/noise.csv" ] || cp "$work/noise.csv" "$dir/"
  {
    echo "config: $label"; echo "ranks: $ranks"; echo "n: ${in[0]}"; echo "repeat: $rep"
    echo "hpl input (N P Q [NB [BCAST]]): $input"
    echo "start: $start"; echo "end: $end"
    echo "loadavg_before: $before"; echo "loadavg_after: $after"
    echo "cpu: $(cpu_split "$cpu_before" "$cpu_after")"
    [ -z "$noise" ] || echo "noise: $noise (measure noise --quanta 5000 just before the run, noise.csv)"
    echo "command: ${NICE[*]} $*"
    echo "hpcc: $(dpkg-query -W -f='${Package} ${Version}' hpcc)"
    echo "mpi: $(mpirun --version 2>&1 | head -1)"
    echo "host: $(uname -n) $(uname -srm), $(nproc) cores"
    case "$label" in testbed-*) echo "testbed: $(testbed_line)";; esac
    [ -z "$recheck" ] || echo "recheck: $recheck (measure recheck --traces $RECHECK, just before the run; $tries wait(s) of 30 s)"
    quiet_line
  } > "$dir/run.txt"
  rm -rf "$work"
  ran=1
  log "$label: $(grep -E '^HPL_Tflops=' "$dir/hpccoutf.txt") $(grep -E '^StarDGEMM_Gflops=' "$dir/hpccoutf.txt")"
}

# QUIET=1: during each measured stretch (quiet_on … quiet_off) every other process on this host is held to
# QUIET_PERCENT % of one CPU (cgroup v1 cpu quota), so builds and tests of other work cannot share the cores with
# the run. The measuring script runs in its own cgroup (quiet_setup), so the run and everything it launches keep
# full speed. A watcher moves newly started processes into the capped group while the stretch lasts and lifts the
# cap if this script dies. Recorded in run.txt / provenance by the callers (quiet_line).
QUIET="${QUIET:-0}"; QUIET_PERCENT="${QUIET_PERCENT:-5}"
CG=/sys/fs/cgroup/cpu; CG_Q="$CG/scalecast-quiet"; CG_M="$CG/scalecast-measure"; QUIET_WATCH=""
quiet_setup() {
  [ "$QUIET" = 1 ] || return 0
  [ -w "$CG/cgroup.procs" ] || { log "QUIET=1 needs root and the cgroup v1 cpu controller at $CG"; exit 1; }
  # No quota change here: this runs before the lock, and another script may be measuring under the cap right now
  # (the cap is set and lifted only by quiet_on/quiet_off, under the lock; the watcher lifts it if that script dies).
  mkdir -p "$CG_Q" "$CG_M"
  echo $$ > "$CG_M/cgroup.procs"
  trap 'quiet_off; cleanup' EXIT
}
quiet_line() { [ "$QUIET" = 1 ] && echo "quiet: every other process on the host held to ${QUIET_PERCENT}% of one CPU (cgroup cpu quota) during the run"; return 0; }
quiet_move() {   # every user process still in the root group (kernel threads have an empty cmdline and stay)
  local p cmd
  while read -r p; do
    [ "$p" -gt 2 ] 2>/dev/null || continue
    cmd=""; IFS= read -r -d '' cmd 2>/dev/null < "/proc/$p/cmdline" || true
    [ -n "$cmd" ] && { echo "$p" > "$CG_Q/cgroup.procs"; } 2>/dev/null
  done < "$CG/cgroup.procs"
  return 0
}
quiet_on() {
  [ "$QUIET" = 1 ] || return 0
  echo 100000 > "$CG_Q/cpu.cfs_period_us"; echo $((QUIET_PERCENT * 1000)) > "$CG_Q/cpu.cfs_quota_us"
  quiet_move
  local me=$$
  ( while kill -0 "$me" 2>/dev/null; do quiet_move; sleep 0.5; done; echo -1 > "$CG_Q/cpu.cfs_quota_us" ) &
  QUIET_WATCH=$!
  echo "$QUIET_WATCH" > "$CG_M/cgroup.procs" 2>/dev/null || true
  sleep 1
}
quiet_off() {   # lifts the cap only if this script set it: a script that exits while another one measures leaves it
  [ "$QUIET" = 1 ] && [ -n "$QUIET_WATCH" ] || return 0
  kill "$QUIET_WATCH" 2>/dev/null || true; wait "$QUIET_WATCH" 2>/dev/null || true; QUIET_WATCH=""
  echo -1 > "$CG_Q/cpu.cfs_quota_us" 2>/dev/null || true
  # back to the root group: left in the capped group, every process captured once would share one group's
  # CPU weight against the root group's processes after the stretch
  local p; while read -r p; do echo "$p" > "$CG/cgroup.procs"; done < "$CG_Q/cgroup.procs" 2>/dev/null || true
}

# One core's level-2 cache in KiB, from sysfs (the cache whose level file says 2), else /proc/cpuinfo's "cache size"
# (which is the L2 on the development machine's AMD EPYC but the 480 MB L3 on this Intel VM). The iprobe probe walks a
# working set of this size between polls, as the tree code's walk keeps its cache full.
l2_kib() {
  local i
  for i in /sys/devices/system/cpu/cpu0/cache/index*; do
    [ "$(cat "$i/level" 2>/dev/null)" = 2 ] && { sed 's/K$//' "$i/size"; return 0; }
  done
  awk -F: '/^cache size/ {gsub(/[^0-9]/, "", $2); print $2; exit}' /proc/cpuinfo
}

# One sc_treecode run of a collection under the cap (the caller holds the lock): 2 steps, the development runs' wait
# policy, at nice -19. $1 = output table (the command's output goes to the same name with .log), $2 = provenance lines
# added after the table's loadavg line (sed's append text: lines joined by \n, in file order), then `treecode run`
# options (--particles, --np, --timeout, placement). The table appears only if the run succeeded; the log says why not.
treecode_quiet_run() {
  local out="$1" prov="$2" rc=0; shift 2
  quiet_on
  nice -n -19 "$SC" treecode run --steps 2 --repeats 1 --wait yield --spin-us 50 --sleep-us 1000 "$@" --out "$out.tmp" \
    > "${out%.csv}.log" 2>&1 || rc=$?
  quiet_off
  if [ "$rc" = 0 ]; then
    sed -i "/^# loadavg:/a $prov" "$out.tmp"; mv "$out.tmp" "$out"
    log "$out: $(grep -E '^[0-9]+,2,' "$out" | cut -d, -f9) s (t_grav, step 2)"
  else
    rm -f "$out.tmp"; log "$out: FAILED (exit $rc), see ${out%.csv}.log"
  fi
}
