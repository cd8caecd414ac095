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
        super(printable(message));
        this.exitCode = exitCode;
    }

    public ScalecastException(int exitCode, String message, Throwable cause) {
        super(printable(message), cause);
        this.exitCode = exitCode;
    }

    /** Longest message kept; the rest of an echoed input line is cut. */
    static final int MAX_MESSAGE_CHARS = 400;

    /**
     * The message as one printable line: control characters and undecodable bytes from an echoed
     * input become {@code \xNN} / {@code \uFFFD} escapes (a terminal never sees raw escape
     * sequences), and an overlong message is cut.
     */
    static String printable(String message) {
        if (message == null) {
            return null;
        }
        StringBuilder b = new StringBuilder(Math.min(message.length(), MAX_MESSAGE_CHARS + 16));
        for (int i = 0; i < message.length() && b.length() < MAX_MESSAGE_CHARS; i++) {
            char c = message.charAt(i);
            if (c == '\t') {
                b.append(' ');
            } else if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0)) {
                b.append(String.format(java.util.Locale.ROOT, "\\x%02X", (int) c));
            } else if (c == '\uFFFD') {
                b.append("\\uFFFD");
            } else {
                b.append(c);
            }
        }
        if (b.length() >= MAX_MESSAGE_CHARS && message.length() > MAX_MESSAGE_CHARS) {
            b.append("…");
        }
        return b.toString();
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
