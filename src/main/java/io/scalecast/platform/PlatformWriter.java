package io.scalecast.platform;

import io.scalecast.util.AtomicFiles;

import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Path;
import java.util.Map;

/**
 * Writes a {@link PlatformModel} as a SimGrid 4.1 platform file: a {@code <config>} block
 * (network model SMPI with the calibrated factors, before the first zone as SimGrid requires),
 * then one {@code <cluster>} carrying the {@code mpi.*} and provenance properties. The output is
 * a pure function of the model (no dates), so the same calibration gives the same bytes.
 */
public final class PlatformWriter {
    private PlatformWriter() {
    }

    public static void write(PlatformModel m, Path file) {
        AtomicFiles.writeString(file, toXml(m));
    }

    public static String toXml(PlatformModel m) {
        ClusterSpec c = m.cluster();
        StringBuilder b = new StringBuilder();
        b.append("<?xml version='1.0'?>\n");
        b.append("<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n");
        if (m.comment() != null && !m.comment().isBlank()) {
            b.append("<!-- ").append(m.comment()).append(" -->\n");
        }
        b.append("<platform version=\"4.1\">\n");
        b.append("  <config>\n");
        b.append(prop("network/model", "SMPI"));
        b.append(prop("smpi/lat-factor", m.factors().smpiLatencyFactor()));
        b.append(prop("smpi/bw-factor", m.factors().smpiBandwidthFactor()));
        for (Map.Entry<String, String> e : m.config().entrySet()) {
            b.append(prop(e.getKey(), e.getValue()));
        }
        b.append("  </config>\n");
        b.append("  <cluster id=\"").append(attr(c.id())).append("\" prefix=\"").append(attr(c.hostPrefix()))
                .append("\" suffix=\"\" radical=\"0-").append(c.nodes() - 1).append("\"")
                .append(" speed=\"").append(num(c.speedFlopsPerSecond())).append("f\"")
                .append(" core=\"").append(c.coresPerNode()).append("\"")
                .append(" bw=\"").append(num(c.linkBandwidthBytesPerSecond())).append("Bps\"")
                .append(" lat=\"").append(num(c.linkLatencySeconds())).append("s\"")
                .append(" sharing_policy=\"").append(c.linkSharing()).append("\"")
                .append(" bb_bw=\"").append(num(c.backboneBandwidthBytesPerSecond())).append("Bps\"")
                .append(" bb_lat=\"").append(num(c.backboneLatencySeconds())).append("s\"")
                .append(" bb_sharing_policy=\"").append(c.backboneSharing()).append("\"");
        if (c.hasLoopback()) {
            b.append(" loopback_bw=\"").append(num(c.loopbackBandwidthBytesPerSecond())).append("Bps\"")
                    .append(" loopback_lat=\"").append(num(c.loopbackLatencySeconds())).append("s\"");
        }
        b.append(">\n");
        for (Map.Entry<String, String> e : m.props().entrySet()) {
            b.append("  ").append(prop(e.getKey(), e.getValue()));
        }
        b.append("  </cluster>\n");
        b.append("</platform>\n");
        return b.toString();
    }

    private static String prop(String id, String value) {
        return "    <prop id=\"" + attr(id) + "\" value=\"" + attr(value) + "\"/>\n";
    }

    static String attr(String s) {
        return s.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;").replace(">", "&gt;");
    }

    /** A number with 10 significant digits, no trailing zeros, readable by SimGrid's strtod. */
    public static String num(double v) {
        if (v == 0) {
            return "0";
        }
        return new BigDecimal(v).round(new MathContext(10)).stripTrailingZeros().toString();
    }
}
