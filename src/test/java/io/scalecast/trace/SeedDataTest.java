package io.scalecast.trace;

import io.scalecast.util.Home;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The published figures transcribed from the seed documents: each file reads through its typed
 * reader, names its source, and (where the seed documents are present on this machine) every
 * transcribed number is found, as printed, in the seed document it cites.
 */
class SeedDataTest {
    private static final Path SEEDS = Path.of("/work/shared/seeds");

    private static Path repo(String p) {
        return Home.dir().resolve(p);
    }

    private static String seed(String name) throws Exception {
        Path p = SEEDS.resolve(name);
        assumeTrue(Files.isReadable(p), "seed document " + p + " is not on this machine; transcription not re-checked");
        return Files.readString(p).replaceAll("\\s+", " ");
    }

    private static String f(double v, double scale, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", v * scale);
    }

    @Test
    void spp2000SwapSummaryHasEveryVariantAndCitesItsSource() {
        SwapSummaryTrace t = SwapSummaryTrace.read(repo("traces/seeds/spp2000-swap-summary.csv"));
        assertEquals(24, t.rows().size());
        assertEquals(Set.of("simple", "isend", "irecv", "isend-irecv", "rsend", "irsend", "sendrecv"),
                new HashSet<>(t.rows().stream().map(SwapSummary::variant).toList()));
        assertTrue(t.provenance().get("source").startsWith("published: 003_18457b66e7e44a4b.txt"));
        SwapSummary simple1 = t.rows().stream().filter(r -> r.variant().equals("simple") && r.iterations() == 1).findFirst().orElseThrow();
        assertEquals(322.24e6, simple1.bandwidthBytesPerSecond(), 1e-3);
        assertEquals(75.51e-6, simple1.latencySeconds(), 1e-15);
        assertEquals(0.675, simple1.modelError(), 1e-12);
    }

    @Test
    void spp2000NumbersAppearInTheSeed() throws Exception {
        String doc = seed("003_18457b66e7e44a4b.txt");
        for (SwapSummary r : SwapSummaryTrace.read(repo("traces/seeds/spp2000-swap-summary.csv")).rows()) {
            String row = r.iterations() + " iter." + (r.overlap() ? " w/overlap" : "") + " " + f(r.bandwidthBytesPerSecond(), 1e-6, 2)
                    + " " + f(r.latencySeconds(), 1e6, 2) + " " + f(r.modelError(), 100, 1) + "%";
            assertTrue(doc.contains(row), "not in the seed: " + row);
        }
    }

    @Test
    void beffTablesReadAndAppearInTheSeed() throws Exception {
        BeffSummaryTrace t3e = BeffSummaryTrace.read(repo("traces/seeds/beff-t3e.csv"));
        BeffSummaryTrace sx4 = BeffSummaryTrace.read(repo("traces/seeds/beff-sx4.csv"));
        assertEquals(25, t3e.rows().size());
        assertEquals(List.of(8, 16), sx4.rows().stream().map(BeffSummary::procs).toList());
        assertTrue(t3e.provenance().get("source").startsWith("published: 001_3df2c592b2c6b614.txt"));
        String doc = seed("001_3df2c592b2c6b614.txt");
        for (BeffSummaryTrace t : List.of(t3e, sx4)) {
            for (BeffSummary r : t.rows()) {
                String vals = f(r.beffBytesPerSecond(), 1e-6, 3) + " " + f(r.bisectionBytesPerSecond(), 1e-6, 3) + " "
                        + f(r.bisectionAllBytesPerSecond(), 1e-6, 3) + " " + r.run();
                assertTrue(doc.contains(r.procs() + " " + vals) || doc.contains("\" " + vals), "not in the seed: " + r);
            }
        }
    }

    @Test
    void hplGbeMaximaReadAsAppRuns() throws Exception {
        AppRunTrace t = AppRunTrace.read(repo("validation/seeds/hpl-gbe/measured.csv"));
        assertEquals(8, t.runs().size());
        for (AppRun r : t.runs()) {
            assertEquals(8, r.ranks());
            assertEquals("2", r.parameter("p"));
            assertEquals("4", r.parameter("q"));
            assertTrue(Double.isNaN(r.timeSeconds()), "the page publishes no times");
            assertEquals("Gflops", r.rateUnit());
        }
        for (int i = 1; i <= 8; i++) {
            assertTrue(t.provenance().get("value_" + i) != null, "a provenance line per value: value_" + i);
        }
        String doc = seed("002_01f7db89de2df5df.txt");
        for (AppRun r : t.runs()) {
            String rate = Double.toString(r.rate()).replaceAll("\\.?0+$", "");
            String quoted = r.parameter("nic") + " " + r.parameter("mpi").replaceAll("-.*", "") + ": " + rate + "Gflops";
            assertTrue(doc.contains(quoted), "not in the seed: " + quoted);
        }
    }

    @Test
    void pkdgravClaimsQuoteTheirSentences() throws Exception {
        CsvTable t = CsvTable.read(repo("validation/seeds/pkdgrav/claims.csv"));
        assertEquals("claims", t.provenance().get("kind"));
        assertTrue(t.size() >= 10);
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < t.size(); i++) {
            assertTrue(ids.add(t.get(i, "claim_id")), "unique claim ids");
            assertFalse(t.get(i, "quote").isBlank());
            assertFalse(t.get(i, "relation").isBlank());
            if (!t.get(i, "value").isEmpty()) {
                assertTrue(t.number(i, "value") > 0);
            }
        }
        String doc = seed("000_b08192278baae9d6.txt");
        for (int i = 0; i < t.size(); i++) {
            String q = t.get(i, "quote");
            assertTrue(doc.contains(q), "quote not in the seed: " + q);
            String v = t.get(i, "value");
            if (!v.isEmpty() && t.get(i, "unit").equals("fraction")) {
                String pct = Long.toString(Math.round(Double.parseDouble(v) * 100));
                assertTrue(q.contains(pct + "%") || q.contains(pct + "-"), "value " + v + " is stated in its quote: " + q);
            }
        }
    }
}
