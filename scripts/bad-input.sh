#!/usr/bin/env bash
# Replays the bad inputs and interrupts of issue #30 (and the same kinds for every command) and prints
# a table category x outcome. A case passes when the command exits with the expected code, prints no
# "internal error", leaves none of its outputs and no temp folder, and (for interrupts) prints
# "interrupted", exits 130 and leaves no child process running.
#
#   scripts/bad-input.sh [--classes DIR] [--only CATEGORY] [-v]
#
# --classes DIR: run another build (DIR holds classes/, lib/, native/, as target/ does), e.g. to
# compare with an older commit. Default: this repository's target/ (build it first: mvn -DskipTests package).
# Cases that need network namespaces (testbed) are skipped with a note where `ip netns` is unavailable;
# they take /tmp/scalecast-measure.lock, use testbed name "rl" and are selected with --testbed.
set -uo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
BUILD="$ROOT/target"
ONLY=""
VERBOSE=0
TESTBED=0
while [ $# -gt 0 ]; do
  case "$1" in
    --classes) BUILD="$2"; shift 2 ;;
    --only) ONLY="$2"; shift 2 ;;
    --testbed) TESTBED=1; shift ;;
    -v) VERBOSE=1; shift ;;
    *) echo "usage: $0 [--classes DIR] [--only CATEGORY] [--testbed] [-v]" >&2; exit 2 ;;
  esac
done

T="$(mktemp -d /tmp/bad-input.XXXXXX)"
TMP="$T/tmp"      # java.io.tmpdir of every command: leftovers are counted here
mkdir -p "$TMP"
trap 'rm -rf "$T"' EXIT
SC=(java -Djava.awt.headless=true -Dscalecast.home="$ROOT" -Djava.io.tmpdir="$TMP"
    -Djava.library.path="$BUILD/native" -cp "$BUILD/classes:$BUILD/lib/*:/usr/share/java/simgrid.jar"
    io.scalecast.cli.Main)
CASE_TIMEOUT=120

# ---------- fixtures ----------
F="$T/in"; O="$T/out"; mkdir -p "$F" "$O"
PP="$ROOT/traces/local/pingpong-shm-2r.csv"
C4="$ROOT/platforms/examples/cluster-4.xml"
head -c 4096 /bin/ls > "$F/binary.csv"
mkdir -p "$F/adir"
# a packed trace (docs/trace.md, "Compressed trace folders") whose rank-1.ti.gz is cut short, and one whose list names
# a .gz that is plain text
mkdir -p "$F/gzcut" "$F/gzfake"; cp "$ROOT"/src/test/resources/ti/halo/{rank-*.ti,trace.json} "$F/gzcut/"
cp "$F"/gzcut/* "$F/gzfake/"; gzip -n "$F"/gzcut/rank-*.ti; mv "$F/gzfake/rank-2.ti" "$F/gzfake/rank-2.ti.gz"
printf 'rank-%d.ti.gz\n' 0 1 2 3 > "$F/gzcut/traces.list"; printf 'rank-%d.ti\n' 0 1 > "$F/gzfake/traces.list"
printf 'rank-2.ti.gz\nrank-3.ti\n' >> "$F/gzfake/traces.list"
head -c 300 "$F/gzcut/rank-1.ti.gz" > "$F/gzcut/cut" && mv "$F/gzcut/cut" "$F/gzcut/rank-1.ti.gz"
printf '%s\n' '<?xml version="1.0"?>' '<platform version="4.1">' \
  '<cluster id="c" prefix="n" suffix="" radical="0-0" speed="1Gf" bw="125MBps" lat="20us"/>' '</platform>' > "$F/one-host.xml"
printf '%s\n' '<?xml version="1.0"?>' '<platform version="4.1">' '<zone id="z" routing="Full">' \
  '<host id="a" speed="1Gf"/>' '<host id="b" speed="1Gf"/>' '</zone>' '</platform>' > "$F/no-route.xml"
sed 's/bw="12.5MBps"/bw="fast"/' "$C4" > "$F/bw-fast.xml"
sed 's/speed="1Gf"/speed="-1Gf"/' "$C4" > "$F/speed-neg.xml"
sed 's/radical="0-3"/radical="0-999999999"/' "$C4" > "$F/huge.xml"
sed 's|bb_lat="5us"/>|bb_lat="5us"><prop id="wattage_per_state" value="300:100"/></cluster>|' "$C4" > "$F/watts-inverted.xml"
# a ping-pong whose row 3 has time_s above its own time_max_s
awk -F, 'BEGIN{OFS=","} /^#/||/^size/{print;next} {n++; if(n==2){$2=$5*10} print}' "$PP" > "$F/pp-inconsistent.csv"
printf '\xff\xfe\x01garbage\x1b[31m red\n' > "$F/garbage.out"
cp "$ROOT/traces/local/raw/netpipe-shm-2r.out" "$F/np.out"
mkdir -p "$F/badcase"; echo '{"title": 3, "steps": "oops"' > "$F/badcase/case.json"
HPCC="$(ls "$ROOT"/traces/raw/hpcc/shm-2r/*/hpccoutf.txt | head -1)"
mkdir -p "$F/ro"; chmod 555 "$F/ro"

# ---------- bookkeeping ----------
declare -A COUNT       # "$cat|$outcome" -> n
CATS=()
FAILS=()
note_cat() { local c="$1"; for x in "${CATS[@]:-}"; do [ "$x" = "$c" ] && return; done; CATS+=("$c"); }
record() {  # category outcome name detail
  note_cat "$1"
  COUNT["$1|$2"]=$(( ${COUNT["$1|$2"]:-0} + 1 ))
  if [ "$2" != ok ]; then FAILS+=("$1 | $2 | $3 | $4"); fi
  [ $VERBOSE = 1 ] && printf '%-10s %-15s %s: %s\n' "$1" "$2" "$3" "$4" >&2
}
leftovers() { find "$TMP" -mindepth 1 -maxdepth 1 -name 'scalecast-*' 2>/dev/null | wc -l; }
clean_tmp() { rm -rf "$TMP"/scalecast-* 2>/dev/null; }

# bad CATEGORY EXPECTED_EXIT "OUTPUTS (space-separated, must not exist after)" ARGS...
bad() {
  local cat="$1" want="$2" outs="$3"; shift 3
  [ -n "$ONLY" ] && [ "$ONLY" != "$cat" ] && return
  local name="$*"; name="${name//$T\//}"; name="${name//$ROOT\//}"
  clean_tmp; rm -rf "$O"; mkdir -p "$O"
  local err="$T/err" rc
  timeout -s KILL "$CASE_TIMEOUT" "${SC[@]}" "$@" > "$T/stdout" 2> "$err" < /dev/null
  rc=$?
  local line; line="$(grep -av '^Try ' "$err" | tr -cd '[:print:]\n' | head -3 | tr '\n' ' ' | cut -c1-200)"
  if [ $rc = 137 ]; then record "$cat" hang "$name" "killed after ${CASE_TIMEOUT}s"; return; fi
  if grep -aq 'internal error\|Exception\|^\s*at [a-z]' "$err"; then record "$cat" internal-error "$name" "$line"; return; fi
  if [ "$rc" != 0 ]; then   # a failed command that left an output: partial, whatever its exit code
    for o in $outs; do
      if [ -e "$o" ] && [ ! -d "$o" ]; then record "$cat" partial-output "$name" "exit $rc and left $(basename "$o")"; return; fi
    done
  fi
  if [ "$rc" != "$want" ]; then record "$cat" wrong-exit "$name" "exit $rc, want $want: $line"; return; fi
  if [ "$(grep -acv '^Try \|^Usage\|^ ' "$err")" -gt 1 ]; then record "$cat" not-one-line "$name" "$line"; return; fi
  for o in $outs; do
    if [ -e "$o" ] && [ ! -d "$o" ]; then record "$cat" partial-output "$name" "left $(basename "$o")"; rm -f "$o"; return; fi
  done
  if [ "$(leftovers)" -gt 0 ]; then record "$cat" leftover "$name" "$(ls "$TMP" | head -2 | tr '\n' ' ')"; return; fi
  record "$cat" ok "$name" "$line"
}

# check CATEGORY NAME CONDITION-COMMAND...: a property of output files etc. (wrong-exit when false)
check() {
  local cat="$1" name="$2"; shift 2
  [ -n "$ONLY" ] && [ "$ONLY" != "$cat" ] && return
  if "$@"; then record "$cat" ok "$name" ""; else record "$cat" wrong-exit "$name" "check failed: $*"; fi
}

# interrupt CATEGORY SIGNAL TARGET(group|parent) DELAY_S "OUTPUTS" ARGS...
# group: the signal goes to the whole process group, as Ctrl-C in a terminal sends it.
# parent: only the top JVM gets it (kill PID); SIGKILL there checks that children notice.
interrupt() {
  local cat="$1" sig="$2" target="$3" delay="$4" outs="$5"; shift 5
  [ -n "$ONLY" ] && [ "$ONLY" != "$cat" ] && return
  local name="$sig to $target after ${delay}s: $*"; name="${name//$T\//}"; name="${name//$ROOT\//}"
  clean_tmp; rm -rf "$O"; mkdir -p "$O"
  # job control on: the command gets its own process group and does not ignore SIGINT (as it would as a
  # plain background job of a script), like a command started from an interactive shell
  set -m
  "${SC[@]}" "$@" > "$T/stdout" 2> "$T/err" < /dev/null &
  local pid=$!
  set +m
  sleep "$delay"
  local pgid="$pid"
  if ! kill -0 "$pid" 2>/dev/null; then
    wait "$pid"; record "$cat" wrong-exit "$name" "finished before the signal (exit $?): make it longer"; return
  fi
  if [ "$target" = group ]; then kill -s "$sig" -- "-$pgid"; else kill -s "$sig" "$pid"; fi
  local waited=0
  while kill -0 "$pid" 2>/dev/null && [ $waited -lt 30 ]; do sleep 0.5; waited=$((waited + 1)); done
  if kill -0 "$pid" 2>/dev/null; then
    kill -KILL -- "-$pgid" 2>/dev/null; wait "$pid" 2>/dev/null
    record "$cat" hang "$name" "still running 15 s after $sig"; return
  fi
  wait "$pid"; local rc=$?
  # children: anything left in the process group 10 s later (SIGKILL: the children must notice the parent)
  local left=0 w=0
  while [ $w -lt 20 ]; do left=$(pgrep -g "$pgid" | wc -l); [ "$left" = 0 ] && break; sleep 0.5; w=$((w + 1)); done
  if [ "$left" != 0 ]; then
    kill -KILL -- "-$pgid" 2>/dev/null
    record "$cat" leftover "$name" "$left process(es) still running 10 s after the parent ended"; return
  fi
  local line; line="$(head -3 "$T/err" | tr -cd '[:print:]\n' | tr '\n' ' ' | cut -c1-200)"
  if [ "$sig" != KILL ]; then
    if grep -aq 'internal error\|Exception\|^\s*at [a-z]' "$T/err"; then record "$cat" internal-error "$name" "$line"; return; fi
    if [ $rc != 130 ]; then record "$cat" wrong-exit "$name" "exit $rc, want 130: $line"; return; fi
    if ! grep -q 'interrupted' "$T/err"; then record "$cat" wrong-exit "$name" "no 'interrupted' line: $line"; return; fi
  fi
  for o in $outs; do
    if [ -e "$o" ]; then record "$cat" partial-output "$name" "left $(basename "$o")"; rm -rf "$o"; return; fi
  done
  if [ "$sig" = KILL ]; then
    # the parent had no chance to clean: the next run of any command must remove what it owned
    "${SC[@]}" --version > /dev/null 2>&1
  fi
  if [ "$(leftovers)" -gt 0 ]; then record "$cat" leftover "$name" "$(ls "$TMP" | head -3 | tr '\n' ' ')"; return; fi
  record "$cat" ok "$name" "$line"
}

# ---------- importers ----------
bad import 2 "$O/a.csv" import netpipe "$F/binary.csv" --out "$O/a.csv"
bad import 2 "$O/a.csv" import netpipe "$F/adir" --out "$O/a.csv"
bad import 2 "$O/a.csv" import netpipe "$F/garbage.out" --out "$O/a.csv"
bad import 2 "$O/t/trace.json" import ti "$F/binary.csv" --out "$O/t"
bad import 2 "$O/t/trace.json" import ti "$F/garbage.out" --out "$O/t"
bad import 2 "$O/a.csv" import imb "$F/garbage.out" --out "$O/a.csv"
bad import 2 "$O/a.csv" import osu "$F/binary.csv" --out "$O/a.csv"
bad import 2 "$O/a.csv" import hpcc "$F/adir" --out "$O/a.csv"
bad import 2 "" import netpipe "$F/np.out" --out "$F/np.out"
check import "import netpipe X --out X keeps X" cmp -s "$F/np.out" "$ROOT/traces/local/raw/netpipe-shm-2r.out"
bad import 2 "$O/h.csv $O/s.csv" import hpcc "$HPCC" --out "$O/h.csv" --summary-out "$O/s.csv" --pingpong-out "$F/np.out/p.csv"
bad import 2 "$O/h.csv $O/p.csv" import hpcc "$HPCC" --out "$O/h.csv" --pingpong-out "$O/p.csv" --summary-out "$F/adir"
check import "garbage is not echoed as raw bytes" bash -c "! ${SC[*]@Q} import netpipe '$F/garbage.out' --out '$O/g.csv' 2>&1 | grep -q \$'\\x1b'"

# ---------- calibrate ----------
CAL=(calibrate --node-speed 1Gf --nodes 4 --name x)
bad calibrate 2 "$O/x.xml $O/x.calibration.json" "${CAL[@]}" --pingpong "$F/binary.csv" --out "$O/x.xml"
bad calibrate 2 "$O/x.xml $O/x.calibration.json" "${CAL[@]}" --pingpong "$F/adir" --out "$O/x.xml"
bad calibrate 2 "$O/x.xml $O/x.calibration.json" "${CAL[@]}" --pingpong "$F/missing.csv" --out "$O/x.xml"
bad calibrate 2 "$O/x.xml $O/x.calibration.json" "${CAL[@]}" --pingpong "$F/pp-inconsistent.csv" --out "$O/x.xml"
bad calibrate 2 "$O/adir.calibration.json $O/x.calibration.json" "${CAL[@]}" --pingpong "$PP" --out "$F/adir"
bad calibrate 2 "$O/x.xml $O/x.calibration.json" calibrate --pingpong "$PP" --node-speed 1Gf --nodes 1000000000 --name x --out "$O/x.xml"
bad calibrate 2 "$O/x.xml $O/x.calibration.json" calibrate --pingpong "$PP" --node-speed 1Gf --nodes 0 --name x --out "$O/x.xml"
bad calibrate 2 "$O/x.xml $O/x.calibration.json" calibrate --pingpong "$PP" --node-speed -1Gf --nodes 2 --name x --out "$O/x.xml"
bad calibrate 2 "$O/x.xml $O/x.calibration.json" "${CAL[@]}" --pingpong "$PP" --dgemm "$F/binary.csv" --out "$O/x.xml"
bad calibrate 2 "$O/x.xml $O/x.calibration.json" "${CAL[@]}" --pingpong "$PP" --out "$F/np.out/x.xml"

# ---------- simulate / predict / tune ----------
bad simulate 2 "$O/s.csv" simulate pingpong --platform "$F/one-host.xml" --out "$O/s.csv"
bad simulate 2 "$O/s.csv" simulate swap --platform "$F/one-host.xml" --out "$O/s.csv"
bad simulate 2 "$O/s.csv" simulate beff --platform "$C4" --np 100 --out "$O/s.csv"
bad simulate 2 "$O/s.csv" simulate pingpong --platform "$C4" --hosts n0,zz9 --out "$O/s.csv"
bad simulate 2 "$O/s.csv" simulate pingpong --platform "$C4" --sizes -1,5 --out "$O/s.csv"
bad simulate 2 "$O/s.csv" simulate pingpong --platform "$C4" --max-size 0 --out "$O/s.csv"
bad simulate 2 "$O/s.csv" simulate pingpong --platform "$C4" --cfg network/model:BOGUS --out "$O/s.csv"
bad simulate 2 "$O/s.csv" simulate pingpong --platform "$C4" --cfg banana --out "$O/s.csv"
bad simulate 2 "$O/s.csv" simulate pingpong --platform "$F/no-route.xml" --out "$O/s.csv"
bad simulate 2 "$O/s.csv" simulate pingpong --platform "$F/bw-fast.xml" --out "$O/s.csv"
bad simulate 2 "$O/s.csv" simulate pingpong --platform "$F/speed-neg.xml" --out "$O/s.csv"
bad simulate 2 "$O/s.csv" simulate pingpong --platform "$F/binary.csv" --out "$O/s.csv"
bad simulate 2 "$O/s.csv" simulate pingpong --platform "$C4" --sizes-from "$F/binary.csv" --out "$O/s.csv"
bad simulate 2 "$O/s.csv" simulate pingpong --platform "$C4" --sizes-from "$F/adir" --out "$O/s.csv"
bad simulate 2 "$O/s.csv" simulate pingpong --platform "$C4" --sizes 1,2 --out "$F/adir"
bad predict 2 "$O/p.csv" predict treecode --platform "$C4" --particles 2000 --procs 8 --out "$O/p.csv"
bad predict 2 "$O/p.csv" predict hpl --platform "$C4" --n 1000 --nb 0 --p 2 --q 2 --out "$O/p.csv"
bad predict 2 "$O/p.csv" predict hpl --platform "$F/huge.xml" --n 1000 --nb 100 --p 2 --q 2 --out "$O/p.csv"
bad predict 2 "$O/p.csv" predict hpl --platform "$F/no-route.xml" --n 1000 --nb 100 --p 1 --q 2 --out "$O/p.csv"
bad predict 2 "$O/p.csv" predict hpl --platform "$F/watts-inverted.xml" --n 1000 --nb 100 --p 1 --q 2 --out "$O/p.csv"
bad predict 2 "$O/p.csv" predict hpl --platform "$F/speed-neg.xml" --n 1000 --nb 100 --p 2 --q 2 --out "$O/p.csv"
bad predict 2 "$O/p.csv" predict trace --trace "$F/adir" --platform "$C4" --out "$O/p.csv"
bad predict 2 "$O/p.csv" predict trace --trace "$ROOT/src/test/resources/ti/all-actions" --platform "$C4" --out "$O/p.csv"
bad predict 2 "$O/p.csv" predict trace --trace "$ROOT/src/test/resources/ti/halo" --platform "$C4" --engine bogus --out "$O/p.csv"
bad predict 2 "$O/p.csv" predict trace --trace "$ROOT/src/test/resources/ti/halo" --platform "$C4" --ranks-per-node 0 --out "$O/p.csv"
bad predict 2 "$O/p.csv" predict trace --trace "$F/gzcut" --platform "$C4" --out "$O/p.csv"
bad predict 2 "$O/p.csv" predict trace --trace "$F/gzfake" --platform "$C4" --out "$O/p.csv"
bad trace 2 "$O/r/trace.json" trace record --out "$O/r" --np 2 --rate 1Gf -- /bin/ls
bad trace 2 "$O/r/trace.json" trace record --out "$O/r" --np 2 --rate 1Gf -- "$F/binary.csv"
bad trace 2 "$O/r/trace.json" trace record --out "$O/r" --np 0 --rate 1Gf -- /bin/ls
bad trace 2 "$F/trace.json" trace record --out "$F" --np 2 --rate 1Gf -- /bin/ls
bad trace 2 "" trace pack "$F/adir"
bad trace 2 "" trace pack "$F/gzfake"
bad tune 2 "$O/t.csv" tune hpl --platform "$C4" --memory-per-node 1GiB --nb 0 --out "$O/t.csv"
bad tune 2 "$O/t.csv" tune hpl --platform "$C4" --memory-per-node 0 --out "$O/t.csv"
bad tune 2 "$O/t.csv" tune hpl --platform "$C4" --memory-per-node 1GiB --n-fractions -1 --out "$O/t.csv"
bad tune 2 "$O/t.csv" tune hpl --platform "$C4" --memory-per-node 1GiB --nodes 0 --out "$O/t.csv"
bad tune 2 "$O/t.csv" tune hpl --platform "$C4" --memory-per-node 1GiB --top 0 --out "$O/t.csv"
check tune "tune hpl --help prints no picocli warning" bash -c "! ${SC[*]@Q} tune hpl --help 2>&1 | grep -q 'picocli WARN'"

# ---------- validate / whatif ----------
bad sweep 2 "$O/v.csv" validate "$F/badcase" --out "$O/v.csv"
check sweep "bad case.json shows no Gson class" bash -c "! ${SC[*]@Q} validate '$F/badcase' 2>&1 | grep -qi 'gson\|MalformedJson\|JsonSyntax'"
bad sweep 2 "$O/v.csv" validate "$F/adir" --out "$O/v.csv"
bad sweep 2 "$O/w.csv" whatif --base "$C4" --vary nodes=2,4 --app pingpong --sizes 1,1024 --out "$O/w.csv" --plot "$F/np.out/w.png"
bad sweep 2 "$O/w.csv" whatif --base "$C4" --vary nodes=2,4 --app hpl --n 500 --nb 0 --out "$O/w.csv"
bad sweep 2 "$O/w.csv" whatif --base "$C4" --vary network=ib-qdr --app pingpong --out "$O/w.csv"
bad sweep 2 "$O/w.csv" whatif --base "$C4" --vary nodes=16 --vary topology=torus:4x4x4 --app pingpong --out "$O/w.csv"
bad sweep 2 "$O/w.csv" whatif --base "$C4" --vary nodes=2 --app hpl --n 500 --nb 64 --price-node -5 --out "$O/w.csv"
bad sweep 2 "$O/w.csv" whatif --base "$C4" --vary nodes=2 --app hpl --n 500 --nb 64 --power-node 300:100 --out "$O/w.csv"
bad sweep 2 "$O/w.csv" whatif --base "$C4" --vary nodes=2 --app hpl --n 500 --nb 64 --power-node 100:x --out "$O/w.csv"
bad sweep 2 "$O/w.csv" whatif --base "$F/no-route.xml" --vary nodes=2 --app pingpong --out "$O/w.csv"
bad sweep 2 "$O/w.csv" whatif --base "$C4" --vary nodes=2 --app pingpong --jobs 0 --out "$O/w.csv"

# ---------- files ----------
rm -f "$O/mode.csv"
(umask 022; "${SC[@]}" simulate pingpong --platform "$C4" --sizes 1,1024 --out "$O/mode.csv" > /dev/null 2>&1)
check files "outputs follow the umask (022 -> 644)" test "$(stat -c %a "$O/mode.csv" 2>/dev/null)" = 644
rm -f "$O/mode.csv"

# ---------- interrupts ----------
HPL=(predict hpl --platform "$C4" --n 12000 --nb 64 --p 2 --q 2 --out "$O/i.csv")
WI=(whatif --base "$C4" --vary nodes=2,4 --app hpl --n 4000 --nb 64 --jobs 2 --out "$O/i.csv" --plot "$O/i.png")
VAL=(validate "$ROOT/validation/hpl-shm-2r" "$ROOT/validation/pingpong-roundtrip-shm" "$ROOT/validation/hpl-shm-1r" "$ROOT/validation/swap-roundtrip-shm-latency" --jobs 2 --out "$O/i.csv")
interrupt interrupt INT group 4 "$O/i.csv" "${HPL[@]}"
interrupt interrupt TERM parent 4 "$O/i.csv" "${HPL[@]}"
interrupt interrupt KILL parent 4 "$O/i.csv" "${HPL[@]}"
interrupt interrupt INT group 5 "$O/i.csv $O/i.png" "${WI[@]}"
interrupt interrupt TERM parent 7 "$O/i.csv $O/i.png" "${WI[@]}"
interrupt interrupt KILL parent 6 "$O/i.csv $O/i.png" "${WI[@]}"
interrupt interrupt INT group 6 "$O/i.csv" "${VAL[@]}"
interrupt interrupt TERM parent 9 "$O/i.csv" "${VAL[@]}"
interrupt interrupt INT group 3 "$O/t.csv" tune hpl --platform "$C4" --memory-per-node 256MiB --nb 64,128 --jobs 2 --out "$O/t.csv"

# ---------- testbed ----------
if [ $TESTBED = 1 ]; then
  if ! ip netns list > /dev/null 2>&1 || [ "$(id -u)" != 0 ]; then
    echo "testbed cases skipped: ip netns unavailable or not root" >&2
  else
    exec 9> /tmp/scalecast-measure.lock; flock 9
    interrupt testbed INT group 6 "" testbed run --name rl --nodes 2 --ephemeral -- sleep 60
    check testbed "no namespace, bridge or state left for rl" bash -c "! ip netns list | grep -q 'sc-rl-' && ! ip -o link show | grep -q 'scbr-rl\|scv-rl-' && ! test -e /run/scalecast/testbed/rl"
    flock -u 9
  fi
fi

chmod 755 "$F/ro"
# ---------- table ----------
OUTCOMES=(ok internal-error wrong-exit not-one-line partial-output leftover hang)
printf '%-10s' category; for o in "${OUTCOMES[@]}"; do printf ' %14s' "$o"; done; echo
declare -A TOT
for c in "${CATS[@]}"; do
  printf '%-10s' "$c"
  for o in "${OUTCOMES[@]}"; do n=${COUNT["$c|$o"]:-0}; TOT[$o]=$(( ${TOT[$o]:-0} + n )); printf ' %14s' "$n"; done; echo
done
printf '%-10s' total; for o in "${OUTCOMES[@]}"; do printf ' %14s' "${TOT[$o]:-0}"; done; echo
if [ ${#FAILS[@]} -gt 0 ]; then
  echo; echo "cases that fell short:"; printf '  %s\n' "${FAILS[@]}"
  exit 1
fi
