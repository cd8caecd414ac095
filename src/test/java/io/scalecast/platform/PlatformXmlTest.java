package io.scalecast.platform;

import io.scalecast.util.ScalecastException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shared platform parser: no DTD or external entity is ever read; bad files are one-line bad input. */
class PlatformXmlTest {
    @TempDir
    Path tmp;

    private Path write(String name, String text) throws Exception {
        Path p = tmp.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void neitherTheDtdNorExternalEntitiesAreRead() throws Exception {
        Path secret = write("secret.txt", "do not read me");
        // A DTD that does not exist: loading it would fail the parse.
        Path p = write("p.xml", "<?xml version='1.0'?>\n"
                + "<!DOCTYPE platform SYSTEM \"" + tmp.resolve("missing.dtd").toUri() + "\" [\n"
                + "  <!ENTITY leak SYSTEM \"" + secret.toUri() + "\">\n"
                + "]>\n"
                + "<platform version=\"4.1\"><zone id=\"z\" routing=\"Full\"><prop id=\"x\" value=\"a\"/>"
                + "<host id=\"h\" speed=\"1Gf\"/><info>&leak;</info></zone></platform>\n");
        Element root = PlatformXml.parse(p).getDocumentElement();
        assertEquals("platform", root.getTagName());
        assertEquals("", root.getElementsByTagName("info").item(0).getTextContent());
        assertEquals(1, PlatformFile.read(p).hosts().size());
    }

    @Test
    void malformedXmlNamesFileAndLine() throws Exception {
        Path p = write("bad.xml", "<?xml version='1.0'?>\n<platform version=\"4.1\">\n  <host id=\"a\"\n</platform>\n");
        ScalecastException e = assertThrows(ScalecastException.class, () -> PlatformXml.parse(p));
        assertEquals(2, e.exitCode());
        assertTrue(e.getMessage().startsWith(p + ":4: not well-formed XML"), e.getMessage());
    }

    @Test
    void otherRootOrMissingFileIsBadInput() throws Exception {
        Path p = write("other.xml", "<?xml version='1.0'?>\n<html/>\n");
        ScalecastException e = assertThrows(ScalecastException.class, () -> PlatformXml.parse(p));
        assertEquals(2, e.exitCode());
        assertEquals(p + ": expected a SimGrid <platform> document, found <html>", e.getMessage());
        ScalecastException m = assertThrows(ScalecastException.class, () -> PlatformXml.parse(tmp.resolve("none.xml")));
        assertEquals(2, m.exitCode());
        assertTrue(m.getMessage().endsWith("none.xml: platform file not found or not readable"), m.getMessage());
    }
}
