package io.scalecast.calibrate;

import io.scalecast.util.SizeSteps;
import io.scalecast.util.Stats;
import java.util.List;

/**
 * Result of {@link PiecewiseFitter#fit}: the chosen segments and the evidence for them.
 *
 * @param points              the data fitted (sorted by size)
 * @param segments            chosen segments, by increasing size
 * @param bicBySegmentCount   BIC of the best k-segment model, index k−1 (NaN where k was not feasible)
 * @param relativeResiduals   (measured − fitted)/measured per point
 * @param noiseFloorRelative  relative noise below which differences are not believed (BIC floor)
 */
public record PiecewiseFit(List<PingPongPoint> points, List<Segment> segments, double[] bicBySegmentCount,
                           double[] relativeResiduals, double noiseFloorRelative) {

    /** The segment that applies to {@code sizeBytes}: a size equal to a segment's last size stays in it. */
    public Segment segmentFor(long sizeBytes) {
        return SizeSteps.applying(segments, Segment::aboveBytes, sizeBytes);
    }

    public double predictSeconds(long sizeBytes) {
        return segmentFor(sizeBytes).predictSeconds(sizeBytes);
    }

    public double medianAbsRelativeError() {
        return Stats.median(Stats.absAll(relativeResiduals));
    }

    public double maxAbsRelativeError() {
        return Stats.maxAbs(relativeResiduals);
    }
}
