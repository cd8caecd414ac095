/**
 * Calibration: turns network and node measurements (ping-pong, b_eff, swap summaries, dgemm)
 * into a {@link io.scalecast.platform.PlatformModel} and a record of how it was fitted.
 *
 * <p>The core is {@link io.scalecast.calibrate.PiecewiseFitter}: one-way ping-pong time as a
 * piecewise-linear function of size, breakpoints chosen by dynamic programming, number of
 * segments by BIC, residuals relative (sizes span seven decades), each segment refined with
 * Commons Math's {@code LeastSquaresOptimizer} so its latency and bandwidth carry confidence
 * intervals. {@link io.scalecast.calibrate.SmpiTranslation} turns segments into a link latency
 * and bandwidth plus SMPI lat/bw factors that reproduce the fit exactly under SimGrid's SMPI
 * network model. Application results are never inputs here (design.md, validation protocol).
 */
package io.scalecast.calibrate;
