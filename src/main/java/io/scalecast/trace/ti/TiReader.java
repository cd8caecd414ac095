package io.scalecast.trace.ti;

import io.scalecast.util.ScalecastException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Streams one rank's TI file, one action at a time (a trace is never held in memory whole). A file is complete when
 * its last byte is a newline (SMPI's reader drops a last line without one) and its last action is {@code finalize}
 * (what SMPI's tracer and scalecast's recorder write at MPI_Finalize); anything else is reported as truncated.
 */
public final class TiReader implements AutoCloseable {
    private final Path file;
    private final String name;
    private final TiParser parser;
    private final BufferedReader in;
    private final boolean endsInNewline;
    private int line;
    private TiAction last;

    public TiReader(Path file, int rank, int size) {
        this.file = file;
        this.name = file.toString();
        this.parser = new TiParser(name, rank, size);
        try {
            this.endsInNewline = lastByteIsNewline(file);
            this.in = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        } catch (java.nio.file.NoSuchFileException e) {
            throw ScalecastException.badInput(name + ": no such rank file");
        } catch (IOException e) {
            throw ScalecastException.badInput(name + ": cannot read: " + e.getMessage());
        }
    }

    private static boolean lastByteIsNewline(Path file) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            long n = f.length();
            if (n == 0) {
                return false;
            }
            f.seek(n - 1);
            return f.read() == '\n';
        }
    }

    /** The next action, or null at the end of a complete file; bad or truncated input is {@code file:line: expected …}. */
    public TiAction next() {
        String text;
        try {
            while ((text = in.readLine()) != null) {
                line++;
                TiAction a;
                try {
                    a = parser.parse(text, line);
                } catch (ScalecastException e) {
                    if (!endsInNewline && peekEnd()) {
                        throw truncated();
                    }
                    throw e;
                }
                if (a != null) {
                    if (!endsInNewline && peekEnd()) {
                        throw truncated();
                    }
                    last = a;
                    return a;
                }
            }
        } catch (IOException e) {
            throw ScalecastException.badInput(name, line, "cannot read: " + e.getMessage());
        }
        if (!endsInNewline && line > 0) {
            throw truncated();
        }
        if (last == null || last.kind() != TiAction.Kind.FINALIZE) {
            throw ScalecastException.badInput(name, Math.max(1, line), "expected finalize as the last action"
                    + (last == null ? " (the file has no actions)" : ", got " + last.kind().traceName()
                    + " (the trace is truncated: the rank did not reach MPI_Finalize)"));
        }
        return null;
    }

    private boolean peekEnd() throws IOException {
        in.mark(2);
        int c = in.read();
        in.reset();
        return c < 0;
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
