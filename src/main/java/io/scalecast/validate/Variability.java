package io.scalecast.validate;

import io.scalecast.platform.NetworkFactors;
import io.scalecast.calibrate.VariabilityCalibration;
import io.scalecast.sim.ComputeNoise;
import io.scalecast.whatif.PlatformEdit;

import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The measured variability a calibrated platform carries ({@code variability.*} properties of
 * {@link VariabilityCalibration}), drawn once per Monte Carlo sample (docs/intervals.md):
 * <ul>
 * <li>a network factor {@code g = exp(σ(s)·Z_net)} on every message time: each SMPI latency factor step
 * is multiplied by g and each bandwidth factor step divided by it, σ(s) the launch spread of the sizes
 * the step starts at (without factors, the cluster's latency and bandwidth);</li>
 * <li>a node-rate factor {@code f = exp(σ_run·Z_node)} for the whole run, and the per-burst spreads, written as
 * the {@link ComputeNoise} properties the simulated MPI reads, with a seed for the per-rank streams;</li>
 * <li>a poll-cost factor {@code exp(σ_poll·Z_poll)} on the poll's CPU and wall cost, Z_poll from a stream of the sample's
 * seed (so it draws nothing from the sample's generator).</li>
 * </ul>
 * Two normal deviates and one seed are drawn per sample whatever is measured, so a sample's stream
 * does not depend on which sources a platform has.
 */
final class Variability {
    private final long[] launchFrom;
    private final double[] launchSigma;
    private final double runSigma;
    private final double burstSlow;
    private final double burstFast;
    private final double pollSigma;
    /** Mixed into the sample's seed for the poll-cost deviate's own stream. */
    private static final long POLL_STREAM = 0x9E3779B97F4A7C15L;

    private Variability(long[] launchFrom, double[] launchSigma, double runSigma, double burstSlow, double burstFast, double pollSigma) {
        this.launchFrom = launchFrom;
        this.launchSigma = launchSigma;
        this.runSigma = runSigma;
        this.burstSlow = burstSlow;
        this.burstFast = burstFast;
        this.pollSigma = pollSigma;
    }

    static Variability of(PlatformEdit e) {
        String launch = prop(e, VariabilityCalibration.NETWORK_LAUNCH_SIGMA);
        long[] from = new long[0];
        double[] sig = new double[0];
        if (!launch.isEmpty()) {
            String[] parts = launch.split(";");
            from = new long[parts.length];
            sig = new double[parts.length];
            for (int i = 0; i < parts.length; i++) {
                String[] kv = parts[i].split(":");
                from[i] = Long.parseLong(kv[0].trim());
                sig[i] = Double.parseDouble(kv[1].trim());
            }
        }
        return new Variability(from, sig, number(e, VariabilityCalibration.NODE_RUN_SIGMA),
                number(e, VariabilityCalibration.NODE_BURST_SIGMA_SLOW), number(e, VariabilityCalibration.NODE_BURST_SIGMA_FAST),
                number(e, VariabilityCalibration.POLL_LAUNCH_SIGMA));
    }

    /** Whether anything measured varies. */
    boolean any() {
        return runSigma > 0 || burstSlow > 0 || burstFast > 0 || pollSigma > 0 || java.util.Arrays.stream(launchSigma).anyMatch(s -> s > 0);
    }

    /** The log σ between launches of a message of {@code bytes} (0 when not measured). */
    double launchSigma(long bytes) {
        double s = 0;
        for (int i = 0; i < launchFrom.length; i++) {
            if (bytes >= launchFrom[i]) {
                s = launchSigma[i];
            }
        }
        return s;
    }

    /** Draws this sample's network and node quantities into {@code e}. */
    void apply(PlatformEdit e, SplittableRandom rnd) {
        double zNet = ComputeNoise.gaussian(rnd);
        double zNode = ComputeNoise.gaussian(rnd);
        long seed = rnd.nextLong();
        String latF = e.config("smpi/lat-factor");
        String bwF = e.config("smpi/bw-factor");
        if (latF != null && bwF != null) {
            e.setConfig("smpi/lat-factor", scaled(latF, zNet, 1));
            e.setConfig("smpi/bw-factor", scaled(bwF, zNet, -1));
        } else if (e.hasCluster() && launchFrom.length > 0) {
            double lat = PlatformSampler.parseSeconds(e.clusterAttribute("lat"));
            double bw = io.scalecast.util.Units.parseRate(e.clusterAttribute("bw"));
            e.setClusterAttribute("lat", PlatformEdit.num(lat * Math.exp(launchSigma(0) * zNet)) + "s");
            e.setClusterAttribute("bw", PlatformEdit.num(bw / Math.exp(launchSigma(Long.MAX_VALUE) * zNet)) + "Bps");
        }
        if (runSigma > 0 || burstSlow > 0 || burstFast > 0) {
            e.setClusterProp(ComputeNoise.RATE_FACTOR, num(Math.exp(runSigma * zNode)));
            e.setClusterProp(ComputeNoise.BURST_SIGMA_SLOW, num(burstSlow));
            e.setClusterProp(ComputeNoise.BURST_SIGMA_FAST, num(burstFast));
            e.setClusterProp(ComputeNoise.SEED, Long.toString(seed));
        }
        if (pollSigma > 0) {
            double f = Math.exp(pollSigma * ComputeNoise.gaussian(new SplittableRandom(seed ^ POLL_STREAM)));
            for (String key : new String[] {io.scalecast.probe.IprobeProbe.CPU_PROPERTY, io.scalecast.sim.MpiConfig.IPROBE_OVERHEAD}) {
                String v = prop(e, key);
                if (!v.isEmpty()) {
                    e.setClusterProp(key, num(Double.parseDouble(v) * f));
                }
            }
        }
    }

    /** SMPI factors {@code T:v;T:v} with each step multiplied by {@code exp(sign·σ(T)·z)}. */
    private String scaled(String factors, double z, int sign) {
        StringBuilder b = new StringBuilder();
        for (NetworkFactors.Item item : NetworkFactors.items(factors)) {
            long at = item.sizeBytes();
            double v = item.factor() * Math.exp(sign * launchSigma(at) * z);
            b.append(b.length() == 0 ? "" : ";").append(at).append(':').append(num(v));
        }
        return b.toString();
    }

    private static String prop(PlatformEdit e, String key) {
        String v = e.hasCluster() ? e.clusterProp(key) : null;
        return v == null ? "" : v.trim();
    }

    private static double number(PlatformEdit e, String key) {
        String v = prop(e, key);
        return v.isEmpty() ? 0 : Double.parseDouble(v);
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.9g", v).trim();
    }
}
