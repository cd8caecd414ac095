package io.scalecast.platform;

import io.scalecast.util.ScalecastException;
import org.w3c.dom.Document;
import org.xml.sax.InputSource;
import org.xml.sax.SAXParseException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The one way scalecast parses a SimGrid platform file into a DOM. The parser is locked down:
 * the DTD that every platform names ({@code https://simgrid.org/simgrid.dtd}) is never fetched
 * (no network access, and a machine without network still reads platforms), external entities
 * resolve to nothing, and JAXP's secure processing limits are on. Every failure is bad input:
 * one line naming the file (and the line, for XML that is not well-formed).
 */
public final class PlatformXml {
    private PlatformXml() {
    }

    /** Parses {@code path} and checks that its root element is {@code <platform>}. */
    public static Document parse(Path path) {
        if (!Files.isReadable(path)) {
            throw ScalecastException.badInput(path + ": platform file not found or not readable");
        }
        Document doc;
        try {
            doc = builder().parse(path.toFile());
        } catch (SAXParseException e) {
            throw ScalecastException.badInput(path.toString(), e.getLineNumber(), "not well-formed XML: " + e.getMessage());
        } catch (Exception e) {
            throw ScalecastException.badInput(path + ": cannot read platform XML: " + e.getMessage());
        }
        String root = doc.getDocumentElement().getTagName();
        if (!"platform".equals(root)) {
            throw ScalecastException.badInput(path + ": expected a SimGrid <platform> document, found <" + root + ">");
        }
        return doc;
    }

    private static DocumentBuilder builder() throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        DocumentBuilder b = f.newDocumentBuilder();
        b.setEntityResolver((publicId, systemId) -> new InputSource(new StringReader("")));
        b.setErrorHandler(null);
        return b;
    }
}
