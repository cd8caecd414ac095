package io.scalecast.util;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parsing and printing of quantities with units, done once at the edge.
 * Decimal prefixes (k, M, G, T) are powers of 1000, binary ones (Ki, Mi, Gi) powers of 1024,
 * as in SimGrid's platform files. Bit rates ("100mbit", "1Gbps") become bytes per second.
 */
public final class Units {
    private Units() {
    }

    private static final Pattern NUM_UNIT = Pattern.compile("\\s*([0-9]*\\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\\s*([A-Za-z/]*)\\s*");

    private static double prefix(String p, String what) {
        switch (p) {
            case "": return 1;
            case "k": case "K": return 1e3;
            case "M": case "m": return 1e6;
            case "G": case "g": return 1e9;
            case "T": case "t": return 1e12;
            case "Ki": case "ki": return 1024.0;
            case "Mi": case "mi": return 1024.0 * 1024;
            case "Gi": case "gi": return 1024.0 * 1024 * 1024;
            default: throw ScalecastException.badInput("unknown unit prefix \"" + p + "\" in " + what);
        }
    }

    /**
     * Runs a parse of the value of {@code option} and names the option in its error, e.g.
     * {@code --node-speed "-1Gf": must be positive}.
     */
    public static <T> T forOption(String option, java.util.function.Supplier<T> parse) {
        try {
            return parse.get();
        } catch (ScalecastException e) {
            if (e.exitCode() == 2 && !e.getMessage().startsWith(option)) {
                throw ScalecastException.badInput(option + " " + e.getMessage());
            }
            throw e;
        }
    }

    /** Flop rate like "1.2Gf", "300Mf", "5e9" → flops per second. */
    public static double parseFlops(String s) {
        Matcher m = match(s, "a compute speed like 1.2Gf");
        String u = m.group(2);
        if (u.endsWith("f")) {
            u = u.substring(0, u.length() - 1);
        } else if (u.endsWith("flops")) {
            u = u.substring(0, u.length() - 5);
        }
        return positive(Double.parseDouble(m.group(1)) * prefix(u, s), s);
    }

    /** Bit rate like "100mbit", "1gbit", "1Gbps", or byte rate "12MBps", "12MB/s" → bytes per second. */
    public static double parseRate(String s) {
        Matcher m = match(s, "a rate like 100mbit, 1gbit or 125MBps");
        String u = m.group(2);
        double v = Double.parseDouble(m.group(1));
        if (u.endsWith("Bps") || u.endsWith("B/s")) {
            return positive(v * prefix(u.substring(0, u.length() - 3), s), s);
        }
        String lower = u.toLowerCase(Locale.ROOT);
        if (lower.endsWith("bit") || lower.endsWith("bps")) {
            return positive(v * prefix(u.substring(0, u.length() - 3), s) / 8.0, s);
        }
        throw ScalecastException.badInput("cannot read \"" + s + "\" as a rate: expected a rate like 100mbit, 1gbit or 125MBps");
    }

    /** Size like "4MiB", "64k", "1000" → bytes. */
    public static long parseBytes(String s) {
        Matcher m = match(s, "a size like 4MiB or 65536");
        String u = m.group(2);
        if (u.endsWith("B")) {
            u = u.substring(0, u.length() - 1);
        }
        double v = Double.parseDouble(m.group(1)) * prefix(u, s);
        if (v < 0) {
            throw ScalecastException.badInput("size \"" + s + "\" is negative");
        }
        return Math.round(v);
    }

    /** Time like "5us", "0.05us", "1.5ms", "2e-6s", "2e-6" (seconds) → seconds, non-negative. */
    public static double parseSeconds(String s) {
        Matcher m = match(s, "a time like 5us, 1.5ms or 2e-6s");
        String u = m.group(2);
        int exp;
        switch (u) {
            case "": case "s": exp = 0; break;
            case "ms": exp = -3; break;
            case "us": exp = -6; break;
            case "ns": exp = -9; break;
            default: throw ScalecastException.badInput("cannot read \"" + s + "\" as a time: expected a unit s, ms, us or ns");
        }
        // Decimal scaling, so "5us" is the double nearest 5e-6 (5 * 1e-6 is not).
        return new java.math.BigDecimal(m.group(1)).scaleByPowerOfTen(exp).doubleValue();
    }

    private static Matcher match(String s, String expected) {
        Matcher m = NUM_UNIT.matcher(s == null ? "" : s);
        if (!m.matches()) {
            throw ScalecastException.badInput("cannot read \"" + s + "\": expected " + expected);
        }
        return m;
    }

    private static double positive(double v, String s) {
        if (!(v > 0) || Double.isInfinite(v)) {
            throw ScalecastException.badInput("\"" + s + "\" must be positive");
        }
        return v;
    }

    /** Machine-format number (Locale.ROOT, round-trippable, shortest). */
    public static String num(double v) {
        return Double.toString(v);
    }

    /** Human format with SI prefix, e.g. 1.25e9 → "1.25 G". */
    public static String si(double v, String unit) {
        double a = Math.abs(v);
        String[] p = {"", "k", "M", "G", "T"};
        int i = 0;
        while (a >= 1000 && i < p.length - 1) {
            a /= 1000;
            v /= 1000;
            i++;
        }
        return String.format(Locale.ROOT, "%.3g %s%s", v, p[i], unit);
    }
}
