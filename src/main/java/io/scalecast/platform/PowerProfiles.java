package io.scalecast.platform;

import io.scalecast.util.ScalecastException;
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.Locator;
import org.xml.sax.helpers.DefaultHandler;

import javax.xml.XMLConstants;
import javax.xml.parsers.SAXParserFactory;
import java.io.StringReader;
import java.nio.file.Path;

/**
 * Hosts' power profiles for SimGrid's host energy plugin, in the plugin's own form (SimGrid 3.32's
 * {@code src/plugins/host_energy.cpp}; 4.x reads the same): a {@code <host>} or {@code <cluster>} property
 * {@code wattage_per_state} = {@code "IDLE:ALLCORES"} or {@code "IDLE:EPSILON:ALLCORES"} watts, one group per pstate
 * (comma-separated). A cluster's properties go to each of its hosts. Malformed values make SimGrid abort with a
 * backtrace, so they are refused here as bad input naming {@code file:line}.
 */
public final class PowerProfiles {
    /** SimGrid's host property for a host's power profile. */
    public static final String WATTAGE = "wattage_per_state";

    private PowerProfiles() {
    }

    /** The two-value form for a host drawing {@code idle} W with nothing to do and {@code busy} W with every core computing. */
    public static String of(double idle, double busy) {
        return num(idle) + ":" + num(busy);
    }

    private static String num(double w) {
        return w == Math.rint(w) && Math.abs(w) < 1e15 ? Long.toString((long) w) : Double.toString(w);
    }

    /** Whether {@code platform} gives any host or cluster a power profile; bad input ({@code file:line}) on a malformed one. */
    public static boolean declared(Path platform) {
        Handler h = new Handler(platform);
        try {
            SAXParserFactory f = SAXParserFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            var p = f.newSAXParser();
            p.getXMLReader().setEntityResolver((publicId, systemId) -> new InputSource(new StringReader("")));
            p.parse(platform.toFile(), h);
        } catch (ScalecastException e) {
            throw e;
        } catch (Exception e) {
            throw ScalecastException.badInput(platform + ": cannot read platform XML: " + e.getMessage());
        }
        return h.any;
    }

    /** What is wrong with {@code value} for an owner of {@code pstates} pstates, or null when it is well-formed. */
    static String problem(String value, int pstates) {
        String[] groups = value.split(",", -1);
        if (groups.length != pstates) {
            return "expected one IDLE:BUSY group per pstate (" + pstates + ")";
        }
        for (String g : groups) {
            String[] w = g.trim().split(":", -1);
            if (w.length != 2 && w.length != 3) {
                return "expected IDLE:ALLCORES or IDLE:EPSILON:ALLCORES watts, e.g. 120:450";
            }
            double[] v = new double[w.length];
            for (int i = 0; i < w.length; i++) {
                try {
                    v[i] = Double.parseDouble(w[i].trim());
                } catch (NumberFormatException e) {
                    v[i] = Double.NaN;
                }
                if (!(v[i] >= 0) || Double.isInfinite(v[i])) {
                    return "expected non-negative numbers of watts, e.g. 120:450";
                }
            }
            if (v[0] > v[w.length - 1]) {
                return "idle power above the all-cores power";
            }
        }
        return null;
    }

    private static final class Handler extends DefaultHandler {
        private final Path path;
        private Locator locator;
        private String owner = "platform";
        private int pstates = 1;
        boolean any;

        Handler(Path path) {
            this.path = path;
        }

        @Override
        public void setDocumentLocator(Locator l) {
            this.locator = l;
        }

        @Override
        public void startElement(String uri, String local, String qName, Attributes a) {
            if ("host".equals(qName) || "cluster".equals(qName) || "zone".equals(qName) || "AS".equals(qName)) {
                owner = "<" + qName + " id=\"" + a.getValue("id") + "\">";
                String speed = a.getValue("speed");
                pstates = speed == null || speed.isBlank() ? 1 : speed.split(",").length;
            } else if ("prop".equals(qName) && WATTAGE.equals(a.getValue("id"))) {
                String value = a.getValue("value") == null ? "" : a.getValue("value");
                String m = problem(value, pstates);
                if (m != null) {
                    throw ScalecastException.badInput(path.toString(), locator == null ? 0 : locator.getLineNumber(),
                            owner + " property " + WATTAGE + "=\"" + value + "\": " + m);
                }
                any = true;
            }
        }
    }
}
