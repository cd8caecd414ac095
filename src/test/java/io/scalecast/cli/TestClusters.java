package io.scalecast.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** One-cluster SimGrid platforms for the tests of predict's advice lines: 1 Gf cores, 100 MBps, 10 us, and the given props. */
final class TestClusters {
    private TestClusters() {
    }

    /** Writes {@code file}: a cluster of {@code hosts} hosts of {@code cores} cores whose body is {@code props}. */
    static Path write(Path file, int hosts, int cores, String props) throws IOException {
        Files.writeString(file, """
                <?xml version='1.0'?>
                <!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
                <platform version="4.1">
                  <cluster id="c" prefix="n" suffix="" radical="0-%d" speed="1Gf" core="%d" bw="100MBps" lat="10us">
                    %s
                  </cluster>
                </platform>
                """.formatted(hosts - 1, cores, props));
        return file;
    }
}
