package io.scalecast.probe;

import io.scalecast.trace.Provenance;
import io.scalecast.trace.SummaryEntry;
import io.scalecast.trace.SummaryTrace;
import io.scalecast.util.ScalecastException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code measure release}: per message size, when MPI_Send returns against when the receiver (posted
 * and polling) has the data (sc_release). Written as a {@code summary} trace with, per size s, the
 * medians {@code t_send_s_<s>} and {@code t_recv_s_<s>} over repetitions × runs. What calibration takes from
 * it (the largest size whose sender is released early, the bytes in flight when it is held) is
 * {@code calibrate.ReleaseAnalysis}.
 */
public final class ReleaseProbe {
    private ReleaseProbe() {
    }

    /** {@code recvDelaySeconds} &gt; 0: the receiver computes that long before its MPI_Recv instead of posting first and polling. */
    public record Config(long minBytes, long maxBytes, int repeats, double recvDelaySeconds) {
        public Config {
            if (minBytes < 1 || maxBytes < minBytes || maxBytes > (1L << 30)) {
                throw ScalecastException.badInput("--min-bytes / --max-bytes: expected 1 <= min <= max <= 1 GiB, got " + minBytes + " / " + maxBytes);
            }
            if (repeats < 1) {
                throw ScalecastException.badInput("--repeats must be at least 1, got " + repeats);
            }
            if (!(recvDelaySeconds >= 0) || recvDelaySeconds > 60) {
                throw ScalecastException.badInput("--recv-delay-s: expected seconds between 0 and 60, got " + recvDelaySeconds);
            }
        }

        public Config(long minBytes, long maxBytes, int repeats) {
            this(minBytes, maxBytes, repeats, 0);
        }

        List<String> args() {
            List<String> a = new ArrayList<>(List.of("--min-bytes", Long.toString(minBytes), "--max-bytes", Long.toString(maxBytes),
                    "--repeats", Integer.toString(repeats)));
            if (recvDelaySeconds > 0) {
                a.add("--recv-delay-s");
                a.add(Double.toString(recvDelaySeconds));
            }
            return a;
        }
    }

    /** Per size: {median t_send, median t_recv} over every RELEASE record. */
    static TreeMap<Long, double[]> medians(List<ProbeOutput> outs) {
        Map<Long, List<double[]>> by = new TreeMap<>();
        for (ProbeOutput o : outs) {
            for (String[] r : o.records("RELEASE", 4)) {
                long s = ProbeOutput.integer(r, 1);
                double send = ProbeOutput.num(r, 3), recv = ProbeOutput.num(r, 4);
                if (s < 1 || !(send > 0) || !(recv > 0)) {
                    throw ScalecastException.failure("sc_release: expected a positive size and times in " + String.join(" ", r));
                }
                by.computeIfAbsent(s, k -> new ArrayList<>()).add(new double[] {send, recv});
            }
        }
        if (by.isEmpty()) {
            throw ScalecastException.failure("sc_release printed no RELEASE records");
        }
        TreeMap<Long, double[]> m = new TreeMap<>();
        by.forEach((s, v) -> m.put(s, new double[] {io.scalecast.util.Stats.median(v.stream().mapToDouble(x -> x[0]).sorted().toArray()),
                io.scalecast.util.Stats.median(v.stream().mapToDouble(x -> x[1]).sorted().toArray())}));
        return m;
    }

    public static SummaryTrace measure(ProbeRunner runner, Config cfg, int runs) {
        Runs r = new Runs(runner, "release");
        TreeMap<Long, double[]> m = medians(r.run(runs, cfg.args()));
        Provenance p = r.provenance("summary");
        p.put("note", cfg.recvDelaySeconds() > 0
                ? String.format(Locale.ROOT, "per size s: median time for MPI_Send(s) to return (t_send_s_<s>) and for MPI_Recv to"
                + " return (t_recv_s_<s>), over repetitions x runs, both from a common barrier; the receiver posted nothing in advance:"
                + " it computed %s s without MPI calls after the barrier, then called MPI_Recv (sc_release --recv-delay-s): a send that"
                + " waits for the receiver's match returns after that", Double.toString(cfg.recvDelaySeconds()))
                : "per size s: median time for MPI_Send(s) to return (t_send_s_<s>) and for the posted, polling receiver to have"
                + " the data (t_recv_s_<s>), over repetitions x runs, both from a common barrier; a sender released early returns"
                + " well before the data is in");
        List<SummaryEntry> e = new ArrayList<>();
        m.forEach((s, v) -> {
            e.add(SummaryEntry.seconds("t_send_s_" + s, v[0]));
            e.add(SummaryEntry.seconds("t_recv_s_" + s, v[1]));
        });
        return new SummaryTrace(p, e);
    }
}
