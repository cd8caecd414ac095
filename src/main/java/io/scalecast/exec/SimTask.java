package io.scalecast.exec;

import io.scalecast.sim.SimJob;

/**
 * One simulation whose {@link io.scalecast.sim.SimResult} is written as JSON to {@code output}.
 *
 * @param id     name of the task in messages
 * @param job    the simulation
 * @param output path of the result JSON
 */
public record SimTask(String id, SimJob job, String output) implements Task {
}
