/**
 * The benchmarks as skeletons on simulated MPI, call for call as the real probes in
 * {@code src/main/c} so that simulated and measured traces pair row by row: ping-pong, PSTSWM
 * swap ({@link io.scalecast.app.bench.SwapSkeleton}), b_eff ({@link io.scalecast.app.bench.BeffSkeleton},
 * entry point {@link io.scalecast.app.bench.BeffSimulation} for calibration), and the engine
 * benchmark's ring ({@link io.scalecast.app.bench.EngineBenchmark}, against SMPI).
 */
package io.scalecast.app.bench;
