#!/bin/bash
SC=/work/wt-treecode/scalecast
P=/tmp/tc/sc_treecode_new
F=/tmp/tc/clustered200k.bin
EPS=$(python3 -c "print(0.05/200000**(1/3))")
M="--allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none --mca mpi_yield_when_idle 0"
run() { local tag=$1; shift; echo "== $tag load $(cut -d' ' -f1-3 /proc/loadavg)"; /usr/bin/time -f "wall %e" timeout 150 nice -n -19 mpirun "$@" $P $F --steps 2 --eps $EPS --theta 0.8 --dt 0.001 ${EXTRA} 2>&1 | grep -E "^STEP|^RANK 2|wall|rror|wait:"; }
exec 9>/tmp/scalecast-measure.lock; flock 9
EXTRA="--wait block --sleep-us 1000" run np4-block1ms -np 4 $M
EXTRA="--wait block --sleep-us 1000" run np2-block1ms -np 2 $M
$SC testbed up --name tc --nodes 2 --rate 100mbit >/dev/null
echo "== tb2 load $(cut -d' ' -f1-3 /proc/loadavg)"
/usr/bin/time -f "wall %e" nice -n -19 $SC testbed run --name tc --timeout 150 -- "{mpirun}" -np 2 --mca mpi_yield_when_idle 0 $P $F --steps 2 --eps $EPS --theta 0.8 --dt 0.001 --wait block --spin-us 500 --sleep-us 1000 2>&1 | grep -E "^STEP|^RANK 2|wall|rror|wait:|mpi"
$SC testbed down --name tc
echo "load after $(cut -d' ' -f1-3 /proc/loadavg)"
