package io.scalecast.trace;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One HPL result line, as HPL (and HPCC's bundled HPL) prints it under the header
 * {@code T/V  N  NB  P  Q  Time  Gflops}: e.g. {@code WR11C2R4  82432  224  16  20  73.92  5.0515e+03}.
 * The same parser reads real HPL/HPCC output and scalecast's predicted lines, so both speak
 * one format.
 *
 * @param tv      the T/V code (W, PMAP R/C, DEPTH, BCAST, RFACT, NDIV, PFACT, NBMIN)
 * @param n       problem size N
 * @param nb      block size NB
 * @param p       process rows
 * @param q       process columns
 * @param timeSeconds wall time of HPL_pdgesv, seconds
 * @param gflops  (2/3 N³ + 3/2 N²) / time / 1e9
 */
public record HplResultLine(String tv, long n, int nb, int p, int q, double timeSeconds, double gflops) {
    private static final Pattern TV = Pattern.compile("W[RC][0-9]+[0-5][LCR][0-9]+[LCR][0-9]+");

    /**
     * Parses {@code line} if it is an HPL result line (T/V code then six numbers split by
     * whitespace), else empty. Lines that look like one but have bad numbers are not result lines.
     */
    public static Optional<HplResultLine> parse(String line) {
        String[] f = line.trim().split("\\s+");
        if (f.length != 7 || !TV.matcher(f[0]).matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new HplResultLine(f[0], Long.parseLong(f[1]), Integer.parseInt(f[2]),
                    Integer.parseInt(f[3]), Integer.parseInt(f[4]), Double.parseDouble(f[5]), Double.parseDouble(f[6])));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** HPL's header line above the result lines. */
    public static final String HEADER = "T/V                N    NB     P     Q               Time                 Gflops";

    /** HPL 2.3's format ({@code HPL_pdtest.c}): {@code %s%12d %5d %5d %5d %18.2f    %19.4e}, T/V code 8 characters. */
    public String format() {
        return String.format(Locale.ROOT, "%-8s%12d %5d %5d %5d %18.2f    %19.4e", tv, n, nb, p, q, timeSeconds, gflops);
    }
}
