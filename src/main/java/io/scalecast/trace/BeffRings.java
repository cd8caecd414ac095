package io.scalecast.trace;

import io.scalecast.util.Stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one exchange of b_eff's ring patterns takes, length by length: in a ring every process sends one message and
 * receives one per loop, so the loop takes {@code S = P·L/b} (P processes, L the length, b the ring's accumulated
 * bandwidth). Per ring pattern the median over its repetitions of each method, the best method (as b_eff itself takes
 * the best), then the median over the ring patterns; with several launches ({@code measure beff --runs}, whose
 * repetitions are numbered on, {@code reps=N} a launch in its {@code # probe:} line) that per launch, and the median
 * over the launches: one launch can read a slow moment of the host for all its rings.
 */
public final class BeffRings {
    private static final Pattern REPS = Pattern.compile("\\breps=(\\d+)");
    private static final Pattern PROCESSES = Pattern.compile("^\\s*(\\d+) processes");

    private BeffRings() {
    }

    /** Per length, the exchange {@code S} of each launch, in launch order; lengths without a ring row are absent. */
    public static TreeMap<Long, double[]> exchangesByLaunch(BeffTrace t, int procs) {
        int reps = repetitionsPerLaunch(t.provenance().get("probe"));
        Map<Long, Map<Integer, Map<String, Map<String, List<Double>>>>> rows = new TreeMap<>();
        for (BeffPoint q : t.points()) {
            if (q.pattern().startsWith("ring") && !q.method().equals("max")) {
                int launch = reps > 0 && q.repetition() >= 0 ? q.repetition() / reps : 0;
                rows.computeIfAbsent(q.lengthBytes(), k -> new TreeMap<>()).computeIfAbsent(launch, k -> new TreeMap<>())
                        .computeIfAbsent(q.pattern(), k -> new TreeMap<>()).computeIfAbsent(q.method(), k -> new ArrayList<>())
                        .add(q.bandwidthBytesPerSecond());
            }
        }
        TreeMap<Long, double[]> out = new TreeMap<>();
        rows.forEach((length, launches) -> out.put(length, launches.values().stream()
                .mapToDouble(rings -> exchange(rings, procs, length)).toArray()));
        return out;
    }

    /** Per length, the median over the launches of {@link #exchangesByLaunch}. */
    public static TreeMap<Long, Double> exchanges(BeffTrace t, int procs) {
        TreeMap<Long, Double> out = new TreeMap<>();
        exchangesByLaunch(t, procs).forEach((length, s) -> out.put(length, Stats.median(s)));
        return out;
    }

    /** Processes of a b_eff run from its {@code # placement:} line ("N processes on …"); 0 when it does not say. */
    public static int processes(String placement) {
        Matcher m = PROCESSES.matcher(placement == null ? "" : placement);
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    /**
     * Repetitions of one launch from a {@code # probe:} line ({@code reps=N}); 0 when it does not say, and every
     * repetition is then one launch's.
     */
    public static int repetitionsPerLaunch(String probe) {
        Matcher m = REPS.matcher(probe == null ? "" : probe);
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    private static double exchange(Map<String, Map<String, List<Double>>> rings, int procs, long length) {
        List<Double> perRing = new ArrayList<>();
        for (Map<String, List<Double>> methods : rings.values()) {
            double best = 0;
            for (List<Double> reps : methods.values()) {
                best = Math.max(best, Stats.median(reps.stream().mapToDouble(Double::doubleValue).toArray()));
            }
            perRing.add(procs * (double) length / best);
        }
        return Stats.median(perRing.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
