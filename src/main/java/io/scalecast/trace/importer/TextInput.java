package io.scalecast.trace.importer;

import io.scalecast.util.ScalecastException;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A third-party tool's output file held in memory: its lines (numbered from 1), its SHA-256
 * (written into the provenance so an import can be traced to the exact bytes), and strict
 * number parsing whose errors name the file and line.
 */
public final class TextInput {
    private static final Pattern NUMBER = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");
    private static final Pattern INTEGER = Pattern.compile("[-+]?\\d{1,18}");

    private final String name;
    private final List<String> lines;
    private final String sha256;

    private TextInput(String name, List<String> lines, String sha256) {
        this.name = name;
        this.lines = lines;
        this.sha256 = sha256;
    }

    /** Reads {@code file}; undecodable bytes become U+FFFD (and then fail parsing with a located message). */
    public static TextInput read(Path file) {
        return of(file.toString(), io.scalecast.util.AtomicFiles.readBytes(file));
    }

    /** Text already in memory (tests); {@code name} is used in messages. */
    public static TextInput of(String name, byte[] bytes) {
        int line = 1;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                line++;
            } else if (bytes[i] == 0) {
                throw ScalecastException.badInput(name, line, "not a text file (a NUL byte at offset " + i + "); expected the tool's text output");
            }
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new IllegalStateException("REPLACE never throws", e);
        }
        return new TextInput(name, List.of(text.split("\r?\n|\r", -1)), sha256(bytes));
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    public String name() {
        return name;
    }

    public String sha256() {
        return sha256;
    }

    /** Number of lines (a trailing newline does not add one). */
    public int lineCount() {
        int n = lines.size();
        return n > 0 && lines.get(n - 1).isEmpty() ? n - 1 : n;
    }

    /** Line {@code n}, 1-based. */
    public String line(int n) {
        return lines.get(n - 1);
    }

    /** True when the file holds nothing but white space. */
    public boolean blank() {
        return lines.stream().allMatch(String::isBlank);
    }

    /** A bad-input error at {@code line}: "file:line: message". */
    public ScalecastException bad(int line, String message) {
        return ScalecastException.badInput(name, line, message);
    }

    /** "…, got \"<the line, shortened>\"" for messages. */
    public String got(int line) {
        String s = line(line).strip();
        return ", got \"" + (s.length() > 80 ? s.substring(0, 77) + "..." : s) + "\"";
    }

    /** A number in plain or scientific notation (no NaN, Infinity or hex), else a located error. */
    public double number(String token, int line, String what) {
        if (!NUMBER.matcher(token).matches()) {
            throw bad(line, "expected " + what + " to be a number, got \"" + token + "\"");
        }
        double v = Double.parseDouble(token);
        if (!Double.isFinite(v)) {
            throw bad(line, "expected " + what + " to be a finite number, got \"" + token + "\"");
        }
        return v;
    }

    public double positive(String token, int line, String what) {
        double v = number(token, line, what);
        if (!(v > 0)) {
            throw bad(line, "expected " + what + " to be positive, got \"" + token + "\"");
        }
        return v;
    }

    public double nonNegative(String token, int line, String what) {
        double v = number(token, line, what);
        if (v < 0) {
            throw bad(line, "expected " + what + " to be >= 0, got \"" + token + "\"");
        }
        return v;
    }

    public long integer(String token, int line, String what, long min) {
        if (!INTEGER.matcher(token).matches()) {
            throw bad(line, "expected " + what + " to be an integer, got \"" + token + "\"");
        }
        long v = Long.parseLong(token.startsWith("+") ? token.substring(1) : token);
        if (v < min) {
            throw bad(line, "expected " + what + " to be an integer >= " + min + ", got \"" + token + "\"");
        }
        return v;
    }

    /** Whitespace-separated fields of line {@code n}. */
    public String[] fields(int n) {
        String s = line(n).strip();
        return s.isEmpty() ? new String[0] : s.split("\\s+");
    }

    /** Runs a record constructor for line {@code n}, turning its validation failure into a located error. */
    public <T> T build(int n, java.util.function.Supplier<T> constructor) {
        try {
            return constructor.get();
        } catch (IllegalArgumentException e) {
            throw bad(n, e.getMessage());
        }
    }

    /**
     * {@code token × 10^exponent} computed in decimal, so that "0.759563" µs becomes exactly
     * 7.59563E-7 s rather than 7.595629999999999E-7. {@code token} must have passed {@link #number}.
     */
    public static double scaled(String token, int exponent) {
        return new java.math.BigDecimal(token.startsWith("+") ? token.substring(1) : token).scaleByPowerOfTen(exponent).doubleValue();
    }
}
