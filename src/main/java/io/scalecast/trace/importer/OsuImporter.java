package io.scalecast.trace.importer;

import io.scalecast.trace.PingPongPoint;
import io.scalecast.trace.PingPongTrace;
import io.scalecast.trace.Provenance;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * OSU Micro-Benchmarks {@code osu_latency} and {@code osu_bw} output, 5.x and 7.x headers; one
 * file may hold several tests one after the other ({@code cat osu_latency.out osu_bw.out}).
 * Each test starts with its banner ({@code # OSU MPI Latency Test v5.6.2}, {@code # OSU MPI
 * Bandwidth Test v7.1}), then {@code #} lines (7.x: {@code # Datatype: MPI_CHAR.}), then the
 * column header ({@code # Size  Latency (us)}, {@code # Size  Avg Latency(us)  [Min Latency(us)
 * Max Latency(us) Iterations]}, {@code # Size  Bandwidth (MB/s)}), then rows.
 * <ul>
 * <li>osu_latency: one-way latency in µs (time of the ping-pong loop / (2·iterations)) →
 * time_s, method {@code osu_latency}; with {@code -f}, min/max/iterations too.</li>
 * <li>osu_bw: MB/s with 1 MB = 1e6 B, from a window of 64 back-to-back {@code MPI_Isend}s →
 * bandwidth_Bps, and time_s = size / bandwidth, the per-message time in that streaming window
 * (not a one-way latency), method {@code osu_bw}.</li>
 * </ul>
 */
public final class OsuImporter {
    private static final Pattern BANNER = Pattern.compile("#\\s*OSU MPI(?:-\\S+)? (Latency|Bandwidth) Test\\s*(v?\\S+)?.*");
    private static final Pattern OTHER_BANNER = Pattern.compile("#\\s*OSU .*Test.*");

    private OsuImporter() {
    }

    private enum Col { SIZE, VALUE, MIN, MAX, ITERATIONS }

    public static PingPongTrace read(TextInput in, String command) {
        List<PingPongPoint> points = new ArrayList<>();
        List<String> tests = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        String method = null;
        List<Col> cols = null;
        int bannerLine = 0;
        for (int n = 1; n <= in.lineCount(); n++) {
            String l = in.line(n).strip();
            if (l.isEmpty()) {
                continue;
            }
            Matcher b = BANNER.matcher(l);
            if (b.matches()) {
                method = b.group(1).equals("Latency") ? "osu_latency" : "osu_bw";
                cols = null;
                bannerLine = n;
                tests.add(l.substring(1).strip());
                continue;
            }
            if (OTHER_BANNER.matcher(l).matches()) {
                throw in.bad(n, "expected an osu_latency or osu_bw banner (# OSU MPI Latency Test / # OSU MPI Bandwidth Test)" + in.got(n));
            }
            if (l.startsWith("#")) {
                if (l.matches("#\\s*Size\\b.*")) {
                    if (method == null) {
                        throw in.bad(n, "expected the OSU banner before the column header");
                    }
                    cols = header(in, n, method);
                }
                continue;
            }
            if (method == null) {
                throw in.bad(n, "expected an OSU Micro-Benchmarks output starting with \"# OSU MPI Latency Test\" or \"# OSU MPI Bandwidth Test\"" + in.got(n));
            }
            if (cols == null) {
                throw in.bad(n, "expected the \"# Size …\" column header of the test at line " + bannerLine + " before its rows" + in.got(n));
            }
            String[] f = in.fields(n);
            if (f.length != cols.size()) {
                throw in.bad(n, "expected " + cols.size() + " columns as in the header" + in.got(n));
            }
            PingPongPoint p = row(in, n, f, cols, method);
            Integer first = seen.putIfAbsent(method + " " + p.messageSizeBytes(), n);
            if (first != null) {
                throw in.bad(n, "expected each message size once per test, " + p.messageSizeBytes() + " B repeats line " + first);
            }
            points.add(p);
        }
        if (points.isEmpty()) {
            throw in.bad(Math.max(1, in.lineCount()), "expected OSU osu_latency/osu_bw rows (size value), found none");
        }
        Provenance p = ImportSource.provenance("OSU Micro-Benchmarks: " + String.join("; ", tests), in, command)
                .put("note", "osu_latency: time_s = one-way latency (us*1e-6); osu_bw: bandwidth_Bps = MB/s*1e6 and "
                        + "time_s = size/bandwidth, the per-message time in a window of 64 back-to-back sends (not a latency)");
        return new PingPongTrace(p, points);
    }

    private static List<Col> header(TextInput in, int n, String method) {
        String h = in.line(n).strip().substring(1).strip();
        String[] names = h.split("\\s{2,}|\\t+");
        List<Col> cols = new ArrayList<>();
        for (String name : names) {
            String s = name.strip();
            if (s.equals("Size")) {
                cols.add(Col.SIZE);
            } else if (s.startsWith("Min ")) {
                cols.add(Col.MIN);
            } else if (s.startsWith("Max ")) {
                cols.add(Col.MAX);
            } else if (s.equals("Iterations")) {
                cols.add(Col.ITERATIONS);
            } else if (method.equals("osu_latency") ? s.matches("(Avg )?Latency ?\\(us\\)") : s.matches("Bandwidth ?\\(MB/s\\)")) {
                cols.add(Col.VALUE);
            } else {
                throw in.bad(n, "expected OSU columns Size and " + (method.equals("osu_latency") ? "Latency (us)" : "Bandwidth (MB/s)")
                        + " (and optionally Min, Max, Iterations), got \"" + s + "\"");
            }
        }
        if (cols.indexOf(Col.SIZE) != 0 || !cols.contains(Col.VALUE) || cols.stream().distinct().count() != cols.size()
                || (method.equals("osu_bw") && cols.size() != 2)) {
            throw in.bad(n, "expected the header \"# Size  " + (method.equals("osu_latency") ? "Latency (us)" : "Bandwidth (MB/s)") + "\"" + in.got(n));
        }
        return cols;
    }

    private static PingPongPoint row(TextInput in, int n, String[] f, List<Col> cols, String method) {
        long size = in.integer(f[cols.indexOf(Col.SIZE)], n, "Size (bytes)", 0);
        double value = in.positive(f[cols.indexOf(Col.VALUE)], n, method.equals("osu_latency") ? "the latency (us)" : "the bandwidth (MB/s)");
        if (method.equals("osu_bw")) {
            if (size == 0) {
                throw in.bad(n, "expected osu_bw sizes >= 1 byte, got 0");
            }
            double bps = TextInput.scaled(f[cols.indexOf(Col.VALUE)], 6);
            return in.build(n, () -> new PingPongPoint(size, size / bps, Double.NaN, Double.NaN, Double.NaN, 0, bps, method));
        }
        double min = cols.contains(Col.MIN) ? scaledPositive(in, f[cols.indexOf(Col.MIN)], n, "the min latency (us)") : Double.NaN;
        double max = cols.contains(Col.MAX) ? scaledPositive(in, f[cols.indexOf(Col.MAX)], n, "the max latency (us)") : Double.NaN;
        long iters = cols.contains(Col.ITERATIONS) ? in.integer(f[cols.indexOf(Col.ITERATIONS)], n, "Iterations", 1) : 0;
        return in.build(n, () -> new PingPongPoint(size, TextInput.scaled(f[cols.indexOf(Col.VALUE)], -6), min, Double.NaN, max, iters, Double.NaN, method));
    }

    private static double scaledPositive(TextInput in, String token, int n, String what) {
        in.positive(token, n, what);
        return TextInput.scaled(token, -6);
    }
}
