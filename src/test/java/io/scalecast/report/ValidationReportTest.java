package io.scalecast.report;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The scaling plot's x axis: the case's column unless it is constant while another key column varies. */
class ValidationReportTest {
    @Test
    void anHplCaseIsPlottedOverNNotOverItsConstantQ() {
        List<String> key = List.of("n", "nb", "p", "q");
        List<Map<String, String>> pts = List.of(Map.of("n", "1000", "nb", "80", "p", "1", "q", "2"),
                Map.of("n", "2000", "nb", "80", "p", "1", "q", "2"));
        assertEquals("n", ValidationReport.scalingAxis("q", key, pts));
        List<Map<String, String>> nb = List.of(Map.of("n", "20000", "nb", "120", "p", "2", "q", "4"),
                Map.of("n", "20000", "nb", "240", "p", "2", "q", "4"));
        assertEquals("nb", ValidationReport.scalingAxis("q", key, nb));
    }

    @Test
    void aVaryingOrOnlyColumnIsKept() {
        List<Map<String, String>> sizes = List.of(Map.of("size_bytes", "1"), Map.of("size_bytes", "2"));
        assertEquals("size_bytes", ValidationReport.scalingAxis("size_bytes", List.of("size_bytes"), sizes));
        List<Map<String, String>> one = List.of(Map.of("procs", "2"));
        assertEquals("procs", ValidationReport.scalingAxis("procs", List.of("procs"), one));
        List<Map<String, String>> grid = List.of(Map.of("n", "1000", "q", "2"), Map.of("n", "1000", "q", "4"));
        assertEquals("q", ValidationReport.scalingAxis("q", List.of("n", "q"), grid));
    }
}
