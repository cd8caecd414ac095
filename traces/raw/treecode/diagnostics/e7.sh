#!/bin/bash
cd /work/main
exec 9>/tmp/scalecast-measure.lock; flock 9
./scalecast testbed up --name dg --nodes 2 --rate 100mbit >/dev/null 2>&1 || { echo "testbed up failed"; exit 1; }
for rep in 1 2 3; do
for kb in 0 128 512 1024 2048; do
  printf "tb2n kb %5s rep %s %s: " $kb $rep $(date +%T)
  nice -n -19 ./scalecast testbed run --name dg -- {mpirun} -np 2 /tmp/diag/ip3 (iprobe-chain.patch applied) --polls 100000 --repeats 3 --chain-kb $kb 2>&1 | awk '/^IPROBE/{print ($7-$6)/$4*1e6}' | sort -n | awk '{a[NR]=$1} END{printf "min %.2f med %.2f max %.2f\n", a[1], a[int((NR+1)/2)], a[NR]}'
done
done
./scalecast testbed down --name dg >/dev/null 2>&1
M="--allow-run-as-root --oversubscribe --mca btl_vader_single_copy_mechanism none --mca mpi_yield_when_idle 1 --map-by core --bind-to core:overload-allowed"
for rep in 1 2 3; do
for kb in 0 128 512 1024 2048; do
  printf "shm4r kb %5s rep %s %s: " $kb $rep $(date +%T)
  nice -n -19 mpirun -np 4 $M /tmp/diag/ip3 (iprobe-chain.patch applied) --polls 100000 --repeats 3 --chain-kb $kb 2>&1 | awk '/^IPROBE/{print ($7-$6)/$4*1e6}' | sort -n | awk '{a[NR]=$1} END{printf "min %.2f med %.2f max %.2f\n", a[1], a[int((NR+1)/2)], a[NR]}'
done
done
