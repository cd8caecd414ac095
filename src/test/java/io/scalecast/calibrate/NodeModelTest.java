package io.scalecast.calibrate;

import io.scalecast.trace.DgemmPoint;
import io.scalecast.trace.DgemmTrace;
import io.scalecast.trace.Provenance;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The node model does not follow a disturbed dgemm measurement, and says so. */
class NodeModelTest {
    private static final int[] ORDERS = {256, 512, 1024, 2048, 3072};
    private static final int[] KS = {1, 8, 32, 80};

    /** A smooth shape grid: rate rises with k and with n up to 1024, then falls a little (reference BLAS leaves cache). */
    private static double truth(int n, int k, int load) {
        double r = 6.0e9 * (1 - 0.25 / Math.sqrt(k)) * (n <= 1024 ? 1 : 1 - 0.05 * Math.log((double) n / 1024));
        return load == 1 ? r * 1.05 : r;
    }

    private static List<DgemmPoint> grid(int run, double noise, Random rnd) {
        List<DgemmPoint> pts = new ArrayList<>();
        for (int load : new int[]{1, 2}) {
            for (int n : ORDERS) {
                for (int k : KS) {
                    double r = truth(n, k, load) * (1 + noise * rnd.nextGaussian());
                    pts.add(new DgemmPoint(n, r, load, 10, Double.NaN, Double.NaN, k, run));
                }
            }
        }
        return pts;
    }

    private static DgemmTrace trace(List<DgemmPoint> pts) {
        return new DgemmTrace(new Provenance().put("source", "test"), pts);
    }

    @Test
    void aBadGridPointIsReportedAndTheNodeRateDoesNotFollowIt() {
        List<DgemmPoint> pts = new ArrayList<>(grid(0, 0.01, new Random(1)));
        DgemmTrace clean = trace(pts);
        // the largest order and k, loaded: the point the old calibration took as the node speed, read in a slow moment
        pts.replaceAll(p -> p.n() == 3072 && p.k() == 80 && p.ranksLoaded() == 2 ? p.withRate(2.68e9) : p);
        NodeModel bad = NodeModel.of(trace(pts), "d.csv", 0, 0);
        NodeModel good = NodeModel.of(clean, "d.csv", 0, 0);
        assertEquals(1, bad.rejected().size(), bad.rejected().toString());
        assertTrue(bad.rejected().get(0).contains("n=3072 k=80 ranks_loaded=2: 2.680 Gflop/s"), bad.rejected().get(0));
        assertEquals(good.speedFlopsPerSecond(), bad.speedFlopsPerSecond(), 0.03 * good.speedFlopsPerSecond());
        assertTrue(bad.speedFlopsPerSecond() > 5e9, "speed " + bad.speedFlopsPerSecond());
        double replaced = bad.cleaned().points().stream().filter(p -> p.n() == 3072 && p.k() == 80 && p.ranksLoaded() == 2)
                .findFirst().orElseThrow().rateFlopsPerSecond();
        assertEquals(truth(3072, 80, 2), replaced, 0.08 * truth(3072, 80, 2));
        assertTrue(good.rejected().isEmpty(), good.rejected().toString());
        assertTrue(bad.warnings().stream().anyMatch(w -> w.contains("one run")), bad.warnings().toString());
    }

    @Test
    void aRealCliffIsNotTakenForADisturbance() {
        // n = 3072, k = 1 really is 20 % below its neighbours in every run: not an outlier
        List<DgemmPoint> pts = new ArrayList<>(grid(0, 0.0, new Random(2)));
        pts.replaceAll(p -> p.n() == 3072 && p.k() == 1 ? p.withRate(p.rateFlopsPerSecond() * 0.8) : p);
        assertTrue(NodeModel.of(trace(pts), "d.csv", 0, 0).rejected().isEmpty());
    }

    @Test
    void aDisturbedRunIsRejectedAndTheOthersDecide() {
        Random rnd = new Random(3);
        List<DgemmPoint> pts = new ArrayList<>();
        for (int run = 1; run <= 5; run++) {
            List<DgemmPoint> g = grid(run, 0.01, rnd);
            if (run == 3) {
                g.replaceAll(p -> p.withRate(p.rateFlopsPerSecond() * 0.55));
            }
            pts.addAll(g);
        }
        NodeModel m = NodeModel.of(trace(pts), "d.csv", 0, 0);
        assertEquals(5, m.runs());
        assertEquals(2 * ORDERS.length * KS.length, m.rejected().size());
        assertTrue(m.rejected().stream().allMatch(r -> r.contains(" run 3:")), m.rejected().get(0));
        double plateauTruth = median(List.of(truth(1024, 80, 2), truth(2048, 80, 2), truth(3072, 80, 2)));
        assertEquals(plateauTruth, m.speedFlopsPerSecond(), 0.02 * plateauTruth);
        assertTrue(m.runSpread() < NodeModel.NOISY_SPREAD, "one stray run does not make the set noisy: " + m.runSpread());
        assertFalse(m.warnings().stream().anyMatch(w -> w.contains("moved")), m.warnings().toString());
    }

    @Test
    void runsThatDisagreeGiveAWarning() {
        Random rnd = new Random(4);
        List<DgemmPoint> pts = new ArrayList<>();
        double[] level = {1.0, 0.8, 1.2};
        for (int run = 1; run <= 3; run++) {
            double f = level[run - 1];
            pts.addAll(grid(run, 0.005, rnd).stream().map(p -> p.withRate(p.rateFlopsPerSecond() * f)).toList());
        }
        NodeModel m = NodeModel.of(trace(pts), "d.csv", 0, 0);
        assertTrue(m.runSpread() > 0.3, "spread " + m.runSpread());
        assertTrue(m.warnings().stream().anyMatch(w -> w.contains("moved") && w.contains("3 runs")), m.warnings().toString());
    }

    @Test
    void loadedFasterThanAloneIsFlagged() {
        List<DgemmPoint> pts = new ArrayList<>(grid(0, 0.0, new Random(5)));
        pts.replaceAll(p -> p.ranksLoaded() == 1 ? p.withRate(p.rateFlopsPerSecond() * 0.6) : p);
        NodeModel m = NodeModel.of(trace(pts), "d.csv", 0, 0);
        assertTrue(m.warnings().stream().anyMatch(w -> w.contains("faster than one alone")), m.warnings().toString());
    }

    @Test
    void theEncodedGridRoundTrips() {
        DgemmTrace t = NodeModel.of(trace(grid(0, 0.01, new Random(6))), "d.csv", 0, 0).cleaned();
        DgemmTrace back = DgemmTrace.decode(t.encode(), "p.xml node.dgemm");
        assertEquals(t.points().size(), back.points().size());
        for (int i = 0; i < t.points().size(); i++) {
            assertEquals(t.points().get(i).rateFlopsPerSecond(), back.points().get(i).rateFlopsPerSecond());
            assertEquals(t.points().get(i).k(), back.points().get(i).k());
        }
    }

    private static double median(List<Double> v) {
        return io.scalecast.util.Stats.median(v);
    }
}
