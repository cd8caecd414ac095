package io.scalecast.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** predict's binding line: only with more ranks per host than cores, saying whether they are bound. */
class BindingLineTest {
    @TempDir
    Path tmp;

    private Path platform(String binding) throws Exception {
        Path p = tmp.resolve("p-" + binding + ".xml");
        Files.writeString(p, """
                <?xml version='1.0'?>
                <!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
                <platform version="4.1">
                  <cluster id="c" prefix="n" suffix="" radical="0-0" speed="1Gf" core="2" bw="100MBps" lat="10us">
                    %s
                  </cluster>
                </platform>
                """.formatted(binding.isEmpty() ? "" : "<prop id=\"mpi.binding\" value=\"" + binding + "\"/>"));
        return p;
    }

    private Path oneCore() throws Exception {
        Path p = tmp.resolve("one.xml");
        Files.writeString(p, Files.readString(platform("core")).replace("core=\"2\"", "core=\"1\""));
        return p;
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
