package io.scalecast.sim;

import io.scalecast.app.bench.AlltoallSimulation;
import io.scalecast.trace.CsvTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The 4.x back-end's copy of a platform whose topology cluster has no parent zone (SimGrid 4.0 crashes on it). */
class TopologyZoneWrapTest {
    @TempDir
    Path tmp;

    private static String platform(String cluster) {
        return """
                <?xml version='1.0'?>
                <!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
                <!-- a <cluster topology="TORUS"> in a comment is not a cluster -->
                <platform version="4.1">
                  <config><prop id="network/crosstraffic" value="0"/></config>
                  %s
                </platform>
                """.formatted(cluster);
    }

    private static final String TREE = "<cluster id=\"c\" prefix=\"n\" suffix=\"\" radical=\"0-3\" speed=\"1Gf\" bw=\"100MBps\" lat=\"1us\""
            + " sharing_policy=\"SPLITDUPLEX\" bb_bw=\"10GBps\" bb_lat=\"0us\" topology=\"FAT_TREE\" topo_parameters=\"2;2,2;1,1;1,1\"/>";

    @Test
    void aTopLevelTopologyClusterIsWrappedAndNothingElseMoves() {
        String xml = platform(TREE);
        String w = TopologyZoneWrap.wrapped(xml);
        assertEquals(xml.replace(TREE, "<zone id=\"" + TopologyZoneWrap.ZONE_ID + "\" routing=\"Full\">" + TREE + "</zone>"), w);
        String withProps = TREE.replace("/>", "><prop id=\"mpi.eager-threshold-bytes\" value=\"65536\"/></cluster>");
        assertEquals(platform("<zone id=\"" + TopologyZoneWrap.ZONE_ID + "\" routing=\"Full\">" + withProps + "</zone>"),
                TopologyZoneWrap.wrapped(platform(withProps)));
    }

    @Test
    void flatClustersZonesAndSeveralClustersAreLeftAlone() {
        assertNull(TopologyZoneWrap.wrapped(platform(TREE.replace(" topology=\"FAT_TREE\" topo_parameters=\"2;2,2;1,1;1,1\"", ""))));
        assertNull(TopologyZoneWrap.wrapped(platform(TREE.replace("FAT_TREE\" topo_parameters=\"2;2,2;1,1;1,1", "FLAT"))));
        assertNull(TopologyZoneWrap.wrapped(platform("<zone id=\"w\" routing=\"Full\">" + TREE + "</zone>")));
        assertNull(TopologyZoneWrap.wrapped(platform(TREE + TREE.replace("id=\"c\"", "id=\"d\""))));
    }

    @Test
    void theWrappedCopySimulatesTheSameTimesAsTheOriginal() throws Exception {
        // on 3.32 both load: the wrapping zone must change no simulated time; on 4.x only the copy loads at all
        for (String topo : List.of("topology=\"FAT_TREE\" topo_parameters=\"2;2,2;1,1;1,1\"", "topology=\"TORUS\" topo_parameters=\"2,2\"")) {
            Path original = tmp.resolve("original.xml");
            Files.writeString(original, platform(TREE.replace("topology=\"FAT_TREE\" topo_parameters=\"2;2,2;1,1;1,1\"", topo)));
            Path copy = TopologyZoneWrap.loadable(original, tmp);
            assertTrue(!copy.equals(original) && Files.readString(copy).contains(TopologyZoneWrap.ZONE_ID), topo);
            double a = time(original);
            double b = time(copy);
            assertEquals(a, b, 0.0, topo + ": original " + a + " s, wrapped " + b + " s");
            // 3 MiB per rank leave through 100 MB/s links: at least one wire time of 1 MiB, whatever the links per node
            assertTrue(a > (1 << 20) / 100e6, topo + ": " + a + " s");
        }
    }

    private static double time(Path plat) {
        CsvTable t = AlltoallSimulation.run(plat, new AlltoallSimulation.Options(4, List.of(1L << 20), 1, 1, List.of(),
                List.of("network/model:CM02", "network/crosstraffic:0"))).summary();
        return t.number(0, "time_s");
    }
}
