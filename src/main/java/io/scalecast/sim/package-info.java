/**
 * Simulation on SimGrid, the only package importing {@code org.simgrid}: 3.32's MSG Java bindings or 4.x's S4U
 * ones, behind {@link io.scalecast.sim.Kernel} ({@code Sg3*} and {@code Sg4*} files; the build compiles the one
 * installed: docs/simgrid-versions.md).
 *
 * <p>{@link io.scalecast.sim.SimEngine} runs each simulation in a child JVM ({@link io.scalecast.sim.SimChild}),
 * because SimGrid cannot be initialised twice in one process. Inside it, {@code MsgWorld} places
 * ranks on hosts and {@code MsgComm} implements the simulated MPI seen by skeletons
 * ({@link io.scalecast.sim.Comm}): per-message mailboxes named from MPI's non-overtaking order,
 * eager versus rendezvous by size, software overheads, and collectives built from point-to-point
 * messages ({@code Collectives}), so their timing, contention included, comes from the network model.
 */
package io.scalecast.sim;
