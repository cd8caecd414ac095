package io.scalecast.whatif;

import io.scalecast.cli.Cli;
import io.scalecast.trace.CsvTable;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The buying study of docs/whatif.md at a small size: nodes × node types × network × topology, prices
 * per node type and network on the command line. The CSV must be byte-identical for 1 and 3 jobs
 * (rows in variant order, nodes outermost), and every row carries a cost and a front mark.
 */
class WhatifBuyingStudyTest {
    @TempDir
    Path tmp;

    @Test
    @Tag("slow")
    void nodeTypesNodeCountsAndTopologiesGiveTheSameTableForOneOrThreeJobs() throws Exception {
        String[] common = {"whatif", "--quiet", "--base", "platforms/examples/cluster-4.xml", "--vary", "nodes=4,8",
                "--vary", "node-type=epyc-7551,xeon-8168", "--vary", "network=ib-edr", "--vary", "topology=fat-tree:2:1,fat-tree:2:2",
                "--app", "hpl", "--n", "2000", "--nb", "64", "--price-node", "epyc-7551=9000,xeon-8168=11000",
                "--price-nic", "ib-edr=600", "--price-port", "250", "--power-node", "450"};
        List<String> tables = new ArrayList<>();
        for (String jobs : List.of("1", "3")) {
            Path out = tmp.resolve("j" + jobs + ".csv");
            List<String> args = new ArrayList<>(List.of(common));
            args.addAll(List.of("--jobs", jobs, "--out", out.toString()));
            Cli r = Cli.run(args.toArray(String[]::new));
            assertEquals(0, r.exit, r.toString());
            tables.add(Files.readString(out));
        }
        assertEquals(tables.get(0), tables.get(1), "whatif CSV must not depend on --jobs");
        CsvTable t = CsvTable.read(tmp.resolve("j1.csv"));
        assertEquals(8, t.size());
        int front = 0;
        for (int i = 0; i < t.size(); i++) {
            assertEquals(i < 4 ? 4 : 8, (long) t.number(i, "nodes"), "nodes is the outermost dimension");
            assertTrue(t.number(i, "cost_usd") > 0, t.row(i).toString());
            front += "*".equals(t.get(i, "pareto")) ? 1 : 0;
        }
        assertTrue(front >= 1 && front < t.size(), "the front is some of the rows, not none or all: " + front);
    }
}
