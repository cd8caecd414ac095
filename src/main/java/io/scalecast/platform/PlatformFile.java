package io.scalecast.platform;

import io.scalecast.util.ScalecastException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the parent process needs to know about a SimGrid platform file without starting
 * SimGrid: host names in declaration order (explicit {@code <host>}s and {@code <cluster>}
 * members), zone/cluster properties ({@code <prop>}, where calibration stores {@code mpi.*}
 * values and provenance), and the {@code <config>} block.
 *
 * @param path   the file
 * @param hosts  host names, in document order (cluster members by radical order)
 * @param props  properties of zones and clusters (first definition wins)
 * @param config SimGrid configuration from {@code <config>} (key → value)
 */
public record PlatformFile(Path path, List<String> hosts, Map<String, String> props, Map<String, String> config) {

    public static PlatformFile read(Path path) {
        Element root = PlatformXml.parse(path).getDocumentElement();
        List<String> hosts = new ArrayList<>();
        Map<String, String> props = new LinkedHashMap<>();
        Map<String, String> config = new LinkedHashMap<>();
        walk(root, path, hosts, props, config);
        if (hosts.isEmpty()) {
            throw ScalecastException.badInput(path + ": platform declares no hosts");
        }
        return new PlatformFile(path, List.copyOf(hosts), Map.copyOf(props), Map.copyOf(config));
    }

    /**
     * Speed of the platform's first cluster or host in flop/s (its first power state): the node rate every reader of a
     * platform's compute speed takes (HPL's fallback kernel, a recorded trace's rate, validate's node check, the poll charge).
     */
    public static double hostSpeed(Path platform) {
        return hostSpeed(PlatformXml.parse(platform), platform);
    }

    /** {@link #hostSpeed(Path)} of a document already parsed from {@code platform}. */
    public static double hostSpeed(org.w3c.dom.Document doc, Path platform) {
        Element e = firstNode(doc);
        if (e == null) {
            throw ScalecastException.badInput(platform + ": platform declares no host or cluster");
        }
        String s = e.getAttribute("speed").split(",")[0].strip();
        try {
            double v = io.scalecast.util.Units.parseFlops(s);
            if (v > 0 && !Double.isInfinite(v)) {
                return v;
            }
        } catch (IllegalArgumentException | ScalecastException x) {
            // the one error below names the file and the element
        }
        throw ScalecastException.badInput(platform + ": <" + e.getTagName() + "> speed=\"" + s + "\": expected a positive rate, e.g. 1Gf");
    }

    /** Cores of the platform's first cluster or host ({@code core} attribute, 1 when absent). */
    public static int coresPerHost(Path platform) {
        Element e = firstNode(PlatformXml.parse(platform));
        if (e == null) {
            return 1;
        }
        String c = e.getAttribute("core");
        try {
            return c.isEmpty() ? 1 : Integer.parseInt(c.trim());
        } catch (NumberFormatException x) {
            throw ScalecastException.badInput(platform + ": <" + e.getTagName() + "> core=\"" + c + "\": expected a whole number");
        }
    }

    /** The element that describes a node: the first {@code <cluster>}, else the first {@code <host>}; null when neither. */
    private static Element firstNode(org.w3c.dom.Document doc) {
        for (String tag : List.of("cluster", "host")) {
            org.w3c.dom.NodeList l = doc.getElementsByTagName(tag);
            if (l.getLength() > 0) {
                return (Element) l.item(0);
            }
        }
        return null;
    }

    private static void walk(Element e, Path path, List<String> hosts, Map<String, String> props, Map<String, String> config) {
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (!(n instanceof Element c)) {
                continue;
            }
            switch (c.getTagName()) {
                case "config":
                    for (Node p = c.getFirstChild(); p != null; p = p.getNextSibling()) {
                        if (p instanceof Element pe && "prop".equals(pe.getTagName())) {
                            config.put(pe.getAttribute("id"), pe.getAttribute("value"));
                        }
                    }
                    break;
                case "host":
                    hosts.add(c.getAttribute("id"));
                    break;
                case "cluster":
                    hosts.addAll(clusterHosts(c, path));
                    collectProps(c, props);
                    break;
                case "zone":
                case "AS":
                    collectProps(c, props);
                    walk(c, path, hosts, props, config);
                    break;
                default:
                    break;
            }
        }
    }

    private static void collectProps(Element zone, Map<String, String> props) {
        for (Node p = zone.getFirstChild(); p != null; p = p.getNextSibling()) {
            if (p instanceof Element pe && "prop".equals(pe.getTagName())) {
                props.putIfAbsent(pe.getAttribute("id"), pe.getAttribute("value"));
            }
        }
    }

    /** Expands a cluster's radical ("0-15" or "0-3,8,10-11") into host names prefix+i+suffix. */
    static List<String> clusterHosts(Element c, Path path) {
        String prefix = c.getAttribute("prefix");
        String suffix = c.getAttribute("suffix");
        String radical = c.getAttribute("radical");
        // count first: a radical such as 0-999999999 must be refused before a billion names are built
        PlatformCheck.checkHostCount(radicalCount(radical, path, c.getAttribute("id")), path.toString());
        List<String> out = new ArrayList<>();
        for (String part : radical.split(",")) {
            String t = part.trim();
            try {
                int dash = t.indexOf('-');
                int lo = Integer.parseInt(dash < 0 ? t : t.substring(0, dash).trim());
                int hi = dash < 0 ? lo : Integer.parseInt(t.substring(dash + 1).trim());
                for (int i = lo; i <= hi; i++) {
                    out.add(prefix + i + suffix);
                }
            } catch (NumberFormatException ex) {
                throw ScalecastException.badInput(path + ": cluster " + c.getAttribute("id")
                        + ": radical \"" + radical + "\" is not like 0-15 or 0-3,8");
            }
        }
        return out;
    }

    /** How many hosts a cluster radical ("0-15", "0-3,8,10-11") names; bad input when it is not like those. */
    static long radicalCount(String radical, Path path, String clusterId) {
        long n = 0;
        for (String part : radical.split(",")) {
            String t = part.trim();
            try {
                int dash = t.indexOf('-', 1);
                long lo = Long.parseLong(dash < 0 ? t : t.substring(0, dash).trim());
                long hi = dash < 0 ? lo : Long.parseLong(t.substring(dash + 1).trim());
                if (lo < 0 || hi < lo || hi > Integer.MAX_VALUE - 1) {
                    throw new NumberFormatException();
                }
                n += hi - lo + 1;
            } catch (NumberFormatException ex) {
                throw ScalecastException.badInput(path + ": cluster " + clusterId
                        + ": radical \"" + radical + "\" is not like 0-15 or 0-3,8 (ascending, non-negative)");
            }
        }
        return n;
    }

    /** Properties merged with config so skeletons see {@code mpi.*} keys from either place. */
    public Map<String, String> mpiProperties() {
        Map<String, String> m = new LinkedHashMap<>();
        props.forEach((k, v) -> {
            if (k.startsWith("mpi.")) {
                m.put(k, v);
            }
        });
        return m;
    }
}
