package io.scalecast.exec;

import java.util.List;

/**
 * Runs independent tasks and returns their results in the order the tasks were given, whatever
 * order they finished in. Implementations: {@link LocalExecutor} (child JVMs on this machine).
 */
public interface Executor {
    /** Name used on the command line ({@code --executor NAME}). */
    String name();

    /** Number of tasks run at once. */
    int parallelism();

    /**
     * Runs every task (a failing task does not stop the others).
     *
     * @param tasks    what to run
     * @param progress told when each task finishes
     * @return one result per task, in input order
     */
    List<TaskResult> runAll(List<? extends Task> tasks, Progress progress);
}
