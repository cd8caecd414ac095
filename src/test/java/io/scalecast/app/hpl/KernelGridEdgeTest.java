package io.scalecast.app.hpl;

import io.scalecast.trace.CsvTable;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A configuration whose first trailing update lies past the measured dgemm grid is said so (the kernel model holds
 * the edge rate there, which nothing measured); one inside the grid, and a constant model, say nothing.
 */
class KernelGridEdgeTest {
    private static final String SHAPES = """
            # kind: dgemm
            n,k,rate_flops_per_s,ranks_loaded
            256,32,4e9,1
            256,128,5e9,1
            1024,32,4.5e9,1
            1024,128,6e9,1
            """;

    private static HplConfig hpl(int n, int nb, int p, int q) {
        return new HplConfig(n, nb, true, p, q, 1, 4, 2, 1, 1, 1, 2, 64);
    }

    private static KernelModel shapes() {
        return KernelModel.fromDgemm(CsvTable.parse(SHAPES, "grid.csv"), 1);
    }

    @Test
    void insideTheGridNoWarning() {
        assertEquals(Optional.empty(), shapes().beyondGrid(hpl(2000, 128, 2, 2)), "s = sqrt(1000 x 1000), inside 1024");
    }

    @Test
    void pastTheLargestSizeIsNamedWithWhatToMeasure() {
        KernelModel km = shapes();
        assertEquals(Optional.empty(), km.beyondGrid(hpl(1000, 128, 1, 1)));
        String w = km.beyondGrid(hpl(3000, 128, 1, 2)).orElseThrow();
        assertTrue(w.contains("N=3000 NB=128 1x2"), w);
        assertTrue(w.contains("3000 x 1500 x 128"), w);
        assertTrue(w.contains("s 256..1024, k 32..128"), w);
        assertTrue(w.contains("--sizes up to 2122"), w);
        assertTrue(!w.contains("--k up to"), w);
    }

    @Test
    void pastTheLargestKIsNamed() {
        String w = shapes().beyondGrid(hpl(1000, 160, 1, 1)).orElseThrow();
        assertTrue(w.contains("--k up to 160"), w);
        assertTrue(!w.contains("--sizes"), w);
    }

    @Test
    void constantModelHasNoGrid() {
        assertEquals(Optional.empty(), KernelModel.constant(1e9).beyondGrid(hpl(100000, 256, 1, 1)));
    }
}
