package io.scalecast.app.hpl;

import io.scalecast.platform.PlatformFile;
import io.scalecast.platform.PlatformXml;
import io.scalecast.util.ScalecastException;
import io.scalecast.util.Units;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import java.nio.file.Path;
import java.util.Locale;

/**
 * The few platform figures HPL prediction needs outside the simulation: the host speed (the
 * compute fallback when no dgemm trace is given) and, for the analytic model only, one
 * point-to-point latency and bandwidth. From the first {@code <cluster>} (latency
 * 2·lat + bb_lat, bandwidth min(bw, bb_bw), as a message crosses two node links and the
 * backbone), else from the {@code <host>}s and {@code <link>}s (slowest link, largest latency).
 *
 * @param hostSpeedFlopsPerSecond speed of the first host (first power state)
 * @param latencySeconds          one-way latency between two nodes (analytic model's α)
 * @param bandwidthBytesPerSecond point-to-point bandwidth (analytic model's 1/β per byte)
 */
public record PlatformFigures(double hostSpeedFlopsPerSecond, double latencySeconds, double bandwidthBytesPerSecond) {

    public static PlatformFigures read(Path file) {
        Document doc = PlatformXml.parse(file);
        NodeList clusters = doc.getElementsByTagName("cluster");
        if (clusters.getLength() > 0) {
            Element c = (Element) clusters.item(0);
            double speed = PlatformFile.hostSpeed(doc, file);
            double lat = seconds(c.getAttribute("lat"), file);
            double bw = Units.parseRate(c.getAttribute("bw"));
            double bbLat = c.hasAttribute("bb_lat") ? seconds(c.getAttribute("bb_lat"), file) : 0;
            double bbBw = c.hasAttribute("bb_bw") ? Units.parseRate(c.getAttribute("bb_bw")) : bw;
            return new PlatformFigures(speed, 2 * lat + bbLat, Math.min(bw, bbBw));
        }
        NodeList hosts = doc.getElementsByTagName("host");
        if (hosts.getLength() == 0) {
            throw ScalecastException.badInput(file + ": platform declares no host or cluster");
        }
        double speed = PlatformFile.hostSpeed(doc, file);
        NodeList links = doc.getElementsByTagName("link");
        double lat = 0;
        double bw = Double.POSITIVE_INFINITY;
        for (int i = 0; i < links.getLength(); i++) {
            Element l = (Element) links.item(i);
            lat = Math.max(lat, l.hasAttribute("latency") ? seconds(l.getAttribute("latency"), file) : 0);
            bw = Math.min(bw, Units.parseRate(l.getAttribute("bandwidth")));
        }
        if (Double.isInfinite(bw)) {
            bw = 1e12; // no links: one host, shared memory only
        }
        return new PlatformFigures(speed, lat, bw);
    }

    /** SimGrid time like "20us", "1.5ms", "0.001s", "5e-5" → seconds. */
    static double seconds(String s, Path file) {
        String t = s.trim().toLowerCase(Locale.ROOT);
        double scale = 1;
        String[][] units = {{"ns", "1e-9"}, {"us", "1e-6"}, {"ms", "1e-3"}, {"s", "1"}};
        for (String[] u : units) {
            if (t.endsWith(u[0])) {
                scale = Double.parseDouble(u[1]);
                t = t.substring(0, t.length() - u[0].length());
                break;
            }
        }
        try {
            return Double.parseDouble(t) * scale;
        } catch (NumberFormatException e) {
            throw ScalecastException.badInput(file + ": cannot read latency \"" + s + "\": expected e.g. 20us");
        }
    }
}
