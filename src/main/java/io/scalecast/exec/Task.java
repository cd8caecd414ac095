package io.scalecast.exec;

/**
 * One independent unit of a sweep. Implementations are records of strings and lists only, so a
 * remote executor can write them as JSON into a work directory and run them elsewhere.
 */
public sealed interface Task permits CommandTask, SimTask {
    /** A short name, unique within one sweep, used in progress and error messages. */
    String id();
}
