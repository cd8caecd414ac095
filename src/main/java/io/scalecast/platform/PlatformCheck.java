package io.scalecast.platform;

import io.scalecast.util.ScalecastException;
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.Locator;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

import javax.xml.XMLConstants;
import javax.xml.parsers.SAXParser;
import javax.xml.parsers.SAXParserFactory;
import java.io.StringReader;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Checks a SimGrid platform file in the parent before a simulation child starts, so that what
 * SimGrid would abort on (exit 134, often with no message) is reported as bad input naming the
 * file, line and attribute: values with SimGrid's units and signs (speeds and bandwidths
 * positive, latencies not negative), host ids, the number of hosts against this machine's
 * memory, and a route between every two hosts a simulation uses when they sit in a
 * {@code routing="Full"} or {@code "None"} zone (clusters route every pair themselves).
 *
 * <p>Units are SimGrid 3.32's ({@code src/kernel/xml/sg_platf.cpp} unit tables): speeds
 * {@code f} with decimal prefixes, bandwidths {@code Bps}/{@code bps} with decimal or binary
 * prefixes, times {@code s, ms, us, ns, ps, m, h, d, w}; a bare number is in the base unit.
 */
public final class PlatformCheck {
    private static final String NUM = "[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?";
    private static final Pattern SPEED = Pattern.compile(NUM + "([kMGTPEZY]?f)?");
    private static final Pattern BANDWIDTH = Pattern.compile(NUM + "(([kMGTPEZY]i?)?[Bb]ps)?");
    private static final Pattern TIME = Pattern.compile(NUM + "(s|ms|us|ns|ps|m|h|d|w)?");
    private static final Pattern NUMBER = Pattern.compile(NUM);
    /** SimGrid 3.32's zone routings, link sharing policies and cluster topologies (its platform DTD). */
    static final List<String> ROUTINGS = List.of("Full", "Floyd", "Dijkstra", "DijkstraCache", "None", "Vivaldi", "Cluster",
            "ClusterDragonfly", "ClusterFatTree", "ClusterTorus", "Star", "Wifi");
    static final List<String> SHARING = List.of("SHARED", "SPLITDUPLEX", "FATPIPE", "WIFI", "NONLINEAR");
    static final List<String> TOPOLOGIES = List.of("FLAT", "TORUS", "FAT_TREE", "DRAGONFLY");

    /**
     * Memory SimGrid needs per host of a platform, estimated from a measurement: a 100,000-host
     * {@code <cluster>} ping-pong child peaked at 364 MB resident (80 MB for an empty JVM), about
     * 2.9 KB per host; rounded up to 4 KiB. Larger ranks counts add the skeleton's own state.
     */
    public static final long BYTES_PER_HOST = 4096;

    private PlatformCheck() {
    }

    /**
     * Bad input unless {@code hosts} hosts fit this machine's memory (estimate:
     * {@link #BYTES_PER_HOST} each, against the physical memory).
     *
     * @param what what asked for them, e.g. {@code "--nodes 1000000000"} or a platform file
     */
    public static void checkHostCount(long hosts, String what) {
        long need = hosts * BYTES_PER_HOST;
        long have = physicalMemoryBytes();
        if (hosts > Integer.MAX_VALUE / 2 || need > have) {
            throw ScalecastException.badInput(String.format(Locale.ROOT,
                    "%s: %d hosts would need about %s to simulate (SimGrid, ~%d KiB per host), this machine has %s",
                    what, hosts, bytes(need), BYTES_PER_HOST / 1024, bytes(have)));
        }
    }

    static long physicalMemoryBytes() {
        try {
            var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            return os.getTotalMemorySize();
        } catch (ClassCastException | UnsupportedOperationException e) {
            return Runtime.getRuntime().maxMemory() * 4;
        }
    }

    private static String bytes(double b) {
        String[] u = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        int i = 0;
        while (b >= 1024 && i < u.length - 1) {
            b /= 1024;
            i++;
        }
        return String.format(Locale.ROOT, "%.1f %s", b, u[i]);
    }

    /**
     * Checks {@code path} for a simulation on {@code used} (host names; null or empty: no route
     * check). Throws bad input naming {@code path:line} on the first problem.
     */
    public static void check(Path path, Collection<String> used) {
        Handler h = new Handler(path);
        try {
            SAXParserFactory f = SAXParserFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            SAXParser p = f.newSAXParser();
            p.getXMLReader().setEntityResolver((publicId, systemId) -> new InputSource(new StringReader("")));
            p.parse(path.toFile(), h);
        } catch (ScalecastException e) {
            throw e;
        } catch (SAXParseException e) {
            throw ScalecastException.badInput(path.toString(), e.getLineNumber(), "not well-formed XML: " + e.getMessage());
        } catch (Exception e) {
            throw ScalecastException.badInput(path + ": cannot read platform XML: " + e.getMessage());
        }
        checkHostCount(h.hostCount, path.toString());
        if (used != null && !used.isEmpty()) {
            h.checkRoutes(new LinkedHashSet<>(used));
        }
    }

    /** One zone's routing as far as the check needs it. */
    private static final class Zone {
        final String id;
        final String routing;
        final int line;
        final Set<String> hosts = new HashSet<>();
        final Set<String> routes = new HashSet<>();

        Zone(String id, String routing, int line) {
            this.id = id;
            this.routing = routing;
            this.line = line;
        }
    }

    private static final class Handler extends DefaultHandler {
        private final Path path;
        private Locator locator;
        long hostCount;
        private final Set<String> ids = new HashSet<>();
        private final Deque<Zone> zones = new ArrayDeque<>();
        private final Map<String, Zone> zoneOfHost = new HashMap<>();
        private final List<Zone> all = new java.util.ArrayList<>();

        Handler(Path path) {
            this.path = path;
        }

        @Override
        public void setDocumentLocator(Locator l) {
            this.locator = l;
        }

        private int line() {
            return locator == null ? 0 : locator.getLineNumber();
        }

        private ScalecastException bad(String msg) {
            return ScalecastException.badInput(path.toString(), line(), msg);
        }

        @Override
        public void startElement(String uri, String local, String qName, Attributes a) {
            switch (qName) {
                case "platform" -> {
                    String v = a.getValue("version");
                    if (v != null && !(v.trim().equals("4") || v.trim().equals("4.0") || v.trim().equals("4.1"))) {
                        throw bad("<platform version=\"" + v + "\">: expected version 4.1 (SimGrid 3.32 reads 4 to 4.1)");
                    }
                }
                case "zone", "AS" -> {
                    oneOf(a, "routing", ROUTINGS, "<" + qName + " id=\"" + a.getValue("id") + "\">");
                    Zone z = new Zone(a.getValue("id"), a.getValue("routing"), line());
                    zones.push(z);
                    all.add(z);
                }
                case "host" -> host(a);
                case "cluster" -> cluster(a);
                case "link", "backbone" -> {
                    String what = "<" + qName + " id=\"" + a.getValue("id") + "\">";
                    oneOf(a, "sharing_policy", SHARING, what);
                    positive(a, "bandwidth", BANDWIDTH, what, "a bandwidth like 125MBps or 1Gbps", true);
                    time(a, "latency", what, false);
                }
                case "config" -> inConfig = true;
                case "prop" -> {
                    if (inConfig) {
                        config(a.getValue("id"), a.getValue("value"));
                    }
                }
                case "route" -> {
                    if (!zones.isEmpty()) {
                        String src = a.getValue("src");
                        String dst = a.getValue("dst");
                        zones.peek().routes.add(src + "\u0000" + dst);
                        if (!"NO".equalsIgnoreCase(a.getValue("symmetrical"))) {
                            zones.peek().routes.add(dst + "\u0000" + src);
                        }
                    }
                }
                default -> {
                    // other elements: SimGrid checks them
                }
            }
        }

        /** A {@code <host>}: a unique id, SimGrid's speed and core count. */
        private void host(Attributes a) {
            String id = a.getValue("id");
            if (id == null || id.isBlank()) {
                throw bad("<host> without an id");
            }
            if (!ids.add(id)) {
                throw bad("host id \"" + id + "\" declared twice");
            }
            speed(a, "speed", "<host id=\"" + id + "\">");
            cores(a, "<host id=\"" + id + "\">");
            hostCount++;
            if (!zones.isEmpty()) {
                zones.peek().hosts.add(id);
                zoneOfHost.put(id, zones.peek());
            }
        }

        /** A flat {@code <cluster>}: policies, speeds, links and the radical's host count. */
        private void cluster(Attributes a) {
            String what = "<cluster id=\"" + a.getValue("id") + "\">";
            oneOf(a, "sharing_policy", SHARING, what);
            oneOf(a, "bb_sharing_policy", SHARING, what);
            oneOf(a, "topology", TOPOLOGIES, what);
            if (a.getValue("topology") != null && !"FLAT".equals(a.getValue("topology"))) {
                return;   // torus, fat tree and dragonfly describe their size in topo_parameters: SimGrid checks those
            }
            speed(a, "speed", what);
            cores(a, what);
            positive(a, "bw", BANDWIDTH, what, "a bandwidth like 125MBps or 1Gbps", true);
            time(a, "lat", what, true);
            positive(a, "bb_bw", BANDWIDTH, what, "a bandwidth like 125MBps or 1Gbps", false);
            time(a, "bb_lat", what, false);
            positive(a, "loopback_bw", BANDWIDTH, what, "a bandwidth like 125MBps or 1Gbps", false);
            time(a, "loopback_lat", what, false);
            positive(a, "limiter_link", BANDWIDTH, what, "a bandwidth like 125MBps or 1Gbps", false);
            String radical = a.getValue("radical");
            if (radical == null) {
                throw bad(what + ": missing radical (e.g. radical=\"0-15\")");
            }
            hostCount += PlatformFile.radicalCount(radical, path, a.getValue("id"));
        }

        private boolean inConfig;

        /** The {@code <config>} values SimGrid aborts on without a word; other keys are SimGrid's to check. */
        private void config(String id, String value) {
            String what = "<config> <prop id=\"" + id + "\">";
            if (id == null || !id.matches("[A-Za-z0-9_./-]+")) {
                throw bad(what + ": expected a SimGrid configuration key such as network/model");
            }
            String v = value == null ? "" : value.trim();
            switch (id) {
                case "network/model" -> configOneOf(what, v, List.of("LV08", "Constant", "SMPI", "IB", "CM02", "ns-3"));
                case "cpu/model" -> configOneOf(what, v, List.of("Cas01", "ptask_L07"));
                case "host/model" -> configOneOf(what, v, List.of("default", "compound", "ptask_L07"));
                case "network/crosstraffic", "smpi/display-timing" ->
                        configOneOf(what, v, List.of("0", "1", "yes", "no", "on", "off", "true", "false"));
                case "network/TCP-gamma", "network/latency-factor", "network/bandwidth-factor", "network/weight-S",
                     "network/loopback-lat", "network/loopback-bw", "maxmin/precision", "surf/precision", "smpi/host-speed-factor" -> {
                    if (!NUMBER.matcher(v).matches() || Double.isInfinite(Double.parseDouble(v)) || Double.parseDouble(v) < 0) {
                        throw bad(what + ": value=\"" + value + "\": expected a number >= 0");
                    }
                }
                case "smpi/lat-factor", "smpi/bw-factor", "smpi/os", "smpi/or", "smpi/ois" -> {
                    for (String seg : v.split(";")) {
                        String[] f = seg.split(":");
                        boolean ok = f.length >= 2;
                        for (String x : f) {
                            ok &= NUMBER.matcher(x.trim()).matches() && !Double.isInfinite(Double.parseDouble(x.trim()));
                        }
                        if (!ok) {
                            throw bad(what + ": value=\"" + value + "\": expected size:factor pairs like 0:1;65536:1.5");
                        }
                    }
                }
                default -> {
                    // SimGrid checks the key (the child reports an unknown one with this file's name)
                }
            }
        }

        private void configOneOf(String what, String v, List<String> allowed) {
            if (!allowed.contains(v)) {
                throw bad(what + ": value=\"" + v + "\": expected one of " + String.join(", ", allowed));
            }
        }

        @Override
        public void endElement(String uri, String local, String qName) {
            if ("config".equals(qName)) {
                inConfig = false;
            }
            if (("zone".equals(qName) || "AS".equals(qName)) && !zones.isEmpty()) {
                zones.pop();
            }
        }

        private void oneOf(Attributes a, String attr, List<String> allowed, String what) {
            String v = a.getValue(attr);
            if (v != null && !allowed.contains(v)) {
                throw bad(what + ": " + attr + "=\"" + v + "\": expected one of " + String.join(", ", allowed));
            }
        }

        private void speed(Attributes a, String attr, String what) {
            String v = a.getValue(attr);
            if (v == null) {
                throw bad(what + ": missing " + attr + " (e.g. " + attr + "=\"1Gf\")");
            }
            for (String pstate : v.split(",")) {
                check(pstate.trim(), attr, SPEED, what, "a speed like 1Gf or 500Mf", true);
            }
        }

        private void cores(Attributes a, String what) {
            String v = a.getValue("core");
            if (v != null && !v.trim().matches("[1-9]\\d{0,6}")) {
                throw bad(what + ": core=\"" + v + "\": expected a whole number of cores, at least 1");
            }
        }

        private void time(Attributes a, String attr, String what, boolean required) {
            String v = a.getValue(attr);
            if (v == null) {
                if (required) {
                    throw bad(what + ": missing " + attr + " (e.g. " + attr + "=\"20us\")");
                }
                return;
            }
            if (!TIME.matcher(v.trim()).matches()) {
                throw bad(what + ": " + attr + "=\"" + v + "\": expected a time like 20us, 1.5ms or 0s (units s, ms, us, ns, ps)");
            }
            if (v.trim().startsWith("-")) {
                throw bad(what + ": " + attr + "=\"" + v + "\": a latency cannot be negative");
            }
            java.util.regex.Matcher m = NUMBER.matcher(v.trim());
            if (m.lookingAt() && Double.isInfinite(Double.parseDouble(m.group()))) {
                throw bad(what + ": " + attr + "=\"" + v + "\": the number is too large");
            }
        }

        private void positive(Attributes a, String attr, Pattern unit, String what, String expected, boolean required) {
            String v = a.getValue(attr);
            if (v == null) {
                if (required) {
                    throw bad(what + ": missing " + attr);
                }
                return;
            }
            check(v.trim(), attr, unit, what, expected, true);
        }

        private void check(String v, String attr, Pattern unit, String what, String expected, boolean positive) {
            if (!unit.matcher(v).matches()) {
                throw bad(what + ": " + attr + "=\"" + v + "\": expected " + expected);
            }
            java.util.regex.Matcher m = NUMBER.matcher(v);
            if (m.lookingAt() && Double.isInfinite(Double.parseDouble(m.group()))) {
                throw bad(what + ": " + attr + "=\"" + v + "\": the number is too large");
            }
            if (m.lookingAt() && positive && !(Double.parseDouble(m.group()) > 0)) {
                throw bad(what + ": " + attr + "=\"" + v + "\": must be positive");
            }
        }

        /** Every two distinct used hosts of one Full/None zone need a route there. */
        void checkRoutes(Set<String> used) {
            List<String> u = List.copyOf(used);
            for (int i = 0; i < u.size(); i++) {
                for (int j = i + 1; j < u.size(); j++) {
                    String a = u.get(i);
                    String b = u.get(j);
                    Zone za = zoneOfHost.get(a);
                    if (za == null || a.equals(b) || za != zoneOfHost.get(b)) {
                        continue;
                    }
                    String r = za.routing == null ? "" : za.routing;
                    if ("None".equals(r) || ("Full".equals(r) && !(za.routes.contains(a + "\u0000" + b) && za.routes.contains(b + "\u0000" + a)))) {
                        throw ScalecastException.badInput(path.toString(), za.line, "zone \"" + za.id + "\" (routing=\""
                                + r + "\") has no <route> between hosts \"" + a + "\" and \"" + b
                                + "\", which the simulation uses; add <route src=\"" + a + "\" dst=\"" + b + "\"> with its links");
                    }
                }
            }
        }
    }
}
