package io.scalecast.trace.ti;

import io.scalecast.trace.ti.TiAction.Kind;
import io.scalecast.util.ScalecastException;

import java.util.HashMap;
import java.util.Map;

/**
 * Parses the lines of one rank's TI file with the grammar of SimGrid 3.32's replay engine
 * ({@code src/smpi/internals/smpi_replay.cpp}, the {@code *Parser::parse} methods): {@code <rank> <action> args…},
 * fields separated by spaces or tabs, counts in units of a datatype (an optional trailing id, {@link TiDatatype};
 * the default is MPI_BYTE, or MPI_DOUBLE when the {@code init} line has an argument). Stricter than SMPI where SMPI
 * would run on with a wrong value: every number must parse, ranks must exist, sizes must be non-negative, the first
 * field must be this file's rank. Each problem is one {@code file:line: expected …} ({@link ScalecastException#badInput}).
 */
public final class TiParser {
    private static final Map<String, Kind> KINDS = new HashMap<>();

    static {
        for (Kind k : Kind.values()) {
            KINDS.put(k.traceName(), k);
        }
        KINDS.put("comm_split", Kind.NOOP);
        KINDS.put("comm_dup", Kind.NOOP);
    }

    private final String file;
    private final int rank;
    private final int size;
    private int defaultType = TiDatatype.BYTE;

    /**
     * @param file name used in messages
     * @param rank the rank whose file this is (its lines start with it)
     * @param size ranks in the trace (MPI_COMM_WORLD's size: the length of every per-rank array)
     */
    public TiParser(String file, int rank, int size) {
        this.file = file;
        this.rank = rank;
        this.size = size;
    }

    /** One line's action, or null for a blank line or a {@code #} comment (which SMPI skips too). */
    public TiAction parse(String text, int line) {
        String t = text.strip();
        if (t.isEmpty() || t.charAt(0) == '#') {
            return null;
        }
        Cursor c = new Cursor(t.split("[ \t]+"), line);
        if (c.tokens.length < 2) {
            throw c.bad("expected \"<rank> <action> …\", got \"" + t + "\"");
        }
        int r = c.integer("the rank");
        if (r != rank) {
            throw c.bad("expected rank " + rank + " (this file's rank in the list file), got " + r);
        }
        String name = c.next("an action");
        Kind k = KINDS.get(name);
        if (k == null) {
            throw c.bad("expected a TI action (" + String.join(", ", sortedNames()) + "), got \"" + name + "\"");
        }
        TiAction a = parse(k, c);
        if (k == Kind.INIT || k == Kind.NOOP || k == Kind.LOCATION) {
            return a;
        }
        c.checkEnd(name);
        return a;
    }

    private static java.util.List<String> sortedNames() {
        return KINDS.keySet().stream().sorted().toList();
    }

    private TiAction parse(Kind k, Cursor c) {
        int ln = c.line;
        switch (k) {
            case INIT:
                defaultType = c.tokens.length > 2 ? TiDatatype.DOUBLE : TiDatatype.BYTE;
                return TiAction.of(k, ln);
            case FINALIZE: case NOOP: case LOCATION: case BARRIER:
                return TiAction.of(k, ln);
            case COMPUTE: case SLEEP:
                return new TiAction(k, ln, 0, 0, 0, 0, 0, 0, c.nonNegative(k == Kind.COMPUTE ? "flops" : "seconds"), null, null);
            case SEND: case ISEND: case RECV: case IRECV: {
                boolean recv = k == Kind.RECV || k == Kind.IRECV;
                int peer = recv ? c.sourceRank() : c.rankOf("the destination rank");
                int tag = c.integer("a tag");
                long count = c.count("a count");
                return new TiAction(k, ln, peer, 0, tag, count * c.type(), 0, 0, 0, null, null);
            }
            case WAIT: case TEST:
                return new TiAction(k, ln, c.sourceRank(), c.rankOf("the destination rank"), c.integer("a tag"), 0, 0, 0, 0,
                        null, null);
            case WAITALL: case WAITANY:
                return new TiAction(k, ln, 0, 0, 0, c.optionalCount(), 0, 0, 0, null, null);
            case SENDRECV: {
                long sc = c.count("a send count");
                int dst = c.rankOf("the destination rank");
                long rc = c.count("a receive count");
                int src = c.rankOf("the source rank");
                return new TiAction(k, ln, dst, src, 0, sc * c.type(), rc * c.type(), 0, 0, null, null);
            }
            default:
                return TiCollectiveParser.parse(k, c);
        }
    }

    /** The tokens of one line and the parser's state, with typed readers that fail with {@code file:line}. */
    final class Cursor {
        final String[] tokens;
        final int line;
        int i;

        Cursor(String[] tokens, int line) {
            this.tokens = tokens;
            this.line = line;
        }

        int size() {
            return size;
        }

        ScalecastException bad(String what) {
            return ScalecastException.badInput(file, line, what);
        }

        boolean more() {
            return i < tokens.length;
        }

        String next(String what) {
            if (i >= tokens.length) {
                throw bad("expected " + what + " after \"" + String.join(" ", tokens) + "\"");
            }
            return tokens[i++];
        }

        int integer(String what) {
            String s = next(what);
            try {
                return Integer.parseInt(s);
            } catch (NumberFormatException e) {
                throw bad("expected " + what + " (an integer), got \"" + s + "\"");
            }
        }

        double nonNegative(String what) {
            String s = next(what);
            double v;
            try {
                v = Double.parseDouble(s);
            } catch (NumberFormatException e) {
                throw bad("expected " + what + " (a number), got \"" + s + "\"");
            }
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw bad("expected " + what + " (a finite number >= 0), got \"" + s + "\"");
            }
            return v;
        }

        /** A count: SMPI truncates a decimal one ({@code parse_integer}); it must be >= 0. */
        long count(String what) {
            double v = nonNegative(what);
            return (long) v;
        }

        long optionalCount() {
            return more() ? count("a request count") : 0;
        }

        int rankOf(String what) {
            int r = integer(what);
            if (r < 0 || r >= size) {
                throw bad("expected " + what + " in 0-" + (size - 1) + ", got " + r);
            }
            return r;
        }

        /** A source rank, or SMPI's MPI_UNDEFINED (an MPI_ANY_SOURCE receive: {@link TiAction#UNDEFINED_RANK}). */
        int sourceRank() {
            int r = integer("the source rank");
            if (r != TiAction.UNDEFINED_RANK && (r < 0 || r >= size)) {
                throw bad("expected the source rank in 0-" + (size - 1) + " (or " + TiAction.UNDEFINED_RANK
                        + ", any source), got " + r);
            }
            return r;
        }

        /** Bytes per unit of the next optional datatype id (the trace's default when absent). */
        long type() {
            int id = defaultType;
            if (more()) {
                id = integer("a datatype id");
            }
            int b = TiDatatype.sizeBytes(id);
            if (b < 0) {
                throw bad("expected a predefined SMPI datatype id 0-" + TiDatatype.maxId() + ", got " + id);
            }
            return b;
        }

        long defaultUnit() {
            return TiDatatype.sizeBytes(defaultType);
        }

        /** The next {@code size} counts, each multiplied by {@code unit} bytes later ({@link #scale}). */
        long[] counts(String what) {
            long[] v = new long[size];
            for (int k = 0; k < size; k++) {
                v[k] = count(what + " (" + size + " of them, one per rank)");
            }
            return v;
        }

        void checkEnd(String name) {
            if (more()) {
                throw bad("expected nothing more after \"" + String.join(" ", java.util.Arrays.copyOf(tokens, i))
                        + "\" for " + name + ", got \"" + tokens[i] + "\"");
            }
        }
    }

    static long[] scale(long[] counts, long unit) {
        long[] v = new long[counts.length];
        for (int k = 0; k < v.length; k++) {
            v[k] = counts[k] * unit;
        }
        return v;
    }
}
