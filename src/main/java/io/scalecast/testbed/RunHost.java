package io.scalecast.testbed;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the host did around one real run, from its run.txt (scripts/real-runs/common.sh): the hypervisor's steal seconds
 * during the run ({@code cpu:} line) and the interruptions above 100 µs per second of the most interrupted rank in the
 * {@code measure noise} taken just before it ({@code noise:} line). NaN where the run.txt predates those lines.
 */
final class RunHost {
    private static final Pattern STEAL = Pattern.compile("steal (-?[0-9.]+) s");
    private static final Pattern RATE = Pattern.compile("\\(([0-9.]+)/s\\)");

    private RunHost() {
    }

    static double stealSeconds(Map<String, String> run) {
        String cpu = run.get("cpu");
        Matcher m = cpu == null ? null : STEAL.matcher(cpu);
        return m != null && m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }

    static double detoursPerSecond(Map<String, String> run) {
        String noise = run.get("noise");
        if (noise == null) {
            return Double.NaN;
        }
        double worst = Double.NaN;
        Matcher m = RATE.matcher(noise);
        while (m.find()) {
            double v = Double.parseDouble(m.group(1));
            worst = Double.isNaN(worst) ? v : Math.max(worst, v);
        }
        return worst;
    }
}
