package io.scalecast.app.hpl;

/**
 * A predicted HPL run. All times in seconds; the breakdown values are means over ranks of the
 * time each rank spent in that phase (idle = wall time minus the rest).
 *
 * @param timeSeconds      simulated HPL_pdgesv wall time (max over ranks)
 * @param gflops           HPL's Gflops for that time
 * @param computeSeconds   dtrsm + dgemm of the trailing updates
 * @param panelSeconds     panel factorisation including its pivot exchanges
 * @param broadcastSeconds panel broadcasts (blocking parts and forwarding)
 * @param swapSeconds      row swapping communication
 * @param solveSeconds     back substitution
 * @param idleSeconds      waiting for others
 * @param messages         simulated point-to-point messages (all ranks)
 * @param pivotGroup       panel columns per simulated pivot exchange (1 = HPL's per-column exchange)
 * @param wallSeconds      wall-clock time of the simulation (not part of reproducible output)
 * @param analyticSeconds  HPL's scalability-page model, or NaN when not asked for
 * @param energyJoules     joules the rank hosts consumed over the simulated run, from SimGrid's host energy plugin
 *                         (sim.Energy), or NaN when the platform gives no power profiles
 */
public record HplPrediction(HplConfig config, double timeSeconds, double gflops, double computeSeconds,
                            double panelSeconds, double broadcastSeconds, double swapSeconds, double solveSeconds,
                            double idleSeconds, long messages, int pivotGroup, double wallSeconds, double analyticSeconds,
                            double energyJoules) {
}
