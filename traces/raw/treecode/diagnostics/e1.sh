#!/bin/bash
P=/work/wt-treecode/target/probes/sc_treecode
F=/tmp/tc/clustered200k.bin
EPS=$(python3 -c "print(0.05/200000**(1/3))")
M="--allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none"
run() { local tag=$1; shift; echo "== $tag load $(cut -d' ' -f1-3 /proc/loadavg)"; /usr/bin/time -f "wall %e" timeout 150 nice -n -19 mpirun "$@" $P $F --steps 2 --eps $EPS --theta 0.8 --dt 0.001 ${EXTRA} 2>&1 | grep -E "^STEP|^RANK|wall|rror"; }
exec 9>/tmp/scalecast-measure.lock; flock 9
EXTRA="" run np1 -np 1 $M
EXTRA="" run np2-req -np 2 $M
EXTRA="" run np4-req -np 4 $M
EXTRA="" run np4-req-yield -np 4 $M --mca mpi_yield_when_idle 1
EXTRA="--cache rma" run np4-rma -np 4 $M --mca mpi_yield_when_idle 1
echo "load after $(cut -d' ' -f1-3 /proc/loadavg)"
