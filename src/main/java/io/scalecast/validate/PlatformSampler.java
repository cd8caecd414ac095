package io.scalecast.validate;

import io.scalecast.platform.NetworkFactors;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.scalecast.util.AtomicFiles;
import io.scalecast.util.ScalecastException;
import io.scalecast.util.Units;
import io.scalecast.whatif.PlatformEdit;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Draws platform variants from a calibration's confidence intervals. Reads the first (inter-node)
 * list of ping-pong segments of {@code NAME.calibration.json} as {@code calibrate.CalibrationRecord}
 * writes it ({@code above_bytes}, {@code latency_s}, {@code latency_ci95_s}, {@code per_byte_s},
 * {@code per_byte_ci95_s}) and, per sample, shifts each segment's latency and per-byte cost
 * by a normal deviate (σ = 95 % half-width / 1.96). The shift goes into the SMPI factors of the
 * matching size step: with route latency R and route bandwidth B,
 * {@code lat_factor' = lat_factor + ΔL/R} and {@code 1/(bw_factor'·B) = 1/(bw_factor·B) + Δb}
 * (additive, so per-message overheads modelled elsewhere stay as calibrated). Platforms without
 * factors get the shifts on the cluster's link latency and bandwidth.
 */
public final class PlatformSampler {
    /** One segment's uncertain parameters. */
    record Uncertain(long aboveBytes, double latencySeconds, double latencyCi95Seconds, double perByteSeconds,
                     double perByteCi95Seconds) {
    }

    private final Path platform;
    private final List<Uncertain> segments;
    private final Variability variability;

    private PlatformSampler(Path platform, List<Uncertain> segments, Variability variability) {
        this.platform = platform;
        this.segments = segments;
        this.variability = variability;
    }

    /**
     * The calibration record of a platform: the file its {@code calibration.record} property names
     * (calibrate writes it beside the XML), else {@code NAME.calibration.json} for {@code NAME.xml}.
     */
    public static Path calibrationFileFor(Path platformXml) {
        if (java.nio.file.Files.isReadable(platformXml)) {
            String rec = io.scalecast.platform.PlatformFile.read(platformXml).props().get("calibration.record");
            if (rec != null && !rec.isBlank()) {
                return platformXml.toAbsolutePath().resolveSibling(rec);
            }
        }
        String n = platformXml.getFileName().toString();
        String base = n.endsWith(".xml") ? n.substring(0, n.length() - 4) : n;
        return platformXml.resolveSibling(base + ".calibration.json");
    }

    /**
     * The sampler of a platform: the fit's intervals from {@code calibrationJson} when it exists, and the
     * measured variability the platform carries ({@link Variability}).
     */
    public static PlatformSampler read(Path platform, Path calibrationJson) {
        Variability v = Variability.of(PlatformEdit.read(platform));
        if (!java.nio.file.Files.exists(calibrationJson)) {
            return new PlatformSampler(platform, List.of(), v);
        }
        JsonElement root;
        try {
            root = JsonParser.parseString(AtomicFiles.read(calibrationJson));
        } catch (com.google.gson.JsonParseException e) {
            throw io.scalecast.util.Json.badJson(calibrationJson.toString(), e);
        }
        List<Uncertain> segs = new ArrayList<>();
        JsonArray a = findSegments(root);
        if (a != null) {
            for (JsonElement e : a) {
                JsonObject o = e.getAsJsonObject();
                double above = num(o, "above_bytes");
                segs.add(new Uncertain(Double.isNaN(above) ? 0 : (long) above,
                        num(o, "latency_s"), num(o, "latency_ci95_s"), num(o, "per_byte_s"), num(o, "per_byte_ci95_s")));
            }
        }
        // A fit to noise-free data (published figures sampled from a model) has intervals at
        // rounding level; sampling them would give zero-width "intervals" that say nothing.
        segs.removeIf(s -> !(s.latencyCi95Seconds() > 1e-9 * Math.abs(s.latencySeconds()))
                && !(s.perByteCi95Seconds() > 1e-9 * Math.abs(s.perByteSeconds())));
        return new PlatformSampler(platform, segs, v);
    }

    /** Number of segments with a usable confidence interval. */
    public int parameterCount() {
        return segments.size();
    }

    /** Whether a sample differs from the platform: a usable confidence interval or measured variability. */
    public boolean varies() {
        return !segments.isEmpty() || variability.any();
    }

    /** Writes one sampled variant of the platform to {@code out}. */
    public void sample(SplittableRandom rnd, Path out) {
        PlatformEdit e = PlatformEdit.read(platform);
        String latF = e.config("smpi/lat-factor");
        String bwF = e.config("smpi/bw-factor");
        double routeLat = routeLatency(e);
        double routeBw = Units.parseRate(e.clusterAttribute("bw"));
        if (latF != null && bwF != null) {
            long[] latSteps = steps(latF);
            double[] latVal = values(latF);
            long[] bwSteps = steps(bwF);
            double[] bwVal = values(bwF);
            for (int k = 0; k < segments.size(); k++) {
                Uncertain s = segments.get(k);
                double dL = deviate(rnd, s.latencyCi95Seconds());
                double db = deviate(rnd, s.perByteCi95Seconds());
                int i = stepFor(latSteps, s.aboveBytes());
                if (i >= 0 && routeLat > 0) {
                    latVal[i] = Math.max(1e-6, latVal[i] + clampShift(dL, s.latencySeconds()) / routeLat);
                }
                int j = stepFor(bwSteps, s.aboveBytes());
                if (j >= 0) {
                    double perByte = 1 / (bwVal[j] * routeBw) + clampShift(db, s.perByteSeconds());
                    bwVal[j] = 1 / (Math.max(perByte, 1e-18) * routeBw);
                }
            }
            e.setConfig("smpi/lat-factor", join(latSteps, latVal));
            e.setConfig("smpi/bw-factor", join(bwSteps, bwVal));
        } else if (!segments.isEmpty()) {
            Uncertain s = segments.get(0);
            double dL = clampShift(deviate(rnd, s.latencyCi95Seconds()), s.latencySeconds());
            double db = clampShift(deviate(rnd, s.perByteCi95Seconds()), s.perByteSeconds());
            double lat = parseSeconds(e.clusterAttribute("lat"));
            e.setClusterAttribute("lat", PlatformEdit.num(Math.max(0, lat + dL / 2)) + "s");
            e.setClusterAttribute("bw", PlatformEdit.num(1 / Math.max(1 / routeBw + db, 1e-18)) + "Bps");
        }
        variability.apply(e, rnd);
        e.comment("prediction-interval sample of " + platform.getFileName());
        e.write(out);
    }

    /** A shift that never makes the parameter itself negative. */
    private static double clampShift(double shift, double value) {
        return value + shift < 0 ? -value * 0.999 : shift;
    }

    private static double deviate(SplittableRandom rnd, double ci95) {
        double g = rnd.nextGaussian();
        return ci95 > 0 ? g * ci95 / 1.96 : 0;
    }

    private static double routeLatency(PlatformEdit e) {
        if (!e.hasCluster()) {
            throw ScalecastException.badInput("prediction intervals need a cluster platform (one <cluster>), as calibrate writes");
        }
        double lat = parseSeconds(e.clusterAttribute("lat"));
        String bb = e.clusterAttribute("bb_lat");
        return 2 * lat + (bb.isEmpty() ? 0 : parseSeconds(bb));
    }

    /** SimGrid time like "20us", "1.5e-05s", "0.001" → seconds. */
    public static double parseSeconds(String s) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\s*([0-9]*\\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\\s*([a-z]*)\\s*").matcher(s);
        if (!m.matches()) {
            throw ScalecastException.badInput("cannot read \"" + s + "\" as a time: expected e.g. 20us or 1.5e-05s");
        }
        double v = Double.parseDouble(m.group(1));
        return switch (m.group(2)) {
            case "", "s" -> v;
            case "ms" -> v * 1e-3;
            case "us" -> v * 1e-6;
            case "ns" -> v * 1e-9;
            case "ps" -> v * 1e-12;
            case "m" -> v * 60;
            case "h" -> v * 3600;
            default -> throw ScalecastException.badInput("unknown time unit \"" + m.group(2) + "\" in \"" + s + "\"");
        };
    }

    private static JsonArray findSegments(JsonElement e) {
        if (e.isJsonObject()) {
            for (var en : e.getAsJsonObject().entrySet()) {
                JsonElement v = en.getValue();
                if (v.isJsonArray() && !v.getAsJsonArray().isEmpty() && v.getAsJsonArray().get(0).isJsonObject()
                        && v.getAsJsonArray().get(0).getAsJsonObject().has("latency_s")
                        && v.getAsJsonArray().get(0).getAsJsonObject().has("per_byte_s")) {
                    return v.getAsJsonArray();
                }
                JsonArray inner = findSegments(v);
                if (inner != null) {
                    return inner;
                }
            }
        } else if (e.isJsonArray()) {
            for (JsonElement x : e.getAsJsonArray()) {
                JsonArray inner = findSegments(x);
                if (inner != null) {
                    return inner;
                }
            }
        }
        return null;
    }

    private static double num(JsonObject o, String k) {
        JsonElement v = o.get(k);
        if (v == null || v.isJsonNull()) {
            return Double.NaN;
        }
        try {
            return v.getAsDouble();
        } catch (NumberFormatException ex) {
            return Double.NaN;
        }
    }

    private static long[] steps(String factors) {
        return NetworkFactors.items(factors).stream().mapToLong(NetworkFactors.Item::sizeBytes).toArray();
    }

    private static double[] values(String factors) {
        return NetworkFactors.items(factors).stream().mapToDouble(NetworkFactors.Item::factor).toArray();
    }

    /**
     * The factor step a segment maps to: the first threshold at or above the segment's start
     * within {@link #THRESHOLD_SLACK_BYTES} (calibrate moves thresholds by a header's worth of
     * bytes when translating segments into SMPI factors), else none.
     */
    static int stepFor(long[] thresholds, long aboveBytes) {
        for (int i = 0; i < thresholds.length; i++) {
            if (thresholds[i] >= aboveBytes && thresholds[i] - aboveBytes <= THRESHOLD_SLACK_BYTES) {
                return i;
            }
        }
        return -1;
    }

    /** How far a factor threshold may sit above its segment's start and still belong to it. */
    static final long THRESHOLD_SLACK_BYTES = 256;

    private static String join(long[] steps, double[] vals) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < steps.length; i++) {
            b.append(i == 0 ? "" : ";").append(steps[i]).append(':').append(String.format(Locale.ROOT, "%.9g", vals[i]).trim());
        }
        return b.toString();
    }
}
