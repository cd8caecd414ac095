package io.scalecast.exec;

/**
 * What became of one task.
 *
 * @param id          the task's id
 * @param exitCode    0 when every step succeeded, else the exit code of the step that failed
 *                    (scalecast's codes: 1 runtime failure, 2 bad input)
 * @param failedStep  index of the failing step (0-based), or -1 when the task succeeded
 * @param message     on failure, the one-line reason (the step's {@code scalecast: error:} line); else empty
 * @param wallSeconds wall-clock time of the whole task, in seconds
 */
public record TaskResult(String id, int exitCode, int failedStep, String message, double wallSeconds) {
    public boolean ok() {
        return exitCode == 0;
    }
}
