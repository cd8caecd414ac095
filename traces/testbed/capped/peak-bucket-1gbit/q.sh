#!/bin/bash
# usage: q.sh RATE "TBF ARGS" OUTDIR  -- quick ping-pong 1 KiB..4 MiB (copy of /tmp/exp/q.sh on the worktree build, testbed "lq")
set -e
cd /work/wt-linerate
R=$1; A=$2; O=$3; mkdir -p $O
./scalecast testbed up --name lq --nodes 2 --rate $R >/dev/null
trap './scalecast testbed down --name lq >/dev/null' EXIT
for n in 0 1; do
  ns=sc-lq-n$n
  for dev in $(ip -n $ns -o link show | awk -F': ' '{print $2}' | cut -d@ -f1 | grep -v lo); do
    ip netns exec $ns tc qdisc change dev $dev root tbf rate $R $A
  done
done
for dev in $(ip -o link show | awk -F': ' '{print $2}' | cut -d@ -f1 | grep "scv-lq" ); do
  tc qdisc change dev $dev root tbf rate $R $A
done
ip netns exec sc-lq-n0 tc qdisc show | grep tbf
uptime > $O/uptime.txt
nice -n -19 ./scalecast measure pingpong --testbed lq --min-bytes 1024 --max-reps 200 --out $O/pp.csv --wrapper "nice -n -19" > $O/pp.log 2>&1 || echo pingpong failed
uptime >> $O/uptime.txt
grep -v "^#" $O/pp.csv | awk -F, 'NR>1{printf "%d %.1f MB/s\n",$1,$7/1e6}'
