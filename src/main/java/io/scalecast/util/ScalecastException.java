package io.scalecast.util;

/**
 * Base of scalecast's own failures. Each carries the process exit code the CLI returns
 * (design.md: 0 ok, 1 runtime failure, 2 bad usage or bad input, 3 validation beyond tolerance)
 * and a one-line message meant for users.
 */
public class ScalecastException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int exitCode;

    public ScalecastException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public ScalecastException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }

    /** Bad input or bad usage (exit 2). */
    public static ScalecastException badInput(String message) {
        return new ScalecastException(2, message);
    }

    /** Bad input located in a file: "file:line: message" (exit 2). */
    public static ScalecastException badInput(String file, int line, String message) {
        return new ScalecastException(2, file + ":" + line + ": " + message);
    }

    /** A runtime failure such as a crashed simulation or a failed mpirun (exit 1). */
    public static ScalecastException failure(String message) {
        return new ScalecastException(1, message);
    }

    public static ScalecastException failure(String message, Throwable cause) {
        return new ScalecastException(1, message, cause);
    }
}
