package io.scalecast.app.treecode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The tree-code tests' fixtures for ranks sharing a host: one host of 2 cores at 1 Gf, and fixed cost coefficients. */
final class OneHostPlatform {
    /** A cost model of fixed coefficients (no anchor speed): the platform's core speed runs them. */
    static final CostModel COST = new CostModel(1.2e-8, 1.5e-8, 2.5e-8, 2e-8, 4e-9, 0, "test: fixed coefficients");

    private OneHostPlatform() {
    }

    /** Writes {@code dir/one-host-2-cores.xml}: one host, 2 cores of 1 Gf, its loopback at {@code bw} and {@code lat}. */
    static Path twoCores(Path dir, String bw, String lat) throws IOException {
        return Files.writeString(dir.resolve("one-host-2-cores.xml"), """
                <?xml version='1.0'?>
                <!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
                <platform version="4.1">
                  <cluster id="h" prefix="h-" suffix="" radical="0-0" speed="1Gf" core="2" bw="%s" lat="%s"/>
                </platform>
                """.formatted(bw, lat));
    }
}
