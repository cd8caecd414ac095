package io.scalecast.probe;

import io.scalecast.trace.PingPongPoint;
import io.scalecast.trace.PingPongTrace;
import io.scalecast.trace.Provenance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

/** {@code measure pingpong}: runs {@code sc_pingpong} and builds a {@code pingpong} trace. */
public final class PingPongProbe {
    private PingPongProbe() {
    }

    /** The {@code method} column of this probe's rows (MPI_Send/MPI_Recv round trips). */
    public static final String METHOD = "sc_pingpong";

    /**
     * Probe settings.
     *
     * @param minBytes       smallest message
     * @param maxBytes       largest message (powers of two and 1.5·2^k between)
     * @param budgetSeconds  target time per size; sets the repetition count
     * @param minReps        repetitions at least
     * @param maxReps        repetitions at most
     * @param cycleBytes     region the buffers move through, larger than the caches
     */
    public record Config(long minBytes, long maxBytes, double budgetSeconds, int minReps, int maxReps, long cycleBytes) {
        public Config {
            if (minBytes < 1 || maxBytes < minBytes) {
                throw io.scalecast.util.ScalecastException.badInput("need 1 <= --min-bytes <= --max-bytes, got "
                        + minBytes + " and " + maxBytes);
            }
        }

        List<String> args() {
            return List.of("--min-bytes", Long.toString(minBytes), "--max-bytes", Long.toString(maxBytes),
                    "--budget", Double.toString(budgetSeconds), "--min-reps", Integer.toString(minReps),
                    "--max-reps", Integer.toString(maxReps), "--cycle", Long.toString(cycleBytes));
        }
    }

    /** One size of one run: one-way times in seconds (round trip / 2). */
    public record Point(long sizeBytes, long repetitions, double timeMinSeconds, double timeMedianSeconds, double timeMaxSeconds) {
    }

    /** The trace and the per-size spread of the per-run medians. */
    public record Result(PingPongTrace trace, double maxSpread, double maxSpreadLarge, int runs) {
    }

    static List<Point> parse(ProbeOutput o) {
        List<Point> pts = new ArrayList<>();
        for (String[] r : o.records("PP", 5)) {
            pts.add(new Point(ProbeOutput.integer(r, 1), ProbeOutput.integer(r, 2), ProbeOutput.num(r, 3),
                    ProbeOutput.num(r, 4), ProbeOutput.num(r, 5)));
        }
        if (pts.isEmpty()) {
            throw io.scalecast.util.ScalecastException.failure("sc_pingpong printed no PP records");
        }
        return pts;
    }

    /** Runs the probe {@code runs} times and merges: min of minima, median of per-run medians, max of maxima. */
    public static Result measure(ProbeRunner runner, Config cfg, int runs) {
        Runs r = new Runs(runner, "pingpong");
        List<ProbeOutput> outs = r.run(runs, cfg.args());
        TreeMap<Long, List<Point>> bySize = new TreeMap<>();
        for (ProbeOutput o : outs) {
            for (Point p : parse(o)) {
                bySize.computeIfAbsent(p.sizeBytes(), k -> new ArrayList<>()).add(p);
            }
        }
        List<PingPongPoint> rows = new ArrayList<>();
        double spread = 0;
        double spreadLarge = 0;
        for (var e : bySize.entrySet()) {
            List<Point> ps = e.getValue();
            double[] med = ps.stream().mapToDouble(Point::timeMedianSeconds).sorted().toArray();
            double median = median(med);
            double s = (med[med.length - 1] - med[0]) / median;
            spread = Math.max(spread, s);
            if (e.getKey() >= 256 * 1024) {
                spreadLarge = Math.max(spreadLarge, s);
            }
            Point m = new Point(e.getKey(), ps.stream().mapToLong(Point::repetitions).sum(),
                    ps.stream().mapToDouble(Point::timeMinSeconds).min().orElseThrow(), median,
                    ps.stream().mapToDouble(Point::timeMaxSeconds).max().orElseThrow());
            rows.add(new PingPongPoint(m.sizeBytes(), m.timeMedianSeconds(), m.timeMinSeconds(), m.timeMedianSeconds(),
                    m.timeMaxSeconds(), m.repetitions(), m.sizeBytes() / m.timeMedianSeconds(), METHOD));
        }
        Provenance p = r.provenance("pingpong");
        p.put("note", "MPI_Send/MPI_Recv; one-way time = round trip / 2 between ranks 0 and 1, each round trip timed alone; time_s = median;"
                + " with several runs: min of minima, median of per-run medians, max of maxima, repetitions summed");
        p.put("spread", String.format(Locale.ROOT, "%d run(s); max (max-min)/median of per-run medians: %.1f%% over all sizes, %.1f%% at >= 256 KiB",
                runs, 100 * spread, 100 * spreadLarge));
        return new Result(new PingPongTrace(p, rows), spread, spreadLarge, runs);
    }

    static double median(double[] sorted) {
        double[] v = sorted.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
    }
}
