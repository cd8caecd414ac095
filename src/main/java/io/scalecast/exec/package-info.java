/**
 * Sweep runner: many independent tasks (scalecast command lines, or simulations) run in
 * parallel child JVMs. SimGrid allows one simulation per process (notes/simgrid-java.md), so
 * a child process per task is both required and what makes sweeps parallel.
 *
 * <p>A {@link io.scalecast.exec.Task} is plain data (argument lists, paths, a
 * {@link io.scalecast.sim.SimJob}) so that an {@link io.scalecast.exec.Executor} other than
 * the {@link io.scalecast.exec.LocalExecutor} (e.g. one Slurm array task per task, inputs and
 * outputs through a shared work directory) can serialise it with {@link io.scalecast.util.Json}.
 * Results always come back in input order, whatever the number of jobs, so everything built
 * from them is byte-identical for {@code --jobs 1} and {@code --jobs N}.
 */
package io.scalecast.exec;
