package io.scalecast.exec;

import java.util.List;

/**
 * A chain of scalecast command lines run one after the other (each in its own JVM, from
 * {@code workingDir}); the chain stops at the first step that exits non-zero. A validation case
 * is one chain (calibrate, then predict), and a what-if variant is a chain of one.
 *
 * @param id         name of the task in messages
 * @param steps      scalecast arguments per step, without the leading {@code scalecast}
 * @param workingDir directory the steps run in (relative paths in the steps resolve against it)
 * @param logDir     where each step's stdout and stderr go ({@code step-K.out}, {@code step-K.err})
 */
public record CommandTask(String id, List<List<String>> steps, String workingDir, String logDir) implements Task {
    public CommandTask {
        if (id == null || id.isBlank()) {
            throw new IllegalArgumentException("task id must not be empty");
        }
        steps = steps.stream().map(List::copyOf).toList();
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("task " + id + " has no steps");
        }
    }
}
