#!/bin/bash
# usage: run.sh NAME N P Q NB
set -e
d=/tmp/s62/ct/$1; mkdir -p $d; cd $d
/work/main/scripts/real-runs/hpcc-input.sh $2 $3 $4 hpccinf.txt $5 1
start=$(date -u +%T)
nice -n -19 /work/main/scalecast testbed run --name pv --workdir $PWD --timeout 900 -- {mpirun} -np 2 --map-by node -x SC_BLAS_LOG=$PWD/blas -x LD_PRELOAD=/tmp/s62/ct/libblascalls.so hpcc > run.txt 2>&1
echo "$1 $start $(grep -E '^HPL_Tflops|^StarDGEMM_Gflops|^PingPongLatency' hpccoutf.txt | tr '\n' ' ')"
