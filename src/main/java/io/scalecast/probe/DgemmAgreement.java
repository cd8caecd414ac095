package io.scalecast.probe;

import io.scalecast.trace.DgemmPoint;
import io.scalecast.trace.DgemmTrace;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;

/**
 * Whether a suite's two dgemm steps saw one node. {@code measure suite} takes the n×n×k shapes ({@code dgemm.csv}, what
 * calibration reads: the platform's node rate) and, a minute later, a square dgemm ({@code dgemm-square.csv}, what
 * {@code measure recheck} and validate's node check compare against). At one order, every rank loaded, the two kernels
 * run within a few per cent of each other on a node that held (rank-80 update against square at n = 1024: −2.6 % and
 * −3.8 % in the quiet suites here). Further apart, the node moved while the suite ran: the platform's rate stands on
 * one state of it and the recheck's reference on another, so a recheck that holds says nothing about the platform.
 *
 * @param n      the order compared (the common order nearest 1024)
 * @param shapes the shapes trace's rate at n, largest k, every rank loaded (median over its launches), flop/s per rank
 * @param square the square trace's rate at n, every rank loaded (median over its launches)
 */
public record DgemmAgreement(int n, double shapes, double square) {

    /** Beyond this the two steps disagree: the node check's limit (a node that moved). */
    public static final double LIMIT = 0.10;

    public double shift() {
        return shapes / square - 1;
    }

    public boolean disagree() {
        return Math.abs(shift()) > LIMIT;
    }

    /** The two steps of the suite in {@code dir} at their common order nearest 1024; null when it lacks one of them. */
    public static DgemmAgreement of(Path dir) {
        Path shapesFile = dir.resolve("dgemm.csv");
        Path squareFile = dir.resolve(MeasureSuite.SQUARE_DGEMM);
        if (!Files.isRegularFile(shapesFile) || !Files.isRegularFile(squareFile)) {
            return null;
        }
        DgemmTrace shapes = DgemmTrace.read(shapesFile);
        DgemmTrace square = DgemmTrace.read(squareFile);
        int load = Math.min(shapes.maxLoad(), square.maxLoad());
        Integer n = square.loaded(load).stream().map(DgemmPoint::n).distinct()
                .filter(o -> shapes.loaded(load).stream().anyMatch(p -> p.n() == o))
                .min(Comparator.comparingInt((Integer o) -> Math.abs(o - NodeRecheck.ORDER)).thenComparing(o -> o)).orElse(null);
        if (n == null) {
            return null;
        }
        return new DgemmAgreement(n, DgemmTrace.select(shapes, n, load).rateFlopsPerSecond(),
                DgemmTrace.select(square, n, load).rateFlopsPerSecond());
    }

    /** One line saying what disagrees and what to do. */
    public String line(Path dir) {
        return String.format(Locale.ROOT, "%s: the suite's two dgemm steps disagree at n=%d, every rank loaded: %.3f Gflop/s per"
                + " rank in dgemm.csv (the platform's node rate) against %.3f in %s (%+.0f %%): the node moved while the suite"
                + " ran; measure the suite again when the machine is quiet", dir, n, shapes / 1e9, square / 1e9,
                MeasureSuite.SQUARE_DGEMM, 100 * shift());
    }
}
