package io.scalecast.app.bench;

import io.scalecast.trace.CsvTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The simulated all-to-all against its wire arithmetic: 4 nodes with 100 MB/s full-duplex links
 * send 1 MiB to each other one. On a non-blocking switch a node's link carries 3 MiB each way; on
 * two groups of 2 joined through one spine (FAT_TREE 2;2,2;1,1;1,1, a 2:1 oversubscribed switch)
 * each uplink carries 4 MiB each way, so the exchange takes 4/3 as long.
 */
class AlltoallSimulationTest {
    static final List<String> CM02 = List.of("network/model:CM02", "network/crosstraffic:0");

    @TempDir
    Path tmp;

    private Path cluster(String name, String topology) throws Exception {
        Path p = tmp.resolve(name + ".xml");
        Files.writeString(p, """
                <?xml version='1.0'?>
                <!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
                <platform version="4.1">
                  <cluster id="c" prefix="n" suffix="" radical="0-3" speed="1Gf" bw="100MBps" lat="1us"
                           sharing_policy="SPLITDUPLEX" bb_bw="10GBps" bb_lat="0us" bb_sharing_policy="FATPIPE" %s/>
                </platform>
                """.formatted(topology));
        return p;
    }

    private double time(Path plat, long bytes) {
        CsvTable t = AlltoallSimulation.run(plat, new AlltoallSimulation.Options(4, List.of(bytes), 1, 1, List.of(), CM02)).summary();
        assertEquals(1, t.size());
        assertEquals(bytes, (long) t.number(0, "bytes_per_pair"));
        return t.number(0, "time_s");
    }

    @Test
    void theOversubscribedUplinkMakesTheLargeExchangeFourThirdsAsLong() throws Exception {
        long mib = 1L << 20;
        double flat = time(cluster("flat", ""), mib);
        double tree = time(cluster("tree", "topology=\"FAT_TREE\" topo_parameters=\"2;2,2;1,1;1,1\""), mib);
        double wire = 3.0 * mib / 100e6;
        assertTrue(Math.abs(flat - wire) / wire < 0.10, "flat switch: " + flat + " s, wire time of 3 MiB " + wire + " s");
        double ratio = tree / flat;
        assertTrue(ratio > 1.25 && ratio < 1.42, "2:1 uplink against flat switch: " + ratio + " (expected about 4/3)");
    }
}
