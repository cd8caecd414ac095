package io.scalecast.report;

import io.scalecast.util.AtomicFiles;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.nio.file.Path;
import java.util.List;

/**
 * PNG plots drawn with JFreeChart, headless. Curves with intervals get a shaded band
 * (DeviationRenderer); measurements are markers without lines; vertical markers show
 * breakpoints (protocol switches found by calibration).
 */
public final class Plots {
    private static final Color[] PALETTE = {
            new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e),
            new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf)};
    private static final int WIDTH = 800;
    private static final int HEIGHT = 500;

    private Plots() {
    }

    /**
     * An x–y plot.
     *
     * @param breakpoints x positions of vertical markers (empty for none)
     */
    public static void xy(Path png, String title, String xLabel, String yLabel, List<Series> series,
                          boolean logX, boolean logY, List<Double> breakpoints) {
        XYPlot plot = new XYPlot();
        plot.setDomainAxis(axis(xLabel, logX));
        plot.setRangeAxis(axis(yLabel, logY));
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        // Later series (measurements) on top of earlier ones (predictions and their bands).
        plot.setDatasetRenderingOrder(org.jfree.chart.plot.DatasetRenderingOrder.FORWARD);
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            Color c = PALETTE[i % PALETTE.length];
            if (s.hasInterval()) {
                YIntervalSeries ys = new YIntervalSeries(s.name());
                for (int k = 0; k < s.x().length; k++) {
                    if (usable(s.x()[k], logX) && usable(s.y()[k], logY)) {
                        ys.add(s.x()[k], s.y()[k], s.low()[k], s.high()[k]);
                    }
                }
                YIntervalSeriesCollection ds = new YIntervalSeriesCollection();
                ds.addSeries(ys);
                DeviationRenderer r = new DeviationRenderer(true, true);
                r.setSeriesPaint(0, c);
                r.setSeriesFillPaint(0, c);
                r.setAlpha(0.2f);
                r.setSeriesStroke(0, new BasicStroke(2f));
                plot.setDataset(i, ds);
                plot.setRenderer(i, r);
            } else {
                XYSeries xs = new XYSeries(s.name(), false, true);
                for (int k = 0; k < s.x().length; k++) {
                    if (usable(s.x()[k], logX) && usable(s.y()[k], logY)) {
                        xs.add(s.x()[k], s.y()[k]);
                    }
                }
                XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(s.line(), true);
                r.setSeriesPaint(0, c);
                r.setSeriesStroke(0, new BasicStroke(s.line() ? 2f : 1f));
                plot.setDataset(i, new XYSeriesCollection(xs));
                plot.setRenderer(i, r);
            }
        }
        for (double b : breakpoints) {
            ValueMarker m = new ValueMarker(b, Color.GRAY, new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER,
                    10f, new float[]{4f, 4f}, 0f));
            plot.addDomainMarker(m);
        }
        save(png, new JFreeChart(title, new Font("SansSerif", Font.BOLD, 14), plot, true));
    }

    /** Signed relative error per point as bars, with the tolerance as dashed lines at ±tolerance. */
    public static void errors(Path png, String title, List<String> points, List<Double> signedRelErrors, double tolerance) {
        DefaultCategoryDataset ds = new DefaultCategoryDataset();
        for (int i = 0; i < points.size(); i++) {
            double e = signedRelErrors.get(i);
            ds.addValue(Double.isNaN(e) ? null : 100 * e, "signed error", points.get(i));
        }
        CategoryAxis x = new CategoryAxis("point");
        x.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        NumberAxis y = new NumberAxis("signed relative error (%)");
        BarRenderer r = new BarRenderer();
        r.setSeriesPaint(0, PALETTE[0]);
        r.setShadowVisible(false);
        r.setBarPainter(new org.jfree.chart.renderer.category.StandardBarPainter());
        CategoryPlot plot = new CategoryPlot(ds, x, y, r);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        BasicStroke dashed = new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[]{6f, 4f}, 0f);
        plot.addRangeMarker(new ValueMarker(100 * tolerance, PALETTE[1], dashed));
        plot.addRangeMarker(new ValueMarker(-100 * tolerance, PALETTE[1], dashed));
        plot.addRangeMarker(new ValueMarker(0, Color.BLACK, new BasicStroke(1f)));
        double maxAbs = Math.max(100 * tolerance, signedRelErrors.stream().filter(d -> !d.isNaN())
                .mapToDouble(d -> Math.abs(100 * d)).max().orElse(0));
        y.setRange(-1.15 * maxAbs - 1e-9, 1.15 * maxAbs + 1e-9);
        save(png, new JFreeChart(title, new Font("SansSerif", Font.BOLD, 14), plot, false));
    }

    private static boolean usable(double v, boolean log) {
        return Double.isFinite(v) && (!log || v > 0);
    }

    private static ValueAxis axis(String label, boolean log) {
        if (log) {
            LogAxis a = new LogAxis(label);
            a.setBase(10);
            a.setSmallestValue(1e-12);
            a.setTickUnit(new org.jfree.chart.axis.NumberTickUnit(1.0));
            a.setNumberFormatOverride(new java.text.DecimalFormat("0.##E0", java.text.DecimalFormatSymbols.getInstance(java.util.Locale.ROOT)));
            return a;
        }
        NumberAxis a = new NumberAxis(label);
        a.setAutoRangeIncludesZero(false);
        return a;
    }

    private static void save(Path png, JFreeChart chart) {
        chart.setBackgroundPaint(Color.WHITE);
        chart.setAntiAlias(true);
        AtomicFiles.writeFile(png, tmp -> ChartUtils.saveChartAsPNG(tmp.toFile(), chart, WIDTH, HEIGHT));
    }
}
