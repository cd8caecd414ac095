package io.scalecast.probe;

import io.scalecast.trace.Provenance;
import io.scalecast.trace.SummaryEntry;
import io.scalecast.trace.SummaryTrace;
import io.scalecast.util.ScalecastException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code measure noise}: how the node takes its cores away from the ranks (sc_noise, fixed work quanta). Every rank at
 * once times many equal pieces of arithmetic; a piece slower than the fastest was interrupted. A code whose ranks meet
 * often (HPL with P &gt; 1 at every column) loses the whole of a partner's interruption, which a throughput probe cannot
 * see (docs/notebook/hpl.md, 2026-12-07 18:33). The summary keeps the worst rank's figures, since a run waits for it:
 * {@value #LOST_KEY}, {@value #RATE_KEY} and the mean of those detours. A diagnostic: no model reads it yet.
 */
public final class NoiseProbe {
    /** Summary key: the share of a rank's time lost to detours, the worst rank. */
    public static final String LOST_KEY = "noise_lost_fraction";
    /** Summary key: detours above 100 µs per second of a rank's time, the worst rank. */
    public static final String RATE_KEY = "detours_over_100us_per_s";
    /** Fields of a NOISE record after its kind (src/main/c/noise.c). */
    static final int FIELDS = 11;

    private NoiseProbe() {
    }

    /** @param quanta pieces of work per rank; @param workUs about how long one piece takes, microseconds */
    public record Config(long quanta, double workUs) {
        public Config {
            if (quanta < 100 || quanta > 100_000_000L) {
                throw ScalecastException.badInput("--quanta must be between 100 and 1e8, got " + quanta);
            }
            if (!(workUs >= 1) || workUs > 100_000) {
                throw ScalecastException.badInput("--work-us must be between 1 and 100000, got " + workUs);
            }
        }

        List<String> args() {
            return List.of("--quanta", Long.toString(quanta), "--work-us", Double.toString(workUs));
        }
    }

    /** Per rank and launch: {rank, total s, fastest piece s, lost s, detours over 100 µs, their summed detour s, max piece s, over 1 ms}. */
    static List<double[]> ranks(List<ProbeOutput> outs) {
        List<double[]> v = new ArrayList<>();
        for (ProbeOutput o : outs) {
            for (String[] r : o.records("NOISE", FIELDS)) {
                double total = ProbeOutput.num(r, 3), min = ProbeOutput.num(r, 4), lost = ProbeOutput.num(r, 8);
                if (!(total > 0) || !(min > 0) || !(lost >= 0)) {
                    throw ScalecastException.failure("sc_noise: expected positive times in " + String.join(" ", r));
                }
                v.add(new double[] {ProbeOutput.integer(r, 1), total, min, lost, ProbeOutput.num(r, 9), ProbeOutput.num(r, 10),
                    ProbeOutput.num(r, 7), ProbeOutput.num(r, 11)});
            }
        }
        if (v.isEmpty()) {
            throw ScalecastException.failure("sc_noise printed no NOISE records");
        }
        return v;
    }

    public static SummaryTrace measure(ProbeRunner runner, Config cfg, int runs) {
        Runs r = Runs.launched(runner, "noise", runs, cfg.args());
        return summary(r.outputs(), cfg, r.provenance("summary"));
    }

    static SummaryTrace summary(List<ProbeOutput> outs, Config cfg, Provenance p) {
        List<double[]> all = ranks(outs);
        double[] worst = all.get(0);
        for (double[] v : all) {
            if (v[3] / v[1] > worst[3] / worst[1]) {
                worst = v;
            }
        }
        double maxDetour = all.stream().mapToDouble(v -> v[6] - v[2]).max().orElse(0);
        List<String> per = new ArrayList<>();
        for (double[] v : all) {
            per.add(String.format(Locale.ROOT, "%d: lost %.2f%%, %.0f detours > 100 us (%.1f/s), %.0f > 1 ms, longest %.3g s",
                    (int) v[0], 100 * v[3] / v[1], v[4], v[4] / v[1], v[7], v[6] - v[2]));
        }
        p.put("note", "fixed work quanta: every rank at once times " + cfg.quanta() + " equal pieces of about " + cfg.workUs()
                + " us of arithmetic; a detour is a piece's time beyond the fastest piece's; " + LOST_KEY + " = summed detours /"
                + " the rank's time and " + RATE_KEY + " = detours above 100 us per second, both of the rank that lost the most"
                + " (a run whose ranks meet waits for it); detour_max_s over every rank");
        p.put("per_rank", String.join("; ", per));
        List<SummaryEntry> e = new ArrayList<>();
        e.add(new SummaryEntry(LOST_KEY, String.format(Locale.ROOT, "%.5f", worst[3] / worst[1]), "", worst[3] / worst[1], ""));
        e.add(new SummaryEntry(RATE_KEY, String.format(Locale.ROOT, "%.2f", worst[4] / worst[1]), "1/s", worst[4] / worst[1], "1/s"));
        e.add(SummaryEntry.seconds("detour_over_100us_mean_s", worst[4] > 0 ? worst[5] / worst[4] : 0));
        e.add(SummaryEntry.seconds("detour_max_s", maxDetour));
        e.add(SummaryEntry.seconds("quantum_s", worst[2]));
        e.add(new SummaryEntry("samples", Integer.toString(all.size()), "", all.size(), ""));
        return new SummaryTrace(p, e);
    }
}
