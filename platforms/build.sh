#!/usr/bin/env bash
# Rebuilds the seed-cluster platforms from network and node figures only (never from the
# application results they are validated against). Deterministic: same sources, same bytes.
#   1. traces/published/*.csv  <- published latency/bandwidth/protocol-switch figures
#      (scalecast tools published-traces, io.scalecast.calibrate.PublishedTraces; every figure and assumption in each file's provenance)
#   2. platforms/NAME.xml + NAME.calibration.json <- ./scalecast calibrate on those traces
# Node speeds: no dgemm figure exists for these machines [NF]; each --node-speed below says
# where its number comes from (--note), and most are peak-based inferences [I].
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
./scripts/setup.sh --quiet
./scalecast tools published-traces traces/published >/dev/null
cal() { ./scalecast calibrate "$@" >/dev/null; echo "built ${@: -1}"; }
T=traces/published
PII300="PII-300: 300 Mflop/s peak (1 flop/cycle) x 0.6, the HPL efficiency of netlib's UTK Torc PIII-550 cluster (0.32-0.34 Gflops/CPU) [I]; no dgemm figure for this CPU [NF]"
PII450="PII-450: 450 Mflop/s peak (1 flop/cycle) x 0.6, the HPL efficiency of netlib's UTK Torc PIII-550 cluster [I]; no dgemm figure [NF]"
cal --pingpong $T/astrolab-lam-fe.csv   --mpi lam6-tcp --nodes 16 --cores-per-node 1 --node-speed 180Mf --note "$PII300" --name astrolab-lam-fe   --out platforms/astrolab-lam-fe.xml
cal --pingpong $T/astrolab-mpich-fe.csv --mpi mpich1-ch_p4 --nodes 16 --cores-per-node 1 --node-speed 180Mf --note "$PII300" --name astrolab-mpich-fe --out platforms/astrolab-mpich-fe.xml
cal --pingpong $T/roadrunner-mpich-fe.csv  --mpi mpich1-ch_p4 --nodes 64 --cores-per-node 2 --node-speed 270Mf --note "$PII450" --name roadrunner-mpich-fe  --out platforms/roadrunner-mpich-fe.xml
cal --pingpong $T/roadrunner-gm-myrinet.csv --nodes 64 --cores-per-node 2 --node-speed 270Mf --note "$PII450" --name roadrunner-gm-myrinet --out platforms/roadrunner-gm-myrinet.xml
GBE="CPU model of the Linpack-study cluster not stated in seed 002 [NF]: 1 Gflop/s per CPU is a placeholder; supply a dgemm figure (or anchor on one configuration) before predicting compute"
for v in 3com-lam 3com-mpich melco-lam melco-mpich; do
  cal --pingpong $T/gbe-$v.csv --nodes 4 --cores-per-node 2 --node-speed 1Gf --note "$GBE" --name gbe-$v --out platforms/gbe-$v.xml
done
T3E="T3E-900 PE: 900 Mflop/s peak (Alpha 21164 450 MHz, 2 flops/cycle) [I: the HLRS machine's clock is not in the seeds]"
# T3E from the MP_Lite ping-pong figures only (validation/beff-t3e-32 predicts b_eff on it).
cal --pingpong $T/t3e-cray-mpi.csv --nodes 256 --cores-per-node 1 --node-speed 900Mf --note "$T3E" --name t3e --out platforms/t3e.xml
# T3E with the backbone matched to the measured b_eff at 48 PEs (seed 001, HLRS b_eff 3.1, median of
# the two 48-PE runs; 128 MB/PE -> L_max 1 MiB), so that other PE counts (32, 128, 256) stay
# predictions. One random ring per simulated b_eff (b_eff uses 30) keeps the bisection to minutes.
cal --pingpong $T/t3e-cray-mpi.csv --beff traces/seeds/beff-t3e.csv --beff-procs 48 --beff-lmax 1MiB --beff-random 1 \
    --nodes 256 --cores-per-node 1 --node-speed 900Mf --note "$T3E" --name t3e-beff48 --out platforms/t3e-beff48.xml
SPP="PA-8000 180 MHz: 720 Mflop/s peak per CPU (4 flops/cycle) [M: netlib specifications]; no dgemm figure [NF]"
# HP SPP-2000 hypernode (16 CPUs on a crossbar, one host per CPU) from PSTSWM's swap summary alone (seed 003):
# overheads o_s + o_r from (T1024-T512)/512 and the path bandwidth from 2V/T of the 10-iteration unordered rows;
# wire latency not identified by a swap (0). validation/swap-roundtrip-spp2000-* compare the simulated swap with it.
cal --swap-summary traces/seeds/spp2000-swap-summary.csv --nodes 16 --cores-per-node 1 --node-speed 720Mf --note "$SPP" --name spp2000 --out platforms/spp2000.xml
# NEC SX-4: no MPI latency or bandwidth figure is published [NF, notes/published-network-figures.md 5]; its only network
# figure is b_eff 3.1 at 8 and 16 PEs (seed 001). b_eff(8) fixes one latency/bandwidth combination, so the latency is an
# ASSUMPTION (recorded as one) and the path bandwidth is fitted so simulated b_eff at 8 PEs matches; 16 PEs stays a
# prediction (validation/beff-sx4-16, whose sensitivity.sh shows how little it depends on the assumed latency).
SX4="SX-4 CPU: 2 Gflop/s peak [M: netlib specifications]; no dgemm figure [NF]. One host per CPU on a non-blocking crossbar (shared memory within a node, IXS between nodes; NEC MPI from MPICH ch_lfshmem [M]); 16 hosts = the largest b_eff run. L_max 1 MiB as HLRS's T3E runs (128 MB/PE) [I: the SX-4 runs' memory per PE is not in the seed]"
SX4LAT="5 us is the measured latency class of the T3E's Cray MPI (5 us, Ames MP_Lite page), the one vendor MPI of that b_eff table with a published latency; it lies inside the range 0.05-20 us that b_eff at 8 PEs admits (platforms/README.md); NEC MPI's own latency is not published [NF]"
cal --beff traces/seeds/beff-sx4.csv --beff-procs 8 --beff-lmax 1MiB --beff-random 30 --latency-assumed 5us --latency-reason "$SX4LAT" \
    --nodes 16 --cores-per-node 1 --node-speed 2Gf --note "$SX4" --name sx4 --out platforms/sx4.xml
