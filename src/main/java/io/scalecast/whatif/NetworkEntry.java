package io.scalecast.whatif;

import io.scalecast.calibrate.SyntheticPingPong;
import io.scalecast.trace.PingPongPoint;
import io.scalecast.trace.PingPongTrace;
import io.scalecast.trace.Provenance;
import io.scalecast.util.ScalecastException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One interconnect of the catalogue ({@code platforms/catalogue/net-NAME.json}): its published figures, each with the
 * document, benchmark and MPI library it comes from. An entry is either a latency/bandwidth pair ({@code status: pair}),
 * a published one-way ping-pong curve ({@code curve}), or an entry whose figures were searched for and not found
 * ({@code incomplete}, {@code not-found}); only the first two can be calibrated.
 *
 * @param name                 name on the command line ({@code --vary network=NAME})
 * @param file                 the catalogue file it was read from
 * @param title                what the interconnect and the measured system are
 * @param status               pair, curve, incomplete or not-found
 * @param latencySeconds       published one-way small-message latency (pair; NaN otherwise)
 * @param bandwidthBytesPerSecond published asymptotic one-way bandwidth (pair; NaN otherwise)
 * @param eagerThresholdBytes  published eager/rendezvous switch of the MPI measured (−1: not published)
 * @param curve                published one-way times per size (curve entries; empty otherwise)
 * @param sources              one line per figure: figure, benchmark, MPI library, document, URL
 * @param notes                inferences ([I]) and what was not found ([NF])
 */
public record NetworkEntry(String name, String file, String title, String status, double latencySeconds,
                           double bandwidthBytesPerSecond, long eagerThresholdBytes, List<PingPongPoint> curve,
                           List<String> sources, List<String> notes) {

    public NetworkEntry {
        curve = List.copyOf(curve);
        sources = List.copyOf(sources);
        notes = List.copyOf(notes);
    }

    /** True when the entry has the figures a calibration needs. */
    public boolean usable() {
        return "pair".equals(status) || "curve".equals(status);
    }

    /** The published latency a ping-pong must reproduce: the pair's, or the curve's smallest size's time. */
    public double publishedLatencySeconds() {
        return "curve".equals(status) ? curve.get(0).oneWaySeconds() : latencySeconds;
    }

    /** The published bandwidth a ping-pong must reproduce: the pair's, or the curve's largest size over its time. */
    public double publishedBandwidthBytesPerSecond() {
        if (!"curve".equals(status)) {
            return bandwidthBytesPerSecond;
        }
        PingPongPoint last = curve.get(curve.size() - 1);
        return last.messageSizeBytes() / last.oneWaySeconds();
    }

    /** Largest size the published figures speak for (the curve's last size; 4 MiB for a pair). */
    public long largestSizeBytes() {
        return "curve".equals(status) ? curve.get(curve.size() - 1).messageSizeBytes() : 4L << 20;
    }

    /**
     * The ping-pong trace calibrate fits: the published curve as it is, or, for a pair, the one-protocol model
     * {@code latency + size/bandwidth} sampled at the probe's sizes ({@link SyntheticPingPong}, no noise).
     */
    public PingPongTrace trace() {
        if (!usable()) {
            throw ScalecastException.badInput(file + ": network \"" + name + "\" has no usable published figures (status "
                    + status + "): " + String.join("; ", notes));
        }
        Provenance p = new Provenance().put("kind", "pingpong")
                .put("source", "published figures (platforms/catalogue/" + java.nio.file.Path.of(file).getFileName() + "), not a measurement")
                .put("system", title);
        for (int i = 0; i < sources.size(); i++) {
            p.put("figure." + (i + 1), sources.get(i));
        }
        for (int i = 0; i < notes.size(); i++) {
            p.put("note." + (i + 1), notes.get(i));
        }
        List<PingPongPoint> pts = new ArrayList<>();
        if ("curve".equals(status)) {
            p.put("method", "the published one-way curve, point for point (0 B is sampled as 1 B: the trace schema starts at 1 B)");
            for (PingPongPoint q : curve) {
                pts.add(new PingPongPoint(Math.max(1, q.messageSizeBytes()), q.oneWaySeconds()));
            }
            // a 0 B and a 1 B point collapse to one size: keep the first
            pts = dedupe(pts);
        } else {
            p.put("method", "latency/bandwidth pair only: time = latency + size/bandwidth at powers of two and 1.5x points up to 4 MiB, no noise");
            List<SyntheticPingPong.Piece> one = List.of(new SyntheticPingPong.Piece(0, latencySeconds, bandwidthBytesPerSecond));
            for (long s = 1; s <= largestSizeBytes(); s *= 2) {
                pts.add(new PingPongPoint(s, SyntheticPingPong.time(one, s)));
                if (s >= 2 && 2 * s <= largestSizeBytes()) {
                    pts.add(new PingPongPoint(s + s / 2, SyntheticPingPong.time(one, s + s / 2)));
                }
            }
        }
        return new PingPongTrace(p, pts);
    }

    private static List<PingPongPoint> dedupe(List<PingPongPoint> pts) {
        List<PingPongPoint> out = new ArrayList<>();
        for (PingPongPoint q : pts) {
            if (out.isEmpty() || out.get(out.size() - 1).messageSizeBytes() < q.messageSizeBytes()) {
                out.add(q);
            }
        }
        return out;
    }

    /** One line for provenance: the title and every source. */
    public String describe() {
        return title + " [" + status + "]: " + String.join("; ", sources);
    }

    /** The JSON form of a catalogue file (field names as written in platforms/catalogue). */
    static final class Json {
        String kind;
        String name;
        String title;
        String status;
        Double latency_s;
        Double bandwidth_Bps;
        Long eager_threshold_bytes;
        List<List<Double>> curve;
        List<Map<String, String>> sources;
        List<Map<String, String>> found;
        List<String> notes;

        NetworkEntry toEntry(String file) {
            if (name == null || status == null || title == null) {
                throw ScalecastException.badInput(file + ": a network entry needs name, title and status");
            }
            List<PingPongPoint> pts = new ArrayList<>();
            if (curve != null) {
                for (List<Double> c : curve) {
                    if (c.size() != 2 || !(c.get(1) > 0)) {
                        throw ScalecastException.badInput(file + ": curve points are [size_bytes, one_way_seconds > 0], got " + c);
                    }
                    pts.add(new PingPongPoint(Math.round(c.get(0)), c.get(1)));
                }
            }
            double lat = latency_s == null ? Double.NaN : latency_s;
            double bw = bandwidth_Bps == null ? Double.NaN : bandwidth_Bps;
            check(file, lat, bw, pts);
            List<String> src = new ArrayList<>();
            for (Map<String, String> s : sources == null ? found == null ? List.<Map<String, String>>of() : found : sources) {
                src.add("[" + s.get("tag") + "] " + s.get("figure") + " (" + s.get("benchmark") + "; MPI: " + s.get("mpi") + "; "
                        + s.get("document") + (s.get("url") == null ? "" : ", " + s.get("url")) + ")");
            }
            return new NetworkEntry(name, file, title, status, lat, bw, eager_threshold_bytes == null ? -1 : eager_threshold_bytes, pts,
                    src, notes == null ? List.of() : notes);
        }

        private void check(String file, double lat, double bw, List<PingPongPoint> pts) {
            switch (status) {
                case "pair" -> {
                    if (!(lat > 0) || !(bw > 0) || sources == null || sources.isEmpty()) {
                        throw ScalecastException.badInput(file + ": a pair entry needs latency_s > 0, bandwidth_Bps > 0 and its sources");
                    }
                }
                case "curve" -> {
                    if (pts.size() < 2 || sources == null || sources.isEmpty()) {
                        throw ScalecastException.badInput(file + ": a curve entry needs at least two curve points and its sources");
                    }
                }
                case "incomplete", "not-found" -> {
                    // kept to say what was searched for; refused when used
                }
                default -> throw ScalecastException.badInput(file + ": status \"" + status + "\": expected pair, curve, incomplete or not-found");
            }
        }
    }
}
