package io.scalecast.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** predict's binding line: only with more ranks per host than cores, saying whether they are bound. */
class BindingLineTest {
    @TempDir
    Path tmp;

    private static String binding(String how) {
        return how.isEmpty() ? "" : "<prop id=\"mpi.binding\" value=\"" + how + "\"/>";
    }

    private Path platform(String how) throws Exception {
        return TestClusters.write(tmp.resolve("p-" + how + ".xml"), 1, 2, binding(how));
    }

    private Path oneCore() throws Exception {
        return TestClusters.write(tmp.resolve("one.xml"), 1, 1, binding("core"));
    }

    @Test
    void saysWhetherExtraRanksAreBound() throws Exception {
        assertNull(BindingLine.of(platform("core"), 2), "every rank has a core: nothing to say");
        assertEquals("binding: 3 ranks per host on 2 core(s), bound as the launch binds them (mpi.binding = core in the platform):"
                + " a host's i-th rank on core i mod 2", BindingLine.of(platform("core"), 3));
        assertNull(BindingLine.of(oneCore(), 4), "one core: bound or not, the same");
        assertTrue(BindingLine.of(platform(""), 4).startsWith("binding: 4 ranks per host share its 2 core(s) fluidly (mpi.binding = none"));
    }
}
