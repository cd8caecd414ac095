#!/bin/bash
# usage: shm.sh NAME N P Q NB [preload]
d=/tmp/s62/ct/$1; mkdir -p $d; cd $d
/work/main/scripts/real-runs/hpcc-input.sh $2 $3 $4 hpccinf.txt $5 1
start=$(date -u +%T)
if [ -n "$6" ]; then pre="-x SC_BLAS_LOG=$PWD/blas -x LD_PRELOAD=/tmp/s62/ct/libblascalls.so"; else pre=""; fi
nice -n -19 mpirun --allow-run-as-root -np 2 $pre hpcc > run.txt 2>&1
echo "$1 $start $(grep -E '^HPL_Tflops|^StarDGEMM_Gflops' hpccoutf.txt | tr '\n' ' ')"
