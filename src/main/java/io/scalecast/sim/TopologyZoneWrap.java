package io.scalecast.sim;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * SimGrid 4.0 segfaults while loading a {@code <cluster topology="FAT_TREE|TORUS|DRAGONFLY">} that stands directly
 * under {@code <platform>} (its netzone has no parent; docs/simgrid-versions.md), and loads the same cluster inside a
 * {@code <zone routing="Full">}. 3.32 loads both, to the same simulated times. This class gives the 4.x back-end the
 * wrapped copy of such a platform; any other platform is returned as it is.
 */
public final class TopologyZoneWrap {
    private TopologyZoneWrap() {
    }

    /** The id of the wrapping zone: not one scalecast or a user's cluster would take. */
    static final String ZONE_ID = "scalecast-topology-root";

    private static final Pattern CLUSTER = Pattern.compile("<cluster\\b[^>]*>");
    private static final Pattern TOPOLOGY = Pattern.compile("\\btopology\\s*=\\s*\"([^\"]*)\"");

    /**
     * The platform text with its one cluster wrapped in a Full zone, or {@code null} when it needs none: the platform
     * declares a zone (its cluster then has a parent), has no cluster or several, or its cluster is FLAT.
     */
    public static String wrapped(String xml) {
        String text = Pattern.compile("(?s)<!--.*?-->").matcher(xml).replaceAll(c -> " ".repeat(c.group().length()));
        if (text.contains("<zone") || text.contains("<AS")) {
            return null;
        }
        Matcher m = CLUSTER.matcher(text);
        if (!m.find()) {
            return null;
        }
        int start = m.start();
        String tag = m.group();
        if (m.find()) {
            return null;
        }
        Matcher t = TOPOLOGY.matcher(tag);
        if (!t.find() || t.group(1).equals("FLAT")) {
            return null;
        }
        int end;
        if (tag.endsWith("/>")) {
            end = start + tag.length();
        } else {
            int close = text.indexOf("</cluster>", start);
            if (close < 0) {
                return null; // malformed: the engine's own parser says where
            }
            end = close + "</cluster>".length();
        }
        return xml.substring(0, start) + "<zone id=\"" + ZONE_ID + "\" routing=\"Full\">" + xml.substring(start, end) + "</zone>"
                + xml.substring(end);
    }

    /** The file to load: {@code platform} itself, or a wrapped copy in {@code dir} (the caller removes it after loading). */
    public static Path loadable(Path platform, Path dir) {
        try {
            String w = wrapped(Files.readString(platform));
            if (w == null) {
                return platform;
            }
            Path copy = Files.createTempFile(dir, "platform-", ".xml");
            Files.writeString(copy, w);
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException(platform + ": " + e.getMessage(), e);
        }
    }
}
