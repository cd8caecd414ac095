package io.scalecast.whatif;

import io.scalecast.platform.PlatformXml;
import io.scalecast.util.AtomicFiles;
import io.scalecast.util.ScalecastException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Edits a SimGrid platform file in memory (DOM) to make a variant of it: another network on the
 * cluster, another node count or node speed, sampled network factors. Only the attributes and
 * {@code <config>}/{@code <prop>} values it is asked to change are touched, so everything else the
 * calibration wrote (provenance properties, sharing policies) carries over unchanged.
 */
public final class PlatformEdit {
    private final Document doc;
    private final Path source;

    private PlatformEdit(Document doc, Path source) {
        this.doc = doc;
        this.source = source;
    }

    public static PlatformEdit read(Path file) {
        return new PlatformEdit(PlatformXml.parse(file), file);
    }

    /** The only {@code <cluster>} of the platform; what-if variants need one (a bad input otherwise). */
    public Element cluster() {
        NodeList l = doc.getElementsByTagName("cluster");
        if (l.getLength() != 1) {
            throw ScalecastException.badInput(source + ": what-if variants need a platform with exactly one <cluster> (found "
                    + l.getLength() + "); calibrated platforms have one");
        }
        return (Element) l.item(0);
    }

    public boolean hasCluster() {
        return doc.getElementsByTagName("cluster").getLength() == 1;
    }

    /** A {@code <config>} value, or null. */
    public String config(String key) {
        for (Element p : configProps()) {
            if (key.equals(p.getAttribute("id"))) {
                return p.getAttribute("value");
            }
        }
        return null;
    }

    /** Sets (or adds) a {@code <config>} value; the block is created before the first zone when missing. */
    public PlatformEdit setConfig(String key, String value) {
        for (Element p : configProps()) {
            if (key.equals(p.getAttribute("id"))) {
                p.setAttribute("value", value);
                return this;
            }
        }
        configElement().appendChild(prop(key, value));
        return this;
    }

    public PlatformEdit removeConfig(String key) {
        for (Element p : configProps()) {
            if (key.equals(p.getAttribute("id"))) {
                p.getParentNode().removeChild(p);
            }
        }
        return this;
    }

    /** Sets (or adds) a {@code <prop>} of the cluster (e.g. {@code mpi.eager-threshold-bytes}). */
    public PlatformEdit setClusterProp(String key, String value) {
        Element c = cluster();
        for (Node n = c.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && "prop".equals(e.getTagName()) && key.equals(e.getAttribute("id"))) {
                e.setAttribute("value", value);
                return this;
            }
        }
        c.appendChild(prop(key, value));
        return this;
    }

    /** Removes every cluster {@code <prop>} whose id starts with {@code prefix}. */
    public PlatformEdit removeClusterProps(String prefix) {
        Element c = cluster();
        List<Node> gone = new ArrayList<>();
        for (Node n = c.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && "prop".equals(e.getTagName()) && e.getAttribute("id").startsWith(prefix)) {
                gone.add(n);
            }
        }
        gone.forEach(c::removeChild);
        return this;
    }

    /** The cluster's {@code <prop>}s whose id starts with {@code prefix}, in document order. */
    public java.util.Map<String, String> clusterProps(String prefix) {
        java.util.Map<String, String> out = new java.util.LinkedHashMap<>();
        for (Node n = cluster().getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && "prop".equals(e.getTagName()) && e.getAttribute("id").startsWith(prefix)) {
                out.put(e.getAttribute("id"), e.getAttribute("value"));
            }
        }
        return out;
    }

    /** A cluster {@code <prop>}, or null. */
    public String clusterProp(String key) {
        Element c = cluster();
        for (Node n = c.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && "prop".equals(e.getTagName()) && key.equals(e.getAttribute("id"))) {
                return e.getAttribute("value");
            }
        }
        return null;
    }

    private Element prop(String key, String value) {
        Element p = doc.createElement("prop");
        p.setAttribute("id", key);
        p.setAttribute("value", value);
        return p;
    }

    public PlatformEdit setClusterAttribute(String name, String value) {
        cluster().setAttribute(name, value);
        return this;
    }

    public String clusterAttribute(String name) {
        return cluster().getAttribute(name);
    }

    /**
     * Every {@code <host>}'s and the cluster's {@code speed} multiplied by {@code factor}, and with them the node kernel
     * model a calibrated platform carries ({@code node.dgemm}: every rate of the grid, its shape kept).
     */
    public PlatformEdit scaleSpeeds(double factor) {
        String grid = hasCluster() ? clusterProp(io.scalecast.calibrate.Calibrator.NODE_DGEMM) : null;
        if (grid != null) {
            io.scalecast.trace.DgemmTrace d = io.scalecast.trace.DgemmTrace.decode(grid, "node.dgemm");
            setClusterProp(io.scalecast.calibrate.Calibrator.NODE_DGEMM, new io.scalecast.trace.DgemmTrace(d.provenance(),
                    d.points().stream().map(q -> q.withRate(q.rateFlopsPerSecond() * factor)).toList()).encode());
        }
        for (String tag : List.of("host", "cluster")) {
            NodeList l = doc.getElementsByTagName(tag);
            for (int i = 0; i < l.getLength(); i++) {
                Element e = (Element) l.item(i);
                if (e.hasAttribute("speed")) {
                    e.setAttribute("speed", num(io.scalecast.util.Units.parseFlops(e.getAttribute("speed").split(",")[0]) * factor) + "f");
                }
            }
        }
        return this;
    }

    /** Adds an XML comment at the top of the platform saying what this variant is. */
    public PlatformEdit comment(String text) {
        doc.getDocumentElement().insertBefore(doc.createComment(" " + text.replace("--", "- -") + " "),
                doc.getDocumentElement().getFirstChild());
        return this;
    }

    /**
     * The platform as text. SimGrid's parser rejects some XML declarations a JAXP transformer
     * writes (e.g. {@code encoding="UTF-8" standalone="no"}), so the prologue is written by hand
     * as calibrate writes it; comments before the root element follow the DOCTYPE.
     */
    public String toXml() {
        try {
            Transformer t = TransformerFactory.newInstance().newTransformer();
            t.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
            StringBuilder b = new StringBuilder("<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n");
            for (Node n = doc.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof org.w3c.dom.Comment c) {
                    b.append("<!--").append(c.getData()).append("-->\n");
                }
            }
            StringWriter w = new StringWriter();
            t.transform(new DOMSource(doc.getDocumentElement()), new StreamResult(w));
            return b.append(w).append('\n').toString();
        } catch (Exception e) {
            throw ScalecastException.failure("cannot write platform XML: " + e.getMessage(), e);
        }
    }

    public void write(Path file) {
        AtomicFiles.writeString(file, toXml());
    }

    private List<Element> configProps() {
        List<Element> out = new ArrayList<>();
        NodeList cfgs = doc.getElementsByTagName("config");
        for (int i = 0; i < cfgs.getLength(); i++) {
            for (Node n = cfgs.item(i).getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element e && "prop".equals(e.getTagName())) {
                    out.add(e);
                }
            }
        }
        return out;
    }

    private Element configElement() {
        NodeList cfgs = doc.getElementsByTagName("config");
        if (cfgs.getLength() > 0) {
            return (Element) cfgs.item(0);
        }
        Element root = doc.getDocumentElement();
        Element cfg = doc.createElement("config");
        Node first = root.getFirstChild();
        while (first != null && !(first instanceof Element)) {
            first = first.getNextSibling();
        }
        root.insertBefore(cfg, first);
        return cfg;
    }

    /** Number for XML attributes: 16 significant digits, plain notation (SimGrid parses it with its units). */
    public static String num(double v) {
        return new java.math.BigDecimal(v, java.math.MathContext.DECIMAL64).stripTrailingZeros().toPlainString();
    }
}
