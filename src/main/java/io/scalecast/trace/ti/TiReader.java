package io.scalecast.trace.ti;

import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Streams one rank's TI file, one action at a time (a trace is never held in memory whole), plain or gzip-compressed
 * ({@link TiFiles#open}). A file is complete when its last byte is a newline (SMPI's reader drops a last line without
 * one) and its last action is {@code finalize} (what SMPI's tracer and scalecast's recorder write at MPI_Finalize);
 * anything else is reported as truncated.
 */
public final class TiReader implements AutoCloseable {
    private final Path file;
    private final String name;
    private final TiParser parser;
    private final Reader in;
    private final char[] buf = new char[1 << 16];
    private final StringBuilder text = new StringBuilder();
    private int pos;
    private int end;
    /** Whether the line just read ended in a newline (false only for a file's last line, when it has none). */
    private boolean terminated = true;
    private int line;
    private TiAction last;

    public TiReader(Path file, int rank, int size) {
        this.file = file;
        this.name = file.toString();
        this.parser = new TiParser(name, rank, size);
        try {
            this.in = new InputStreamReader(TiFiles.open(file), StandardCharsets.UTF_8.newDecoder());
        } catch (java.nio.file.NoSuchFileException e) {
            throw ScalecastException.badInput(name + ": no such rank file");
        } catch (IOException e) {
            throw ScalecastException.badInput(name + ": cannot read: " + e.getMessage());
        }
    }

    /** The next action, or null at the end of a complete file; bad or truncated input is {@code file:line: expected …}. */
    public TiAction next() {
        try {
            while (readLine()) {
                line++;
                TiAction a;
                try {
                    a = parser.parse(text.toString(), line);
                } catch (ScalecastException e) {
                    if (!terminated) {
                        throw truncated();
                    }
                    throw e;
                }
                if (a != null) {
                    if (!terminated) {
                        throw truncated();
                    }
                    last = a;
                    return a;
                }
            }
        } catch (IOException e) {
            throw ScalecastException.badInput(name, line + 1, "cannot read: " + e.getMessage());
        }
        if (!terminated) {
            throw truncated();
        }
        if (last == null || last.kind() != TiAction.Kind.FINALIZE) {
            throw ScalecastException.badInput(name, Math.max(1, line), "expected finalize as the last action"
                    + (last == null ? " (the file has no actions)" : ", got " + last.kind().traceName()
                    + " (the trace is truncated: the rank did not reach MPI_Finalize)"));
        }
        return null;
    }

    /** The next line into {@link #text}, without its {@code \n} (or {@code \r\n}); false at the end of the file. */
    private boolean readLine() throws IOException {
        text.setLength(0);
        boolean any = false;
        while (true) {
            if (pos == end) {
                end = in.read(buf, 0, buf.length);
                pos = 0;
                if (end <= 0) {
                    end = 0;
                    if (any) {
                        terminated = false;
                    }
                    return any;
                }
            }
            any = true;
            int start = pos;
            while (pos < end && buf[pos] != '\n') {
                pos++;
            }
            text.append(buf, start, pos - start);
            if (pos < end) {
                pos++;
                int n = text.length();
                if (n > 0 && text.charAt(n - 1) == '\r') {
                    text.setLength(n - 1);
                }
                terminated = true;
                return true;
            }
        }
    }

    private ScalecastException truncated() {
        return ScalecastException.badInput(name, line, "expected a complete line ending in a newline (the file is truncated)");
    }

    /** Lines read so far. */
    public int line() {
        return line;
    }

    public Path file() {
        return file;
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            // nothing was written; a failed close of a reader loses nothing
        }
    }
}
