#!/bin/bash
P=/tmp/diag/sc_treecode
F=/tmp/scalecast-treecode-particles/clustered200000.bin
ARGS="--theta 0.8 --steps 2 --eps 0.00085498797333834860 --dt 0.001 --cache request --wait yield --spin-us 50.0 --sleep-us 1000.0"
M="--allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none"
B="--map-by core --bind-to core:overload-allowed"
run() { local tag=$1; shift; echo "== $tag load $(cut -d' ' -f1-3 /proc/loadavg) $(date +%T)"; timeout 150 nice -n -19 mpirun "$@" $P $F $ARGS 2>&1 | grep -E "^STEP|rror" | awk '{print "   "$0}' | cut -c1-200; }
exec 9>/tmp/scalecast-measure.lock; flock 9
for rep in 1 2; do
run A-yield0-unbound -np 4 $M --mca mpi_yield_when_idle 0
run B-default-unbound -np 4 $M
run C-default-bound -np 4 $M $B
run D-yield0-bound -np 4 $M $B --mca mpi_yield_when_idle 0
done
run np1 -np 1 $M --mca mpi_yield_when_idle 0
