#!/bin/bash
P=/tmp/tc/sc_treecode_new
F=/tmp/tc/clustered200k.bin
EPS=$(python3 -c "print(0.05/200000**(1/3))")
M="--allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none"
run() { local tag=$1; shift; echo "== $tag load $(cut -d' ' -f1-3 /proc/loadavg)"; /usr/bin/time -f "wall %e" timeout 150 nice -n -19 mpirun "$@" $P $F --steps 2 --eps $EPS --theta 0.8 --dt 0.001 ${EXTRA} 2>&1 | grep -E "^STEP|^RANK 2|wall|rror|wait:"; }
exec 9>/tmp/scalecast-measure.lock; flock 9
EXTRA="--wait block" run np2-block -np 2 $M
EXTRA="--wait spin" run np2-spin -np 2 $M
EXTRA="--wait block" run np4-block -np 4 $M
echo "load after $(cut -d' ' -f1-3 /proc/loadavg)"
