package io.scalecast.trace.importer;

import io.scalecast.trace.PingPongPoint;
import io.scalecast.trace.PingPongTrace;
import io.scalecast.trace.Provenance;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * NetPIPE's {@code -o} output file ({@code np.out}), one line per message size.
 * <ul>
 * <li>3.x ({@code "%8d %lf %12.8lf"}: bytes, Mbps, one-way seconds). Mbps = bits / (t · 2^20)
 * (netpipe.c 3.x). The time column has only 10 ns resolution, so the one-way time is taken
 * from the Mbps column, {@code t = 8·bytes / (Mbps · 2^20)}, after checking that it agrees with
 * the printed time to within its rounding. NetPIPE's t is the mean over its repetitions and the
 * minimum over its trials (netpipe.c 3.x: TRIALS blocks of nrepeat back-to-back round trips, each
 * block timed as a whole), so it is also written as {@code time_block_s}, the column sc_pingpong
 * fills with the same statistic.</li>
 * <li>4.x/5.x ({@code "%8d %lf %12.8lf %12.8lf %12.8lf"}: bytes, Mbps at t_min, Mbps at t_avg,
 * Mbps at t_max, t_min seconds; {@code -w} adds two columns). time_s = t_min; time_max_s =
 * t_min · Mbps(t_min) / Mbps(t_max) (the rates share one numerator, so the ratio needs no
 * knowledge of npairs).</li>
 * </ul>
 * Several runs of the same sweep ({@link #read(List, String)}) give one trace: per size, time_s =
 * the median over the runs, time_min_s / time_max_s = the fastest and slowest run, and the note
 * states the largest relative spread (max − min)/median at sizes of 64 KiB and above.
 */
public final class NetpipeImporter {
    private static final double MEBI = 1024.0 * 1024.0;

    private NetpipeImporter() {
    }

    /** One NetPIPE output file. */
    public static PingPongTrace read(TextInput in, String command) {
        return new PingPongTrace(provenance(in, layout(in), command), points(in));
    }

    /** Several runs of the same sweep, combined per size (median, min, max over the runs). */
    public static PingPongTrace read(List<TextInput> runs, String command) {
        if (runs.size() == 1) {
            return read(runs.get(0), command);
        }
        TextInput first = runs.get(0);
        List<PingPongPoint> base = points(first);
        int layout = layout(first);
        List<List<PingPongPoint>> all = new ArrayList<>();
        for (TextInput in : runs) {
            List<PingPongPoint> pts = points(in);
            if (layout(in) != layout) {
                throw in.bad(1, "expected the same NetPIPE layout as " + first.name() + " (" + layout + " columns)");
            }
            if (!pts.stream().map(PingPongPoint::messageSizeBytes).toList().equals(base.stream().map(PingPongPoint::messageSizeBytes).toList())) {
                throw in.bad(1, "expected the same message sizes as " + first.name() + " (runs of one sweep: same -l/-u/-p)");
            }
            all.add(pts);
        }
        List<PingPongPoint> merged = new ArrayList<>();
        double worstLarge = 0;
        for (int i = 0; i < base.size(); i++) {
            double[] t = new double[runs.size()];
            for (int r = 0; r < t.length; r++) {
                t[r] = all.get(r).get(i).oneWaySeconds();
            }
            java.util.Arrays.sort(t);
            double median = io.scalecast.util.Stats.median(t);
            long size = base.get(i).messageSizeBytes();
            if (size >= 65536) {
                worstLarge = Math.max(worstLarge, (t[t.length - 1] - t[0]) / median);
            }
            merged.add(new PingPongPoint(size, median, t[0], median, t[t.length - 1], 0, size / median, "netpipe",
                    layout == 3 ? median : Double.NaN, 0));
        }
        List<String> names = new ArrayList<>();
        List<String> hashes = new ArrayList<>();
        for (TextInput in : runs) {
            names.add(in.name());
            hashes.add(in.sha256());
        }
        Provenance p = provenance(first, layout, command);
        p.put("input", String.join(", ", names)).put("input_sha256", String.join(", ", hashes));
        p.put("note", p.get("note") + "; combined over " + runs.size() + " runs: time_s = time_median_s = median over the runs, "
                + "time_min_s/time_max_s = fastest/slowest run" + (worstLarge > 0 ? String.format(java.util.Locale.ROOT,
                "; largest spread (max-min)/median at >= 65536 B: %.3f", worstLarge) : ""));
        return new PingPongTrace(p, merged);
    }

    private static Provenance provenance(TextInput in, int layout, String command) {
        String source = layout == 3 ? "NetPIPE 3.x (np.out: bytes, Mbps = bits/(t*2^20), one-way s)"
                : "NetPIPE 4.x/5.x (np.out: bytes, Mbps at t_min/t_avg/t_max, t_min s)";
        return ImportSource.provenance(source, in, command).put("note", layout == 3
                ? "time_s = time_block_s = 8*size/(Mbps*2^20), NetPIPE's one-way time (round trip/2): mean over its repetitions"
                        + " (one block of back-to-back round trips), min over its trials (TRIALS: 3 in Debian's 3.7.2 build)"
                : "time_s = NetPIPE's t_min (one-way); time_max_s from the Mbps ratio; bandwidth_Bps = Mbps(t_min)*1e6/8 as NetPIPE reports it");
    }

    private static int layout(TextInput in) {
        for (int n = 1; n <= in.lineCount(); n++) {
            int c = in.fields(n).length;
            if (c > 0) {
                return c;
            }
        }
        return 0;
    }

    private static List<PingPongPoint> points(TextInput in) {
        List<PingPongPoint> points = new ArrayList<>();
        Map<Long, Integer> seen = new HashMap<>();
        int layout = 0;
        int layoutLine = 0;
        for (int n = 1; n <= in.lineCount(); n++) {
            String[] f = in.fields(n);
            if (f.length == 0) {
                continue;
            }
            int cols = f.length;
            if (cols != 3 && cols != 5 && cols != 7) {
                throw in.bad(n, "expected a NetPIPE line of 3 columns (3.x: bytes Mbps seconds) or 5 (4.x: bytes Mbps_min Mbps_avg "
                        + "Mbps_max t_min_s)" + in.got(n));
            }
            if (layout == 0) {
                layout = cols;
                layoutLine = n;
            } else if (cols != layout) {
                throw in.bad(n, "expected " + layout + " columns like line " + layoutLine + in.got(n));
            }
            long bytes = in.integer(f[0], n, "the message size (column 1, bytes)", 1);
            Integer first = seen.putIfAbsent(bytes, n);
            if (first != null) {
                throw in.bad(n, "expected each message size once, " + bytes + " B repeats line " + first);
            }
            final int line = n;
            final int lay = layout;
            points.add(in.build(n, () -> lay == 3 ? v3(in, line, f, bytes) : v4(in, line, f, bytes)));
        }
        if (points.isEmpty()) {
            throw in.bad(Math.max(1, in.lineCount()), "expected NetPIPE result lines (bytes Mbps seconds), found none");
        }
        return points;
    }

    private static PingPongPoint v3(TextInput in, int n, String[] f, long bytes) {
        double mbps = in.positive(f[1], n, "the rate (column 2, Mbps)");
        double printed = in.nonNegative(f[2], n, "the one-way time (column 3, seconds)");
        double t = 8.0 * bytes / (mbps * MEBI);
        // %lf prints Mbps to 1e-6 and %12.8lf the time to 1e-8 s: allow both roundings plus slack.
        double slack = 0.6e-8 + t * (1e-6 / mbps) + 1e-3 * t;
        if (Math.abs(t - printed) > slack) {
            throw in.bad(n, "expected the time column to equal 8*bytes/(Mbps*2^20) = " + t + " s (NetPIPE 3.x), got " + printed + in.got(n));
        }
        return new PingPongPoint(bytes, t, Double.NaN, Double.NaN, Double.NaN, 0, bytes / t, "netpipe", t, 0);
    }

    private static PingPongPoint v4(TextInput in, int n, String[] f, long bytes) {
        double mbpsMin = in.positive(f[1], n, "the rate at t_min (column 2, Mbps)");
        in.positive(f[2], n, "the rate at t_avg (column 3, Mbps)");
        double mbpsMax = in.positive(f[3], n, "the rate at t_max (column 4, Mbps)");
        double tMin = in.positive(f[4], n, "t_min (column 5, seconds)");
        if (mbpsMax > mbpsMin * (1 + 1e-6)) {
            throw in.bad(n, "expected the rate at t_max (column 4) <= the rate at t_min (column 2)" + in.got(n));
        }
        double tMax = tMin * mbpsMin / mbpsMax;
        return new PingPongPoint(bytes, tMin, tMin, Double.NaN, tMax, 0, mbpsMin * 1e6 / 8, "netpipe");
    }
}
